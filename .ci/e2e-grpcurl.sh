#!/usr/bin/env bash
# End-to-end check of a real `shield serve` process driven by grpcurl with no
# proto files: list, describe, health, Consult on every example, a bad
# request that must be INVALID_ARGUMENT, then SIGTERM and a clean exit.
# Usage: .ci/e2e-grpcurl.sh SHIELD_BINARY GRPCURL_BINARY
set -euo pipefail
shield=$1
grpcurl=$2
work=$(mktemp -d)
trap 'kill -9 "${pid:-}" 2>/dev/null || true; rm -rf "$work"' EXIT

fail() { echo "e2e: FAIL: $*" >&2; echo "--- server log:" >&2; cat "$work/stderr" >&2 || true; exit 1; }

"$shield" serve --listen 127.0.0.1:0 --shutdown-drain 100ms 2>"$work/stderr" &
pid=$!
addr=""
for _ in $(seq 1 100); do
  addr=$(sed -n 's/.*"msg":"serving","addr":"\([^"]*\)".*/\1/p' "$work/stderr" | head -n1)
  [ -n "$addr" ] && break
  kill -0 "$pid" 2>/dev/null || fail "server exited before serving"
  sleep 0.1
done
[ -n "$addr" ] || fail "server did not report its address"
echo "e2e: shield serving on $addr"

g() { "$grpcurl" -plaintext -max-time 10 "$@"; }

services=$(g "$addr" list) || fail "list"
for s in shield.v1.ShieldService grpc.health.v1.Health grpc.reflection.v1.ServerReflection; do
  grep -qx "$s" <<<"$services" || fail "list does not show $s: $services"
done
g "$addr" describe shield.v1.ShieldService.Consult | grep -q 'rpc Consult' || fail "describe Consult"
g "$addr" describe shield.v1.Case | grep -q 'counterparty' || fail "describe Case"
g -d '{}' "$addr" grpc.health.v1.Health/Check | grep -q '"SERVING"' || fail "health"
g -d '{"service":"shield.v1.ShieldService"}' "$addr" grpc.health.v1.Health/Check | grep -q '"SERVING"' || fail "service health"

n=0
for f in examples/*.json; do
  out="$work/$(basename "$f" .json).response.json"
  g -d @ "$addr" shield.v1.ShieldService/Consult <"$f" >"$out" || fail "Consult $f"
  python3 - "$out" "$work/record-$n.json" <<'PY' || fail "extract record of $f"
import json, sys
resp = json.load(open(sys.argv[1]))
json.dump(resp["record"], open(sys.argv[2], "w"))
assert resp["record"]["inputDigest"] == resp["inputDigest"]
assert resp["record"]["analysis"]["disposition"].upper() in resp["analysis"]["disposition"]
PY
  want=$("$shield" digest "$f")
  grep -q "\"inputDigest\": \"$want\"" "$out" || fail "digest of $f differs from 'shield digest'"
  n=$((n + 1))
done
"$shield" validate "$work"/record-*.json >/dev/null || fail "records do not validate"
echo "e2e: $n examples answered with schema-valid records"

# A client in another language, built from proto/ alone.
if [ -n "${NODE_CLIENT:-}" ]; then
  node examples/clients/node/consult.js "$addr" examples/vendor-bank-change.json >"$work/node-record.json" || fail "node client"
  "$shield" validate "$work/node-record.json" >/dev/null || fail "node client's record does not validate"
  echo "e2e: the Node.js client built from proto/ got a schema-valid record"
fi

set +e
bad=$(g -d '{"agentId":"","case":{"message":""}}' "$addr" shield.v1.ShieldService/Consult 2>&1)
set -e
grep -q 'InvalidArgument' <<<"$bad" || fail "bad request was not INVALID_ARGUMENT: $bad"
grep -q 'agent_id' <<<"$bad" || fail "bad request error does not name agent_id: $bad"

kill -TERM "$pid"
set +e
wait "$pid"
code=$?
set -e
pid=""
[ "$code" -eq 0 ] || fail "exit code $code after SIGTERM"
grep -q '"msg":"stopped"' "$work/stderr" || fail "no clean stop in the log"
echo "e2e: SIGTERM gave a clean exit"
echo "e2e: 1 passed, 0 failed"
