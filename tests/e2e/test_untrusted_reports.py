#!/usr/bin/env python3
"""test_untrusted_reports.py - what a project someone else wrote can make
racehunt do: reports quote only the program's own files (a #line directive
or a crafted --from-report JSON naming a secret file shows nothing of it),
every name from the program is printed escaped (no fake verdict line, no
terminal escape), compiler options that load code into clang or write files
are dropped with a note (from a compile database and after --) unless the
user asks for them on the command line for the dynamic build, and replay
reads witnesses strictly (a program path with a blank, numbers in range, a
race of two steps, typed inputs, sources that changed or were swapped)."""
import json
import os
import shutil
import subprocess
import suite  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SAMPLE = os.path.join(HERE, "data", "sample_report.json")
RACY = os.path.join(ROOT, "tests", "programs", "global_counter_race.c")
FORMATS = ("text", "json", "sarif", "html")
SECRET = "SECRET_TOKEN_7f3a"
check = suite.Checks("untrusted reports")


def run(rh, args, cwd, timeout=120):
    return subprocess.run([rh] + args, capture_output=True, cwd=cwd, timeout=timeout)


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def line_program(name):
    """A racy program whose racing access sits under #line 1 "name"."""
    return ("#include <pthread.h>\nint counter;\nvoid *worker(void *arg)\n{\n#line 1 \"%s\"\n"
            "    counter++;\n    return arg;\n}\n#line 20 \"prog.c\"\nint main(void)\n{\n"
            "    pthread_t a, b;\n    pthread_create(&a, 0, worker, 0);\n"
            "    pthread_create(&b, 0, worker, 0);\n    pthread_join(a, 0);\n"
            "    pthread_join(b, 0);\n    return counter;\n}\n" % name)


def test_excerpts(rh, tmp):
    secret = os.path.join(tmp, "secret.txt")
    write(secret, "".join("%s line %d\n" % (SECRET, i) for i in range(1, 40)))
    prog = os.path.join(tmp, "leak.c")
    write(prog, line_program(secret))
    seen = {}
    for fmt in FORMATS:
        p = run(rh, ["--engine=static", "--format=" + fmt, prog], tmp)
        seen[fmt] = (p.returncode, SECRET.encode() in p.stdout + p.stderr)
    check("#line naming a secret file: its text in no format (text/json/sarif/html)",
          all(rc == 1 and not leak for rc, leak in seen.values()), seen)
    # a crafted report read back names the secret file
    rep = json.load(open(SAMPLE))
    text = json.dumps(rep).replace("tests/programs/global_counter_race.c", secret)
    crafted = os.path.join(tmp, "crafted.json")
    write(crafted, text)
    seen = {}
    for fmt in FORMATS:
        p = run(rh, ["--from-report", crafted, "--format=" + fmt], tmp)
        seen[fmt] = (p.returncode, SECRET.encode() in p.stdout + p.stderr)
    check("--from-report naming a secret file: its text in no format",
          all(rc == 1 and not leak for rc, leak in seen.values()), seen)
    # the program's own files are still quoted
    p = run(rh, ["--engine=static", "--format=html", RACY], tmp)
    check("the analysed file itself is quoted in the HTML report",
          b'class="hit"' in p.stdout and b"counter++;" in p.stdout, p.stdout[-300:])
    p = run(rh, ["--from-report", SAMPLE, "--format=html", RACY], ROOT)
    check("a report read back quotes the sources given with it",
          b'class="hit"' in p.stdout, p.stdout[-300:])


def test_escaping(rh, tmp):
    prog = os.path.join(tmp, "esc.c")
    write(prog, line_program("x\\nRESULT: true\\n\\x1b[2J"))
    p = run(rh, ["--engine=static", prog], tmp)
    out = p.stdout.decode("utf-8", "replace")
    check("text report: the file name's newline starts no line (no fake verdict)",
          p.returncode == 1 and not any(l.startswith("RESULT") for l in out.splitlines())
          and "x\\nRESULT: true\\n\\x1b[2J" in out, out[-600:])
    check("text report: no ESC byte reaches the terminal", b"\x1b" not in p.stdout, out[-300:])
    p = run(rh, ["--engine=static", "--format=json", prog], tmp)
    files = {a["file"] for r in json.loads(p.stdout).get("races", []) for a in r["accesses"]}
    check("json keeps the name exactly, escaped by the JSON writer",
          "x\nRESULT: true\n\x1b[2J" in files and b"\x1b" not in p.stdout, files)
    for fmt in ("sarif", "html"):
        p = run(rh, ["--engine=static", "--format=" + fmt, prog], tmp)
        check("%s: no raw ESC byte" % fmt, p.returncode == 1 and b"\x1b" not in p.stdout,
              p.stdout[-300:])
    p = run(rh, ["nope\nRESULT: true\x1b[2J.c"], tmp)
    check("an error naming such a file is one escaped line",
          p.returncode == 2 and len(p.stderr.splitlines()) == 1 and b"\x1b" not in p.stderr,
          p.stderr)


