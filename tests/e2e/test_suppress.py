#!/usr/bin/env python3
"""test_suppress.py - living with known races: --suppressions (TSan
syntax), racehunt:benign annotations, --baseline across a line shift,
RACEHUNT_OPTIONS and .racehunt, --exitcode and -h, exit codes that follow
the verdict, SARIF fingerprints (stable across a line shift, schema-valid,
bounded thread flows) and source names instead of LLVM's.

The programs are tests/e2e/data/suppress/*.c; the static engine answers
them in well under a second, so the whole suite stays short."""
import copy
import json
import os
import shutil
import subprocess
import tempfile

import suite

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DATA = os.path.join(HERE, "data", "suppress")
SAMPLE = os.path.join(HERE, "data", "sample_report.json")
SCHEMA = os.path.join(os.environ.get("RACEHUNT_CACHE", os.path.expanduser("~/.cache/racehunt")),
                      "sarif-2.1.0.json")
check = suite.Checks("suppress")
RH = None


def run(args, cwd, env_extra=None):
    env = dict(os.environ)
    env.pop("RACEHUNT_OPTIONS", None)
    env.update(env_extra or {})
    return subprocess.run([RH] + args, capture_output=True, text=True, cwd=cwd, env=env, timeout=120)


def analyse(cwd, *extra, env=None, files=("races.c", "other.c")):
    return run(["--engine=static"] + list(extra) + list(files), cwd, env)


def races_json(p):
    try:
        return json.loads(p.stdout)
    except ValueError:
        return {"races": [], "counts": {}, "bad": p.stdout + p.stderr}


def lines_of(doc, shown=True):
    return sorted(r["accesses"][0]["line"] for r in doc["races"] if ("suppressed" not in r) == shown)


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def test_plain(tmp):
    p = analyse(tmp, "--format=json")
    doc = races_json(p)
    check("four races found, the annotated one suppressed",
          len(doc["races"]) == 4 and doc["counts"] == {"reported": 3, "suppressed": 1, "baselined": 0,
                                                     "locations": 3, "locations_confirmed": 0,
                                                     "locations_likely": 3, "possible_not_listed": 0,
                                                     "possible_locations_not_listed": 0},
          doc.get("counts", doc))
    ann = [r for r in doc["races"] if "suppressed" in r]
    check("annotation named in JSON", ann and ann[0]["suppressed"]["kind"] == "annotation"
          and "races.c:27" in ann[0]["suppressed"]["by"], ann)
    check("every race has a fingerprint", all(len(r.get("fingerprint", "")) == 16 for r in doc["races"]))
    p = analyse(tmp)
    check("text summary counts the suppressed race",
          "racehunt: 3 memory locations (0 confirmed, 3 likely, 0 possible); 3 races reported, 1 suppressed; "
          "verdict: race" in p.stdout, p.stdout[-300:])
    check("text shows no report for the annotated line",
          not any("races.c:27" in l for l in p.stdout.split("note:")[0].splitlines()
                  if not l.startswith("    step ")))
    check("races exit 1", p.returncode == 1, p.returncode)
    p = analyse(tmp, "--format=html")
    check("html lists the suppressed race and why", '<details id="hidden">' in p.stdout
          and "racehunt:benign at races.c:27" in p.stdout and p.stdout.count('class="group"') == 3)
    saved = os.path.join(tmp, "r.json")
    write(saved, json.dumps(doc))
    p = run(["--from-report", saved], tmp)
    check("a saved report keeps its suppressed races", "3 races reported, 1 suppressed" in p.stdout,
          p.stdout[-200:])


