#!/usr/bin/env python3
"""test_cc.py - racehunt cc, the drop-in compiler: builds tests/cc (two
units, a header, zlib) with make CC="racehunt cc" and with the one-word
racehunt-cc, runs its `make check`, and checks ThreadSanitizer's way of
working: the planted race reported on stderr at exit with both accesses
on the RACE line and exit code 66, the race-free variant silent with exit
0, the program's output its own byte for byte, RACEHUNT_RT_OPTIONS
(exitcode, log_path with format=json, suppressions), objects in an ar
archive, `racehunt ./prog` analysing the units the program was linked
from, and the memory a long ignore region costs."""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
import suite  # noqa: E402

check = suite.Checks("cc")
PROJECT = os.path.join(harness.ROOT, "tests", "cc")


def run(cmd, cwd, env=None, **kw):
    e = dict(os.environ)
    e.pop("RACEHUNT_RT_OPTIONS", None)
    e.update(env or {})
    return subprocess.run(cmd, cwd=cwd, env=e, capture_output=True, **kw)


def frames(stderr):
    """(file, line) of the top frame of every access of the text report."""
    return {(m.group(1), int(m.group(2))) for m in
            re.finditer(r"of size \d+ at \S+ by [^\n]*:\n\s+#0 \S+ (\S+?):(\d+):\d+", stderr)}


def race_lines(proj):
    return {("store.c", n) for n in harness.annotations(os.path.join(proj, "store.c"))[0]}


def native_output(tmp):
    proj = os.path.join(tmp, "native")
    shutil.copytree(PROJECT, proj)
    r = run(["make", "-s", "CC=clang-16", "check"], proj)
    check("native build runs", r.returncode == 0, r.stderr)
    return r.stdout


def racy(rh, tmp, expected):
    proj = os.path.join(tmp, "racy")
    shutil.copytree(PROJECT, proj)
    r = run(["make", "-s", "CC=%s cc" % rh, "store-test"], proj)
    check("make CC=\"racehunt cc\" builds the project", r.returncode == 0, r.stderr)
    check("dependency files name the build's objects",
          "main.o: main.c store.h" in open(os.path.join(proj, "main.d")).read())
    r = run(["make", "-s", "check"], proj, text=True)
    check("make check fails on the planted race", r.returncode != 0 and "Error 66" in r.stderr, r.stderr)
    r = run(["./store-test"], proj)
    err = r.stderr.decode()
    check("exit code 66 after a race", r.returncode == 66, r.returncode)
    check("stdout is the program's own, as the native build's", r.stdout == expected, r.stdout)
    check("the race on stderr, TSan's layout", "WARNING: racehunt: data race" in err and
          "SUMMARY: racehunt: data race store.c:35" in err, err)
    check("both accesses on the RACE line, with the caller in another unit",
          frames(err) == race_lines(proj) and "#1 worker main.c:" in err, (frames(err), err))
    r = run(["./store-test"], proj, {"RACEHUNT_RT_OPTIONS": "exitcode=0"})
    check("exitcode=0", r.returncode == 0 and b"data race" in r.stderr, r.returncode)
    log = os.path.join(proj, "report")
    r = run(["./store-test"], proj, {"RACEHUNT_RT_OPTIONS": "log_path=%s format=json" % log})
    files = glob.glob(log + ".*")
    rep = json.load(open(files[0])) if files else {}
    check("log_path and format=json: the report in the file, nothing on stderr",
          r.returncode == 66 and r.stderr == b"" and len(rep.get("races", [])) == 1 and
          {(s["stack"][0]["file"], s["stack"][0]["line"]) for s in rep["races"][0]["accesses"]} ==
          race_lines(proj), (r.stderr, rep))
    supp = os.path.join(proj, "supp.txt")
    open(supp, "w").write("# the block counter\nrace:store_add\n")
    r = run(["./store-test"], proj, {"RACEHUNT_RT_OPTIONS": "suppressions=%s" % supp})
    check("suppressions (race:FUNC)", r.returncode == 0 and r.stderr == b"", r.stderr)
    r = run(["ar", "rcs", "libstore.a", "store.o"], proj)
    r = run([rh, "cc", "-o", "from-archive", "main.o", "libstore.a", "-lz"], proj)
    r2 = run(["./from-archive"], proj) if r.returncode == 0 else r
    check("objects in an ar archive link and report", r2.returncode == 66 and
          frames(r2.stderr.decode()) == race_lines(proj), r.stderr + r2.stderr)
    r = run([rh, "./store-test", "--dump-model"], proj, text=True)
    check("racehunt ./prog: the model holds every unit it was linked from",
          r.returncode == 0 and all(f in r.stdout for f in ("store_add", "worker", "store_lock")),
          r.stdout[:300] + r.stderr)
    r = run([rh, os.path.join(tmp, "native", "store-test")], proj, text=True)
    check("racehunt on a program racehunt cc did not build: one error line, exit 2",
          r.returncode == 2 and r.stderr.count("\n") == 1 and "racehunt cc" in r.stderr, r.stderr)
    r = run([rh, "run", "--witness=w.json", "./store-test"], proj, text=True)
    check("racehunt run ./prog: the planted race under racehunt's scheduler, reported on stderr",
          r.returncode == 1 and "data race store.c:35" in r.stderr and "data race" not in r.stdout,
          r.stdout[-600:] + r.stderr)
    wit = json.load(open(os.path.join(proj, "w.json"))) if os.path.exists(os.path.join(proj, "w.json")) else {}
    named = [w for w in wit.get("program", []) + [s.get("file", "") for s in wit.get("sources", [])]]
    check("its witness names the executable, not racehunt's temporary bitcode",
          named and all(n == os.path.join(proj, "store-test") for n in named), named)
    r = run([rh, "replay", "w.json"], proj, text=True)
    check("racehunt replay of that witness rebuilds from the executable's records into the race",
          r.returncode == 1, r.stdout[-300:] + r.stderr[-300:])


