#!/usr/bin/env python3
"""test_real_programs.py - the dynamic engine on programs shaped like real
ones (tests/dynamic/real/):

- a program that exits with its usage message without an argument: with
  --inputs=seed three runs, then a note with the exit status, the first
  line of its output and --arg; by default the solver then chooses the
  argument and finds the race; with the argument, the race;
- a program that crashes before creating a thread: three runs and a note
  naming the crash (SIGSEGV), the thread and the faulting line, never
  "needs arguments";
- a program that closes every descriptor (a daemon) keeps the runtime's
  report and its race is found; one that ends by _exit before its report,
  and one that waits past the time limit, are not told they need arguments;
- inline assembly in one function, a race elsewhere: the race is found;
- functions the sources do not define: left out of the build by default,
  the race off their path found and replayed, a note naming them; a run
  calling one ends there; --no-allow-undefined refuses with a note naming
  them;
- a library without main: a note, analysed with every external function
  as an entry, its race found;
- an implicit `int getenv()` on a 64-bit build: a note, and the race
  (the run no longer crashes on the cut pointer)."""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
import suite  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REAL = os.path.join(os.path.dirname(HERE), "dynamic", "real")

check = suite.Checks()


def run(rh, args, env, cwd):
    """(rc, report or {}, stderr) of racehunt --format=json --stats ARGS."""
    p = subprocess.run([rh, "--format=json", "--stats"] + args, capture_output=True, text=True,
                       env=env, cwd=cwd, timeout=180)
    try:
        rep = json.loads(p.stdout)
    except ValueError:
        rep = {}
    return p.returncode, rep, p.stderr


def notes(rep):
    return " | ".join(rep.get("notes", []))


def race_lines(rep, prog):
    return {a["line"] for r in rep.get("races", []) for a in r.get("accesses", [])
            if os.path.basename(a.get("file", "")) == os.path.basename(prog)}


def runs(rep):
    return rep.get("stats", {}).get("dynamic.runs")


def early_exits(rh, env, tmp):
    prog = os.path.join(REAL, "needs_args_race.c")
    want, _ = harness.annotations(prog)
    rc, rep, err = run(rh, ["--engine=dynamic", "--inputs=seed", "--timeout=20", prog], env, tmp)
    n = notes(rep)
    check("usage exit (--inputs=seed): 3 runs, a note with status 64, its output and --arg",
          rep.get("verdict") == "unknown" and runs(rep) == 3 and "status 64" in n
          and "usage: needs_args_race serve" in n and "--arg=VALUE" in n, (rc, runs(rep), n, err[-300:]))
    rc, rep, err = run(rh, ["--engine=dynamic", "--timeout=20", prog], env, tmp)
    check("by default: after 3 runs the solver chooses the argument, the race at lines %s" % sorted(want),
          rc == 1 and race_lines(rep, prog) == want and "so the solver chose the inputs" in notes(rep),
          (rc, sorted(race_lines(rep, prog)), notes(rep)))
    rc, rep, err = run(rh, ["--engine=dynamic", "--timeout=20", "--arg=serve", prog], env, tmp)
    check("with its argument: the race at lines %s" % sorted(want),
          rc == 1 and race_lines(rep, prog) == want and "stopped there" not in notes(rep),
          (rc, sorted(race_lines(rep, prog)), notes(rep)))

    prog = os.path.join(REAL, "crash_before_threads.c")
    rc, rep, err = run(rh, ["--engine=dynamic", "--timeout=20", prog], env, tmp)
    n = notes(rep)
    check("crash: 3 runs, named SIGSEGV in the main thread at the faulting line, not 'arguments'",
          runs(rep) == 3 and "crashed" in n and "SIGSEGV" in n and "main thread" in n
          and "crash_before_threads.c:11" in n and "needs arguments" not in n, (runs(rep), n))

    prog = os.path.join(REAL, "closes_descriptors.c")
    want, _ = harness.annotations(prog)
    rc, rep, err = run(rh, ["--engine=dynamic", "--timeout=20", prog], env, tmp)
    check("closing every descriptor (a daemon) keeps the runtime's report: the race at %s" % sorted(want),
          rc == 1 and race_lines(rep, prog) == want, (rc, sorted(race_lines(rep, prog)), notes(rep)))

    prog = os.path.join(REAL, "exits_underscore.c")
    rc, rep, err = run(rh, ["--engine=dynamic", "--timeout=20", prog], env, tmp)
    n = notes(rep)
    check("_exit before the report: said so (status 3), not 'no run created a thread' nor a crash",
          runs(rep) == 3 and "without the runtime's report" in n and "status 3" in n
          and "no run created a thread" not in n and "crashed" not in n, (runs(rep), n))

    prog = os.path.join(REAL, "waits_forever.c")
    rc, rep, err = run(rh, ["--engine=dynamic", "--timeout=4", prog], env, tmp)
    n = notes(rep)
    check("time limit: not told it needs arguments",
          "no run created a thread" not in n and "needs arguments" not in n and "time limit" in n,
          (runs(rep), n))