def test_suppressions(tmp):
    supp = os.path.join(tmp, "known.supp")
    write(supp, "# known races\n\nrace:count_hits\nrace:other.c\n  race:^misses$  \n"
                "called_from_lib:libfoo.so\nthread:*\n")
    p = analyse(tmp, "--format=json", "--suppressions=" + supp)
    doc = races_json(p)
    by = {r["accesses"][0]["line"]: r.get("suppressed", {}).get("by", "") for r in doc["races"]}
    check("function, file and global patterns each hide their race",
          "race:count_hits" in by.get(14, "") and "race:^misses$" in by.get(19, "")
          and "race:other.c" in by.get(6, "") and "known.supp:5" in by.get(19, ""), by)
    check("all suppressed: exit 0 like TSan", p.returncode == 0 and doc["counts"]["reported"] == 0,
          (p.returncode, doc.get("counts")))
    check("a note says what each rule hid", any("race:count_hits" in n and "hid 1 race" in n
                                                for n in doc.get("notes", [])), doc.get("notes"))
    p = analyse(tmp, "--suppressions=" + supp)
    check("text: 0 races reported, 4 suppressed", "0 races reported, 4 suppressed" in p.stdout, p.stdout)
    write(supp, "race:hits\n")  # TSan matches anywhere: "hits" is in count_hits
    p = analyse(tmp, "--suppressions=" + supp)
    check("a rule hides only what it matches", "2 races reported, 2 suppressed" in p.stdout
          and p.returncode == 1, p.stdout[-200:])
    for text, where in (("race:x\nbogus line\n", ":2: expected TYPE:PATTERN"),
                        ("# c\nrace:x\nraces:y\n", ":3: unknown suppression type 'races'"),
                        ("race:\n", ":1: 'race:' needs a pattern")):
        write(supp, text)
        p = analyse(tmp, "--suppressions=" + supp)
        check("bad suppressions line is one error with file:line (%s)" % where.strip(),
              p.returncode == 2 and (supp + where) in p.stderr and p.stdout == "", p.stderr)
    p = analyse(tmp, "--suppressions=" + os.path.join(tmp, "missing.supp"))
    check("missing suppressions file is an error", p.returncode == 2 and "missing.supp" in p.stderr, p.stderr)


def shift_lines(path, n):
    text = open(path).read()
    write(path, "/* lines added above the racy code */\n" * n + text)


def test_baseline(tmp):
    base = os.path.join(tmp, "base.json")
    p = analyse(tmp, "--format=json", "-o", base)
    check("baseline written", p.returncode == 1 and os.path.getsize(base) > 0, p.stderr)
    shift_lines(os.path.join(tmp, "races.c"), 7)
    shift_lines(os.path.join(tmp, "other.c"), 2)
    p = analyse(tmp, "--baseline=" + base)
    check("after a line shift nothing is new", "0 races reported, 1 suppressed, 3 in the baseline" in p.stdout
          and p.returncode == 0, p.stdout[-300:])
    sarif_base = os.path.join(tmp, "base.sarif")
    analyse(tmp, "--format=sarif", "-o", sarif_base)
    p = analyse(tmp, "--baseline=" + sarif_base)
    check("a SARIF report is a baseline too", "0 races reported" in p.stdout and p.returncode == 0, p.stdout[-300:])
    src = open(os.path.join(tmp, "races.c")).read()
    src = src.replace("int misses;", "int misses;\nint fresh;").replace(
        "    count_misses();", "    count_misses();\n    fresh = 2; // RACE (new)")
    write(os.path.join(tmp, "races.c"), src)
    p = analyse(tmp, "--format=json", "--baseline=" + base)
    doc = races_json(p)
    new = [r for r in doc["races"] if "suppressed" not in r]
    check("a new race is still reported", len(new) == 1 and "fresh" in (new[0].get("object") or "")
          and p.returncode == 1, [(r.get("object"), r.get("suppressed")) for r in doc["races"]])
    check("baselined races are listed as such", doc["counts"].get("baselined") == 3, doc.get("counts"))
    p = analyse(tmp, "--baseline=" + os.path.join(tmp, "races.c"))
    check("a baseline that is no report is an error before analysing", p.returncode == 2
          and "baseline" in p.stderr, p.stderr)
    empty = os.path.join(tmp, "empty.sarif")
    write(empty, '{"runs": []}\n')
    p = analyse(tmp, "--baseline=" + empty)
    check("a SARIF baseline without results hides nothing", p.returncode == 1
          and "0 in the baseline" in p.stdout, (p.returncode, p.stdout[-300:], p.stderr[-300:]))


