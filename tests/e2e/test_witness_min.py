#!/usr/bin/env python3
"""test_witness_min.py - witnesses are short and replay.

Every witness racehunt writes is shortened before it is written, with the
replay as the oracle: for a race behind thousands of scheduling points
(examples/bank_account.c, a program with long private and locked loops) the
witness is a handful of steps and context switches, its racing steps are at
the program's RACE lines and name what they touch, and `racehunt replay`
drives the program into that race (exit 1).  A producer and a consumer that
hand hundreds of items over (tests/e2e/data/witness/handoff_race.c) get a
fair witness of a few steps: a step's thread that waits lets the other run.
A thread pool whose teardown races (tests/e2e/data/witness/
pool_teardown_race.c: a worker past its open check while main ends its
wait for idle) is met by a random run of hundreds of switches; its witness
is a few steps that keep one worker back, and replays.  A bmc counterexample that needs
arguments carries argc and replays with that many.  The GraphML witness of
--svcomp is refused by replay with one error line (exit 2).  A replay ends
once it has reached its race: a program that goes on serving after the race
replays in well under the time it runs.  A step with "times" N stands for N
steps in a row (a loop's passes over one line, as the minimiser folds them):
with the loop's count it replays, with more the run departs at that step,
and a bad count is refused (exit 2).  A race behind a reading of the clock
(tests/e2e/data/witness/clock_race.c, half of all runs have none) replays
every time: the witness carries what the clock answered ("clock:T:K:W"
inputs), with that answer changed the replay misses the race, and a
malformed clock input is refused (exit 2); a loop that polls the clock
thousands of times (clock_poll_race.c) is a few inputs, and replays.  A
message queue whose last message is published without its lock
(ring_payload_race.c) races at lines every locked message passed before:
its witness is a few steps and replays.  A payload published by a plain
flag (flag_slot_race.c), whose races are ordered only by the flag's: each
one's witness is a few steps through the flag's store and poll, and
replays.  Twenty races of one run
(many_races.c) each show a short witness, or a note names them as capped.
Six races of one publication (struct_publish_race.c) are confirmed by one
replay of their common schedule, and each witness replays into its race;
so are eleven (wide_publish_race.c), each witness a few dozen steps at
most.  Two publications of one run (two_publications_race.c, a program
that binds a name as a server binds its port) have their group replays at
once, each in a network namespace of its own: both groups' races get
their witness from them.  A profiler's queue in small
(queue_cas_publish_race.c: both threads take slots by CAS on one counter,
the record published by a plain flag) has its races' witnesses from its
group's replay, which keeps the synchronisation steps between each
race's two accesses."""
import json
import os
import re
import subprocess
import tempfile
import time
import suite  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DATA = os.path.join(HERE, "data", "witness")
check = suite.Checks("witness minimisation")
MAX_STEPS = 12
MAX_SWITCHES = 4
MAX_GROUP_STEPS = 24  # a witness a group's replay gave holds the group's other steps too
MAX_WIDE_STEPS = 30  # ... of ten members: a few dozen at most


def race_lines(path):
    with open(path) as f:
        return {n for n, l in enumerate(f, 1) if re.search(r"//.*\bRACE\b", l) and "NORACE" not in l}


def switches(w):
    s = w["steps"]
    return sum(1 for i in range(1, len(s)) if s[i]["thread"] != s[i - 1]["thread"])


def replay(rh, path):
    r = subprocess.run([rh, "replay", "--format=json", path], capture_output=True, text=True, timeout=120)
    rep = json.loads(r.stdout) if r.stdout.startswith("{") else {}
    lines = sorted(a["line"] for a in rep["races"][0]["accesses"]) if rep.get("races") else None
    return r.returncode, lines


