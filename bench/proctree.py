"""proctree.py - run one command and watch its whole process tree.

racehunt forks engine stages into process groups of their own, runs clang
and runs the program under test, so neither the child's rusage nor a
process-group kill covers everything it starts.  This module follows the
tree through /proc instead:
  - peak memory: ru_maxrss of the command (which covers the descendants it
    waited for, as a maximum over single processes) and, sampled every
    POLL seconds, the summed resident memory of every live descendant.
    ru_maxrss is taken by GNU time (/usr/bin/time) around the command:
    Linux carries a process's peak RSS over fork and exec, so a command
    forked straight from this Python process would report at least this
    process's own peak (hundreds of MB after loading a large report);
    without GNU time that is what it reports;
  - a hard wall-clock kill of every descendant, not just one group;
  - processes left behind: this process becomes a child subreaper
    (prctl PR_SET_CHILD_SUBREAPER), so a descendant that outlives its
    parent is re-parented here instead of to init and stays findable.

Linux only; Python standard library only.  The one process runner of
bench/ (run_bench.py, run_realworld.py, run_realworld_dynamic.py,
score_races.py, witness_lengths.py) and of tests/e2e/test_budget.py;
run_captured() is run() with the output kept in memory.
"""
import ctypes
import os
import sys
import resource
import select
import signal
import subprocess
import tempfile
import threading
import time

POLL = 0.1
PR_SET_CHILD_SUBREAPER = 36
PAGE_KB = os.sysconf("SC_PAGE_SIZE") // 1024


def become_subreaper():
    """Orphaned descendants are re-parented to this process from now on.
    Returns False where prctl is unavailable (then leftovers are only found
    through the session id and the pids seen while the command ran)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def start_campaign(racehunt, out):
    """What a script that runs racehunt over a corpus does first: exits with a message when
    racehunt is not executable, becomes the subreaper of what it starts (a warning where it
    cannot) and makes the output folder."""
    if not os.access(racehunt, os.X_OK):
        sys.exit("racehunt not found at %s (build it, or pass --racehunt)" % racehunt)
    if not become_subreaper():
        print("warning: cannot become a child subreaper; leftover detection is weaker", file=sys.stderr)
    os.makedirs(out, exist_ok=True)


def read_proc(pid):
    """(ppid, sid, state, starttime, rss_kb, comm) of a live pid, or None."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            stat = f.read()
        with open("/proc/%d/statm" % pid) as f:
            rss_pages = int(f.read().split()[1])
    except (OSError, ValueError, IndexError):
        return None
    # comm is in parentheses and may itself hold spaces or parentheses.
    lp, rp = stat.index("("), stat.rindex(")")
    rest = stat[rp + 2:].split()
    return (int(rest[1]), int(rest[3]), rest[0], int(rest[19]), rss_pages * PAGE_KB,
            stat[lp + 1:rp])


def snapshot():
    """Every live process: pid -> read_proc tuple."""
    procs = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            info = read_proc(int(name))
            if info:
                procs[int(name)] = info
    return procs


def cmdline(pid):
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return ""


class Watch:
    """The descendants of one root pid, as far as they can be found."""

    def __init__(self, root, others):
        self.root = root
        self.others = others  # pids of other watched roots (parallel jobs): not ours
        self.seen = set()     # (pid, starttime) of every descendant sampled so far
        self.peak_tree_kb = 0
        self.me = os.getpid()

    def members(self, procs):
        """pid -> info of the live tree: the root, its descendants, the root's
        session, pids seen before, and orphans re-parented to us."""
        kids = {}
        for pid, info in procs.items():
            kids.setdefault(info[0], []).append(pid)
        found, todo = {}, [self.root]
        others = self.others()  # after the snapshot: every root started before it is listed
        for pid, info in procs.items():
            ours = info[1] == self.root or (pid, info[3]) in self.seen
            orphan = info[0] == self.me and pid != self.root and pid not in others
            if ours or orphan:
                todo.append(pid)
        while todo:
            pid = todo.pop()
            if pid in found or pid not in procs:
                continue
            found[pid] = procs[pid]
            todo.extend(kids.get(pid, []))
        return found

    def sample(self):
        tree = self.members(snapshot())
        for pid, info in tree.items():
            self.seen.add((pid, info[3]))
        rss = sum(info[4] for info in tree.values() if info[2] != "Z")
        self.peak_tree_kb = max(self.peak_tree_kb, rss)
        return tree

    def kill_all(self):
        """SIGKILL every member until none is left alive (a fork may race a kill)."""
        for _ in range(50):
            alive = {p: i for p, i in self.sample().items() if i[2] != "Z"}
            if not alive:
                return
            for pid in alive:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
            time.sleep(0.02)


def reap(pids):
    """Collects the ones among pids that are our (re-parented) zombie children."""
    for pid in pids:
        try:
            os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            pass


GNU_TIME = "/usr/bin/time"


def measured(cmd, out):
    """cmd wrapped in GNU time writing the peak RSS (KiB) to out; cmd itself when there is
    no GNU time."""
    if not os.access(GNU_TIME, os.X_OK):
        return cmd
    return [GNU_TIME, "-f", "%M", "-o", out] + cmd


