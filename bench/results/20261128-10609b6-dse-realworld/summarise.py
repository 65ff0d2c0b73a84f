"""summarise.py DIR... - the kept JSON reports of run_realworld.py --keep-reports (one DIR per
measurement, given in order) as one table: per program and measurement, the most threads a run
created (dynamic.max_threads), the inputs tried (dse.inputs), the symbolic branch directions
covered (dse.directions_covered) and the thread entry coverage (dse.entry_directions_covered of
2 * dse.entry_branches; dse.entry_functions_ran of dse.entry_functions)."""
import glob
import json
import os
import sys


def load(d):
    rows = {}
    for f in sorted(glob.glob(os.path.join(d, "reports", "*.json"))):
        s = json.load(open(f)).get("stats", {})
        rows[os.path.basename(f).split(".dynamic")[0]] = {k: int(v) for k, v in s.items()
                                                          if k.startswith(("dse.", "dynamic.max_threads"))}
    return rows


def main():
    dirs = sys.argv[1:]
    runs = [load(d) for d in dirs]
    names = sorted(set().union(*runs))
    head = " | ".join("threads %d | dirs %d | entry dirs %d | routines ran %d" % (i, i, i, i)
                      for i in range(len(dirs)))
    print("| program | %s |" % head)
    print("|---|" + "---|" * (4 * len(dirs)))
    for n in names:
        cells = []
        for r in runs:
            s = r.get(n, {})
            cells += [str(s.get("dynamic.max_threads", 0)), str(s.get("dse.directions_covered", 0)),
                      "%d/%d" % (s.get("dse.entry_directions_covered", 0), 2 * s.get("dse.entry_branches", 0)),
                      "%d/%d" % (s.get("dse.entry_functions_ran", 0), s.get("dse.entry_functions", 0))]
        print("| %s | %s |" % (n, " | ".join(cells)))
    print()
    for d, r in zip(dirs, runs):
        vals = list(r.values())
        print("%s: %d of %d programs create a thread; symbolic directions %d; thread entry directions "
              "%d of %d; start routines ran %d of %d" % (
                  os.path.basename(d.rstrip("/")), sum(v.get("dynamic.max_threads", 0) > 0 for v in vals),
                  len(vals), sum(v.get("dse.directions_covered", 0) for v in vals),
                  sum(v.get("dse.entry_directions_covered", 0) for v in vals),
                  sum(2 * v.get("dse.entry_branches", 0) for v in vals),
                  sum(v.get("dse.entry_functions_ran", 0) for v in vals),
                  sum(v.get("dse.entry_functions", 0) for v in vals)))


if __name__ == "__main__":
    main()
