#!/usr/bin/env python3
"""test_install.py - racehunt installed like a Debian tool: `cmake --install`
to a temporary prefix puts the binary, the dynamic engine's runtime library
and the man page in place; the installed racehunt, run from another
directory, finds the race of examples/bank_account.c with the default and
the dynamic engine, takes its runtime from its own prefix (not the build
tree's), and its man page renders without warnings."""
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
import suite  # noqa: E402

check = suite.Checks("install")


def race_lines(stdout):
    try:
        rep = json.loads(stdout)
    except ValueError:
        return None, set(), []
    lines = {a["line"] for r in rep.get("races", []) if not r.get("evidence", "").startswith("may")
             for a in r.get("accesses", [])}
    return rep.get("verdict"), lines, rep.get("notes", [])


def analyse(rh, example, cwd, env, *args):
    p = subprocess.run([rh, "--format=json", "--timeout=30"] + list(args) + [example],
                       capture_output=True, text=True, cwd=cwd, env=env, timeout=120)
    verdict, lines, notes = race_lines(p.stdout)
    return p.returncode, verdict, lines, notes, p.stderr


def install(build_dir, prefix):
    p = subprocess.run(["cmake", "--install", build_dir, "--prefix", prefix],
                       capture_output=True, text=True, timeout=120)
    check("cmake --install succeeds", p.returncode == 0, p.stderr)
    for rel in ("bin/racehunt", "share/man/man1/racehunt.1"):
        check("installs %s" % rel, os.path.isfile(os.path.join(prefix, rel)))
    libs = [os.path.join(d, f) for d, _, fs in os.walk(prefix) for f in fs if f == "libracehunt_rt.a"]
    check("installs the runtime library under lib*/racehunt", len(libs) == 1 and
          os.path.basename(os.path.dirname(libs[0])) == "racehunt", libs)
    return libs[0] if libs else None


def check_engines(rh, example, elsewhere, env):
    want, _ = harness.annotations(example)
    for engine in ("auto", "dynamic"):
        rc, verdict, lines, notes, err = analyse(rh, example, elsewhere, env, "--engine=" + engine)
        check("installed racehunt, --engine=%s, run from another directory: race at lines %s"
              % (engine, sorted(want)), rc == 1 and verdict == "race" and lines == want,
              "exit %d, verdict %s, lines %s, notes %s, stderr %s" % (rc, verdict, sorted(lines), notes, err))


def link_or_copy(src, dst):
    """A hard link is as good as a copy here (/proc/self/exe names the link's
    path) and spares copying a large binary; the runtime is then replaced."""
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def check_own_runtime(prefix, runtime, example, elsewhere, env):
    """A copy of the installed tree whose runtime library is broken must
    fail to link: proof that racehunt took the library of its own prefix."""
    moved = prefix + "-moved"
    shutil.copytree(prefix, moved, symlinks=True, copy_function=link_or_copy)
    broken = os.path.join(moved, os.path.relpath(runtime, prefix))
    os.unlink(broken)  # a new file, not the installed one through a hard link
    with open(broken, "w") as f:
        f.write("not an archive\n")
    rc, verdict, lines, notes, err = analyse(os.path.join(moved, "bin", "racehunt"), example, elsewhere,
                                             env, "--engine=dynamic")
    check("a moved installation links the runtime of its own prefix",
          verdict == "unknown" and not lines and any("failed" in n for n in notes),
          "exit %d, verdict %s, notes %s" % (rc, verdict, notes))


def check_man(page):
    env = dict(os.environ, MANWIDTH="80", LC_ALL="C.UTF-8", MANPAGER="cat", PAGER="cat")
    if shutil.which("man"):
        cmd = ["man", "--warnings", "-l", page]
    elif shutil.which("groff"):
        cmd = ["groff", "-man", "-Tutf8", "-ww", page]
    else:
        print("skip rendering the man page: neither man nor groff is installed")
        return
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=60)
    sections = ("SYNOPSIS", "OPTIONS", "ENGINES", "OUTPUT FORMATS", "EXIT STATUS", "ENVIRONMENT",
                "EXAMPLES")
    missing = [s for s in sections if s not in p.stdout]
    check("the man page renders without warnings (%s)" % cmd[0],
          p.returncode == 0 and not p.stderr.strip() and not missing,
          "exit %d, stderr %s, missing %s" % (p.returncode, p.stderr, missing))


def main():
    racehunt = suite.racehunt_arg()
    build_dir = os.path.dirname(racehunt)
    example = os.path.join(harness.ROOT, "examples", "bank_account.c")
    with tempfile.TemporaryDirectory(prefix="rh-install-") as tmp:
        prefix, elsewhere = os.path.join(tmp, "prefix"), os.path.join(tmp, "cwd")
        os.mkdir(elsewhere)
        env = dict(os.environ, RACEHUNT_CACHE=os.path.join(tmp, "cache"))
        env.pop("RACEHUNT_RUNTIME", None)
        runtime = install(build_dir, prefix)
        if not check.failures:
            check_engines(os.path.join(prefix, "bin", "racehunt"), example, elsewhere, env)
            check_own_runtime(prefix, runtime, example, elsewhere, env)
            check_man(os.path.join(prefix, "share", "man", "man1", "racehunt.1"))
    check.finish()


if __name__ == "__main__":
    main()
