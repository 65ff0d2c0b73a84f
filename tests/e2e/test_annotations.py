#!/usr/bin/env python3
"""test_annotations.py - code annotated for ThreadSanitizer or Helgrind needs
no change: races the annotations call benign or ignored are found and
reported as suppressed, with the annotation as the reason (JSON "suppressed",
counts, text summary, SARIF run counts, HTML), never dropped; races next to
them are still reported; what an engine cannot pin down stays reported; and
every Helgrind request racehunt models is read by the front end (no inline
assembly left for the static engine).

Programs are tests/programs/{tsan,helgrind}_*.c (the harness checks their
verdicts and lines per engine) and small ones written here.  Programs that
include <valgrind/helgrind.h> are skipped, with a message, when Debian's
valgrind package is not installed (scripts/install-deps.sh installs it)."""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import harness  # noqa: E402
import suite  # noqa: E402

PROGS = os.path.join(harness.ROOT, "tests", "programs")
HAVE_HELGRIND = os.path.exists("/usr/include/valgrind/helgrind.h")
check = suite.Checks()
RH = None


def run(engine, prog, *extra, fmt="json", timeout=20):
    cmd = [RH, "--engine=" + engine, "--format=" + fmt, "--timeout=%d" % timeout] + list(extra) + [prog]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout * 3 + 30)
    if fmt != "json":
        return p, None
    try:
        return p, json.loads(p.stdout)
    except ValueError:
        return p, {"races": [], "counts": {}, "notes": [], "bad": p.stdout[-300:] + p.stderr[-300:]}


def line_of(prog, text):
    """The line of prog holding text (the annotation call a reason names)."""
    with open(prog) as f:
        for n, line in enumerate(f, 1):
            if text in line:
                return n
    raise SystemExit("%s has no line with %r" % (prog, text))


def by_line(doc, line):
    """The races one of whose accesses is on line."""
    return [r for r in doc.get("races", []) if any(a["line"] == line for a in r["accesses"])]


def suppressed_by(races, reason):
    return bool(races) and all(r.get("suppressed", {}).get("kind") == "annotation"
                               and r["suppressed"].get("by", "").startswith(reason) for r in races)


def shown(races):
    return bool(races) and all("suppressed" not in r for r in races)


def prog(name):
    return os.path.join(PROGS, name + ".c")


def test_benign_sized_static():
    p = prog("tsan_benign_race_sized_race")
    proc, doc = run("static", p)
    at = line_of(p, "AnnotateBenignRaceSized(__FILE__")
    races = by_line(doc, line_of(p, "stats++"))
    check("static: benign-sized race found and suppressed by 'AnnotateBenignRaceSized at FILE:%d'" % at,
          suppressed_by(races, "AnnotateBenignRaceSized at ") and races[0]["suppressed"]["by"].endswith(":%d" % at),
          doc)
    check("static: counts say 0 reported, 1 suppressed",
          doc["counts"].get("reported") == 0 and doc["counts"].get("suppressed") == 1, doc["counts"])
    check("static: verdict race (the benign race is real), exit 0 (every race suppressed)",
          doc.get("verdict") == "race" and proc.returncode == 0, (doc.get("verdict"), proc.returncode))
    proc, _ = run("static", p, fmt="text")
    check("text summary counts the suppressed race", "0 races reported, 1 suppressed" in proc.stdout,
          proc.stdout[-300:])


def test_benign_next_to_real(engine, extra=()):
    p = prog("tsan_benign_next_to_real_race")
    proc, doc = run(engine, p, *extra)
    hits, total = by_line(doc, line_of(p, "c.hits++")), by_line(doc, line_of(p, "c.total += 2"))
    at = line_of(p, "AnnotateBenignRace(__FILE__")
    check("%s: race on the benign 'hits' suppressed by AnnotateBenignRace at line %d" % (engine, at),
          suppressed_by(hits, "AnnotateBenignRace at ") and hits[0]["suppressed"]["by"].endswith(":%d" % at),
          [r.get("suppressed") for r in hits] or doc.get("bad"))
    check("%s: race on the unannotated 'total' next to it reported" % engine, shown(total),
          [r.get("suppressed") for r in total])
    check("%s: exit 1 (a race is reported)" % engine, proc.returncode == 1, proc.returncode)
    return p


