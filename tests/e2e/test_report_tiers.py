#!/usr/bin/env python3
"""test_report_tiers.py - what the default report shows (result/tier.h,
doc/report.md) and how it names things, on the annotated programs of
tests/e2e/data/report_tiers:

- tiers_undefined_race.c, default command (no run can confirm: a function
  no input defines): the must-race and the lock-free may-race are listed
  as likely with their reason, only on RACE lines; the may-race with a lock
  on one side is not listed but counted on the summary line with the
  command that lists it (and a result with only possible candidates never
  says "0 memory locations"); --may lists it as possible; SARIF levels and HTML
  statuses follow the tier; the verdict line names the one assumption;
- heap_account_race.c, dynamic engine: the heap object by allocation line,
  the field by its debug-information name and bytes, the heap mutex by its field,
  the free as a free of that object, the thread created in a helper with
  its creation stack, no address anywhere, byte-identical reports for one
  seed;
- global_slots_race.c, dynamic engine: memory and a mutex in a global array
  reached through a pointer a function returns are named by the global and
  the bytes in it, not "memory racehunt cannot name";
- flag_publication_race.c, dynamic engine, three seeds: a message's fields
  published by a plain flag race, and each is said to be ordered only by the
  racing read of the flag (its line), listed after the races that are not;
  the flag's race and a counter's race of its own are not said to be; the
  text report says so under the location;
- a race seen across a call the runtime does not model (evidence "seen",
  rendered from a JSON report) is likely with the call as its reason, in
  every format, and never makes the verdict;
- several assumptions are counted on the verdict line, listed in a note;
- main_stats_undefined_race.c, static engine with --may: main's own code
  reading by name counters its workers write (plainly, under a lock it does
  not take, atomically, a field of a heap object under the object's lock) and writing a volatile stop flag they poll, and two
  workers updating a counter with no lock, are likely may-races, each with the evidence it stands on; main reading in a
  helper the workers run too, and main writing a plain setting they read,
  stay possible, and so does main's read of a counter after its join loop
  (a join may have run before it); every likely line is a RACE line; and on the look-alike
  tests/programs/main_reads_worker_counters_norace.c (reads after the join
  or under the common lock, a setting written before the create, a
  thread-local counter) nothing is listed;
- creator_child_undefined_race.c, static engine with --may: a heap object
  a coordinator writes after creating its own child while the child polls
  it with no lock, localtime called by two workers (one with no lock), and
  main reading a volatile counter in a helper the writer runs too are
  likely, each with its evidence; the job's setup before the create, the
  counter both touch under the job's lock and everything after the join
  are not likely (no likely location touches a NORACE line), and strerror
  called the same way, whose buffer glibc keeps per thread, is not listed."""
import copy
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DATA = os.path.join("tests", "e2e", "data", "report_tiers")
TIERS = os.path.join(DATA, "tiers_undefined_race.c")
HEAP = os.path.join(DATA, "heap_account_race.c")
REGISTERS = os.path.join(DATA, "register_fields_race.c")
SLOTS = os.path.join(DATA, "global_slots_race.c")
STATS = os.path.join(DATA, "global_struct_field_race.c")
UNDEF = os.path.join("tests", "e2e", "data", "undefined", "undefined_lookup_own_locals_norace.c")
MAIN_STATS = os.path.join(DATA, "main_stats_undefined_race.c")
MAIN_STATS_NORACE = os.path.join("tests", "programs", "main_reads_worker_counters_norace.c")
CREATOR = os.path.join(DATA, "creator_child_undefined_race.c")
FLAG = os.path.join(DATA, "flag_publication_race.c")
sys.path.insert(0, HERE)
from harness import annotations  # noqa: E402
import suite  # noqa: E402

check = suite.Checks("report tiers")
RH = None


def run(*args):
    return subprocess.run([RH] + list(args), capture_output=True, text=True, cwd=ROOT, timeout=300)


def line_of(path, text):
    with open(os.path.join(ROOT, path)) as f:
        for n, line in enumerate(f, 1):
            if text in line:
                return n
    raise ValueError(text)


