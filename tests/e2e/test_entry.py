#!/usr/bin/env python3
"""test_entry.py - libraries without main (--entry): tests/library holds
libraries whose racing lines carry RACE comments.  Checks the note that
says a library without --entry is analysed as all-external, races found
exactly on RACE lines with --entry=all-external and with named entries, the race-free twin proved
race-free, a race reached through a pointer stored in an argument listed
as possible, and a witness that replays."""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
import suite  # noqa: E402

LIB = os.path.join(harness.ROOT, "tests", "library")
check = suite.Checks("entry")


def run(rh, args):
    return subprocess.run([rh] + args, capture_output=True, text=True, timeout=120)


def report(rh, name, args):
    r = run(rh, [os.path.join(LIB, name)] + args + ["--format=json", "--timeout=30"])
    rep = json.loads(r.stdout) if r.stdout.startswith("{") else {}
    lines = {a["line"] for race in rep.get("races", []) for a in race["accesses"]}
    return r, rep, lines


def main():
    rh = suite.racehunt_arg()
    race_lines = harness.annotations(os.path.join(LIB, "queue_race.c"))[0]

    r, rep, lines = report(rh, "queue_race.c", ["--engine=static"])
    notes = " | ".join(rep.get("notes", []))
    check("a library without --entry: analysed as all-external, with a note saying how to narrow it",
          r.returncode != 2 and "no main function" in notes and "--entry=all-external" in notes
          and "--entry=FUNC" in notes, (r.returncode, notes, r.stderr))

    r, rep, lines = report(rh, "queue_race.c", ["--entry=all-external"])
    check("all-external: verdict race, exit 1", r.returncode == 1 and rep.get("verdict") == "race",
          (r.returncode, r.stderr))
    check("all-external: races exactly on the RACE lines", lines == race_lines, (lines, race_lines))
    check("the shared argument is named as such", any(
        "queue passed to the entry functions" in (x.get("object") or "") for x in rep.get("races", [])),
        [x.get("object") for x in rep.get("races", [])])
    check("the report says the library assumption", any(
        "analysed as a library" in n for n in rep.get("notes", [])), rep.get("notes"))

    r, rep, lines = report(rh, "queue_race.c", ["--entry=queue_push", "--engine=dynamic"])
    push_line = min(race_lines)
    check("--entry=queue_push: two pushes race on the counter only", rep.get("verdict") == "race"
          and lines == {push_line}, (lines, r.stderr))

    r, rep, lines = report(rh, "queue_norace.c", ["--entry=all-external"])
    check("race-free twin: proved race-free, exit 0", r.returncode == 0 and
          rep.get("verdict") == "race-free" and not lines, (r.returncode, rep.get("verdict"), lines))

    r, rep, lines = report(rh, "list_race.c", ["--entry=list_bump_head", "--engine=static", "--may"])
    good = harness.annotations(os.path.join(LIB, "list_race.c"))[0]
    check("a node reached through the argument: a possible race, never race-free",
          rep.get("verdict") != "race-free" and good <= lines, (rep.get("verdict"), lines))

    r = run(rh, [os.path.join(LIB, "queue_race.c"), "--entry=no_such_function"])
    err = [l for l in r.stderr.splitlines() if l]
    check("--entry of an unknown function: one error line, exit 2", r.returncode == 2 and
          len(err) == 1 and "no_such_function" in err[0], r.stderr)

    with tempfile.TemporaryDirectory() as tmp:
        w = os.path.join(tmp, "w.json")
        r = run(rh, [os.path.join(LIB, "queue_race.c"), "--entry=all-external", "--engine=dynamic",
                     "--witness=" + w, "--timeout=30"])
        rp = run(rh, ["replay", w]) if os.path.exists(w) else None
        check("the witness of a library race replays into it", rp is not None and rp.returncode == 1,
              rp and (rp.returncode, rp.stdout[-400:], rp.stderr))
    check.finish()


if __name__ == "__main__":
    main()
