#!/usr/bin/env python3
"""test_budget.py - every engine keeps its time budget on adversarial programs.

A handful of programs from bench/gen_adversarial.py (deep pointer chains, pointer arithmetic in
cycles, function-pointer tables, thousands of locks and threads, recursion, a mix padded with
ordinary code) are analysed by each engine with a small --timeout=T.  Whatever the engine makes of
a program, racehunt must:
  - return within T + 2 s of wall time (a stage that does not stop is killed at the deadline);
  - exit 0, 1 or 3 (never a crash, never 2: the program is valid);
  - leave no process behind (this test is a child subreaper, so orphans are re-parented to it);
  - print a JSON report whose verdict is documented and agrees with the exit code;
  - never answer race-free: every generated program holds a race by construction.
Sizes are moderate so the test stays near two minutes; an ASan build (RH_SANITIZE=ON in the
binary's CMakeCache.txt) gets half the sizes and one more second of budget.
"""
import argparse
import json
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import gen_adversarial  # noqa: E402
import proctree  # noqa: E402
import suite  # noqa: E402

ENGINES = ["auto", "static", "bmc", "dynamic"]
# (kind, scale, lines): small enough to compile in a fraction of a second, large enough that
# the expensive engines do not finish on most of them.
PROGRAMS = [
    ("ptrarith", 0.3, None),
    ("ptrchain", 0.5, None),
    ("fnptr", 0.1, None),
    ("locks", 0.1, None),
    ("threads", 0.05, None),
    ("recursion", 0.1, None),
    ("mix", 0.05, 2000),
]
SLACK = 2.0       # racehunt may take this long past its budget
HARD_KILL = 30.0  # past the budget: the run is killed and counts as "did not return"
LINGER = 0.5      # a descendant still alive this long after racehunt ended is left behind
VERDICT_OF_EXIT = {0: "race-free", 1: "race", 3: "unknown"}

check = suite.Checks("budget")


def make_programs(tmp, shrink):
    progs = []
    for kind, scale, lines in PROGRAMS:
        text = gen_adversarial.generate(kind, 7, scale * shrink, lines)
        again = gen_adversarial.generate(kind, 7, scale * shrink, lines)
        check("generator deterministic: %s" % kind, text == again)
        path = os.path.join(tmp, "%s.c" % kind)
        with open(path, "w") as f:
            f.write(text)
        progs.append((kind, path))
    return progs


def run_one(racehunt, engine, prog, budget, tmp):
    name = "%s %s" % (engine, os.path.basename(prog))
    out = os.path.join(tmp, "report.json")
    if os.path.exists(out):
        os.remove(out)
    cmd = [racehunt, "--engine=" + engine, "--timeout=%g" % budget, "--format=json", "-o", out, prog]
    with open(os.devnull, "w") as null, open(os.path.join(tmp, "stderr"), "w+") as err:
        r = proctree.run(cmd, tmp, budget + HARD_KILL, null, err, linger=LINGER, measure=False)
        err.seek(0)
        stderr = err.read().strip()[-300:]
    how = "(%s; exit %d after %.1f s)" % (" ".join(cmd[1:4]) + " " + os.path.basename(prog), r["rc"], r["wall"])
    check(name + ": returns", not r["killed"], "did not return within %g s of its budget %s" % (HARD_KILL, how))
    check(name + ": within budget + %gs" % SLACK, r["wall"] <= budget + SLACK, how)
    check(name + ": exit 0/1/3", r["rc"] in VERDICT_OF_EXIT, "%s stderr: %s" % (how, stderr))
    check(name + ": nothing left behind", not r["leftovers"], "; ".join(r["leftovers"]))
    if r["rc"] not in VERDICT_OF_EXIT:
        return
    try:
        with open(out) as f:
            verdict = json.load(f).get("verdict")
    except (OSError, ValueError) as e:
        check(name + ": JSON report", False, str(e))
        return
    check(name + ": documented verdict", verdict in ("race", "race-free", "unknown"), repr(verdict))
    check(name + ": verdict matches exit code", VERDICT_OF_EXIT[r["rc"]] == verdict,
          "exit %d, verdict %s" % (r["rc"], verdict))
    check(name + ": not race-free (racy by construction)", verdict != "race-free", how)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--racehunt", default=os.path.join(ROOT, "build", "racehunt"))
    ap.add_argument("--engine", action="append", help="only these engines (default all)")
    ap.add_argument("--only", action="append", help="only these kinds")
    a = ap.parse_args()
    racehunt = os.path.abspath(a.racehunt)
    asan = suite.sanitized(racehunt)
    budget, shrink = (4.0, 0.5) if asan else (3.0, 1.0)
    check("child subreaper", proctree.become_subreaper(), "prctl(PR_SET_CHILD_SUBREAPER) failed")
    with tempfile.TemporaryDirectory(prefix="rh-budget-") as tmp:
        for kind, prog in make_programs(tmp, shrink):
            if a.only and kind not in a.only:
                continue
            for engine in a.engine or ENGINES:
                run_one(racehunt, engine, prog, budget, tmp)
    check.finish()


if __name__ == "__main__":
    main()
