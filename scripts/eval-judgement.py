#!/usr/bin/env python3
"""Measures Deja's duplicate judgement the honest way and prints the tables of docs/EVALUATION.md
("Judgement: trained on train/, validated on dev/"):

  for each preset (memory, calendar) and each scoring variant — the shipped pair classifier with each in-process
  model, two models together, the cosine alone, the signals alone — fit on datasets/train/ with `deja train`
  (grouped 5-fold cross-validation, l2 chosen by CV) and evaluate the fitted YAML on datasets/dev/ with `deja eval`.

Usage (from the repository root; builds ./deja on first use):
    python3 scripts/eval-judgement.py [--quick] [memory|calendar ...] > /tmp/judgement.md
--quick runs only the shipped variant of each preset."""
import json, re, subprocess, sys, tempfile, pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
MODELS = ['all-minilm-l6-v2', 'all-minilm-l6-v2-q', 'bge-small-en-v1.5', 'bge-small-en-v1.5-q', 'e5-small-v2',
          'e5-small-v2-q']

def preset_features(preset):
    text = (ROOT / f'deja-format/src/main/resources/dev/deja/presets/{preset}.yaml').read_text()
    block = text[text.index('\n  combined:'):]
    feats = re.search(r'features: \{(.*)\}', block).group(1)
    return [f.split(':')[0].strip() for f in feats.split(',')]

def preset_model(preset):
    text = (ROOT / f'deja-format/src/main/resources/dev/deja/presets/{preset}.yaml').read_text()
    block = text[text.index('\n  combined:'):]
    return re.search(r'model: (\S+)', block).group(1)

def run(args):
    out = subprocess.run(['./deja'] + args, cwd=ROOT, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"deja {' '.join(args)} failed: {out.stderr[-2000:]}")
    return json.loads(out.stdout)

def variant(preset, model, features):
    with tempfile.NamedTemporaryFile(suffix='.yaml', delete=False) as f:
        yaml = f.name
    args = ['train', '--preset', preset, '--data', f'datasets/train/{preset}/pairs.jsonl',
            '--data', f'datasets/train/{preset}/scenario.jsonl', '--set', f'stages.combined.model={model}',
            '--features', ','.join(features), '--json', '--out', yaml]
    t = run(args)
    dev = {}
    for kind in ('pairs', 'scenario'):
        dev[kind] = run(['eval', '--preset', preset, '--config', yaml, '--data', f'datasets/dev/{preset}/{kind}.jsonl',
                         '--json', '--worst', '0'])
    return t, dev

def row(name, t, dev):
    cv = t['cv']
    p, s = dev['pairs'], dev['scenario']
    return (f"| {name} | {t['l2']} | {t['threshold']:.2f} | {cv['precision']:.3f} | {cv['recall']:.3f} | "
            f"**{cv['f1']:.3f}** | {cv.get('exact_set_accuracy', float('nan')):.3f} | {p['precision']:.3f} | "
            f"{p['recall']:.3f} | **{p['f1']:.3f}** | {s['exact_set_accuracy']:.3f} | {s['micros_mean'] / 1000:.1f} |")

def main():
    quick = '--quick' in sys.argv
    presets = [a for a in sys.argv[1:] if not a.startswith('--')] or ['memory', 'calendar']
    for preset in presets:
        feats = preset_features(preset)
        shipped = preset_model(preset)
        signals = [f for f in feats if f != 'cosine']
        print(f"\n### {preset}\n")
        print("| scoring | l2 (CV) | threshold | train CV P | R | F1 | scenario exact-set | dev pairs P | R | F1 "
              "| dev scenario exact-set | ms/check (dev scenario) |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|")
        variants = [(f'**shipped**: classifier, {shipped}', shipped, feats)]
        if not quick:
            for m in MODELS:
                if m != shipped:
                    variants.append((f'classifier, {m}', m, feats))
            other = 'bge-small-en-v1.5-q' if shipped != 'bge-small-en-v1.5-q' else 'all-minilm-l6-v2'
            variants.append((f'classifier, {shipped} + {other} together', shipped, feats + [f'cosine@{other}']))
            variants.append((f'classifier, {shipped} + e5-small-v2-q together', shipped,
                             feats + ['cosine@e5-small-v2-q']))
            variants.append((f'cosine alone, {shipped} (logistic)', shipped, ['cosine']))
            variants.append(('signals alone (no embedding)', shipped, signals))
        for name, model, fs in variants:
            t, dev = variant(preset, model, fs)
            print(row(name, t, dev), flush=True)

main()
