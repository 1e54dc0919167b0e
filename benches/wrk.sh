#!/usr/bin/env bash
# An independent load generator beside benches/http_load.rs: wrk posts the typical cart to
# `packdesk serve` (closed loop; wrk reports latency percentiles of what it sent).
#   benches/wrk.sh BINARY [DATABASE] [SECONDS] [CONNECTIONS]
# BINARY: a release build (cargo build --release --bin packdesk); DATABASE: a --database value
# (default: a SQLite file in a temporary data directory; postgres://… with PGPASSWORD set).
set -euo pipefail
bin=${1:?usage: benches/wrk.sh BINARY [DATABASE] [SECONDS] [CONNECTIONS]}
database=${2:-}
seconds=${3:-5}
connections=${4:-32}
here=$(cd "$(dirname "$0")" && pwd)
data=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
key=wrk-bench-api-key-0001
args=(serve --addr "127.0.0.1:$port" --data-dir "$data" --api-key "$key" --access-token wrk-bench-access-token)
[ -n "$database" ] && args+=(--database "$database")
"$bin" "${args[@]}" >"$data/serve.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 100); do
    curl -s -o /dev/null "http://127.0.0.1:$port/openapi.json" && break
    sleep 0.1
done
CART="$here/wrk/typical_cart.json" API_KEY=$key \
    wrk -t1 -c"$connections" -d"${seconds}s" --latency -s "$here/wrk/landed_cost.lua" \
    "http://127.0.0.1:$port/v1/landed-cost"
