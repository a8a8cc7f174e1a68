#!/usr/bin/env python3
"""Accuracy per language of the shipped memory and calendar presets, for docs/EVALUATION.md ("Per language").

The labelled sets carry no language field; their `note` says when a pair mixes or uses another language ("Spanish
'cumpleaños' = birthday", "German title"). A pair belongs to a language when its note names it; every other pair is
counted as English. Two measurements per preset:

  train (cross-validated): `deja train ... --dump` writes each pair's cross-validated probability; a pair is predicted
      a duplicate when it reaches the fitted threshold (a vetoed pair scores 0; a pair outside the time window is NEW).
  dev (validation): `deja eval --json` on datasets/dev/P/pairs.jsonl gives the errors per note (by_note).

Usage (from the repository root; builds ./deja on first use):
    python3 scripts/eval-languages.py > /tmp/languages.md"""
import json, re, subprocess, sys, tempfile, pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
LANGUAGES = ['German', 'Dutch', 'Spanish', 'Portuguese', 'French', 'Italian']


def run(args):
    out = subprocess.run(['./deja'] + args, cwd=ROOT, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"deja {' '.join(args)} failed: {out.stderr[-2000:]}")
    return json.loads(out.stdout)


def language(note):
    found = [l for l in LANGUAGES if re.search(r'\b' + l + r'\b', note or '', re.IGNORECASE)]
    return '+'.join(found) if found else 'English'


def add(table, lang, label, predicted):
    t = table.setdefault(lang, {'n': 0, 'tp': 0, 'fp': 0, 'fn': 0, 'wrong': 0})
    t['n'] += 1
    t['tp'] += label and predicted
    t['fp'] += (not label) and predicted
    t['fn'] += label and not predicted
    t['wrong'] += label != predicted


def f1(t):
    p = t['tp'] / (t['tp'] + t['fp']) if t['tp'] + t['fp'] else float('nan')
    r = t['tp'] / (t['tp'] + t['fn']) if t['tp'] + t['fn'] else float('nan')
    return p, r, (2 * p * r / (p + r) if p + r else 0.0) if p == p and r == r else float('nan')


def fmt(x):
    return '—' if x != x else f'{x:.3f}'


def main():
    for preset in ('memory', 'calendar'):
        with tempfile.NamedTemporaryFile(suffix='.jsonl', delete=False) as f:
            dump = f.name
        t = run(['train', '--preset', preset, '--data', f'datasets/train/{preset}/pairs.jsonl', '--data',
                 f'datasets/train/{preset}/scenario.jsonl', '--json', '--dump', dump])
        threshold = t['threshold']
        train = {}
        for line in open(dump):
            r = json.loads(line)
            if r.get('source') != 'pairs':
                continue
            predicted = (not r.get('outside_window')) and r['cv_score'] >= threshold
            add(train, language(r.get('note', '')), r['label'] == 1, predicted)
        notes = {}
        for line in open(ROOT / f'datasets/dev/{preset}/pairs.jsonl'):
            r = json.loads(line)
            notes.setdefault(r.get('note', ''), []).append(r['label'])
        e = run(['eval', '--preset', preset, '--data', f'datasets/dev/{preset}/pairs.jsonl', '--json', '--worst', '0'])
        dev = {}
        for note, v in e.get('by_note', {}).items():
            d = dev.setdefault(language(note), {'n': 0, 'wrong': 0})
            d['n'] += v['n']
            d['wrong'] += v['wrong']
        print(f'\n#### {preset} pairs\n')
        print('| language (named in the note) | train pairs | train CV P | R | F1 | train CV accuracy '
              '| dev pairs | dev wrong | dev accuracy |')
        print('|---|---|---|---|---|---|---|---|---|')
        for lang in sorted(set(train) | set(dev), key=lambda l: (l != 'English', l)):
            tr = train.get(lang, {'n': 0, 'tp': 0, 'fp': 0, 'fn': 0, 'wrong': 0})
            p, r, f = f1(tr)
            acc = 1 - tr['wrong'] / tr['n'] if tr['n'] else float('nan')
            d = dev.get(lang, {'n': 0, 'wrong': 0})
            dacc = 1 - d['wrong'] / d['n'] if d['n'] else float('nan')
            print(f"| {lang} | {tr['n']} | {fmt(p)} | {fmt(r)} | {fmt(f)} | {fmt(acc)} | {d['n']} | {d['wrong']} "
                  f"| {fmt(dacc)} |")


main()
