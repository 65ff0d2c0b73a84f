#!/usr/bin/env python3
"""test_engine_bmc.py - the bmc engine over the annotated programs
(tests/programs) and its own deep-race programs (tests/bmc): never a wrong
verdict, races reported on exactly the RACE lines, unknown only where
expect/bmc.txt says why.  Every witness it writes is a well-formed
racehunt-witness whose schedule is consistent with the program: thread 0
runs first, a thread's steps come after the step that creates it, every
step names a line of the program, and the two racing steps are the
reported accesses of two different threads, with only steps of those two
threads between them.  A race behind what scanf read gets a witness that
carries that standard input and replays."""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import harness  # noqa: E402

WITNESS_PROGRAMS = [
    ("programs", "global_counter_race.c"),
    ("programs", "mutex_unlock_too_early_race.c"),
    ("programs", "pointer_to_pointer_race.c"),
    ("bmc", "mixed_size_prodcons_race.c"),
    ("bmc", "nondet_input_race.c"),
    ("bmc", "struct_assign_overlap_race.c"),
    ("bmc", "scanf_input_race.c"),
]
# Witnesses whose race rests on what scanf read: they carry the text
# (--stdin-hex in their program) and `racehunt replay` follows them into the
# race; with the input cut to its first number the replay misses it.
STDIN_PROGRAMS = [("bmc", "scanf_input_race.c"), ("bmc", "scanf_formats_race.c")]
# Counterexamples no run can follow (bmc lets a scanf assign after an
# earlier one failed to match, which no input gives; it chooses an
# uninitialised local's value, which a run's stack decides): bmc replays them
# itself and reports a likely race with a note (naming the local), without a
# witness, never a confirmed one.
NO_REPLAY_PROGRAMS = [("e2e/data/bmc_unreplayable", "scanf_after_failure.c", "did not replay"),
                      ("e2e/data/bmc_unreplayable", "uninitialised_mode.c",
                       "reads uninitialised locals, whose values bmc chose and a run's stack decides: "
                       "'mode' of main = 123456")]


def witness_problems(wit, src):
    """Why a witness is not consistent with the program, or None."""
    if wit.get("schema") != "racehunt-witness":
        return "schema is %r" % wit.get("schema")
    steps = wit["steps"]
    nlines = sum(1 for _ in open(src))
    started = {0}
    for i, s in enumerate(steps):
        if s["thread"] not in started:
            return "step %d runs thread %d before it is created" % (i, s["thread"])
        if not 1 <= s["line"] <= nlines:
            return "step %d names line %d outside the program" % (i, s["line"])
        if s["what"].startswith("create T"):
            started.add(int(s["what"].split("T")[1].split()[0]))
    a, b = wit["race"]
    if not (0 <= a < len(steps) and 0 <= b < len(steps)):
        return "racing steps %d, %d are not steps" % (a, b)
    if steps[a]["thread"] == steps[b]["thread"]:
        return "racing steps %d and %d are in one thread" % (a, b)
    # between them only steps of the two racing threads (thread-local and
    # relaxed atomic accesses, which order nothing)
    pair = {steps[a]["thread"], steps[b]["thread"]}
    if not all(steps[k]["thread"] in pair for k in range(a + 1, b)):
        return "racing steps %d and %d are separated by another thread" % (a, b)
    for inp in wit.get("inputs", []):
        if not isinstance(inp.get("value"), int):
            return "input %r has no integer value" % inp
    return None


def check_stdin_witness(racehunt, tmp, folder, prog):
    """The witness carries standard input, replays into the race with it (exit 1) and not with
    the input cut after its first number (exit 3)."""
    src = os.path.join(harness.ROOT, "tests", folder, prog)
    w = os.path.join(tmp, prog + ".stdin.json")
    subprocess.run([racehunt, "--engine=bmc", "--timeout=60", "--format=json", "--witness", w, src],
                   capture_output=True, text=True, timeout=200)
    try:
        wit = json.load(open(w))
        hexes = [x for x in wit["program"] if x.startswith("--stdin-hex=")]
        text = bytes.fromhex(hexes[0].split("=", 1)[1]).decode() if hexes else ""
    except (OSError, ValueError, KeyError):
        wit, text = None, ""
    rc = subprocess.run([racehunt, "replay", w], capture_output=True, timeout=120).returncode if wit else -1
    cut_rc = None
    if wit and len(text.split()) >= 2:
        cut = dict(wit, program=[x for x in wit["program"] if not x.startswith("--stdin-hex=")] +
                   ["--stdin-hex=" + (text.split()[0] + "\n").encode().hex()])
        cw = os.path.join(tmp, prog + ".cut.json")
        json.dump(cut, open(cw, "w"))
        cut_rc = subprocess.run([racehunt, "replay", cw], capture_output=True, timeout=120).returncode
    ok = rc == 1 and cut_rc == 3
    print("%s witness %s carries standard input %r: replay exit %s, cut to one number exit %s" %
          ("ok  " if ok else "FAIL", prog, text, rc, cut_rc))
    return 0 if ok else 1


