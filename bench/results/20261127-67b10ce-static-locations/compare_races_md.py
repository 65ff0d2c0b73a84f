# compare_races_md.py REPORTS... - per program with races.md: true races (section 2) and false look-alikes (section 3) that a reported pair touches (both access lines on the row's lines)
import json, os, re, sys
RW = '/work/shared/bench/realworld'
def nums(text):
    out = set()
    for a, b in re.findall(r'\b(\d{2,5})(?:\s*[-–]\s*(\d{2,5}))?\b', text):
        a = int(a)
        if b and 0 < int(b) - a < 400:
            out.update(range(a, int(b) + 1))
        else:
            out.add(a)
    return out
def rows(md, title):
    sec = re.split(r'\n## ', md)
    for s in sec:
        if s.startswith(title):
            for line in s.splitlines():
                if line.startswith('|') and not re.match(r'\|\s*-', line) and not re.match(r'\|\s*(#|object|Goblint)', line):
                    yield [c.strip() for c in line.strip().strip('|').split('|')]
def pairs(rep):
    out = []
    for r in rep.get('races', []):
        a, b = r['accesses']
        out.append((a['line'], b['line']))
    return out
def hit2(ps, la, lb):
    return any((x in la and y in lb) or (x in lb and y in la) for x, y in ps)
def hit3(ps, l):
    return any(x in l and y in l for x, y in ps)
def main(dirs):
    tot = {}
    print('| program | true races (sec. 2) reported: ' + ' / '.join(os.path.basename(os.path.dirname(d)) for d in dirs) +
          ' | false look-alikes (sec. 3) reported: same |')
    print('|---|---|---|')
    for prog in sorted(os.listdir(RW)):
        mdp = os.path.join(RW, prog, 'races.md')
        if not os.path.exists(mdp):
            continue
        md = open(mdp).read()
        t = [r for r in rows(md, '2.') if len(r) >= 3]
        f = [r for r in rows(md, '3.') if len(r) >= 2]
        res_t, res_f = [], []
        for d in dirs:
            try:
                rep = json.load(open(os.path.join(d, prog + '.static.json')))
            except Exception:
                rep = {}
            ps = pairs(rep)
            nt = sum(hit2(ps, nums(r[2]), nums(r[3])) for r in t)
            nf = sum(hit3(ps, nums(r[1])) for r in f)
            res_t.append(nt); res_f.append(nf)
            k = d
            tot.setdefault(k, [0, 0])
            tot[k][0] += nt; tot[k][1] += nf
        print('| %s | %s of %d | %s of %d |' % (prog, ' / '.join(map(str, res_t)), len(t), ' / '.join(map(str, res_f)), len(f)))
    print('totals:', {os.path.basename(os.path.dirname(k)): v for k, v in tot.items()})
main(sys.argv[1:])

def detail(d, prog):
    md = open(os.path.join(RW, prog, 'races.md')).read()
    rep = json.load(open(os.path.join(d, prog + '.static.json')))
    ps = pairs(rep)
    for r in rows(md, '3.'):
        if len(r) >= 2 and hit3(ps, nums(r[1])):
            print('  F', r[0][:60], '|', r[1][:60], '|', r[2][:90] if len(r) > 2 else '')
    for r in rows(md, '2.'):
        if len(r) >= 3:
            print('  T', 'HIT ' if hit2(ps, nums(r[2]), nums(r[3])) else 'miss', r[0], r[1][:40], '|', r[2][:50], '|', r[3][:50])