def test_options(tmp):
    p = analyse(tmp, env={"RACEHUNT_OPTIONS": "--format=json  --exitcode=7"})
    check("RACEHUNT_OPTIONS applies", p.returncode == 7 and p.stdout.lstrip().startswith("{"),
          (p.returncode, p.stdout[:80]))
    p = analyse(tmp, "--format=text", "--exitcode=5", env={"RACEHUNT_OPTIONS": "--format=json exitcode=7"})
    check("the command line wins; TSan's key=value spelling works",
          p.returncode == 5 and p.stdout.startswith("=="), (p.returncode, p.stdout[:80]))
    p = analyse(tmp, env={"RACEHUNT_OPTIONS": "--bogus"})
    check("bad RACEHUNT_OPTIONS is an error naming it", p.returncode == 2
          and "RACEHUNT_OPTIONS: unknown or incomplete option '--bogus'" in p.stderr, p.stderr)
    p = analyse(tmp, env={"RACEHUNT_OPTIONS": "races.c"})
    check("no input files from RACEHUNT_OPTIONS", p.returncode == 2 and "not an option" in p.stderr, p.stderr)
    write(os.path.join(tmp, "known.supp"), "race:count_\n")
    write(os.path.join(tmp, ".racehunt"), "# project settings\n--suppressions=known.supp  # known\n"
                                          "--exitcode=9\n")
    p = analyse(tmp)
    check(".racehunt in the current directory applies", p.returncode == 9
          and "1 race reported, 3 suppressed" in p.stdout, (p.returncode, p.stdout[-200:]))
    p = analyse(tmp, env={"RACEHUNT_OPTIONS": "--exitcode=4"})
    check("RACEHUNT_OPTIONS overrides .racehunt", p.returncode == 4, p.returncode)
    os.unlink(os.path.join(tmp, ".racehunt"))
    write(os.path.join(tmp, ".racehunt"), "# nothing set here\n")
    p = analyse(tmp, "--exitcode=6")
    check("a .racehunt with no option is accepted", p.returncode == 6, (p.returncode, p.stderr[-300:]))
    os.unlink(os.path.join(tmp, ".racehunt"))
    p = analyse(tmp, "--exitcode=256")
    check("--exitcode out of range is an error", p.returncode == 2 and "--exitcode" in p.stderr, p.stderr)
    write(os.path.join(tmp, "known.supp"), "race:count_hits\n")
    p = run(["run", "--exitcode=42", "--suppressions=known.supp", "races.c", "other.c"], tmp)
    check("racehunt run: --exitcode and suppressions apply as in TSan", p.returncode == 42
          and "suppressed" in p.stderr.splitlines()[-1]
          and not any("races.c:14" in l for l in p.stderr.splitlines() if not l.startswith("    step ")),
          (p.returncode, p.stderr[-300:]))
    p = run(["-h"], tmp)
    check("-h prints the help", p.returncode == 0 and "--suppressions" in p.stdout
          and "RACEHUNT_OPTIONS" in p.stdout, p.stdout[:100])


def test_exit_codes(tmp):
    p = run(["--engine=static", "--may", "names.c"], tmp)
    # names.c's may-races are plain writes of two thread entries, no lock: likely (result/tier.h)
    check("--may with verdict unknown exits 3, not 1",
          p.returncode == 3 and "verdict: unknown" in p.stdout and "likely data race" in p.stdout,
          (p.returncode, p.stdout[-200:]))
    check("a likely race's SUMMARY says so", "SUMMARY: racehunt: likely data race" in p.stdout)


def test_names(tmp):
    p = run(["--engine=static", "--may", "--format=json", "names.c"], tmp)
    objs = sorted(r.get("object", "") for r in races_json(p)["races"])
    # the literal "scribble" may write is no race location (writing a literal is undefined):
    # the heap object it may also write is, by its allocation site
    check("source names, not LLVM's", any(o.startswith("heap object allocated at names.c:24") for o in objs)
          and not any(o.startswith("a string literal") for o in objs)
          and "static 'calls' of bump" in objs and "parameter 'n' of run" in objs
          and not any(".str" in o or ".addr" in o or "bump.calls" in o for o in objs), objs)


