#!/usr/bin/env python3
"""run_bench.py -- measure racehunt (or a baseline tool) on SV-COMP style data-race tasks.

Finds every NAME.yml task below the given folders, runs the tool on each task that has a
no-data-race property, scores the answers like SV-COMP and prints one table per task folder
plus a total.  Every task is also written as a row of a TSV file.  See bench/README.md.

Python 3 standard library only.
"""

import argparse
import concurrent.futures
import os
import shlex
import statistics
import sys
import tempfile
import threading

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(BENCH_DIR)
sys.path.insert(0, BENCH_DIR)
import proctree  # noqa: E402
import tables  # noqa: E402

# Seconds a child may overrun its --timeout before it is killed.
GRACE = 5

SCORES = {"correct-false": 1, "correct-true": 2, "wrong-false": -16, "wrong-true": -32}
CATEGORIES = ["correct-false", "correct-true", "wrong-false", "wrong-true",
              "unknown", "timeout", "error"]
TSV_COLUMNS = ["task", "group", "tool", "expected", "answer", "category",
               "time_s", "memory_mb", "detail"]


# ---------------------------------------------------------------- task files

def strip_yaml_scalar(text):
    """'x.i' / "x.i" / x.i  # comment  ->  x.i"""
    text = text.strip()
    if text[:1] in ("'", '"'):
        end = text.find(text[0], 1)
        return text[1:end] if end > 0 else text[1:]
    if " #" in text:
        text = text[:text.index(" #")]
    return text.strip()


def parse_inline_list(text):
    """['a.i', 'b.i'] -> ['a.i', 'b.i']; a plain scalar -> [scalar]."""
    text = text.strip()
    if text.startswith("["):
        inner = text[1:text.rfind("]")] if "]" in text else text[1:]
        return [strip_yaml_scalar(part) for part in inner.split(",") if part.strip()]
    return [strip_yaml_scalar(text)] if text else []


def parse_task_yml(path):
    """Read the few fields we need from a task file.

    Returns {'inputs': [...], 'properties': [{'property_file', 'expected_verdict'}],
    'data_model': ...}.  Only the small subset of YAML used by SV-COMP tasks is handled.
    """
    task = {"inputs": [], "properties": [], "data_model": None}
    section = None
    with open(path, encoding="utf-8", errors="replace") as f:
        for raw in f:
            line = raw.rstrip("\n")
            stripped = line.strip()
            if not stripped or stripped.startswith("#"):
                continue
            if not line[0].isspace():                # top-level key
                key, _, value = stripped.partition(":")
                section = key.strip()
                if section == "input_files":
                    task["inputs"] += parse_inline_list(value)
                continue
            parse_nested_line(task, section, stripped)
    return task


def parse_nested_line(task, section, stripped):
    """Handle one indented line inside the top-level `section`."""
    is_item = stripped.startswith("- ")
    body = stripped[2:].strip() if is_item else stripped
    if section == "input_files" and is_item:
        task["inputs"].append(strip_yaml_scalar(body))
        return
    key, _, value = body.partition(":")
    key, value = key.strip(), strip_yaml_scalar(value)
    if section == "properties":
        if is_item:
            task["properties"].append({})
        if task["properties"]:
            task["properties"][-1][key] = value
    elif section == "options" and key == "data_model":
        task["data_model"] = value


def load_task(yml_path, corpus_dir):
    """A task dict for the benchmark, or None when the task has no data-race property."""
    parsed = parse_task_yml(yml_path)
    verdict = None
    for prop in parsed["properties"]:
        if prop.get("property_file", "").endswith("no-data-race.prp"):
            verdict = prop.get("expected_verdict", "").lower()
            break
    if verdict is None:
        return None
    if verdict not in ("true", "false"):
        print(f"warning: {yml_path}: no expected verdict for no-data-race, skipped",
              file=sys.stderr)
        return None
    task_dir = os.path.dirname(yml_path)
    group = os.path.relpath(task_dir, corpus_dir)
    if group == ".":
        group = os.path.basename(os.path.abspath(corpus_dir))
    inputs = parsed["inputs"]
    return {
        "yml": yml_path,
        "name": os.path.relpath(yml_path, corpus_dir),
        "group": group,
        "dir": task_dir,
        "input": os.path.join(task_dir, inputs[0]) if inputs else None,
        "expected": verdict,
        # Format 1.0 task files have no options; SV-COMP ran those as ILP32.
        "data_model": parsed["data_model"] or "ILP32",
    }


