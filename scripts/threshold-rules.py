#!/usr/bin/env python3
"""Compares threshold rules on the out-of-fold scores of `deja train --dump` files (docs/EVALUATION.md, "The
threshold rule").

    ./deja train --preset memory --data datasets/train/memory/pairs.jsonl --data datasets/train/memory/scenario.jsonl \
        --seed 7 --dump /tmp/m-7.jsonl          # and --seed 17, --seed 27; calendar with its documented options
    python3 scripts/threshold-rules.py /tmp/m-7.jsonl /tmp/m-17.jsonl /tmp/m-27.jsonl

For each rule (best F1 and one standard error below it, each on the raw cross-validated F1 curve and on the curve
averaged over +-W for several W, as `deja train --threshold-smoothing W` reads it) it prints:
- the threshold it picks on each dump and their spread (max - min over all dumps given): how far the rule moves with
  the fold assignment or a refit;
- nested figures: the groups of each dump split into five parts (4 seeded splits); the rule picks a threshold on the
  scores of four parts and is scored on the fifth; pooled precision and F1 per dump. Only the threshold is chosen
  inside the split (the scores are already out of fold), so this measures the rule, not the model.

Scores are those of the pairs (`source` "pairs"); pairs outside the time window have no score and count as 0 (NEW),
as in `deja train`. Standard library only; deterministic.
"""
import json
import math
import random
import sys

GRID = [t / 100 for t in range(1, 100)]


def load(path):
    rows = []
    with open(path) as f:
        for line in f:
            r = json.loads(line)
            if r['source'] != 'pairs':
                continue
            rows.append((r.get('cv_score') or 0.0, r['label'], r.get('group') or r['id']))
    return rows


def count(scored, t, tally):
    """Adds the (true positive, false positive, false negative) counts of (score, label) pairs at t to tally."""
    for s, y in scored:
        if s >= t:
            tally[0] += y == 1
            tally[1] += y == 0
        elif y == 1:
            tally[2] += 1
    return tally


def f1_precision(tally):
    tp, fp, fn = tally
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return (2 * p * r / (p + r) if p + r else 0.0), p


def f1_at(scores, labels, t):
    return f1_precision(count(zip(scores, labels), t, [0, 0, 0]))


def curve(scores, labels, w):
    raw = [f1_at(scores, labels, t)[0] for t in GRID]
    if w == 0:
        return raw
    n = len(raw)
    return [sum(raw[max(0, i - w):min(n, i + w + 1)]) / (min(n, i + w + 1) - max(0, i - w)) for i in range(n)]


def best(w):
    # CrossValidation.bestThreshold: the middle of the first maximal plateau.
    def rule(scores, labels):
        c = curve(scores, labels, w)
        top, first, last = -1.0, -1, -1
        for i, f in enumerate(c):
            if f > top + 1e-12:
                top, first, last = f, i, i
            elif abs(f - top) <= 1e-12 and last == i - 1:
                last = i
        return GRID[(first + last) // 2]
    return rule


def one_se(w):
    # CrossValidation.oneStandardErrorThreshold: the highest threshold within sqrt(F(1-F)/positives) of the best.
    def rule(scores, labels):
        c = curve(scores, labels, w)
        top = max(c)
        se = math.sqrt(top * (1 - top) / max(1, sum(labels)))
        return max(GRID[i] for i in range(len(c)) if c[i] >= top - se - 1e-12)
    return rule


def nested(rows, rule, splits=4, parts=5):
    groups = sorted(set(g for _, _, g in rows))
    tally = [0, 0, 0]
    for split in range(splits):
        order = groups[:]
        random.Random(split).shuffle(order)
        part = {g: i % parts for i, g in enumerate(order)}
        for k in range(parts):
            fit = [r for r in rows if part[r[2]] != k]
            t = rule([r[0] for r in fit], [r[1] for r in fit])
            count(((s, y) for s, y, g in rows if part[g] == k), t, tally)
    return f1_precision(tally)


def main(paths):
    if not paths:
        sys.exit(__doc__)
    dumps = [load(p) for p in paths]
    rules = {}
    for w in (0, 3, 5, 8, 12, 15, 20):
        rules[f'best ±{w / 100:.2f}'] = best(w)
        rules[f'one-se ±{w / 100:.2f}'] = one_se(w)
    print('rule            thresholds (per dump)          spread  nested F1 / P (per dump)')
    for name, rule in sorted(rules.items(), key=lambda kv: (kv[0].split()[0], kv[0])):
        ts = [rule([r[0] for r in d], [r[1] for r in d]) for d in dumps]
        ns = [nested(d, rule) for d in dumps]
        print(f'{name:15s} {" ".join(f"{t:.2f}" for t in ts):30s} {max(ts) - min(ts):.2f}    '
              + '  '.join(f'{f:.3f} / {p:.3f}' for f, p in ns))


if __name__ == '__main__':
    main(sys.argv[1:])
