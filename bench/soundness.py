#!/usr/bin/env python3
"""soundness.py -- a mutation campaign that checks every race-free proof of racehunt.

From race-free programs (the project's annotated test programs without a RACE line, the
race-free tasks of ../shared/bench and the programs of ../shared/bench/realworld) it makes
mutants that can introduce a race (bench/mutants.py: delete a lock, move an access out of its
critical section, unlock another array element, drop or move a join, ...), discards those that
no longer compile (clang-16 -fsyntax-only), and runs racehunt's static engine and bmc on each.

Every mutant that an engine proves race-free is then searched for a race: the bmc witness, the
dynamic engine (and, with scoring, auto) must produce a witness that `racehunt replay` drives
into the race it names.  A confirmed race on a mutant proved race-free is a soundness bug: the
campaign prints the mutant (a diff), the verdicts and the witness, saves them under --findings,
and exits 1.  A bmc counterexample that does not replay is reported too (it does not fail the
run unless --strict-replay).

With scoring (the default; --no-score turns it off) every mutant is also run with
`--engine=auto`, and the dynamic engine looks for a race on every mutant not yet shown racy, so
the table gives per operator the share of mutants with a confirmed race that auto reports as
racy (the mutation score for race finding).

Results go to a JSON-lines file (--results) one mutant per line; a second run with the same
file skips the mutants already done (resumable); with scoring it scores the records of an
earlier --no-score run (auto and the dynamic search only), so one campaign's proofs and its
mutation score come from the same mutants and build.  Python 3 standard library only.

  python3 bench/soundness.py --full -j2             # every program, up to --per-program each
  python3 bench/soundness.py --limit 300 --seed 7   # a partial campaign
  python3 bench/soundness.py --sources tests --per-program 4 --no-score   # the CI sample
"""

import argparse
import concurrent.futures
import difflib
import glob
import hashlib
import json
import os
import random
import re
import shutil
import signal
import sys
import tempfile
import threading
import time

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(BENCH_DIR)
sys.path.insert(0, BENCH_DIR)

import mutants                                     # noqa: E402
import proctree                                    # noqa: E402
import tables                                      # noqa: E402
from run_bench import find_tasks                   # noqa: E402

SHARED = os.path.normpath(os.path.join(REPO_ROOT, "..", "shared", "bench"))
GRACE = 10                       # seconds a racehunt child may overrun its --timeout
RACE_RE = re.compile(r"//.*\bRACE\b")
NORACE_RE = re.compile(r"//.*\bNORACE\b")
# Real-world programs the campaign leaves out: the dynamic engine runs every mutant, and this one
# is a botnet whose main loop scans the network.
NOT_RUN = ["Mirai-Source-Code"]
# realworld files are merged projects: clang's stricter defaults are relaxed for them.
CLANG_RELAX = ["-Wno-error=implicit-function-declaration", "-Wno-error=implicit-int",
               "-Wno-error=int-conversion", "-Wno-error=incompatible-function-pointer-types",
               "-Wno-error=return-type"]


# ---------------------------------------------------------------- the race-free programs

def annotated_race_free(path):
    """A test program whose annotations say race-free: no line carries a RACE comment."""
    with open(path, encoding="utf-8", errors="replace") as f:
        return not any(RACE_RE.search(l) and not NORACE_RE.search(l) for l in f)


def program(name, path, origin, data_model="LP64", flags=()):
    return {"name": name, "path": path, "origin": origin, "data_model": data_model,
            "flags": list(flags)}


def collect_programs(sources, shared, extra=()):
    """The race-free inputs of the campaign, from the requested sources."""
    progs = []
    if "tests" in sources:
        for folder in ("programs", "bmc", "dynamic"):
            for path in sorted(glob.glob(os.path.join(REPO_ROOT, "tests", folder, "*.c"))):
                if annotated_race_free(path):
                    progs.append(program("tests/%s/%s" % (folder, os.path.basename(path)), path, "tests"))
    if "bench" in sources:
        dirs = [d for d in (os.path.join(shared, "goblint"), os.path.join(shared, "svcomp"))
                if os.path.isdir(d)]
        for task in find_tasks(dirs, None):
            if task["expected"] == "true" and task["input"]:
                corpus = "goblint" if "/goblint/" in task["yml"] else "svcomp"
                progs.append(program("%s/%s" % (corpus, task["name"]), task["input"], corpus,
                                     task["data_model"],
                                     ["-I", task["dir"], "-I", os.path.dirname(task["dir"])]))
    for path in extra:
        progs.append(program(os.path.basename(path), os.path.abspath(path), "given"))
    if "realworld" in sources:
        for path in sorted(glob.glob(os.path.join(shared, "realworld", "*", "main.c"))):
            name = os.path.basename(os.path.dirname(path))
            if any(name.startswith(p) for p in NOT_RUN):
                continue
            progs.append(program("realworld/" + name, path, "realworld"))
    return progs


