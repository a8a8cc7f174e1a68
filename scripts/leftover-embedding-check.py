#!/usr/bin/env python3
"""Would the pair classifier gain from the cosine of the left-over words' own embeddings?

The left-overs are the content words of each text that found no counterpart (the `unmatched` evidence of a
`deja train --dump` row: "[sensory] / [swim, water, babies]"). Each side's left-overs are embedded as one phrase with
the preset's model, and their cosine (0 when either side has none) is added to the dump's features; the same grouped
5-fold CV as scripts/embedding-pair-check.py (whose functions this uses), with two seed sets. Needs numpy only.

Usage (the model is the preset's: bge-small-en-v1.5-q for memory, all-minilm-l6-v2 for calendar):
  ./deja train --preset calendar --data datasets/train/calendar/pairs.jsonl \\
      --data datasets/train/calendar/scenario.jsonl --threshold-rule best --dump /tmp/calendar.jsonl
  python3 scripts/leftover-embedding-check.py texts /tmp/calendar.jsonl > /tmp/leftovers.txt
  java -cp deja-cli/target/deja.jar scripts/EmbedTexts.java all-minilm-l6-v2 /tmp/leftovers.txt /tmp/leftovers.tsv
  python3 scripts/leftover-embedding-check.py check /tmp/calendar.jsonl /tmp/leftovers.tsv
"""
import importlib.util
import os
import re
import sys

import numpy as np

_spec = importlib.util.spec_from_file_location(
    'epc', os.path.join(os.path.dirname(os.path.abspath(__file__)), 'embedding-pair-check.py'))
epc = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(epc)


def sides(row):
    e = row['evidence'].get('unmatched')
    if not e:
        return '', ''
    m = re.match(r'^\[(.*)\] / \[(.*)\]$', e)
    return m.group(1).replace(',', ''), m.group(2).replace(',', '')


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ('texts', 'check'):
        sys.exit(__doc__)
    rows = epc.load(sys.argv[2])
    if sys.argv[1] == 'texts':
        print('\n'.join(sorted({t for r in rows for t in sides(r) if t})))
        return
    vec = epc.vectors(sys.argv[3])
    names, X, y, groups, pairs, veto, sw = epc.examples(rows)
    rc = []
    for r in rows:
        a, b = sides(r)
        rc.append(float(vec[a] @ vec[b] / np.linalg.norm(vec[a]) / np.linalg.norm(vec[b])) if a and b else 0.0)
    rc = np.array(rc)
    nf = X.shape[1]
    for seeds in [(7, 8, 9), (17, 18, 19)]:
        epc.report(f'features only {seeds}', epc.cv(X, y, groups, veto, np.full(nf, 1e-4), sw, seeds), y, pairs)
        X2 = np.hstack([X, rc[:, None]])
        epc.report('+ left-over cosine', epc.cv(X2, y, groups, veto, np.full(nf + 1, 1e-4), sw, seeds), y, pairs)
    for label in (0, 1):
        m = (y == label) & pairs & (rc != 0)
        print(f'label {label}: {m.sum()} pairs with left-overs on both sides, mean left-over cosine {rc[m].mean():.3f}')


if __name__ == '__main__':
    main()
