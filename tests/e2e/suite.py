"""suite.py - what the end-to-end suites share: where the repository is and
named checks that print one line each and decide the suite's exit status.

Every suite is a script test_NAME.py that ctest runs as
    python3 tests/e2e/test_NAME.py --racehunt BUILD/racehunt
and that exits 0 when every check passed.  The suites over annotated test
programs use harness.py on top of this module.
"""
import argparse
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# The smallest racy program: main and one thread both increment counter (lines 3 and 7).
RACY_COUNTER = """#include <pthread.h>
int counter;
void *worker(void *arg) { counter++; return arg; }
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    counter++;
    pthread_join(t, 0);
    return 0;
}
"""

# The end of a main that runs worker in two threads and waits for both
# (the programs that follow it go on with their return).
TWO_WORKERS = """    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
"""


def racehunt_arg():
    """The racehunt a suite checks (its --racehunt BUILD/racehunt argument), as an absolute path."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--racehunt", required=True)
    return os.path.abspath(ap.parse_args().racehunt)


def run_parts(racehunt, parts):
    """Runs each part(racehunt, DIR) of a suite in a fresh directory of its own (named after
    the part, removed at the end)."""
    with tempfile.TemporaryDirectory() as tmp:
        for part in parts:
            sub = os.path.join(tmp, part.__name__)
            os.mkdir(sub)
            part(racehunt, sub)


def sanitized(racehunt):
    """Whether racehunt was built with RH_SANITIZE=ON (its CMakeCache.txt says so): the
    suites that time racehunt give such a build smaller programs or more time."""
    cache = os.path.join(os.path.dirname(os.path.abspath(racehunt)), "CMakeCache.txt")
    try:
        with open(cache) as f:
            return any(line.strip() == "RH_SANITIZE:BOOL=ON" for line in f)
    except OSError:
        return False


class Checks:
    """Named checks: each call prints `ok   NAME` or `FAIL NAME: DETAIL` at once (so that a
    suite killed later still shows how far it got) and returns the condition; finish()
    prints the count and exits 1 when any check failed."""

    def __init__(self, title=""):
        self.title = title
        self.failures = []

    def __call__(self, name, cond, detail=""):
        print("%s %s%s" % ("ok  " if cond else "FAIL", name, "" if cond else ": " + str(detail)[:800]),
              flush=True)
        if not cond:
            self.failures.append(name)
        return bool(cond)

    def finish(self):
        print("%s%d failure(s)" % (self.title + ": " if self.title else "", len(self.failures)))
        sys.exit(1 if self.failures else 0)


def headless_chromium(tmp):
    """The command that runs Chromium headless with a profile in tmp (add --dump-dom or
    --screenshot and the page), or None when no Chromium is installed."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return [shutil.which(name), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", "--user-data-dir=" + os.path.join(tmp, "profile")]
    return None
