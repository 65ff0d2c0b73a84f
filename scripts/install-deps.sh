#!/usr/bin/env bash
# Installs racehunt's build and test dependencies from Debian's packages.
# Idempotent: packages already present are not fetched again, and apt-get
# update runs only when something is missing.
set -euo pipefail

PACKAGES="cmake make gcc g++ clang-16 llvm-16-dev libzstd-dev libz3-dev libjansson-dev nettle-dev
python3 gcc-multilib libc6-dev-i386 valgrind chromium python3-jsonschema bear zlib1g-dev
libclang-rt-16-dev"

missing=""
for p in $PACKAGES; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
if [ -n "$missing" ]; then
    echo "racehunt: installing$missing"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi

# The SARIF 2.1.0 JSON schema the format test validates against, taken from
# an npm package that ships it (never committed to the project).
SCHEMA_DIR=${RACEHUNT_CACHE:-$HOME/.cache/racehunt}
if [ ! -s "$SCHEMA_DIR/sarif-2.1.0.json" ]; then
    command -v npm >/dev/null || { $SUDO apt-get update -qq; $SUDO apt-get install -y -qq npm >/dev/null; }
    mkdir -p "$SCHEMA_DIR"
    tmp=$(mktemp -d)
    (cd "$tmp" && npm pack --silent @microsoft/jest-sarif@1.0.0-beta.0 >/dev/null 2>&1 &&
        tar xzf microsoft-jest-sarif-*.tgz package/lib/schemas/sarif-2.1.0-rtm.5.json &&
        cp package/lib/schemas/sarif-2.1.0-rtm.5.json "$SCHEMA_DIR/sarif-2.1.0.json") ||
        echo "racehunt: could not fetch the SARIF schema; the format test will fail" >&2
    rm -rf "$tmp"
fi