def witness_case(rh, tmp, name, src, engine, extra_check=None):
    w = os.path.join(tmp, name + ".json")
    r = subprocess.run([rh, "--engine=" + engine, "--timeout=60", "--stats", "--witness", w, src],
                       capture_output=True, text=True, timeout=200)
    if not os.path.exists(w):
        check("%s: %s wrote a witness" % (name, engine), False, r.stdout[-400:] + r.stderr[-200:])
        return
    wit = json.load(open(w))
    want = race_lines(src)
    a, b = wit["race"]
    steps = wit["steps"]
    check("%s: at most %d steps and %d context switches" % (name, MAX_STEPS, MAX_SWITCHES),
          len(steps) <= MAX_STEPS and switches(wit) <= MAX_SWITCHES,
          "%d steps, %d switches" % (len(steps), switches(wit)))
    check("%s: the racing steps are at the RACE lines %s" % (name, sorted(want)),
          {steps[a]["line"], steps[b]["line"]} <= want and steps[a]["thread"] != steps[b]["thread"],
          "steps %s, %s" % (steps[a], steps[b]))
    check("%s: the racing steps name what they touch" % name,
          all(not steps[k]["what"].endswith(" memory") for k in (a, b)),
          "%r, %r" % (steps[a]["what"], steps[b]["what"]))
    rc, lines = replay(rh, w)
    check("%s: the witness replays into its race" % name,
          rc == 1 and lines is not None and set(lines) <= want and
          sorted([steps[a]["line"], steps[b]["line"]]) == lines, "exit %d, lines %s" % (rc, lines))
    if extra_check:
        extra_check(wit, r)


def shortened(wit, r):
    m = {k: float(v) for k, v in re.findall(r"stat: dynamic\.witness_steps_(\w+) = (\S+)", r.stdout)}
    check("bank_account: the run's schedule was longer than the witness written",
          m.get("before", 0) > 100 and 0 < m.get("after", 0) <= MAX_STEPS, str(m))


def fair_handoff(wit, r):
    m = {k: float(v) for k, v in re.findall(r"stat: dynamic\.witness_steps_(\w+) = (\S+)", r.stdout)}
    check("handoff_race: a run of a thousand hand-overs became a fair witness of a few steps",
          m.get("before", 0) > 1000 and wit.get("fair") is True and wit.get("version") == 3, str(m))


def pool_shortened(wit, r):
    m = {k: float(v) for k, v in re.findall(r"stat: dynamic\.witness_steps_(\w+) = (\S+)", r.stdout)}
    check("pool_teardown_race: a run of hundreds of steps became a witness of a few",
          m.get("before", 0) > 300 and 0 < m.get("after", 0) <= MAX_STEPS, str(m))


def ring_payload(rh, tmp):
    """A message queue's last message, written and published without its
    lock: the lines that race are the ones every locked message passed
    before, and a random run meets the race after thousands of steps.  The
    saved witness is a few steps, its racing steps at RACE lines, and it
    replays."""
    src = os.path.join(DATA, "ring_payload_race.c")
    w = os.path.join(tmp, "ring.json")
    r = subprocess.run([rh, "--engine=dynamic", "--timeout=60", "--stats", "--witness", w, src],
                       capture_output=True, text=True, timeout=200)
    m = {k: float(v) for k, v in re.findall(r"stat: dynamic\.witness_steps_(\w+) = (\S+)", r.stdout)}
    check("ring_payload_race: the runs' schedules were thousands of steps", m.get("before", 0) > 1000, str(m))
    if not os.path.exists(w):
        check("ring_payload_race: a witness was written", False, r.stdout[-400:] + r.stderr[-200:])
        return
    wit = json.load(open(w))
    a, b = wit["race"]
    steps = wit["steps"]
    want = race_lines(src)
    check("ring_payload_race: at most %d steps" % MAX_STEPS, len(steps) <= MAX_STEPS, "%d steps" % len(steps))
    check("ring_payload_race: the racing steps are at RACE lines of two threads",
          {steps[a]["line"], steps[b]["line"]} <= want and steps[a]["thread"] != steps[b]["thread"],
          "steps %s, %s" % (steps[a], steps[b]))
    rc, lines = replay(rh, w)
    check("ring_payload_race: the witness replays into its race",
          rc == 1 and lines is not None and sorted([steps[a]["line"], steps[b]["line"]]) == lines,
          "exit %d, lines %s" % (rc, lines))


