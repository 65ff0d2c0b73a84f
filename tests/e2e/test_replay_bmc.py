#!/usr/bin/env python3
"""test_replay_bmc.py - witnesses are one format for every engine: a
schedule the bmc engine found replays in the dynamic engine's runtime into
the race it names (`racehunt replay`).  Programs the bmc engine does not
decide are skipped, not failed."""
import json
import os
import subprocess
import tempfile
import suite  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PROGRAMS = ["global_counter_race.c", "condvar_write_after_signal_race.c",
            "mutex_unlock_too_early_race.c", "struct_same_field_race.c", "read_before_join_race.c"]
check = suite.Checks("bmc replay")


def main():
    rh = suite.racehunt_arg()
    replayed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for prog in PROGRAMS:
            w = os.path.join(tmp, prog + ".json")
            src = os.path.join(ROOT, "tests", "programs", prog)
            subprocess.run([rh, "--engine=bmc", "--timeout=60", "--witness", w, src],
                           capture_output=True, text=True, timeout=200)
            if not os.path.exists(w):
                print("skip %s: the bmc engine gave no witness" % prog)
                continue
            wit = json.load(open(w))
            a, b = wit["race"]
            want = sorted([wit["steps"][a]["line"], wit["steps"][b]["line"]]) if a >= 0 and b >= 0 else None
            r = subprocess.run([rh, "replay", "--format=json", w], capture_output=True, text=True, timeout=120)
            rep = json.loads(r.stdout) if r.stdout.startswith("{") else {}
            got = sorted(acc["line"] for acc in rep["races"][0]["accesses"]) if rep.get("races") else None
            check("%s: the bmc witness replays into its race %s" % (prog, want),
                  r.returncode == 1 and (want is None or got == want), "got %s, exit %d %s" % (got, r.returncode, r.stderr[-200:]))
            replayed += 1
    check("at least one bmc witness was replayed", replayed > 0)
    check.finish()


if __name__ == "__main__":
    main()
