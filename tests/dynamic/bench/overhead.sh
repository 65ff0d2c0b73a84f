#!/bin/sh
# overhead.sh RACEHUNT - slowdown of one instrumented, serialised run of
# cpu_bound.c against its native build (both clang-16 -O1): wall time and
# CPU time (user+system), best of 5 each.  The instrumented binary runs with
# the PCT strategy and no trace, as one run of the dynamic engine does minus
# its event log.  ThreadSanitizer (gcc -fsanitize=thread -O1) is timed on
# the same program for reference when gcc can build it.
set -e
RH=${1:?usage: overhead.sh RACEHUNT}
HERE=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export RACEHUNT_CACHE="$TMP/cache"
clang-16 -O1 -pthread -w "$HERE/cpu_bound.c" -o "$TMP/native"
"$RH" run --timeout=600 "$HERE/cpu_bound.c" >/dev/null 2>&1 || true   # builds and caches
BIN=$(ls -d "$TMP"/cache/*/prog | head -1)
TSAN=
if gcc -fsanitize=thread -O1 -pthread -w "$HERE/cpu_bound.c" -o "$TMP/tsan" 2>/dev/null; then TSAN="$TMP/tsan"; fi
python3 - "$TMP/native" "$BIN" "$TMP/out" "$TSAN" <<'PY'
import os, resource, subprocess, sys, time
native, inst, out, tsan = sys.argv[1:5]
def best(cmd, env=None):
    walls, cpus = [], []
    for _ in range(5):
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.time()
        subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        walls.append(time.time() - t0)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime)
    return min(walls), min(cpus)
env = dict(os.environ, RH_RT_STRATEGY="pct", RH_RT_MAX_STEPS="0", RH_RT_TRACE="0", RH_RT_OUT=out)
nw, nc = best([native])
iw, ic = best([inst], env)
print("native        wall %.3f s  cpu %.3f s" % (nw, nc))
print("instrumented  wall %.3f s  cpu %.3f s   slowdown: wall %.1fx, cpu %.1fx" % (iw, ic, iw / nw, ic / nc))
if tsan:
    tw, tc = best([tsan])
    print("tsan (gcc)    wall %.3f s  cpu %.3f s   slowdown: wall %.1fx, cpu %.1fx" % (tw, tc, tw / nw, tc / nc))
PY
