#!/usr/bin/env python3
"""test_program_args.py - the program's arguments in the dynamic engine's
runs: a program that creates its threads only when given the right
arguments gets a note saying no run created a thread (and how to give
arguments); with --arg (one per argument, blanks kept) its race is observed
under the dynamic engine and under auto, the witness records the arguments
and `racehunt replay` runs with them; `racehunt run`'s arguments after --
are recorded too, so its witness replays.  A program that starts its
threads only on the right input gets it with --stdin=FILE (a missing file
is one error, exit 2), its witness records the file and replays with it.
`racehunt run`'s program has racehunt's own standard streams: binary
output byte for byte, standard input read, the report on stderr or in -o,
and a thread blocked in read() does not hang the run."""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
import suite  # noqa: E402

PROGRAM = r"""#include <pthread.h>
#include <stdio.h>
#include <string.h>
int hits;
void *worker(void *arg) {
    hits++; // RACE
    return arg;
}
int main(int argc, char **argv) {
    if (argc < 3 || strcmp(argv[1], "two words") != 0 || strcmp(argv[2], "50%") != 0) {
        fprintf(stderr, "usage: needs_args 'two words' 50%%\n");
        return 2;
    }
""" + suite.TWO_WORKERS + """    return 0;
}
"""

check = suite.Checks()


def replay(rh, wit, env, cwd):
    p = subprocess.run([rh, "replay", "--format=json", wit], capture_output=True, text=True, env=env,
                       cwd=cwd, timeout=120)
    return p.returncode, p.stdout[-300:] + p.stderr[-300:]


def main():
    rh = suite.racehunt_arg()
    with tempfile.TemporaryDirectory(prefix="rh-args-") as tmp:
        env = dict(os.environ, RACEHUNT_CACHE=os.path.join(tmp, "cache"))
        prog = os.path.join(tmp, "needs_args.c")
        with open(prog, "w") as f:
            f.write(PROGRAM)
        want, _ = harness.annotations(prog)
        dyn = ["--engine=dynamic", "--format=json", "--timeout=6"]
        args = ["--arg=two words", "--arg=50%"]

        rc, verdict, lines, notes, err = harness.run_json(rh, dyn + ["--inputs=seed", prog], env, tmp)
        check("without arguments (--inputs=seed): unknown, and a note that no run created a thread "
              "(exit status 2)",
              verdict == "unknown" and "no run created a thread" in notes and "status 2" in notes
              and "--arg=VALUE" in notes, (rc, verdict, notes, err))

        wit = os.path.join(tmp, "w.json")
        rc, verdict, lines, notes, err = harness.run_json(rh, dyn + args + ["--witness=" + wit, prog], env, tmp)
        check("with --arg: race at lines %s" % sorted(want),
              rc == 1 and verdict == "race" and lines == want and "no run created" not in notes,
              (rc, verdict, sorted(lines), notes, err))
        with open(wit) as f:
            program = json.load(f).get("program", "")
        check("the witness records the arguments, one word each",
              program[-2:] == ["--arg=two words", "--arg=50%"], program)
        rc, out = replay(rh, wit, env, tmp)
        check("racehunt replay runs with the witness's arguments into the race", rc == 1, (rc, out))

        rc, verdict, lines, notes, err = harness.run_json(rh, ["--format=json", "--timeout=10"] + args + [prog], env, tmp)
        check("auto passes --arg to its dynamic stage: race", rc == 1 and verdict == "race" and
              lines == want, (rc, verdict, sorted(lines), notes, err))

        wit2 = os.path.join(tmp, "w2.json")
        p = subprocess.run([rh, "run", "--witness=" + wit2, prog, "--", "two words", "50%"],
                           capture_output=True, text=True, env=env, cwd=tmp, timeout=120)
        check("racehunt run takes the arguments after --", p.returncode == 1 and os.path.exists(wit2),
              (p.returncode, p.stderr[-300:]))
        if os.path.exists(wit2):
            rc, out = replay(rh, wit2, env, tmp)
            check("the witness of racehunt run replays with its arguments", rc == 1, (rc, out))
        stdin_checks(rh, tmp, env)
        run_streams(rh, tmp, env)
    check.finish()


STDIN_PROGRAM = r"""#include <pthread.h>
#include <stdio.h>
int total;
void *worker(void *arg) {
    total += 2; // RACE
    return arg;
}
int main(void) {
    char line[32];
    if (!fgets(line, sizeof line, stdin) || line[0] != 'g')
        return 0;
""" + suite.TWO_WORKERS + """    return 0;
}
"""

