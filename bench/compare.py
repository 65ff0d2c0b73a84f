#!/usr/bin/env python3
"""compare.py -- print the results of several run_bench.py TSV files side by side.

Usage: bench/compare.py TSV1 TSV2 ...
One row per task folder (plus total); for each TSV the columns correct / wrong / unknown
(unknown, timeout and error together) / score, labelled with the TSV's file name.
"""

import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tables  # noqa: E402

SCORES = {"correct-false": 1, "correct-true": 2, "wrong-false": -16, "wrong-true": -32}


def read_tsv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def cells(rows):
    """correct, wrong, unknown (incl. timeout and error), score for a list of task rows."""
    cats = [r["category"] for r in rows]
    correct = sum(c.startswith("correct") for c in cats)
    wrong = sum(c.startswith("wrong") for c in cats)
    score = sum(SCORES.get(c, 0) for c in cats)
    return [str(correct), str(wrong), str(len(cats) - correct - wrong), str(score)]


def build_lines(results):
    groups = sorted({r["group"] for rows in results for r in rows})
    lines = []
    for g in groups + ["total"]:
        line = [g]
        for rows in results:
            part = rows if g == "total" else [r for r in rows if r["group"] == g]
            tasks = str(len(part))
            line += [tasks] + cells(part)
        lines.append(line)
    return lines


def main(paths):
    if not paths:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    results = [read_tsv(p) for p in paths]
    labels = [os.path.splitext(os.path.basename(p))[0] for p in paths]
    for i, label in enumerate(labels):
        print(f"[{i + 1}] {label}: {paths[i]}")
    header = ["group"]
    for i in range(len(paths)):
        header += [f"[{i + 1}] tasks", "correct", "wrong", "unknown", "score"]
    print(tables.text(header, build_lines(results)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