def group_lines(g):
    return {a["line"] for a in g["accesses"]}


def test_default_tiers(tmp):
    race, _ = annotations(os.path.join(ROOT, TIERS))
    p = run("--format=json", "--timeout=20", TIERS)
    doc = json.loads(p.stdout)
    # text and HTML are rendered from this run's JSON: one run of the default
    # command, which waits out most of its budget, serves every format
    default_json = os.path.join(tmp, "default.json")
    with open(default_json, "w") as f:
        f.write(p.stdout)
    by = {g["object"]: g for g in doc["groups"]}
    check("default: hits and total listed, stop not", sorted(by) == ["global 'hits'", "global 'total'"],
          sorted(by))
    check("default: both listed locations are likely with a reason",
          all(g["status"] == "likely" and g["reason"] for g in by.values()), doc["groups"])
    check("default: total's reason says may-race with no lock on either side",
          "global 'total'" in by and "may-race" in by["global 'total'"]["reason"]
          and "no lock on either side" in by["global 'total'"]["reason"], by.get("global 'total'"))
    check("default: every race record carries its tier",
          all(r["status"] in ("likely", "confirmed") and r.get("status_reason") for r in doc["races"]),
          doc["races"])
    check("default: listed lines are RACE lines", set().union(*map(group_lines, by.values())) <= race,
          (by, race))
    check("default: the possible location is counted in JSON",
          doc["counts"]["possible_locations_not_listed"] == 1 and doc["counts"]["possible_not_listed"] == 1
          and doc["counts"]["locations_likely"] == 2, doc["counts"])
    check("default: verdict and exit code as before (a must-race: race, 1)",
          doc["verdict"] == "race" and p.returncode == 1, (doc["verdict"], p.returncode))
    text = run("--from-report", default_json, TIERS).stdout
    last = text.splitlines()[-1]
    check("text: summary counts the possible race with the command that lists it",
          "racehunt: 2 memory locations (0 confirmed, 2 likely, 0 possible)" in last
          and "1 possible race at 1 more memory location not listed (list them with racehunt --may "
              + TIERS + ")" in last, last)
    check("text: likely in WARNING lines, a reason each",
          text.count("WARNING: racehunt: likely data race") == 2 and text.count("Why not confirmed:") == 2,
          text[:1500])
    check("text: verdict line names the one assumption",
          "assuming 'audit_log' touches only memory reachable from its arguments" in last, last)
    may_run = run("--format=json", "--timeout=20", "--may", TIERS)
    may = json.loads(may_run.stdout)
    may_json = os.path.join(tmp, "may.json")
    with open(may_json, "w") as f:
        f.write(may_run.stdout)
    st = {g["object"]: g["status"] for g in may["groups"]}
    check("--may: stop listed as possible (one side holds a lock)", st.get("global 'stop'") == "possible"
          and "holds a lock" in [g for g in may["groups"] if g["object"] == "global 'stop'"][0]["reason"]
          and may["counts"]["possible_locations_not_listed"] == 0, may["groups"])
    only_possible = copy.deepcopy(may)
    only_possible.pop("groups")
    only_possible["races"] = [r for r in only_possible["races"] if r["object"] == "global 'stop'"]
    only_possible["verdict"] = "unknown"
    for r in only_possible["races"]:
        r.pop("group", None)
    path = os.path.join(tmp, "possible.json")
    json.dump(only_possible, open(path, "w"))
    last = run("--from-report", path).stdout.splitlines()[-1]
    check("text: only possible candidates never print '0 memory locations'",
          last.startswith("racehunt: no confirmed or likely race; 0 races reported; 1 possible race at "
                          "1 more memory location not listed") and "0 memory locations" not in last, last)
    sarif = json.loads(run("--format=sarif", "--may", "--from-report", may_json).stdout)["runs"][0]["results"]
    levels = sorted((r["properties"]["status"], r["level"]) for r in sarif)
    check("sarif: likely is a warning, possible a note",
          levels == [("likely", "warning"), ("likely", "warning"), ("possible", "note")], levels)
    html = run("--format=html", "--from-report", default_json).stdout
    cards = re.findall(r'<details class="group" id="g\d"[^>]*data-status="(\w+)"', html)
    check("html: two likely cards and the possible count", cards == ["likely", "likely"]
          and 'id="possible"' in html and "racehunt --may" in html, cards)


