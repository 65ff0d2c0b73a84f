#!/bin/sh
# Checks every tests/programs/*.c: strict gcc build, clang-16 syntax check, 3 plain runs (exit 0,
# timeout 5 s), then RUNS ThreadSanitizer runs comparing the lines TSan blames with the // RACE lines.
# Usage: tests/programs/verify.sh [RUNS]   (needs gcc with libtsan, clang-16; writes only to a temp dir)
set -u
RUNS=${1:-5}
DIR=$(cd "$(dirname "$0")" && pwd)
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
fail=0

for src in "$DIR"/*.c; do
    name=$(basename "$src" .c)
    file=$(basename "$src")
    # inline_*: plain C99 `inline` definitions, as gcc-era code compiled with GNU89 inline meant them
    flags=""
    case $name in inline_*) flags="-fgnu89-inline" ;; esac
    if ! gcc -std=gnu11 $flags -Wall -Wextra -Werror -pthread -g "$src" -o "$OUT/$name" 2>"$OUT/err"; then
        echo "FAIL $name: gcc"; cat "$OUT/err"; fail=1; continue
    fi
    if ! clang-16 -std=gnu11 $flags -fsyntax-only -Wall -Wextra "$src" 2>"$OUT/err" || [ -s "$OUT/err" ]; then
        echo "FAIL $name: clang-16"; cat "$OUT/err"; fail=1
    fi
    for i in 1 2 3; do
        if ! timeout 5 "$OUT/$name" >/dev/null 2>&1; then
            echo "FAIL $name: run $i exited $?"; fail=1
        fi
    done

    annotated=$(grep -n '// RACE$' "$src" | cut -d: -f1 | sort -n | tr '\n' ' ')
    case $name in
    c11_threads_*) echo "ok   $name (TSan skipped: libtsan crashes on <threads.h>) race=[${annotated}]"; continue ;;
    c11_fence_*) echo "ok   $name (TSan skipped: it does not model atomic_thread_fence) race=[${annotated}]"; continue ;;
    verifier_atomic_*) echo "ok   $name (TSan skipped: SV-COMP atomic sections are not C11 atomics) race=[${annotated}]"; continue ;;
    c11_cnd_timedwait_timeout_race|c11_mtx_timedlock_timeout_race) ;; # C11 locks, pthread_create threads: TSan copes
    c11_tss_*|c11_cnd_*|c11_call_once_*|c11_mtx_trylock_*|c11_mtx_timedlock_*)
        echo "ok   $name (TSan skipped: libtsan crashes on <threads.h>) race=[${annotated}]"; continue ;;
    clockjoin_*|mutex_clocklock_norace|rwlock_clock_*|sem_clockwait_norace)
        echo "ok   $name (TSan skipped: gcc 12's libtsan does not intercept the clock waits) race=[${annotated}]"; continue ;;
    robust_takeover_*|sync_synchronize_fences_*|fork_child_*|tsan_*|helgrind_annotate_happens_before_*)
        echo "ok   $name (TSan skipped: TSan does not model this synchronisation, see README.md) race=[${annotated}]"; continue ;;
    esac
    gcc -std=gnu11 $flags -fsanitize=thread -g -O0 -pthread "$src" -o "$OUT/$name.tsan" || { fail=1; continue; }
    hits=0
    : >"$OUT/lines"
    for i in $(seq "$RUNS"); do
        timeout 20 "$OUT/$name.tsan" >/dev/null 2>"$OUT/tsan.log"
        grep -q 'WARNING: ThreadSanitizer' "$OUT/tsan.log" && hits=$((hits + 1))
        # first frame inside the program for each access stack of each report
        awk -v f="/$file:" '
            /^  (Previous )?([Aa]tomic )?([Rr]ead|[Ww]rite) of size/ { want = 1; next }
            want && index($0, f) { sub(/.*:/, ""); sub(/ .*/, ""); print; want = 0 }
            /^$/ { want = 0 }' "$OUT/tsan.log" >>"$OUT/lines"
    done
    blamed=$(sort -un "$OUT/lines" | tr '\n' ' ')
    if [ -z "$annotated" ]; then
        if [ "$hits" -ne 0 ]; then echo "FAIL $name: race-free but TSan reported lines [$blamed]"; fail=1
        else echo "ok   $name race-free, TSan silent"; fi
    elif [ "$blamed" = "$annotated" ]; then
        echo "ok   $name racy, TSan $hits/$RUNS, lines [$blamed]"
    else
        echo "NOTE $name racy, TSan $hits/$RUNS, blamed [$blamed] annotated [$annotated]"
    fi
done
exit $fail
