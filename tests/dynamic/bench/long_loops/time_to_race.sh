#!/bin/sh
# time_to_race.sh RACEHUNT - wall time of racehunt's default command on each
# long-loop racy program here (Juliet style: a million unprotected
# increments), and whether it reported the race.  Not a test: a benchmark
# of how fast the dynamic runs find a race in a long loop.
RH=${1:?usage: time_to_race.sh RACEHUNT}
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
for f in "$HERE"/*.c; do
    s=$(date +%s.%N)
    timeout 120 "$RH" "$f" >"$OUT" 2>&1
    e=$(date +%s.%N)
    printf "%-26s %6.2f s  %s\n" "$(basename "$f")" "$(echo "$e - $s" | bc)" \
        "$(grep -q '^SUMMARY: racehunt: data race' "$OUT" && echo race || echo 'no race')"
done
