#!/usr/bin/env python3
"""test_undefined.py - functions the program declares but no input file
defines (tests/e2e/data/undefined): the static engine assumes they touch
only memory reachable from their arguments and says so in the verdict
line and in the JSON and SARIF reports; --strict and --svcomp drop the
assumption (unknown); a function pointer given to one, shared memory behind a
pointer in its arguments, a lock (or a struct holding one) it may lock or
unlock, or a name with a synchronisation word (ev_wait_ready), stays unknown;
a shared argument is a possible race on the annotated line."""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import harness  # noqa: E402
import suite  # noqa: E402

DATA = os.path.join(HERE, "data", "undefined")


def run(rh, prog, *extra):
    p = subprocess.run([rh, "--engine=static", "--timeout=20"] + list(extra) + [prog],
                       capture_output=True, text=True, timeout=60)
    return p.stdout


def report(rh, prog, *extra):
    return json.loads(run(rh, prog, "--format=json", *extra))


def main():
    rh = suite.racehunt_arg()
    check = suite.Checks("undefined functions")
    own = os.path.join(DATA, "undefined_lookup_own_locals_norace.c")
    text = run(rh, own)
    check("race-free by assumption, counted on the verdict line, listed in a note",
          "verdict: race-free by static, assuming 2 functions behave as the note starting "
          "\"assumption:\" says" in text.splitlines()[-1]
          and "note: assumption: 'lookup' and 'get_config' touch only memory reachable from their "
              "arguments and store no pointers there" in text)
    j = report(rh, own)
    check("JSON lists the assumption",
          j["verdict"] == "race-free" and len(j["assumptions"]) == 1 and "'lookup'" in j["assumptions"][0])
    sarif = json.loads(run(rh, own, "--format=sarif"))
    props = sarif["runs"][0]["properties"]
    check("SARIF lists the assumption", props["verdict"] == "race-free" and props["assumptions"])
    for flag in ("--strict", "--svcomp"):
        out = run(rh, own, flag)
        check("%s: no assumption, unknown" % flag,
              "assuming" not in out and ("verdict: unknown" in out or "RESULT: unknown" in out))
    locked = report(rh, os.path.join(DATA, "undefined_lookup_locked_norace.c"))
    check("shared argument under a common lock: race-free", locked["verdict"] == "race-free")
    cb = report(rh, os.path.join(DATA, "undefined_callback_arg_unknown.c"))
    check("function pointer argument: unknown, with a note",
          cb["verdict"] == "unknown" and any("function pointer" in n for n in cb["notes"]))
    behind = report(rh, os.path.join(DATA, "undefined_shared_behind_pointer_unknown.c"))
    check("shared memory behind a pointer in the arguments: unknown, with a note",
          behind["verdict"] == "unknown" and any("behind a pointer" in n for n in behind["notes"]))
    for name, need in (("undefined_given_lock_unknown.c", "'cfg_apply' with a lock"),
                       ("undefined_given_struct_with_lock_unknown.c", "'queue_refill' with a lock"),
                       ("undefined_sync_name_unknown.c", "unknown external function 'ev_wait_ready'")):
        j = report(rh, os.path.join(DATA, name))
        check("%s: unknown, not by assumption, note names %s" % (name, need),
              j["verdict"] == "unknown" and not j.get("assumptions") and any(need in n for n in j["notes"]))
    many = report(rh, os.path.join(DATA, "undefined_many_given_lock_unknown.c"))
    grouped = [n for n in many["notes"] if "undefined function" in n]
    check("four undefined functions given a lock: one note naming three, counting one more (%s)" % grouped,
          many["verdict"] == "unknown" and len(grouped) == 1 and
          "the calls of 4 undefined functions ('pool_take', 'pool_give', 'pool_trim' and 1 more) with a lock"
          in grouped[0] and "and 1 more place" in grouped[0])
    for name, need in (("undefined_lookup_shared_out_race.c", {11}), ("undefined_links_args_race.c", {12})):
        prog = os.path.join(DATA, name)
        race, _ = harness.annotations(prog)
        j = report(rh, prog, "--may")
        lines = {a["line"] for r in j["races"] for a in r["accesses"]}
        check("%s: possible race on RACE lines %s (found %s)" % (name, sorted(need), sorted(lines)),
              j["verdict"] != "race-free" and need <= race and need <= lines)
    check.finish()

if __name__ == "__main__":
    main()
