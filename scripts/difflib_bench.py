#!/usr/bin/env python3
"""Time CPython's difflib.SequenceMatcher(None, a, b).ratio() on the pair files of MeasureBenchmark.

Usage: /usr/bin/python3 scripts/difflib_bench.py [--json OUT] PAIRS.tsv...

Each file holds "a<TAB>b" lines (lines starting with # are comments), as in
deja-bench/src/main/resources/bench/pairs-*.tsv. For each file, timeit runs one pass over all pairs (a new
SequenceMatcher per pair, as the Java measure does) enough times to take about 0.2 s, repeats that 7 times, and reports
the best repeat divided by the number of pairs: nanoseconds per comparison. The best repeat is timeit's advice: slower
repeats measure interference from other processes, not difflib. Prints one line per file; --json also writes
{"files": {path: {"pairs": n, "ns_per_comparison": best, "all_repeats_ns": [...]}}, "python": version}.
"""

import argparse
import difflib
import json
import sys
import timeit


def read_pairs(path):
    pairs = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            a, b = line.split("\t")
            pairs.append((a, b))
    return pairs


def compare_all(pairs):
    total = 0.0
    for a, b in pairs:
        total += difflib.SequenceMatcher(None, a, b).ratio()
    return total


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", help="write the results to this file as JSON")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("files", nargs="+")
    args = parser.parse_args(argv)

    results = {}
    for path in args.files:
        pairs = read_pairs(path)
        timer = timeit.Timer(lambda: compare_all(pairs))
        number, _ = timer.autorange()  # passes per repeat so that one repeat takes at least 0.2 s
        repeats = timer.repeat(repeat=args.repeat, number=number)
        per_comparison = [t / number / len(pairs) * 1e9 for t in repeats]
        results[path] = {"pairs": len(pairs), "ns_per_comparison": min(per_comparison),
                         "all_repeats_ns": per_comparison}
        print("%s: %d pairs, %.0f ns per comparison (best of %d)" % (path, len(pairs), min(per_comparison),
                                                                      args.repeat))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"python": sys.version, "files": results}, out, indent=2)


if __name__ == "__main__":
    main(sys.argv[1:])
