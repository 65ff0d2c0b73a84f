#!/usr/bin/env python3
"""test_directed.py - directed confirmation of the static engine's
candidates (src/runtime/rt_target.c): in tests/dynamic/directed/
late_access_race.c the race shows only when one thread stalls between two
critical sections while the other runs 6,000 of them, which the dynamic
engine's own runs (PCT, random, FIFO) do not do in 40 runs; under auto,
the static candidate pair is handed to the dynamic stage, whose run holds
one thread at one access until the other reaches the other: the race is
observed, the note says so, and its witness replays into it."""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
import suite  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
PROG = os.path.join(os.path.dirname(HERE), "dynamic", "directed", "late_access_race.c")

check = suite.Checks()


def run(rh, args, env, cwd):
    p = subprocess.run([rh, "--format=json", "--stats"] + args, capture_output=True, text=True,
                       env=env, cwd=cwd, timeout=180)
    try:
        return p.returncode, json.loads(p.stdout)
    except ValueError:
        return p.returncode, {}


def lines(rep):
    return {a["line"] for r in rep.get("races", []) for a in r.get("accesses", [])}


def main():
    rh = suite.racehunt_arg()
    want, _ = harness.annotations(PROG)
    with tempfile.TemporaryDirectory(prefix="rh-directed-") as tmp:
        env = dict(os.environ, RACEHUNT_CACHE=os.path.join(tmp, "cache"))
        rc, rep = run(rh, ["--engine=dynamic", "--runs=40", "--timeout=60", PROG], env, tmp)
        check("undirected: 40 runs do not show the race", rep.get("verdict") == "unknown"
              and rep.get("stats", {}).get("dynamic.runs") == 40, (rc, sorted(lines(rep))))
        wit = os.path.join(tmp, "w.json")
        rc, rep = run(rh, ["--timeout=40", "--witness=" + wit, PROG], env, tmp)
        notes = " | ".join(rep.get("notes", []))
        stats = rep.get("stats", {})
        check("auto: a directed run shows the candidate pair at lines %s" % sorted(want),
              rc == 1 and lines(rep) == want and stats.get("dynamic.directed_confirmed", 0) >= 1
              and "showed 1 of" in notes, (rc, sorted(lines(rep)), notes, stats))
        evid = {r.get("evidence") for r in rep.get("races", [])}
        check("the race is confirmed by an execution", evid & {"observed", "replayed"}, evid)
        p = subprocess.run([rh, "replay", "--format=json", wit], capture_output=True, text=True,
                           env=env, cwd=tmp, timeout=120)
        check("racehunt replay follows the witness into the race", p.returncode == 1,
              (p.returncode, p.stdout[-300:], p.stderr[-300:]))
    check.finish()


if __name__ == "__main__":
    main()
