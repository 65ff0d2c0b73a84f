#!/usr/bin/env python3
"""measure.py - report size before and after grouping races per memory
location, on real programs: each program is analysed once per engine
setting (JSON, with the new binary), and that one result is rendered as
text and HTML by the old and the new binary (--from-report), so both
render the same races.  Prints a Markdown table.

usage: measure.py OLD_RACEHUNT NEW_RACEHUNT WORKDIR PROGRAM.c...
"""
import json
import os
import subprocess
import sys

SETTINGS = [("static --may", ["--engine=static", "--may", "--timeout=30"], ["--may"]),
            ("default --may", ["--may", "--timeout=30"], ["--may"])]


def render(rh, report, fmt, extra):
    p = subprocess.run([rh, "--from-report", report, "--format=" + fmt] + extra,
                       capture_output=True, text=True, timeout=600)
    return p.stdout


def main():
    old, new, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    print("| program | engine | races | locations | text lines before | after | text bytes before | after "
          "| HTML bytes before | after | HTML cards before | groups after |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for prog in sys.argv[4:]:
        name = os.path.basename(os.path.dirname(prog))
        for label, flags, render_flags in SETTINGS:
            report = os.path.join(work, "%s-%s.json" % (name, label.split()[0]))
            subprocess.run([new] + flags + ["--format=json", "-o", report, prog],
                           capture_output=True, timeout=120)
            doc = json.load(open(report))
            races = sum(1 for r in doc["races"] if "suppressed" not in r)
            t0, t1 = (render(rh, report, "text", render_flags) for rh in (old, new))
            h0, h1 = (render(rh, report, "html", render_flags) for rh in (old, new))
            print("| %s | %s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d |" % (
                name, label, races, doc["counts"]["locations"], t0.count("\n"), t1.count("\n"),
                len(t0.encode()), len(t1.encode()), len(h0.encode()), len(h1.encode()),
                h0.count('class="race"'), h1.count('class="group"')))


if __name__ == "__main__":
    main()
