#!/bin/sh
# realworld_overhead.sh RACEHUNT REALWORLD [RUNS] - the cost of a `racehunt cc` build of two real
# programs beside their native and ThreadSanitizer builds, in one run: CPU (user + system) and wall
# of the whole process, median of RUNS runs (default 7) taken in turn (native, ThreadSanitizer,
# racehunt, native, ...), so that a drift of the machine's speed hits the three alike, and the
# pair-by-pair median of racehunt / ThreadSanitizer.  The bar (issue 26): racehunt's CPU at most
# ThreadSanitizer's, its wall at most twice.
#
# REALWORLD holds fzy/main.c and pigz/main.c, each program's sources merged into one file
# (github.com/jhawthorn/fzy, github.com/madler/pigz).  All three builds are clang-16 -O2 (racehunt
# cc -O2; ThreadSanitizer -fsanitize=thread); pigz's two zopfli calls, reached only with -11, get a
# stub.  Workloads: fzy -e lib -j 4 filtering the first 139,830 lines of `find /usr -xdev`; pigz
# -p 4 -c compressing the first 21 MB of /usr/bin's files, and -p 4 -d -c decompressing the
# native build's output.  Each build's output is checked against the native build's.
set -e
RH=${1:?usage: realworld_overhead.sh RACEHUNT REALWORLD [RUNS]}
RW=${2:?usage: realworld_overhead.sh RACEHUNT REALWORLD [RUNS]}
RUNS=${3:-7}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export RACEHUNT_CACHE="$TMP/cache"
cat > "$TMP/zopfli_stub.c" <<'EOF'
/* pigz's zopfli entry points, reached only with -11 */
#include <stddef.h>
#include <stdlib.h>
typedef struct ZopfliOptions ZopfliOptions;
void ZopfliInitOptions(ZopfliOptions *o) { (void)o; }
void ZopfliDeflatePart(const ZopfliOptions *o, int btype, int final, const unsigned char *in,
                       size_t instart, size_t inend, unsigned char *bp, unsigned char **out,
                       size_t *outsize)
{
    (void)o, (void)btype, (void)final, (void)in, (void)instart, (void)inend, (void)bp, (void)out;
    (void)outsize;
    abort();
}
EOF
clang-16 -O2 -w -c "$TMP/zopfli_stub.c" -o "$TMP/zopfli_stub.o"
for v in native tsan rh; do
    case $v in
    native) CC="clang-16 -O2" ;;
    tsan) CC="clang-16 -O2 -fsanitize=thread" ;;
    rh) CC="$RH cc -O2" ;;
    esac
    $CC -w "$RW/fzy/main.c" -o "$TMP/fzy.$v" -lm -lpthread
    $CC -w "$RW/pigz/main.c" "$TMP/zopfli_stub.o" -o "$TMP/pigz.$v" -lz -lm -lpthread
done
find /usr -xdev 2>/dev/null | head -139830 > "$TMP/lines" || true
(cd /usr/bin && ls | xargs cat 2>/dev/null | head -c 21000000) > "$TMP/bin" || true
"$TMP/pigz.native" -p 4 -c < "$TMP/bin" > "$TMP/bin.gz"
python3 - "$TMP" "$RUNS" <<'PY'
import os, resource, statistics, subprocess, sys, time
tmp, runs = sys.argv[1], int(sys.argv[2])
work = [("fzy -e lib -j 4", "fzy", ["-e", "lib", "-j", "4"], "lines"),
        ("pigz -p 4 -c", "pigz", ["-p", "4", "-c"], "bin"),
        ("pigz -p 4 -d -c", "pigz", ["-p", "4", "-d", "-c"], "bin.gz")]
def run(cmd, inp):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    with open(inp, "rb") as f:
        out = subprocess.run(cmd, stdin=f, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
    wall = time.monotonic() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime, wall, out
print("load average %.1f %.1f %.1f" % os.getloadavg())
for name, prog, args, inp in work:
    inp = os.path.join(tmp, inp)
    res = {v: [] for v in ("native", "tsan", "rh")}
    ref = None
    for i in range(runs + 1):  # the first round warms the caches and is not counted
        for v in res:
            cpu, wall, out = run([os.path.join(tmp, prog + "." + v)] + args, inp)
            ref = out if ref is None else ref
            if out != ref:
                print("%s: the %s build's output differs from the native build's" % (name, v))
            if i:
                res[v].append((cpu, wall))
    med = {v: (statistics.median(c for c, _ in r), statistics.median(w for _, w in r))
           for v, r in res.items()}
    cpu_ratio = statistics.median(a[0] / b[0] for a, b in zip(res["rh"], res["tsan"]))
    wall_ratio = statistics.median(a[1] / b[1] for a, b in zip(res["rh"], res["tsan"]))
    print("%-16s native cpu %.3f s wall %.3f s | tsan cpu %.3f s wall %.3f s | racehunt cpu %.3f s "
          "wall %.3f s | racehunt/tsan cpu %.2f wall %.2f" %
          ((name,) + med["native"] + med["tsan"] + med["rh"] + (cpu_ratio, wall_ratio)))
print("load average %.1f %.1f %.1f" % os.getloadavg())
PY
