#!/usr/bin/env python3
"""Recall and precision of racehunt's reports against judged race references.

For every program of a corpus directory that has a races.md (a judged reference written by
reading the code: section 2 lists true races with the lines of both accesses, section 3 the
look-alikes that are not races), runs racehunt with the given options, reads its JSON report and
matches each reported memory location against the reference by source lines: a location matches
a row when one of its racing pairs has one access (any frame of its stack) on a line of the row's
first access and the other on a line of its second (for section 3, both on the row's lines).

Recall counts the true races that need no particular condition (a parenthesised tag such as
"(config-only)" or "(error path)" marks the others: they count when reported but are not required). Precision counts what the
report puts forward (confirmed and likely tiers by default; every location with --all-tiers):
locations matching a true race, matching a known look-alike, or matching neither (unjudged:
to be read by hand). The matching is approximate (line numbers only); it measures, it is not an
oracle, and racehunt never sees these files.

  bench/score_races.py [--racehunt BIN] [--timeout T] [--out DIR] [--all-tiers] [--] [OPTIONS...]
"""
import argparse
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import proctree  # noqa: E402
import tables  # noqa: E402

CORPUS = os.path.join(HERE, '..', '..', 'shared', 'bench', 'realworld')
NUM = re.compile(r'(?<![\w.])(\d{2,6})(?:\s*[-–]\s*(\d{2,6}))?(?![\w.])')


def lines_of(cell):
    """Every line number a table cell names, ranges expanded."""
    out = set()
    for m in NUM.finditer(cell):
        a = int(m.group(1))
        b = int(m.group(2)) if m.group(2) else a
        if b < a or b - a > 60:
            b = a
        out.update(range(a, b + 1))
    return out


def table_rows(text, section):
    """Rows of the first table under '## <section>' as lists of cells."""
    rows, inside = [], False
    for line in text.splitlines():
        if line.startswith('## '):
            inside = line[3:].lstrip().startswith(section)
            continue
        if inside and line.startswith('|'):
            cells = [c.strip() for c in line.strip().strip('|').split('|')]
            if cells and not set(cells[0]) <= set('-: ') and cells[0] not in ('#', 'object'):
                rows.append(cells)
    return rows


def reference(path):
    text = open(path, encoding='utf-8').read()
    true, false = [], []
    for cells in table_rows(text, '2'):
        if len(cells) < 4:
            continue
        tag = cells[0]
        true.append({'id': tag.split()[0], 'optional': '(' in tag,
                     'a': lines_of(cells[2]), 'b': lines_of(cells[3]), 'object': cells[1]})
    for cells in table_rows(text, '3'):
        if len(cells) < 2:
            continue
        false.append({'object': cells[0], 'lines': lines_of(cells[1])})
    return true, false


def frame_lines(access):
    lines = {access.get('line')}
    for f in access.get('stack', []):
        lines.add(f.get('line'))
    return lines


def location_pairs(report):
    """group id -> (tier, evidence, object, [(lines of access 1, lines of access 2)])"""
    groups = {}
    for race in report.get('races', []):
        acc = race.get('accesses', [])
        if len(acc) < 2:
            continue
        g = race.get('group', id(race))
        entry = groups.setdefault(g, {'tier': race.get('status', 'confirmed' if race.get('confirmed') else ''),
                                      'evidence': race.get('evidence', ''), 'object': race.get('object', ''),
                                      'pairs': [], 'suppressed': race.get('suppressed', False)})
        entry['pairs'].append((frame_lines(acc[0]), frame_lines(acc[1])))
    return groups


def matches_true(pairs, row):
    return any((p & row['a'] and q & row['b']) or (q & row['a'] and p & row['b']) for p, q in pairs)


def matches_false(pairs, row):
    return any(p & row['lines'] and q & row['lines'] for p, q in pairs)


