#!/usr/bin/env python3
"""test_replay_validate.py - `racehunt replay` checks what it reads and
confirms only what it followed: a malformed witness is one
error line and exit 2 with nothing run; a well-formed witness the run cannot
follow is `not reached` (exit 3) naming the step where the run departed; the
untouched witness still replays into its race (exit 1)."""
import copy
import json
import os
import subprocess
import sys
import tempfile
import suite  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PROGRAM = os.path.join(ROOT, "examples", "bank_account.c")
check = suite.Checks("replay validation")


def replay(rh, tmp, name, witness, text=None):
    path = os.path.join(tmp, name + ".json")
    with open(path, "w") as f:
        f.write(text if text is not None else json.dumps(witness))
    return subprocess.run([rh, "replay", "--format=json", path], capture_output=True, text=True,
                          timeout=120)


def malformed(rh, tmp, w):
    """Each case: (name, witness or None, raw text or None, a word the error must name)."""
    cases = [("not JSON", None, "{\"schema\": ", "cannot read"),
             ("wrong schema", dict(w, schema="racehunt-report"), None, "schema"),
             ("wrong version", dict(w, version=7), None, "version"),
             ("no steps", dict(w, steps=[]), None, "no steps"),
             ("no race record", {k: v for k, v in w.items() if k != "race"}, None, "race record"),
             ("race record past the steps", dict(w, race=[0, len(w["steps"])]), None, "race record"),
             ("\"fair\" not a truth value", dict(w, fair="yes"), None, "fair")]
    bad = copy.deepcopy(w)
    bad["steps"][1]["thread"] = 99
    cases.append(("a step of thread 99", bad, None, "thread 99"))
    bad = copy.deepcopy(w)
    bad["steps"][1]["line"] = -5
    cases.append(("a step at line -5", bad, None, "-5"))
    bad = copy.deepcopy(w)
    bad["steps"][1]["thread"], bad["steps"][1]["line"] = 99, -5
    cases.append(("a step of thread 99 at line -5", bad, None, "step 1"))
    bad = copy.deepcopy(w)
    bad["steps"][1]["thread"] = -1
    cases.append(("a step of thread -1", bad, None, "thread -1"))
    bad = copy.deepcopy(w)
    del bad["steps"][2]["line"]
    cases.append(("a step without a line", bad, None, "line"))
    for name, wit, text, word in cases:
        r = replay(rh, tmp, "bad", wit, text)
        lines = r.stderr.strip().splitlines()
        check("%s: exit 2, one error line naming it, nothing run" % name,
              r.returncode == 2 and len(lines) == 1 and lines[0].startswith("racehunt: error:")
              and word in lines[0] and r.stdout == "",
              "exit %d, stderr %r, stdout %r" % (r.returncode, r.stderr[-300:], r.stdout[-200:]))


def not_reached(rh, tmp, w):
    n = len(w["steps"])
    rev = copy.deepcopy(w)
    rev["steps"].reverse()
    rev["race"] = [n - 1 - w["race"][0], n - 1 - w["race"][1]]
    # a thread that exists in the witness but cannot run first: T0 alone exists then
    first = copy.deepcopy(w)
    first["steps"][0]["thread"] = max(s["thread"] for s in w["steps"])
    # the schedule followed, but the race record names two other steps
    other = copy.deepcopy(w)
    other["race"] = [i for i, st in enumerate(w["steps"]) if st["line"] > 0][:2]
    r = replay(rh, tmp, "other", other)
    rep = json.loads(r.stdout) if r.returncode in (1, 3) else {}
    notes = " ".join(rep.get("notes", []))
    check("a race record naming two other steps: not reached, exit 3",
          r.returncode == 3 and not rep.get("races") and "did not reach the witness's race" in notes,
          "exit %d, notes %r" % (r.returncode, notes[:300]))
    for name, wit in (("steps reversed", rev), ("first step given to a thread not yet created", first)):
        r = replay(rh, tmp, "nr", wit)
        out = r.stdout
        rep = json.loads(out) if r.returncode in (1, 3) else {}
        notes = " ".join(rep.get("notes", []))
        want = "departed from the witness schedule at step 0 (thread T%d" % wit["steps"][0]["thread"]
        check("%s: not reached, exit 3, the note names step 0 and its thread" % name,
              r.returncode == 3 and rep.get("verdict") == "unknown" and not rep.get("races")
              and want in notes,
              "exit %d, notes %r, stderr %r" % (r.returncode, notes[:300], r.stderr[-300:]))


def main():
    rh = suite.racehunt_arg()
    with tempfile.TemporaryDirectory() as tmp:
        wpath = os.path.join(tmp, "w.json")
        subprocess.run([rh, "--engine=dynamic", "--witness", wpath, PROGRAM], capture_output=True,
                       text=True, timeout=300)
        if not os.path.exists(wpath):
            check("the dynamic engine writes a witness for bank_account.c", False)
            sys.exit(1)
        w = json.load(open(wpath))
        r = replay(rh, tmp, "good", w)
        rep = json.loads(r.stdout) if r.returncode == 1 else {}
        steps = w["steps"]
        want = sorted((os.path.basename(steps[i]["file"]), steps[i]["line"]) for i in w["race"])
        got = sorted((os.path.basename(a["file"]), a["line"])
                     for a in (rep.get("races") or [{"accesses": []}])[0]["accesses"])
        check("the witness as written replays into its race (exit 1)",
              r.returncode == 1 and got == want, "exit %d, %r vs %r" % (r.returncode, got, want))
        malformed(rh, tmp, w)
        not_reached(rh, tmp, w)
    check.finish()


if __name__ == "__main__":
    main()
