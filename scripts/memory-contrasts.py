#!/usr/bin/env python3
"""Writes memory-fact pairs made from templates by one controlled change each, as a pairs.jsonl, to measure what the
memory preset does per kind of change on text nobody fitted on.

    python3 scripts/memory-contrasts.py SEED COUNT OUT.jsonl
    ./deja eval --preset memory --data OUT.jsonl --json      # by_note: precision and misses per kind of change

Each of COUNT base facts fills one of twelve templates ("I have {n} {pets}.", "My {rel} lives in {city}.", "{Name}
owes me {amount}.", "I'm flying to {city} on {date}.", ...) and is paired twice: once with the same fact said
another way (label 1: a number in words, a contraction, "User" for "I", another date format, UK/US spelling, the
words in another order, a filler opening) and once with another fact made by changing one thing (label 0: another
number, city, person, currency, item of the same kind, the opposite direction or role, a negation, the past tense,
another day or time). The note names the change ("same: number in words", "different: other city"). The templates and word
lists are test data written for this check, not fitted on and not used by Deja. Deterministic for a seed
(docs/EVALUATION.md quotes seeds 7 and 8, 300 facts each).
"""
import calendar, json, random, sys

seed, count, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
r = random.Random(seed)

WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve']
PETS = ['cats', 'dogs', 'rabbits', 'guinea pigs', 'hamsters', 'chickens', 'tortoises', 'budgies']
RELS = ['sister', 'brother', 'mother', 'father', 'aunt', 'uncle', 'daughter', 'son', 'cousin', 'grandmother']
CITIES = ['Leeds', 'Lisbon', 'Utrecht', 'Denver', 'Lyon', 'Krakow', 'Bristol', 'Valencia', 'Glasgow', 'Porto']
FOODS = ['peanuts', 'walnuts', 'shellfish', 'eggs', 'sesame', 'almonds', 'soy', 'mustard', 'celery', 'kiwi']
JOBS = ['nurse', 'pharmacist', 'teacher', 'architect', 'accountant', 'electrician', 'paramedic', 'librarian']
COMPANIES = ['Siemens', 'the council', 'Tesco', 'Philips', 'the university', 'Deloitte', 'a local school']
MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'September', 'October', 'November']
NAMES = ['Sam', 'Priya', 'Tom', 'Lena', 'Omar', 'Grace', 'Jonas', 'Mei', 'Carlos', 'Aoife']
CATS = {'film': ['Alien', 'Amélie', 'Heat', 'Up', 'Jaws', 'Psycho'],
        'colour': ['green', 'blue', 'yellow', 'purple', 'orange', 'red'],
        'season': ['autumn', 'spring', 'summer', 'winter'],
        'board game': ['Catan', 'Scrabble', 'chess', 'Monopoly', 'Risk']}
ACTIVITIES = ['swimming', 'hiking', 'baking', 'gardening', 'camping', 'cycling', 'knitting', 'karaoke', 'jogging']
CLASSES = ['yoga', 'pottery', 'salsa', 'spin class', 'choir', 'judo', 'the gym', 'Spanish class']
DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']
HOURS = [7, 8, 9, 10]


def other(xs, x):
    return r.choice([y for y in xs if y != x])


def ordinal(d):
    return str(d) + ('th' if 11 <= d <= 13 else {1: 'st', 2: 'nd', 3: 'rd'}.get(d % 10, 'th'))


def count_fact():
    n, p = r.randint(2, 9), r.choice(PETS)
    base = f"I have {n} {p}."
    same = [(f"I have {WORDS[n]} {p}.", 'number in words'), (f"I've got {n} {p}.", "'ve got"),
            (f"User has {n} {p}.", 'User for I')]
    diff = [(f"I have {other(range(2, 10), n)} {p}.", 'other number'), (f"I have {n} {other(PETS, p)}.",
                                                                        'other thing of the same kind')]
    return base, same, diff


def residence():
    rel, c = r.choice(RELS), r.choice(CITIES)
    base = f"My {rel} lives in {c}."
    same = [(f"{c} is where my {rel} lives.", 'words in another order'), (f"User's {rel} lives in {c}.",
                                                                           'User for I'),
            (f"Just so you know, my {rel} lives in {c}.", 'filler opening')]
    diff = [(f"My {rel} lives in {other(CITIES, c)}.", 'other city'), (f"My {other(RELS, rel)} lives in {c}.",
                                                                        'other person'),
            (f"My {rel} used to live in {c}.", 'past, not now')]
    return base, same, diff


def allergy():
    f = r.choice(FOODS)
    base = f"I'm allergic to {f}."
    same = [(f"I am allergic to {f}.", 'contraction'), (f"User is allergic to {f}.", 'User for I')]
    diff = [(f"I'm allergic to {other(FOODS, f)}.", 'other thing of the same kind'),
            (f"I'm not allergic to {f}.", 'negation'), (f"My {r.choice(RELS)} is allergic to {f}.", 'other person')]
    return base, same, diff


def job():
    j, c = r.choice(JOBS), r.choice(COMPANIES)
    art = 'an' if j[0] in 'aeiou' else 'a'
    base = f"I work as {art} {j} at {c}."
    same = [(f"I'm {art} {j} at {c}.", 'reworded'), (f"I work at {c} as {art} {j}.", 'words in another order')]
    o = other(JOBS, j)
    diff = [(f"I work as {'an' if o[0] in 'aeiou' else 'a'} {o} at {c}.", 'other job'),
            (f"I work as {art} {j} at {other(COMPANIES, c)}.", 'other employer'),
            (f"I used to work as {art} {j} at {c}.", 'past, not now')]
    return base, same, diff


