#!/usr/bin/env python3
"""test_callback_tables.py - libraries whose event loops run a table of the
program's callbacks in their own worker threads (src/model/libspec_libs.c).

- libfuse: a file system whose only threads are the library's workers,
  given its struct fuse_operations through fuse_new
  (tests/e2e/data/callback_tables/fuse_table_race.c, libfuse declared
  only): the static engine takes every callback of the table as a thread
  entry in several instances, so the counter two callbacks touch unlocked
  is a likely race (both RACE lines), the same callback against itself a
  possible one, and the locked counter (NORACE) is never reported.
- Any library of that shape, by a --model row (`memory NAME fn=N
  registers`): an event loop's handler table
  (tests/e2e/data/callback_tables/evloop_table_race.c with evloop.model).
  Without the row the engine sees no thread and says so by its assumption
  about the undefined function; with it, the RACE lines are reported and
  the NORACE line is not."""
import json
import os
import re
import subprocess
import suite  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data", "callback_tables")
check = suite.Checks("callback tables")


def annotated(path, word):
    pat = re.compile(r"//\s*%s\b" % word)
    with open(path) as f:
        return {n for n, l in enumerate(f, 1) if pat.search(l)}


def static_may(rh, src, *extra):
    p = subprocess.run([rh, "--engine=static", "--may", "--format=json"] + list(extra) + [src],
                       capture_output=True, text=True, timeout=120)
    try:
        rep = json.loads(p.stdout)
    except ValueError:
        rep = {"races": [], "notes": [p.stderr.strip()], "verdict": "?"}
    return rep


def pairs(rep, status=None):
    return [tuple(sorted(a["line"] for a in r["accesses"])) for r in rep.get("races", [])
            if status is None or r.get("status") == status]


def lines(rep):
    return {a["line"] for r in rep.get("races", []) for a in r["accesses"]}


def main():
    rh = suite.racehunt_arg()

    src = os.path.join(DATA, "fuse_table_race.c")
    race, norace = annotated(src, "RACE"), annotated(src, "NORACE")
    rep = static_may(rh, src)
    check("libfuse table: the two callbacks' unlocked counter is a likely race (lines %s)" % sorted(race),
          tuple(sorted(race)) in pairs(rep, "likely"), "races %s" % pairs(rep))
    read_line = max(race)
    check("libfuse table: a callback races with itself in another worker (line %d)" % read_line,
          (read_line, read_line) in pairs(rep), "races %s" % pairs(rep))
    check("libfuse table: the locked counter (line %s) is not reported" % sorted(norace),
          not (lines(rep) & norace) and rep.get("verdict") != "race-free",
          "verdict %s, lines %s" % (rep.get("verdict"), sorted(lines(rep))))

    src = os.path.join(DATA, "evloop_table_race.c")
    model = os.path.join(DATA, "evloop.model")
    race, norace = annotated(src, "RACE"), annotated(src, "NORACE")
    rep = static_may(rh, src)
    notes = " ".join(rep.get("notes", []))
    check("an unknown event loop without a row: no race, and the assumption about it is stated",
          not rep.get("races") and "assumption" in notes and "evloop_serve" in notes,
          "races %s, notes %s" % (pairs(rep), notes[-300:]))
    rep = static_may(rh, src, "--model=" + model)
    check("with `memory evloop_serve fn=1 registers`: the handlers' races on lines %s" % sorted(race),
          race <= lines(rep) and tuple(sorted(race)) in pairs(rep), "races %s" % pairs(rep))
    check("with the row: the locked line %s is not reported" % sorted(norace),
          not (lines(rep) & norace), "lines %s" % sorted(lines(rep)))
    check.finish()


if __name__ == "__main__":
    main()