def race_free(rh, tmp, expected):
    proj = os.path.join(tmp, "racefree")
    shutil.copytree(PROJECT, proj)
    cc1 = os.path.join(os.path.dirname(rh), "racehunt-cc")
    check("racehunt-cc is installed next to racehunt", os.access(cc1, os.X_OK))
    r = run(["make", "-s", "CC=%s" % cc1, "RACE_FREE=1", "check"], proj)
    check("race-free variant: make check passes, silent", r.returncode == 0 and r.stderr == b"" and
          r.stdout == expected, r.stderr)
    r = run([rh, "./store-test", "--engine=static", "--format=json"], proj, text=True)
    rep = json.loads(r.stdout) if r.stdout.startswith("{") else {}
    check("racehunt ./prog on the race-free variant: no race", rep.get("verdict") in (
        "race-free", "unknown"), r.stdout[:300] + r.stderr)


def binary_output(rh, tmp):
    src = os.path.join(tmp, "bin.c")
    open(src, "w").write(
        "#include <pthread.h>\n#include <stdio.h>\n"
        "static void *f(void *a) { return a; }\n"
        "int main(void) { pthread_t t; pthread_create(&t, 0, f, 0); pthread_join(t, 0);\n"
        "  for (int i = 0; i < 256; i++) putchar(i);\n"
        "  int c, n = 0; while ((c = getchar()) != EOF) n += c; printf(\"%d\", n); return 3; }\n")
    r = run([rh, "cc", "-O2", "bin.c", "-o", "bin"], tmp)
    data = bytes(range(256)) * 4
    r = run(["./bin"], tmp, input=data) if r.returncode == 0 else r
    check("binary stdout byte for byte, stdin read, the program's exit code",
          r.stdout == bytes(range(256)) + str(sum(data)).encode() and r.returncode == 3 and
          r.stderr == b"", (r.returncode, r.stdout[-20:], r.stderr))


def blocked_reader(rh, tmp):
    """A thread blocked in read() on a pipe another thread writes to later:
    the serialised run must let the writer run (the reader leaves the
    schedule while it waits in the kernel)."""
    src = os.path.join(tmp, "pipe.c")
    open(src, "w").write(
        "#include <pthread.h>\n#include <stdio.h>\n#include <unistd.h>\n"
        "static int fds[2];\n"
        "static void *reader(void *a) { char c; if (read(fds[0], &c, 1) == 1) putchar(c); return a; }\n"
        "static void *writer(void *a) { usleep(1000); if (write(fds[1], \"w\", 1) != 1) return 0; return a; }\n"
        "int main(void) { pthread_t r, w; if (pipe(fds)) return 1;\n"
        "  pthread_create(&r, 0, reader, 0); pthread_create(&w, 0, writer, 0);\n"
        "  pthread_join(r, 0); pthread_join(w, 0); return 0; }\n")
    r = run([rh, "cc", "pipe.c", "-o", "pipe"], tmp)
    for strategy in ("pct", "fifo", "random"):
        try:
            p = run(["./pipe"], tmp, {"RACEHUNT_RT_OPTIONS": "strategy=" + strategy}, timeout=20) \
                if r.returncode == 0 else r
            ok = p.returncode == 0 and p.stdout == b"w"
        except subprocess.TimeoutExpired:
            ok, p = False, "hung"
        check("a thread blocked in read() does not hang the run (%s)" % strategy, ok, p)


