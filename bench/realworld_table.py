"""realworld_table.py - the output formats of run_realworld.py: a progress line per run,
the TSV (one row per program and engine, every stage) and the Markdown table for READMEs."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tables  # noqa: E402

TSV_COLUMNS = ["program", "lines", "engine", "timeout_s", "exit", "status", "wall_s", "maxrss_mb",
               "tree_mb", "verdict", "races", "evidence", "may_locations", "notes", "leftovers",
               "clang_s", "clang_mb", "stages", "detail", "leftover_procs", "command"]

# Stages shorter than this are left out of the Markdown table (all are in the TSV).
SHOWN_STAGE_S = 0.05


def fmt(value, digits=2):
    if value is None or value == "":
        return ""
    if isinstance(value, float):
        return "%.*f" % (digits, value)
    return str(value)


def peak_mb(row):
    """The sampled sum over the live tree can miss a short peak that the
    rusage maximum of a single process caught, so take the larger."""
    return max(row.get("tree_mb") or 0.0, row.get("maxrss_mb") or 0.0)


def stages_field(stages):
    return ";".join("%s=%.3f/%s" % (name, sec, fmt(mb, 0)) for name, (sec, mb) in stages.items())


def slow_stages(stages, n=3):
    slow = sorted(((sec, name) for name, (sec, _) in stages.items() if sec >= SHOWN_STAGE_S), reverse=True)
    return ", ".join("%s %.1f" % (name, sec) for sec, name in slow[:n])


def short_detail(text):
    """The budget notes in a few words, for a table cell."""
    m = re.search(r"the (\w+) engine did not stop at the end of the time budget", text)
    if m:
        return "%s killed at the deadline" % m.group(1)
    m = re.search(r"time budget ran out during ([\w.]+)", text)
    if m:
        return "ran out in " + m.group(1)
    return re.sub(r"^racehunt: error: \S+: ", "", text)[:80]


def progress_line(row):
    return "%-26s %-7s %-15s %6.1f s %6.0f MB  %-9s races %-3s may %-4s notes %-3s%s" % (
        row["program"], row["engine"], row["status"], row["wall_s"], peak_mb(row), row["verdict"],
        row["races"], row["may_locations"], row["notes"],
        "  LEFTOVER: " + row["leftover_procs"] if row["leftovers"] else "")


def write_tsv(path, rows):
    with open(path, "w") as f:
        f.write("\t".join(TSV_COLUMNS) + "\n")
        for row in rows:
            cells = []
            for col in TSV_COLUMNS:
                val = row.get(col, "")
                val = stages_field(val) if col == "stages" else fmt(val, 3)
                cells.append(val.replace("\t", " ").replace("\n", " "))
            f.write("\t".join(cells) + "\n")


def markdown(rows, engines, budgets, summary):
    out = ["# racehunt on the real-world programs", ""]
    out += ["- " + line for line in summary]
    out += ["", "status: `finished` = exit 0/1/3 within budget + 2 s and no \"time budget ran out\" "
            "note; `budget-ran-out` = a stage stopped at the budget (the note says which); `late` = "
            "returned after budget + 2 s; `did-not-return` = still running long after the budget, "
            "killed. Peak MB: the whole process tree. races: reported races other than may-races; "
            "may: distinct source locations in possible races (`--may`). Stages: the slowest, "
            "seconds (all of them in results.tsv).", ""]
    for engine in engines:
        rs = [r for r in rows if r["engine"] == engine]
        if not rs:
            continue
        out += ["## `--engine=%s --timeout=%g`" % (engine, budgets.get(engine, 30.0)), ""]
        lines = []
        for r in rs:
            status = r["status"]
            if r.get("detail") and status != "finished":
                status += " (%s)" % short_detail(r["detail"])
            lines.append([r["program"], r["lines"], fmt(r.get("clang_s")), fmt(r.get("clang_mb"), 0), status,
                          "%.1f" % r["wall_s"], "%.0f" % peak_mb(r), r["verdict"], r["races"],
                          r["may_locations"], r["notes"], slow_stages(r["stages"]), r["leftovers"] or ""])
        out.append(tables.markdown(["program", "lines", "clang s", "clang MB", "status", "wall s", "peak MB",
                                    "verdict", "races", "may", "notes", "slowest stages", "left behind"],
                                   lines, "lrrrlrrlrrrlr"))
        out.append("")
    return "\n".join(out)
