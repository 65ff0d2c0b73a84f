#!/usr/bin/env python3
"""test_dynamic_budget_shapes.py - shapes of real programs that used to cost
the dynamic engine its budget, each with a program of its own.

- A signal-handling thread that waits in sigwait for the whole run
  (tests/dynamic/sigwait_thread_race.c): the waiter leaves the serialised
  schedule while it waits, so no run stands still until its time limit;
  the race on the workers' counter is confirmed in a few seconds and its
  witness replays.
- Race-free traces of thousands of shared events next to runs that show
  a race (tests/dynamic/predict_large_trace_race.c): the predictive pass
  does not start an encoding it cannot search before the deadline, so the
  engine is never killed with the race it found."""
import os
import subprocess
import tempfile
import harness  # noqa: E402
import suite  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
check = suite.Checks("dynamic budget shapes")


run = harness.run_report


def race_lines(rep):
    return sorted({a["line"] for r in rep.get("races", []) for a in r["accesses"] if r.get("confirmed")})


def annotated(path):
    with open(path) as f:
        return sorted(n for n, l in enumerate(f, 1) if "// RACE" in l)


def main():
    rh = suite.racehunt_arg()

    with tempfile.TemporaryDirectory(prefix="rh-shapes-") as tmp:
        src = os.path.join(ROOT, "tests", "dynamic", "sigwait_thread_race.c")
        wit = os.path.join(tmp, "w.json")
        rc, rep, secs = run(rh, "--engine=dynamic", "--timeout=20", "--witness=" + wit, src)
        notes = " ".join(rep.get("notes", []))
        check("a thread in sigwait holds no run: race on line %s confirmed in %.1f s, no run killed"
              % (annotated(src), secs),
              rc == 1 and race_lines(rep) == annotated(src) and secs < 8 and
              "exceeded its time limit" not in notes,
              "rc %d, lines %s, %.1f s, notes %s" % (rc, race_lines(rep), secs, notes[-300:]))
        r = subprocess.run([rh, "replay", wit], capture_output=True, text=True, timeout=60)
        check("its witness replays into the race (exit 1)", r.returncode == 1,
              "exit %d: %s" % (r.returncode, r.stderr[-200:]))

    src = os.path.join(ROOT, "tests", "dynamic", "predict_large_trace_race.c")
    rc, rep, secs = run(rh, "--engine=dynamic", "--timeout=10", src)
    notes = " ".join(rep.get("notes", []))
    check("large race-free traces: the race on lines %s is reported within the budget (%.1f s)"
          % (annotated(src), secs),
          rc == 1 and race_lines(rep) == annotated(src) and secs < 10 and "killed" not in notes,
          "rc %d, lines %s, %.1f s, notes %s" % (rc, race_lines(rep), secs, notes[-300:]))
    check.finish()


if __name__ == "__main__":
    main()
