"""tables.py - how bench/ scripts lay out what they measured: the one table
printer (aligned text for the terminal, Markdown for table.md files and
bench/HISTORY.md) and the name of a result folder.

Result folders are bench/results/DATE-COMMIT-WHAT: the UTC date, the short
commit measured (of the checkout holding this file; "+dirty" when it has
uncommitted changes), and what was measured (bench, realworld-auto, ...).
Python 3 standard library only.
"""
import os
import subprocess
import time

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))


def text(header, rows):
    """An aligned text table: the first column left-aligned, the others right-aligned,
    a rule under the header.  Cells may be anything str() accepts."""
    lines = [[str(c) for c in row] for row in [header] + list(rows)]
    widths = [max(len(line[i]) for line in lines if i < len(line)) for i in range(len(header))]
    out = []
    for n, line in enumerate(lines):
        out.append("  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                             for i, (c, w) in enumerate(zip(line, widths))).rstrip())
        if n == 0:
            out.append("  ".join("-" * w for w in widths))
    return "\n".join(out)


def md_cell(value):
    return str(value).replace("|", "\\|").replace("\n", " ")


def markdown(header, rows, align=None):
    """A Markdown table; align is a string with one letter a column, l or r
    (default: the first column left, the others right)."""
    align = align or "l" + "r" * (len(header) - 1)
    out = ["| " + " | ".join(md_cell(h) for h in header) + " |",
           "|" + "|".join("---:" if a == "r" else "---" for a in align) + "|"]
    out += ["| " + " | ".join(md_cell(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


def commit():
    """The short commit of this checkout, "+dirty" when it has changes; "unknown" without git."""
    def git(*args):
        return subprocess.run(["git", "-C", BENCH_DIR] + list(args), capture_output=True,
                              text=True, timeout=30)
    try:
        head = git("rev-parse", "--short", "HEAD")
        dirty = git("status", "--porcelain", "--untracked-files=no").stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    if head.returncode != 0:
        return "unknown"
    return head.stdout.strip() + ("+dirty" if dirty else "")


def results_dir(what):
    """bench/results/DATE-COMMIT-WHAT (not created)."""
    return os.path.join(BENCH_DIR, "results", "%s-%s-%s" % (time.strftime("%Y%m%d", time.gmtime()),
                                                            commit(), what))