def publication(rh, tmp, file, nraces, grouped, max_steps, env=None):
    """The races of one publication in DATA/file: nraces confirmed, at least
    `grouped` of them given a witness by a group's replay, and every one a
    witness of at most max_steps steps, its racing steps at RACE lines, that
    `racehunt replay` drives into that race."""
    name = file[:-2]
    src = os.path.join(DATA, file)
    out = os.path.join(tmp, name + ".json")
    subprocess.run([rh, "--engine=dynamic", "--timeout=60", "--format=json", "-o", out, src],
                   capture_output=True, text=True, timeout=200, env=dict(os.environ, **(env or {})))
    rep = json.load(open(out)) if os.path.exists(out) else {"races": [], "stats": {}}
    confirmed = [x for x in rep["races"] if x.get("status") == "confirmed"]
    check("%s: %d confirmed races" % (name, nraces), len(confirmed) == nraces, str(len(confirmed)))
    check("%s: a group's replay gave witnesses" % name,
          rep.get("stats", {}).get("dynamic.witnesses_grouped", 0) >= grouped, str(rep.get("stats", {})))
    want = race_lines(src)
    for k, x in enumerate(confirmed):
        wit = x.get("witness")
        lines = sorted(acc["line"] for acc in x["accesses"])
        if not wit:
            check("%s: a witness for %s" % (name, lines), False, "none")
            continue
        steps = wit["steps"]
        a, b = wit["race"]
        check("%s: %s: at most %d steps" % (name, lines, max_steps), len(steps) <= max_steps,
              "%d steps" % len(steps))
        check("%s: %s: racing steps at its RACE lines" % (name, lines),
              sorted([steps[a]["line"], steps[b]["line"]]) == lines and set(lines) <= want,
              "steps %s, %s" % (steps[a], steps[b]))
        w = os.path.join(tmp, "%s%d.json" % (name, k))
        with open(w, "w") as f:
            json.dump(wit, f)
        rc, got = replay(rh, w)
        check("%s: %s: the witness replays into its race" % (name, lines),
              rc == 1 and got == lines, "exit %d, lines %s" % (rc, got))


def struct_publish(rh, tmp):
    """Five fields of one record published by a plain flag
    (struct_publish_race.c): six races of one publication, the five payload
    races ordered only by the flag's.  One replay of their common schedule
    confirms the group (dynamic.witnesses_grouped)."""
    publication(rh, tmp, "struct_publish_race.c", 6, 2, MAX_GROUP_STEPS)


def two_publications(rh, tmp):
    """Two records each published by a flag of its own
    (two_publications_race.c): ten races, the eight payload races in two
    groups whose replays run at once (dyn_par.c; RACEHUNT_WITNESS_PAIRS=always:
    whatever the machine's load).  The program binds a name
    first and ends when it cannot: only when the second replay runs in a
    network namespace of its own do both groups give witnesses."""
    probe = subprocess.run(["unshare", "-n", "true"], capture_output=True) if os.geteuid() == 0 else \
        subprocess.run(["unshare", "-Urn", "true"], capture_output=True)
    if probe.returncode != 0:
        print("skip two_publications: no network namespace can be made here (%s)"
              % probe.stderr.decode(errors="replace").strip())
        return
    publication(rh, tmp, "two_publications_race.c", 10, 8, MAX_GROUP_STEPS,
                {"RACEHUNT_WITNESS_PAIRS": "always"})


def many_races(rh, tmp):
    """Twenty confirmed races of one run: each is reported with a short
    witness of its own, or a note names it as one whose witness the report
    did not keep."""
    src = os.path.join(DATA, "many_races.c")
    out = os.path.join(tmp, "many.json")
    subprocess.run([rh, "--engine=dynamic", "--timeout=60", "--format=json", "-o", out, src],
                   capture_output=True, text=True, timeout=200)
    rep = json.load(open(out)) if os.path.exists(out) else {"races": [], "notes": []}
    confirmed = [x for x in rep["races"] if x.get("status") == "confirmed"]
    check("many_races: twenty confirmed races", len(confirmed) == 20, str(len(confirmed)))
    notes = " ".join(rep.get("notes", []))
    missing = []
    for x in confirmed:
        lines = [acc["line"] for acc in x["accesses"]]
        named = all(":%d" % n in notes for n in lines) and "without their witness" in notes
        if not (x.get("witness") and len(x["witness"]["steps"]) <= MAX_STEPS) and not named:
            missing.append((lines, len(x["witness"]["steps"]) if x.get("witness") else None))
    check("many_races: every confirmed race shows a witness of at most %d steps, or is named as "
          "capped" % MAX_STEPS, not missing, str(missing))


