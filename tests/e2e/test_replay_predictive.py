#!/usr/bin/env python3
"""test_replay_predictive.py - predictive power of the witness engine
([Said], doc/design.md): one FIFO run of tests/dynamic/predict_lock_handoff_race.c
never interleaves the racing writes (the lock orders them), yet the engine
derives from that single trace a schedule that replays into the race; the
saved witness replays into it again."""
import json
import os
import subprocess
import tempfile
import suite  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PROG = os.path.join(ROOT, "tests", "dynamic", "predict_lock_handoff_race.c")
check = suite.Checks("predictive")


def lines(report):
    return sorted((a["line"] for r in report.get("races", []) for a in r["accesses"]))


def main():
    rh = suite.racehunt_arg()
    with tempfile.TemporaryDirectory() as tmp:
        w = os.path.join(tmp, "w.json")
        p = subprocess.run([rh, "--engine=dynamic", "--strategy=fifo", "--runs=1", "--format=json",
                            "--witness", w, PROG], capture_output=True, text=True, timeout=120)
        rep = json.loads(p.stdout)
        races = rep.get("races", [])
        check("one FIFO run: a race is reported", p.returncode == 1 and len(races) == 1, p.stdout[-400:])
        if races:
            check("its evidence is a replayed prediction, not an observation",
                  races[0]["evidence"] == "replayed", races[0]["evidence"])
            check("on the two racing writes (lines 19 and 32)", lines(rep) == [19, 32], str(lines(rep)))
        r = subprocess.run([rh, "replay", "--format=json", w], capture_output=True, text=True, timeout=60)
        ok = r.returncode == 1 and lines(json.loads(r.stdout)) == [19, 32]
        check("the predicted witness replays into the race", ok, r.stdout[-300:] + r.stderr[-300:])
    check.finish()


if __name__ == "__main__":
    main()
