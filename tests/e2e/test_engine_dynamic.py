#!/usr/bin/env python3
"""test_engine_dynamic.py - the dynamic engine over the annotated programs
(tests/programs and tests/dynamic): every reachable race found within the
budget, no race reported on a race-free program."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import harness  # noqa: E402


def main():
    # Without a race the engine searches until its budget runs out, so the
    # programs expected to stay unknown get a short one.
    sys.exit(harness.engine_suite("dynamic", ["programs", "dynamic"], 60.0, unknown_timeout=2.0)[1])


if __name__ == "__main__":
    main()