def read_measure(path, rc):
    """(rc, maxrss_kb or None) from the file GNU time wrote.  GNU time exits 128+N when
    the command died of signal N; the file tells that apart from an exit(128+N)."""
    try:
        with open(path) as f:
            lines = f.read().split("\n")
        lines = [ln for ln in lines if ln.strip()]
        kb = int(lines[-1])
    except (OSError, ValueError, IndexError):
        return rc, None
    for ln in lines:
        if ln.startswith("Command terminated by signal"):
            return -int(ln.split()[-1]), kb
    return rc, kb


def exit_waiter(pid):
    """A function wait(seconds) that sleeps until pid exits or the time is up, so that
    wall times are not rounded up to the sampling period; wait(None) releases it.
    Falls back to plain sleeping where pidfd_open is missing (Linux < 5.3)."""
    try:
        fd = os.pidfd_open(pid)
    except (AttributeError, OSError):
        return lambda seconds: seconds and time.sleep(seconds)

    def wait(seconds):
        if seconds is None:
            os.close(fd)
        else:
            select.select([fd], [], [], seconds)
    return wait


_roots_lock = threading.Lock()
_roots = set()


def run(cmd, cwd, kill_after, stdout, stderr, linger=1.0, env=None, measure=True, memory_mb=None):
    """Runs cmd; SIGKILLs its whole tree kill_after seconds after the start;
    memory_mb limits each process's address space (RLIMIT_AS).
    Returns a dict: rc (negative: signal), wall, killed (the hard kill fired),
    maxrss_mb (ru_maxrss of cmd and the descendants it waited for; with
    measure, through GNU time), tree_mb (peak of the sampled sum over live
    descendants), leftovers (list of "pid comm: cmdline" still alive
    `linger` seconds after cmd ended; they are killed afterwards)."""
    measure_file = None
    if measure:  # in the temporary directory: cwd may be a corpus that is not ours to write
        fd, measure_file = tempfile.mkstemp(prefix="rh-maxrss-")
        os.close(fd)
        cmd = measured(cmd, measure_file)

    def limit_memory():
        limit = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    t0 = time.monotonic()
    # Started and registered under the lock: a parallel job's watcher that
    # sees the new child in a snapshot reads the roots after it (members())
    # and so waits for its registration, instead of taking it for an orphan
    # re-parented to us and killing it as its own leftover.
    with _roots_lock:
        proc = subprocess.Popen(cmd, cwd=cwd, stdout=stdout, stderr=stderr, stdin=subprocess.DEVNULL,
                                start_new_session=True, env=env,
                                preexec_fn=limit_memory if memory_mb else None)
        _roots.add(proc.pid)

    def others():
        with _roots_lock:
            return set(_roots) - {proc.pid}

    watch = Watch(proc.pid, others)
    killed = False
    status, usage = 0, None
    exited = exit_waiter(proc.pid)
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        watch.sample()
        if time.monotonic() - t0 > kill_after:
            killed = True
            watch.kill_all()
            _, status, usage = os.wait4(proc.pid, 0)
            break
        exited(POLL)
    exited(None)
    wall = time.monotonic() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)  # keeps Popen from waiting again
    leftovers = {}
    end = time.monotonic() + linger
    while True:
        tree = watch.sample()
        tree.pop(proc.pid, None)
        reap([p for p, i in tree.items() if i[2] == "Z"])
        leftovers = {p: i for p, i in tree.items() if i[2] != "Z"}
        if not leftovers or time.monotonic() > end:
            break
        time.sleep(0.05)
    described = ["%d %s: %s" % (p, i[5], cmdline(p)[:200]) for p, i in sorted(leftovers.items())]
    if leftovers:
        watch.kill_all()
        time.sleep(0.05)
        reap(list(leftovers))
    with _roots_lock:
        _roots.discard(proc.pid)
    maxrss_kb = usage.ru_maxrss if usage else 0
    if measure_file:
        rc, kb = read_measure(measure_file, proc.returncode)
        os.remove(measure_file)
        if cmd[0] == GNU_TIME:
            # No file: the tree was killed, and time's own rusage is not the command's.
            proc.returncode, maxrss_kb = rc, kb or 0
    return {"rc": proc.returncode, "wall": wall, "killed": killed,
            "maxrss_mb": maxrss_kb / 1024.0,
            "tree_mb": watch.peak_tree_kb / 1024.0, "leftovers": described}


def run_captured(cmd, cwd, kill_after, env=None, memory_mb=None, linger=0.2):
    """run() with stdout and stderr kept: a dict rc (None: cmd could not start;
    negative: signal), stdout, stderr (text), wall, mem_mb (peak RSS of cmd),
    timed_out (the hard kill fired), leftovers."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        try:
            r = run(cmd, cwd, kill_after, out, err, linger=linger, env=env, memory_mb=memory_mb)
        except OSError as e:
            return {"rc": None, "stdout": "", "stderr": "cannot start %s: %s" % (cmd[0], e),
                    "wall": 0.0, "mem_mb": 0.0, "timed_out": False, "leftovers": []}
        texts = []
        for f in (out, err):
            f.seek(0)
            texts.append(f.read().decode("utf-8", errors="replace"))
    return {"rc": r["rc"], "stdout": texts[0], "stderr": texts[1], "wall": r["wall"],
            "mem_mb": r["maxrss_mb"], "timed_out": r["killed"], "leftovers": r["leftovers"]}
