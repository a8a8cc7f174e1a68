#!/usr/bin/env python3
"""Writes calendar event pairs made from templates by one controlled change each, as a pairs.jsonl, to measure what
the calendar preset does per kind of change on events nobody fitted on.

    python3 scripts/calendar-contrasts.py SEED COUNT OUT.jsonl
    ./deja eval --preset calendar --data OUT.jsonl --json     # then per note: scripts/eval-table.py or --worst

Each of COUNT base events ("{Name} {activity} class", "{Name} dentist appointment", "Dinner with {Name} & {Name2}",
"Flight to {city}", "{Name} {sport} match vs {team}", "Bin day: {bin}", …) at a random start on a weekday in
March 2026 is paired twice: once with the same event written another way (label 1: an abbreviation such as "appt",
"w/" for "with", the name moved or as a possessive, an emoji, a hyphen or dash, lower case; the start kept or moved up
to 15 minutes) and once with another event made by one change (label 0): another person in the same slot, another
activity of the same person in the same slot, the same title on another day, or the same title three hours later (the labelled sets' rule: 2.5 hours apart or more). The
note names the change. The templates and word lists are test data written for this check, not fitted on and not used
by Deja. Deterministic for a seed (docs/EVALUATION.md quotes seeds 7 and 8, 300 events each).
"""
import json, random, sys
from datetime import datetime, timedelta

seed, count, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
r = random.Random(seed)

NAMES = ['Maya', 'Leo', 'Ava', 'Noah', 'Zara', 'Finn', 'Isla', 'Omar', 'Ruby', 'Theo', 'Mila', 'Arjun']
CLASSES = ['swimming', 'ballet', 'karate', 'piano', 'art', 'drama', 'coding', 'gymnastics', 'violin', 'tennis']
DOCTORS = ['dentist', 'orthodontist', 'optician', 'physio', 'GP', 'dermatologist', 'audiologist']
SPORTS = ['football', 'rugby', 'hockey', 'netball', 'basketball', 'cricket']
TEAMS = ['St Mary\'s', 'Riverside', 'Oakfield', 'Hillcrest', 'Kingsway']
CITIES = ['Lisbon', 'Berlin', 'Dublin', 'Madrid', 'Oslo', 'Vienna', 'Prague']
BINS = ['recycling', 'garden waste', 'general waste', 'food waste']
EMOJI = {'swimming': '🏊', 'ballet': '🩰', 'karate': '🥋', 'piano': '🎹', 'art': '🎨', 'drama': '🎭',
         'coding': '💻', 'gymnastics': '🤸', 'violin': '🎻', 'tennis': '🎾', 'football': '⚽', 'rugby': '🏉',
         'hockey': '🏑', 'netball': '🏐', 'basketball': '🏀', 'cricket': '🏏'}


def other(xs, x):
    return r.choice([y for y in xs if y != x])


def klass():
    n, c = r.choice(NAMES), r.choice(CLASSES)
    same = [f"{n}'s {c} class", f"{c.capitalize()} class – {n}", f"{n} {c} {EMOJI[c]}", f"{n.lower()} {c} class"]
    diff = {'other person, same slot': f"{other(NAMES, n)} {c} class",
            'other activity of the same person, same slot': f"{n} {other(CLASSES, c)} class"}
    return f"{n} {c} class", 60, same, diff


def doctor():
    n, d = r.choice(NAMES), r.choice(DOCTORS)
    same = [f"{n} {d} appt", f"{d.capitalize() if d != 'GP' else d} – {n}", f"{n}'s {d} appointment",
            f"Take {n} to the {d}"]
    diff = {'other person, same slot': f"{other(NAMES, n)} {d} appointment",
            'other activity of the same person, same slot': f"{n} {other(DOCTORS, d)} appointment"}
    return f"{n} {d} appointment", 30, same, diff


def dinner():
    a, b = r.sample(NAMES, 2)
    same = [f"Dinner w/ {a} & {b}", f"Dinner with {b} and {a}", f"{a} + {b} dinner 🍝", f"dinner with {a} and {b}"]
    c = other([x for x in NAMES if x != a], b)
    diff = {'other person, same slot': f"Dinner with {a} and {c}",
            'other activity of the same person, same slot': f"Drinks with {a} and {b}"}
    return f"Dinner with {a} and {b}", 120, same, diff


def flight():
    c = r.choice(CITIES)
    same = [f"Flight to {c} ✈️", f"Fly to {c}", f"{c} flight", f"flight to {c.lower()}"]
    diff = {'other place, same slot': f"Flight to {other(CITIES, c)}",
            'opposite direction, same slot': f"Flight from {c}"}
    return f"Flight to {c}", 150, same, diff


def match():
    n, s, t = r.choice(NAMES), r.choice(SPORTS), r.choice(TEAMS)
    same = [f"{n} {s} match v {t}", f"{n}'s {s} game vs {t}", f"{s.capitalize()} vs {t} ({n}) {EMOJI[s]}",
            f"{n} – {s} match against {t}"]
    diff = {'other person, same slot': f"{other(NAMES, n)} {s} match vs {t}",
            'other activity of the same person, same slot': f"{n} {other(SPORTS, s)} match vs {t}"}
    return f"{n} {s} match vs {t}", 90, same, diff


def bins():
    b = r.choice(BINS)
    same = [f"Put the {b} bin out", f"{b.capitalize()} bin day", f"Bin day: {b} 🗑️", f"{b} bin out"]
    diff = {'other thing of the same kind, same slot': f"Put {other(BINS, b)} bin out"}
    return f"Put {b} bin out", 15, same, diff


TEMPLATES = [klass, doctor, dinner, flight, match, bins]


def event(title, start, minutes):
    end = start + timedelta(minutes=minutes)
    return {'title': title, 'start': start.strftime('%Y-%m-%dT%H:%M'), 'end': end.strftime('%Y-%m-%dT%H:%M'),
            'all_day': False}


with open(out, 'w') as f:
    for i in range(count):
        title, minutes, same, diff = r.choice(TEMPLATES)()
        start = datetime(2026, 3, 2) + timedelta(days=r.randrange(0, 26), hours=r.randint(8, 18),
                                                 minutes=r.choice([0, 15, 30, 45]))
        base = event(title, start, minutes)
        shift = r.choice([0, 0, 5, 10, 15, -10])
        variant = event(r.choice(same), start + timedelta(minutes=shift), minutes)
        f.write(json.dumps({'id': f'cgen-{seed}-{i:04d}-s', 'left': base, 'right': variant, 'label': 1,
                            'note': 'same: reworded' + (f', start moved {shift} min' if shift else ', same start')},
                           ensure_ascii=False) + '\n')
        kinds = list(diff) + ['same title, another day', 'same title, three hours later']
        kind = r.choice(kinds)
        if kind == 'same title, another day':
            other_event = event(title, start + timedelta(days=r.choice([1, 2, 7])), minutes)
        elif kind == 'same title, three hours later':
            other_event = event(title, start + timedelta(hours=3), minutes)
        else:
            other_event = event(diff[kind], start, minutes)
        f.write(json.dumps({'id': f'cgen-{seed}-{i:04d}-d', 'left': base, 'right': other_event, 'label': 0,
                            'note': 'different: ' + kind}, ensure_ascii=False) + '\n')
