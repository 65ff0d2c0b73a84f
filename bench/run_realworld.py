#!/usr/bin/env python3
"""run_realworld.py - measure racehunt on the real-world programs (../shared/bench/realworld).

These programs have no expected verdicts (see that folder's README), so this measures cost and
behaviour, not correctness: for every program and engine, whether racehunt finished within its
budget, wall time, time per stage, peak memory of the whole process tree, verdict, races, possible
race locations (--may), notes, processes left behind; and clang-16 -O0 -g -c on the same file for
comparison.  Writes results.tsv and table.md to bench/results/DATE-COMMIT-realworld-ENGINES/ and prints the
table and a summary line per engine.  See bench/README.md ("Real-world programs").

Python 3 standard library only.
"""
import argparse
import concurrent.futures
import json
import os
import shutil
import statistics
import sys
import tempfile

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(BENCH_DIR)
sys.path.insert(0, BENCH_DIR)
import proctree  # noqa: E402
import realworld_table  # noqa: E402
import tables  # noqa: E402

DEFAULT_CORPUS = os.path.join(os.path.dirname(REPO_ROOT), "shared", "bench", "realworld")
# racehunt promises to end within its budget; the brief allows 2 s for
# writing the report and process start-up.
LATE_SLACK = 2.0
# A run still alive this long after its budget is killed: "did not return".
DEFAULT_KILL_AFTER = 10.0
BUDGET_NOTES = ("time budget ran out", "did not stop at the end of the time budget")


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--racehunt", default=os.path.join(REPO_ROOT, "build", "racehunt"))
    ap.add_argument("--corpus", default=DEFAULT_CORPUS, help="folder of NAME/main.c programs")
    ap.add_argument("--engines", default="auto,static", help="comma-separated (default auto,static)")
    ap.add_argument("--timeout", action="append", default=[], metavar="ENGINE=S",
                    help="budget per engine (default auto=30, static=20, others 30)")
    ap.add_argument("--kill-after", type=float, default=DEFAULT_KILL_AFTER,
                    help="seconds past the budget before the whole tree is killed (default 10)")
    ap.add_argument("-j", "--jobs", type=int, default=1, help="runs at a time (default 1)")
    ap.add_argument("--filter", action="append", help="only programs whose name contains this")
    ap.add_argument("--no-may", action="store_true", help="do not pass --may")
    ap.add_argument("--no-clang", action="store_true", help="skip the clang-16 comparison")
    ap.add_argument("--clang", default="clang-16")
    ap.add_argument("--out", help="result folder (default bench/results/DATE-COMMIT-realworld-ENGINES)")
    ap.add_argument("--keep-reports", action="store_true", help="keep each JSON report in OUT/reports")
    ap.add_argument("extra", nargs="*", help="more racehunt arguments (after --)")
    opts = ap.parse_args(argv)
    opts.budgets = {"auto": 30.0, "static": 20.0}
    for item in opts.timeout:
        eng, _, sec = item.partition("=")
        opts.budgets[eng] = float(sec)
    opts.engines = [e for e in opts.engines.split(",") if e]
    # Runs happen in scratch folders, so paths given relative to here must not stay relative.
    opts.racehunt = os.path.abspath(opts.racehunt) if os.sep in opts.racehunt else opts.racehunt
    opts.corpus = os.path.abspath(opts.corpus)
    opts.out = (os.path.abspath(opts.out) if opts.out
                else tables.results_dir("realworld-" + "-".join(opts.engines)))
    return opts


def find_programs(corpus, filters):
    names = sorted(d for d in os.listdir(corpus) if os.path.isfile(os.path.join(corpus, d, "main.c")))
    if filters:
        names = [n for n in names if any(f in n for f in filters)]
    return [(n, os.path.join(corpus, n, "main.c")) for n in names]


def count_lines(path):
    with open(path, "rb") as f:
        return sum(1 for _ in f)


def last_line(path):
    try:
        with open(path, errors="replace") as f:
            lines = [ln.strip() for ln in f if ln.strip()]
        return lines[-1][:300] if lines else ""
    except OSError:
        return ""


def stage_times(stats):
    """'stage.X.seconds' -> {X: (seconds, peak_mb or None)}, in report order."""
    stages = {}
    for key, val in stats.items():
        if key.startswith("stage.") and key.endswith(".seconds"):
            name = key[len("stage."):-len(".seconds")]
            stages[name] = (val, stats.get("stage.%s.peak_mb" % name))
    return stages


def summarize_report(report):
    races = [r for r in report.get("races", []) if not str(r.get("evidence", "")).startswith("may")]
    may_locs = set()
    for r in report.get("races", []):
        if str(r.get("evidence", "")).startswith("may"):
            for a in r.get("accesses", []):
                may_locs.add((a.get("file"), a.get("line"), a.get("column")))
    notes = report.get("notes", [])
    return {"verdict": report.get("verdict", "?"), "races": len(races),
            "evidence": ",".join(sorted({r.get("evidence", "?") for r in races})),
            "may_locations": len(may_locs), "notes": len(notes),
            "budget_note": next((n for n in notes if any(b in n for b in BUDGET_NOTES)), ""),
            "stages": stage_times(report.get("stats", {}))}


