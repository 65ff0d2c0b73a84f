#!/usr/bin/env python3
"""test_link.py - link flags reach the dynamic engine's link step: -l, -L,
library files and -Wl, after `--` (compiler flags after `--` still reach
the compiler), -l/-L/--link as options (also for `racehunt run`), and a
failed link names the missing symbols and, where racehunt knows, the -l
flag and Debian package that provide them.  The library is one this test
builds itself, so nothing beyond clang-16 is needed; only the last check
uses an installed library: a program calling jansson (racehunt's own
dependency) is linked with -ljansson without being told, its race is
observed and its witness replays; one that includes zlib.h is linked with
-lz, the library its header implies."""
import glob
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
import suite  # noqa: E402

HELPER = """int helper_get(int x) { return x + 1; }
"""

PROGRAM = """#include <pthread.h>
#ifndef STEP
#error STEP comes from the command line (-DSTEP=1 after --)
#endif
int helper_get(int x);
int total;
void *worker(void *arg) {
    total += helper_get(STEP); // RACE
    return arg;
}
int main(void) {
""" + suite.TWO_WORKERS + """    return total == 0;
}
"""

# Symbols of a well-known library, declared by hand so no header is needed.
ZLIB_USER = """#include <pthread.h>
unsigned long crc32(unsigned long crc, const unsigned char *buf, unsigned len);
const void *get_crc_table(void);
int own_missing_function(void);
int mosquitto_lib_init(void);
int main(void) { return (int)crc32(0, 0, 0) + (get_crc_table() != 0) + own_missing_function() + mosquitto_lib_init(); }
"""

# Includes zlib.h and calls only a zlib function no symbol hint knows: the
# header is what says -lz (zlib1g-dev, which tests/cc needs too).
ZLIB_HEADER_USER = """#include <pthread.h>
#include <zlib.h>
unsigned long flags;
void *worker(void *arg) {
    flags += zlibCompileFlags(); // RACE
    return arg;
}
int main(void) {
""" + suite.TWO_WORKERS + """    return 0;
}
"""

# Calls jansson, declared by hand; given no link flags, racehunt links -ljansson itself.
JANSSON_USER = """#include <pthread.h>
void *json_integer(long long value);
long long json_integer_value(const void *json);
long long seen;
void *worker(void *arg) {
    seen += json_integer_value(arg); // RACE
    return 0;
}
int main(void) {
    void *j = json_integer(2);
    pthread_t a, b;
    pthread_create(&a, 0, worker, j);
    pthread_create(&b, 0, worker, j);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return seen != 4;
}
"""

check = suite.Checks()


def build_helper(tmp):
    src = os.path.join(tmp, "helper.c")
    with open(src, "w") as f:
        f.write(HELPER)
    obj = os.path.join(tmp, "helper.o")
    subprocess.run(["clang-16", "-c", "-fPIC", src, "-o", obj], check=True)
    libdir = os.path.join(tmp, "lib")
    os.mkdir(libdir)
    subprocess.run(["ar", "rcs", os.path.join(libdir, "libhelper.a"), obj], check=True)
    return libdir