def builds(rh, env, tmp):
    prog = os.path.join(REAL, "asm_function_race.c")
    want, _ = harness.annotations(prog)
    rc, rep, err = run(rh, ["--engine=dynamic", "--timeout=20", prog], env, tmp)
    check("inline assembly in one function: the race elsewhere is found",
          rc == 1 and race_lines(rep, prog) == want, (rc, sorted(race_lines(rep, prog)), notes(rep)))

    prog = os.path.join(REAL, "undefined_function_race.c")
    want, _ = harness.annotations(prog)
    rc, rep, err = run(rh, ["--engine=dynamic", "--timeout=20", "--no-allow-undefined", prog], env, tmp)
    n = notes(rep)
    check("--no-allow-undefined: unknown, the note names them and the way on",
          rep.get("verdict") == "unknown" and "reload_config" in n and "rotate_logs" in n
          and "drop --no-allow-undefined" in n, (rc, n))
    wit = os.path.join(tmp, "undefined.json")
    rc, rep, err = run(rh, ["--engine=dynamic", "--timeout=20", "--witness=" + wit, prog], env, tmp)
    n = notes(rep)
    check("undefined functions left out by default: the race off their path, a note naming them",
          rc == 1 and race_lines(rep, prog) == want and "built without" in n and "reload_config" in n
          and "no library known" in n, (rc, sorted(race_lines(rep, prog)), n))
    p = subprocess.run([rh, "replay", wit], capture_output=True, text=True, env=env, cwd=tmp,
                       timeout=120) if os.path.exists(wit) else None
    check("undefined functions left out: the witness replays into the race",
          p is not None and p.returncode == 1, p and (p.returncode, p.stderr[-300:]))
    rc, rep, err = run(rh, ["--engine=dynamic", "--timeout=20"] + ["--arg=x"] * 3 + [prog], env, tmp)
    n = notes(rep)
    check("undefined functions left out: a run calling one ends there, and says which",
          "called 'reload_config'" in n and runs(rep) == 3, (runs(rep), n))

    prog = os.path.join(REAL, "library_no_main_race.c")
    want, _ = harness.annotations(prog)
    rc, rep, err = run(rh, ["--engine=dynamic", "--timeout=20", prog], env, tmp)
    n = notes(rep)
    check("no main: analysed as a library with a note, the race at %s" % sorted(want),
          rc == 1 and "no main function" in n and "all-external" in n
          and race_lines(rep, prog) == want, (rc, sorted(race_lines(rep, prog)), n, err[-200:]))
    rc, rep, err = run(rh, ["--engine=static", "--timeout=20", prog], env, tmp)
    check("no main (static): analysed, not an error", rc != 2 and "no main function" in notes(rep),
          (rc, notes(rep), err[-200:]))

    prog = os.path.join(REAL, "implicit_decl_race.c")
    want, _ = harness.annotations(prog)
    rc, rep, err = run(rh, ["--engine=dynamic", "--timeout=20", prog], env, tmp)
    n = notes(rep)
    check("implicit int getenv(): a note naming it, no crash, the race",
          rc == 1 and "getenv without a declaration" in n and "crashed" not in n
          and race_lines(rep, prog) == want, (rc, sorted(race_lines(rep, prog)), n))


def main():
    rh = suite.racehunt_arg()
    with tempfile.TemporaryDirectory(prefix="rh-real-") as tmp:
        env = dict(os.environ, RACEHUNT_CACHE=os.path.join(tmp, "cache"))
        early_exits(rh, env, tmp)
        builds(rh, env, tmp)
    check.finish()


if __name__ == "__main__":
    main()
