#!/usr/bin/env bash
# Record linkage / batch de-duplication benchmark: runs `deja dedupe` with the shipped example configuration for SET on
# RECORDS and writes the linked pairs to OUT, one JSON line each: {"left": id, "right": id}.
#   scripts/linkage-bench.sh SET RECORDS OUT
#   SET: dblp_acm (two sources told apart by the records' `source` field, linked one to one: examples/papers-record.yaml)
#        or febrl (person records, de-duplication: examples/persons-record.yaml)
#   RECORDS: a records.jsonl in the format of ../shared/datasets/public/ (datasets/README.md)
# Prints Deja's wall time and peak memory (GNU time). When a truth.jsonl sits next to RECORDS, scores the links (pairs
# precision, recall, F1). When Duke's peer folder exists (DUKE_HOME, default ../shared/peers/duke beside the
# repository), runs Duke on the same records in the same run and scores it with the same scorer, for a side-by-side
# figure. Needs java, python3 and GNU time; builds `deja` on first use.
# Environment: JAVA_OPTS (e.g. -Xmx4g), DUKE_HOME, NO_DUKE=1 (skip Duke).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [[ $# -ne 3 ]]; then
  echo "usage: scripts/linkage-bench.sh SET RECORDS OUT   (SET: dblp_acm or febrl)" >&2
  exit 2
fi
set_="$1"; records="$2"; out="$3"
case "$set_" in
  dblp_acm) config="$root/examples/papers-record.yaml"; extra=(--across source --one-to-one);;
  febrl) config="$root/examples/persons-record.yaml"; extra=();;
  *) echo "linkage-bench: SET must be dblp_acm or febrl, got '$set_'" >&2; exit 2;;
esac
if [[ ! -f "$records" ]]; then
  echo "linkage-bench: $records: no such file" >&2
  exit 2
fi
if [[ ! -x /usr/bin/time ]]; then
  echo "linkage-bench: GNU time (/usr/bin/time) is needed to measure peak memory: apt-get install time" >&2
  exit 2
fi
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
"$root/deja" --version >/dev/null   # build first, so that the build is not timed

# deja dedupe exits 1 when it finds duplicates: that is success here.
set +e
/usr/bin/time -f "deja: wall %e s, max rss %M KB" "$root/deja" dedupe --preset text --config "$config" "${extra[@]}" \
  --json "$records" >"$work/deja.json" 2>"$work/deja.err"
rc=$?
set -e
grep -v '^\s*$' "$work/deja.err" | grep -v '^\[' >&2 || true
if [[ $rc -ne 0 && $rc -ne 1 ]]; then
  echo "linkage-bench: deja dedupe failed (exit $rc)" >&2
  exit "$rc"
fi
python3 - "$work/deja.json" "$out" <<'PY'
import json, sys
r = json.load(open(sys.argv[1], encoding="utf-8"))
pairs = set()
for c in r["clusters"]:
    for l in c["links"]:
        pairs.add(tuple(sorted((l["a"], l["b"]))))
for l in r["related_not_merged"]:
    pairs.add(tuple(sorted((l["a"], l["b"]))))
with open(sys.argv[2], "w", encoding="utf-8") as o:
    for a, b in sorted(pairs):
        o.write(json.dumps({"left": a, "right": b}) + "\n")
print(f"deja: {len(pairs)} links written to {sys.argv[2]}", file=sys.stderr)
PY

truth="$(dirname "$records")/truth.jsonl"
score() {  # score LINKS NAME
  python3 - "$1" "$truth" "$2" <<'PY'
import json, sys
def pairs(path):
    return {tuple(sorted((d["left"], d["right"]))) for d in (json.loads(l) for l in open(path, encoding="utf-8") if l.strip())}
got, truth, name = pairs(sys.argv[1]), pairs(sys.argv[2]), sys.argv[3]
tp = len(got & truth); p = tp / len(got) if got else 0.0; r = tp / len(truth) if truth else 0.0
f = 2 * p * r / (p + r) if p + r else 0.0
print(f"{name}: links precision {p:.4f} recall {r:.4f} F1 {f:.4f} (tp {tp}, fp {len(got) - tp}, fn {len(truth) - tp})", file=sys.stderr)
PY
}
[[ -f "$truth" ]] && score "$out" deja

duke="${DUKE_HOME:-$root/../shared/peers/duke}"
if [[ "${NO_DUKE:-0}" != "1" && -x "$duke/run-duke.sh" ]]; then
  bash "$duke/run-duke.sh" "$set_" "$records" "$work/duke.jsonl"
  [[ -f "$truth" ]] && score "$work/duke.jsonl" duke
fi
