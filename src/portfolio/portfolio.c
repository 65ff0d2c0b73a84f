/* portfolio.c - the engine table and the auto mode that combines engines.
 *
 * auto: the static engine runs first and ends the analysis when it proves
 * race freedom.  Otherwise the bmc engine runs in a forked child (its own
 * copy of the model, so nothing is shared between threads) while the
 * dynamic engine runs here, using both cores; the child hands its result
 * back as a JSON report on a pipe.  Races found by several engines are
 * merged into one record that keeps the strongest evidence.
 */
#include "portfolio.h"
#include "result/group.h"
#include "result/result_json.h"
#include "result/tier.h"
#include "util/cleanup.h"
#include "util/proc.h"
#include "util/util.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define RH_DEFAULT_TIMEOUT 30.0
#define RH_STATIC_SHARE 0.5 /* of the time left, for the static stage of auto */
#define RH_STATIC_GRACE 0.2 /* of its share, after its deadline, before it is killed */
/* Without --may, the possible races a stage sends beside its confirmed
 * and likely ones: enough for the dynamic stage's directed runs (it aims
 * at 16 pairs) and to name the static side of the races a run confirms. */
#define RH_STAGE_POSSIBLE_SENT 400
#define RH_KILL_AFTER 0.5 /* a stage still running this long after the user's budget is killed */
#define RH_MARGIN_MAX 2.0  /* seconds kept back for merging and writing the report */
#define RH_STOP_GRACE 1.0  /* seconds a stage asked to stop has to report (a solver call may not notice) */
/* Each stage may keep this share of the machine's memory resident: two run
 * side by side, and one that would take the rest (bmc's encoding of a large
 * program) must end as an unknown, not make the machine swap. */
#define RH_STAGE_MEMORY_PERCENT 45
#define RH_MEMORY_POLL_MS 250

const rh_engine rh_engines[] = {
    {"static", rh_static_run, "thread-modular static analysis (RacerF): proves race freedom", 0},
    {"bmc", rh_bmc_run, "bounded model checking by lazy sequentialization (LaDR) on Z3", 1},
    {"dynamic", rh_dynamic_run, "controlled executions with happens-before detection", 0},
    {NULL, NULL, NULL, 0},
};

const rh_engine *rh_portfolio_find(const char *name)
{
    for (const rh_engine *e = rh_engines; e->name; e++)
        if (strcmp(e->name, name) == 0)
            return e;
    return NULL;
}

/* Copies the budget's per-stage time and peak memory into res (--stats). */
static void stage_stats(const rh_budget *b, rh_result *res)
{
    char name[96];
    for (int i = 0; i < b->nstats; i++) {
        snprintf(name, sizeof name, "stage.%s.seconds", b->stats[i].name);
        rh_result_stat(res, name, b->stats[i].seconds);
        snprintf(name, sizeof name, "stage.%s.peak_mb", b->stats[i].name);
        rh_result_stat(res, name, (double)b->stats[i].peak_rss_kb / 1024.0);
    }
}

/* Witnesses are kept while their steps add up to at most this many: a
 * program with dozens of races and witnesses of 60,000 steps each made a
 * 128 MB report whose writing alone broke the time budget (a sanitizer
 * build parses 20 MB of JSON for seconds; at 50,000 steps, parsing and
 * writing still took seconds on a loaded machine).  The first race keeps
 * its witness (--witness saves the first); the others keep theirs shortest
 * first, so that a few long unshortened ones do not cost the short ones
 * theirs.  What is dropped is said: a note names the races. */
#define RH_WITNESS_STEPS_MAX 20000
#define RH_WITNESS_DROPPED_NAMED 4 /* races the note names; the rest are counted */

