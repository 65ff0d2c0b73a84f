#!/usr/bin/env python3
"""test_soundness_sample.py - a fixed-seed sample of the soundness campaign (bench/soundness.py).

Mutants of the race-free test programs (tests/programs, tests/bmc, tests/dynamic without a
RACE line): up to 4 per program, at least 200 in all.  Each is run with the static engine and
bmc under small budgets; every mutant an engine proves race-free is searched for a race by the
bmc witness and the dynamic engine, and a race that `racehunt replay` confirms on a proved
mutant fails the test (a soundness bug).  In the sanitizer build (about 3x slower) the sample
keeps 1 mutant per program (61 mutants).
"""
import argparse
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "bench"))

import soundness  # noqa: E402

MIN_MUTANTS = 200


def sanitized(racehunt):
    cache = os.path.join(os.path.dirname(os.path.abspath(racehunt)), "CMakeCache.txt")
    try:
        with open(cache) as f:
            return any(line.strip() == "RH_SANITIZE:BOOL=ON" for line in f)
    except OSError:
        return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--racehunt", required=True)
    rh = os.path.abspath(ap.parse_args().racehunt)
    asan = sanitized(rh)
    with tempfile.TemporaryDirectory() as tmp:
        results = os.path.join(tmp, "results.jsonl")
        rc = soundness.main([
            "--racehunt", rh, "--sources", "tests", "--seed", "18",
            "--per-program", "1" if asan else "4", "--no-score", "-j", "2", "-q",
            "--static-timeout", "5", "--bmc-timeout", "0.5",
            "--dynamic-timeout", "2", "--dynamic-runs", "10",
            "--results", results, "--findings", os.path.join(tmp, "findings")])
        with open(results) as f:
            n = sum(1 for _ in f)
    print("soundness sample: %d mutants, exit %d" % (n, rc))
    if rc != 0:
        print("FAIL: a mutant proved race-free has a confirmed race (see above)")
        return 1
    if not asan and n < MIN_MUTANTS:
        print("FAIL: only %d mutants (want at least %d)" % (n, MIN_MUTANTS))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