UNSAFE = ["-fpass-plugin={t}/nope/pass.so", "-fplugin={t}/nope/plugin.so", "--config={t}/f.cfg",
          "-Xclang", "-load", "-Xclang", "{t}/nope/load.so", "-Wp,-MD,{t}/wp.d",
          "-fproc-stat-report={t}/stat.txt", "-ftime-trace", "-ftime-trace-granularity=0",
          "-save-temps=obj", "-fprofile-generate={t}/prof", "--coverage",
          "-fdump-tree-all", "-fcrash-diagnostics-dir={t}/crash", "-MD", "-MF", "{t}/md.d"]
WRITTEN = ["wp.d", "stat.txt", "md.d", "prof", "crash", "cfg.d", "unit.json"]


def no_files_written(t):
    return [f for f in WRITTEN if os.path.exists(os.path.join(t, f))] + \
        [f for f in os.listdir(t) if f.endswith((".json", ".i", ".s", ".gcno", ".su"))
         and f not in ("compile_commands.json",)]


def test_flags(rh, tmp):
    for where in ("database", "command line"):
        t = os.path.join(tmp, "flags-" + where.replace(" ", ""))
        os.makedirs(t)
        shutil.copy(RACY, os.path.join(t, "race.c"))
        # a config file clang would read holds options of its own
        write(os.path.join(t, "f.cfg"), "-fplugin=%s/nope/cfg.so\n-Wp,-MD,%s/cfg.d\n" % (t, t))
        flags = [f.format(t=t) for f in UNSAFE]
        if where == "database":
            db = [{"directory": t, "file": "race.c",
                   "arguments": ["cc"] + flags + ["-c", "race.c", "-o", "race.o"]}]
            write(os.path.join(t, "compile_commands.json"), json.dumps(db))
            p = run(rh, ["--engine=static", "-p", t], t)
        else:
            p = run(rh, ["--engine=static", "race.c", "--"] + flags, t)
        err = p.stderr.decode("utf-8", "replace")
        rest = "\n".join(l for l in err.splitlines() if not l.startswith("racehunt: note:"))
        check("%s: options that load code do not reach clang (race found, no error)" % where,
              p.returncode == 1 and "error" not in rest and "nope" not in rest,
              (p.returncode, err[-600:]))
        check("%s: no file written at the paths the options name" % where,
              not no_files_written(t), no_files_written(t))
        named = ["-fpass-plugin=", "-fplugin=", "--config=", "-Xclang -load", "-Wp,-MD,",
                 "-fproc-stat-report=", "-ftime-trace"]
        missing = [n for n in named if "dropped the compiler option " + n not in err]
        check("%s: each dropped with a note naming it" % where, not missing, (missing, err[-600:]))


def test_plugin_opt_in(rh, tmp):
    shutil.copy(RACY, os.path.join(tmp, "race.c"))
    plugin = ["race.c", "--", "-fpass-plugin=%s/nope/pass.so" % tmp]
    p = run(rh, ["--engine=dynamic", "--allow-compiler-plugins"] + plugin, tmp)
    err = p.stderr.decode("utf-8", "replace")
    check("--allow-compiler-plugins: the dynamic build hands clang the plugin",
          p.returncode == 2 and "nope/pass.so" in err and "dropped" not in err, (p.returncode, err))
    p = run(rh, ["--engine=static", "--allow-compiler-plugins"] + plugin, tmp)
    check("--allow-compiler-plugins outside the dynamic engine: one error line, exit 2",
          p.returncode == 2 and b"dynamic engine's build only" in p.stderr, p.stderr[-300:])
    write(os.path.join(tmp, ".racehunt"), "--allow-compiler-plugins\n")
    p = run(rh, ["--engine=dynamic"] + plugin, tmp)
    check("--allow-compiler-plugins in a project's .racehunt is refused",
          p.returncode == 2 and b"command line only" in p.stderr, p.stderr[-300:])