def test_heap_names(tmp):
    args = ["--engine=dynamic", "--seed=3", "--timeout=30", HEAP]
    doc = json.loads(run("--format=json", *args).stdout)
    alloc_acc = line_of(HEAP, "acc = calloc")
    alloc_msg = line_of(HEAP, "m = calloc")
    balance = [r for r in doc["races"] if {a["line"] for a in r["accesses"]} ==
               {line_of(HEAP, "acc->balance += 10"), line_of(HEAP, "seen = acc->balance")}]
    check("dynamic: the field race is found", len(balance) == 1, doc["races"])
    if balance:
        r = balance[0]
        check("dynamic: heap object named by its allocation line, the field by name and bytes",
              r["object"] == "heap object allocated at %s:%d:11, field 'balance'" % (HEAP, alloc_acc)
              and r["offset"] == [40, 48], (r["object"], r["offset"]))
        locks = [lk for a in r["accesses"] for lk in a["locks"]]
        check("dynamic: the heap mutex named by its field", locks == ["mutex 'acc->lock'"], locks)
    freed = [r for r in doc["races"] if line_of(HEAP, "free(m)") in {a["line"] for a in r["accesses"]}]
    check("dynamic: the free race is found", len(freed) == 1, doc["races"])
    if freed:
        ops = [a.get("operation") for a in freed[0]["accesses"]]
        read = [a for a in freed[0]["accesses"] if a["kind"] == "read"]
        check("dynamic: the free is an operation 'free', the read keeps its own size",
              "free" in ops and read and read[0]["size"] == 8, freed[0]["accesses"])
        check("dynamic: the freed object is the message's allocation",
              freed[0]["object"].startswith("heap object allocated at %s:%d:" % (HEAP, alloc_msg)),
              freed[0]["object"])
        wit = freed[0].get("witness") or {"steps": []}
        at_free = [s["what"] for s in wit["steps"] if s["line"] == line_of(HEAP, "free(m)")]
        check("dynamic: the witness's step at the free says 'free'", at_free[-1:] == ["free"], wit["steps"])
    text = run(*args).stdout
    check("text: a free is reported as a free of the heap object",  # "Free of" when it is the later access
          re.search(r"[Ff]ree of heap object allocated at %s:%d:" % (re.escape(HEAP), alloc_msg), text),
          text[:2500])
    check("text: the helper-created thread shows its creation stack",
          "created by T0 at %s:%d:5 in start_reader, called from main at %s:%d:5"
          % (HEAP, line_of(HEAP, "pthread_create(&reader_thread"), HEAP, line_of(HEAP, "start_reader(m)"))
          in text, text[:2500])
    check("text: no address in the report", not re.search(r"0x[0-9a-f]{4,}", text),
          re.findall(r".*0x[0-9a-f]{4,}.*", text)[:3])
    again = run(*args).stdout
    check("text: byte-identical for one seed", again == text)


def test_global_names(tmp):
    doc = json.loads(run("--format=json", "--engine=dynamic", "--seed=3", "--timeout=30", SLOTS).stdout)
    want = {line_of(SLOTS, "s->hits++"), line_of(SLOTS, "seen = slot_for(6)->hits")}
    hits = [r for r in doc["races"] if {a["line"] for a in r["accesses"]} == want]
    check("dynamic: the race on a slot of the global table is found", len(hits) == 1, doc["races"])
    if hits:
        r = hits[0]
        # slot 6 % 4 = 2 of 48-byte slots, hits after the 40-byte mutex
        check("dynamic: memory reached through a pointer is named by its global, field and bytes",
              r["object"] == "global 'slots', field 'hits'" and r["offset"] == [136, 144],
              (r["object"], r["offset"]))
        locks = [lk for a in r["accesses"] for lk in a["locks"]]
        check("dynamic: the slot's mutex is named by the global it lies in",
              len(locks) == 1 and locks[0].endswith("at byte 96 of global 'slots'"), locks)
    doc = json.loads(run("--format=json", "--engine=dynamic", "--seed=3", "--timeout=30", STATS).stdout)
    race, _ = annotations(os.path.join(ROOT, STATS))
    check("dynamic: a global struct's field accessed by the variable's name is named by the field",
          [(r["object"], {a["line"] for a in r["accesses"]}) for r in doc["races"]] ==
          [("global 'stats', field 'sent'", race)], [(r["object"], r["accesses"]) for r in doc["races"]])