def find_tasks(dirs, substring):
    tasks = []
    for corpus in dirs:
        for root, subdirs, files in os.walk(corpus):
            subdirs.sort()
            for name in sorted(files):
                if not name.endswith(".yml"):
                    continue
                path = os.path.join(root, name)
                if substring and substring not in path:
                    continue
                task = load_task_safely(path, corpus)
                if task:
                    tasks.append(task)
    return tasks


def load_task_safely(path, corpus):
    try:
        return load_task(path, corpus)
    except (OSError, ValueError) as e:
        print(f"warning: {path}: cannot read task: {e}", file=sys.stderr)
        return None


def last_line(text):
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1].strip() if lines else ""


def outcome(answer, wall, mem_mb, detail=""):
    return {"answer": answer, "time": wall, "mem_mb": mem_mb, "detail": detail}


# ---------------------------------------------------------------- racehunt

def run_racehunt(task, opts):
    cmd = [opts.racehunt, "--svcomp", f"--data-model={task['data_model']}",
           f"--timeout={opts.timeout:g}"]
    if opts.engine:
        cmd.append(f"--engine={opts.engine}")
    cmd += shlex.split(opts.extra or "")
    cmd += [task["input"], "--"] + include_flags(task)
    res = proctree.run_captured(cmd, task["dir"], opts.timeout + GRACE, memory_mb=opts.memory)
    if res["timed_out"]:
        return outcome("timeout", res["wall"], res["mem_mb"])
    answer = parse_result(res["stdout"])
    if res["rc"] == 2 or answer is None:
        detail = last_line(res["stderr"]) or f"exit code {res['rc']}, no RESULT line"
        return outcome("error", res["wall"], res["mem_mb"], detail)
    return outcome(answer, res["wall"], res["mem_mb"])


def include_flags(task):
    """-I for the task folder and its parent (goblint_stubs.h lives in the corpus folder)."""
    return ["-I", task["dir"], "-I", os.path.dirname(os.path.abspath(task["dir"]))]


def parse_result(stdout):
    """'RESULT: true' -> 'true', 'RESULT: false(no-data-race)' -> 'false', ...; else None."""
    results = [l.strip() for l in stdout.splitlines() if l.strip().startswith("RESULT:")]
    if not results:
        return None
    verdict = results[-1][len("RESULT:"):].strip().lower()
    if verdict == "true":
        return "true"
    if verdict.startswith("false"):
        return "false"
    if verdict == "unknown":
        return "unknown"
    return None


# ---------------------------------------------------------------- baselines: tsan, helgrind

# Stand-ins for the SV-COMP intrinsics, compiled next to the task.  All are weak so a task's
# own definition (many define reach_error or __VERIFIER_assert) wins.  Functions named
# __VERIFIER_atomic_* that the task defines itself cannot be made atomic from here: they
# run as ordinary functions, so the baselines may report races inside them.
STUB_C = r"""
#include <pthread.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#define W __attribute__((weak))

static pthread_mutex_t atomic_lock;
__attribute__((constructor)) static void stub_init(void) {
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&atomic_lock, &a);
    srand((unsigned)time(0) ^ ((unsigned)getpid() << 8));
}
/* Small non-negative values keep nondet loop bounds and thread counts reasonable. */
static long small(void) { return rand() % 16; }

W int __VERIFIER_nondet_int(void) { return (int)small(); }
W unsigned int __VERIFIER_nondet_uint(void) { return (unsigned)small(); }
W unsigned int __VERIFIER_nondet_unsigned(void) { return (unsigned)small(); }
W long __VERIFIER_nondet_long(void) { return small(); }
W unsigned long __VERIFIER_nondet_ulong(void) { return (unsigned long)small(); }
W long long __VERIFIER_nondet_longlong(void) { return small(); }
W unsigned long long __VERIFIER_nondet_ulonglong(void) { return small(); }
W char __VERIFIER_nondet_char(void) { return (char)small(); }
W unsigned char __VERIFIER_nondet_uchar(void) { return (unsigned char)small(); }
W short __VERIFIER_nondet_short(void) { return (short)small(); }
W unsigned short __VERIFIER_nondet_ushort(void) { return (unsigned short)small(); }
W _Bool __VERIFIER_nondet_bool(void) { return rand() & 1; }
W _Bool __VERIFIER_nondet__Bool(void) { return rand() & 1; }
W void *__VERIFIER_nondet_pointer(void) { return 0; }
W unsigned long __VERIFIER_nondet_size_t(void) { return (unsigned long)small(); }
W float __VERIFIER_nondet_float(void) { return (float)small(); }
W double __VERIFIER_nondet_double(void) { return (double)small(); }

W void __VERIFIER_assume(int c) { if (!c) _exit(0); }
W void __VERIFIER_assert(int c) { (void)c; }
W void __VERIFIER_atomic_begin(void) { pthread_mutex_lock(&atomic_lock); }
W void __VERIFIER_atomic_end(void) { pthread_mutex_unlock(&atomic_lock); }
W void reach_error(void) {}
W void __VERIFIER_error(void) {}
"""

