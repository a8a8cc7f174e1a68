#!/usr/bin/env bash
# Runs conformance.mjs — the MCP TypeScript SDK's client over streamable HTTP and the openai npm client through the
# chat proxy — against a real `deja serve` (the runnable jar) and the project's fake upstream LLM. Needs node and npm.
#   scripts/conformance/run.sh        (prints one ok/FAIL line per check; exit 1 on any failure)
# Ports: 18818 and 18819 for two servers (one whose upstream is down), 18901 for the fake upstream.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="$(mktemp -d)"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

(cd "$here" && npm install --no-audit --no-fund --silent)
"$root/deja" --version >/dev/null   # builds the jar when it is stale
(cd "$root" && mvn -q -B -o -pl deja-testkit -am compile -DskipTests)
java -cp "$root/deja-testkit/target/classes" dev.deja.testkit.FakeUpstream --port 18901 >"$work/fake.log" 2>&1 &
pids+=($!)
admin=conformance-admin-key-0123456789
DEJA_ADMIN_KEY=$admin "$root/deja" serve --data "$work/a" --port 18818 --upstream http://127.0.0.1:18901/v1 \
  >"$work/a.log" 2>&1 &
pids+=($!)
DEJA_ADMIN_KEY=$admin "$root/deja" serve --data "$work/b" --port 18819 --upstream http://127.0.0.1:1/v1 \
  >"$work/b.log" 2>&1 &
pids+=($!)
key() {
  for _ in $(seq 1 120); do
    if k=$(curl -sf -X POST "http://127.0.0.1:$1/v1/admin/keys" -H "Authorization: Bearer $admin" \
      -H 'content-type: application/json' -d '{"tenant":"conformance"}'); then
      echo "$k" | sed 's/.*"key":"\([^"]*\)".*/\1/'
      return
    fi
    sleep 1
  done
  echo "server on port $1 did not start" >&2
  exit 1
}
KEY=$(key 18818) KEY2=$(key 18819) BASE=http://127.0.0.1:18818 DOWN=http://127.0.0.1:18819 \
  node "$here/conformance.mjs"
