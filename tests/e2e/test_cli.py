#!/usr/bin/env python3
"""test_cli.py - the command-line contract: errors, exit codes, formats,
SV-COMP mode and the model dump, independent of any engine's verdicts."""
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
import suite  # noqa: E402

RACY = suite.RACY_COUNTER

check = suite.Checks("cli")


def run(rh, *args, env=None):
    e = dict(os.environ)
    e.update(env or {})
    return subprocess.run([rh] + list(args), capture_output=True, text=True, env=e, timeout=300)


def error_cases(rh, tmp):
    """Each bad input: exit 2 and one line on stderr naming the file."""
    def write(name, text, mode="w"):
        path = os.path.join(tmp, name)
        with open(path, mode) as f:
            f.write(text)
        return path

    cases = {
        "missing file": (os.path.join(tmp, "nope.c"), "no such file"),
        "not C": (write("notes.txt", "hello"), "not a C source file"),
        "binary": (write("bin.c", b"\x7fELF\x00\x00\x01", "wb"), "binary data"),
        "syntax error": (write("syntax.c", "int main(void) { return 0 }\n"), "error: expected"),
        "missing header": (write("hdr.c", "#include <no_such_header.h>\nint main(void){return 0;}\n"), "not found"),
        "empty file": (write("empty.c", ""), "empty file"),
        "no main, no function": (write("lib.c", "static int x;\n"), "no main function"),
    }
    for what, (path, needle) in cases.items():
        p = run(rh, path)
        lines = p.stderr.strip().splitlines()
        check("error: " + what, p.returncode == 2 and len(lines) == 1 and needle in lines[0]
              and os.path.basename(path) in lines[0], "exit %d, stderr %r" % (p.returncode, p.stderr))
    good = write("racy.c", RACY)
    p = run(rh, good, env={"RACEHUNT_CLANG": "/nonexistent/clang-16"})
    check("error: clang missing", p.returncode == 2 and "clang-16 is not installed" in p.stderr, p.stderr)
    p = run(rh, "--engine=nosuch", good)
    check("error: unknown engine", p.returncode == 2 and "unknown engine" in p.stderr, p.stderr)
    p = run(rh, "--bogus", good)
    check("error: unknown option", p.returncode == 2 and "--bogus" in p.stderr, p.stderr)
    p = run(rh, "--svcomp", os.path.join(tmp, "nope.c"))
    check("svcomp error still prints RESULT", p.stdout.strip().endswith("RESULT: unknown"), p.stdout)
    return good


def contract_cases(rh, good, tmp):
    p = run(rh, "--version")
    check("--version", p.returncode == 0 and p.stdout.startswith("racehunt "), p.stdout)
    p = run(rh, "--help")
    check("--help", p.returncode == 0 and "--engine" in p.stdout and "exit codes" in p.stdout)
    p = run(rh, "--format=json", good)
    try:
        rep = json.loads(p.stdout)
        ok = rep["schema"] == "racehunt-report" and rep["version"] == 3 and rep["verdict"] in (
            "race", "race-free", "unknown")
    except (ValueError, KeyError):
        ok = False
    check("json report schema", ok, p.stdout[:200])
    check("exit code matches verdict", p.returncode == {"race": 1, "race-free": 0}.get(
        rep.get("verdict") if ok else None, 3) or (ok and rep["races"] and p.returncode == 1), str(p.returncode))
    p = run(rh, "--svcomp", "--data-model=ILP32", good)
    last = p.stdout.strip().splitlines()[-1] if p.stdout.strip() else ""
    check("svcomp RESULT line", last in ("RESULT: true", "RESULT: false(no-data-race)", "RESULT: unknown"), last)
    out = os.path.join(tmp, "report.json")
    p = run(rh, "--format=json", "-o", out, good)
    check("-o writes the report", os.path.exists(out) and p.stdout == "", p.stdout)
    gcc_i = os.path.join(tmp, "gccisms.i")
    with open(gcc_i, "w") as f:
        f.write("extern void *my_alloc(unsigned long n) __attribute__ ((__malloc__ (__builtin_free, 1)));\n"
                "int g;\nint main(void) {\n  g = 1;\n  return 0;\n}\n")
    p = run(rh, "--dump-model", gcc_i)
    check("gcc-preprocessed .i with gcc-only attributes", p.returncode == 0 and "gccisms.i:4:" in p.stdout,
          p.stdout + p.stderr)
    p = run(rh, "--dump-model", good, "--", "-DUNUSED=1")
    check("compiler flags after --", p.returncode == 0, p.stderr)
    model = os.path.join(tmp, "wrappers.model")
    with open(model, "w") as f:
        f.write("# my lock wrappers\nlock my_lock obj=0\nunlock my_unlock obj=0\n")
    wrap = os.path.join(tmp, "wrap.c")
    with open(wrap, "w") as f:
        f.write("#include <pthread.h>\npthread_mutex_t m;\nvoid my_lock(pthread_mutex_t *l) { pthread_mutex_lock(l); }\n"
                "void my_unlock(pthread_mutex_t *l) { pthread_mutex_unlock(l); }\n"
                "int main(void) { my_lock(&m); my_unlock(&m); return 0; }\n")
    p = run(rh, "--dump-model", "--model=" + model, wrap)
    check("--model file adds lock wrappers", "main lock my_lock" in p.stdout and "main unlock my_unlock" in p.stdout, p.stdout)
    with open(model, "a") as f:
        f.write("frobnicate x\n")
    p = run(rh, "--dump-model", "--model=" + model, wrap)
    check("bad --model line is an error", p.returncode == 2 and "wrappers.model:4" in p.stderr, p.stderr)


