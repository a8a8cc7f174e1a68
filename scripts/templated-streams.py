#!/usr/bin/env python3
"""Writes answers made of one sentence template filled with different items, as a streams.jsonl with nothing to drop.

    python3 scripts/templated-streams.py SEED COUNT OUT.jsonl
    ./deja eval --data OUT.jsonl            # keep_preserved: how many template instances the filter keeps

Each answer is an introduction and three to six distinct instances of one of ten templates ("Plant {veg} seedlings
outdoors in {when}{month}.", "Water the {plant} every {d} days in summer.", "In the morning, walk to the {place} and
then have lunch near the {place2}.", ...), joined by spaces (prose) or, for templates that open with a label, by line
breaks, and cut into chunks of 3-12 characters. Every unit is a keep unit: instances of a template that differ in a
name, number, date or item are no repeats (issue 16). The templates and word lists are test data written for this
check, not fitted on and not used by the filter. Deterministic for a seed (docs/STREAMING.md quotes seeds 7 and 8,
300 answers each).
"""
import json, random, sys
seed=int(sys.argv[1]); n=int(sys.argv[2]); r=random.Random(seed)
V=dict(
 veg=['tomato','pepper','courgette','cucumber','bean','squash','lettuce','basil','kale','leek'],
 month=['March','April','May','June','July','September'], when=['early','mid-','late'],
 name=['Ben','Maya','Tom','Priya','Lena','Omar','Sofia','Jack'],
 act=['football','swimming','piano','ballet','chess club','judo','guitar','tennis','drama','coding club'],
 day=['Monday','Tuesday','Wednesday','Thursday','Friday','Saturday'],
 ing=['flour','sugar','butter','milk','oats','rice','lentils','cocoa','yoghurt','honey'],
 unit=['grams','cups','tablespoons','ml'],
 place=['cathedral','old town','harbour','castle','market','botanical garden','museum','riverside park'],
 city=['Porto','Lyon','Bruges','Seville','Krakow','Ghent'],
 product=['Dyson V8','Shark Stratos','Bosch Unlimited','Miele Triflex','Vax Blade'],
 feat=['a 40-minute battery','a washable filter','a LED floor head','a two-year warranty','a 0.7-litre bin'],
 plant=['fern','cactus','orchid','monstera','peace lily','snake plant','basil','fiddle-leaf fig'],
 room=['kitchen','bathroom','bedroom','hallway','living room','study'],
 colour=['white','grey','sage green','navy','terracotta','cream'],
)
T=[
 ("Here's when to plant each crop outside.", "{When} {month}: plant {veg} seedlings outdoors.", ['when','month','veg']),
 ("Here's when to plant each crop outside.", "Plant {veg} seedlings outdoors in {when}{month}.",
  ['veg','when','month']),
 ("This week's activities are below.", "On {day}, {name} has {act} at {h}:{m}.", ['day','name','act']),
 ("This week's activities are below.", "{name} goes to {act} on {day} after school.", ['name','act','day']),
 ("The batter needs a few more things.", "Add {q} {unit} of {ing} and stir well.", ['q','unit','ing']),
 ("A two-day plan for {city} could look like this.",
  "In the morning, walk to the {place} and then have lunch near the {place2}.", ['place','place2']),
 ("Here are the cordless vacuums worth a look.", "The {product} costs £{p} and comes with {feat}.",
  ['product','p','feat']),
 ("Each plant needs a different watering rhythm.", "Water the {plant} every {d} days in summer.", ['plant','d']),
 ("Each room gets its own colour.", "Paint the {room} walls {colour} with a matt finish.", ['room','colour']),
 ("Here's who does what this weekend.", "{name} is driving to {city} on {day} morning.", ['name','city','day']),
]
def fill(tpl, used):
    while True:
        vals=dict(
          When=r.choice(['Early','Mid','Late']), when=r.choice(['early ','mid-','late ']), month=r.choice(V['month']),
          veg=r.choice(V['veg']), day=r.choice(V['day']), name=r.choice(V['name']), act=r.choice(V['act']),
          h=r.choice(['9','10','15','16','17']), m=r.choice(['00','15','30','45']),
          q=r.choice(['50','100','200','2','3']),
          unit=r.choice(V['unit']), ing=r.choice(V['ing']), place=r.choice(V['place']), place2=r.choice(V['place']),
          product=r.choice(V['product']), p=str(r.randint(150,450)), feat=r.choice(V['feat']),
          plant=r.choice(V['plant']),
          d=str(r.randint(2,14)), room=r.choice(V['room']), colour=r.choice(V['colour']), city=r.choice(V['city']))
        vals['When']=vals['when'].strip().rstrip('-').capitalize() if r.random()<0.5 else vals['When']
        s=tpl.format(**vals)
        if s not in used and vals['place']!=vals['place2']:
            used.add(s); return s
out=open(sys.argv[3],'w')
for i in range(n):
    intro,tpl,_=r.choice(T); used=set()
    intro=intro.format(city=r.choice(V['city']))
    k=r.randint(3,6)
    units=[intro]+[fill(tpl,used) for _ in range(k)]
    label=tpl.split(' ')[0].endswith(':') or tpl.startswith('{When}')
    text=('\n'.join(units) if label else ' '.join(units))
    # chunk randomly
    chunks=[]; j=0
    while j<len(text):
        s=r.randint(3,12); chunks.append(text[j:j+s]); j+=s
    out.write(json.dumps({'id':'tmpl-%d-%d'%(seed,i),'chunks':chunks,'keep':units,'drop':[],'drop_of':[],
                          'note':'templated prose, nothing repeats'})+'\n')
