#!/usr/bin/env bash
# Times every built-in string measure with JMH (MeasureBenchmark) and CPython's difflib on the same pairs, and prints
# a table: measure, ns per comparison on short calendar titles and on ~200-character sentences, and for `sequence`
# how many times slower CPython's difflib is than the Java port.
#
# Usage: scripts/bench-measures.sh            (from anywhere; results go to deja-bench/target/bench-measures/)
# Env:   JMH_ARGS  overrides the JMH settings (default: -f 1 -wi 3 -i 5 -w 1s -r 1s)
#        PYTHON    the interpreter for difflib (default: /usr/bin/python3)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
jar=deja-bench/target/benchmarks.jar
out=deja-bench/target/bench-measures
python="${PYTHON:-/usr/bin/python3}"
jmh_args="${JMH_ARGS:--f 1 -wi 3 -i 5 -w 1s -r 1s}"
short=deja-bench/src/main/resources/bench/pairs-short.tsv
long=deja-bench/src/main/resources/bench/pairs-long.tsv

# Build the jar when it is missing or older than any source of deja-core or deja-bench.
if [[ ! -f "$jar" ]] || [[ -n "$(find deja-core/src/main deja-core/pom.xml deja-bench/src/main deja-bench/pom.xml pom.xml \
    -newer "$jar" -type f -print -quit)" ]]; then
  echo "building $jar" >&2
  mvn -q -B -pl deja-bench -am package -DskipTests
fi

mkdir -p "$out"
echo "JMH: java -jar $jar MeasureBenchmark $jmh_args -rf json -rff $out/jmh.json" >&2
# shellcheck disable=SC2086 # JMH_ARGS is a list of arguments
java -jar "$jar" MeasureBenchmark $jmh_args -rf json -rff "$out/jmh.json" > "$out/jmh.log"
tail -n 15 "$out/jmh.log" >&2

echo "difflib: $python scripts/difflib_bench.py --json $out/difflib.json $short $long" >&2
"$python" scripts/difflib_bench.py --json "$out/difflib.json" "$short" "$long" >&2

"$python" - "$out/jmh.json" "$out/difflib.json" "$short" "$long" <<'PY'
import json
import sys

import statistics

jmh_path, difflib_path, short, long_ = sys.argv[1:]
scores = {}
errors = {}
medians = {}
for run in json.load(open(jmh_path)):
    p = run["params"]
    key = (p["measure"], p["pairs"])
    scores[key] = run["primaryMetric"]["score"]
    errors[key] = run["primaryMetric"]["scoreError"]
    # The median of the measured iterations, which one disturbed iteration cannot move much.
    medians[key] = statistics.median(v for fork in run["primaryMetric"]["rawData"] for v in fork)
py = json.load(open(difflib_path))["files"]
py_short, py_long = py[short]["ns_per_comparison"], py[long_]["ns_per_comparison"]

def cell(m, kind):
    s, e, med = scores[(m, kind)], errors[(m, kind)], medians[(m, kind)]
    mean = "%.0f ± %.0f" % (s, e) if e == e else "%.0f" % s  # the error is NaN when there is one iteration
    return "%s (median %.0f)" % (mean, med)

print("ns per comparison: JMH mean ± 99.9 % error (median of the measured iterations)")
print()
print("| measure | short titles | ~200-char sentences | CPython difflib / Java (on medians) |")
print("| --- | ---: | ---: | --- |")
for m in sorted({m for m, _ in scores}):
    ratio = ""
    if m == "sequence":
        ratio = "%.1f× (short), %.1f× (long)" % (py_short / medians[(m, "short")], py_long / medians[(m, "long")])
    print("| %s | %s | %s | %s |" % (m, cell(m, "short"), cell(m, "long"), ratio))
print("| CPython 3 difflib `ratio()`, best of 7 | %.0f | %.0f | |" % (py_short, py_long))
PY