def test_ordered_by_race():
    race, _ = annotations(os.path.join(ROOT, FLAG))
    flag_read = line_of(FLAG, "while (!ready)")
    by_flag = {n for n in race if "ordered by the flag" in open(os.path.join(ROOT, FLAG)).read().splitlines()[n - 1]}
    for seed in ("1", "2", "3"):
        doc = json.loads(run("--format=json", "--engine=dynamic", "--seed=" + seed, "--timeout=30", FLAG).stdout)
        groups = doc["races"]
        lines = set().union(*(group_lines(g) for g in groups)) if groups else set()
        check("ordered-by (seed %s): every race on a RACE line, all found" % seed, lines == race, (lines, race))
        ordered = [g for g in groups if g.get("ordered_by")]
        check("ordered-by (seed %s): the fields are ordered only by the flag's racing read" % seed,
              set().union(*(group_lines(g) for g in ordered)) >= by_flag and
              all(g["ordered_by"].startswith("the racing read of 'ready' at %s:%d:" % (FLAG, flag_read))
                  for g in ordered), [(sorted(group_lines(g)), g.get("ordered_by")) for g in groups])
        check("ordered-by (seed %s): the flag and the counter are races of their own" % seed,
              all(group_lines(g).isdisjoint(by_flag) for g in groups if not g.get("ordered_by")) and
              len(ordered) < len(groups), [(sorted(group_lines(g)), g.get("ordered_by")) for g in groups])
        ranks = [bool(g.get("ordered_by")) for g in groups]
        check("ordered-by (seed %s): listed after the races that order them" % seed, ranks == sorted(ranks), ranks)
    text = run("--engine=dynamic", "--seed=1", "--timeout=30", FLAG).stdout
    check("ordered-by: the text report says it under the location",
          "Ordered only by another race: the racing read of 'ready'" in text, text[-2000:])


def test_register_names(tmp):
    """Pointers kept in registers (parameters, locals the compiler promoted)
    are named by their debug variables: the object's field, the steps, the lock."""
    doc = json.loads(run("--format=json", "--engine=dynamic", "--seed=3", "--timeout=30", REGISTERS).stdout)
    race, _ = annotations(os.path.join(ROOT, REGISTERS))
    by_lines = {frozenset(a["line"] for a in r["accesses"]): r for r in doc["races"]}
    busy = by_lines.get(frozenset({line_of(REGISTERS, "w->pool->busy++"), line_of(REGISTERS, "int busy =")}))
    qlen = by_lines.get(frozenset({line_of(REGISTERS, "pool->queue.len--"), line_of(REGISTERS, "queue.len = 3")}))
    check("registers: both field races found, at RACE lines only", busy and qlen and
          {a["line"] for r in doc["races"] for a in r["accesses"]} <= race, sorted(by_lines, key=sorted))
    if busy and qlen:
        check("registers: the fields by name, the last pointer's member",
              busy["object"].endswith("field 'busy'") and qlen["object"].endswith("field 'queue.len'"),
              (busy["object"], qlen["object"]))
        steps = sorted(s["what"] for r in (busy, qlen) for s in r["witness"]["steps"]
                       if not s["what"].startswith("create"))
        check("registers: witness steps say what the source says", steps == sorted(
              ["read 'pool->busy'", "write 'w->pool->busy'", "write 'pool->queue.len'",
               "read 'pool->queue.len'"]), steps)
        locks = [lk for a in busy["accesses"] for lk in a["locks"]]
        check("registers: the mutex by its field through two pointers", locks == ["mutex 'w->pool->lock'"],
              locks)
    static = json.loads(run("--format=json", "--engine=static", "--may", "--timeout=30", REGISTERS).stdout)
    fields = sorted(g["object"].split(", field ")[-1] for g in static["groups"])
    check("registers: the static engine names the fields its accesses reach exactly",
          fields == ["'busy'", "'queue.len'"], fields)
    held = sorted({lk for r in static["races"] for a in r["accesses"] for lk in a["locks"]})
    check("registers: the static engine names the mutex by its field as a run does",
          held == ["mutex 'w->pool->lock'"], held)