def flag_slot(rh, tmp):
    """A payload published by a plain flag (flag_slot_race.c): the payload's
    races are ordered only by the flag's race, met after a hundred locked
    hand-overs, and the producer seals the slot (thousands of accesses)
    between filling and publishing it while the consumer sleeps between
    polls.  Every confirmed race shows a witness; a payload race's is a few
    steps that take the producer past its flag store and the consumer past
    its poll of the flag, and replays into that race."""
    src = os.path.join(DATA, "flag_slot_race.c")
    out = os.path.join(tmp, "flag.json")
    subprocess.run([rh, "--engine=dynamic", "--timeout=60", "--format=json", "-o", out, src],
                   capture_output=True, text=True, timeout=200)
    rep = json.load(open(out)) if os.path.exists(out) else {"races": []}
    confirmed = [x for x in rep["races"] if x.get("status") == "confirmed"]
    check("flag_slot_race: every confirmed race shows a witness",
          confirmed and all(x.get("witness") for x in confirmed),
          str([([a["line"] for a in x["accesses"]], bool(x.get("witness"))) for x in confirmed]))
    text = open(src).read().splitlines()
    flag = {n for n, l in enumerate(text, 1) if "RACE: the flag" in l}
    payload = {n for n, l in enumerate(text, 1) if "RACE: ordered by the flag" in l}
    ordered = [x for x in confirmed if x.get("ordered_by") and x.get("witness") and
               {a["line"] for a in x["accesses"]} <= payload]
    check("flag_slot_race: a payload race is reported as ordered by the flag's", ordered,
          str([([a["line"] for a in x["accesses"]], x.get("ordered_by")) for x in confirmed]))
    for k, x in enumerate(ordered):
        wit = x["witness"]
        steps = wit["steps"]
        a, b = wit["race"]
        lines = sorted(acc["line"] for acc in x["accesses"])
        at_flag = {(s["thread"], s["line"]) for s in steps if s["line"] in flag}
        check("flag_slot_race %s: at most 8 steps, both threads at a flag line" % lines,
              len(steps) <= 8 and len({t for t, _ in at_flag}) == 2 and
              {steps[a]["thread"], steps[b]["thread"]} == {t for t, _ in at_flag},
              "%d steps: %s" % (len(steps), [(s["thread"], s["line"], s.get("times", 1)) for s in steps]))
        path = os.path.join(tmp, "flag%d.json" % k)
        with open(path, "w") as f:
            json.dump(wit, f)
        rc, got = replay(rh, path)
        check("flag_slot_race %s: the witness replays into its race" % lines,
              rc == 1 and got == lines, "exit %d, lines %s" % (rc, got))


def has_argc(wit, r):
    argc = [i["value"] for i in wit.get("inputs", []) if i["name"] == "argc"]
    check("argc_race: the bmc witness carries argc > 1", argc and argc[0] > 1, str(wit.get("inputs")))


def replay_ends_at_race(rh, tmp):
    """race_then_serve.c waits three seconds after its race: the replay stops at the race."""
    w = os.path.join(tmp, "serve.json")
    subprocess.run([rh, "--engine=dynamic", "--timeout=60", "--witness", w,
                    os.path.join(DATA, "race_then_serve.c")], capture_output=True, text=True, timeout=200)
    if not os.path.exists(w):
        check("race_then_serve: dynamic wrote a witness", False)
        return
    t0 = time.monotonic()
    rc, lines = replay(rh, w)
    took = time.monotonic() - t0
    check("race_then_serve: the replay reaches the race and ends there (%.1f s, the run takes 3 s)" % took,
          rc == 1 and lines is not None and took < 2.5, "exit %d, lines %s, %.1f s" % (rc, lines, took))


