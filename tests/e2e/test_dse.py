#!/usr/bin/env python3
"""test_dse.py - --inputs=solver (dynamic symbolic execution, src/engines/
dynamic/dse.h) over tests/dse: every program there starts its threads only
on the right input (a magic word, a flag and a count or the argument count
in argv, a line length, a key=value configuration, a binary header or an
answer on standard input, a line read with getline, numbers and a word
read with scanf, fscanf(stdin) or sscanf, a checksum, a nondet value, an
environment variable, a configuration file).  Each racy program's
race is found by `--engine=dynamic --inputs=solver` within 30 s at exactly
its RACE lines, its witness records the input the solver chose and
`racehunt replay` reproduces the race; each race-free twin gets no race.
The witness of a program gated by getenv carries an --env= word, of one
gated by a file a --file-hex= word, and a witness whose such word is
malformed is refused (one error line, exit 2).  The stats count the thread
start routines that ran and the branch directions taken in what they
reach.  Under auto the static engine's candidate pairs are goals of the
search too: in worker_mode_race.c, whose workers always start, the branch
in the workers that leads to the candidate accesses is marked.  With --inputs=seed the runs never get past the check; by default the
search takes over once every run exits the same way before its threads,
where its runs can be sandboxed: argv_output_file_race.c, which truncates a
file and makes a directory on the arguments the solver chooses, leaves
the directory it runs in as it was (its replay too); a bad --inputs value
is one error line, exit 2.  A program built with
`racehunt cc` is searched the same way by `racehunt run --inputs=solver
./prog -- ARGS` (the arguments are the first input): the racy one's race
found, its witness naming the executable and replaying, the twin silent."""
import glob
import json
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
import suite  # noqa: E402

check = suite.Checks()
PROGRAMS = sorted(glob.glob(os.path.join(suite.ROOT, "tests", "dse", "*.c")))


def analyse(rh, prog, tmp, env):
    racy = prog.endswith("_race.c")
    wit = os.path.join(tmp, os.path.basename(prog) + ".json")
    t0 = time.time()
    args = ["--engine=dynamic", "--inputs=solver", "--format=json", "--stats",
            "--timeout=%d" % (30 if racy else 8), "--witness=" + wit, prog]
    p = subprocess.run([rh] + args, capture_output=True, text=True, env=env, cwd=tmp, timeout=120)
    try:
        rep = json.loads(p.stdout)
    except ValueError:
        rep = {}
    verdict, stats = rep.get("verdict"), rep.get("stats", {})
    lines = {a["line"] for r in rep.get("races", []) for a in r.get("accesses", [])}
    notes = " | ".join(rep.get("notes", []))
    took = time.time() - t0
    replayed = None
    if racy and os.path.exists(wit):
        p = subprocess.run([rh, "replay", "--format=json", wit], capture_output=True, text=True,
                           env=env, cwd=tmp, timeout=120)
        replayed = p.returncode
    return prog, racy, p.returncode, verdict, lines, notes, took, wit, replayed, stats


def bad_witness(rh, tmp, env):
    """A witness whose --env= word names no variable is refused."""
    wit = os.path.join(tmp, "env_mode_race.c.json")
    if not os.path.exists(wit):
        check("env_mode_race.c: a witness to spoil", False, wit)
        return
    w = json.load(open(wit))
    w["program"] = ["--env==turbo" if x.startswith("--env=") else x for x in w["program"]]
    bad = os.path.join(tmp, "bad-env.json")
    json.dump(w, open(bad, "w"))
    p = subprocess.run([rh, "replay", bad], capture_output=True, text=True, env=env, cwd=tmp, timeout=60)
    check("a malformed --env= word: one error line, exit 2",
          p.returncode == 2 and p.stderr.count("\n") == 1 and "--env=NAME=VALUE" in p.stderr,
          (p.returncode, p.stderr))


