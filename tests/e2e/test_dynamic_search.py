#!/usr/bin/env python3
"""test_dynamic_search.py - how the dynamic engine spends its budget.

- PCT counts only scheduling points where another thread could run, so a
  long single-threaded prefix no longer swallows its change points
  (tests/dynamic/pct_long_prefix_race.c: found by 30 PCT runs).
- PCT and the random walk time a blocked timed wait out now and then, so
  a timeout while the awaited thread still runs is explored
  (tests/dynamic/timedlock_times_out_while_held_race.c: found by 40 PCT
  runs); FIFO times a wait out only when nothing else can run (or while a
  thread spins), and so never finds that race.
- Without a race and without --runs the engine searches on until its
  budget ends (tests/dynamic/rare_inputs_race.c: a race one run in ~500
  reaches); --runs bounds the search.
- Under auto that search stops as soon as another engine settles the
  verdict: bmc confirming a race (tests/dynamic/magic_input_race.c, which
  no execution finds) or proving race freedom
  (tests/programs/named_sem_const_name_norace.c, whose named semaphore
  the static engine takes no order from), so auto answers long
  before its 30 s budget, on two cores or (bmc, then dynamic) on one.
- Every strategy passes the token on after a bounded quantum, so one run
  of a million-increment counter loop finds its race
  (tests/dynamic/counter_loop_race.c) under PCT, the random walk and FIFO."""
import os
import harness  # noqa: E402
import suite  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
check = suite.Checks("dynamic search")


run = harness.run_report


def race_lines(rep):
    return sorted({a["line"] for r in rep.get("races", []) for a in r["accesses"]})


def prog(*parts):
    return os.path.join(ROOT, "tests", *parts)


def main():
    rh = suite.racehunt_arg()

    rc, rep, _ = run(rh, "--engine=dynamic", "--strategy=pct", "--runs=30",
                     prog("dynamic", "pct_long_prefix_race.c"))
    check("PCT after a long prefix: race found on lines 26 and 37",
          rc == 1 and race_lines(rep) == [26, 37], "rc %d, lines %s" % (rc, race_lines(rep)))

    timed = prog("dynamic", "timedlock_times_out_while_held_race.c")
    rc, rep, _ = run(rh, "--engine=dynamic", "--strategy=pct", "--runs=40", timed)
    check("PCT times a blocked timed lock out: race found on lines 27 and 43",
          rc == 1 and race_lines(rep) == [27, 43], "rc %d, lines %s" % (rc, race_lines(rep)))
    rc, rep, _ = run(rh, "--engine=dynamic", "--strategy=fifo", "--runs=10", timed)
    check("FIFO times out only a wait nothing else could end: no race there",
          race_lines(rep) == [], "rc %d, lines %s" % (rc, race_lines(rep)))

    rare = prog("dynamic", "rare_inputs_race.c")
    rc, rep, _ = run(rh, "--engine=dynamic", "--runs=40", rare)
    check("--runs=40 bounds the search to 40 runs", rep.get("stats", {}).get("dynamic.runs") == 40,
          str(rep.get("stats")))
    rc, rep, _ = run(rh, "--engine=dynamic", "--timeout=60", rare)
    notes = " ".join(rep.get("notes", []))
    check("without --runs the search goes on until the rare race (lines 16 and 26)",
          rc == 1 and race_lines(rep) == [16, 26] and "searched on until it found one" in notes,
          "rc %d, lines %s, notes %s" % (rc, race_lines(rep), notes[-300:]))

    rc, rep, secs = run(rh, "--timeout=30", prog("dynamic", "magic_input_race.c"))
    check("auto: bmc's race stops the dynamic search (%.1f s of a 30 s budget)" % secs,
          rc == 1 and race_lines(rep) == [16, 25] and secs < 12,
          "rc %d, lines %s, %.1f s" % (rc, race_lines(rep), secs))
    rc, rep, secs = run(rh, "--timeout=30", "--jobs=1", prog("dynamic", "magic_input_race.c"))
    check("auto, one job (bmc, then dynamic): bmc's race stops the search too (%.1f s)" % secs,
          rc == 1 and race_lines(rep) == [16, 25] and secs < 12,
          "rc %d, lines %s, %.1f s" % (rc, race_lines(rep), secs))
    rc, rep, secs = run(rh, "--timeout=30", prog("programs", "named_sem_const_name_norace.c"))
    check("auto: bmc's proof stops the dynamic search (%.1f s of a 30 s budget)" % secs,
          rc == 0 and secs < 12, "rc %d, %.1f s" % (rc, secs))

    # A bounded quantum: no strategy lets the first thread run its loop to
    # the step limit before the second starts, so one run of each finds it
    # (FIFO used to run thread 1 alone until the cut-off).
    counter = prog("dynamic", "counter_loop_race.c")
    for strategy in ("pct", "random", "fifo"):
        rc, rep, secs = run(rh, "--engine=dynamic", "--strategy=" + strategy, "--runs=1", counter)
        check("a million-increment counter loop: one %s run finds the race on line 16 (%.1f s)"
              % (strategy, secs), rc == 1 and race_lines(rep) == [16],
              "rc %d, lines %s" % (rc, race_lines(rep)))

    # Without --runs the search ends RH_DYN_SATURATED_RUNS runs after the
    # last new race, with a note; --runs=N still runs N.
    rc, rep, secs = run(rh, "--engine=dynamic", counter)
    runs = rep.get("stats", {}).get("dynamic.runs", 0)
    check("the counter loop's search ends once runs repeat its race (%d runs, %.1f s)" % (runs, secs),
          rc == 1 and race_lines(rep) == [16] and 0 < runs < 40 and
          any("the search ended after" in n for n in rep.get("notes", [])),
          "rc %d, runs %d, notes %s" % (rc, runs, rep.get("notes")))
    rc, rep, _ = run(rh, "--engine=dynamic", "--runs=12", counter)
    runs = rep.get("stats", {}).get("dynamic.runs", 0)
    check("--runs=12 runs 12 even when they repeat the race", rc == 1 and runs == 12,
          "rc %d, runs %d" % (rc, runs))
    check.finish()


if __name__ == "__main__":
    main()
