#!/usr/bin/env python3
"""harness.py - end-to-end checks of one engine over annotated test programs.

Every program in the programs directory carries its truth as comments:
`// RACE` on each line holding an access that takes part in a race,
`// NORACE` on shared accesses that do not race (tests/programs/README.md).
For each program the harness runs racehunt with --format=json and checks:
  - a race-free program gets no race and is never called racy;
  - a racy program is never called race-free;
  - the lines of reported races (every race except may-races) are exactly
    the RACE lines: none on a NORACE or unannotated line, none missing.
An expectation file relaxes this per program, one line each:
  NAME: unknown   # why the engine cannot decide it (verdict unknown allowed)
  NAME: partial   # why the engine may find only some of the racing lines
  NAME: slow      # why it needs a budget of SLOW_TIMEOUT seconds (checks unchanged)
  NAME: partial slow  # both (any two of the words)
A relaxation never allows a wrong verdict or a race on a wrong line.

Usable as a command or as a module (run_suite) from test_*.py files.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SLOW_TIMEOUT = 240.0
RACE_RE = re.compile(r"//.*\bRACE\b")
NORACE_RE = re.compile(r"//.*\bNORACE\b")


def run_json(racehunt, args, env=None, cwd=None, timeout=120):
    """racehunt ARGS (with --format=json among them): (exit code, verdict, reported race lines,
    the notes joined by ' | ', stderr)."""
    p = subprocess.run([racehunt] + args, capture_output=True, text=True, env=env, cwd=cwd, timeout=timeout)
    try:
        rep = json.loads(p.stdout)
    except ValueError:
        rep = {}
    lines = {a["line"] for r in rep.get("races", []) for a in r.get("accesses", [])}
    return p.returncode, rep.get("verdict"), lines, " | ".join(rep.get("notes", [])), p.stderr


def run_report(racehunt, *args, timeout=180):
    """racehunt --format=json --stats ARGS: (exit code, the report, or one whose notes hold stderr
    when stdout is no JSON, wall seconds)."""
    t0 = time.time()
    p = subprocess.run([racehunt, "--format=json", "--stats"] + list(args), capture_output=True, text=True,
                       timeout=timeout)
    try:
        rep = json.loads(p.stdout)
    except ValueError:
        rep = {"races": [], "notes": [p.stderr.strip()], "stats": {}}
    return p.returncode, rep, time.time() - t0


def annotations(path):
    """Returns (race_lines, norace_lines) of a test program."""
    race, norace = set(), set()
    with open(path, encoding="utf-8", errors="replace") as f:
        for n, line in enumerate(f, 1):
            if NORACE_RE.search(line):
                norace.add(n)
            elif RACE_RE.search(line):
                race.add(n)
    return race, norace


def expects(kinds, word):
    """Whether an expectation (its words, as read_expectations keeps them) says word."""
    return word in (kinds or "").split()


def read_expectations(path):
    """Maps program name -> its expectation's words ('unknown', 'partial', 'slow', or two of
    them) from an expectation file."""
    exp = {}
    if not path or not os.path.exists(path):
        return exp
    with open(path) as f:
        for raw in f:
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            name, _, kind = line.partition(":")
            words = kind.split()
            if not words or any(w not in ("unknown", "partial", "slow") for w in words):
                raise SystemExit("%s: bad expectation line: %s" % (path, raw.strip()))
            exp[name.strip()] = " ".join(words)
    return exp


def run_racehunt(racehunt, engine, prog, timeout, extra):
    cmd = [racehunt, "--engine=" + engine, "--format=json", "--timeout=%g" % timeout] + extra + [prog]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout * 3 + 30)
    except subprocess.TimeoutExpired:
        return None, "racehunt did not stop (timeout %gs x3)" % timeout
    if p.returncode == 2 or p.returncode < 0:
        return None, "racehunt failed (exit %d): %s" % (p.returncode, p.stderr.strip()[-300:])
    try:
        report = json.loads(p.stdout)
    except ValueError:
        return None, "racehunt printed no JSON report: %s" % p.stdout[-200:]
    crashed = [n for n in report.get("notes", []) if " engine failed" in n]
    if crashed:  # an unknown answer must not hide a crash of an engine
        return None, crashed[0][:300]
    return report, None


def reported_lines(report, prog):
    """Source lines of the reported races' accesses that lie in prog."""
    lines = set()
    base = os.path.basename(prog)
    for race in report.get("races", []):
        if race.get("evidence") == "may-race":
            continue
        for acc in race.get("accesses", []):
            if os.path.basename(acc.get("file", "")) == base:
                lines.add(acc["line"])
            else:
                lines.add(-1)  # a race outside the program file is always wrong here
    return lines


def judge(prog, report, expect):
    """Returns None when the report is right for prog, else the reason."""
    race, norace = annotations(prog)
    verdict = report.get("verdict")
    lines = reported_lines(report, prog)
    if not race:
        if verdict == "race" or lines:
            return "race-free program, but races reported on lines %s" % sorted(lines)
        if verdict == "race-free" or expects(expect, "unknown"):
            return None
        return "race-free program answered %s" % verdict
    if verdict == "race-free":
        return "racy program (lines %s) answered race-free" % sorted(race)
    wrong = lines - race
    if wrong:
        return "races reported on lines %s not annotated RACE (expected %s)" % (sorted(wrong), sorted(race))
    if verdict != "race" and not lines:
        return None if expects(expect, "unknown") else "racy program answered %s" % verdict
    missing = race - lines
    if missing and not expects(expect, "partial"):
        return "racing lines %s not reported (found %s)" % (sorted(missing), sorted(lines))
    return None