def folded_steps(rh, tmp):
    """A hand-made witness whose loop step carries "times" (tests/e2e/data/witness/loop_before_race.c)."""
    src = os.path.join(DATA, "loop_before_race.c")
    base = os.path.join(tmp, "loop.json")
    subprocess.run([rh, "--engine=dynamic", "--witness", base, src], capture_output=True, timeout=120)
    if not os.path.exists(base):
        check("loop_before_race: the engine wrote a witness", False)
        return
    w = json.load(open(base))
    f = w["steps"][0]["file"]
    lines = {k: n for n, l in enumerate(open(src), 1) for k in ("pthread_create", "buf[i]", "x = 2", "x = 1")
             if k in l}

    def replay_with(times):
        w["steps"] = [{"thread": 0, "file": f, "line": lines["pthread_create"], "column": 0, "what": "create T1"},
                      {"thread": 0, "file": f, "line": lines["buf[i]"], "column": 0, "what": "write",
                       "times": times},
                      {"thread": 0, "file": f, "line": lines["x = 2"], "column": 0, "what": "write x"},
                      {"thread": 1, "file": f, "line": lines["x = 1"], "column": 0, "what": "write x"}]
        w["race"] = [2, 3]
        path = os.path.join(tmp, "loop-%s.json" % times)
        json.dump(w, open(path, "w"))
        r = subprocess.run([rh, "replay", path], capture_output=True, text=True, timeout=120)
        return r.returncode, r.stdout + r.stderr

    rc, out = replay_with(2000)
    check("a step of 2000 \"times\" (the loop's passes) replays into the race", rc == 1, out[-300:])
    rc, out = replay_with(2500)
    check("with 2500 \"times\" the run departs at that step (exit 3)",
          rc == 3 and "departed from the witness schedule at step 1" in out, "exit %d: %s" % (rc, out[-300:]))
    for bad in (0, "x", 2000000):
        rc, out = replay_with(bad)
        check("\"times\": %r is refused with one error line (exit 2)" % (bad,),
              rc == 2 and "bad \"times\"" in out and len(out.strip().splitlines()) == 1,
              "exit %d: %s" % (rc, out[-300:]))


def wide_publish(rh, tmp):
    """Ten fields of one record published by a plain flag after hundreds of
    locked rounds (wide_publish_race.c): eleven races of one publication,
    each witness the schedule a group's replay took up to where it met the
    race."""
    publication(rh, tmp, "wide_publish_race.c", 11, 10, MAX_WIDE_STEPS)


def clock_inputs(rh, tmp):
    src = os.path.join(DATA, "clock_race.c")
    w = os.path.join(tmp, "clock.json")
    subprocess.run([rh, "--engine=dynamic", "--timeout=60", "--witness", w, src], capture_output=True,
                   timeout=200)
    if not os.path.exists(w):
        check("clock_race: dynamic wrote a witness", False)
        return
    wit = json.load(open(w))
    nsec = [i for i in wit["inputs"] if re.fullmatch(r"clock:\d+:0:2", i["name"])]
    check("clock_race: the witness carries the clock's answer (its nanoseconds)", len(nsec) == 1,
          str(wit["inputs"]))
    if not nsec:
        return
    codes = [replay(rh, w)[0] for _ in range(6)]
    check("clock_race: the witness replays into its race 6 times of 6 (without the clock's answer, "
          "about half the time)", codes == [1] * 6, str(codes))
    nsec[0]["value"] += 1000  # the microseconds' parity flips: no mark is written
    json.dump(wit, open(w, "w"))
    rc, lines = replay(rh, w)
    check("clock_race: with the clock's answer changed the replay misses the race", rc == 3,
          "exit %d, lines %s" % (rc, lines))
    nsec[0]["name"] = "clock:1:0:x"
    json.dump(wit, open(w, "w"))
    r = subprocess.run([rh, "replay", w], capture_output=True, text=True, timeout=60)
    check("clock_race: a malformed clock input is refused with one error line (exit 2)",
          r.returncode == 2 and "clock input" in r.stderr and len(r.stderr.strip().splitlines()) == 1,
          "exit %d: %s" % (r.returncode, r.stderr[-300:]))


