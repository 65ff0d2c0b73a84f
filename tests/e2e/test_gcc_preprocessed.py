#!/usr/bin/env python3
"""test_gcc_preprocessed.py - the gcc-compatible front end: every test
program of the project (tests/programs, tests/bmc, tests/dynamic),
preprocessed with `gcc -E` against glibc's headers and saved as `.c`, must
get the same verdict and the same race locations (file and line of every
access) from the static engine as the original source.

Then the gcc-only inputs of tests/gcc: programs using GNU C that gcc 12
accepts and clang 16 does not (malloc(deallocator), access, nonstring and
assume attributes, _Float128 and friends, __int128, gcc's stdatomic.h,
glibc's fortified wrappers and gcc's x86 intrinsics),
preprocessed by gcc and given as .c, .i and without an extension, must be
judged right by their RACE/NORACE annotations, and so must the sources as
written; a nested function must fail
with one error line that names it.

The sanitized build (where racehunt's own code is watched, not clang's
reading of the text) takes every SANITIZED_STRIDE-th program of the first
part, which still passes gcc's line markers, builtins and attributes through
gcc_rewrite.c, and all of the second.  The plain build takes every program."""
import argparse
import glob
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
import suite  # noqa: E402

check = suite.Checks("gcc_preprocessed")
TIMEOUT = 20
SANITIZED_STRIDE = 5


def preprocess(src, out, extra=()):
    p = subprocess.run(["gcc", "-E", "-pthread"] + list(extra) + [src, "-o", out],
                       capture_output=True, text=True)
    return p.returncode == 0, p.stderr


def locations(report):
    """(verdict, set of (file basename, line) of every non-may race access)."""
    if report is None:
        return None, set()
    locs = set()
    for race in report.get("races", []):
        if race.get("evidence") == "may-race":
            continue
        for acc in race.get("accesses", []):
            locs.add((os.path.basename(acc.get("file", "")), acc.get("line")))
    return report.get("verdict"), locs


def same_as_original(rh, prog, tmp):
    name = os.path.basename(prog)
    pre = os.path.join(tmp, name)
    ok, msg = preprocess(prog, pre)
    if not ok:
        return name, "gcc -E failed: " + msg[-300:]
    orig, err1 = harness.run_racehunt(rh, "static", prog, TIMEOUT, [])
    got, err2 = harness.run_racehunt(rh, "static", pre, TIMEOUT, [])
    if err2:
        return name, "preprocessed: " + err2
    if err1:
        return name, "original: " + err1
    a, b = locations(orig), locations(got)
    if a != b:
        return name, "original %s %s, preprocessed %s %s" % (a[0], sorted(a[1]), b[0], sorted(b[1]))
    return name, None


def gcc_flags(prog):
    """Extra gcc -E flags a program asks for on a line `// gcc -E: FLAGS`."""
    with open(prog) as f:
        for line in f:
            if line.startswith("// gcc -E:"):
                return line.split(":", 1)[1].split()
    return []


def gcc_only_programs(rh, tmp):
    here = os.path.join(harness.ROOT, "tests", "gcc")
    for prog in sorted(glob.glob(os.path.join(here, "*_race.c")) + glob.glob(os.path.join(here, "*_norace.c"))):
        stem = os.path.splitext(os.path.basename(prog))[0]
        rep, err = harness.run_racehunt(rh, "static", prog, TIMEOUT, [])
        why = err or harness.judge(prog, rep, "")
        check("%s as written (clang preprocesses, then the rewrite)" % stem, why is None, why)
        for ext in (".c", ".i", ""):
            pre = os.path.join(tmp, "gcc_" + stem + ext)
            ok, msg = preprocess(prog, pre, ["-std=gnu11"] + gcc_flags(prog))
            check("gcc -E %s" % os.path.basename(prog), ok, msg)
            rep, err = harness.run_racehunt(rh, "static", pre, TIMEOUT, [])
            why = err or harness.judge(prog, rep, "")
            check("%s preprocessed by gcc, as %s" % (stem, ext or "no extension"), why is None, why)
    nested = os.path.join(here, "nested_function.c")
    pre = os.path.join(tmp, "nested_function.c")
    preprocess(nested, pre)
    p = subprocess.run([rh, "--engine=static", pre], capture_output=True, text=True)
    lines = [line for line in p.stderr.splitlines() if line.strip()]
    check("nested function: exit 2 and one error line naming it", p.returncode == 2 and len(lines) == 1 and
          "nested function" in lines[0] and "nested_function.c:" in lines[0], (p.returncode, p.stderr))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--racehunt", required=True)
    ap.add_argument("-j", type=int, default=2)
    rh = os.path.abspath(ap.parse_args().racehunt)
    progs = []
    for d in ("programs", "bmc", "dynamic"):
        progs += sorted(glob.glob(os.path.join(harness.ROOT, "tests", d, "*.c")))
    if suite.sanitized(rh):
        progs = progs[::SANITIZED_STRIDE]
    with tempfile.TemporaryDirectory() as tmp:
        with ThreadPoolExecutor(max_workers=2) as pool:
            results = list(pool.map(lambda p: same_as_original(rh, p, tmp), progs))
        same = 0
        for name, why in results:
            if why:
                check("gcc -E %s: same verdict and race lines" % name, False, why)
            else:
                same += 1
        print("gcc -E: %d of %d programs give the same verdict and race lines" % (same, len(progs)))
        gcc_only_programs(rh, tmp)
    check.finish()


if __name__ == "__main__":
    main()
