#!/usr/bin/env python3
"""test_replay_determinism.py - `racehunt replay`: a witness saved by the
dynamic engine replays into the same race every time (100 replays), the
race it reaches is the one the witness names, and a malformed witness is a
clean error."""
import argparse
import json
import os
import subprocess
import tempfile
import suite  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PROGRAMS = ["condvar_write_after_signal_race.c", "mutex_unlock_too_early_race.c",
            "global_counter_race.c"]
REPLAYS = 100
check = suite.Checks("replay")


def race_of(report):
    """The (file:line, file:line) pair of the first race, sorted."""
    races = report.get("races", [])
    if not races:
        return None
    acc = races[0]["accesses"]
    return tuple(sorted("%s:%d:%d" % (os.path.basename(a["file"]), a["line"], a["column"]) for a in acc))


def witness_race(w):
    steps = w["steps"]
    a, b = w["race"]
    return tuple(sorted("%s:%d:%d" % (os.path.basename(steps[i]["file"]), steps[i]["line"], steps[i]["column"])
                        for i in (a, b)))


def one_program(rh, prog, tmp):
    wpath = os.path.join(tmp, prog + ".witness.json")
    src = os.path.join(ROOT, "tests", "programs", prog)
    p = subprocess.run([rh, "--engine=dynamic", "--format=json", "--witness", wpath, src],
                       capture_output=True, text=True, timeout=200)
    if not os.path.exists(wpath):
        check(prog + ": analysis writes a witness", False, p.stderr[-300:])
        return
    w = json.load(open(wpath))
    check(prog + ": witness schema", w.get("schema") == "racehunt-witness" and w["race"][0] >= 0)
    want = witness_race(w)
    seen = {}
    for _ in range(REPLAYS):
        r = subprocess.run([rh, "replay", "--format=json", wpath], capture_output=True, text=True, timeout=60)
        got = race_of(json.loads(r.stdout)) if r.returncode == 1 else ("exit", r.returncode)
        seen[got] = seen.get(got, 0) + 1
    check("%s: %d replays reach the witness's race %s every time" % (prog, REPLAYS, want),
          seen == {want: REPLAYS}, str(seen))


def bad_witness(rh, tmp):
    path = os.path.join(tmp, "bad.json")
    with open(path, "w") as f:
        f.write('{"schema": "something-else"}')
    r = subprocess.run([rh, "replay", path], capture_output=True, text=True, timeout=60)
    check("malformed witness: exit 2 with a message", r.returncode == 2 and "witness" in r.stderr, r.stderr)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--racehunt", required=True)
    ap.add_argument("--only", default=None)
    rh = os.path.abspath(ap.parse_args().racehunt)
    with tempfile.TemporaryDirectory() as tmp:
        for prog in PROGRAMS:
            one_program(rh, prog, tmp)
        bad_witness(rh, tmp)
    check.finish()


if __name__ == "__main__":
    main()