def test_bmc_benign():
    p = prog("tsan_benign_next_to_real_race")
    proc, doc = run("bmc", p, timeout=30)
    check("bmc: no race reported on the benign 'hits' (excluded from the race monitor)",
          not by_line(doc, line_of(p, "c.hits++")), by_line(doc, line_of(p, "c.hits++")))
    check("bmc: the unannotated race on 'total' found", shown(by_line(doc, line_of(p, "c.total += 2"))),
          doc.get("notes"))
    check("bmc: the benign annotation gives up the proof, with a note",
          any("benign-race annotation" in n for n in doc.get("notes", [])), doc.get("notes"))


def test_bmc_ignore_and_forget():
    p = prog("tsan_ignore_reads_race")
    proc, doc = run("bmc", p, timeout=30)
    check("bmc: no race reported with the ignored read", not by_line(doc, line_of(p, "int p = progress")),
          by_line(doc, line_of(p, "int p = progress")))
    check("bmc: the read after the ignore region races", shown(by_line(doc, line_of(p, "int e = errors"))),
          doc.get("notes"))
    if HAVE_HELGRIND:
        p = prog("helgrind_clean_memory_reuse_race")
        proc, doc = run("bmc", p, timeout=30)
        check("bmc: VALGRIND_HG_CLEAN_MEMORY hides no later race, and gives up the proof",
              shown(by_line(doc, line_of(p, "buf[1] ="))) and
              any("new-memory annotation" in n for n in doc.get("notes", [])), doc.get("notes"))


def test_ignore(engine, name, begin, lines, also_shown=None):
    p = prog(name)
    proc, doc = run(engine, p)
    for text in lines:
        races = by_line(doc, line_of(p, text))
        check("%s %s: race on '%s' suppressed by %s" % (engine, name, text, begin),
              suppressed_by(races, begin + " at "), [r.get("suppressed") for r in races] or doc.get("notes"))
    if also_shown:
        races = by_line(doc, line_of(p, also_shown))
        check("%s %s: race of '%s' after the region reported" % (engine, name, also_shown), shown(races),
              [r.get("suppressed") for r in races])


def test_ignore_writes_static():
    p = prog("tsan_ignore_writes_race")
    proc, doc = run("static", p)
    races = doc.get("races", [])
    check("static: the write-write race in two ignore regions is suppressed by one of them",
          races and all(r.get("suppressed", {}).get("by", "").split(" at ")[0]
                        in ("AnnotateIgnoreWritesBegin", "__tsan_ignore_thread_begin") for r in races), races)


def test_helgrind_benign(engine):
    p = prog("helgrind_benign_race_sized_race")
    proc, doc = run(engine, p)
    at = line_of(p, "ANNOTATE_BENIGN_RACE_SIZED(")
    stats, hits = by_line(doc, line_of(p, "stats++")), by_line(doc, line_of(p, "hits++"))
    check("%s: ANNOTATE_BENIGN_RACE_SIZED's race suppressed by VALGRIND_HG_DISABLE_CHECKING at line %d"
          % (engine, at), suppressed_by(stats, "VALGRIND_HG_DISABLE_CHECKING at ")
          and stats[0]["suppressed"]["by"].endswith(":%d" % at), [r.get("suppressed") for r in stats])
    check("%s: the unannotated race on 'hits' reported" % engine, shown(hits), hits)
    check("%s: counts 1 reported, 1 suppressed" % engine,
          doc["counts"].get("reported") == 1 and doc["counts"].get("suppressed") == 1, doc["counts"])


def test_formats():
    p = prog("tsan_benign_next_to_real_race")
    with tempfile.TemporaryDirectory() as tmp:
        proc, _ = run("static", p, fmt="sarif")
        try:
            props = json.loads(proc.stdout)["runs"][0].get("properties", {})
        except (ValueError, KeyError, IndexError):
            props = {"bad": proc.stdout[-200:]}
        check("SARIF: the run counts the suppressed race", json.dumps(props).find('"suppressed": 1') >= 0, props)
        html = os.path.join(tmp, "r.html")
        subprocess.run([RH, "--engine=static", "--format=html", "-o", html, p], capture_output=True, timeout=60)
        text = open(html).read() if os.path.exists(html) else ""
        check("HTML: the suppressed race names its annotation", "AnnotateBenignRace at" in text, text[-300:])


UNPINNED = r"""
#include <pthread.h>
#include <stdlib.h>
void AnnotateBenignRaceSized(const char *f, int l, const volatile void *m, unsigned long n, const char *d) {}
int *cell;
static void *worker(void *arg) { (void)arg; (*cell)++; return 0; }
int main(void)
{
    cell = malloc(sizeof *cell);
    AnnotateBenignRaceSized(__FILE__, __LINE__, cell, sizeof *cell, "a heap block");
""" + suite.TWO_WORKERS + """    return 0;
}
"""


