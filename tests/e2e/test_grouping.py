#!/usr/bin/env python3
"""test_grouping.py - races grouped per memory location and ranked, in
every format: a static run of tests/e2e/data/grouping_races.c (three
racing accesses on `hits`, one race on `flag`) must give two locations
with exactly the annotated lines; the same result with `flag` made
confirmed and `hits` possible must list `flag` first in text, JSON, SARIF
and HTML; internal LLVM names put into a report never come out of one;
a location with 3,000 racing pairs stays one small collapsed card (HTML
rendered by headless Chromium, filters exercised, screenshot taken) and
SARIF within GitHub's limits and the 2.1.0 schema; a SARIF file (one result
per location) used as --baseline still covers every race of a location."""
import copy
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PROG = os.path.join("tests", "e2e", "data", "grouping_races.c")
sys.path.insert(0, HERE)
from harness import annotations  # noqa: E402
from test_formats import SCHEMA, VALIDATE  # noqa: E402
import suite  # noqa: E402

check = suite.Checks("grouping")
INTERNAL = re.compile(r"'\.[A-Za-z_][^']*'|\b[A-Za-z_]+\.addr\b|%[0-9]+\b|\.str\b|\.str\.[0-9]|"
                      r"__const\.|agg\.tmp|ref\.tmp|\([A-Za-z_]+\.[0-9]+\)")


def run(rh, *args):
    return subprocess.run([rh] + list(args), capture_output=True, text=True, cwd=ROOT, timeout=300)


def render(rh, report, fmt):
    return run(rh, "--from-report", report, "--may", "--format=" + fmt).stdout


def lines_of(group):
    return sorted({a["line"] for a in group["accesses"]})


def test_static_groups(rh, tmp):
    p = run(rh, "--engine=static", "--may", "--format=json", PROG)
    doc = json.loads(p.stdout)
    groups = doc["groups"]
    race, _ = annotations(os.path.join(ROOT, PROG))
    check("schema version 3 with groups", doc["version"] == 3 and doc["counts"]["locations"] == 2
          and len(groups) == 2, doc.get("counts"))
    by = {g["object"]: g for g in groups}
    check("one group for the three accesses to hits", "global 'hits'" in by
          and len(by["global 'hits'"]["accesses"]) == 3 and len(by["global 'hits'"]["races"]) == 2
          and lines_of(by["global 'hits'"]) == [13, 24], groups)
    check("one group for flag", "global 'flag'" in by and lines_of(by["global 'flag'"]) == [23, 33]
          and len(by["global 'flag'"]["races"]) == 1, groups)
    check("grouped lines are exactly the RACE lines",
          sorted({ln for g in groups for ln in lines_of(g)}) == sorted(race), race)
    ok = all(doc["races"][i]["object"] == g["object"] and doc["races"][i]["group"] == k
             for k, g in enumerate(groups) for i in g["races"])
    check("a group's race indices point at its races", ok)
    check("every group says why it is not confirmed", all(g.get("reason") for g in groups), groups)
    return doc


def test_sarif_baseline(rh, tmp):
    """A SARIF file has one result per location; as a --baseline it must
    still cover every race of the location (properties.raceFingerprints)."""
    sarif = os.path.join(tmp, "base.sarif")
    run(rh, "--engine=static", "--may", "--format=sarif", "-o", sarif, PROG)
    res = json.load(open(sarif))["runs"][0]["results"]
    check("sarif: two results for three races", len(res) == 2
          and sorted(len(r["properties"]["raceFingerprints"]) for r in res) == [1, 2], res)
    p = run(rh, "--engine=static", "--may", "--baseline=" + sarif, PROG)
    check("a grouped SARIF baseline covers every race of a location",
          "0 races reported, 3 in the baseline" in p.stdout, p.stdout[-300:])


