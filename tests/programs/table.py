#!/usr/bin/env python3
"""Regenerates the Programs table of tests/programs/README.md from the
one-line comment each program starts with, so the table cannot drift.
A program is racy when its name ends in _race (the suites check the same)."""
import pathlib
import re

HERE = pathlib.Path(__file__).resolve().parent


def summary(path):
    first = path.read_text().splitlines()[0].strip()
    return re.sub(r"^/\*\s*|\s*\*/$", "", first)


def main():
    progs = sorted(HERE.glob("*.c"))
    racy = sum(p.stem.endswith("_race") for p in progs)
    rows = [f"## Programs ({len(progs)}: {racy} racy, {len(progs) - racy} race-free)", "",
            "| program | verdict | what it covers |", "|---|---|---|"]
    for p in progs:
        verdict = "**racy**" if p.stem.endswith("_race") else "race-free"
        rows.append(f"| `{p.name}` | {verdict} | {summary(p)} |")
    readme = HERE / "README.md"
    text = readme.read_text()
    head = text[:text.index("## Programs (")]
    readme.write_text(head + "\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
