#!/usr/bin/env python3
"""Runs the issue-3 comparison (string measure vs embedding models vs Deja's combined score vs the shipped presets)
on the dev calendar and memory sets and on the public MRPC test split, and prints the markdown tables of
docs/EVALUATION.md. Usage: scripts/eval-semantic.py [--jar deja-cli/target/deja.jar] [--public ../shared/datasets/public]
Each row is one `deja eval --json --sweep` run; the arguments are printed in the table.
"""
import argparse, json, os, subprocess, sys

MODELS = [("all-minilm-l6-v2", 90.4), ("all-minilm-l6-v2-q", 23.0), ("bge-small-en-v1.5", 133.1),
          ("bge-small-en-v1.5-q", 34.0)]

def run(jar, args):
    out = subprocess.run(["java", "-DOPT_OUT_TRACKING=true", "-Dai.djl.offline=true", "-jar", jar] + args,
                         capture_output=True, text=True, env=dict(os.environ, ORT_DISABLE_TELEMETRY="1"))
    if out.returncode != 0:
        sys.exit("deja failed: " + " ".join(args) + "\n" + out.stderr)
    return json.loads(out.stdout)

def row(jar, name, args, size, scen):
    r = run(jar, ["eval"] + args + ["--sweep", "--json"])
    b = [x for x in r["sweep"] if x["threshold"] == r["best_threshold"]][0]
    cells = [name, "`" + " ".join(a for a in args if not a.startswith("datasets") and "/pairs.jsonl" not in a
                                  and "scenario.jsonl" not in a) + "`",
             "%.2f" % r["threshold"], "%.3f" % r["precision"], "%.3f" % r["recall"], "**%.3f**" % r["f1"]]
    if scen:
        cells.append("%.3f" % r["exact_set_accuracy"])
    cells += ["%.2f" % b["threshold"], "%.3f" % b["f1"]]
    if scen:
        cells.append("%.3f" % b["exact_set_accuracy"])
    cells += ["%.2f" % (r["micros_mean"] / 1000), size]
    print("| " + " | ".join(cells) + " |")

def table(jar, title, preset, data, design_threshold, scen, extra=()):
    print("\n### " + title + "\n")
    head = "| scoring | arguments | threshold | P | R | F1 |" + (" exact-set |" if scen else "") + \
        " best threshold | best F1 |" + (" exact-set |" if scen else "") + " ms/check | model |"
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    base = ["--preset", preset, "--data", data] + list(extra)
    row(jar, "difflib `sequence` (the design's baseline)",
        base + ["--measure", "sequence", "--threshold", str(design_threshold), "--set", "guards=null"], "—", scen)
    for m, mb in MODELS:
        row(jar, "cosine, " + m, base + ["--model", m, "--set", "guards=null"], "%.0f MB" % mb, scen)
    if preset in ("calendar", "memory"):
        row(jar, "Deja combined (logistic regression) + guards", base + ["--config", "examples/%s-combined.yaml" % preset],
            "90 MB", scen)
    row(jar, "**Deja preset as shipped** (MiniLM cosine + guards)", base, "90 MB", scen)

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jar", default="deja-cli/target/deja.jar")
    ap.add_argument("--public", default="../shared/datasets/public")
    a = ap.parse_args()
    table(a.jar, "Dev calendar pairs (140)", "calendar", "datasets/dev/calendar/pairs.jsonl", 0.30, False)
    table(a.jar, "Dev calendar scenario (93 checks)", "calendar", "datasets/dev/calendar/scenario.jsonl", 0.30, True)
    table(a.jar, "Dev memory pairs (160)", "memory", "datasets/dev/memory/pairs.jsonl", 0.95, False)
    table(a.jar, "Dev memory scenario (100 checks)", "memory", "datasets/dev/memory/scenario.jsonl", 0.95, True)
    mrpc = os.path.join(a.public, "mrpc_test", "pairs.jsonl")
    if os.path.exists(mrpc):
        table(a.jar, "Held out: MRPC test split (1,725 pairs), memory preset", "memory", mrpc, 0.95, False,
              ["--ignore-field", "source_id"])

if __name__ == "__main__":
    main()