def shown(entry, all_tiers):
    if entry['suppressed']:
        return False
    if all_tiers:
        return True
    return entry['tier'] in ('confirmed', 'likely')


def score(program, report, all_tiers):
    true, false = reference(os.path.join(CORPUS, program, 'races.md'))
    groups = {g: e for g, e in location_pairs(report).items() if shown(e, all_tiers)}
    found = {r['id'] for r in true if any(matches_true(e['pairs'], r) for e in groups.values())}
    tp = fp = unjudged = 0
    for e in groups.values():
        if any(matches_true(e['pairs'], r) for r in true):
            tp += 1
        elif any(matches_false(e['pairs'], r) for r in false):
            fp += 1
        else:
            unjudged += 1
    required = [r['id'] for r in true if not r['optional']]
    return {'program': program, 'locations': len(groups), 'true': tp, 'false': fp, 'unjudged': unjudged,
            'required': len(required), 'required_found': len([i for i in required if i in found]),
            'optional_found': len([r for r in true if r['optional'] and r['id'] in found]),
            'found': sorted(found), 'verdict': report.get('verdict')}


def run(binary, program, options, timeout, out_dir):
    src = os.path.join(CORPUS, program, 'main.c')
    cmd = [binary, '--format=json', '--timeout=%d' % timeout] + options + [src]
    r = proctree.run_captured(cmd, None, timeout + 30)
    if out_dir:
        with open(os.path.join(out_dir, program + '.json'), 'w') as f:
            f.write(r['stdout'])
    try:
        return json.loads(r['stdout']), r['wall']
    except ValueError:
        return {'races': [], 'verdict': 'error (exit %s)' % r['rc']}, r['wall']


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--racehunt', default=os.path.join(HERE, '..', 'build', 'racehunt'))
    ap.add_argument('--timeout', type=int, default=30)
    ap.add_argument('--out', help='directory for the JSON reports')
    ap.add_argument('--from-dir', help='score the JSON reports saved in this directory instead of running')
    ap.add_argument('--all-tiers', action='store_true', help='count every reported location (for --may)')
    ap.add_argument('options', nargs='*')
    a = ap.parse_args()
    if a.out:
        os.makedirs(a.out, exist_ok=True)
    programs = sorted(p for p in os.listdir(CORPUS) if os.path.exists(os.path.join(CORPUS, p, 'races.md')))
    tot = {'required': 0, 'required_found': 0, 'true': 0, 'false': 0, 'unjudged': 0, 'locations': 0}
    rows = []
    for prog in programs:
        if a.from_dir:
            with open(os.path.join(a.from_dir, prog + '.json'), 'rb') as f:
                try:
                    report = json.loads(f.read().decode('utf-8', 'replace'))
                except ValueError:
                    report = {'races': [], 'verdict': 'error'}
            secs = 0.0
        else:
            report, secs = run(a.racehunt, prog, a.options, a.timeout, a.out)
        s = score(prog, report, a.all_tiers)
        for k in tot:
            tot[k] += s[k]
        rows.append([prog, str(s['verdict'])[:8], s['locations'], s['true'], s['false'], s['unjudged'],
                     '%d/%d' % (s['required_found'], s['required']), s['optional_found'], '%.1f' % secs])
    print(tables.text(['program', 'verdict', 'locs', 'true', 'false', 'unjud', 'recall', 'optional', 'secs'],
                      rows))
    judged = tot['true'] + tot['false']
    print('total: %d locations, %d true, %d known false, %d unjudged; recall %d/%d (%.0f%%); '
          'precision over judged %.0f%%, over all %.0f%%' % (
              tot['locations'], tot['true'], tot['false'], tot['unjudged'], tot['required_found'],
              tot['required'], 100.0 * tot['required_found'] / max(1, tot['required']),
              100.0 * tot['true'] / max(1, judged), 100.0 * tot['true'] / max(1, tot['locations'])))


if __name__ == '__main__':
    sys.exit(main())