def test_seen_tier(tmp):
    """A race seen across sigwait: likely, its call named, in every format;
    it makes no verdict."""
    doc = json.loads(run("--format=json", "--engine=dynamic", "--seed=3", "--timeout=30", HEAP).stdout)
    rep = copy.deepcopy(doc)
    rep.pop("groups")
    rep["races"] = rep["races"][:1]
    rep["races"][0].pop("group", None)
    rep["races"][0].pop("witness", None)
    rep["races"][0]["evidence"] = "seen"
    rep["races"][0]["caveat"] = "'sigwait' (called at x.c:12) ran between them and may synchronise " \
                                "threads in a way the runtime does not model"
    rep["verdict"] = "unknown"
    path = os.path.join(tmp, "seen.json")
    json.dump(rep, open(path, "w"))
    j = json.loads(run("--from-report", path, "--format=json").stdout)
    check("seen: listed by default as likely", [g["status"] for g in j["groups"]] == ["likely"]
          and j["races"][0]["status"] == "likely", j["groups"])
    check("seen: the reason names the call", "sigwait" in (j["groups"][0]["reason"] or "")
          and "a run showed these accesses unordered" in j["groups"][0]["reason"], j["groups"])
    t = run("--from-report", path)
    check("seen: text says likely, why, and exits 3 (unknown)",
          "likely data race" in t.stdout and "Why not confirmed: a run showed these accesses unordered, "
          "but 'sigwait'" in t.stdout and t.returncode == 3, (t.returncode, t.stdout[-600:]))
    s = json.loads(run("--from-report", path, "--format=sarif").stdout)["runs"][0]["results"]
    check("seen: a SARIF warning", [r["level"] for r in s] == ["warning"], s)
    h = run("--from-report", path, "--format=html").stdout
    check("seen: an HTML likely card", 'data-status="likely"' in h and "sigwait" in h)


def test_assumption_count():
    text = run("--timeout=20", UNDEF).stdout
    last = text.splitlines()[-1]
    check("verdict line counts two assumptions, the note lists them",
          "assuming 2 functions behave as the note starting \"assumption:\" says" in last
          and "'lookup'" not in last and "note: assumption: 'lookup' and 'get_config'" in text, last)


