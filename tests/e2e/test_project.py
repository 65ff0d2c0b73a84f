#!/usr/bin/env python3
"""test_project.py - whole-project mode: builds examples/project (a
multi-file pthreads program with a Makefile) through bear, then analyses
its compile_commands.json with `racehunt -p` and checks that every unit is
in the model and that reported races sit exactly on the RACE lines."""
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
import suite  # noqa: E402

check = suite.Checks("project")


def main():
    rh = suite.racehunt_arg()
    with tempfile.TemporaryDirectory() as tmp:
        proj = os.path.join(tmp, "project")
        shutil.copytree(os.path.join(harness.ROOT, "examples", "project"), proj)
        b = subprocess.run(["bear", "--", "make", "-s"], cwd=proj, capture_output=True, text=True)
        check("bear -- make builds the project", b.returncode == 0 and
              os.path.exists(os.path.join(proj, "compile_commands.json")), b.stderr)
        units = json.load(open(os.path.join(proj, "compile_commands.json")))
        check("compilation database has 4 units", len(units) == 4, len(units))
        for jobs in ("1", "2"):
            d = subprocess.run([rh, "-p", proj, "-j", jobs, "--dump-model"], capture_output=True, text=True)
            funcs = {l.split()[0] for l in d.stdout.split("threads:")[0].splitlines()[1:]}
            check("-j %s: every unit's functions in one model" % jobs, d.returncode == 0 and {
                "main", "queue_pop", "stats_record", "worker_main"} <= funcs, d.stdout[:400] + d.stderr)
        check("-p finds the thread entry through the compilation database", "worker_main created at" in d.stdout)
        r = subprocess.run([rh, "-p", proj, "--format=json", "--timeout=60"], capture_output=True, text=True)
        rep = json.loads(r.stdout) if r.stdout.startswith("{") else {}
        check("-p analysis runs", r.returncode in (0, 1, 3), r.stderr)
        check("-p: not called race-free (it has a race)", rep.get("verdict") != "race-free", rep.get("verdict"))
        wrong, found = [], set()
        for race in rep.get("races", []):
            if race["evidence"] == "may-race":
                continue
            for acc in race["accesses"]:
                path = acc["file"] if os.path.isabs(acc["file"]) else os.path.join(proj, acc["file"])
                race_lines = harness.annotations(path)[0] if os.path.exists(path) else set()
                (found if acc["line"] in race_lines else wrong).add((os.path.basename(path), acc["line"]))
        check("-p: reported races only on RACE lines", not wrong, sorted(wrong))
        if rep.get("verdict") == "race":
            check("-p: both racing lines of stats.c found", {("stats.c", 9), ("stats.c", 10)} <= found, found)
    check.finish()


if __name__ == "__main__":
    main()
