#!/usr/bin/env python3
"""Writes unrelated same-slot calendar pairs: each base event of a pairs file (its first pair's stored record) against
the checked record of another, randomly chosen base event moved to the same start (seeded), label 0. What an event
calendar meets on every write and the labelled pairs (all hard cases) do not hold.

Usage: python3 scripts/unrelated-pairs.py datasets/train/calendar/pairs.jsonl [SEED] > /tmp/unrelated.jsonl
       ./deja eval --preset calendar --data /tmp/unrelated.jsonl --json     # fp / (fp + tn): the share matched
"""
import json, random, sys


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) == 3 else 7)
    base = {}
    for r in rows:
        base.setdefault(r['id'].rsplit('-', 1)[0], r)
    groups = list(base)
    for g in groups:
        r = base[g]
        other = dict(base[rng.choice([x for x in groups if x != g])]['right'])
        other['start'] = r['left']['start']
        other['end'] = r['left'].get('end')
        other['all_day'] = r['left'].get('all_day', False)
        print(json.dumps({'id': 'unrelated-' + g, 'left': r['left'], 'right': other, 'label': 0,
                          'note': 'unrelated event moved to the same start'}))


if __name__ == '__main__':
    main()
