#!/usr/bin/env python3
"""Would the pair classifier gain from the frozen embeddings themselves, not only their cosine?

Reads a `deja train --dump FILE` (every example's features, label, group, text pair and the preset's cross-validated
probability) and compares, with grouped 5-fold cross-validation on the same examples (scenario rows weighted to the
pairs' total, vetoed examples left out and scored 0, as deja train does): a logistic model over the dump's features
alone, and the same with the element-wise product u*v or the absolute difference |u-v| of the two texts' unit
embeddings as 384 more inputs, penalised apart (le) from the features (1e-4). A learned, per-dimension metric over the
frozen model: what the issue calls a pair classifier over the frozen embeddings. Needs numpy only.

Usage (the model is the preset's: bge-small-en-v1.5-q for memory, all-minilm-l6-v2 for calendar):
  ./deja train --preset memory --data datasets/train/memory/pairs.jsonl --data datasets/train/memory/scenario.jsonl \
      --dump /tmp/memory.jsonl
  python3 scripts/embedding-pair-check.py texts /tmp/memory.jsonl > /tmp/memory-texts.txt
  java -cp deja-cli/target/deja.jar scripts/EmbedTexts.java bge-small-en-v1.5-q /tmp/memory-texts.txt /tmp/memory.tsv
  python3 scripts/embedding-pair-check.py check /tmp/memory.jsonl /tmp/memory.tsv [7 17 27]
The optional numbers are the first fold seeds of each run of three (7 → seeds 7, 8, 9; the default is 7 alone).
"""
import json, sys
import numpy as np


def load(dump):
    rows = [json.loads(l) for l in open(dump)]
    return [r for r in rows if 'cv_score' in r]


def flat(t):
    return t.replace('\n', ' ').replace('\t', ' ')


def vectors(path):
    """The vectors of an EmbedTexts TSV: text -> numpy array."""
    vec = {}
    for line in open(path):
        t, v = line.rstrip('\n').split('\t')
        vec[t] = np.array([float(x) for x in v.split()])
    return vec


def examples(rows):
    """The dump's features (sorted names), labels, groups, which rows are pairs, which are vetoed, sample weights."""
    names = sorted(rows[0]['features'])
    X = np.array([[r['features'][n] for n in names] for r in rows])
    y = np.array([r['label'] for r in rows], dtype=float)
    groups = [r['group'] for r in rows]
    pairs = np.array([r['source'] == 'pairs' for r in rows])
    veto = np.array([r['cv_score'] == 0 for r in rows])
    sw = np.where(pairs, 1.0, pairs.sum() / max(1, (~pairs).sum()))
    return names, X, y, groups, pairs, veto, sw


def fit(X, y, penalty, sw):
    """L2-penalised logistic regression by Newton's method; penalty per column; sample weights sw."""
    n, d = X.shape
    w = np.zeros(d); b = 0.0; sw = sw / sw.mean()
    for _ in range(50):
        p = 1 / (1 + np.exp(-(X @ w + b)))
        g = np.concatenate([X.T @ (sw * (p - y)) / n + penalty * w, [(sw * (p - y)).mean()]])
        W = sw * p * (1 - p) / n
        H = np.zeros((d + 1, d + 1))
        H[:d, :d] = (X.T * W) @ X + np.diag(penalty)
        H[:d, d] = H[d, :d] = X.T @ W
        H[d, d] = W.sum() + 1e-9
        step = np.linalg.solve(H, g)
        w -= step[:d]; b -= step[d]
        if np.abs(step).max() < 1e-7:
            break
    return w, b


def cv(X, y, groups, veto, penalty, sw, seeds=(7, 8, 9)):
    ug = sorted(set(groups)); scores = np.zeros((len(seeds), len(y)))
    for si, s in enumerate(seeds):
        perm = np.random.default_rng(s).permutation(len(ug))
        fold = {g: perm[i] % 5 for i, g in enumerate(ug)}
        f = np.array([fold[g] for g in groups])
        for k in range(5):
            tr = (f != k) & ~veto; te = f == k
            w, b = fit(X[tr], y[tr], penalty[:X.shape[1]], sw[tr])
            scores[si, te] = 1 / (1 + np.exp(-(X[te] @ w + b)))
    sc = scores.mean(0); sc[veto] = 0
    return sc


def report(tag, sc, y, pairs):
    ys, ss = y[pairs], sc[pairs]
    best = (0, 0)
    for t in np.arange(0.05, 0.96, 0.01):
        p = ss >= t
        tp = (p & (ys == 1)).sum(); fp = (p & (ys == 0)).sum(); fn = (~p & (ys == 1)).sum()
        best = max(best, (2 * tp / (2 * tp + fp + fn), t))
    pos, neg = ss[ys == 1], ss[ys == 0]
    auc = ((pos[:, None] > neg[None, :]).sum() + 0.5 * (pos[:, None] == neg[None, :]).sum()) / len(pos) / len(neg)
    ll = -np.mean(ys * np.log(np.clip(ss, 1e-6, 1)) + (1 - ys) * np.log(np.clip(1 - ss, 1e-6, 1)))
    print(f"{tag:34s} best CV F1 {best[0]:.3f} (at {best[1]:.2f})  AUC {auc:.3f}  log-loss {ll:.3f}", flush=True)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == 'texts':
        texts = sorted({flat(r[k]) for r in load(sys.argv[2]) for k in ('new', 'existing')})
        print('\n'.join(texts))
        return
    if len(sys.argv) < 4 or sys.argv[1] != 'check':
        sys.exit(__doc__)
    rows = load(sys.argv[2])
    vec = vectors(sys.argv[3])
    firsts = [int(a) for a in sys.argv[4:]] or [7]
    names, X, y, groups, pairs, veto, sw = examples(rows)
    U = np.array([vec[flat(r['new'])] for r in rows]); V = np.array([vec[flat(r['existing'])] for r in rows])
    U /= np.linalg.norm(U, axis=1, keepdims=True); V /= np.linalg.norm(V, axis=1, keepdims=True)
    cos = (U * V).sum(1)
    if 'cosine' in names and np.abs(cos - X[:, names.index('cosine')]).max() > 1e-3:
        sys.exit('the vectors do not give the dump\'s cosine: another model or another analyzer?')
    d = U.shape[1]; nf = X.shape[1]
    report('deja train (the dump\'s CV scores)', np.array([r['cv_score'] for r in rows]), y, pairs)
    for first in firsts:
        seeds = (first, first + 1, first + 2)
        report(f'{seeds} features only', cv(X, y, groups, veto, np.full(nf, 1e-4), sw, seeds), y, pairs)
        for le in (0.01, 0.03, 0.1):
            pen = np.concatenate([np.full(nf, 1e-4), np.full(d, le)])
            report(f'{seeds} features + u*v, le {le}', cv(np.hstack([X, 20 * U * V]), y, groups, veto, pen, sw, seeds),
                   y, pairs)
        for le in (0.01, 0.1, 0.3):
            pen = np.concatenate([np.full(nf, 1e-4), np.full(d, le)])
            report(f'{seeds} features + |u-v|, le {le}',
                   cv(np.hstack([X, 20 * np.abs(U - V)]), y, groups, veto, pen, sw, seeds), y, pairs)


if __name__ == '__main__':
    main()