def main():
    rh = suite.racehunt_arg()
    with tempfile.TemporaryDirectory(prefix="rh-link-") as tmp:
        env = dict(os.environ, RACEHUNT_CACHE=os.path.join(tmp, "cache"))
        libdir = build_helper(tmp)
        prog = os.path.join(tmp, "prog.c")
        with open(prog, "w") as f:
            f.write(PROGRAM)
        want, _ = harness.annotations(prog)
        dyn = ["--engine=dynamic", "--format=json", "--timeout=10"]

        rc, verdict, lines, notes, err = harness.run_json(rh, dyn + [prog, "--", "-DSTEP=1"], env, tmp)
        check("without its library the symbol is left out of the build and the note names it",
              verdict == "unknown" and "helper_get" in notes and "no library known" in notes,
              (rc, verdict, notes, err))

        ways = {
            "-L DIR -lNAME after --": [prog, "--", "-DSTEP=1", "-L", libdir, "-lhelper"],
            "-LDIR -Wl,... and -pthread after --": [prog, "--", "-L" + libdir, "-DSTEP=1", "-pthread",
                                                    "-Wl,--no-as-needed", "-lhelper"],
            "a library file after --": [prog, "--", os.path.join(libdir, "libhelper.a"), "-DSTEP=1"],
            "-L and -l options": ["-L", libdir, "-lhelper", prog, "--", "-DSTEP=1"],
            "--link=FILE": ["--link=" + os.path.join(libdir, "libhelper.a"), prog, "--", "-DSTEP=1"],
        }
        for name, args in ways.items():
            rc, verdict, lines, notes, err = harness.run_json(rh, dyn + args, env, tmp)
            check("link flags as %s: race at lines %s" % (name, sorted(want)),
                  rc == 1 and verdict == "race" and lines == want, (rc, verdict, sorted(lines), notes, err))

        rc, verdict, lines, notes, err = harness.run_json(
            rh, ["--format=json", "--engine=static", prog, "--", "-DSTEP=1", "-lhelper", "-L", libdir], env, tmp)
        check("link flags do not reach the compiler of the static engine", rc in (1, 3), (rc, err))

        rprog = os.path.join(tmp, "prog_run.c")  # run has no compiler flags: STEP defined inside
        with open(rprog, "w") as f:
            f.write("#define STEP 1\n" + PROGRAM)
        rep = os.path.join(tmp, "run.json")  # run's report: on stderr, or in -o FILE
        p = subprocess.run([rh, "run", "--format=json", "-o", rep, "-L", libdir, "-lhelper", rprog, "--",
                            "ignored-argument"], capture_output=True, text=True, env=env, cwd=tmp, timeout=120)
        report = json.load(open(rep)) if os.path.exists(rep) else {}
        notes = " | ".join(report.get("notes", []))
        check("racehunt run takes -L/-l (its -- is the program's arguments)",
              p.returncode in (1, 3) and report.get("verdict") in ("race", "unknown") and "link" not in notes,
              (p.returncode, report.get("verdict"), notes, p.stderr[-300:]))

        zprog = os.path.join(tmp, "zuser.c")
        with open(zprog, "w") as f:
            f.write(ZLIB_USER)
        rc, verdict, lines, notes, err = harness.run_json(rh, dyn + ["--no-allow-undefined", zprog], env, tmp)
        check("crc32/get_crc_table linked with -lz unasked; the failed link names the unknown one and "
              "the way on, in one line",
              "own_missing_function (no library known" in notes and "crc32" not in notes
              and "-lz, which racehunt linked itself" in notes and "drop --no-allow-undefined" in notes
              and "\n" not in notes, (rc, verdict, notes, err))
        rc, verdict, lines, notes, err = harness.run_json(rh, dyn + [zprog], env, tmp)
        check("by default the unknown one is left out of the build and named, -lz linked",
              "built without own_missing_function (no library known" in notes and "crc32" not in notes
              and "linked with -lz" in notes, (rc, verdict, notes, err))
        if not glob.glob("/usr/lib/*/libmosquitto.so") + glob.glob("/usr/lib/libmosquitto.so"):
            check("a library the hints know but not installed: named with its -l flag and Debian package",
                  "mosquitto_lib_init (-lmosquitto, Debian package libmosquitto-dev)" in notes,
                  (rc, verdict, notes, err))
        check_auto_link(rh, env, tmp, dyn)
        check_header_link(rh, env, tmp, dyn)
    check.finish()


def check_header_link(rh, env, tmp, dyn):
    hprog = os.path.join(tmp, "zheader.c")
    with open(hprog, "w") as f:
        f.write(ZLIB_HEADER_USER)
    want, _ = harness.annotations(hprog)
    rc, verdict, lines, notes, err = harness.run_json(rh, dyn + [hprog], env, tmp)
    check("a program including zlib.h is linked with -lz, which its header implies: race at lines %s"
          % sorted(want), rc == 1 and verdict == "race" and lines == want and "linked with -lz" in notes,
          (rc, verdict, sorted(lines), notes, err))


def check_auto_link(rh, env, tmp, dyn):
    jprog = os.path.join(tmp, "juser.c")
    with open(jprog, "w") as f:
        f.write(JANSSON_USER)
    want, _ = harness.annotations(jprog)
    wit = os.path.join(tmp, "juser.witness.json")
    rc, verdict, lines, notes, err = harness.run_json(rh, dyn + ["--witness=" + wit, jprog], env, tmp)
    check("a program calling jansson is linked with -ljansson unasked: race at lines %s" % sorted(want),
          rc == 1 and verdict == "race" and lines == want and "linked with -ljansson" in notes,
          (rc, verdict, sorted(lines), notes, err))
    p = subprocess.run([rh, "replay", "--format=json", wit], capture_output=True, text=True, env=env,
                       cwd=tmp, timeout=120)
    check("its witness replays (the replay links -ljansson too)", p.returncode == 1,
          (p.returncode, p.stdout[-300:], p.stderr[-300:]))
    rc, verdict, lines, notes, err = harness.run_json(rh, dyn + [jprog], env, tmp)
    check("from the cache the note still names -ljansson", "linked with -ljansson" in notes,
          (rc, verdict, notes, err))


if __name__ == "__main__":
    main()
