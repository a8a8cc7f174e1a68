#!/usr/bin/env python3
"""The compound-aware fuzzy stage of the glossary preset: each candidate measure in the `compound` stage (after the
design's Jaccard stage), with the dataset's rules, on the dev definitions scenario: precision, recall, F1, exact-set
accuracy at the best threshold, and per fuzzy category. Prints markdown. Usage: scripts/eval-glossary.py [--jar J]
"""
import argparse, json, subprocess, sys

CANDIDATES = [("compound", "standard"), ("trigram", "standard"), ("levenshtein", "compound"),
              ("jaro_winkler", "compound"), ("sequence", "compound")]
CATS = ["fuzzy_compound", "fuzzy_typo", "fuzzy_word_order", "fuzzy_negative"]

def run(jar, args):
    out = subprocess.run(["java", "-jar", jar] + args, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("deja failed: " + " ".join(args) + "\n" + out.stderr)
    return json.loads(out.stdout)

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jar", default="deja-cli/target/deja.jar")
    a = ap.parse_args()
    base = ["eval", "--preset", "glossary", "--config", "examples/glossary-dataset-rules.yaml", "--data",
            "datasets/dev/definitions/scenario.jsonl", "--stage", "compound", "--json"]
    print("| compound-stage measure | analyzer | best threshold | P | R | F1 | exact-set | " +
          " | ".join(CATS) + " |")
    print("|---" * (7 + len(CATS)) + "|")
    none = run(a.jar, base + ["--set", "stages.compound.enabled=false"])
    cats = none.get("categories", {})
    print("| (none: exact → synonym → Jaccard only) | — | — | %.3f | %.3f | %.3f | %.3f | %s |" % (
        none["precision"], none["recall"], none["f1"], none["exact_set_accuracy"],
        " | ".join("%.2f" % cats[c]["exact_set_accuracy"] for c in CATS)))
    for m, analyzer in CANDIDATES:
        sw = run(a.jar, base + ["--measure", m, "--set", "stages.compound.analyzer=" + analyzer, "--sweep"])
        t = sw["best_threshold"]
        r = run(a.jar, base + ["--measure", m, "--threshold", str(t), "--set", "stages.compound.analyzer=" + analyzer])
        cats = r.get("categories", {})
        print("| `%s` | `%s` | %.2f | %.3f | %.3f | %.3f | %.3f | %s |" % (m, analyzer, t, r["precision"], r["recall"],
              r["f1"], r["exact_set_accuracy"], " | ".join("%.2f" % cats[c]["exact_set_accuracy"] for c in CATS)))
    shipped = run(a.jar, base[:-3] + ["--json"])
    cats = shipped.get("categories", {})
    print("| **shipped**: `compound` ≥ 0.85 | `standard` | 0.85 | %.3f | %.3f | %.3f | %.3f | %s |" % (
        shipped["precision"], shipped["recall"], shipped["f1"], shipped["exact_set_accuracy"],
        " | ".join("%.2f" % cats[c]["exact_set_accuracy"] for c in CATS)))

if __name__ == "__main__":
    main()