def program_options(prog, engine):
    """Options a program asks for under one engine, in a comment of its own:
    `// racehunt-options(bmc): --unwind=1 --rounds=3` (the bounds a deep race
    needs, so that the test waits for that race and not for the deepening)."""
    tag = "racehunt-options(%s):" % engine
    with open(prog, errors="replace") as f:
        for line in f:
            if tag in line:
                return line.split(tag, 1)[1].split()
    return []


def missing_header(prog):
    """The system header prog includes that is not installed (valgrind/helgrind.h comes
    with Debian's valgrind package, which scripts/install-deps.sh installs), or None."""
    with open(prog, errors="replace") as f:
        for line in f:
            m = re.match(r"\s*#\s*include\s*<(valgrind/[^>]+)>", line)
            if m and not os.path.exists(os.path.join("/usr/include", m.group(1))):
                return m.group(1)
    return None


def check_one(args, prog, expectations):
    name = os.path.splitext(os.path.basename(prog))[0]
    header = missing_header(prog)
    if header:
        print("skip %s: <%s> is not installed (apt-get install valgrind)" % (name, header))
        return name, None
    # A program the engine is expected to leave unknown would only wait out
    # the whole budget; a shorter one still catches any wrong answer on it.
    timeout = args.timeout
    if expects(expectations.get(name), "unknown") and args.unknown_timeout:
        timeout = min(timeout, args.unknown_timeout)
    if expects(expectations.get(name), "slow"):
        timeout = max(timeout, SLOW_TIMEOUT)
    start = time.monotonic()
    report, err = run_racehunt(args.racehunt, args.engine, prog, timeout, args.extra + program_options(prog, args.engine))
    args.seconds[name] = time.monotonic() - start  # wall: on a loaded machine mostly the queue
    if err:
        return name, err
    return name, judge(prog, report, expectations.get(name))


def run_suite(racehunt, engine, expect=None, programs_dirs=None, timeout=30.0, extra=None,
              jobs=2, only=None, unknown_timeout=None):
    """Runs the suite; prints a line per program and a summary; returns 0 or 1.
    unknown_timeout: the budget for programs the expectations say stay unknown."""
    args = argparse.Namespace(racehunt=racehunt, engine=engine, timeout=timeout, extra=extra or [],
                              unknown_timeout=unknown_timeout, seconds={})
    expectations = read_expectations(expect)
    dirs = programs_dirs or [os.path.join(ROOT, "tests", "programs")]
    progs = sorted(os.path.join(d, f) for d in dirs for f in os.listdir(d) if f.endswith(".c"))
    if only:
        progs = [p for p in progs if any(o in p for o in only)]
    if not progs:
        print("no test programs found in %s" % dirs)
        return 1
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(lambda p: check_one(args, p, expectations), progs))
    failed = 0
    for name, why in results:
        print("%s %s %.1fs%s" % ("FAIL" if why else "ok  ", name, args.seconds.get(name, 0.0),
                                 ": " + why if why else ""))
        failed += why is not None
    stale = set(expectations) - {n for n, _ in results}
    for name in sorted(stale):
        if not only:
            print("FAIL %s: named in %s but no such program" % (name, expect))
            failed += 1
    slowest = sorted(args.seconds.items(), key=lambda kv: -kv[1])[:8]
    print("slowest: " + ", ".join("%s %.1fs" % kv for kv in slowest))
    print("engine %s: %d passed, %d failed" % (engine, len(results) + len(stale) - failed, failed))
    return 1 if failed else 0


def engine_suite(engine, subdirs, timeout, unknown_timeout=None):
    """What a test_engine_ENGINE.py suite runs: ENGINE over the programs of tests/SUBDIR...
    under expect/ENGINE.txt (the options --racehunt, --jobs and --timeout, default timeout).
    Returns (the racehunt checked, 0 or 1)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--racehunt", required=True)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=timeout)
    a = ap.parse_args()
    dirs = [os.path.join(ROOT, "tests", d) for d in subdirs if os.path.isdir(os.path.join(ROOT, "tests", d))]
    rc = run_suite(a.racehunt, engine, os.path.join(HERE, "expect", engine + ".txt"), dirs, a.timeout, None,
                   a.jobs, None, unknown_timeout=unknown_timeout)
    return a.racehunt, rc


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--racehunt", default=os.path.join(ROOT, "build", "racehunt"))
    ap.add_argument("--engine", default="auto")
    ap.add_argument("--expect", help="expectation file (NAME: unknown|partial|slow)")
    ap.add_argument("--programs-dir", action="append", help="default tests/programs")
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", action="append", help="only programs whose path contains this")
    ap.add_argument("extra", nargs="*", help="extra racehunt arguments (after --)")
    a = ap.parse_args()
    sys.exit(run_suite(a.racehunt, a.engine, a.expect, a.programs_dir, a.timeout, a.extra, a.jobs, a.only))


if __name__ == "__main__":
    main()