def sarif_results(path):
    doc = json.load(open(path))
    return doc, doc["runs"][0]["results"]


VALIDATE = r"""
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
bad = 0
for path in sys.argv[2:]:
    for e in sorted(jsonschema.Draft7Validator(schema).iter_errors(json.load(open(path))), key=str)[:5]:
        print(path, list(e.path), e.message)
        bad = 1
sys.exit(bad)
"""


def test_sarif(tmp):
    s1, s2, s3 = (os.path.join(tmp, n) for n in ("1.sarif", "2.sarif", "long.sarif"))
    analyse(tmp, "--format=sarif", "-o", s1)
    shift_lines(os.path.join(tmp, "races.c"), 4)
    analyse(tmp, "--format=sarif", "-o", s2)
    doc, r1 = sarif_results(s1)
    _, r2 = sarif_results(s2)
    fp = lambda rs: sorted(r["partialFingerprints"]["racehuntRace/v1"] for r in rs)  # noqa: E731
    check("partialFingerprints on every result", len(r1) == 3
          and all("racehuntRace/v1" in r.get("partialFingerprints", {}) for r in r1), r1[:1])
    check("fingerprints survive a line shift", fp(r1) == fp(r2)
          and sorted(r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in r1)
          != sorted(r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in r2))
    art = r1[0]["locations"][0]["physicalLocation"]["artifactLocation"]
    base = doc["runs"][0].get("originalUriBaseIds", {}).get("%SRCROOT%", {}).get("uri", "")
    check("relative URIs under %SRCROOT%", art.get("uriBaseId") == "%SRCROOT%"
          and art["uri"] in ("races.c", "other.c") and base.startswith("file:///") and base.endswith("/"),
          (art, base))
    check("levels follow the evidence (must-race: warning)", {r["level"] for r in r1} == {"warning"})
    check("suppressed races are counted, not results", doc["runs"][0]["properties"].get("suppressed") == 1)
    # a witness of 2,500 steps: the flow keeps the 1,000 before the race
    rep = json.load(open(SAMPLE))
    race = rep["races"][0]
    w = race["witness"]
    steps = [copy.deepcopy(w["steps"][i % 2]) for i in range(2496)] + w["steps"]
    w["steps"], w["race"] = steps, [2498, 2499]
    rep["races"] = [race, copy.deepcopy(race)]
    long_json = os.path.join(tmp, "long.json")
    json.dump(rep, open(long_json, "w"))
    p = run(["--from-report", long_json, "--format=sarif", "-o", s3], ROOT)
    _, r3 = sarif_results(s3)
    flows = r3[0]["codeFlows"][0]
    locs = [loc for tf in flows["threadFlows"] for loc in tf["locations"]]
    orders = [loc["executionOrder"] for loc in locs]
    check("a thread flow keeps at most 1,000 locations, ending at the race",
          len(locs) == 1000 and max(orders) == 2500 and min(orders) == 1501
          and sum(loc.get("importance") == "essential" for loc in locs) == 2
          and "1501 to 2500 of 2500" in flows["message"]["text"], (len(locs), flows["message"]))
    check("schema is installed", os.path.exists(SCHEMA), SCHEMA)
    v = subprocess.run(["/usr/bin/python3", "-c", VALIDATE, SCHEMA, s1, s2, s3], capture_output=True, text=True)
    check("SARIF with fingerprints, base ids and cut flows is schema-valid", v.returncode == 0,
          v.stdout + v.stderr)


def main():
    global RH
    RH = suite.racehunt_arg()
    tests = [test_plain, test_suppressions, test_baseline, test_options, test_exit_codes, test_names,
             test_sarif]
    for t in tests:
        with tempfile.TemporaryDirectory() as tmp:
            for name in os.listdir(DATA):
                shutil.copy(os.path.join(DATA, name), tmp)
            t(tmp)
    check.finish()


if __name__ == "__main__":
    main()
