#!/usr/bin/env python3
"""test_untrusted_io.py - racehunt on a project someone else wrote: outputs
never land on a file racehunt reads, every write is checked and atomic,
side inputs (option files, suppressions, models, databases, response files,
witnesses, reports) are bounded regular files, and anything malformed in
them is one error line naming the file (and line), exit 2, before any work.
"""
import json
import os
import subprocess
import time
import suite  # noqa: E402

RACY = suite.RACY_COUNTER

# Race-free through a project's own lock wrappers (the --model rows).
WRAPPED = """#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int counter;
void my_lock(pthread_mutex_t *l) { pthread_mutex_lock(l); }
void my_unlock(pthread_mutex_t *l) { pthread_mutex_unlock(l); }
void *worker(void *arg) { my_lock(&m); counter++; my_unlock(&m); return arg; }
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    worker(0);
    pthread_join(t, 0);
    return 0;
}
"""

check = suite.Checks("untrusted_io")


def run(rh, *args, cwd=None, stdout=None, timeout=120):
    """(exit code, stdout, stderr, seconds); exit None when it outlived timeout."""
    start = time.time()
    try:
        p = subprocess.run([rh] + list(args), cwd=cwd, timeout=timeout, text=True,
                           stdout=stdout if stdout is not None else subprocess.PIPE,
                           stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
        return p.returncode, p.stdout or "", p.stderr, time.time() - start
    except subprocess.TimeoutExpired as e:
        err = e.stderr.decode() if isinstance(e.stderr, bytes) else (e.stderr or "")
        return None, "", err, time.time() - start


def one_error(res, *needles):
    """Exit 2 and exactly one stderr line holding every needle."""
    rc, _, err, _ = res
    lines = err.strip().splitlines()
    return rc == 2 and len(lines) == 1 and all(n in lines[0] for n in needles)


def write(path, text, mode="w"):
    with open(path, mode) as f:
        f.write(text)
    return path


def read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def output_over_input(rh, tmp):
    """Defect 1: -o / --witness naming a file racehunt reads, or each other.
    The source is written afresh before each case (a racehunt that writes
    over it must not spoil the next one)."""
    src = write(os.path.join(tmp, "main.c"), RACY)
    os.symlink("main.c", os.path.join(tmp, "alias.c"))
    for label, args in [("-o main.c main.c", ["-o", "main.c", "main.c"]),
                        ("-o ./main.c main.c", ["-o", "./main.c", "main.c"]),
                        ("-o through a symlink", ["-o", "alias.c", "main.c"]),
                        ("--witness=main.c main.c", ["--witness=main.c", "main.c"])]:
        write(src, RACY)
        res = run(rh, "--engine=static", *args, cwd=tmp)
        named = args[0].split("=")[-1] if args[0] != "-o" else args[1]
        intact = read(src) == RACY
        check("refused, source intact: " + label, one_error(res, named) and intact,
              "%r intact=%s" % (res[:3], intact))
    write(src, RACY)
    res = run(rh, "--engine=static", "--witness=same.out", "-o", "same.out", "main.c", cwd=tmp)
    check("--witness=X -o X refused", one_error(res, "same.out") and
          not os.path.exists(os.path.join(tmp, "same.out")), repr(res[:3]))
    write(os.path.join(tmp, "race.supp"), "race:nothing_matches\n")
    write(os.path.join(tmp, "m.model"), "lock my_lock obj=0\n")
    write(src, RACY)
    for name in ("old.json", "saved.json"):
        res = run(rh, "--engine=static", "--format=json", "-o", name, "main.c", cwd=tmp)
        check("a JSON report to read back: " + name, res[0] == 1, repr(res[:3]))
    for label, args, victim in [
            ("-o over --suppressions", ["--suppressions=race.supp", "-o", "race.supp"], "race.supp"),
            ("-o over --model", ["--model=m.model", "-o", "./m.model"], "m.model"),
            ("-o over --baseline", ["--baseline=old.json", "-o", "old.json"], "old.json"),
            ("-o over --from-report", ["--from-report=saved.json", "-o", "saved.json"],
             "saved.json")]:
        write(src, RACY)
        before = read(os.path.join(tmp, victim))
        res = run(rh, "--engine=static", *args, *([] if "--from-report" in args[0] else ["main.c"]),
                  cwd=tmp)
        check("refused, intact: " + label, one_error(res, victim) and before is not None and
              read(os.path.join(tmp, victim)) == before, repr(res[:3]))
    db = os.path.join(tmp, "db")
    os.mkdir(db)
    write(os.path.join(db, "u.c"), RACY)
    write(os.path.join(db, "flags.rsp"), "-DUNUSED=1\n")
    write(os.path.join(db, "compile_commands.json"),
          json.dumps([{"directory": db, "file": "u.c", "arguments": ["cc", "@flags.rsp", "-c", "u.c"]}]))
    for victim in ("compile_commands.json", "u.c", "flags.rsp"):
        res = run(rh, "--engine=static", "-p", ".", "-o", victim, cwd=db)
        check("refused: -p with -o over " + victim, one_error(res, victim) and
              read(os.path.join(db, "u.c")) == RACY and
              read(os.path.join(db, "flags.rsp")) == "-DUNUSED=1\n" and
              read(os.path.join(db, "compile_commands.json")).startswith("[{"), repr(res[:3]))


def checked_writes(rh, tmp):
    """Defect 2: a failed write is an error; a report file is replaced whole."""
    src = write(os.path.join(tmp, "w.c"), RACY)
    for target in ("/dev/full", "/proc/version"):
        res = run(rh, "--engine=static", "-o", target, src)
        check("-o %s: error, exit 2" % target, one_error(res, target), repr(res[:3]))
    with open("/dev/full", "w") as full:
        res = run(rh, "--engine=static", src, stdout=full)
    check("> /dev/full: error, exit 2", one_error(res, "standard output"), repr(res[:3]))
    with open("/dev/full", "w") as full:
        res = run(rh, "--version", stdout=full)
    check("--version > /dev/full: error, exit 2", one_error(res, "standard output"), repr(res[:3]))
    p = subprocess.run(["sh", "-c", 'exec "$0" --engine=static "$1" >&-', rh, src],
                       capture_output=True, text=True, timeout=120)
    check("closed standard output: error, exit 2 (not the next file opened)",
          one_error((p.returncode, "", p.stderr, 0), "standard output"), p.stderr)
    # The report is renamed into place: a hard link to the old report keeps
    # the old text (an in-place write would change it under a reader).
    report = write(os.path.join(tmp, "report.txt"), "old report\n")
    os.link(report, os.path.join(tmp, "reader.txt"))
    res = run(rh, "--engine=static", "-o", report, src)
    with open(os.path.join(tmp, "reader.txt")) as f:
        old = f.read()
    with open(report) as f:
        new = f.read()
    left = [n for n in os.listdir(tmp) if ".rh-" in n]
    check("-o replaces the report by rename, no temporary left",
          res[0] == 1 and old == "old report\n" and "counter" in new and not left,
          "rc=%r old=%r left=%r" % (res[0], old, left))


def special_side_inputs(rh, tmp):
    """Defect 8: FIFOs, devices, directories and huge files as side inputs."""
    src = write(os.path.join(tmp, "s.c"), RACY)
    fifo = os.path.join(tmp, "fifo")
    os.mkfifo(fifo)
    cases = {
        "--suppressions=FIFO": ["--suppressions=" + fifo, src],
        "--model=FIFO": ["--model=" + fifo, src],
        "-p FIFO": ["-p", fifo],
        "--baseline=FIFO": ["--baseline=" + fifo, src],
        "--from-report=FIFO": ["--from-report=" + fifo],
        "--stdin=FIFO": ["--stdin=" + fifo, src],
        "replay FIFO": ["replay", fifo],
        "a FIFO as the source": [fifo],
        "--suppressions=/dev/zero": ["--suppressions=/dev/zero", src],
        "@/dev/zero after --": [src, "--", "@/dev/zero"],
        "--suppressions=DIR": ["--suppressions=" + tmp, src],
        "--stdin=DIR": ["--stdin=" + tmp, src],
        "missing @file after --": [src, "--", "@" + os.path.join(tmp, "no-such-file")],
    }
    for label, args in cases.items():
        if args[0] == "replay":
            res = run(rh, *args, timeout=20)
        else:
            res = run(rh, "--engine=static", "--timeout=3", *args, timeout=20)
        check("refused promptly: " + label, one_error(res) and res[3] < 10,
              "rc=%r %.1fs %r" % (res[0], res[3], res[2][-200:]))
    big = os.path.join(tmp, "big.supp")
    with open(big, "w") as f:
        f.truncate((64 << 20) + 1)  # sparse: costs no disk
    res = run(rh, "--engine=static", "--suppressions=" + big, src, timeout=20)
    check("refused: a suppressions file over 64 MiB", one_error(res, "big.supp", "64 MiB"),
          repr(res[:3]))
    for label, target in (("FIFO", fifo), ("/dev/zero", "/dev/zero")):
        cwd = os.path.join(tmp, "cfg-" + label.strip("/").replace("/", "-"))
        os.mkdir(cwd)
        os.symlink(target, os.path.join(cwd, ".racehunt"))
        res = run(rh, "--engine=static", "--timeout=3", src, cwd=cwd, timeout=20)
        check("refused promptly: .racehunt is a " + label,
              one_error(res, ".racehunt") and res[3] < 10, "rc=%r %.1fs" % (res[0], res[3]))


def malformed_inputs(rh, tmp):
    """Defects 3 and 10: malformed rows are errors naming the file and line."""
    prog = write(os.path.join(tmp, "wrapped.c"), WRAPPED)
    model = os.path.join(tmp, "wrappers.model")
    res = run(rh, "--engine=static", "--model=" + write(
        model, "lock my_lock obj=0\nunlock my_unlock obj=0\n"), prog)
    check("--model: well-formed rows, race-free", res[0] == 0, repr(res[:3]))
    for bad in ("lock my_lock obj=5", "lock my_lock obj=-1", "lock my_lock obj=99999999999",
                "lock my_lock obj=0 obj=0", "lock  obj=0 prefix", "lock my_lock obj=0 colour=1"):
        write(model, "# wrappers\nunlock my_unlock obj=0\n%s\n" % bad)
        res = run(rh, "--engine=static", "--model=" + model, prog)
        check("--model %r: error at line 3" % bad, one_error(res, "wrappers.model:3:"),
              repr(res[:3]))
    src = write(os.path.join(tmp, "m.c"), RACY)
    supp = write(os.path.join(tmp, "nul.supp"), "race:nothing\nrace:coun\0ter\n")
    res = run(rh, "--engine=static", "--suppressions=" + supp, src)
    check("suppressions with a NUL byte: error at line 2", one_error(res, "nul.supp:2:"),
          repr(res[:3]))
    db = os.path.join(tmp, "baddb")
    os.mkdir(db)
    write(os.path.join(db, "u.c"), RACY)
    entries = {
        "no command, no arguments": {"directory": db, "file": "u.c"},
        "arguments not a list": {"directory": db, "file": "u.c", "arguments": "cc -c u.c"},
        "unbalanced quote": {"directory": db, "file": "u.c", "command": "cc -c 'u.c"},
        "missing @file": {"directory": db, "file": "u.c", "command": "cc @gone.rsp -c u.c"},
    }
    for label, entry in entries.items():
        write(os.path.join(db, "compile_commands.json"), json.dumps([entry]))
        res = run(rh, "--engine=static", "-p", db)
        check("compile_commands.json, %s: error naming the entry" % label,
              one_error(res, "compile_commands.json", "entry 1"), repr(res[:3]))
    res = run(rh, "--runs=0", src)
    check("--runs=0: error", one_error(res, "--runs"), repr(res[:3]))
    res = run(rh, "--engine=static", "--format=json", "m.c", "./m.c", src, cwd=tmp)
    try:
        races = len(json.loads(res[1]).get("races", []))
    except ValueError:
        races = -1
    check("the same source three times: analysed once, one race", res[0] == 1 and races == 1,
          "rc=%r races=%d" % (res[0], races))


def main():
    rh = suite.racehunt_arg()
    suite.run_parts(rh, (output_over_input, checked_writes, special_side_inputs, malformed_inputs))
    check.finish()


if __name__ == "__main__":
    main()
