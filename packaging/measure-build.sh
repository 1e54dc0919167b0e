#!/usr/bin/env bash
# What a newcomer's first build costs, measured from a clean target directory: the crates
# compiled, the wall time of `cargo build --release` and of the test build (`cargo test
# --no-run`), and the size of the binary as shipped (stripped of symbols) and as built.
#
#   packaging/measure-build.sh [REV...]     # default: the working tree
#
# Each REV (a commit, tag or branch) is checked out into a temporary worktree and measured
# there, one after the other in the same run, so before/after figures come from one machine on
# one day (BENCHMARKS.md; docs/perf/build.md). Nothing is shared between them: each gets its own empty
# target directory (crates.io sources already downloaded are reused; downloading is not
# building). CARGO_BUILD_JOBS is left to cargo: every core of the machine.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

measure() {
    local label=$1 dir=$2
    local target
    target=$(mktemp -d /tmp/packdesk-measure-target.XXXXXX)
    (
        cd "$dir"
        export CARGO_TARGET_DIR=$target CARGO_TERM_COLOR=never CARGO_INCREMENTAL=0
        cargo fetch --locked >/dev/null 2>&1 || cargo fetch >/dev/null
        local t0 t1 t2
        t0=$(date +%s)
        cargo build --release --locked 2>"$target/release.log" || cargo build --release 2>"$target/release.log"
        t1=$(date +%s)
        cargo test --no-run --locked 2>"$target/test.log" || cargo test --no-run 2>"$target/test.log"
        t2=$(date +%s)
        local crates test_crates bin size stripped
        crates=$(grep -c '^ *Compiling ' "$target/release.log" || true)
        test_crates=$(grep -c '^ *Compiling ' "$target/test.log" || true)
        bin=$target/release/packdesk
        size=$(stat -c %s "$bin")
        strip -o "$target/packdesk.stripped" "$bin"
        stripped=$(stat -c %s "$target/packdesk.stripped")
        printf '%s\trelease: %d crates in %dm%02ds\ttest build: %d crates in %dm%02ds\tbinary: %.1f MB (%.1f MB stripped)\n' \
            "$label" "$crates" $(((t1 - t0) / 60)) $(((t1 - t0) % 60)) \
            "$test_crates" $(((t2 - t1) / 60)) $(((t2 - t1) % 60)) \
            "$(awk "BEGIN{print $size / 1e6}")" "$(awk "BEGIN{print $stripped / 1e6}")"
    )
    rm -rf "$target"
}

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); $(rustc --version); $(date -u +%F)"
if [ $# -eq 0 ]; then
    measure "working tree ($(git rev-parse --short HEAD))" "$repo"
    exit 0
fi
for rev in "$@"; do
    worktree=$(mktemp -d /tmp/packdesk-measure-tree.XXXXXX)
    git worktree add --detach "$worktree" "$rev" >/dev/null 2>&1
    measure "$rev ($(git rev-parse --short "$rev"))" "$worktree"
    git worktree remove --force "$worktree"
done
