#!/usr/bin/env python3
"""run_realworld_confirm.py - with the workload a user would give each real program
(realworld_workloads.tsv, inputs made by realworld_setup.sh), does racehunt confirm races
whose witness `racehunt replay` follows?

For each program with a workload (all with --all): the default command and --engine=dynamic, each
  racehunt [--engine=dynamic] --timeout=T --stats --format=json -o R --witness=W --allow-undefined
           --arg=... [--stdin=F] NAME/main.c
run in the workload folder (the local HTTP peer started when the table asks for one), then
`racehunt replay W` (it follows the witness when it exits 1). Per program and command: runs, most
threads one run created, races and locations confirmed, witness replays (yes/no/-), witness steps,
and the confirmed races the report shows with a witness and their witnesses' steps.
Writes results.tsv and table.md to bench/results/DATE-COMMIT-realworld-confirm/.

Python 3 standard library only.
"""
import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(BENCH_DIR)
sys.path.insert(0, BENCH_DIR)
import proctree  # noqa: E402
import tables  # noqa: E402
from run_realworld import DEFAULT_CORPUS, find_programs  # noqa: E402

WORKLOADS = os.path.join(BENCH_DIR, "realworld_workloads.tsv")
SETUP = os.path.join(BENCH_DIR, "realworld_setup.sh")
HTTP_PORT = 18080
MODES = {"default": [], "dynamic": ["--engine=dynamic"]}


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--racehunt", default=os.path.join(REPO_ROOT, "build", "racehunt"))
    ap.add_argument("--corpus", default=DEFAULT_CORPUS)
    ap.add_argument("--timeout", type=float, default=30.0, help="racehunt's budget (default 30)")
    ap.add_argument("--modes", default="default,dynamic", help="default, dynamic or both (comma)")
    ap.add_argument("--all", action="store_true", help="also the programs without a workload")
    ap.add_argument("--filter", action="append", help="only programs whose name contains this")
    ap.add_argument("--out", help="result folder")
    opts = ap.parse_args(argv)
    opts.racehunt = os.path.abspath(opts.racehunt) if os.sep in opts.racehunt else opts.racehunt
    opts.modes = [m for m in opts.modes.split(",") if m]
    if any(m not in MODES for m in opts.modes):
        ap.error("--modes takes default and dynamic")
    opts.out = os.path.abspath(opts.out) if opts.out else tables.results_dir("realworld-confirm")
    return opts


def read_workloads(path, workdir):
    """name -> {args: [...], stdin: path or None, peer, why}, with {W} filled in."""
    table = {}
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            cols = (line.rstrip("\n").split("\t") + [""] * 5)[:5]
            name, args, stdin, peer, why = (c.replace("{W}", workdir) for c in cols)
            table[name] = {"args": shlex.split(args), "stdin": stdin or None, "peer": peer, "why": why}
    return table