def status_of(run, budget, report, rep_err):
    """finished | budget-ran-out | late | did-not-return | crash | error | no-report."""
    if run["killed"]:
        return "did-not-return"
    if run["rc"] < 0 or run["rc"] not in (0, 1, 2, 3):
        return "crash"
    if run["rc"] == 2:
        return "error"
    if report is None:
        return "no-report"
    if run["wall"] > budget + LATE_SLACK:
        return "late"
    if report["budget_note"]:
        return "budget-ran-out"
    return "finished"


def run_racehunt(opts, name, path, engine, scratch):
    budget = opts.budgets.get(engine, 30.0)
    out = os.path.join(scratch, "report.json")
    cmd = [opts.racehunt, "--engine=" + engine, "--timeout=%g" % budget, "--stats",
           "--format=json", "-o", out] + ([] if opts.no_may else ["--may"]) + opts.extra + [path]
    with open(os.path.join(scratch, "stdout"), "w") as so, open(os.path.join(scratch, "stderr"), "w") as se:
        run = proctree.run(cmd, scratch, budget + opts.kill_after, so, se)
    report, rep_err = None, ""
    try:
        with open(out) as f:
            raw = json.load(f)
        report = summarize_report(raw)
        if opts.keep_reports:
            os.makedirs(os.path.join(opts.out, "reports"), exist_ok=True)
            shutil.copy(out, os.path.join(opts.out, "reports", "%s.%s.json" % (name, engine)))
    except (OSError, ValueError) as e:
        rep_err = str(e)
    row = {"program": name, "engine": engine, "timeout_s": budget, "exit": run["rc"],
           "status": status_of(run, budget, report, rep_err), "wall_s": run["wall"],
           "maxrss_mb": run["maxrss_mb"], "tree_mb": run["tree_mb"],
           "leftovers": len(run["leftovers"]), "leftover_procs": " | ".join(run["leftovers"])}
    if report:
        row.update(report)
        row["detail"] = report["budget_note"]
    else:
        row.update({"verdict": "-", "races": "", "evidence": "", "may_locations": "", "notes": "",
                    "stages": {}, "detail": last_line(os.path.join(scratch, "stderr")) or rep_err})
    row["command"] = " ".join(cmd[:-1] + [os.path.relpath(path, REPO_ROOT)])
    return row


# What racehunt's front end also relaxes: several of these programs call undeclared functions,
# an error by default in clang-16, and the comparison should compile what racehunt compiles.
CLANG_RELAX = ["-w", "-Wno-error=implicit-function-declaration", "-Wno-error=implicit-int",
               "-Wno-error=int-conversion", "-Wno-error=incompatible-function-pointer-types",
               "-Wno-error=return-type"]


def run_clang(opts, path, scratch):
    """(seconds or "failed", peak MB) of clang-16 -O0 -g -c on the program."""
    cmd = [opts.clang, "-O0", "-g", "-c"] + CLANG_RELAX + [path, "-o", os.path.join(scratch, "main.o")]
    with open(os.devnull, "w") as null:
        run = proctree.run(cmd, scratch, 300, null, null, linger=0)
    return (run["wall"] if run["rc"] == 0 else "failed"), run["maxrss_mb"]


def measure(opts, prog):
    name, path = prog
    rows = []
    base = {"lines": count_lines(path)}
    with tempfile.TemporaryDirectory(prefix="rh-realworld-") as scratch:
        if not opts.no_clang:
            base["clang_s"], base["clang_mb"] = run_clang(opts, path, scratch)
        for engine in opts.engines:
            # Each run gets an empty working directory: the dynamic engine
            # runs the program, which may write files where it stands.
            run_dir = os.path.join(scratch, engine)
            os.mkdir(run_dir)
            row = run_racehunt(opts, name, path, engine, run_dir)
            row.update(base)
            rows.append(row)
            print(realworld_table.progress_line(row), flush=True)
    return rows


def summary_lines(rows, engines, total):
    out = []
    for engine in engines:
        rs = [r for r in rows if r["engine"] == engine]
        if not rs:
            continue
        fin = sum(r["status"] == "finished" for r in rs)
        walls = [r["wall_s"] for r in rs]
        mem = max(max(r["tree_mb"], r["maxrss_mb"]) for r in rs)
        out.append("%s: finished %d/%d, median %.1f s, max %.1f s, max memory %.0f MB, "
                   "did not return %d, leftovers %d" %
                   (engine, fin, total, statistics.median(walls), max(walls), mem,
                    sum(r["status"] == "did-not-return" for r in rs),
                    sum(1 for r in rs if r["leftovers"])))
    return out


def main(argv):
    opts = parse_args(argv)
    progs = find_programs(opts.corpus, opts.filter)
    if not progs:
        sys.exit("no NAME/main.c programs in %s" % opts.corpus)
    proctree.start_campaign(opts.racehunt, opts.out)
    rows = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, opts.jobs)) as pool:
        for result in pool.map(lambda p: measure(opts, p), progs):
            rows.extend(result)
            # Written after every program so an interrupted run keeps what it has.
            realworld_table.write_tsv(os.path.join(opts.out, "results.tsv"), rows)
    summary = summary_lines(rows, opts.engines, len(progs))
    table = realworld_table.markdown(rows, opts.engines, opts.budgets, summary)
    with open(os.path.join(opts.out, "table.md"), "w") as f:
        f.write(table)
    print()
    print(table)
    print("results: %s" % opts.out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