# Writes every byte value (NULs among them) after a race, then the sum of
# what it read from standard input.
BINARY_PROGRAM = r"""#include <pthread.h>
#include <stdio.h>
int shared;
static void *worker(void *arg) {
    shared++; // RACE
    return arg;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    shared++; // RACE
    pthread_join(t, 0);
    for (int i = 0; i < 256; i++)
        putchar(i);
    long sum = 0;
    int c;
    while ((c = getchar()) != EOF)
        sum += c;
    printf("%ld", sum);
    return 0;
}
"""

# A thread blocked in read() on a pipe that another thread writes later.
PIPE_PROGRAM = r"""#include <pthread.h>
#include <stdio.h>
#include <unistd.h>
static int fds[2];
static void *reader(void *a) { char c; if (read(fds[0], &c, 1) == 1) putchar(c); return a; }
static void *writer(void *a) { usleep(1000); if (write(fds[1], "w", 1) != 1) return 0; return a; }
int main(void) {
    pthread_t r, w;
    if (pipe(fds))
        return 1;
    pthread_create(&r, 0, reader, 0);
    pthread_create(&w, 0, writer, 0);
    pthread_join(r, 0);
    pthread_join(w, 0);
    return 0;
}
"""


def run_streams(rh, tmp, env):
    """racehunt run: the program's standard streams are its own, byte for byte."""
    prog = os.path.join(tmp, "binary_out.c")
    with open(prog, "w") as f:
        f.write(BINARY_PROGRAM)
    data = bytes(range(256)) * 4
    want = bytes(range(256)) + str(sum(data)).encode()
    p = subprocess.run([rh, "run", prog], input=data, capture_output=True, env=env, cwd=tmp, timeout=120)
    check("racehunt run: binary stdout (NULs) byte for byte, stdin read, report on stderr",
          p.returncode == 1 and p.stdout == want and b"data race" in p.stderr,
          (p.returncode, p.stdout[:40], p.stderr[-300:]))
    rep = os.path.join(tmp, "run_report.json")
    p = subprocess.run([rh, "run", "--format=json", "-o", rep, prog], input=data, capture_output=True,
                       env=env, cwd=tmp, timeout=120)
    races = json.load(open(rep)).get("races", []) if os.path.exists(rep) else []
    check("racehunt run -o FILE: the report in FILE, stdout the program's, stderr empty",
          p.returncode == 1 and p.stdout == want and p.stderr == b"" and races,
          (p.returncode, p.stdout[:40], p.stderr[-300:]))
    pipe = os.path.join(tmp, "blocked_reader.c")
    with open(pipe, "w") as f:
        f.write(PIPE_PROGRAM)
    for strategy in ("pct", "fifo", "random"):
        try:
            p = subprocess.run([rh, "run", "--timeout=20", "--strategy=" + strategy, pipe],
                               capture_output=True, env=env, cwd=tmp, timeout=60)
            ok = p.stdout == b"w" and b"time limit" not in p.stderr
        except subprocess.TimeoutExpired:
            ok, p = False, "hung"
        check("racehunt run: a thread blocked in read() does not hang the run (%s)" % strategy, ok,
              p if p == "hung" else (p.returncode, p.stdout, p.stderr[-300:]))


def stdin_checks(rh, tmp, env):
    prog = os.path.join(tmp, "needs_input.c")
    with open(prog, "w") as f:
        f.write(STDIN_PROGRAM)
    inp = os.path.join(tmp, "go input.txt")
    with open(inp, "w") as f:
        f.write("go\n")
    want, _ = harness.annotations(prog)
    dyn = ["--engine=dynamic", "--format=json", "--timeout=6"]
    rc, verdict, lines, notes, err = harness.run_json(rh, dyn + ["--inputs=seed", prog], env, tmp)
    check("without --stdin (input /dev/null, --inputs=seed): unknown, no run created a thread",
          verdict == "unknown" and "no run created a thread" in notes, (rc, verdict, notes, err))
    wit = os.path.join(tmp, "w3.json")
    rc, verdict, lines, notes, err = harness.run_json(rh, dyn + ["--stdin=" + inp, "--witness=" + wit, prog],
                                                      env, tmp)
    check("with --stdin: race at lines %s" % sorted(want), rc == 1 and verdict == "race" and lines == want,
          (rc, verdict, sorted(lines), notes, err))
    program = json.load(open(wit)).get("program", "") if os.path.exists(wit) else ""
    check("the witness records the input file", "--stdin=" + inp in program, program)
    rc, out = replay(rh, wit, env, tmp)
    check("racehunt replay reads the witness's input file into the race", rc == 1, (rc, out))
    p = subprocess.run([rh, "--stdin=" + os.path.join(tmp, "missing.txt"), prog], capture_output=True,
                       text=True, env=env, cwd=tmp, timeout=60)
    check("a missing --stdin file: one error line, exit 2",
          p.returncode == 2 and p.stderr.count("\n") == 1 and "--stdin" in p.stderr, (p.returncode, p.stderr))


if __name__ == "__main__":
    main()