def test_main_stats():
    race, norace = annotations(os.path.join(ROOT, MAIN_STATS))
    doc = json.loads(run("--format=json", "--timeout=20", "--engine=static", "--may", MAIN_STATS).stdout)
    by = {g["object"]: g for g in doc["groups"]}
    heap = [o for o in by if o.startswith("heap object allocated at " + MAIN_STATS)]
    likely = sorted(o if o not in heap else "heap" for o, g in by.items() if g["status"] == "likely")
    check("main stats: the counters main reads and the flag it writes are likely",
          likely == ["global 'all_hits'", "global 'atomic_hits'", "global 'locked_hits'", "global 'plain_hits'",
                     "global 'stop'", "heap"], likely)
    check("main stats: the workers' counter is likely as two instances of one entry",
          "two instances of one thread entry access it by name" in by.get("global 'all_hits'", {}).get("reason", ""),
          by.get("global 'all_hits'"))
    reads = "the main thread, in code no other thread runs, reads it by name with no lock"
    check("main stats: each counter's reason names main's own code and the write it races with",
          all(reads in by[o]["reason"] and "another thread entry writes it" in by[o]["reason"]
              for o in list(by) if by[o]["status"] == "likely" and o not in ("global 'stop'", "global 'all_hits'")),
          [g["reason"] for g in by.values()])
    check("main stats: the stop flag's reason says volatile flag written by main",
          "global 'stop'" in by and "volatile flag" in by["global 'stop'"]["reason"]
          and "writes it by name" in by["global 'stop'"]["reason"], by.get("global 'stop'"))
    check("main stats: main in shared code and main writing a plain setting stay possible",
          by.get("global 'shared_hits'", {}).get("status") == "possible"
          and by.get("global 'setting'", {}).get("status") == "possible", sorted(by))
    check("main stats: every likely line is a RACE line, and main's read after its join loop is not likely",
          set().union(*[group_lines(g) for g in by.values() if g["status"] == "likely"]) <= race
          and by.get("global 'late_hits'", {"status": "possible"})["status"] == "possible", (sorted(by), race))
    check("main stats: a possible location touches a NORACE line only at the counter read after the joins",
          all(not (group_lines(g) & norace) or o == "global 'late_hits'" for o, g in by.items()), sorted(by))
    doc = json.loads(run("--format=json", "--timeout=20", "--engine=static", "--may", MAIN_STATS_NORACE).stdout)
    check("main stats look-alike: nothing listed", doc["groups"] == [] and doc["verdict"] == "race-free",
          (doc["verdict"], doc["groups"]))


def test_creator_child():
    race, norace = annotations(os.path.join(ROOT, CREATOR))
    doc = json.loads(run("--format=json", "--timeout=20", "--engine=static", "--may", CREATOR).stdout)
    likely = [g for g in doc["groups"] if g["status"] == "likely"]
    kinds = sorted(g["object"].split(":")[-2] if g["object"].startswith("heap object") else g["object"]
                   for g in likely)
    job_line = str(line_of(CREATOR, "struct job *j = calloc"))
    check("creator/child: the job, localtime's buffer and the volatile counter are likely",
          kinds == sorted([job_line, "global 'libc: localtime's static struct tm'", "global 'progress'"]), kinds)
    reasons = {g["object"] if not g["object"].startswith("heap") else "job": g["reason"] for g in likely}
    strerror = [g["status"] for g in doc["groups"] if "strerror" in g["object"]]
    check("creator/child: strerror's buffer (glibc keeps it per thread) is not listed", strerror == [], strerror)
    check("creator/child: each reason names its evidence",
          "heap object both accesses name exactly" in reasons.get("job", "")
          and "library's hidden state" in reasons.get("global 'libc: localtime's static struct tm'", "")
          and "volatile variable" in reasons.get("global 'progress'", ""), reasons)
    lines = {a["line"] for r in doc["races"] if r["status"] == "likely" for a in r["accesses"]}
    check("creator/child: every line of a likely race is a RACE line, none a NORACE line",
          lines <= race and not lines & norace, (sorted(lines), sorted(race)))
    stop = line_of(CREATOR, "j->stop = 1;")
    job = [g for g in likely if g["object"].startswith("heap")]
    job_pairs = [sorted(a["line"] for a in r["accesses"]) for r in doc["races"]
                 if r["status"] == "likely" and r["object"].startswith("heap")]
    check("creator/child: the job's likely pair is the stop flag, written after the create",
          len(job) == 1 and job_pairs == [sorted([stop, line_of(CREATOR, "!h->job->stop")])], job_pairs)

POINTER_WRITE = r"""
#include <pthread.h>
int a, b, c;
int *pick;
void *writer(void *arg) {
    *pick = 1;
    c = 1;
    return arg;
}
void *reader(void *arg) {
    return (void *)(long)(a + c);
}
int main(int argc, char **argv) {
    (void)argv;
    pthread_t t1, t2;
    pick = argc > 1 ? &a : &b;
    pthread_create(&t1, 0, writer, 0);
    pthread_create(&t2, 0, reader, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return 0;
}
"""