TSAN_ENV = "halt_on_error=0 exitcode=66 report_signal_unsafe=0"
TSAN_RUNS = 5
TSAN_RACE = "WARNING: ThreadSanitizer: data race"


def compile_task(task, tmp, flags):
    """Compile the task input plus the stub; returns (binary path or None, error, seconds)."""
    stub = os.path.join(tmp, "verifier_stub.c")
    with open(stub, "w") as f:
        f.write(STUB_C)
    binary = os.path.join(tmp, "task.bin")
    cmd = ["gcc"] + flags + ["-w"] + include_flags(task) + [task["input"], stub, "-o", binary]
    res = proctree.run_captured(cmd, task["dir"], 120)
    if res["rc"] != 0:
        errors = [l for l in res["stderr"].splitlines()
                  if "error:" in l or "undefined reference" in l]
        detail = errors[0] if errors else last_line(res["stderr"]) or f"exit code {res['rc']}"
        return None, "compile error: " + detail.strip(), res["wall"]
    return binary, "", res["wall"]


def run_tsan(task, opts):
    # TSan has no 32-bit x86 runtime: ILP32 tasks are compiled for 64 bit as well.
    with tempfile.TemporaryDirectory(prefix="racehunt-bench-") as tmp:
        binary, err, ctime = compile_task(task, tmp, ["-fsanitize=thread", "-g", "-O1", "-pthread"])
        if not binary:
            return outcome("error", ctime, 0.0, err)
        env = dict(os.environ, TSAN_OPTIONS=TSAN_ENV)
        runs = []
        while len(runs) < TSAN_RUNS and not (runs and stop_repeating(runs[-1], TSAN_RACE)):
            runs.append(run_tsan_once(binary, task, opts, env))
        result = judge_runs(runs, TSAN_RACE, tsan_failure)
    result["time"] += ctime
    if task["data_model"] == "ILP32":
        result["detail"] = (result["detail"] + " " if result["detail"] else "") + "(ILP32 run as LP64)"
    return result


def run_tsan_once(binary, task, opts, env):
    # No RLIMIT_AS: TSan reserves terabytes of address space for its shadow memory.
    res = proctree.run_captured([binary], task["dir"], opts.timeout, env=env)
    if "unexpected memory mapping" in res["stderr"]:
        setarch = ["setarch", os.uname().machine, "-R", binary]
        res = proctree.run_captured(setarch, task["dir"], opts.timeout, env=env)
    return res


def tsan_failure(res):
    for marker in ("FATAL: ThreadSanitizer", "ThreadSanitizer: CHECK failed"):
        for line in res["stderr"].splitlines():
            if marker in line:
                return line.strip()
    return ""


def run_helgrind(task, opts):
    with tempfile.TemporaryDirectory(prefix="racehunt-bench-") as tmp:
        binary, err, ctime = compile_task(task, tmp, ["-g", "-O0", "-pthread"])
        if not binary:
            return outcome("error", ctime, 0.0, err)
        cmd = ["valgrind", "--tool=helgrind", "--error-exitcode=66", binary]
        res = proctree.run_captured(cmd, task["dir"], opts.timeout, memory_mb=opts.memory)
        result = judge_runs([res], "Possible data race", helgrind_failure)
    result["time"] += ctime
    return result