def clock_polling(rh, tmp):
    """clock_poll_race.c polls times() thousands of times: only the changes are inputs."""
    w = os.path.join(tmp, "poll.json")
    subprocess.run([rh, "--engine=dynamic", "--timeout=60", "--witness", w,
                    os.path.join(DATA, "clock_poll_race.c")], capture_output=True, timeout=200)
    if not os.path.exists(w):
        check("clock_poll_race: dynamic wrote a witness", False)
        return
    clocks = [i for i in json.load(open(w))["inputs"] if i["name"].startswith("clock:")]
    calls = max([int(i["name"].split(":")[2]) for i in clocks] or [0])
    check("clock_poll_race: the loop's thousands of clock answers are a few dozen inputs",
          calls > 1000 and len(clocks) <= 40, "%d inputs, last call %d" % (len(clocks), calls))
    codes = [replay(rh, w)[0] for _ in range(6)]
    check("clock_poll_race: the witness replays into its race 6 times of 6", codes == [1] * 6, str(codes))


def graphml(rh, tmp):
    g = os.path.join(tmp, "w.graphml")
    subprocess.run([rh, "--svcomp", "--timeout=60", "--witness", g,
                    os.path.join(ROOT, "tests", "programs", "global_counter_race.c")],
                   capture_output=True, text=True, timeout=200)
    if not os.path.exists(g):
        check("--svcomp --witness wrote a GraphML witness", False)
        return
    r = subprocess.run([rh, "replay", g], capture_output=True, text=True, timeout=60)
    err = r.stderr.strip().splitlines()
    check("replay of a GraphML witness: exit 2, one error line asking for the JSON form",
          r.returncode == 2 and len(err) == 1 and "GraphML" in err[0] and "JSON" in err[0],
          "exit %d, %r" % (r.returncode, r.stderr[-300:]))


def queue_cas_publish(rh, tmp):
    """A record filled, a slot taken by a CAS on a counter the consumer
    takes its own slots from, then the record published by a plain flag
    (queue_cas_publish_race.c): eight races, the record's five ordered
    only by the flag's and only while the consumer reads before its own
    next CAS.  The group's replay keeps both threads' CAS steps between
    each race's accesses, and gives each a witness of a few dozen steps."""
    publication(rh, tmp, "queue_cas_publish_race.c", 8, 5, MAX_GROUP_STEPS)


def main():
    rh = suite.racehunt_arg()
    with tempfile.TemporaryDirectory() as tmp:
        witness_case(rh, tmp, "bank_account", os.path.join(ROOT, "examples", "bank_account.c"),
                     "dynamic", shortened)
        witness_case(rh, tmp, "long_prefix_race", os.path.join(DATA, "long_prefix_race.c"), "dynamic")
        witness_case(rh, tmp, "handoff_race", os.path.join(DATA, "handoff_race.c"), "dynamic", fair_handoff)
        witness_case(rh, tmp, "pool_teardown_race", os.path.join(DATA, "pool_teardown_race.c"), "dynamic",
                     pool_shortened)
        witness_case(rh, tmp, "argc_race", os.path.join(DATA, "argc_race.c"), "bmc", has_argc)
        ring_payload(rh, tmp)
        flag_slot(rh, tmp)
        struct_publish(rh, tmp)
        wide_publish(rh, tmp)
        queue_cas_publish(rh, tmp)
        two_publications(rh, tmp)
        many_races(rh, tmp)
        replay_ends_at_race(rh, tmp)
        folded_steps(rh, tmp)
        clock_inputs(rh, tmp)
        clock_polling(rh, tmp)
        graphml(rh, tmp)
    check.finish()


if __name__ == "__main__":
    main()
