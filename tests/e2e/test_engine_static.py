#!/usr/bin/env python3
"""test_engine_static.py - the static engine over the annotated programs
(tests/programs): never a wrong verdict, races reported on exactly the
RACE lines wherever it decides, unknown only where expect/static.txt says
why the analysis cannot decide."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import harness  # noqa: E402


def main():
    sys.exit(harness.engine_suite("static", ["programs"], 60.0)[1])


if __name__ == "__main__":
    main()
