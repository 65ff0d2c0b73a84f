#!/usr/bin/env bash
# Set-up command 2: installs the dependencies, builds racehunt and runs the
# whole test suite, then builds and runs it again under AddressSanitizer and
# UndefinedBehaviorSanitizer (any sanitizer report fails the run), and
# runs each parser's fuzz target for a few seconds (tests/fuzz/run.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
(cd build && ctest --output-on-failure -j 2)
if [ "${RH_SKIP_SANITIZERS:-0}" != 1 ]; then
    BUILD_DIR=build-asan scripts/build.sh -DRH_SANITIZE=ON
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    (cd build-asan && ctest --output-on-failure -j 2)
fi
if [ "${RH_SKIP_FUZZ:-0}" != 1 ]; then
    tests/fuzz/run.sh "${RH_FUZZ_SECONDS:-15}"
fi
