#!/usr/bin/env bash
# Measures every row of BENCHMARKS.md's table again, one after the other on one build, so the
# figures come from one commit on one day. Needs the machine to itself for about 25 minutes
# (the clean build's rows are `packaging/measure-build.sh`'s, an hour more).
#
#   benches/every_row.sh [OUT_DIR]      # default: target/every-row; a log per row, summary.txt
set -u
cd "$(dirname "$0")/.."
out=${1:-target/every-row}
mkdir -p "$out"
summary=$out/summary.txt
echo "commit $(git rev-parse --short HEAD), $(date -u)" >"$summary"
run() {
    local name=$1 t0=$SECONDS
    shift
    echo "== $name: $*" >>"$summary"
    env "$@" >"$out/$name.log" 2>&1
    echo "   exit $?, $((SECONDS - t0)) s" >>"$summary"
}
run build cargo build --release --locked
run bench-build cargo bench --locked --no-run
stat -c '%s bytes: target/release/packdesk' target/release/packdesk >>"$summary"
run engine cargo bench --locked --bench engine
run labels cargo bench --locked --bench labels
run service_start bash benches/service_start.sh target/release/packdesk 5
run http_load_sqlite LOAD_PAIRS=6 LOAD_SECONDS=4 cargo bench --locked --bench http_load
run http_load_postgres LOAD_DATABASE=postgres LOAD_PAIRS=6 LOAD_SECONDS=4 cargo bench --locked --bench http_load
run http_load_canary LOAD_CANARY=20 LOAD_PAIRS=1 LOAD_SECONDS=4 cargo bench --locked --bench http_load
run http_load_one_connection LOAD_SECONDS=5 LOAD_RATE=1000 cargo bench --locked --bench http_load
run http_load_one_connection_postgres LOAD_DATABASE=postgres LOAD_SECONDS=5 LOAD_RATE=1000 cargo bench --locked --bench http_load
run http_load_1m_postgres LOAD_DATABASE=postgres LOAD_STORED=1000000 LOAD_PAIRS=1 LOAD_SECONDS=5 LOAD_RATE=1000 cargo bench --locked --bench http_load
run http_load_1m_sqlite LOAD_STORED=1000000 LOAD_PAIRS=1 LOAD_SECONDS=5 LOAD_RATE=1000 cargo bench --locked --bench http_load
for n in 1 2 3; do
    run "window_startup_$n" xvfb-run -a -s "-screen 0 1600x1000x24" target/release/packdesk --measure-startup
done
run app cargo bench --locked --bench app
run station PACKDESK_BENCH_FIGURES=1 cargo bench --locked --bench station
run outbox cargo bench --locked --bench outbox
run warehouse cargo bench --locked --bench warehouse
run warehouse_server cargo bench --locked --bench warehouse_server
run packer_cycle cargo bench --locked --bench packer_cycle
echo "done $(date -u)" >>"$summary"
