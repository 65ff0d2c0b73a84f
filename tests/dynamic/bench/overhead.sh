#!/bin/sh
# overhead.sh RACEHUNT - slowdown of one instrumented, serialised run of
# cpu_bound.c against its native build (both clang-16 -O1).  Prints the
# native time, the instrumented binary's time (PCT strategy, no trace) and
# the time of `racehunt run` (which also logs the first 100000 events).
set -e
RH=${1:?usage: overhead.sh RACEHUNT}
HERE=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export RACEHUNT_CACHE="$TMP/cache"
clang-16 -O1 -pthread -w "$HERE/cpu_bound.c" -o "$TMP/native"
best() { # best wall time of 3 runs of "$@", in seconds
    b=
    for i in 1 2 3; do
        s=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; e=$(date +%s.%N)
        t=$(echo "$e - $s" | bc -l)
        if [ -z "$b" ] || [ "$(echo "$t < $b" | bc -l)" = 1 ]; then b=$t; fi
    done
    echo "$b"
}
"$RH" run --timeout=600 "$HERE/cpu_bound.c" >/dev/null 2>&1 || true   # builds and caches
BIN=$(ls -d "$TMP"/cache/*/prog | head -1)
native=$(best "$TMP/native")
export RH_RT_STRATEGY=pct RH_RT_MAX_STEPS=0 RH_RT_TRACE=0 RH_RT_OUT="$TMP/out"
inst=$(best "$BIN")
unset RH_RT_STRATEGY RH_RT_MAX_STEPS RH_RT_TRACE RH_RT_OUT
run=$(best "$RH" run --timeout=600 "$HERE/cpu_bound.c")
printf 'native            %.3f s\n' "$native"
printf 'instrumented run  %.3f s  (%.1fx)\n' "$inst" "$(echo "$inst / $native" | bc -l)"
printf 'racehunt run      %.3f s  (%.1fx, includes the front end and the trace)\n' "$run" "$(echo "$run / $native" | bc -l)"