def candidate_goals(rh, tmp, env, dynamic_stats):
    """Under auto the static engine's candidate pair in worker_mode_race.c's
    workers is a goal of the search: more branch sides lead to a goal than
    the thread creations alone (--engine=dynamic's count)."""
    prog = os.path.join(suite.ROOT, "tests", "dse", "worker_mode_race.c")
    p = subprocess.run([rh, "--inputs=solver", "--format=json", "--stats", "--timeout=30", prog],
                       capture_output=True, text=True, env=env, cwd=tmp, timeout=120)
    rep = json.loads(p.stdout) if p.stdout.startswith("{") else {}
    stats, verdict, notes = rep.get("stats", {}), rep.get("verdict"), " | ".join(rep.get("notes", []))
    lines = {a["line"] for r in rep.get("races", []) for a in r.get("accesses", [])}
    auto, dyn = stats.get("dse.goal_sides", 0), dynamic_stats.get("dse.goal_sides", 0)
    check("worker_mode_race.c: under auto the candidate pair's accesses are goals of the search "
          "(%s branch sides against %s for the thread creations alone)" % (auto, dyn),
          auto > dyn > 0, (auto, dyn))
    want, _ = harness.annotations(prog)
    check("worker_mode_race.c: auto finds the race at lines %s" % sorted(want),
          verdict == "race" and lines == want, (verdict, sorted(lines), notes))


def run_built(rh, tmp, env):
    """racehunt cc builds the getopt-gated pair; `racehunt run --inputs=solver`
    searches their inputs from the arguments given."""
    for name in ("getopt_flag_race.c", "getopt_flag_safe.c"):
        src = os.path.join(suite.ROOT, "tests", "dse", name)
        exe = os.path.join(tmp, "built-" + name[:-2])
        p = subprocess.run([rh, "cc", "-g", "-o", exe, src, "-lpthread"], capture_output=True,
                           text=True, env=env, cwd=tmp, timeout=120)
        if not check("%s: racehunt cc builds it" % name, p.returncode == 0, p.stderr):
            continue
        wit = exe + ".json"
        rc, verdict, lines, notes, err = harness.run_json(
            rh, ["run", "--inputs=solver", "--format=json", "--timeout=30", "--witness=" + wit, exe,
                 "--", "-v"], env=env, cwd=tmp)
        want, _ = harness.annotations(src)
        if name.endswith("_safe.c"):
            check("racehunt run --inputs=solver %s: no race" % name, verdict != "race" and not lines,
                  (verdict, sorted(lines), notes))
            continue
        check("racehunt run --inputs=solver %s: race at lines %s" % (name, sorted(want)),
              verdict == "race" and lines == want and "inputs chosen by the solver" in notes,
              (verdict, sorted(lines), notes))
        program = json.load(open(wit)).get("program", []) if os.path.exists(wit) else []
        check("%s: the witness names the executable" % name, program[:1] == [exe], program)
        p = subprocess.run([rh, "replay", wit], capture_output=True, text=True, env=env, cwd=tmp,
                           timeout=120)
        check("%s: its witness replays" % name, p.returncode == 1, (p.returncode, p.stderr[-300:]))


def sandboxed(rh, env):
    """argv_output_file_race.c truncates keep.txt and makes a directory once
    the solver chose "-o keep.txt": the solver's runs (asked for, and by
    default) and a replay of the witness leave the directory they run in
    as it was, and the race is found all the same.  Where the machine
    cannot make the sandbox, a note says so and the default never runs
    the solver.  Returns whether the sandbox was there."""
    prog = os.path.join(suite.ROOT, "tests", "dse", "argv_output_file_race.c")
    want, _ = harness.annotations(prog)
    with tempfile.TemporaryDirectory(prefix="rh-sbx-") as work, \
            tempfile.TemporaryDirectory(prefix="rh-sbx-out-") as out:
        keep = os.path.join(work, "keep.txt")
        with open(keep, "w") as f:
            f.write("precious\n")
        wit = os.path.join(out, "w.json")
        rc, verdict, lines, notes, err = harness.run_json(
            rh, ["--engine=dynamic", "--inputs=solver", "--format=json", "--stats", "--timeout=30",
                 "--witness=" + wit, prog], env=env, cwd=work)
        there = "could not be sandboxed" not in notes
        untouched = open(keep).read() == "precious\n" and sorted(os.listdir(work)) == ["keep.txt"]
        if not there:
            check("no sandbox here: the note says the solver's runs wrote in the working directory",
                  "what they wrote stays there" in notes, notes)
            return False
        check("argv_output_file_race.c: race at lines %s with the solver's -o keep.txt" % sorted(want),
              verdict == "race" and lines == want, (verdict, sorted(lines), notes))
        check("the solver's runs left keep.txt and the directory as they were", untouched,
              (open(keep).read(), os.listdir(work)))
        p = subprocess.run([rh, "replay", wit], capture_output=True, text=True, env=env, cwd=work,
                           timeout=120)
        check("its witness replays, and the replay leaves the directory as it was",
              p.returncode == 1 and open(keep).read() == "precious\n"
              and sorted(os.listdir(work)) == ["keep.txt"], (p.returncode, os.listdir(work)))
        check("the replay's report says the run's input above its schedule",
              "Input of the run: arguments -o keep.txt" in p.stdout, p.stdout[-600:])
        rc, verdict, lines, notes, err = harness.run_json(
            rh, ["--engine=dynamic", "--format=json", "--timeout=30", prog], env=env, cwd=work)
        check("by default the solver takes over, finds the race and leaves the directory as it was",
              verdict == "race" and lines == want and "so the solver chose the inputs" in notes
              and open(keep).read() == "precious\n" and sorted(os.listdir(work)) == ["keep.txt"],
              (verdict, sorted(lines), notes, os.listdir(work)))
    return True