def has_main(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return re.search(r"\bmain\s*\(", f.read()) is not None


def clang_flags(prog):
    flags = ["-m32"] if prog["data_model"] == "ILP32" else []
    flags += prog["flags"] + (CLANG_RELAX if prog["origin"] == "realworld" else [])
    return flags


def compiles(opts, prog, path):
    res = proctree.run_captured([opts.clang, "-fsyntax-only", "-w"] + clang_flags(prog) + [path],
                                os.path.dirname(path), 120)
    return res["rc"] == 0


# ---------------------------------------------------------------- choosing mutants

def mutant_key(prog, m):
    digest = hashlib.sha1(repr(m.edits).encode()).hexdigest()[:8]
    return "%s:%s:%d:%s" % (prog["name"], m.op, m.site, digest)


def plan(progs, opts):
    """(program, text, mutant) triples: up to --per-program per program, interleaved."""
    per_prog = []
    for prog in progs:
        with open(prog["path"], encoding="utf-8", errors="replace") as f:
            text = f.read()
        rng = random.Random("%d:%s" % (opts.seed, prog["name"]))
        chosen = mutants.sample(mutants.generate(text), opts.per_program, rng)
        if opts.operators:
            chosen = [m for m in chosen if m.op in opts.operators]
        if chosen:
            per_prog.append([(prog, text, m) for m in chosen])
    # Interleaved so that every program advances at the same pace through its own mutants:
    # a partial run (--limit, or one stopped early) covers each program in proportion.
    random.Random(opts.seed).shuffle(per_prog)
    ranked = [((rank + 0.5) / len(p), n, item) for n, p in enumerate(per_prog)
              for rank, item in enumerate(p)]
    order = [item for _, _, item in sorted(ranked, key=lambda r: r[:2])]
    return order[:opts.limit] if opts.limit else order


# ---------------------------------------------------------------- running racehunt

def racehunt(opts, prog, engine, cwd, fname, timeout, extra=(), times=None):
    """Run one engine; returns (verdict, report or None). verdict: race|race-free|unknown|error|timeout.

    The wall time is added to times[engine] when `times` is given."""
    cmd = [opts.racehunt, "--engine=" + engine, "--format=json", "--timeout=%g" % timeout,
           "--data-model=" + prog["data_model"]] + list(extra) + [fname, "--"] + prog["flags"]
    res = proctree.run_captured(cmd, cwd, timeout + GRACE, memory_mb=opts.memory)
    if times is not None:
        times[engine] = round(res["wall"], 2)
    if res["timed_out"]:
        return "timeout", None
    try:
        report = json.loads(res["stdout"])
    except ValueError:
        return "error", {"stderr": res["stderr"][-300:], "rc": res["rc"]}
    return report.get("verdict", "error"), report


def replay(opts, prog, cwd, witness):
    """Does `racehunt replay` drive the program into the race the witness names?

    Returns (confirmed, the two racing lines, detail).
    """
    try:
        with open(witness) as f:
            w = json.load(f)
        a, b = w["race"]
        lines = sorted([w["steps"][a]["line"], w["steps"][b]["line"]]) if a >= 0 and b >= 0 else None
    except (OSError, ValueError, KeyError, IndexError, TypeError) as e:
        return False, None, "unreadable witness: %s" % e
    cmd = [opts.racehunt, "replay", "--format=json", "--data-model=" + prog["data_model"],
           witness, "--"] + prog["flags"]
    res = proctree.run_captured(cmd, cwd, 120, memory_mb=opts.memory)
    try:
        report = json.loads(res["stdout"])
    except ValueError:
        return False, lines, "replay printed no report (exit %s): %s" % (res["rc"], res["stderr"][-200:])
    got = [sorted(acc["line"] for acc in r.get("accesses", [])) for r in report.get("races", [])]
    ok = res["rc"] == 1 and bool(got) and (lines is None or lines in got)
    return ok, lines, "" if ok else "replay exit %s, races at %s" % (res["rc"], got)


def evaluate(opts, prog, text, m, scratch, rec=None):
    """Run the campaign's checks on one mutant; returns its record.

    Given the record of an earlier run without scoring (`rec`), only the scoring part runs
    (auto, then the dynamic race search), so a --no-score campaign can be scored afterwards on
    the same mutants and the same build without running static and bmc again."""
    rescore = rec is not None
    if not rescore:
        rec = {"key": mutant_key(prog, m), "program": prog["name"], "origin": prog["origin"],
               "op": m.op, "site": m.site, "line": m.line, "desc": m.desc}
    work = tempfile.mkdtemp(prefix="m", dir=scratch)
    try:
        fname = os.path.basename(prog["path"])
        path = os.path.join(work, fname)
        with open(path, "w") as f:
            f.write(mutants.apply(text, m.edits))
        if not rescore:
            t0 = time.monotonic()
            rec["compiled"] = compiles(opts, prog, path)
            rec["seconds"] = {"clang": round(time.monotonic() - t0, 2)}
        if rec["compiled"]:
            (score_mutant if rescore else check_mutant)(opts, prog, work, fname, rec)
            if rec.get("contradiction"):
                save_finding(opts, prog, text, m, work, fname, rec)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return rec


def needs_score(opts, rec):
    """An earlier record that was made without scoring and can be scored now."""
    return opts.score and rec.get("compiled") and "auto" not in rec


def check_mutant(opts, prog, work, fname, rec):
    """static and bmc; auto when scoring; then a race search on proved (or, scoring, all
    not yet racy) mutants.  Fills rec: verdicts, proved_by, confirmed_by, contradiction."""
    seed = mutant_seed(rec)
    times = rec["seconds"]
    rec["static"], _ = racehunt(opts, prog, "static", work, fname, opts.static_timeout, (), times)
    wb = os.path.join(work, "bmc.witness.json")
    rec["bmc"], _ = racehunt(opts, prog, "bmc", work, fname, opts.bmc_timeout, ["--witness=" + wb], times)
    # Without scoring a race only matters on a proved mutant: the bmc witness is replayed then.
    if rec["bmc"] == "race" and (opts.score or rec["static"] == "race-free"):
        if os.path.exists(wb):
            confirm(opts, prog, work, wb, "bmc", rec)
            if not rec.get("confirmed_by"):
                rec["bmc_no_replay"] = rec.pop("replay_failure", "")
        else:  # bmc replays its counterexamples itself and drops one that does not replay
            rec["bmc_no_replay"] = "bmc: its counterexample did not replay (reported as a likely race)"
    if opts.score:
        run_auto(opts, prog, work, fname, rec, seed)
    proofs = [e for e in ("static", "bmc", "auto") if rec.get(e) == "race-free"]
    if proofs and opts.recheck_bmc and not rec.get("confirmed_by") and rec["bmc"] != "race-free":
        # A proof stands against bmc with a larger budget too.
        rec["bmc_recheck"], _ = racehunt(opts, prog, "bmc", work, fname, opts.recheck_bmc,
                                         ["--witness=" + wb], None)
        if rec["bmc_recheck"] == "race" and os.path.exists(wb):
            confirm(opts, prog, work, wb, "bmc", rec)
            if not rec.get("confirmed_by"):
                rec["bmc_no_replay"] = rec.pop("replay_failure", "")
    if not rec.get("confirmed_by") and (proofs or opts.score):
        run_dynamic(opts, prog, work, fname, rec, seed)
    judge(rec, proofs)


def mutant_seed(rec):
    return int(hashlib.sha1(rec["key"].encode()).hexdigest()[:6], 16)


def run_auto(opts, prog, work, fname, rec, seed):
    wa = os.path.join(work, "auto.witness.json")
    rec["auto"], _ = racehunt(opts, prog, "auto", work, fname, opts.auto_timeout,
                              ["--witness=" + wa, "--seed=%d" % seed], rec["seconds"])
    if rec["auto"] == "race" and os.path.exists(wa) and not rec.get("confirmed_by"):
        confirm(opts, prog, work, wa, "auto", rec)


def run_dynamic(opts, prog, work, fname, rec, seed):
    wd = os.path.join(work, "dynamic.witness.json")
    extra = ["--witness=" + wd, "--seed=%d" % (seed + 1)]
    if opts.dynamic_runs:
        extra.append("--runs=%d" % opts.dynamic_runs)
    rec["dynamic"], _ = racehunt(opts, prog, "dynamic", work, fname, opts.dynamic_timeout, extra,
                                 rec["seconds"])
    if rec["dynamic"] == "race" and os.path.exists(wd):
        confirm(opts, prog, work, wd, "dynamic", rec)


def judge(rec, proofs):
    rec["proved_by"] = proofs
    rec["contradiction"] = bool(proofs and rec.get("confirmed_by"))
    if not rec["contradiction"]:
        rec.pop("witness", None)          # kept only where it is evidence of a finding


def score_mutant(opts, prog, work, fname, rec):
    """The scoring part of check_mutant on a mutant whose static and bmc runs are recorded:
    auto, then the dynamic engine when no race is confirmed yet."""
    seed = mutant_seed(rec)
    run_auto(opts, prog, work, fname, rec, seed)
    proofs = [e for e in ("static", "bmc", "auto") if rec.get(e) == "race-free"]
    if not rec.get("confirmed_by") and "dynamic" not in rec:
        run_dynamic(opts, prog, work, fname, rec, seed)
    judge(rec, proofs)


def confirm(opts, prog, work, witness, engine, rec):
    t0 = time.monotonic()
    ok, lines, detail = replay(opts, prog, work, witness)
    rec["seconds"]["replay"] = round(rec["seconds"].get("replay", 0) + time.monotonic() - t0, 2)
    if ok:
        rec["confirmed_by"] = engine
        rec["race_lines"] = lines
        with open(witness) as f:
            rec["witness"] = json.load(f)
    else:
        rec["replay_failure"] = "%s: %s" % (engine, detail)


def save_finding(opts, prog, text, m, work, fname, rec):
    """Keep a contradicted mutant, its diff and its witness under --findings."""
    os.makedirs(opts.findings, exist_ok=True)
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", "%s__%s_%d" % (prog["name"], m.op, m.site))
    ext = os.path.splitext(fname)[1]
    shutil.copy(os.path.join(work, fname), os.path.join(opts.findings, stem + ext))
    with open(os.path.join(opts.findings, stem + ".json"), "w") as f:
        json.dump(dict(rec, diff=diff(prog, text, m)), f, indent=1)


def diff(prog, text, m):
    new = mutants.apply(text, m.edits)
    return "".join(difflib.unified_diff(text.splitlines(True), new.splitlines(True),
                                        prog["path"], "mutant", n=2))


# ---------------------------------------------------------------- the table

COLUMNS = ["mutants", "compiled", "static proves", "bmc proves", "confirmed racy",
           "auto says race", "score", "contradictions", "disagreements", "bmc no replay"]


def disagreement(r):
    """One engine proves the mutant race-free while the other reports a race it did not confirm
    (a static must-race): not a soundness bug by itself, but one of the two is wrong."""
    return "race-free" in (r.get("static"), r.get("bmc")) and "race" in (r.get("static"), r.get("bmc"))


def table(records, score):
    rows = {}
    for r in records:
        for op in (r["op"], "total"):
            row = rows.setdefault(op, dict.fromkeys(COLUMNS, 0))
            row["mutants"] += 1
            row["compiled"] += bool(r.get("compiled"))
            row["static proves"] += r.get("static") == "race-free"
            row["bmc proves"] += r.get("bmc") == "race-free"
            racy = bool(r.get("confirmed_by"))
            row["confirmed racy"] += racy
            row["auto says race"] += racy and r.get("auto") == "race"
            row["contradictions"] += bool(r.get("contradiction"))
            row["disagreements"] += disagreement(r)
            row["bmc no replay"] += bool(r.get("bmc_no_replay"))
    lines = []
    for op in [o for o in mutants.OPERATORS if o in rows] + ["total"]:
        row = rows.get(op)
        if not row:
            continue
        row["score"] = ("%.0f%%" % (100.0 * row["auto says race"] / row["confirmed racy"])
                        if score and row["confirmed racy"] else "–")
        if not score:
            row["auto says race"] = "–"
        lines.append(["**total**" if op == "total" else op] + [row[c] for c in COLUMNS])
    return tables.markdown(["operator"] + COLUMNS, lines, "l" * (len(COLUMNS) + 1))


def report_findings(records, text_of):
    """Print every contradiction and every bmc counterexample that did not replay."""
    bad = [r for r in records if r.get("contradiction")]
    for r in bad:
        print("\n=== CONTRADICTION: %s (%s #%d, line %d): %s" %
              (r["program"], r["op"], r["site"], r["line"], r["desc"]))
        print("verdicts: static=%s bmc=%s auto=%s dynamic=%s; race confirmed by %s at lines %s" %
              (r.get("static"), r.get("bmc"), r.get("auto", "-"), r.get("dynamic", "-"),
               r.get("confirmed_by"), r.get("race_lines")))
        if r["key"] in text_of:
            print(text_of[r["key"]])
        print("witness:", json.dumps(r.get("witness"))[:2000])
    for r in records:
        if disagreement(r):
            print("engines disagree: %s (%s #%d): %s -- static %s, bmc %s" %
                  (r["program"], r["op"], r["site"], r["desc"], r.get("static"), r.get("bmc")))
    for r in records:
        if r.get("bmc_no_replay"):
            print("bmc counterexample that does not replay: %s (%s #%d): %s -- %s" %
                  (r["program"], r["op"], r["site"], r["desc"], r["bmc_no_replay"]))
    return bad


# ---------------------------------------------------------------- main

def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--racehunt", default=os.path.join(REPO_ROOT, "build", "racehunt"))
    ap.add_argument("--clang", default="clang-16")
    ap.add_argument("--shared", default=SHARED, help="the shared benchmark folder")
    ap.add_argument("--sources", default="tests,bench,realworld",
                    help="comma list of tests, bench, realworld (default all)")
    ap.add_argument("--program", action="append", default=[], metavar="FILE",
                    help="also mutate this race-free C file (LP64; repeatable)")
    ap.add_argument("--full", action="store_true",
                    help="the full campaign: every source, 150 mutants per program")
    ap.add_argument("--per-program", type=int,
                    help="mutants per program at most (default 30; 150 with --full)")
    ap.add_argument("--limit", type=int, default=0, help="mutants in all at most (0: no limit)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--operators", default="", help="comma list of operators (default all)")
    ap.add_argument("--match", default="", help="only programs whose name contains this")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=5.0, help="racehunt budget per engine run")
    ap.add_argument("--static-timeout", type=float)
    ap.add_argument("--bmc-timeout", type=float)
    ap.add_argument("--auto-timeout", type=float)
    ap.add_argument("--dynamic-timeout", type=float)
    ap.add_argument("--dynamic-runs", type=int, default=0, help="cap the dynamic engine's runs")
    ap.add_argument("--recheck-bmc", type=float, default=0, metavar="SECONDS",
                    help="run bmc again with this budget on proved mutants it did not decide")
    ap.add_argument("--no-score", dest="score", action="store_false",
                    help="no auto runs; dynamic runs and replays only on proved mutants (faster)")
    ap.add_argument("--memory", type=int, default=4096, help="MB of address space per child")
    ap.add_argument("--results", default=os.path.join(tables.results_dir("soundness"), "results.jsonl"),
                    help="JSON-lines file of mutant records; existing records are reused")
    ap.add_argument("--fresh", action="store_true", help="ignore existing records in --results")
    ap.add_argument("--findings", default=os.path.join(tempfile.gettempdir(), "racehunt-soundness-findings"),
                    help="where contradicted mutants are saved")
    ap.add_argument("--strict-replay", action="store_true",
                    help="also fail when a bmc counterexample does not replay")
    ap.add_argument("--dry-run", action="store_true", help="print the plan (programs, mutants per operator) only")
    ap.add_argument("--table-only", action="store_true",
                    help="print the table of the records in --results and stop (no runs)")
    ap.add_argument("-q", "--quiet", action="store_true")
    opts = ap.parse_args(argv)
    for eng in ("static", "bmc", "auto", "dynamic"):
        if getattr(opts, eng + "_timeout") is None:
            setattr(opts, eng + "_timeout", opts.timeout)
    opts.sources = set(opts.sources.split(","))
    opts.operators = set(o for o in opts.operators.split(",") if o)
    unknown = opts.operators - set(mutants.OPERATORS)
    if unknown:
        ap.error("unknown operators: %s" % ", ".join(sorted(unknown)))
    if opts.full:
        opts.sources = {"tests", "bench", "realworld"}
    if opts.per_program is None:
        opts.per_program = 150 if opts.full else 30
    return opts