static void bound_witnesses(rh_result *res)
{
    int *order = rh_xcalloc((size_t)res->nraces + 1, sizeof *order), n = 0;
    long total = 0;
    for (int i = 0; i < res->nraces; i++) {
        const rh_witness *w = res->races[i].witness;
        if (!w)
            continue;
        if (total == 0 && n == 0) {
            total = w->nsteps > 0 ? w->nsteps : 1; /* the first, whatever its length */
            continue;
        }
        int j = n++; /* insertion by length, shortest first (stable) */
        for (; j > 0 && res->races[order[j - 1]].witness->nsteps > w->nsteps; j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    int dropped = 0;
    long longest = 0;
    char named[512] = "";
    for (int k = 0; k < n; k++) {
        rh_race *r = &res->races[order[k]];
        if (total + r->witness->nsteps <= RH_WITNESS_STEPS_MAX) {
            total += r->witness->nsteps;
            continue;
        }
        if (dropped < RH_WITNESS_DROPPED_NAMED) {
            size_t at = strlen(named);
            snprintf(named + at, sizeof named - at, "%s%s:%u and %s:%u", dropped ? "; " : "",
                     r->a.file ? r->a.file : "?", r->a.line, r->b.file ? r->b.file : "?", r->b.line);
        }
        longest = r->witness->nsteps > longest ? r->witness->nsteps : longest;
        rh_witness_free(r->witness);
        r->witness = NULL;
        dropped++;
    }
    free(order);
    if (dropped)
        rh_result_note(res, "%d race(s) are reported without their witness schedule (up to %ld "
                            "steps each): the report keeps at most %d steps of witnesses, shortest "
                            "first: %s%s", dropped, longest, RH_WITNESS_STEPS_MAX, named,
                       dropped > RH_WITNESS_DROPPED_NAMED ? "; ..." : "");
}

/* Runs one engine and records its time; an internal failure becomes a note
 * and an unknown verdict, so one broken engine never sinks the others. */
static void run_one(const rh_engine *e, rh_program *prog, const rh_options *o, rh_budget *budget,
                    rh_result *res)
{
    char err[RH_ERR_MAX] = "", name[64];
    double t0 = rh_now();
    budget->nstats = 0;
    rh_budget_stage(budget, e->name);
    if (e->run(prog, o, budget, res, err)) {
        res->verdict = RH_UNKNOWN;
        rh_result_note(res, "the %s engine failed: %s", e->name, err);
    }
    char *out = rh_budget_out_note(budget);
    if (out) {
        rh_result_note(res, "%s: %s", e->name, out);
        free(out);
    }
    rh_budget_finish(budget);
    rh_tier_assign_all(res); /* engines may have changed evidence after adding a race */
    bound_witnesses(res);
    stage_stats(budget, res);
    snprintf(name, sizeof name, "%s.seconds", e->name);
    rh_result_stat(res, name, rh_now() - t0);
    if (!res->engine)
        res->engine = rh_xstrdup(e->name);
}

/* Two records describe the same race when their access locations match. */
static int same_pair(const rh_race *x, const rh_race *y)
{
    /* lines first: every record of a stage is compared with every other
     * (10,000 of them: a file name compared each time took seconds) */
#define SAME(p, q) ((p).line == (q).line && (p).col == (q).col && strcmp((p).file, (q).file) == 0)
    return (SAME(x->a, y->a) && SAME(x->b, y->b)) || (SAME(x->a, y->b) && SAME(x->b, y->a));
#undef SAME
}

/* Adds r to res, folding it into an existing record of the same pair. */
static void merge_race(rh_result *res, rh_race *r)
{
    for (int i = 0; i < res->nraces; i++) {
        rh_race *old = &res->races[i];
        if (!same_pair(old, r))
            continue;
        char *engines = rh_xasprintf("%s+%s", old->engine, r->engine);
        if (r->evidence > old->evidence) {
            rh_race tmp = *old;
            *old = *r;
            *r = tmp;
        }
        if (!old->witness) {
            old->witness = r->witness;
            r->witness = NULL;
        }
        /* an engine that saw the race covered by an annotation (a benign
         * range, an ignore region) names it for all: the others may only
         * have failed to pin the annotation down */
        if (old->hidden == RH_SHOWN && r->hidden == RH_HID_ANNOTATION) {
            old->hidden = r->hidden;
            old->hidden_by = r->hidden_by;
            r->hidden_by = NULL;
        }
        /* Engines name objects differently well: a static engine knows the
         * variable or allocation site, a dynamic one knows globals and heap
         * blocks but names other memory only as the source does ("memory
         * '*p' ..."); the name keeps its byte range. */
        if (r->object && strncmp(r->object, "memory ", 7) != 0 &&
            (!old->object || strncmp(old->object, "memory ", 7) == 0)) {
            free(old->object);
            old->object = r->object;
            r->object = NULL;
            old->offset_lo = r->offset_lo, old->offset_hi = r->offset_hi;
        }
        free(old->engine);
        old->engine = engines;
        rh_tier_assign(old);
        rh_race_free(r);
        return;
    }
    rh_result_add_race(res, r);
}

/* Moves everything `from` found into `to` and frees `from`. */
static void merge(rh_result *to, rh_result *from)
{
    for (int i = 0; i < from->nraces; i++)
        merge_race(to, &from->races[i]);
    for (int i = 0; i < from->nnotes; i++)
        rh_result_note(to, "%s", from->notes[i]);
    rh_result_move_counts(to, from);
    for (int i = 0; i < from->nstats; i++)
        rh_result_stat(to, from->stats[i].name, from->stats[i].value);
    rh_result_free(from);
}

typedef struct rh_child {
    const rh_engine *engine;
    pid_t pid;
    int fd;            /* read end of the result pipe, -1 once collected */
    char *buf;         /* the JSON result read so far */
    size_t len, cap;
    rh_verdict verdict;
    int stopped;       /* asked to stop: the verdict no longer depends on it */
    int killed;        /* killed at the deadline */
    int over_memory;   /* killed for holding more than its share of memory */
} rh_child;

/* Starts an engine in a forked process that writes its result as JSON. */
static int start_child(const rh_engine *e, rh_program *prog, const rh_options *o, rh_budget *budget,
                       rh_child *c)
{
    int fds[2];
    memset(c, 0, sizeof *c);
    c->engine = e, c->fd = -1, c->verdict = RH_UNKNOWN;
    if (pipe2(fds, O_CLOEXEC)) /* not inherited by the programs the engine runs */
        return -1;
    fflush(NULL);
    pid_t self = getpid();
    c->pid = fork();
    if (c->pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (c->pid == 0) {
        close(fds[0]);
        rh_die_with_parent(self); /* and its own process group, killed whole */
        rh_cancel_on_sigterm();
        rh_result res = {0};
        run_one(e, prog, o, budget, &res);
        if (!o->may) /* counted, not listed: keep only what later stages aim at */
            rh_groups_fold_possible(&res, RH_STAGE_POSSIBLE_SENT);
        json_t *j = rh_result_to_json(&res, 1);
        FILE *out = fdopen(fds[1], "w");
        if (out) {
            json_dumpf(j, out, JSON_COMPACT);
            fclose(out);
        }
        _exit(0);
    }
    setpgid(c->pid, c->pid); /* also here: a kill may come before the child's own call */
    rh_cleanup_add_child(c->pid); /* an interrupted racehunt kills the stage's group */
    close(fds[1]);
    c->fd = fds[0];
    return 0;
}

/* Reads what the child has written; at end of file (or on error) reaps the
 * child, merges its result into res and returns 1. */
static int read_child(rh_child *c, rh_result *res)
{
    if (c->len + 65536 > c->cap)
        c->buf = rh_xrealloc(c->buf, c->cap = 2 * c->cap + 65536);
    ssize_t n = read(c->fd, c->buf + c->len, c->cap - c->len - 1);
    if (n < 0 && errno == EINTR)
        return 0;
    if (n > 0) {
        c->len += (size_t)n;
        return 0;
    }
    close(c->fd);
    c->fd = -1;
    int status = 0;
    waitpid(c->pid, &status, 0);
    rh_cleanup_remove_child(c->pid); /* and sweeps what a killed stage left */
    json_error_t jerr;
    json_t *j = json_loadb(c->buf, c->len, 0, &jerr);
    char err[RH_ERR_MAX];
    rh_result got;
    if (j && rh_result_from_json(j, &got, err) == 0) {
        c->verdict = got.verdict;
        merge(res, &got);
    } else if (c->stopped) {
        rh_result_note(res, "the %s engine was stopped once the verdict no longer depended on it",
                       c->engine->name);
    } else if (c->over_memory) {
        rh_result_note(res, "the %s engine was stopped when it held more than its share of memory "
                            "(%d%% of this machine's, %llu MB); nothing it found is reported",
                       c->engine->name, RH_STAGE_MEMORY_PERCENT,
                       rh_proc_memory_share(RH_STAGE_MEMORY_PERCENT) >> 20);
    } else if (c->killed) {
        rh_result_note(res, "the %s engine did not stop at the end of the time budget and was "
                            "killed; nothing it found is reported", c->engine->name);
    } else { /* a racehunt bug: say so rather than pass it off as a time-out */
        rh_result_note(res, "the %s engine failed (%s %d) and reported nothing", c->engine->name,
                       WIFSIGNALED(status) ? "signal" : "exit status",
                       WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
    }
    json_decref(j);
    free(c->buf);
    c->buf = NULL;
    return 1;
}

static int races_confirmed(const rh_result *res)
{
    for (int i = 0; i < res->nraces; i++)
        if (rh_evidence_confirmed(res->races[i].evidence))
            return 1;
    return 0;
}

/* Whether the stages still running are no longer worth waiting for: one
 * finished stage proved race freedom, or races are confirmed and only
 * stages that stop at their first race are left (the stages that look for
 * every race have had their budget). */
static int no_longer_needed(const rh_child *c, int n, const rh_result *res)
{
    for (int i = 0; i < n; i++)
        if (c[i].fd < 0 && c[i].verdict == RH_RACE_FREE)
            return 1;
    for (int i = 0; i < n; i++)
        if (c[i].fd >= 0 && !c[i].engine->one_race)
            return 0;
    return races_confirmed(res);
}

/* Tells the stages still running that a race is confirmed, so one that
 * spends the rest of its budget looking for a first race stops that. */
static void tell_race_confirmed(const rh_child *c, int n)
{
    for (int i = 0; i < n; i++)
        if (c[i].fd >= 0)
            kill(c[i].pid, SIGUSR1);
}

/* Kills the stages holding more than their share of memory (a stage
 * alone: its own process, not the programs it runs, which have caps of
 * their own). */
static void stop_over_memory(rh_child *c, int n)
{
    unsigned long long share = rh_proc_memory_share(RH_STAGE_MEMORY_PERCENT);
    for (int i = 0; share && i < n; i++)
        if (c[i].fd >= 0 && !c[i].over_memory && rh_proc_resident(c[i].pid) > share) {
            kill(-c[i].pid, SIGKILL);
            c[i].over_memory = 1;
        }
}

/* Collects the results of n children into res.  Stages that can no longer
 * change the verdict are asked to stop (SIGTERM: they wind down and
 * report); whoever still runs RH_KILL_AFTER past the budget's end is killed. */
static void collect_children(rh_child *c, int n, const rh_budget *budget, rh_result *res)
{
    int open = n, cancelled = 0, told = 0;
    /* Engines aim at the deadline, which keeps a margin; a stage whose last
     * solver call overruns it still reports if it is done by the budget's
     * end plus RH_KILL_AFTER, which leaves racehunt a second and a half
     * to merge and write the report (one second was too little under ASan
     * on a loaded machine). */
    double until = budget->end + RH_KILL_AFTER;
    while (open > 0) {
        struct pollfd p[2];
        int map[2], np = 0;
        for (int i = 0; i < n && np < 2; i++)
            if (c[i].fd >= 0)
                p[np] = (struct pollfd){c[i].fd, POLLIN, 0}, map[np++] = i;
        double left = until - rh_now();
        if (left <= 0)
            break;
        int wait_ms = (int)(left * 1000) + 1;
        if (poll(p, (nfds_t)np, wait_ms < RH_MEMORY_POLL_MS ? wait_ms : RH_MEMORY_POLL_MS) == 0) {
            stop_over_memory(c, n);
            continue;
        }
        for (int k = 0; k < np; k++)
            if (p[k].revents && read_child(&c[map[k]], res))
                open--;
        if (!cancelled && no_longer_needed(c, n, res)) {
            for (int k = 0; k < n; k++)
                if (c[k].fd >= 0)
                    kill(-c[k].pid, SIGTERM), c[k].stopped = 1;
            cancelled = 1;
            if (rh_now() + RH_STOP_GRACE < until)
                until = rh_now() + RH_STOP_GRACE;
        }
        if (!told && races_confirmed(res)) {
            tell_race_confirmed(c, n);
            told = 1;
        }
    }
    for (int i = 0; i < n; i++)
        if (c[i].fd >= 0) {
            kill(-c[i].pid, SIGKILL); /* the stage and whatever it started */
            c[i].killed = 1;
            while (!read_child(&c[i], res)) /* drain to end of file, then reap */
                ;
        }
}

/* Verdict of the merged races (doc/design.md, soundness discipline).  A
 * static must-race no execution confirmed, against bmc's exhaustive proof
 * of race freedom: one engine is wrong, and we cannot tell which. */
static rh_verdict merged_verdict(rh_result *res, int proved_free)
{
    int must = 0;
    for (int i = 0; i < res->nraces; i++) {
        if (rh_evidence_confirmed(res->races[i].evidence))
            return RH_RACE;
        must |= res->races[i].evidence == RH_EV_MUST;
    }
    if (must && proved_free) {
        rh_result_note(res, "the static engine's likely race and bmc's proof of race freedom "
                            "contradict each other; neither answer is given");
        return RH_UNKNOWN;
    }
    if (must)
        return RH_RACE;
    return proved_free ? RH_RACE_FREE : RH_UNKNOWN;
}

/* Runs stages e[0..n) (n <= 2) in parallel child processes and merges
 * what they find into res; verdicts[i] is stage i's own verdict. */
static void run_stages(const rh_engine **e, int n, rh_program *prog, const rh_options *o,
                       rh_budget *budget, rh_result *res, rh_verdict *verdicts)
{
    rh_child c[2];
    int started = 0;
    if (rh_budget_over(budget)) { /* a stage started now would only be killed */
        for (int i = 0; i < n && i < 2; i++)
            rh_result_note(res, "%s: not started, the time budget ran out before", e[i]->name);
        return;
    }
    rh_proc_snapshot *before = rh_proc_snapshot_take();
    for (int i = 0; i < n && i < 2; i++) {
        if (start_child(e[i], prog, o, budget, &c[i]))
            break;
        started++;
    }
    if (started == 0) {
        rh_proc_snapshot_sweep(before);
        rh_result_note(res, "cannot start a stage process: %s", strerror(errno));
        return;
    }
    collect_children(c, started, budget, res);
    rh_proc_snapshot_sweep(before); /* what a killed stage's program left */
    for (int i = 0; i < started; i++)
        verdicts[i] = c[i].verdict;
}

/* Runs one stage in a child process, so that the deadline holds whatever
 * the stage does (the child is killed a grace period after it). */
static rh_verdict run_stage(const rh_engine *e, rh_program *prog, const rh_options *o,
                            rh_budget *budget, rh_result *res)
{
    rh_verdict v = RH_UNKNOWN;
    run_stages(&e, 1, prog, o, budget, res, &v);
    return v;
}

static int run_auto(rh_program *prog, const rh_options *o, rh_budget *budget, rh_result *res)
{
    /* A static analysis that has not finished in half the time rarely does
     * in all of it, while the dynamic engine can still find races in the
     * other half. */
    rh_budget static_budget = rh_budget_share(budget, RH_STATIC_SHARE);
    /* Its report is what every later stage aims at: a stage that stops at
     * its deadline still names and sends up to 10,000 pairs, which took a
     * loaded machine (load 10 on 2 cores) more than the grace of a budget's
     * share, and the stage was killed with nothing reported.  The later
     * stages lose this time only when the static stage needs it. */
    double grace = RH_STATIC_GRACE * (static_budget.deadline - rh_now());
    if (static_budget.end < static_budget.deadline + grace)
        static_budget.end = static_budget.deadline + grace;
    if (static_budget.end > budget->deadline)
        static_budget.end = budget->deadline;
    rh_verdict static_verdict = run_stage(rh_portfolio_find("static"), prog, o, &static_budget, res);
    if (static_verdict == RH_RACE_FREE) {
        res->verdict = RH_RACE_FREE;
        res->engine = rh_xstrdup("static");
        return 0;
    }
    /* the dynamic stage first tries to confirm the static candidates, each
     * with runs directed at its pair */
    rh_dynamic_take_candidates(res);
    /* bmc and dynamic in two processes (both cores), or one after the other */
    const rh_engine *later[2] = {rh_portfolio_find("bmc"), rh_portfolio_find("dynamic")};
    rh_verdict v[2] = {RH_UNKNOWN, RH_UNKNOWN};
    if (o->jobs > 1) {
        run_stages(later, 2, prog, o, budget, res, v);
    } else {
        v[0] = run_stage(later[0], prog, o, budget, res);
        if (races_confirmed(res))
            rh_set_race_confirmed_elsewhere(); /* the dynamic runs need not search on */
        if (v[0] != RH_RACE_FREE)
            run_stage(later[1], prog, o, budget, res);
    }
    res->verdict = merged_verdict(res, v[0] == RH_RACE_FREE);
    res->engine = rh_xstrdup("auto");
    rh_tier_assign_all(res);
    return 0;
}

void rh_portfolio_budget(const rh_options *o, rh_budget *b)
{
    /* The budget is the user's wall clock: compiling counted, and a margin
     * kept so that engines which overrun a little still finish in time. */
    double budget = o->timeout > 0 ? o->timeout : RH_DEFAULT_TIMEOUT;
    /* half a second for the report whatever the budget (reading a stage's
     * result and writing the report took that long on a loaded machine,
     * which broke T+2 at small budgets), plus a tenth of the budget */
    double margin = budget * 0.1 + 0.5 < RH_MARGIN_MAX ? budget * 0.1 + 0.5 : RH_MARGIN_MAX;
    if (margin > budget / 2)
        margin = budget / 2;
    rh_budget_init(b, o->start > 0 ? o->start : rh_now(), budget - margin,
                   o->verbose || isatty(2));
    b->end = b->start + budget;
}

int rh_portfolio_run(rh_program *prog, const rh_options *user, rh_budget *budget, rh_result *res,
                     char *err)
{
    /* The static engine always looks for possible races (about a second on
     * real programs): the strong ones are the report's likely races
     * (result/tier.h), the rest its count of possible ones.  No verdict
     * depends on it; SV-COMP mode keeps the plain search.  (--may itself
     * still decides what the report lists.) */
    rh_options eng = *user;
    const rh_options *o = &eng;
    eng.may = user->may || !user->svcomp;
    stage_stats(budget, res); /* the front end's stages */
    if (strcmp(o->engine, "auto") == 0)
        return run_auto(prog, o, budget, res);
    const rh_engine *e = rh_portfolio_find(o->engine);
    if (!e)
        return rh_fail(err, "unknown engine '%s' (expected auto, static, bmc or dynamic)", o->engine);
    double t0 = rh_now();
    res->verdict = run_stage(e, prog, o, budget, res);
    rh_result_stat(res, "seconds", rh_now() - t0);
    if (!res->engine)
        res->engine = rh_xstrdup(e->name);
    rh_tier_assign_all(res);
    return 0;
}

const char *rh_portfolio_svcomp_answer(const rh_result *res)
{
    if (res->verdict == RH_RACE_FREE)
        return "true";
    if (res->verdict != RH_RACE)
        return "unknown";
    /* Only evidence that cannot be a false alarm answers false (doc/design.md);
     * static must-races qualify only while their measured false-alarm rate
     * on the benchmarks stays zero (see README, Benchmarks). */
    for (int i = 0; i < res->nraces; i++)
        if (rh_evidence_confirmed(res->races[i].evidence) || res->races[i].evidence == RH_EV_MUST)
            return "false(no-data-race)";
    return "unknown";
}