def mixed_report(doc, tmp):
    """The static result with flag's race replayed and hits' races may-races
    with one side under a lock (so possible, result/tier.h), hits listed
    first, and internal names planted in it."""
    rep = copy.deepcopy(doc)
    for r in rep["races"]:
        r.pop("group", None)
        r["evidence"] = "replayed" if r["object"] == "global 'flag'" else "may-race"
        if r["object"] != "global 'flag'":
            r["accesses"][1]["locks"] = ["mutex 'lock'"]
    rep["races"].sort(key=lambda r: r["evidence"] == "replayed")
    rep["races"][0]["object"] = "global 'hits'"
    rep["races"][0]["accesses"][0]["locks"] = ["mutex at offset 0 of local 'm.addr' of run",
                                               "mutex 'worker.guard.2'"]
    for r in rep["races"]:  # a second static setter in a linked program is clang's "setter.2"
        for a in r["accesses"]:
            a["thread_desc"] = a["thread_desc"].replace("(setter)", "(setter.2)")
    rep["notes"] = ["the initializer of global '.str.142' is read at grouping_races.c:13"]
    rep.pop("groups")
    path = os.path.join(tmp, "mixed.json")
    json.dump(rep, open(path, "w"))
    return path


def test_thread_names(rh, doc, tmp):
    """A location with a static race and a run's race of the same threads lists
    each thread once: the run's "main thread T0" and "thread T1 created by T0
    at SITE ..." stand for the static "main thread" and "thread T1 (f) created
    at SITE"; a static thread no run names stays."""
    rep = copy.deepcopy(doc)
    rep.pop("groups", None)
    static = next(r for r in rep["races"] if any(") created at " in a["thread_desc"] for a in r["accesses"]))
    static.pop("group", None)
    seen = copy.deepcopy(static)
    seen["evidence"] = "observed"
    site = None
    for a in seen["accesses"]:
        if ") created at " in a["thread_desc"]:
            site = a["thread_desc"].split(") created at ")[1].split(",")[0]
            a["thread_desc"] = "thread T1 created by T0 at %s in main" % site
        else:
            a["thread_desc"] = "main thread T0"
    rep["races"].append(seen)
    path = os.path.join(tmp, "threads.json")
    json.dump(rep, open(path, "w"))
    text = render(rh, path, "text")
    lines = [l for l in text.splitlines() if l.startswith("  Threads (")]
    mine = [l for l in lines if "created by T0 at %s in main" % site in l]
    check("threads: the run's names stand for the static ones they cover",
          len(mine) == 1 and "main thread T0" in mine[0] and "main thread;" not in mine[0]
          and ") created at %s" % site not in mine[0], lines)


