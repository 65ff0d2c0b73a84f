#!/usr/bin/env bash
# Builds the fuzz targets (clang-16, libFuzzer, ASan+UBSan; build dir
# build-fuzz/ or FUZZ_BUILD_DIR) and runs each for SECONDS (default 15):
# first the inputs of regress/TARGET/ once each (findings fixed before),
# then libFuzzer from the seeds of corpus/TARGET/ in a scratch corpus, so
# the tree is never written; as many targets at a time as there are cores.
# Any crash, leak, sanitizer report or input slower than 10 s fails the
# run; the input is kept in BUILD/fuzz-artifacts/.  Usage: tests/fuzz/run.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/../.."
SECONDS_EACH=${1:-15}
shift || true
BUILD=${FUZZ_BUILD_DIR:-build-fuzz}
if [ ! -f "$BUILD/CMakeCache.txt" ]; then
    CC=clang-16 cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DRH_FUZZ=ON >/dev/null
fi
cmake --build "$BUILD" --target rh_fuzz_all -j "$(nproc)" >/dev/null
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    for src in tests/fuzz/fuzz_*.c; do
        targets+=("$(basename "$src" .c | sed 's/^fuzz_//')")
    done
fi
artifacts="$(pwd)/$BUILD/fuzz-artifacts" # absolute: the targets work in a directory of their own
mkdir -p "$artifacts"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# one target: its regression inputs, then libFuzzer; prints one line, and
# returns non-zero on a finding
run_target() {
    local t=$1 bin="$BUILD/tests/fuzz/fuzz_$1"
    if [ -d "tests/fuzz/regress/$t" ] && [ -n "$(ls -A "tests/fuzz/regress/$t")" ]; then
        if ! "$bin" -runs=1 "$(pwd)/tests/fuzz/regress/$t"/* >"$scratch/$t.regress.log" 2>&1; then
            tail -40 "$scratch/$t.regress.log"
            echo "fuzz: $t: a regression input fails" >&2
            return 1
        fi
    fi
    local dict=()
    [ -f "tests/fuzz/$t.dict" ] && dict=(-dict="$(pwd)/tests/fuzz/$t.dict")
    mkdir -p "$scratch/$t"
    cp -r "tests/fuzz/corpus/$t/." "$scratch/$t/"
    if ! "$bin" -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -close_fd_mask=1 -print_final_stats=1 -artifact_prefix="$artifacts/$t-" "${dict[@]}" \
        "$scratch/$t" >"$scratch/$t.log" 2>&1; then
        tail -60 "$scratch/$t.log"
        echo "fuzz: $t: finding kept in $artifacts" >&2
        return 1
    fi
    local runs
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$scratch/$t.log" | grep -o '[0-9]*$' || echo '?')
    echo "fuzz: $t: $runs executions in ${SECONDS_EACH}s, no finding"
}
# as many targets at once as there are cores: each is one process
jobs_max=$(nproc)
start=$(date +%s)
failed=""
declare -A pid_of
for t in "${targets[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do
        wait -n || true
    done
    run_target "$t" &
    pid_of[$t]=$!
done
for t in "${targets[@]}"; do
    wait "${pid_of[$t]}" || failed="$failed $t"
done
echo "fuzz: ${#targets[@]} targets in $(($(date +%s) - start)) s${failed:+; failed:$failed}"
[ -z "$failed" ]
