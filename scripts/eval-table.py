#!/usr/bin/env python3
"""Runs `deja eval` for every dev set and string measure and prints the markdown tables of docs/EVALUATION.md.

Usage: scripts/eval-table.py [--jar deja-cli/target/deja.jar]
Each row is one `deja eval --json --sweep` run; the exact command is printed above each table.
"""
import argparse
import json
import subprocess
import sys

MEASURES = ["sequence", "jaccard", "trigram", "jaro_winkler", "levenshtein", "compound"]
SETS = [
    ("calendar", "datasets/dev/calendar/pairs.jsonl", []),
    ("calendar", "datasets/dev/calendar/scenario.jsonl", []),
    ("memory", "datasets/dev/memory/pairs.jsonl", []),
    ("memory", "datasets/dev/memory/scenario.jsonl", []),
    ("glossary", "datasets/dev/definitions/scenario.jsonl",
     ["--config", "examples/glossary-dataset-rules.yaml", "--set", "stages.compound.enabled=false"]),
]


def run(jar, args):
    out = subprocess.run(["java", "-jar", jar] + args, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("deja failed: " + " ".join(args) + "\n" + out.stderr)
    return json.loads(out.stdout)


def row_at(sweep, t):
    for r in sweep:
        if abs(r["threshold"] - t) < 1e-9:
            return r
    raise KeyError(t)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jar", default="deja-cli/target/deja.jar")
    a = ap.parse_args()
    for preset, data, extra in SETS:
        print(f"\n### `{data}` — preset `{preset}`\n")
        print("Command: `./deja eval --preset %s --data %s %s--measure M --sweep --json`\n"
              % (preset, data, " ".join(extra) + " " if extra else ""))
        scen = "scenario" in data
        head = "| measure | threshold | P | R | F1 |" + (" exact-set |" if scen else "") \
            + " best threshold | P | R | F1 |" + (" exact-set |" if scen else "") + " µs/check (mean, p99) |"
        print(head)
        print("|" + "---|" * (head.count("|") - 1))
        for m in MEASURES:
            r = run(a.jar, ["eval", "--preset", preset, "--data", data, "--measure", m, "--sweep", "--json"] + extra)
            b = row_at(r["sweep"], r["best_threshold"])
            cells = [f"`{m}`", f"{r['threshold']:.2f}", f"{r['precision']:.3f}", f"{r['recall']:.3f}",
                     f"**{r['f1']:.3f}**"]
            if scen:
                cells.append(f"{r['exact_set_accuracy']:.3f}")
            cells += [f"{b['threshold']:.2f}", f"{b['precision']:.3f}", f"{b['recall']:.3f}", f"**{b['f1']:.3f}**"]
            if scen:
                cells.append(f"{b['exact_set_accuracy']:.3f}")
            cells.append(f"{r['micros_mean']:.0f}, {r['micros_p99']:.0f}")
            print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