def helgrind_failure(res):
    if res["rc"] is None:
        return res["stderr"]
    for line in res["stderr"].splitlines():
        if "valgrind: " in line and ("error" in line.lower() or "fatal" in line.lower()):
            return line.strip()
    return ""


def stop_repeating(run, race_marker):
    """Another run is pointless once a race is seen or a run did not finish in time."""
    return race_marker in run["stderr"] or run["timed_out"] or run["rc"] is None


def judge_runs(runs, race_marker, failure):
    """A race in any run -> false; a run cut off by the timeout -> timeout; else true.

    A dynamic tool cannot prove race freedom; 'true' here only means no race was observed,
    which is what SV-COMP scoring would count.
    """
    wall = sum(r["wall"] for r in runs)
    mem = max(r["mem_mb"] for r in runs)
    if any(race_marker in r["stderr"] for r in runs):
        return outcome("false", wall, mem)
    for r in runs:
        if r["rc"] is None or failure(r):
            return outcome("error", wall, mem, failure(r) or last_line(r["stderr"]))
    if any(r["timed_out"] for r in runs):
        return outcome("timeout", wall, mem)
    return outcome("true", wall, mem)


# ---------------------------------------------------------------- one task

TOOLS = {"racehunt": run_racehunt, "tsan": run_tsan, "helgrind": run_helgrind}


def run_task(task, opts):
    if not task["input"] or not os.path.isfile(task["input"]):
        result = outcome("error", 0.0, 0.0, f"input file missing: {task['input']}")
    else:
        try:
            result = TOOLS[opts.tool](task, opts)
        except Exception as e:        # one broken task must not stop the benchmark
            result = outcome("error", 0.0, 0.0, f"{type(e).__name__}: {e}")
    result["category"] = categorize(task["expected"], result["answer"])
    return result


def categorize(expected, answer):
    if answer in ("true", "false"):
        return ("correct-" if answer == expected else "wrong-") + answer
    return answer


# ---------------------------------------------------------------- progress and tables

class Progress:
    """[k/N] lines: rewritten in place on a terminal, every 10th task otherwise."""

    def __init__(self, total):
        self.total, self.done = total, 0
        self.tty = sys.stdout.isatty()
        self.lock = threading.Lock()

    def update(self, task, result):
        with self.lock:
            self.done += 1
            line = f"[{self.done}/{self.total}] {task['name']} {result['answer']}"
            if self.tty:
                sys.stdout.write("\r\x1b[K" + line[-150:])
                sys.stdout.flush()
            elif self.done % 10 == 0 or self.done == self.total:
                print(line, flush=True)

    def finish(self):
        if self.tty and self.total:
            sys.stdout.write("\r\x1b[K")
            sys.stdout.flush()


TABLE_HEADER = ["group", "tasks", "correct race", "correct race-free", "wrong race",
                "wrong race-free", "unknown", "timeout", "error", "score",
                "median time", "max time", "peak memory MB"]


def summarize(rows):
    """One table row from a list of per-task rows (dicts with category, time, mem)."""
    count = {c: sum(1 for r in rows if r["category"] == c) for c in CATEGORIES}
    times = [float(r["time"]) for r in rows] or [0.0]
    mems = [float(r["mem_mb"]) for r in rows] or [0.0]
    return [len(rows), count["correct-false"], count["correct-true"], count["wrong-false"],
            count["wrong-true"], count["unknown"], count["timeout"], count["error"],
            score(rows), f"{statistics.median(times):.2f}", f"{max(times):.2f}",
            f"{max(mems):.0f}"]


def score(rows):
    return sum(SCORES.get(r["category"], 0) for r in rows)


def group_rows(rows):
    groups = {}
    for r in rows:
        groups.setdefault(r["group"], []).append(r)
    return groups


