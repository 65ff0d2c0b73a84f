#!/usr/bin/env python3
"""test_engine_dynamic.py - the dynamic engine over the annotated programs
(tests/programs and tests/dynamic): every reachable race found within the
budget, no race reported on a race-free program."""
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
    dirs = [os.path.join(harness.ROOT, "tests", "programs"), os.path.join(harness.ROOT, "tests", "dynamic")]
    dirs = [d for d in dirs if os.path.isdir(d)]
    # Without a race the engine searches until its budget runs out, so the
    # programs expected to stay unknown get a short one.
    rc = harness.run_suite(a.racehunt, "dynamic", os.path.join(HERE, "expect", "dynamic.txt"),
                           dirs, 60.0, None, a.jobs, None, unknown_timeout=4.0)
    sys.exit(rc)


if __name__ == "__main__":
    main()
