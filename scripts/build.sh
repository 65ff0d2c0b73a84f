#!/usr/bin/env bash
# Configures and builds racehunt in BUILD_DIR (default build/).  Extra
# arguments go to cmake, e.g. -DRH_SANITIZE=ON.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
cmake --build "$BUILD_DIR" -j "$(nproc)"
