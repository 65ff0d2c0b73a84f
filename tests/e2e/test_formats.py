#!/usr/bin/env python3
"""test_formats.py - every output format, rendered from one saved report
(tests/e2e/data/sample_report.json, re-rendered with --from-report):
SARIF validated against the SARIF 2.1.0 JSON schema, HTML rendered by
headless Chromium and checked on the rendered page, the SV-COMP GraphML
witness parsed and checked, and the text layout."""
import hashlib
import os
import subprocess
import tempfile
import xml.etree.ElementTree as ET

import suite

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SAMPLE = os.path.join(HERE, "data", "sample_report.json")
SCHEMA = os.path.join(os.environ.get("RACEHUNT_CACHE", os.path.expanduser("~/.cache/racehunt")),
                      "sarif-2.1.0.json")
check = suite.Checks("formats")


def render(rh, fmt, *extra):
    return subprocess.run([rh, "--from-report", SAMPLE, "--format=" + fmt] + list(extra),
                          capture_output=True, text=True, cwd=ROOT, timeout=60)


VALIDATE = r"""
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
doc = json.load(open(sys.argv[2]))
errors = sorted(jsonschema.Draft7Validator(schema).iter_errors(doc), key=str)
for e in errors[:5]:
    print(list(e.path), e.message)
sys.exit(1 if errors else 0)
"""


def test_sarif(rh, tmp):
    p = render(rh, "sarif")
    path = os.path.join(tmp, "r.sarif")
    with open(path, "w") as f:
        f.write(p.stdout)
    check("sarif schema is installed", os.path.exists(SCHEMA), SCHEMA)
    # Debian's python3 carries python3-jsonschema (scripts/install-deps.sh).
    v = subprocess.run(["/usr/bin/python3", "-c", VALIDATE, SCHEMA, path], capture_output=True, text=True)
    check("sarif validates against the 2.1.0 schema", v.returncode == 0, v.stdout + v.stderr)
    import json
    doc = json.loads(p.stdout)
    res = doc["runs"][0]["results"][0]
    check("sarif: both accesses", res["locations"][0]["physicalLocation"]["region"]["startLine"] == 10
          and len(res["relatedLocations"]) == 1, res)
    flows = res.get("codeFlows", [{}])[0].get("threadFlows", [])
    check("sarif: witness as code flow, one thread flow per thread", len(flows) == 3, flows)


def test_html(rh, tmp):
    out = os.path.join(tmp, "report.html")
    # the report's source is given with it: only such files are quoted
    p = render(rh, "html", "-o", out, "tests/programs/global_counter_race.c")
    check("html written", p.returncode == 1 and os.path.getsize(out) > 0, p.stderr)
    html = open(out).read()
    check("html is self-contained", "<script src" not in html and "<link" not in html)
    browser = suite.headless_chromium(tmp)
    check("chromium is installed", browser is not None)
    if not browser:
        return
    dom = subprocess.run(browser + ["--dump-dom", "file://" + out],
                         capture_output=True, text=True, timeout=120).stdout
    check("rendered page names the verdict", '<span id="verdict">race</span>' in dom, dom[:300])
    check("rendered timeline has a column per thread", dom.count("<th>T") == 3, dom.count("<th>T"))
    check("rendered timeline highlights the racing pair", dom.count('class="racing"') == 2)
    check("rendered page escapes markup", "&lt;markup&gt;" in dom and "<markup>" not in dom)
    check("rendered page shows the source excerpt", "counter" in dom and 'class="hit"' in dom)
    shot = os.path.join(ROOT, "build", "report-screenshot.png")
    subprocess.run(browser + ["--screenshot=" + shot, "--window-size=1200,900", "file://" + out],
                   capture_output=True, timeout=120)
    check("screenshot taken", os.path.exists(shot))


def test_graphml(rh, tmp):
    w = os.path.join(tmp, "w.graphml")
    prog = os.path.join(ROOT, "tests", "programs", "global_counter_race.c")
    p = subprocess.run([rh, "--svcomp", "--from-report", SAMPLE, "--witness", w, prog],
                       capture_output=True, text=True, cwd=ROOT)
    check("svcomp answer false with a witness", p.stdout.strip().endswith("RESULT: false(no-data-race)"), p.stdout)
    ns = {"g": "http://graphml.graphdrawing.org/xmlns"}
    g = ET.parse(w).getroot().find("g:graph", ns)
    data = {d.get("key"): d.text for d in g.findall("g:data", ns)}
    check("graphml: violation witness for data races", data.get("witness-type") == "violation_witness"
          and "data-race" in data.get("specification", ""), data)
    check("graphml: program hash is the SHA-256 of the file",
          data.get("programhash") == hashlib.sha256(open(prog, "rb").read()).hexdigest())
    nodes = g.findall("g:node", ns)
    entry = [n for n in nodes if any(d.get("key") == "entry" and d.text == "true" for d in n)]
    viol = [n for n in nodes if any(d.get("key") == "violation" and d.text == "true" for d in n)]
    edges = g.findall("g:edge", ns)
    check("graphml: one entry, one violation node, a path of edges",
          len(entry) == 1 and len(viol) == 1 and len(edges) == 4, (len(entry), len(viol), len(edges)))


def test_text(rh):
    p = render(rh, "text")
    out = p.stdout
    # the sample's first access (a) is the earlier one: TSan shows the later first, a as "Previous"
    check("text: TSan-like layout", "WARNING: racehunt: data race" in out and "Previous write of size 4" in out
          and "Read of size 4" in out and out.index("Read of size 4") < out.index("Previous write")
          and "SUMMARY: racehunt: data race" in out, out)
    check("text: exit code 1 for races", p.returncode == 1, p.returncode)


def main():
    rh = suite.racehunt_arg()
    with tempfile.TemporaryDirectory() as tmp:
        test_sarif(rh, tmp)
        test_html(rh, tmp)
        test_graphml(rh, tmp)
    test_text(rh)
    check.finish()


if __name__ == "__main__":
    main()
