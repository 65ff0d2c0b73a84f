#!/usr/bin/env python3
"""witness_lengths.py - witness length (steps, context switches) before and after, and whether
each witness replays.

For every racy test program (tests/programs, a `// RACE` line) and every racy task of the given
corpora (expected verdict false for no-data-race), runs each racehunt binary given (default
engine, --witness) and records the saved witness's steps and context switches; the witness of
the last binary (the one measured) is replayed with `racehunt replay`.  One job: the machine is
shared.  Prints a TSV row per program and a summary.

  python3 bench/witness_lengths.py --bin before=/old/racehunt --bin after=build/racehunt \
      --tsv /tmp/w.tsv ../shared/bench/goblint ../shared/bench/svcomp
A binary outside its build tree needs RACEHUNT_RUNTIME: --bin NAME=PATH:RUNTIME.
"""
import argparse
import json
import os
import re
import statistics
import sys
import tempfile

BENCH = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH)
sys.path.insert(0, BENCH)
import proctree  # noqa: E402
import run_bench  # noqa: E402  (task files, include flags)


def targets(corpora):
    out = []
    progs = os.path.join(ROOT, "tests", "programs")
    for name in sorted(os.listdir(progs)):
        p = os.path.join(progs, name)
        if name.endswith(".c") and re.search(r"//.*(?<!NO)RACE\b", open(p, errors="replace").read()):
            out.append({"name": "tests/" + name, "input": p, "model": "LP64", "flags": []})
    for t in run_bench.find_tasks(corpora, None):
        if t["expected"] == "false" and t["input"]:
            out.append({"name": t["name"], "input": t["input"], "model": t["data_model"],
                        "flags": run_bench.include_flags(t)})
    return out


def switches(steps):
    return sum(1 for i in range(1, len(steps)) if steps[i]["thread"] != steps[i - 1]["thread"])


def run(binary, env, t, wfile, timeout):
    cmd = [binary, "--format=json", "--data-model=" + t["model"], "--timeout=%g" % timeout,
           "--witness", wfile, t["input"], "--"] + t["flags"]
    r = proctree.run_captured(cmd, None, timeout + 30, env=env)
    if r["timed_out"] or not os.path.exists(wfile):
        return None, ""
    w = json.load(open(wfile))
    ev = ""
    try:
        races = json.loads(r["stdout"]).get("races", [])
        ev = ",".join(sorted({x.get("evidence", "?") + ":" + x.get("engine", "?") for x in races
                              if x.get("witness")}))[:60]
    except ValueError:
        pass
    return w, ev


def replay(binary, env, t, wfile):
    cmd = [binary, "replay", "--format=json", wfile, "--"] + t["flags"]
    r = proctree.run_captured(cmd, None, 120, env=env)
    if r["timed_out"]:
        return "timeout"
    return {1: "replayed", 3: "not-reached", 2: "error"}.get(r["rc"], "exit%s" % r["rc"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", action="append", required=True, help="NAME=PATH[:RUNTIME]")
    ap.add_argument("--timeout", type=float, default=10)
    ap.add_argument("--tsv", required=True)
    ap.add_argument("--match", default="")
    ap.add_argument("corpora", nargs="*")
    a = ap.parse_args()
    bins = []
    for spec in a.bin:
        name, _, path = spec.partition("=")
        path, _, rt = path.partition(":")
        env = dict(os.environ)
        if rt:
            env["RACEHUNT_RUNTIME"] = os.path.abspath(rt)
        bins.append((name, os.path.abspath(path), env))
    rows = []
    with tempfile.TemporaryDirectory() as tmp, open(a.tsv, "w") as out:
        cols = ["program"] + ["%s_%s" % (n, k) for n, _, _ in bins for k in ("steps", "switches")]
        cols += ["evidence", "replay"]
        out.write("\t".join(cols) + "\n")
        for t in targets(a.corpora):
            if a.match not in t["name"]:
                continue
            row = {"program": t["name"]}
            for n, path, env in bins:
                wf = os.path.join(tmp, n + ".json")
                if os.path.exists(wf):
                    os.remove(wf)
                w, ev = run(path, env, t, wf, a.timeout)
                row[n + "_steps"] = len(w["steps"]) if w else ""
                row[n + "_switches"] = switches(w["steps"]) if w else ""
                row["evidence"] = ev
                row["replay"] = replay(path, env, t, wf) if w else ""
            out.write("\t".join(str(row.get(c, "")) for c in cols) + "\n")
            out.flush()
            print("\t".join(str(row.get(c, "")) for c in cols), flush=True)
            rows.append(row)
    last = bins[-1][0]
    for n, _, _ in bins:
        s = [r[n + "_steps"] for r in rows if r.get(n + "_steps") != ""]
        c = [r[n + "_switches"] for r in rows if r.get(n + "_switches") != ""]
        if s:
            print("%s: %d witnesses, steps median %g max %d, switches median %g max %d" %
                  (n, len(s), statistics.median(s), max(s), statistics.median(c), max(c)))
    rep = [r["replay"] for r in rows if r.get(last + "_steps") != ""]
    print("%s: %d of %d witnesses replayed" % (last, rep.count("replayed"), len(rep)))


if __name__ == "__main__":
    main()
