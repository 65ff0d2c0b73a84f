#!/usr/bin/env bash
# Installs racehunt's build and test dependencies from Debian's packages.
# Idempotent: packages already present are not fetched again, and apt-get
# update runs only when something is missing.
set -euo pipefail

PACKAGES="cmake make gcc clang-16 llvm-16-dev libz3-dev libjansson-dev libyaml-dev
python3 gcc-multilib libc6-dev-i386 valgrind"

missing=""
for p in $PACKAGES; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    echo "racehunt: installing$missing"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi
