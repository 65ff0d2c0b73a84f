#!/usr/bin/env python3
"""test_kill.py - budgets are law: racehunt killed or interrupted at any
moment leaves no process and no temporary file behind, and the program it
runs cannot flood the machine with threads.

Each case starts racehunt in a session of its own (so every process it
starts can be found by session id), waits until the process tree shows
the moment wanted - clang compiling, the static stage, the bmc and dynamic
stages with the program running - and sends SIGTERM, SIGINT or SIGKILL.
Then: racehunt died of that signal (a handled signal is re-raised), no
live process of its session is left after a short grace (zombies are
init's to reap, not racehunt's), and the fresh TMPDIR and the cache
directory hold no temporary file.
"""
import os
import signal
import subprocess
import tempfile
import time
import suite  # noqa: E402

check = suite.Checks("kill")

RACY_LONG = """#include <pthread.h>
int counter;
void *worker(void *arg) { for (int i = 0; i < 100000; i++) counter++; return arg; }
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    for (int i = 0; i < 100000; i++) counter++;
    pthread_join(t, 0);
    return 0;
}
"""

THREAD_FLOOD = """#include <pthread.h>
#include <semaphore.h>
sem_t never;
void *waiter(void *arg) { sem_wait(&never); return arg; }
int main(void) { pthread_t t; sem_init(&never, 0, 0); while (1) pthread_create(&t, 0, waiter, 0); }
"""

CLEANUP_GRACE = 4.0  # seconds for stage children (PDEATHSIG) and the janitor to finish


def big_program(functions):
    """A racy program large enough that clang takes a while on it."""
    out = ["#include <pthread.h>", "int shared;"]
    for i in range(functions):
        out.append("int g%d; int f%d(int x) { int y = x * %d + g%d; if (y & 1) g%d = y; "
                   "else g%d = y / 3; return y ^ g%d; }" % (i, i, i + 1, i, i, i, i))
    out.append("void *worker(void *arg) { shared++; return arg; }")
    out.append("int main(void) {\n    pthread_t t;\n    int s = 0;")
    out.extend("    s += f%d(%d);" % (i, i) for i in range(functions))
    out.append("    pthread_create(&t, 0, worker, 0);\n    shared++;\n    pthread_join(t, 0);")
    out.append("    return s;\n}")
    return "\n".join(out) + "\n"


def proc_table():
    """pid -> (ppid, session, state, command name) of every process."""
    table = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry) as f:
                stat = f.read()
        except OSError:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2:].split()
        table[int(entry)] = (int(fields[1]), int(fields[3]), fields[0], name)
    return table


def live_in_session(sid):
    return sorted("%d %s" % (pid, name) for pid, (_, s, state, name) in proc_table().items()
                  if s == sid and state != "Z")


def session_threads(sid):
    total = 0
    for pid, (_, s, _, _) in proc_table().items():
        if s != sid:
            continue
        try:
            with open("/proc/%d/status" % pid) as f:
                total += next(int(l.split()[1]) for l in f if l.startswith("Threads:"))
        except (OSError, StopIteration):
            pass
    return total


def wait_for_moment(p, moment, limit):
    """Polls racehunt's process tree until it shows the moment wanted: clang
    compiling; the static stage (one stage process once compiling is over);
    the bmc and dynamic stages with the program running.  True when seen."""
    seen_clang, t0 = False, time.time()
    while p.poll() is None and time.time() - t0 < limit:
        procs = {pid: v for pid, v in proc_table().items() if v[1] == p.pid and v[2] != "Z"}
        clang = any(v[3].startswith("clang") for v in procs.values())
        seen_clang |= clang
        stages = [pid for pid, v in procs.items() if v[0] == p.pid and v[3] == "racehunt"]
        if moment == "compiling" and clang:
            return True
        if moment == "static" and seen_clang and not clang and len(stages) == 1:
            return True
        if moment == "bmc+dynamic" and len(stages) == 2 and any(v[3] == "prog" for v in procs.values()):
            return True
        time.sleep(0.002)
    return False


def leftovers(tmpdir, cache):
    left = [os.path.join(tmpdir, f) for f in os.listdir(tmpdir)]
    if os.path.isdir(cache):
        left += [os.path.join(cache, f) for f in os.listdir(cache) if ".tmp" in f]
    return left


def one_case(rh, scratch, program, args, moment, sig, wait_limit):
    """Starts racehunt, signals it at `moment`, checks what is left."""
    tmpdir = tempfile.mkdtemp(prefix="tmpdir-", dir=scratch)
    cache = os.path.join(scratch, "cache")
    env = dict(os.environ, TMPDIR=tmpdir, RACEHUNT_CACHE=cache)
    name = "%s at %s" % (signal.Signals(sig).name, moment)
    p = subprocess.Popen([rh] + args + [program], env=env, start_new_session=True,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    t0 = time.time()
    if not wait_for_moment(p, moment, wait_limit):
        p.kill()
        _, err = p.communicate()
        check(name + ": moment reached", False, "racehunt never got there (exit %s after %.1f s): %s"
              % (p.returncode, time.time() - t0, err.decode(errors="replace")[-300:]))
        return
    p.send_signal(sig)
    try:
        p.wait(timeout=10)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
    check(name + ": racehunt died of the signal", p.returncode == -sig, "exit %s" % p.returncode)
    deadline = time.time() + CLEANUP_GRACE
    while (live_in_session(p.pid) or leftovers(tmpdir, cache)) and time.time() < deadline:
        time.sleep(0.05)
    check(name + ": no process left", not live_in_session(p.pid), ", ".join(live_in_session(p.pid)))
    check(name + ": no temporary file left", not leftovers(tmpdir, cache),
          ", ".join(leftovers(tmpdir, cache)))


def thread_flood_case(rh, scratch):
    """A program creating threads without end under the dynamic engine: the
    live threads stay bounded by the runtime's cap, and racehunt ends on time."""
    path = os.path.join(scratch, "flood.c")
    with open(path, "w") as f:
        f.write(THREAD_FLOOD)
    env = dict(os.environ, RACEHUNT_CACHE=os.path.join(scratch, "cache"))
    t0 = time.time()
    p = subprocess.Popen([rh, "--engine=dynamic", "--timeout=8", path], env=env,
                         start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True)
    peak = 0
    while p.poll() is None and time.time() - t0 < 15:
        peak = max(peak, session_threads(p.pid))
        time.sleep(0.02)
    out, _ = p.communicate(timeout=10)
    took = time.time() - t0
    check("thread flood: racehunt returns within 10 s (%.1f s)" % took, took < 10, "%.1f s" % took)
    check("thread flood: live threads stay bounded (peak %d)" % peak, peak < 600, str(peak))
    check("thread flood: the result names the cap", "cap of 512 live threads" in out, out[-400:])


def main():
    rh = suite.racehunt_arg()
    with tempfile.TemporaryDirectory() as scratch:
        big = os.path.join(scratch, "big.c")
        with open(big, "w") as f:
            f.write(big_program(4000))
        racy = os.path.join(scratch, "racy_long.c")
        with open(racy, "w") as f:
            f.write(RACY_LONG)
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGKILL):
            one_case(rh, scratch, big, ["--engine=static"], "compiling", sig, 20)
            one_case(rh, scratch, big, ["--timeout=30"], "static", sig, 30)
            one_case(rh, scratch, racy, ["--timeout=30"], "bmc+dynamic", sig, 20)
        thread_flood_case(rh, scratch)
    check.finish()


if __name__ == "__main__":
    main()
