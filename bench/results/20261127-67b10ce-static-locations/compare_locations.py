# compare_locations.py BEFORE_REPORTS AFTER_REPORTS - report groups and possible-race records per program (run_realworld.py --keep-reports folders)
import json, os, sys, collections
import sys
B, A = sys.argv[1], sys.argv[2]
def load(d, n):
    p = os.path.join(d, n + '.static.json')
    try: return json.load(open(p))
    except Exception: return None
names = sorted(f[:-12] for f in os.listdir(A) if f.endswith('.static.json'))
print("| program | groups before | groups after | may pairs before | after | capped before | after | volatile_only groups after |")
print("|---|---|---|---|---|---|---|---|")
tot = collections.Counter()
for n in names:
    b, a = load(B, n), load(A, n)
    def info(d):
        if not d: return ('-', '-', '-', 0)
        may = [r for r in d['races'] if r['evidence'] == 'may-race']
        capped = any('stopped after' in x for x in d.get('notes', []))
        vol = len({(r['object'], tuple(r['offset'])) for r in d['races'] if r.get('volatile_only')})
        return (d['counts']['locations'], len(may), 'yes' if capped else '', vol)
    ib, ia = info(b), info(a)
    print("| %s | %s | %s | %s | %s | %s | %s | %s |" % (n, ib[0], ia[0], ib[1], ia[1], ib[2], ia[2], ia[3]))
    for k, v in (('gb', ib[0]), ('ga', ia[0])):
        if isinstance(v, int): tot[k] += v
print("total groups before %d after %d" % (tot['gb'], tot['ga']))