def option_value_cases(rh, good, tmp):
    """A bad option value is one error line and exit 2 before any work
    starts (it used to surface after the analysis, or never: --timeout=nan
    meant no budget); an output path is tested without clobbering it."""
    kept = os.path.join(tmp, "kept.txt")
    with open(kept, "w") as f:
        f.write("keep me\n")
    cases = [
        (["--timeout=nan"], "--timeout"), (["--timeout=inf"], "--timeout"),
        (["--timeout=-5"], "--timeout"), (["--timeout=0"], "--timeout"),
        (["--timeout=ten"], "--timeout"), (["--timeout=5s"], "--timeout"),
        (["--engine=turbo"], "unknown engine"), (["--strategy=lucky"], "unknown strategy"),
        (["--jobs=0"], "--jobs"), (["-j", "two"], "--jobs"), (["--jobs=1.5"], "--jobs"),
        (["--runs=many"], "--runs"), (["--runs=-1"], "--runs"),
        (["--unwind=deep"], "--unwind"), (["--unwind=2.5"], "--unwind"),
        (["-o", os.path.join(tmp, "no_such_dir", "r.txt")], "cannot write the report"),
        (["-o", tmp], "cannot write the report"),
        (["--witness=" + os.path.join(tmp, "no_such_dir", "w.json")], "cannot write the witness"),
        (["-o", kept, "--timeout=nan"], "--timeout"),
    ]
    for args, needle in cases:
        t0 = time.time()
        p = run(rh, *args, good)
        lines = p.stderr.strip().splitlines()
        check("bad value rejected at once: " + " ".join(args),
              p.returncode == 2 and len(lines) == 1 and needle in lines[0] and time.time() - t0 < 2,
              "exit %d, stderr %r" % (p.returncode, p.stderr))
    with open(kept) as f:
        check("an existing -o file is left alone by a rejected run", f.read() == "keep me\n")
    check("checking -o creates no file", not os.path.exists(os.path.join(tmp, "r.txt")))
    p = run(rh, "--engine=static", "-o", kept, good)
    with open(kept) as f:
        check("a writable existing -o file gets the report", "keep me" not in f.read() and p.returncode in (1, 3))


CHATTY = """#include <pthread.h>
#include <stdio.h>
int counter;
void *chatter(void *arg) { counter++; for (;;) printf("still here\\n"); return arg; }
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, chatter, 0);
    counter++;
    pthread_join(t, 0);
    return 0;
}
"""