def test_unpinned_static():
    """A heap object stands for every block of its site: the static engine
    does not let one block's annotation hide races (it says so)."""
    with tempfile.TemporaryDirectory() as tmp:
        p = os.path.join(tmp, "heap_benign.c")
        with open(p, "w") as f:
            f.write(UNPINNED)
        proc, doc = run("static", p, "--may")
        races = doc.get("races", [])
        check("static: a benign annotation on a heap block hides no race", races and shown(races), races)
        check("static: ... and a note says why",
              any("cannot pin down" in n for n in doc.get("notes", [])), doc.get("notes"))
        proc, doc = run("dynamic", p)
        check("dynamic: the run-time range of that block is benign: suppressed",
              suppressed_by(doc.get("races", []), "AnnotateBenignRaceSized at "), doc.get("races"))


ALL_REQUESTS = r"""
#include <pthread.h>
#include <valgrind/helgrind.h>
int m, rw, sem, bar, x;
char buf[16];
static void *worker(void *arg)
{
    (void)arg;
    VALGRIND_HG_MUTEX_LOCK_PRE(&m, 0); VALGRIND_HG_MUTEX_LOCK_POST(&m);
    VALGRIND_HG_MUTEX_UNLOCK_PRE(&m); VALGRIND_HG_MUTEX_UNLOCK_POST(&m);
    ANNOTATE_RWLOCK_ACQUIRED(&rw, 1); ANNOTATE_RWLOCK_RELEASED(&rw, 1);
    ANNOTATE_RWLOCK_ACQUIRED(&rw, 0); ANNOTATE_RWLOCK_RELEASED(&rw, 0);
    VALGRIND_HG_SEM_POST_PRE(&sem); VALGRIND_HG_SEM_WAIT_POST(&sem);
    VALGRIND_HG_BARRIER_WAIT_PRE(&bar);
    ANNOTATE_HAPPENS_BEFORE(&x); ANNOTATE_HAPPENS_AFTER(&x);
    ANNOTATE_IGNORE_READS_BEGIN(); ANNOTATE_IGNORE_READS_END();
    ANNOTATE_IGNORE_WRITES_BEGIN(); ANNOTATE_IGNORE_WRITES_END();
    ANNOTATE_IGNORE_READS_AND_WRITES_BEGIN(); ANNOTATE_IGNORE_READS_AND_WRITES_END();
    ANNOTATE_THREAD_NAME("worker"); ANNOTATE_TRACE_MEMORY(&x); ANNOTATE_FLUSH_STATE();
    ANNOTATE_BENIGN_RACE(&x, "no address reaches Helgrind"); ANNOTATE_EXPECT_RACE(&x, "test");
    ANNOTATE_PUBLISH_MEMORY_RANGE(buf, sizeof buf); ANNOTATE_NO_OP(0);
    return 0;
}
int main(void)
{
    VALGRIND_HG_MUTEX_INIT_POST(&m, 0); ANNOTATE_RWLOCK_CREATE(&rw);
    VALGRIND_HG_SEM_INIT_POST(&sem, 1); VALGRIND_HG_BARRIER_INIT_PRE(&bar, 1, 0);
    VALGRIND_HG_DISABLE_CHECKING(buf, 4); VALGRIND_HG_ENABLE_CHECKING(buf, 4);
    ANNOTATE_BENIGN_RACE_SIZED(buf, 8, "b"); ANNOTATE_NEW_MEMORY(buf, 8);
    VALGRIND_HG_CLEAN_MEMORY(buf, sizeof buf);
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    VALGRIND_HG_MUTEX_DESTROY_PRE(&m); ANNOTATE_RWLOCK_DESTROY(&rw);
    VALGRIND_HG_SEM_DESTROY_PRE(&sem); VALGRIND_HG_BARRIER_DESTROY_PRE(&bar);
    return 0;
}
"""