def test_order(rh, report):
    text = render(rh, report, "text")
    warn = [ln for ln in text.splitlines() if ln.startswith("WARNING:")]
    summ = [ln for ln in text.splitlines() if ln.startswith("SUMMARY:")]
    check("text: confirmed location first", len(warn) == 2 and "data race on global 'flag'" in warn[0]
          and "possible data race on global 'hits'" in warn[1], warn)
    check("text: a possible location's SUMMARY does not say data race",
          len(summ) == 2 and summ[0].startswith("SUMMARY: racehunt: data race tests/e2e/data/grouping_races.c:")
          and summ[0].endswith("on global 'flag', bytes [0, 4) (2 accesses, 1 racing pair)")
          and summ[1].startswith("SUMMARY: racehunt: possible data race tests/e2e/data/grouping_races.c:")
          and " on global 'hits', bytes [0, 4) " in summ[1]
          and "(3 accesses, 2 racing pairs)" in summ[1], summ)
    check("text: every access of hits listed", "Accesses (3, in 2 racing pairs)" in text
          and text.count("grouping_races.c:24:10 write of size 4 in setter") == 1, text[:2000])
    check("text: reason only for the unconfirmed location", text.count("Why not confirmed:") == 1
          and text.index("Why not confirmed:") > text.index(warn[1]))
    check("text: summary counts locations", "racehunt: 2 memory locations (1 confirmed, 0 likely, "
          "1 possible); 3 races reported" in text, text.splitlines()[-1])
    j = json.loads(render(rh, report, "json"))
    check("json: confirmed group first, ranked", [g["status"] for g in j["groups"]] ==
          ["confirmed", "possible"] and [g["rank"] for g in j["groups"]] == [1, 2], j["groups"])
    s = json.loads(render(rh, report, "sarif"))["runs"][0]["results"]
    check("sarif: one result per location, confirmed first", len(s) == 2 and s[0]["level"] == "error"
          and s[1]["level"] == "note" and len(s[1]["relatedLocations"]) == 2
          and s[1]["properties"]["racingPairs"] == 2
          and len(s[1]["properties"]["raceFingerprints"]) == 2, s)
    check("sarif: the location's fingerprint is one of its races'",
          s[1]["partialFingerprints"]["racehuntRace/v1"] in s[1]["properties"]["raceFingerprints"])
    html = render(rh, report, "html")
    cards = re.findall(r'<details class="group" id="g(\d)"[^>]*data-status="(\w+)"', html)
    check("html: a card per location, confirmed first", cards == [("1", "confirmed"), ("2", "possible")],
          cards)
    for fmt, out in (("text", text), ("json", json.dumps(j)), ("sarif", json.dumps(s)), ("html", html)):
        check("%s: no internal names" % fmt, not INTERNAL.search(out), INTERNAL.findall(out)[:5])
    check("internal names became source names", "a string literal" in text and "parameter 'm'" in text
          and "mutex 'guard' (static in worker)" in text, text[-1500:])


def test_tiers(rh, doc, tmp):
    """Two possible locations: hits with every write under a lock (tier 1),
    flag with an unprotected write (tier 3); flag must come first although
    hits comes first in the result and has more races."""
    rep = copy.deepcopy(doc)
    rep.pop("groups")
    for r in rep["races"]:
        r.pop("group", None)
        r["evidence"] = "may-race"
        if r["object"] == "global 'hits'":
            r["accesses"][0]["locks"] = ["mutex 'a'"]
            r["accesses"][1]["locks"] = ["mutex 'b'"]
    rep["races"].sort(key=lambda r: r["object"] != "global 'hits'")
    path = os.path.join(tmp, "tiers.json")
    json.dump(rep, open(path, "w"))
    j = json.loads(render(rh, path, "json"))
    check("ranking: an unprotected write before writes under different locks",
          [(g["object"], g["tier"]) for g in j["groups"]] == [("global 'flag'", 3), ("global 'hits'", 1)]
          and "different locks" in j["groups"][1]["reason"], j["groups"])


def test_default_engine(rh):
    p = run(rh, "--timeout=20", "--format=json", PROG)
    doc = json.loads(p.stdout)
    race, _ = annotations(os.path.join(ROOT, PROG))
    groups = doc.get("groups", [])
    objs = [g["object"] for g in groups]
    check("default engine: one group per variable, confirmed ones first",
          sorted(objs) == ["global 'flag'", "global 'hits'"]
          and [g["status"] for g in groups] == sorted((g["status"] for g in groups),
                                                    key=lambda s: s != "confirmed"), groups)
    check("default engine: grouped lines are RACE lines",
          {ln for g in groups for ln in lines_of(g)} <= set(race), groups)


def big_report(doc, tmp):
    """3,000 racing pairs on one variable, 1,500 distinct accesses."""
    rep = copy.deepcopy(doc)
    base = [r for r in rep["races"] if r["object"] == "global 'hits'"][0]
    base.pop("group", None)
    races = []
    for i in range(3000):
        r = copy.deepcopy(base)
        r["accesses"][0]["line"] = 1000 + i % 1500
        r["accesses"][1]["line"] = 5000 + i % 7
        races.append(r)
    rep["races"] = races
    rep.pop("groups")
    path = os.path.join(tmp, "big.json")
    json.dump(rep, open(path, "w"))
    return path


