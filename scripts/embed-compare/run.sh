#!/usr/bin/env bash
# Issue 3's MiniLM latency cross-checks (docs/PERFORMANCE.md, "Embeddings"). Not part of the build: needs the
# packaged deja.jar and langchain4j's embedding classes (fetched once with mvn dependency:get from Maven Central).
#   scripts/embed-compare/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR=deja-cli/target/deja.jar
[ -f "$JAR" ] || mvn -B -q -pl deja-cli -am package -DskipTests
R=~/.m2/repository/dev/langchain4j
for a in langchain4j-core:1.19.0 langchain4j-embeddings:1.19.0-beta29; do
  mvn -B -q dependency:get -Dartifact=dev.langchain4j:$a -Dtransitive=false
done
CP="$JAR:$R/langchain4j-core/1.19.0/langchain4j-core-1.19.0.jar:$R/langchain4j-embeddings/1.19.0-beta29/langchain4j-embeddings-1.19.0-beta29.jar"
OUT=$(mktemp -d)
javac -d "$OUT" -cp "$CP" scripts/embed-compare/*.java
J="java -DOPT_OUT_TRACKING=true -Dai.djl.offline=true -cp $CP:$OUT"
$J LangchainVsDeja 2>/dev/null
$J OptLevels all-minilm-l6-v2.onnx ALL_OPT,EXTENDED_OPT,BASIC_OPT 3000 2>/dev/null
