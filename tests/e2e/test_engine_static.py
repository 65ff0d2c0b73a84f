#!/usr/bin/env python3
"""test_engine_static.py - the static engine over the annotated programs
(tests/programs): never a wrong verdict, races reported on exactly the
RACE lines wherever it decides, unknown only where expect/static.txt says
why the analysis cannot decide."""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import harness  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--racehunt", required=True)
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    dirs = [os.path.join(harness.ROOT, "tests", "programs")]
    rc = harness.run_suite(a.racehunt, "static", os.path.join(HERE, "expect", "static.txt"),
                           dirs, 60.0, None, a.jobs, None)
    sys.exit(rc)


if __name__ == "__main__":
    main()