def flight():
    c, d, m = r.choice(CITIES), r.randint(1, 28), r.choice(MONTHS)
    base = f"I'm flying to {c} on {d} {m}."
    mi = list(calendar.month_name).index(m)
    # Another day, written in numbers, that is no reading of the same date in either order ("05/03" is also 3 May).
    od = other([x for x in range(1, 29) if x != mi], d)
    same = [(f"My flight to {c} is on {m} {ordinal(d)}.", 'another date format'),
            (f"I am flying to {c} on {m} {d}.", 'another date format'),
            (f"I'm flying to {c} on {d:02d}/{mi:02d}.", 'date in numbers')]
    diff = [(f"I'm flying from {c} on {d} {m}.", 'opposite direction'),
            (f"I'm flying to {c} on {other(range(1, 29), d)} {m}.", 'other date'),
            (f"I'm flying to {c} on {od:02d}/{mi:02d}.", 'other date in numbers'),
            (f"I'm flying to {other(CITIES, c)} on {d} {m}.", 'other city')]
    return base, same, diff


def debt():
    n, a = r.choice(NAMES), r.choice([20, 30, 40, 50, 60, 80, 100])
    base = f"{n} owes me £{a}."
    words = {20: 'twenty', 30: 'thirty', 40: 'forty', 50: 'fifty', 60: 'sixty', 80: 'eighty', 100: 'a hundred'}
    same = [(f"{n} owes me {words[a]} pounds.", 'number in words'), (f"{n} still owes me £{a}.", 'filler word')]
    diff = [(f"I owe {n} £{a}.", 'roles exchanged'), (f"{n} owes me £{a + 10}.", 'other number'),
            (f"{other(NAMES, n)} owes me £{a}.", 'other person'),
            (f"{n} owes me {r.choice(['$', '€'])}{a}.", 'other currency')]
    return base, same, diff


def favourite():
    cat = r.choice(list(CATS))
    x = r.choice(CATS[cat])
    us = cat.replace('colour', 'color')
    base = f"My favourite {cat} is {x}."
    same = [(f"My favorite {us} is {x}.", 'UK/US spelling'), (f"{x[0].upper() + x[1:]} is my favourite {cat}.",
                                                               'words in another order')]
    diff = [(f"My favourite {cat} is {other(CATS[cat], x)}.", 'other thing of the same kind'),
            (f"My least favourite {cat} is {x}.", 'opposite')]
    return base, same, diff


def liking():
    a = r.choice(ACTIVITIES)
    base = f"I love {a}."
    same = [(f"I really love {a}.", 'filler word'), (f"User loves {a}.", 'User for I')]
    diff = [(f"I hate {a}.", 'opposite'), (f"I don't like {a}.", 'negation'),
            (f"I love {other(ACTIVITIES, a)}.", 'other thing of the same kind')]
    return base, same, diff


def weekly():
    c, d = r.choice(CLASSES), r.choice(DAYS)
    base = f"I go to {c} every {d}."
    same = [(f"Every {d} I go to {c}.", 'words in another order'), (f"I go to {c} on {d}s.", 'reworded')]
    diff = [(f"I go to {c} every {other(DAYS, d)}.", 'other day'), (f"I go to {other(CLASSES, c)} every {d}.",
                                                                     'other thing of the same kind')]
    return base, same, diff


def age():
    rel, n = r.choice(RELS), r.randint(3, 12)
    base = f"My {rel} is {n} years old."
    same = [(f"My {rel} is {WORDS[n]} years old.", 'number in words'), (f"My {rel} is {n}.", 'reworded')]
    diff = [(f"My {rel} is {other(range(3, 13), n)} years old.", 'other number'),
            (f"My {other(RELS, rel)} is {n} years old.", 'other person')]
    return base, same, diff


def diet():
    rel, f = r.choice(RELS), r.choice(['meat', 'pork', 'fish', 'dairy', 'gluten', 'beef'])
    base = f"My {rel} doesn't eat {f}."
    same = [(f"My {rel} does not eat {f}.", 'contraction'), (f"My {rel} never eats {f}.", 'reworded')]
    diff = [(f"My {rel} eats {f}.", 'negation'), (f"My {other(RELS, rel)} doesn't eat {f}.", 'other person')]
    return base, same, diff


def start_time():
    h = r.choice(HOURS)
    base = f"I start work at {h}am."
    same = [(f"I start work at {h}:00 in the morning.", 'another time format'),
            (f"I start work at {WORDS[h]} in the morning.", 'number in words')]
    diff = [(f"I start work at {h + 1}am.", 'other time'), (f"I finish work at {h}am.", 'opposite')]
    return base, same, diff


TEMPLATES = [count_fact, residence, allergy, job, flight, debt, favourite, liking, weekly, age, diet, start_time]

with open(out, 'w') as f:
    for i in range(count):
        base, same, diff = r.choice(TEMPLATES)()
        for kind, (text, note) in (('s', r.choice(same)), ('d', r.choice(diff))):
            f.write(json.dumps({'id': f'gen-{seed}-{i:04d}-{kind}', 'left': {'text': base}, 'right': {'text': text},
                                'label': 1 if kind == 's' else 0,
                                'note': ('same: ' if kind == 's' else 'different: ') + note},
                               ensure_ascii=False) + '\n')
