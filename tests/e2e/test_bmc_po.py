#!/usr/bin/env python3
"""test_bmc_po.py - bmc's partial-order encoding (--bmc-encoding=po): on
programs it decides, the verdict is right, races are reported on exactly
the RACE lines and every race found is confirmed by replaying its
witness; race-free programs are proved (unknown is a failure here).  The
default encoding (auto) runs lazy sequentialization first and, when it
ends with no answer, the partial-order encoding, whose proof then stands
with a note saying so; --bmc-encoding=lazy alone leaves that program
unknown.  An unknown encoding name is bad usage (exit 2)."""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import harness  # noqa: E402

PROGRAMS = [
    ("bmc", "po_turn_handoff_norace.c"),
    ("bmc", "po_turn_handoff_race.c"),
    ("bmc", "po_lock_spin_norace.c"),
    ("bmc", "po_lock_spin_race.c"),
    ("programs", "global_counter_race.c"),
    ("programs", "mutex_unlock_too_early_race.c"),
    ("programs", "array_loop_index_norace.c"),
]


def main():
    racehunt = sys.argv[sys.argv.index("--racehunt") + 1] if "--racehunt" in sys.argv else \
        os.path.join(harness.ROOT, "build", "racehunt")
    failed = 0
    for folder, name in PROGRAMS:
        prog = os.path.join(harness.ROOT, "tests", folder, name)
        report, why = harness.run_racehunt(racehunt, "bmc", prog, 60, ["--bmc-encoding=po"])
        if report is not None:
            why = harness.judge(prog, report, None)
        if why is None:
            weak = [r for r in report.get("races", []) if r.get("evidence") != "counterexample"]
            if weak:
                why = "a race not confirmed by its replay: %s" % weak[0].get("evidence")
        print("%s %s%s" % ("FAIL" if why else "ok  ", name, ": " + why if why else ""))
        failed += why is not None
    # lazy bounded to 2 rounds ends without a proof within a second or two
    spin = os.path.join(harness.ROOT, "tests", "bmc", "po_lock_spin_norace.c")
    for enc, verdict, note in (("auto", "race-free", True), ("lazy", "unknown", False)):
        report, why = harness.run_racehunt(racehunt, "bmc", spin, 60,
                                           ["--bmc-encoding=" + enc, "--rounds=2"])
        notes = " ".join(report.get("notes", [])) if report else ""
        if why is None and (report.get("verdict") != verdict or
                            ("lazy sequentialization gave no answer" in notes) != note):
            why = "verdict %s, notes %s" % (report.get("verdict"), notes[-300:])
        print("%s --bmc-encoding=%s on po_lock_spin_norace: %s%s" % (
            "FAIL" if why else "ok  ", enc, verdict, ": " + why if why else ""))
        failed += why is not None
    p = subprocess.run([racehunt, "--engine=bmc", "--bmc-encoding=cseq", "x.c"], capture_output=True, text=True)
    if p.returncode != 2 or "--bmc-encoding" not in p.stderr:
        print("FAIL --bmc-encoding=cseq: exit %d, %s" % (p.returncode, p.stderr.strip()))
        failed += 1
    print("%d failed" % failed)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