EXPECTED_OPS = [
    ("lock", "VALGRIND_HG_MUTEX_LOCK_POST"), ("unlock", "VALGRIND_HG_MUTEX_UNLOCK_PRE"),
    ("lock", "ANNOTATE_RWLOCK_ACQUIRED.w"), ("lock shared", "ANNOTATE_RWLOCK_ACQUIRED.r"),
    ("unlock", "ANNOTATE_RWLOCK_RELEASED"), ("sem-post", "VALGRIND_HG_SEM_POST_PRE"),
    ("sem-wait", "VALGRIND_HG_SEM_WAIT_POST"), ("barrier-wait", "VALGRIND_HG_BARRIER_WAIT_PRE"),
    ("hb-release", "ANNOTATE_HAPPENS_BEFORE"), ("hb-acquire", "ANNOTATE_HAPPENS_AFTER"),
    ("ignore-begin", "ANNOTATE_IGNORE_READS_BEGIN"), ("ignore-end", "ANNOTATE_IGNORE_READS_END"),
    ("ignore-begin", "ANNOTATE_IGNORE_WRITES_BEGIN"), ("ignore-end", "ANNOTATE_IGNORE_WRITES_END"),
    ("sem-init", "VALGRIND_HG_SEM_INIT_POST"), ("barrier-init", "VALGRIND_HG_BARRIER_INIT_PRE"),
    ("benign", "VALGRIND_HG_DISABLE_CHECKING"), ("forget", "VALGRIND_HG_ENABLE_CHECKING"),
    ("forget", "VALGRIND_HG_CLEAN_MEMORY"),
]


def test_all_requests_read():
    """The request codes of the table are helgrind.h's: each macro becomes
    the operation it announces, and no assembly is left."""
    with tempfile.TemporaryDirectory() as tmp:
        p = os.path.join(tmp, "all_requests.c")
        with open(p, "w") as f:
            f.write(ALL_REQUESTS)
        dump = subprocess.run([RH, "--dump-model", p], capture_output=True, text=True, timeout=60).stdout
        for op, name in EXPECTED_OPS:
            check("front end reads %s as %s" % (name, op), re.search(r" %s( [a-z]+)* %s\n" % (re.escape(op), re.escape(name)), dump),
                  dump[-400:])
        proc, doc = run("static", p)
        check("static: no inline assembly left (every request read)",
              not any("inline assembly" in n for n in doc.get("notes", [])), doc.get("notes"))


UNKNOWN_REQUEST = r"""
#include <pthread.h>
#include <valgrind/helgrind.h>
int flag, data;
static void *worker(void *arg) { (void)arg; data = 1; ANNOTATE_HAPPENS_BEFORE(&flag); return 0; }
int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    ANNOTATE_HAPPENS_BEFORE_FORGET_ALL(&flag);
    pthread_join(t, 0);
    return data;
}
"""


def test_unmodelled_request():
    """A request the table does not know (forget-all) stays assembly: no
    proof from static, an unmodelled call for the runtime."""
    with tempfile.TemporaryDirectory() as tmp:
        p = os.path.join(tmp, "forget_all.c")
        with open(p, "w") as f:
            f.write(UNKNOWN_REQUEST)
        proc, doc = run("static", p)
        check("static: an unknown Helgrind request is inline assembly, no proof",
              doc.get("verdict") == "unknown" and any("inline assembly" in n for n in doc.get("notes", [])),
              (doc.get("verdict"), doc.get("notes")))


def test_auto():
    p = prog("tsan_benign_next_to_real_race")
    proc, doc = run("auto", p, timeout=20)
    hits, total = by_line(doc, line_of(p, "c.hits++")), by_line(doc, line_of(p, "c.total += 2"))
    check("auto: merged records keep the annotation's suppression", suppressed_by(hits, "AnnotateBenignRace at "),
          hits)
    check("auto: the unannotated race reported", shown(total), total)
    check("auto: counts 1 reported, 1 suppressed",
          doc["counts"].get("reported") == 1 and doc["counts"].get("suppressed") == 1, doc["counts"])


def main():
    global RH
    RH = suite.racehunt_arg()
    test_benign_sized_static()
    test_benign_next_to_real("static")
    test_benign_next_to_real("dynamic")
    test_bmc_benign()
    test_bmc_ignore_and_forget()
    test_ignore("static", "tsan_ignore_reads_race", "AnnotateIgnoreReadsBegin", ["int p = progress"],
                also_shown="int e = errors")
    test_ignore("dynamic", "tsan_ignore_reads_race", "AnnotateIgnoreReadsBegin", ["int p = progress"],
                also_shown="int e = errors")
    test_ignore_writes_static()
    test_formats()
    test_unpinned_static()
    if not HAVE_HELGRIND:
        print("skip: the Helgrind checks need <valgrind/helgrind.h> (apt-get install valgrind)")
    else:
        test_helgrind_benign("static")
        test_helgrind_benign("dynamic")
        test_ignore("static", "helgrind_ignore_reads_race", "ANNOTATE_IGNORE_READS_BEGIN", ["int p = progress"])
        test_ignore("dynamic", "helgrind_ignore_reads_race", "ANNOTATE_IGNORE_READS_BEGIN", ["int p = progress"])
        test_all_requests_read()
        test_unmodelled_request()
    test_auto()
    check.finish()


if __name__ == "__main__":
    main()
