import json, glob, os, sys
d = sys.argv[1]
rows = []
for f in sorted(glob.glob(os.path.join(d, "reports", "*.json"))):
    r = json.load(open(f)); s = r.get("stats", {})
    rows.append((os.path.basename(f).split(".dynamic")[0], int(s.get("dynamic.max_threads", 0)),
                 int(s.get("dse.inputs", 0)), int(s.get("dse.inputs_with_threads", 0)),
                 int(s.get("dse.branch_sites", 0)), int(s.get("dse.directions_covered", 0)), r.get("verdict")))
print("| program | max threads | inputs | inputs with threads | symbolic branches | directions covered | verdict |")
print("|---|---|---|---|---|---|---|")
for x in rows:
    print("| %s | %d | %d | %d | %d | %d | %s |" % x)
print()
print("programs whose runs create a thread: %d of %d; with a symbolic branch: %d" % (
    sum(x[1] > 0 for x in rows), len(rows), sum(x[4] > 0 for x in rows)))