def test_pointer_write(tmp):
    """A plain write through a pointer that may reach two variables is no
    strong evidence (points-to sets are least sure there): possible, while
    the same write by name is likely."""
    prog = os.path.join(tmp, "pointer_write.c")
    with open(prog, "w") as f:
        f.write(POINTER_WRITE)
    doc = json.loads(run("--engine=static", "--format=json", "--may", prog).stdout)
    st = {g["object"]: (g["status"], g.get("reason", "")) for g in doc.get("groups", [])}
    check("a write by name against another thread's read is likely", st.get("global 'c'", ("",))[0] == "likely",
          st)
    check("a write through a pointer to one of two variables is possible, the reason says why",
          st.get("global 'a'", ("",))[0] == "possible" and "may reach other objects" in st["global 'a'"][1], st)


LOCK_SKIPPED = r"""
#include <pthread.h>
#include <stdlib.h>
struct conn { pthread_mutex_t lock; int error; int pending; };
static void *replier(void *p)
{
    struct conn *c = p;
    pthread_mutex_lock(&c->lock);
    c->error = -5;
    c->pending = 0;
    pthread_mutex_unlock(&c->lock);
    return NULL;
}
static void *waiter(void *p)
{
    struct conn *c = p;
    if (c->error) /* a status checked before taking the lock */
        return NULL;
    pthread_mutex_lock(&c->lock);
    int left = c->pending;
    pthread_mutex_unlock(&c->lock);
    return left ? p : NULL;
}
static void *resetter(void *p)
{
    struct conn *c = p;
    c->pending = 1; /* an unlocked write against the locked ones */
    return NULL;
}
int main(int argc, char **argv)
{
    (void)argv;
    struct conn *c = calloc(1, sizeof *c);
    if (!c)
        return 1;
    pthread_mutex_init(&c->lock, NULL);
    pthread_t a, b, r;
    pthread_create(&a, NULL, replier, c);
    if (argc > 1) /* not on every path: no must-race */
        pthread_create(&b, NULL, waiter, c);
    if (argc > 2)
        pthread_create(&r, NULL, resetter, c);
    pthread_join(a, NULL);
    if (argc > 1)
        pthread_join(b, NULL);
    if (argc > 2)
        pthread_join(r, NULL);
    free(c);
    return 0;
}
"""


def test_lock_skipped(tmp):
    """A heap field one thread writes under a lock and another reads with
    none is likely; an unlocked write against the locked accesses (mostly
    initialisation the analysis could not order) stays possible."""
    prog = os.path.join(tmp, "lock_skipped.c")
    with open(prog, "w") as f:
        f.write(LOCK_SKIPPED)
    doc = json.loads(run("--engine=static", "--format=json", "--may", prog).stdout)
    tiers = {}
    for r in doc.get("races", []):
        lines = tuple(sorted(a["line"] for a in r["accesses"]))
        tiers[lines] = (r["status"], r.get("status_reason", ""))
    def at(text):
        return LOCK_SKIPPED.split(text)[0].count("\n") + 1
    skipped = tiers.get(tuple(sorted((at("c->error = -5"), at("if (c->error)")))), ("",))
    check("a read under no lock of what another thread writes under a lock is likely",
          skipped[0] == "likely" and "reads it holding no lock" in skipped[1], tiers)
    check("an unlocked write against a locked write stays possible",
          tiers.get(tuple(sorted((at("c->pending = 0"), at("c->pending = 1")))), ("",))[0] == "possible", tiers)


def main():
    global RH
    RH = suite.racehunt_arg()
    with tempfile.TemporaryDirectory() as tmp:
        test_default_tiers(tmp)
        test_heap_names(tmp)
        test_global_names(tmp)
        test_register_names(tmp)
        test_seen_tier(tmp)
        test_ordered_by_race()
        test_assumption_count()
        test_main_stats()
        test_creator_child()
        test_pointer_write(tmp)
        test_lock_skipped(tmp)
    check.finish()


if __name__ == "__main__":
    main()
