#!/bin/bash
# Time from starting `packdesk serve` to its first answered request, in ms, on a fresh data
# directory: the rate tables (all national tariffs) loaded, the store created, the port bound.
# Usage: benches/service_start.sh BINARY [RUNS] [PORT]; compare two builds by alternating them.
set -euo pipefail
bin=$1
runs=${2:-5}
port=${3:-8799}
for _ in $(seq "$runs"); do
    dir=$(mktemp -d)
    start=$(date +%s%N)
    "$bin" serve --addr "127.0.0.1:$port" --data-dir "$dir" >/dev/null 2>&1 &
    pid=$!
    until curl -sf -o /dev/null "http://127.0.0.1:$port/openapi.json"; do sleep 0.002; done
    end=$(date +%s%N)
    echo $(((end - start) / 1000000))
    kill "$pid"
    wait "$pid" 2>/dev/null || true
    rm -rf "$dir"
done
