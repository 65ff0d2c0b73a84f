#!/usr/bin/env bash
# Set-up command 2: installs the dependencies, builds racehunt and runs the
# whole test suite, quick tier first (ctest -L quick: a failure there stops
# the run within minutes), then builds and runs it again under
# AddressSanitizer and UndefinedBehaviorSanitizer (any sanitizer report fails
# the run; the engine suites run only there, the soundness sample only in the
# plain build), and runs each parser's fuzz target for a few seconds
# (tests/fuzz/run.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
run_tiers() { # BUILD_DIR [CTEST_ARGS...]: the quick tier, then everything else
    local dir=$1
    shift
    (cd "$dir" && ctest --output-on-failure -j 2 -L quick "$@" && ctest --output-on-failure -j 2 -LE quick "$@")
}
# The engines' suites (every test program, each engine's verdicts and race
# lines) run once, in the sanitized build, when there is one: the same
# checks, with ASan and UBSan watching racehunt's code too.  The soundness
# sample (mutants through every engine, a verdict check, not a code path of
# its own) runs once, in the plain build, where it takes twice the mutants
# in half the time.
ENGINE_SUITES='e2e\.test_engine_(static|bmc|dynamic)$'
PLAIN_ONLY='e2e\.test_soundness_sample$'
if [ "${RH_SKIP_SANITIZERS:-0}" != 1 ]; then
    run_tiers build -E "$ENGINE_SUITES"
else
    run_tiers build
fi
if [ "${RH_SKIP_SANITIZERS:-0}" != 1 ]; then
    BUILD_DIR=build-asan scripts/build.sh -DRH_SANITIZE=ON
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    run_tiers build-asan -E "$PLAIN_ONLY"
fi
if [ "${RH_SKIP_FUZZ:-0}" != 1 ]; then
    tests/fuzz/run.sh "${RH_FUZZ_SECONDS:-15}"
fi
