#!/usr/bin/env bash
# A memory check's latency in process, with the candidates scored on one core and on all of them, alternated, and the
# model alone (docs/PERFORMANCE.md, "Memory checks with the pair classifier"). Not part of the build.
#   scripts/check-latency/run.sh [ROUNDS]     (ROUNDS alternations, default 2)
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR=deja-cli/target/deja.jar
[ -f "$JAR" ] || mvn -B -q -pl deja-cli -am package -DskipTests
OUT=$(mktemp -d)
javac -d "$OUT" -cp "$JAR" scripts/check-latency/CheckLatency.java
J="java -XX:+UseParallelGC -Ddeja.embed.cache=1 -cp $JAR:$OUT"
for i in $(seq 1 "${1:-2}"); do
  for t in 1 0; do
    threads=$t; [ "$t" = 0 ] && threads=$(nproc)
    echo "deja.score.threads=$threads"
    $J -Ddeja.score.threads="$threads" CheckLatency 2>/dev/null
  done
done
$J CheckLatency embed 2>/dev/null