def test_big(rh, report, tmp):
    html_path = os.path.join(tmp, "big.html")
    with open(html_path, "w") as f:
        f.write(render(rh, report, "html"))
    html = open(html_path).read()
    check("html: 3,000 pairs on one variable are one card", html.count('class="group"') == 1
          and html.count("<tr><td>tests/e2e/data/grouping_races.c:") == 1507 + 200, html.count("<tr><td>"))
    check("html: pairs beyond 200 left to the JSON report", "and 2800 more pairs" in html)
    check("html: stays small", len(html) < 1_000_000, len(html))
    sarif = os.path.join(tmp, "big.sarif")
    with open(sarif, "w") as f:
        f.write(render(rh, report, "sarif"))
    res = json.load(open(sarif))["runs"][0]
    check("sarif: one result, at most 100 related locations",
          len(res["results"]) == 1 and len(res["results"][0]["relatedLocations"]) == 100
          and res["properties"]["accessesNotListed"] == 1507 - 101, res["properties"])
    v = subprocess.run(["/usr/bin/python3", "-c", VALIDATE, SCHEMA, sarif], capture_output=True, text=True)
    check("sarif of a big location validates against 2.1.0", v.returncode == 0, v.stdout + v.stderr)


def test_browser(rh, mixed, big, tmp):
    browser = suite.headless_chromium(tmp)
    check("chromium is installed", browser is not None)
    if not browser:
        return
    page = os.path.join(tmp, "filtered.html")
    html = render(rh, mixed, "html")
    # what a user choosing "possible" in the status filter does
    pick = ("<script>window.addEventListener('load',function(){"
            "document.getElementById('f-status').value='possible';rhFilter();});</script></body>")
    with open(page, "w") as f:
        f.write(html.replace("</body>", pick))
    dom = subprocess.run(browser + ["--dump-dom", "file://" + page],
                         capture_output=True, text=True, timeout=120).stdout
    rows = re.findall(r'<tr data-status="(\w+)"[^>]*?(style="display: none;")?>', dom)
    check("html filter: choosing possible hides the confirmed location",
          rows == [("confirmed", 'style="display: none;"'), ("possible", "")], rows)
    check("html filter: the count follows", '<span id="f-count">1</span>' in dom)
    with open(page, "w") as f:
        f.write(html.replace("</body>", pick.replace("f-status').value='possible", "f-func').value='main")))
    dom = subprocess.run(browser + ["--dump-dom", "file://" + page],
                         capture_output=True, text=True, timeout=120).stdout
    rows = re.findall(r'<tr data-status="(\w+)"[^>]*?(style="display: none;")?>', dom)
    check("html filter: function main keeps only flag's location (read in main)",
          rows == [("confirmed", ""), ("possible", 'style="display: none;"')], rows)
    check("html index: file and function filters list what the accesses name",
          '<option value="setter">setter</option>' in dom
          and '<option value="tests/e2e/data/grouping_races.c">' in dom)
    big_html = os.path.join(tmp, "big.html")
    shot = os.path.join(ROOT, "build", "grouping-screenshot.png")
    p = subprocess.run(browser + ["--screenshot=" + shot, "--window-size=1200,900",
                                            "file://" + big_html], capture_output=True, timeout=120)
    check("screenshot of the 3,000-pair report taken", p.returncode == 0 and os.path.exists(shot)
          and os.path.getsize(shot) > 10000)


def main():
    rh = suite.racehunt_arg()
    with tempfile.TemporaryDirectory() as tmp:
        doc = test_static_groups(rh, tmp)
        test_sarif_baseline(rh, tmp)
        mixed = mixed_report(doc, tmp)
        test_order(rh, mixed)
        test_thread_names(rh, doc, tmp)
        test_tiers(rh, doc, tmp)
        test_default_engine(rh)
        big = big_report(doc, tmp)
        test_big(rh, big, tmp)
        test_browser(rh, mixed, big, tmp)
    check.finish()


if __name__ == "__main__":
    main()
