#!/usr/bin/env python3
"""test_programs.py - builds with several programs: configures
examples/multiprog (a CMake project: a static library and two executables,
`server` race-free and `client` racy through the library) and checks that
`racehunt -p` analyses each program, says which program a race belongs to,
reports races only on RACE lines, and that --program picks programs."""
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
import suite  # noqa: E402

check = suite.Checks("programs")


def run(rh, args, cwd):
    return subprocess.run([rh] + args, cwd=cwd, capture_output=True, text=True, timeout=120)


def race_lines(proj, rep):
    """(file, line) of every access of a listed race; wrong ones apart."""
    found, wrong = set(), set()
    for race in rep.get("races", []):
        for acc in race["accesses"]:
            path = acc["file"] if os.path.isabs(acc["file"]) else os.path.join(proj, acc["file"])
            good = harness.annotations(path)[0] if os.path.exists(path) else set()
            (found if acc["line"] in good else wrong).add((os.path.basename(path), acc["line"]))
    return found, wrong


def main():
    rh = suite.racehunt_arg()
    with tempfile.TemporaryDirectory() as tmp:
        proj = os.path.join(tmp, "multiprog")
        shutil.copytree(os.path.join(harness.ROOT, "examples", "multiprog"), proj)
        c = subprocess.run(["cmake", "-S", ".", "-B", "build", "-DCMAKE_C_COMPILER=clang-16"],
                           cwd=proj, capture_output=True, text=True)
        check("cmake configures the project", c.returncode == 0, c.stderr)

        r = run(rh, ["-p", "build", "--format=json", "--timeout=40"], proj)
        rep = json.loads(r.stdout) if r.stdout.startswith("{") else {}
        check("-p on two programs: verdict race, exit 1", r.returncode == 1 and
              rep.get("verdict") == "race", (r.returncode, r.stderr))
        found, wrong = race_lines(proj, rep)
        check("races only on RACE lines", not wrong and ("counter.c", 19) in found, (found, wrong))
        progs = {race.get("program") for race in rep.get("races", [])}
        check("every race says it is the client's", progs == {"client"}, progs)
        check("the server's proof is a note of its own",
              any(n.startswith("program server:") and "race freedom proved" in n
                  for n in rep.get("notes", [])), rep.get("notes"))

        t = run(rh, ["-p", "build/compile_commands.json", "--timeout=40"], proj)
        check("text report names the program", "In program client" in t.stdout, t.stdout[-800:])

        s = run(rh, ["-p", "build", "--program=server", "--timeout=40"], proj)
        check("--program=server: race-free, exit 0", s.returncode == 0 and "race-free" in s.stdout,
              (s.returncode, s.stdout[-400:], s.stderr))
        d = run(rh, ["-p", "build", "--program=client", "--dump-model"], proj)
        check("--program=client links the library, not the server",
              "counter_add_unsafe lib/counter.c" in d.stdout and "main tool/client.c" in d.stdout
              and "server.c" not in d.stdout, d.stdout[:600])
        both = run(rh, ["-p", "build", "--program=server,client", "--format=json", "--timeout=40"], proj)
        check("--program=server,client: both analysed", both.returncode == 1, both.stderr)

        n = run(rh, ["-p", "build", "--program=nope"], proj)
        err = [l for l in n.stderr.splitlines() if l]
        check("--program of an unknown name: one error line, exit 2", n.returncode == 2 and
              len(err) == 1 and "nope" in err[0], n.stderr)
        f = run(rh, ["app/server.c", "tool/client.c", "lib/counter.c", "--program=client",
                     "--engine=static", "--format=json"], proj)
        rep = json.loads(f.stdout) if f.stdout.startswith("{") else {}
        check("files on the command line: programs by file name",
              f.returncode == 1 and {x.get("program") for x in rep.get("races", [])} == {"client"},
              (f.returncode, f.stderr))
        one = run(rh, ["tool/client.c", "lib/counter.c", "--program=server"], proj)
        check("--program naming no program of a one-program build: error, exit 2",
              one.returncode == 2 and "--program=server" in one.stderr, (one.returncode, one.stderr))
    check.finish()


if __name__ == "__main__":
    main()
