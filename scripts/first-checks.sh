#!/bin/bash
# The first checks after a start (docs/PERFORMANCE.md): starts `deja serve` on a fresh data directory, waits 3 s after
# /health answers, then times three memory checks (each followed by a put of the same text) with curl's time_total.
# Usage: scripts/first-checks.sh [port]   (from the repository root, after `mvn -q -B -pl deja-cli -am package -DskipTests`)
set -euo pipefail
PORT=${1:-18191}
DATA=$(mktemp -d)
ADMIN=first-checks-admin-key-0123456789
DEJA_ADMIN_KEY=$ADMIN DEJA_SERVER_RATE_LIMITS_ENABLED=false DEJA_SERVER_PORT=$PORT \
  java -DOPT_OUT_TRACKING=true -Dai.djl.offline=true -jar deja-cli/target/deja.jar serve --data "$DATA" \
  > "$DATA.log" 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null; wait $PID 2>/dev/null; rm -rf "$DATA" "$DATA.log"' EXIT
for _ in $(seq 1 240); do curl -s -o /dev/null "localhost:$PORT/health" && break; sleep 0.25; done
sleep 3
KEY=$(curl -s -X POST "localhost:$PORT/v1/admin/keys" -H "Authorization: Bearer $ADMIN" \
  -H 'Content-Type: application/json' -d '{"tenant":"first-checks"}' \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["key"])')
for t in "My sister Ana is allergic to sesame." "Ana, my sister, has a sesame allergy." \
    "I take the 8:12 train to work every weekday."; do
  body=$(python3 -c 'import json,sys; print(json.dumps({"content": sys.argv[1]}))' "$t")
  curl -s -o /dev/null -w "check %{http_code} %{time_total} s\n" -X POST "localhost:$PORT/v1/memories/check-duplicate" \
    -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' -d "$body"
  curl -s -o /dev/null -w "put   %{http_code} %{time_total} s\n" -X POST "localhost:$PORT/v1/memories" \
    -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' -d "$body"
done
