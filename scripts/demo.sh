#!/usr/bin/env bash
# Set-up command 1: installs the dependencies, builds racehunt and runs it on
# the example program that ships with the project.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
witness=build/bank_account.witness.json
echo "+ build/racehunt --witness=$witness examples/bank_account.c"
status=0
build/racehunt --witness="$witness" examples/bank_account.c || status=$?
echo "(racehunt exit code $status: 0 race-free, 1 races reported, 2 error, 3 unknown)"
[ "$status" -ne 2 ]
if [ -f "$witness" ]; then
    echo "+ build/racehunt replay $witness"
    build/racehunt replay "$witness" | tail -n 3 || true
fi