def main():
    rh = suite.racehunt_arg()
    check("at least 20 programs in tests/dse", len(PROGRAMS) >= 20, len(PROGRAMS))
    with tempfile.TemporaryDirectory(prefix="rh-dse-") as tmp:
        env = dict(os.environ, RACEHUNT_CACHE=os.path.join(tmp, "cache"))
        with ThreadPoolExecutor(2) as pool:
            results = list(pool.map(lambda p: analyse(rh, p, tmp, env), PROGRAMS))
        for prog, racy, rc, verdict, lines, notes, took, wit, replayed, stats in results:
            name = os.path.basename(prog)
            want, _ = harness.annotations(prog)
            if racy:
                check("%s: race at lines %s within 30 s" % (name, sorted(want)),
                      verdict == "race" and lines == want and took < 35, (verdict, sorted(lines), took, notes))
                program = json.load(open(wit)).get("program", []) if os.path.exists(wit) else []
                check("%s: the witness records the input" % name,
                      any(w.startswith("--arg=") or w.startswith("--stdin-hex=") for w in program)
                      or "inputs" in json.load(open(wit)) if os.path.exists(wit) else False, program)
                check("%s: racehunt replay reproduces the race" % name, replayed == 1, replayed)
            else:
                check("%s: no race" % name, verdict != "race" and not lines, (verdict, sorted(lines), notes))
            check("%s: the note says what the solver explored" % name,
                  "inputs chosen by the solver" in notes and "thread start routines ran" in notes, notes)
            if name.startswith(("env_", "config_", "mapped_")) and racy:
                program = json.load(open(wit)).get("program", []) if os.path.exists(wit) else []
                word = "--env=" if name.startswith("env_") else "--file-hex="
                check("%s: the witness carries the %s word" % (name, word),
                      any(w.startswith(word) for w in program), program)
            if name.startswith("stdin_getline_"):
                check("%s: one start routine ran, both sides of its branch were taken" % name,
                      stats.get("dse.entry_functions_ran") == 1 and stats.get("dse.entry_branches") == 1
                      and stats.get("dse.entry_directions_covered") == 2, stats)
        bad_witness(rh, tmp, env)
        run_built(rh, tmp, env)
        candidate_goals(rh, tmp, env, next(r[9] for r in results if r[0].endswith("worker_mode_race.c")))
        gate = os.path.join(suite.ROOT, "tests", "dse", "argv_magic_race.c")
        rc, verdict, lines, notes, err = harness.run_json(
            rh, ["--engine=dynamic", "--inputs=seed", "--format=json", "--timeout=6", gate], env=env, cwd=tmp)
        check("with --inputs=seed the magic word is not found", verdict != "race", (verdict, notes))
        rc, verdict, lines, notes, err = harness.run_json(
            rh, ["--engine=dynamic", "--format=json", "--timeout=20", gate], env=env, cwd=tmp)
        want, _ = harness.annotations(gate)
        if sandboxed(rh, env):
            check("by default, once every run exits before its threads, the solver finds the magic word",
                  verdict == "race" and lines == want and "so the solver chose the inputs" in notes,
                  (verdict, sorted(lines), notes))
        else:
            check("without a sandbox the default never runs the solver",
                  "so the solver chose the inputs" not in notes, notes)
        p = subprocess.run([rh, "--inputs=guess", gate], capture_output=True, text=True, env=env,
                           cwd=tmp, timeout=60)
        check("--inputs=guess: one error line, exit 2",
              p.returncode == 2 and p.stderr.count("\n") == 1 and "--inputs" in p.stderr,
              (p.returncode, p.stderr))
    check.finish()


if __name__ == "__main__":
    main()