def endless_output_case(rh, tmp):
    """A program that prints forever under the dynamic engine: its runs are
    cut off, the race is still found, and racehunt keeps only a bounded part
    of the output (it used to keep all of it, gigabytes).  The printing
    thread reaches no scheduling point, so the runtime ends each run at its
    time limit from its alarm, trace kept (the first run used to be killed
    with its trace lost, and a budget of 8 s found nothing)."""
    import resource
    path = os.path.join(tmp, "chatty.c")
    with open(path, "w") as f:
        f.write(CHATTY)
    p = run(rh, "--engine=dynamic", "--timeout=8", path)
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    check("endless output: race found", p.returncode == 1 and "chatty.c:4" in p.stdout, p.stdout[-300:])
    check("endless output: the cut-off runs are named as time limits, not step limits",
          "reached their time limit" in p.stdout and "step limit" not in p.stdout, p.stdout[-600:])
    check("endless output: memory stays bounded (%.0f MB)" % peak_mb, peak_mb < 500, "%.0f MB" % peak_mb)


def model_covers_annotations(rh):
    """The model keeps an access on every annotated line of every test
    program: normalisation deleted or moved no shared access."""
    progs = sorted(f for f in os.listdir(os.path.join(harness.ROOT, "tests", "programs")) if f.endswith(".c"))
    bad = []
    for f in progs:
        path = os.path.join(harness.ROOT, "tests", "programs", f)
        race, norace = harness.annotations(path)
        p = run(rh, "--dump-model", path)
        lines = set()
        section = None
        for line in p.stdout.splitlines():
            if not line.startswith("  "):
                section = line.split(":")[0]
            elif section == "accesses":
                loc = line.split()[0].split(":")
                if os.path.basename(loc[0]) == f:
                    lines.add(int(loc[1]))
        missing = (race | norace) - lines
        if p.returncode != 0 or missing:
            bad.append("%s (lines %s)" % (f, sorted(missing)) if missing else f + " " + p.stderr.strip())
    check("model has an access on every annotated line of %d programs" % len(progs), not bad, "; ".join(bad))


WATCHDOG = r"""#include <pthread.h>
#include <semaphore.h>
#include <time.h>
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
sem_t holding, quit;
int progress;
static void *worker(void *arg) {
    pthread_mutex_lock(&lock);
    sem_post(&holding);
    progress = 1; // RACE
    sem_wait(&quit);
    pthread_mutex_unlock(&lock);
    return arg;
}
int main(void) {
    sem_init(&holding, 0, 0);
    sem_init(&quit, 0, 0);
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    sem_wait(&holding);
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_sec += 3600;
    if (pthread_mutex_timedlock(&lock, &ts) != 0)
        progress = -1; // RACE
    else
        pthread_mutex_unlock(&lock);
    sem_post(&quit);
    pthread_join(t, 0);
    return 0;
}
"""


def model_deadline_case(rh, tmp):
    """A --model row marked `deadline` (timed, the last argument an absolute
    deadline) can time out in the dynamic engine's runs: an hour-long wait
    on a lock held until the wait gives up ends in the race; marked only
    `timed` it cannot, and the run deadlocks instead."""
    prog = os.path.join(tmp, "watchdog.c")
    with open(prog, "w") as f:
        f.write(WATCHDOG)
    want, _ = harness.annotations(prog)
    model = os.path.join(tmp, "timed.model")
    verdicts = {}
    for flag in ("deadline", "timed"):
        with open(model, "w") as f:
            f.write("lock pthread_mutex_timedlock obj=0 success=0 %s\n" % flag)
        rc, verdict, lines, notes, err = harness.run_json(
            os.path.abspath(rh), ["--engine=dynamic", "--format=json", "--timeout=8", "--model=" + model, prog],
            None, tmp)
        verdicts[flag] = (rc, verdict, sorted(lines), notes[-300:], err[-300:])
    check("--model deadline: the wait times out into the race at %s" % sorted(want),
          verdicts["deadline"][:3] == (1, "race", sorted(want)), str(verdicts["deadline"]))
    check("--model timed (no deadline argument known): no timeout, no race",
          verdicts["timed"][1] != "race", str(verdicts["timed"]))


def main():
    rh = suite.racehunt_arg()
    with tempfile.TemporaryDirectory() as tmp:
        good = error_cases(rh, tmp)
        contract_cases(rh, good, tmp)
        option_value_cases(rh, good, tmp)
        endless_output_case(rh, tmp)
        model_deadline_case(rh, tmp)
    model_covers_annotations(rh)
    check.finish()


if __name__ == "__main__":
    main()
