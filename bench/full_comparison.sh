#!/usr/bin/env bash
# Measures racehunt (auto and each engine alone) next to ThreadSanitizer and
# valgrind's Helgrind on the same tasks in one run, then prints the tables
# side by side.  Usage: bench/full_comparison.sh [TIMEOUT] [DIR...]
set -euo pipefail
cd "$(dirname "$0")/.."
timeout=${1:-30}
shift || true
out=$(python3 -c 'import sys; sys.path.insert(0, "bench"); import tables; print(tables.results_dir("comparison"))')
mkdir -p "$out"
run() { # NAME ARGS...
    local name=$1
    shift
    echo "== $name"
    python3 bench/run_bench.py --timeout "$timeout" --jobs 2 --tsv "$out/$name.tsv" "$@" "${DIRS[@]}" | tail -4
}
DIRS=("$@")
run auto
for e in static bmc dynamic; do run "$e" --engine "$e"; done
run tsan --tool tsan
run helgrind --tool helgrind
python3 bench/compare.py "$out"/{auto,static,bmc,dynamic,tsan,helgrind}.tsv | tee "$out/comparison.txt"
