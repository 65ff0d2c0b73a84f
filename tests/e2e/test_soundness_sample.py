#!/usr/bin/env python3
"""test_soundness_sample.py - a fixed-seed sample of the soundness campaign (bench/soundness.py).

Mutants of the race-free test programs (tests/programs, tests/bmc, tests/dynamic without a
RACE line) and of one program with a site for every operator: up to 2 per program, at
least 200 in all (about 490).  Each is run with the static engine and
bmc under small budgets; every mutant an engine proves race-free is searched for a race by the
bmc witness and the dynamic engine, and a race that `racehunt replay` confirms on a proved
mutant fails the test (a soundness bug).  In the sanitizer build (about 3x slower) the sample
keeps 1 mutant per program (about 270 mutants).
"""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "bench"))

import mutants    # noqa: E402
import soundness  # noqa: E402
import suite  # noqa: E402

MIN_MUTANTS = 200

# One race-free program with a site for every mutation operator.
EVERY_SITE = r"""#include <pthread.h>
#include <semaphore.h>
#include <stdatomic.h>

#define N 4
int data[N], x, y, z;
atomic_int hits;
long ops;
pthread_mutex_t m[N];
pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
sem_t ready;

void *worker(void *arg)
{
    (void)arg;
    for (int i = 0; i < N; i++) {
        pthread_mutex_lock(&m[i]);
        data[i]++;
        pthread_mutex_unlock(&m[i]);
    }
    pthread_mutex_lock(&a);
    x++;
    y = x;
    pthread_mutex_unlock(&a);
    pthread_mutex_lock(&b);
    z--;
    pthread_mutex_unlock(&b);
    atomic_fetch_add(&hits, 1);
    __atomic_fetch_add(&ops, 1, __ATOMIC_RELAXED);
    sem_wait(&ready);
    return 0;
}

int main(void)
{
    pthread_t t[2];
    int id[2] = {0, 1};
    sem_init(&ready, 0, 0);
    x = 1;
    pthread_create(&t[0], 0, worker, &id[0]);
    pthread_create(&t[1], 0, worker, &id[1]);
    sem_post(&ready);
    sem_post(&ready);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    y = x + z;
    x = 0;
    return 0;
}
"""


def check_operators(tmp):
    """Every operator finds its site in EVERY_SITE and gives a mutant that compiles."""
    text, good, failures = EVERY_SITE, set(), []
    path = os.path.join(tmp, "every_site.c")
    for m in mutants.generate(text):
        with open(path, "w") as f:
            f.write(mutants.apply(text, m.edits))
        if subprocess.run(["clang-16", "-fsyntax-only", "-w", path], capture_output=True).returncode == 0:
            good.add(m.op)
    for op in mutants.OPERATORS:
        ok = op in good
        print("%s operator %s gives a compiling mutant" % ("ok  " if ok else "FAIL", op))
        if not ok:
            failures.append(op)
    return failures


def main():
    rh = suite.racehunt_arg()
    asan = suite.sanitized(rh)
    with tempfile.TemporaryDirectory() as tmp:
        if check_operators(tmp):
            return 1
        every_site = os.path.join(tmp, "every_site.c")   # written by check_operators
        with open(every_site, "w") as f:
            f.write(EVERY_SITE)
        results = os.path.join(tmp, "results.jsonl")
        rc = soundness.main([
            "--racehunt", rh, "--sources", "tests", "--program", every_site, "--seed", "18",
            "--per-program", "1" if asan else "2", "--no-score", "-j", "2", "-q",
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