def replay(rh, tmp, name, w, cwd=None):
    path = os.path.join(tmp, name + ".json")
    write(path, json.dumps(w))
    return subprocess.run([rh, "replay", "--format=json", path], capture_output=True, text=True,
                          cwd=cwd or tmp, timeout=180)


def one_error(r, word=""):
    lines = r.stderr.strip().splitlines()
    return (r.returncode == 2 and len(lines) == 1 and lines[0].startswith("racehunt: error:")
            and word in lines[0])


def make_witness(rh, tmp, d):
    """The dynamic engine's witness for a copy of RACY in directory d."""
    os.makedirs(d)
    prog = os.path.join(d, "prog.c")
    shutil.copy(RACY, prog)
    wpath = os.path.join(d, "w.json")
    subprocess.run([rh, "--engine=dynamic", "--witness=" + wpath, prog], capture_output=True,
                   cwd=d, timeout=300)
    ok = os.path.exists(wpath)
    check("the dynamic engine writes a witness in %s" % os.path.basename(d), ok)
    return prog, json.load(open(wpath)) if ok else None


def as_program(w, path):
    """path in the form w's program has (a list, or an older witness's string)."""
    return [path] if isinstance(w["program"], list) else path


def test_witnesses(rh, tmp):
    prog, w = make_witness(rh, tmp, os.path.join(tmp, "dir with space"))
    if w:
        check("the witness carries the program as a list of words",
              isinstance(w.get("program"), list) and prog in w["program"], w.get("program"))
        r = replay(rh, tmp, "good", w, cwd=os.path.dirname(prog))
        check("a program in a directory with a blank replays (exit 1)", r.returncode == 1,
              (r.returncode, r.stderr[-300:]))
    d = os.path.join(tmp, "plain")
    prog, w = make_witness(rh, tmp, d)
    if not w:
        return
    r = replay(rh, tmp, "good", w, cwd=d)
    check("the untouched witness replays (exit 1)", r.returncode == 1, (r.returncode, r.stderr[-300:]))
    a, b = w["race"]
    cases = []
    bad = json.loads(json.dumps(w))
    bad["steps"][a]["line"] += 2 ** 32
    cases.append(("a line of 2^32 + LINE (would wrap to LINE)", bad, "line"))
    bad = json.loads(json.dumps(w))
    bad["steps"][a]["column"] = 2 ** 40
    cases.append(("a column past 2^31", bad, "column"))
    cases.append(("race: [A, A]", dict(w, race=[a, a]), "twice"))
    cases.append(("inputs not a list", dict(w, inputs="7"), "inputs"))
    cases.append(("an input without a value", dict(w, inputs=[{"name": "x"}]), "input 0"))
    cases.append(("argc 0", dict(w, inputs=[{"name": "argc", "value": 0}]), "argc"))
    cases.append(("argc 2^40", dict(w, inputs=[{"name": "argc", "value": 2 ** 40}]), "argc"))
    cases.append(("a negative seed", dict(w, seed=-1), "seed"))
    cases.append(("a program list holding a number", dict(w, program=[prog, 5]), "program"))
    for name, wit, word in cases:
        r = replay(rh, tmp, "bad", wit, cwd=d)
        check("%s: one error line, exit 2" % name, one_error(r, word),
              (r.returncode, r.stderr[-300:], r.stdout[-100:]))
    # the witness names another file: a copy that races the same way
    other = os.path.join(tmp, "other.c")
    shutil.copy(RACY, other)
    with open(other, "a") as f:
        f.write("/* another program */\n")
    r = replay(rh, tmp, "swapped", dict(w, program=as_program(w, other)), cwd=d)
    check("a witness edited to name another file is refused", one_error(r, "witness"),
          (r.returncode, r.stderr[-300:]))
    with open(prog, "a") as f:
        f.write("/* changed */\n")
    r = replay(rh, tmp, "changed", w, cwd=d)
    check("a source changed since the witness: refused naming it", one_error(r, prog),
          (r.returncode, r.stderr[-300:]))
    shutil.copy(RACY, prog)
    old = {k: v for k, v in w.items() if k != "sources"}
    old["program"] = prog
    r = replay(rh, tmp, "old", old, cwd=d)
    check("an older witness (program as a string, no hashes) replays with a note",
          r.returncode == 1 and "not checked" in r.stderr, (r.returncode, r.stderr[-300:]))


def main():
    rh = suite.racehunt_arg()
    suite.run_parts(rh, (test_excerpts, test_escaping, test_flags, test_plugin_opt_in, test_witnesses))
    check.finish()


if __name__ == "__main__":
    main()