def print_report(rows):
    groups = group_rows(rows)
    lines = [[g] + summarize(groups[g]) for g in sorted(groups)]
    lines.append(["total"] + summarize(rows))
    print(tables.text(TABLE_HEADER, lines))
    racy = [r for r in rows if r["expected"] == "false"]
    safe = [r for r in rows if r["expected"] == "true"]
    print(f"\nracy tasks:      {sum(r['answer'] == 'false' for r in racy)}/{len(racy)} answered false (race found)")
    print(f"race-free tasks: {sum(r['answer'] == 'true' for r in safe)}/{len(safe)} answered true")
    print(f"score: {score(rows)}")


def write_tsv(path, rows):
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w") as f:
        f.write("\t".join(TSV_COLUMNS) + "\n")
        for r in rows:
            cells = [r["task"], r["group"], r["tool"], r["expected"], r["answer"],
                     r["category"], f"{r['time']:.3f}", f"{r['mem_mb']:.1f}",
                     r["detail"].replace("\t", " ").replace("\n", " ")]
            f.write("\t".join(cells) + "\n")


# ---------------------------------------------------------------- main

def parse_args(argv):
    p = argparse.ArgumentParser(description="Run racehunt (or a baseline) on SV-COMP style data-race tasks.")
    p.add_argument("dirs", nargs="*", metavar="DIR", help="task folders, searched recursively for .yml")
    p.add_argument("--racehunt", default=os.path.join(REPO_ROOT, "build", "racehunt"))
    p.add_argument("--engine", help="passed to racehunt as --engine=E")
    p.add_argument("--timeout", type=float, default=30, help="seconds per task (default 30, racehunt's own default)")
    p.add_argument("--memory", type=int, default=4096, help="MB address-space limit (default 4096)")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--tsv", help="output TSV (default bench/results/DATE-COMMIT-bench/TOOL.tsv)")
    p.add_argument("--filter", help="only tasks whose path contains this string")
    p.add_argument("--expected", choices=["true", "false"],
                   help="only tasks with this expected verdict (false: the racy ones)")
    p.add_argument("--extra", help="extra racehunt arguments (one string, split like a shell)")
    p.add_argument("--tool", choices=sorted(TOOLS), default="racehunt")
    p.add_argument("--fail-on-wrong", action="store_true", help="exit 1 if any answer is wrong")
    return p.parse_args(argv)


def default_dirs():
    corpus = os.path.join(os.path.dirname(REPO_ROOT), "shared", "bench")
    return [corpus] if os.path.isdir(corpus) else []


def check_tool(opts):
    if opts.tool == "racehunt" and not os.access(opts.racehunt, os.X_OK):
        return f"racehunt not found or not executable: {opts.racehunt}"
    needed = {"tsan": "gcc", "helgrind": "valgrind"}.get(opts.tool)
    if needed and not any(os.access(os.path.join(d, needed), os.X_OK)
                          for d in os.environ.get("PATH", "").split(os.pathsep)):
        return f"{needed} not found on PATH"
    return ""


def run_all(tasks, opts):
    progress = Progress(len(tasks))
    rows = []

    def work(task):
        result = run_task(task, opts)
        progress.update(task, result)
        return task, result

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, opts.jobs)) as pool:
        for task, result in pool.map(work, tasks):
            rows.append(dict(result, task=task["name"], group=task["group"],
                             expected=task["expected"], tool=opts.tool))
    progress.finish()
    return rows


def main(argv):
    opts = parse_args(argv)
    opts.racehunt = os.path.abspath(opts.racehunt)
    # Tasks run in a scratch directory, so relative task paths would not resolve there.
    dirs = [os.path.abspath(d) for d in (opts.dirs or default_dirs())]
    if not dirs:
        print("error: no task folder given and ../shared/bench not found", file=sys.stderr)
        return 2
    problem = check_tool(opts)
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    tasks = find_tasks(dirs, opts.filter)
    if opts.expected:
        tasks = [t for t in tasks if t["expected"] == opts.expected]
    if not tasks:
        print("error: no data-race tasks found", file=sys.stderr)
        return 2
    rows = run_all(tasks, opts)
    name = opts.tool if opts.tool != "racehunt" else opts.engine or "auto"
    tsv = opts.tsv or os.path.join(tables.results_dir("bench"), name + ".tsv")
    write_tsv(tsv, rows)
    print_report(rows)
    print(f"results: {tsv}")
    wrong = any(r["category"].startswith("wrong") for r in rows)
    return 1 if opts.fail_on_wrong and wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