def check_witnesses(racehunt):
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for folder, prog in STDIN_PROGRAMS:
            failed += check_stdin_witness(racehunt, tmp, folder, prog)
        for folder, prog in WITNESS_PROGRAMS:
            src = os.path.join(harness.ROOT, "tests", folder, prog)
            w = os.path.join(tmp, prog + ".json")
            r = subprocess.run([racehunt, "--engine=bmc", "--timeout=60", "--format=json", "--witness", w, src],
                               capture_output=True, text=True, timeout=200)
            why = None
            if not os.path.exists(w):
                why = "no witness written (exit %d)" % r.returncode
            else:
                try:
                    wit = json.load(open(w))
                    why = witness_problems(wit, src)
                    rep = json.loads(r.stdout)
                    lines = sorted(acc["line"] for acc in rep["races"][0]["accesses"])
                    wl = sorted([wit["steps"][wit["race"][0]]["line"], wit["steps"][wit["race"][1]]["line"]])
                    if why is None and lines != wl:
                        why = "witness races on lines %s, report on %s" % (wl, lines)
                except (ValueError, KeyError, IndexError) as e:
                    why = "malformed witness: %s" % e
            print("%s witness %s%s" % ("FAIL" if why else "ok  ", prog, ": " + why if why else ""))
            failed += why is not None
        for folder, prog, why in NO_REPLAY_PROGRAMS:
            src = os.path.join(harness.ROOT, "tests", folder, prog)
            w = os.path.join(tmp, prog + ".json")
            r = subprocess.run([racehunt, "--engine=bmc", "--timeout=60", "--format=json", "--witness", w, src],
                               capture_output=True, text=True, timeout=200)
            rep = json.loads(r.stdout) if r.stdout.startswith("{") else {}
            races = rep.get("races", [])
            ok = (rep.get("verdict") == "race" and races and all(x.get("evidence") == "must-race" for x in races)
                  and any("did not replay" in n and why in n for n in rep.get("notes", [])) and
                  not os.path.exists(w))
            print("%s unreplayable counterexample %s: a likely race with a note, no witness%s" %
                  ("ok  " if ok else "FAIL", prog, "" if ok else ": %s" % r.stdout[-300:]))
            failed += not ok
    return failed


def check_attempt_stats(racehunt):
    """--stats names every bounding attempt (bmc.uK.rR.*) with its formula's
    size and solver calls: a race needs at least one check of a non-empty formula."""
    src = os.path.join(harness.ROOT, "tests", "programs", "global_counter_race.c")
    r = subprocess.run([racehunt, "--engine=bmc", "--timeout=60", "--stats", "--format=json", src],
                       capture_output=True, text=True, timeout=200)
    try:
        st = json.loads(r.stdout).get("stats", {})
    except ValueError:
        st = {}
    nodes = [v for k, v in st.items() if k.startswith("bmc.u") and k.endswith(".formula_nodes")]
    checks = [v for k, v in st.items() if k.startswith("bmc.u") and k.endswith(".solver_checks")]
    ok = nodes and all(v > 0 for v in nodes) and checks and sum(checks) >= 1 and "bmc.replay_seconds" in st
    print("%s per-attempt stats%s" % ("ok  " if ok else "FAIL", "" if ok else ": %r" % sorted(st)[:20]))
    return 0 if ok else 1


def main():
    racehunt, rc = harness.engine_suite("bmc", ["programs", "bmc"], 30.0, unknown_timeout=1.0)
    bad = check_witnesses(racehunt) + check_attempt_stats(racehunt)
    sys.exit(1 if rc or bad else 0)


if __name__ == "__main__":
    main()
