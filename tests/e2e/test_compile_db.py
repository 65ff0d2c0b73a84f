#!/usr/bin/env python3
"""test_compile_db.py - compile_commands.json as the build meant it, on
tests/cdb (see its README): databases in both forms (`arguments` and a
shell-quoted `command`), units needing -imacros, -D and a quoted -I path,
a response file, a relative `directory`, and C++ and assembly units.

Every recorded command is first run with gcc (the database is honest:
the program builds, links and runs), then `racehunt -p` must find the
planted race exactly on the RACE lines with cfg_race.h, report none with
cfg_norace.h, accept the database file as well as its directory, and name
the C++ and assembly units in a note.  Flags after `--` that only shape
the build's output must not change the model."""
import json
import os
import shlex
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
import suite  # noqa: E402

check = suite.Checks("compile_db")
CDB = os.path.join(harness.ROOT, "tests", "cdb")


def database(out, cfg_flags, directory):
    """The four units; main.c and fast.S in `arguments` form, the others as `command`."""
    o = lambda name: os.path.join(out, name + ".o")  # noqa: E731
    main = ["gcc", "-c", "-O2", "-g", "-Wall", "-Werror", "-MD", "-MF", o("main") + ".d", "-pthread"] + \
        cfg_flags + ["-DWORKERS=2", "-I", "inc dir", "-o", o("main"), "main.c"]
    counter = "gcc -c -std=gnu11 -fno-common %s -I'inc dir' -Wp,-DUNUSED=1 -o %s counter.c" % (
        " ".join(shlex.quote(f) for f in cfg_flags), shlex.quote(o("counter")))
    return [
        {"directory": directory, "file": "main.c", "arguments": main},
        {"directory": directory, "file": "counter.c", "command": counter},
        {"directory": directory, "file": "fast.S", "arguments": ["gcc", "-c", "fast.S", "-o", o("fast")]},
        {"directory": directory, "file": "helper.cpp", "command": "g++ -c -O1 helper.cpp -o " + o("helper")},
    ]


def build_with_gcc(db, out):
    for e in db:
        argv = e["arguments"] if "arguments" in e else shlex.split(e["command"])
        argv = [os.path.expanduser(a) for a in argv]
        p = subprocess.run(argv, cwd=os.path.join(out, e["directory"]), capture_output=True, text=True)
        if p.returncode != 0:
            return "%s: %s" % (" ".join(argv), p.stderr[-300:])
    objs = [os.path.join(out, n + ".o") for n in ("main", "counter", "fast", "helper")]
    p = subprocess.run(["g++", "-pthread"] + objs + ["-o", os.path.join(out, "prog")], capture_output=True, text=True)
    if p.returncode != 0:
        return p.stderr[-300:]
    return None if subprocess.run([os.path.join(out, "prog")]).returncode == 0 else "the program failed"


def analyse(rh, target):
    p = subprocess.run([rh, "-p", target, "--engine=static", "--format=json", "--timeout=60"],
                       capture_output=True, text=True)
    try:
        return json.loads(p.stdout), p.stderr
    except ValueError:
        return None, "exit %d: %s" % (p.returncode, p.stderr)


def race_lines(rep):
    lines = set()
    for race in rep.get("races", []) if rep else []:
        if race.get("evidence") != "may-race":
            lines |= {(os.path.basename(a["file"]), a["line"]) for a in race["accesses"]}
    return lines


def main():
    rh = suite.racehunt_arg()
    expected = {("counter.c", n) for n in harness.annotations(os.path.join(CDB, "counter.c"))[0]}
    with tempfile.TemporaryDirectory() as tmp:
        racy, clean = os.path.join(tmp, "racy"), os.path.join(tmp, "clean")
        os.makedirs(racy)
        os.makedirs(clean)
        # the racy database names its units by absolute directory, the clean
        # one by a directory relative to where the database lies, and takes
        # -imacros from a response file
        rsp = os.path.join(clean, "cfg.rsp")
        with open(rsp, "w") as f:
            f.write("-imacros cfg_norace.h\n")
        dbs = {racy: database(racy, ["-imacros", "cfg_race.h"], CDB),
               clean: database(clean, ["@" + rsp], os.path.relpath(CDB, clean))}
        for d, db in dbs.items():
            with open(os.path.join(d, "compile_commands.json"), "w") as f:
                json.dump(db, f, indent=1)
            err = build_with_gcc(db, d)
            check("%s database: gcc builds and runs the program with its commands" % os.path.basename(d),
                  err is None, err)

        rep, err = analyse(rh, racy)
        check("-p DIR, cfg_race.h: the race is found", rep and rep["verdict"] == "race", err)
        check("-p DIR, cfg_race.h: races exactly on the RACE lines", race_lines(rep) == expected,
              (sorted(race_lines(rep)), sorted(expected)))
        note = [line for line in err.splitlines() if "note:" in line]
        check("the note names the assembly and C++ units", len(note) == 1 and "fast.S (assembly)" in note[0] and
              "helper.cpp (C++)" in note[0], err)
        rep2, err2 = analyse(rh, os.path.join(racy, "compile_commands.json"))
        check("-p FILE works like -p DIR", rep2 and race_lines(rep2) == race_lines(rep), err2)

        # fast_twice and helper_version are unknown code, so race freedom
        # cannot be proved: the answer is unknown, and it says why
        rep, err = analyse(rh, clean)
        check("-p DIR, cfg_norace.h (response file, relative directory): no race",
              rep and rep["verdict"] != "race" and not race_lines(rep), (rep and rep["verdict"], err))
        notes = " ".join(rep.get("notes", [])) if rep else ""
        check("functions of the skipped units are unknown functions", "'fast_twice'" in notes and
              "'helper_version'" in notes, notes)

        # flags after `--` pass through the same filter: -O2 or -o would
        # change or lose the bitcode racehunt reads
        prog = os.path.join(harness.ROOT, "tests", "programs", "c11_atomic_counter_norace.c")
        plain = subprocess.run([rh, "--dump-model", prog], capture_output=True, text=True)
        noisy = subprocess.run([rh, "--dump-model", prog, "--", "-O2", "-g0", "-Wall", "-o", os.path.join(tmp, "x.o")],
                               capture_output=True, text=True)
        check("-- -O2 -g0 -o FILE: the same model", plain.returncode == 0 and plain.stdout == noisy.stdout,
              noisy.stderr)

        bad = os.path.join(tmp, "bad")
        os.makedirs(bad)
        with open(os.path.join(bad, "compile_commands.json"), "w") as f:
            json.dump([e for e in dbs[racy] if e["file"] in ("fast.S", "helper.cpp")], f)
        p = subprocess.run([rh, "-p", bad], capture_output=True, text=True)
        check("a database with no C unit: exit 2, says so", p.returncode == 2 and "no C translation unit" in p.stderr,
              p.stderr)
    check.finish()


if __name__ == "__main__":
    main()