def ordered_by_race(rh, tmp):
    """A message published by a plain flag: the fields' races name the
    flag's racing read as what alone orders them, in the text and JSON
    reports of an executable started directly."""
    src = os.path.join(harness.ROOT, "tests", "e2e", "data", "report_tiers", "flag_publication_race.c")
    r = run([rh, "cc", "-O1", src, "-o", "flag"], tmp)
    p = run(["./flag"], tmp, {"RACEHUNT_RT_OPTIONS": "exitcode=0"}) if r.returncode == 0 else r
    err = p.stderr.decode(errors="replace")
    flag_line = next(n for n, line in enumerate(open(src), 1) if "while (!ready)" in line)
    check("cc: a field's race says the flag's racing read alone orders it",
          "Ordered only by another race: the racing read at %s:%d:" % (src, flag_line) in err, err[-1500:])
    check("cc: the flag's own race does not", err.count("Ordered only by another race") <
          err.count("WARNING: racehunt: data race"), err[-1500:])
    j = run(["./flag"], tmp, {"RACEHUNT_RT_OPTIONS": "exitcode=0 format=json log_path=%s" % os.path.join(tmp, "flag.log")})
    logs = [f for f in os.listdir(tmp) if f.startswith("flag.log.")]
    doc = json.load(open(os.path.join(tmp, logs[0]))) if j.returncode == 0 and logs else {"races": []}
    check("cc: JSON names that read's line", any(x.get("ordered_by", {}).get("line") == flag_line
                                                 for x in doc["races"]), doc)


def ignore_region_memory(rh, tmp):
    """Two million reads inside an ignore annotation: each is reported
    suppressed if it races, so each is hidden by the annotation, and what
    hides them must not grow with their number (the program prints its own
    peak resident size, VmHWM, in kB)."""
    src = os.path.join(tmp, "ignore.c")
    open(src, "w").write(
        "#include <pthread.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n"
        "#include <valgrind/helgrind.h>\n"
        "static int *buf;\n"
        "static void *f(void *a) { long s = 0; ANNOTATE_IGNORE_READS_BEGIN();\n"
        "  for (int k = 0; k < 100; k++) for (int i = 0; i < 20000; i++) s += buf[i];\n"
        "  ANNOTATE_IGNORE_READS_END(); return (void *)s; }\n"
        "int main(void) { pthread_t t; buf = calloc(20000, sizeof *buf);\n"
        "  pthread_create(&t, 0, f, 0); pthread_join(t, 0);\n"
        "  char line[256]; FILE *st = fopen(\"/proc/self/status\", \"r\");\n"
        "  while (st && fgets(line, sizeof line, st)) if (!strncmp(line, \"VmHWM:\", 6)) fputs(line + 6, stdout);\n"
        "  return 0; }\n")
    r = run([rh, "cc", "-O1", "ignore.c", "-o", "ignore"], tmp)
    r = run(["./ignore"], tmp, text=True, timeout=120) if r.returncode == 0 else r
    kb = int(r.stdout.split()[0]) if r.returncode == 0 and r.stdout.split() else -1
    check("an ignore region's two million reads: peak resident size under 64 MB",
          0 < kb < 64 * 1024, (kb, r.stderr[-300:] if r.stderr else ""))


def main():
    rh = suite.racehunt_arg()
    if not os.path.exists("/usr/include/zlib.h"):
        print("skip: zlib1g-dev is not installed (scripts/install-deps.sh)")
        return
    with tempfile.TemporaryDirectory() as tmp:
        expected = native_output(tmp)
        racy(rh, tmp, expected.encode() if isinstance(expected, str) else expected)
        race_free(rh, tmp, expected)
        binary_output(rh, tmp)
        blocked_reader(rh, tmp)
        ordered_by_race(rh, tmp)
        ignore_region_memory(rh, tmp)
    check.finish()


if __name__ == "__main__":
    main()