def load_records(path):
    done = {}
    if path and os.path.exists(path):
        with open(path) as f:
            for line in f:
                try:
                    r = json.loads(line)
                    done[r["key"]] = r
                except (ValueError, KeyError):
                    pass
    return done


def main(argv=None):
    opts = parse_args(argv)
    if opts.table_only:
        records = list(load_records(opts.results).values())
        print("%d mutants of %d programs\n" % (len(records), len({r["program"] for r in records})))
        print(table(records, opts.score))
        bad = report_findings(records, {})
        return 1 if bad else 0
    if not os.access(opts.racehunt, os.X_OK):
        sys.exit("no racehunt at %s (build it, or pass --racehunt)" % opts.racehunt)
    progs = [p for p in collect_programs(opts.sources, opts.shared, opts.program)
             if opts.match in p["name"]]
    # An input that does not compile as it is cannot give compiling mutants, and racehunt
    # analyses whole programs only: both are left out.
    progs = [p for p in progs if has_main(p["path"]) and compiles(opts, p, p["path"])]
    todo = plan(progs, opts)
    if opts.dry_run:
        ops = {}
        for _, _, m in todo:
            ops[m.op] = ops.get(m.op, 0) + 1
        print("%d of %d programs usable (they compile and have a main); %d mutants from %d programs: %s" %
              (len(progs), len(collect_programs(opts.sources, opts.shared, opts.program)), len(todo),
               len({p["name"] for p, _, _ in todo}), ops))
        return 0
    done = {} if opts.fresh else load_records(opts.results)
    if opts.results:
        os.makedirs(os.path.dirname(os.path.abspath(opts.results)), exist_ok=True)
    records, text_of, lock = [], {}, threading.Lock()
    print("%d race-free programs, %d mutants planned (%d already done), %d jobs" %
          (len({p["name"] for p, _, _ in todo}), len(todo),
           sum(mutant_key(p, m) in done and not needs_score(opts, done[mutant_key(p, m)])
               for p, _, m in todo), opts.jobs), flush=True)
    start = time.monotonic()
    out = open(opts.results, "a") if opts.results else None
    scratch = tempfile.mkdtemp(prefix="racehunt-soundness-")
    # Killed, the campaign still removes its scratch folder (after the running mutants end).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))

    def one(item):
        prog, text, m = item
        key = mutant_key(prog, m)
        rec = done.get(key)
        run_now = rec is None or needs_score(opts, rec)
        if run_now:
            rec = evaluate(opts, prog, text, m, scratch, rec)
        with lock:
            records.append(rec)
            if rec.get("contradiction"):
                text_of[key] = diff(prog, text, m)
            if out and run_now:
                out.write(json.dumps(rec) + "\n")
                out.flush()
            if not opts.quiet:
                print("[%d/%d %.0fs] %s %s #%d: static=%s bmc=%s auto=%s dyn=%s%s%s" %
                      (len(records), len(todo), time.monotonic() - start, rec["program"], rec["op"],
                       rec["site"], rec.get("static", "-") if rec.get("compiled") else "(no compile)",
                       rec.get("bmc", "-"), rec.get("auto", "-"), rec.get("dynamic", "-"),
                       " racy(%s)" % rec["confirmed_by"] if rec.get("confirmed_by") else "",
                       " CONTRADICTION" if rec.get("contradiction") else ""), flush=True)

    pool = concurrent.futures.ThreadPoolExecutor(max_workers=max(1, opts.jobs))
    try:
        list(pool.map(one, todo))
    finally:
        pool.shutdown(wait=True, cancel_futures=True)   # on an interrupt: no new mutant starts
        shutil.rmtree(scratch, ignore_errors=True)
        if out:
            out.close()
    progs_done = len({r["program"] for r in records})
    print("\n%d mutants of %d programs in %.0f s\n" % (len(records), progs_done, time.monotonic() - start))
    print(table(records, opts.score))
    bad = report_findings(records, text_of)
    no_replay = [r for r in records if r.get("bmc_no_replay")]
    print("\n%d contradictions, %d bmc counterexamples that do not replay" % (len(bad), len(no_replay)))
    return 1 if bad or (opts.strict_replay and no_replay) else 0


if __name__ == "__main__":
    sys.exit(main())
