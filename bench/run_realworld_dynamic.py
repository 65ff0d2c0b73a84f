#!/usr/bin/env python3
"""run_realworld_dynamic.py - does the dynamic engine build and run the real-world programs
(../shared/bench/realworld) when given the libraries they need?

For every program: racehunt --engine=dynamic --timeout=T --stats --format=json PROGRAM -- FLAGS,
with FLAGS from realworld_libs.py (none with --no-libs, to measure racehunt without them), and
one outcome:
  ran          the instrumented program was built and run (at least one controlled run)
  link-failed  the link step failed; the note names the missing symbols
  error        racehunt refused the program (exit 2: no main, a compile error, ...)
  no-runs      built, but no run finished within the budget
plus runs, verdict, races, wall time and how runs ended (crash, deadlock, time limit).
Writes results.tsv and table.md to bench/results/DATE-COMMIT-realworld-dynamic[-nolibs][-strict]/.
Install the libraries first: apt-get install $(python3 bench/realworld_libs.py --packages)

Python 3 standard library only.
"""
import argparse
import json
import os
import sys
import tempfile

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(BENCH_DIR)
sys.path.insert(0, BENCH_DIR)
import proctree  # noqa: E402
import realworld_libs  # noqa: E402
import tables  # noqa: E402
from run_realworld import DEFAULT_CORPUS, find_programs, last_line  # noqa: E402

LINK_FAILED = ("linking the instrumented program failed", "building the instrumented program failed")
RUN_ENDINGS = ("crashed", "deadlock", "exceeded its time limit", "ended there")
STOPPED_EARLY = "so the engine stopped there"


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--racehunt", default=os.path.join(REPO_ROOT, "build", "racehunt"))
    ap.add_argument("--corpus", default=DEFAULT_CORPUS)
    ap.add_argument("--timeout", type=float, default=20.0, help="racehunt's budget (default 20)")
    ap.add_argument("--no-libs", action="store_true", help="give no link flags (the 'before' count)")
    ap.add_argument("--filter", action="append", help="only programs whose name contains this")
    ap.add_argument("--no-allow-undefined", action="store_true",
                    help="pass --no-allow-undefined (the build fails on functions no source defines "
                         "instead of leaving them out)")
    ap.add_argument("--out", help="result folder")
    opts = ap.parse_args(argv)
    opts.racehunt = os.path.abspath(opts.racehunt) if os.sep in opts.racehunt else opts.racehunt
    suffix = "-realworld-dynamic" + ("-nolibs" if opts.no_libs else "") + (
        "-strict" if opts.no_allow_undefined else "")
    opts.out = os.path.abspath(opts.out) if opts.out else tables.results_dir(suffix[1:])
    return opts


def outcome(rc, report, stderr_line):
    """(outcome, detail) of one racehunt run."""
    if rc == 2 or report is None:
        return "error", stderr_line
    notes = report.get("notes", [])
    failed = next((n for n in notes if any(s in n for s in LINK_FAILED)), None)
    if failed:
        return "link-failed", failed
    if report.get("stats", {}).get("dynamic.runs", 0) > 0:
        ending = next((n for n in notes if STOPPED_EARLY in n),
                      next((n for n in notes if any(s in n for s in RUN_ENDINGS)), ""))
        return "ran", ending
    return "no-runs", "; ".join(notes)[:300]


def measure(opts, name, path):
    flags = [] if opts.no_libs else realworld_libs.flags(name)
    with tempfile.TemporaryDirectory(prefix="rh-rwdyn-") as scratch:
        out = os.path.join(scratch, "report.json")
        cmd = [opts.racehunt, "--engine=dynamic", "--timeout=%g" % opts.timeout, "--stats",
               "--format=json", "-o", out] + (["--no-allow-undefined"] if opts.no_allow_undefined else []) + \
            [path] + (["--"] + flags if flags else [])
        run_dir = os.path.join(scratch, "cwd")  # the program may write where it stands
        os.mkdir(run_dir)
        errfile = os.path.join(scratch, "stderr")
        with open(os.devnull, "w") as so, open(errfile, "w") as se:
            run = proctree.run(cmd, run_dir, opts.timeout + 10, so, se)
        try:
            with open(out) as f:
                report = json.load(f)
        except (OSError, ValueError):
            report = None
        kind, detail = outcome(run["rc"], report, last_line(errfile))
    stats = (report or {}).get("stats", {})
    races = [r for r in (report or {}).get("races", []) if r.get("evidence") != "may-race"]
    return {"program": name, "flags": " ".join(flags), "outcome": kind,
            "runs": int(stats.get("dynamic.runs", 0)), "verdict": (report or {}).get("verdict", "-"),
            "races": len(races), "wall_s": run["wall"], "exit": run["rc"],
            "missing": realworld_libs.LIBS.get(name, ("", "", ""))[2],
            "early": int(any(STOPPED_EARLY in n for n in (report or {}).get("notes", []))),
            "detail": detail.replace("\t", " ").replace("\n", " ")}


COLUMNS = ["program", "outcome", "runs", "verdict", "races", "wall_s", "exit", "early", "flags", "missing",
           "detail"]


def write(opts, rows):
    with open(os.path.join(opts.out, "results.tsv"), "w") as f:
        f.write("\t".join(COLUMNS) + "\n")
        for r in rows:
            f.write("\t".join(("%.1f" % r[c]) if c == "wall_s" else str(r[c]) for c in COLUMNS) + "\n")


def summary(rows):
    count = {k: sum(r["outcome"] == k for r in rows) for k in ("ran", "link-failed", "error", "no-runs")}
    early = [r for r in rows if r["early"]]
    return ("built and ran %d of %d; link failed %d; error %d; built but no run %d; "
            "stopped early (every run ended before a thread) %d, with %d runs and %.1f s in all" %
            (count["ran"], len(rows), count["link-failed"], count["error"], count["no-runs"],
             len(early), sum(r["runs"] for r in early), sum(r["wall_s"] for r in early)))


def markdown(opts, rows):
    out = ["# racehunt --engine=dynamic --timeout=%g on the real-world programs%s" %
           (opts.timeout, " (no link flags)" if opts.no_libs else ""), "", "- " + summary(rows), ""]
    lines = [[r["program"], r["outcome"], r["runs"], r["verdict"], r["races"], "%.1f" % r["wall_s"],
              "`%s`" % r["flags"], (r["detail"] or r["missing"])[:160]] for r in rows]
    out.append(tables.markdown(["program", "outcome", "runs", "verdict", "races", "wall s", "link flags",
                                "note"], lines, "llrlrrll"))
    return "\n".join(out) + "\n"


def main(argv):
    opts = parse_args(argv)
    proctree.start_campaign(opts.racehunt, opts.out)
    rows = []
    for name, path in find_programs(opts.corpus, opts.filter):
        rows.append(measure(opts, name, path))
        r = rows[-1]
        print("%-22s %-12s runs %-4d %-8s races %-3d %5.1f s  %s" % (
            name, r["outcome"], r["runs"], r["verdict"], r["races"], r["wall_s"], r["detail"][:90]), flush=True)
        write(opts, rows)
    with open(os.path.join(opts.out, "table.md"), "w") as f:
        f.write(markdown(opts, rows))
    print(summary(rows))
    print("results: %s" % opts.out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