def start_peer(kind, workdir):
    if kind != "http":
        return None
    return subprocess.Popen([sys.executable, "-m", "http.server", str(HTTP_PORT), "--bind", "127.0.0.1",
                             "--directory", os.path.join(workdir, "www")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def witness_steps(path):
    try:
        with open(path) as f:
            return len(json.load(f).get("steps", []))
    except (OSError, ValueError):
        return 0


def replay(opts, wit, workdir):
    """'yes' when racehunt replay follows the witness into its race (exit 1), else 'no'."""
    if not witness_steps(wit):
        return "-"
    with open(os.devnull, "w") as null:
        r = proctree.run([opts.racehunt, "replay", wit], workdir, opts.timeout + 30, null, null)
    return "yes" if r["rc"] == 1 else "no (exit %s)" % r["rc"]


def measure(opts, name, path, load, workdir, mode):
    with tempfile.TemporaryDirectory(prefix="rh-rwconf-") as scratch:
        out, wit = os.path.join(scratch, "report.json"), os.path.join(scratch, "witness.json")
        cmd = [opts.racehunt] + MODES[mode] + ["--timeout=%g" % opts.timeout, "--stats", "--format=json",
                                               "-o", out, "--witness=" + wit, "--allow-undefined"]
        cmd += ["--arg=" + a for a in load["args"]] + (["--stdin=" + load["stdin"]] if load["stdin"] else [])
        peer = start_peer(load["peer"], workdir)
        try:
            with open(os.devnull, "w") as null:
                run = proctree.run(cmd + [path], workdir, opts.timeout + 30, null, null)
        finally:
            if peer:
                peer.terminate()
                peer.wait()
        try:
            with open(out) as f:
                report = json.load(f)
        except (OSError, ValueError):
            report = {}
        peer = start_peer(load["peer"], workdir)
        try:
            replays = replay(opts, wit, workdir)
        finally:
            if peer:
                peer.terminate()
                peer.wait()
        steps = witness_steps(wit)
    stats, counts = report.get("stats", {}), report.get("counts", {})
    confirmed = [r for r in report.get("races", []) if r.get("confirmed")]
    return {"program": name, "mode": mode, "workload": " ".join(load["args"]) +
            (" < " + os.path.basename(load["stdin"]) if load["stdin"] else ""),
            "verdict": report.get("verdict", "-"), "runs": int(stats.get("dynamic.runs", 0)),
            "threads": int(stats.get("dynamic.max_threads", 0)),
            "confirmed_locations": int(counts.get("locations_confirmed", 0)),
            "confirmed_races": len(confirmed), "replays": replays, "witness_steps": steps,
            "races_witnessed": sum(1 for r in confirmed if (r.get("witness") or {}).get("steps")),
            "race_steps": ",".join(str(n) for n in sorted(
                len(r["witness"]["steps"]) for r in confirmed if (r.get("witness") or {}).get("steps"))),
            "wall_s": run["wall"], "exit": run["rc"]}


COLUMNS = ["program", "mode", "verdict", "runs", "threads", "confirmed_locations", "confirmed_races",
           "replays", "witness_steps", "races_witnessed", "race_steps", "wall_s", "exit", "workload"]


def write(opts, rows):
    with open(os.path.join(opts.out, "results.tsv"), "w") as f:
        f.write("\t".join(COLUMNS) + "\n")
        for r in rows:
            f.write("\t".join(("%.1f" % r[c]) if c == "wall_s" else str(r[c]) for c in COLUMNS) + "\n")


def summary(rows, mode):
    mine = [r for r in rows if r["mode"] == mode]
    good = sorted({r["program"] for r in mine if r["confirmed_races"] and r["replays"] == "yes"})
    return "%s: %d programs with a confirmed race whose witness replays (%s); %d of %d runs created a thread" % (
        mode, len(good), ", ".join(good), sum(r["threads"] > 0 for r in mine), len(mine))


def markdown(opts, rows):
    out = ["# Confirmed races with a replaying witness on the real programs, with workloads", ""]
    out += ["- " + summary(rows, m) for m in opts.modes] + [""]
    lines = [[r["program"], r["mode"], r["verdict"], r["runs"], r["threads"], r["confirmed_locations"],
              r["confirmed_races"], r["replays"], r["witness_steps"], "%.1f" % r["wall_s"],
              "`%s`" % r["workload"] if r["workload"] else ""] for r in rows]
    out.append(tables.markdown(["program", "command", "verdict", "runs", "threads (most in a run)",
                                "confirmed locations", "confirmed races", "witness replays",
                                "witness steps", "wall s", "workload"], lines, "lllrrrrlrrl"))
    return "\n".join(out) + "\n"


def main(argv):
    opts = parse_args(argv)
    if not os.access(opts.racehunt, os.X_OK):
        sys.exit("racehunt not found at %s (build it, or pass --racehunt)" % opts.racehunt)
    proctree.become_subreaper()
    os.makedirs(opts.out, exist_ok=True)
    workdir = tempfile.mkdtemp(prefix="rh-workload-")
    subprocess.run(["sh", SETUP, workdir], check=True)
    loads = read_workloads(WORKLOADS, workdir)
    rows = []
    for name, path in find_programs(opts.corpus, opts.filter):
        load = loads.get(name, {"args": [], "stdin": None, "peer": "", "why": ""})
        if not opts.all and (name not in loads or load["why"].endswith("not given")):
            continue
        for mode in opts.modes:
            rows.append(measure(opts, name, path, load, workdir, mode))
            r = rows[-1]
            print("%-22s %-8s %-8s runs %-5d threads %-3d confirmed %-3d replays %-4s steps %-6d %5.1f s" % (
                name, mode, r["verdict"], r["runs"], r["threads"], r["confirmed_races"], r["replays"],
                r["witness_steps"], r["wall_s"]), flush=True)
            write(opts, rows)
    with open(os.path.join(opts.out, "table.md"), "w") as f:
        f.write(markdown(opts, rows))
    for m in opts.modes:
        print(summary(rows, m))
    print("results: %s" % opts.out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
