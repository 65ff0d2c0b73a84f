/* wit_group.c - short witnesses for many races of one run at the cost of
 * one replay (rh_wit_group, witness.h).
 *
 * A hand-made publication (a payload written, then a plain flag; the
 * reader polls the flag, then reads the payload) makes one race per field
 * of the payload, every one ordered only by the flag's race.  Minimising
 * each alone costs a replay or more per race (a real program's replay
 * takes a second), so a program with sixty such races got a witness for a
 * handful.  Their witnesses are prefixes of one recorded schedule (the
 * run's), so one schedule serves them all: the skeleton of the longest
 * (creations, timeouts) with every member's racing steps and the steps
 * of the race that orders it (try_ordering in wit_minimise.c), each
 * counted as the visits its thread made there in the recording.  One
 * replay of that schedule, cut at its first point past the schedule,
 * gives a witness to every race it meets (cut_at): the runtime says where
 * it met each (the schedule's lines taken, and the later thread's visits
 * to the racing line since the last), so the schedule taken up to there,
 * plus that thread's run to the racing line when the race came while it
 * ran to its next step, is a witness whose replay is the same run up to
 * the race (no second replay checks it; no departure came before), and
 * as short as the schedule up to where it was met.  Members get theirs
 * so, and so do the run's other races the replay met (carry_riders).
 * Failing that, a member whose steps the run all took without departing
 * (a run killed at its time limit says how far it followed) and whose
 * race it met within them gets the schedule through its steps (shown).
 * When the replay departs, the member whose step it could not take
 * leaves, and those after it try again; when it was killed before it got
 * there, they try once more with each step at its thread's next visit.
 */
#include "wit.h"
#include "result/witness_file.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WIT_GROUP_TRIES 3

static unsigned times_of(const rh_step *s)
{
    return s->times > 1 ? s->times : 1;
}

/* p's steps and inputs are the first of w's: both from one recorded run. */
static int is_prefix(const rh_witness *p, const rh_witness *w)
{
    if (p->nsteps > w->nsteps || p->seed != w->seed || p->ninputs != w->ninputs)
        return 0;
    for (int i = 0; i < p->ninputs; i++)
        if (p->inputs[i].value != w->inputs[i].value ||
            strcmp(p->inputs[i].name ? p->inputs[i].name : "", w->inputs[i].name ? w->inputs[i].name : ""))
            return 0;
    for (int i = 0; i < p->nsteps; i++) {
        const rh_step *a = &p->steps[i], *b = &w->steps[i];
        if (a->thread != b->thread || a->line != b->line || a->col != b->col ||
            a->timeout != b->timeout || times_of(a) != times_of(b))
            return 0;
    }
    return 1;
}

static int later_step(const rh_witness *w)
{
    return w->race_step_a > w->race_step_b ? w->race_step_a : w->race_step_b;
}

static int is_creation(const rh_step *s)
{
    return s->what && strncmp(s->what, "create", 6) == 0;
}

#define WIT_GROUP_SYNCS 24 /* synchronisation steps kept per member at most */

/* A step that may order two threads' accesses (an atomic access, a lock
 * operation, a semaphore or condition operation): the step texts of
 * dyn_report.c's step_what. */
static int is_sync(const rh_step *s)
{
    static const char *const kinds[] = {"atomic ", "lock", "unlock", "read-lock", "sem-",
                                        "signal", "broadcast", "wait", "wake up"};
    for (size_t i = 0; s->what && i < sizeof kinds / sizeof *kinds; i++)
        if (strncmp(s->what, kinds[i], strlen(kinds[i])) == 0)
            return 1;
    return 0;
}

/* Keeps the synchronisation steps of w's two threads between its racing
 * steps, in their recorded order.  A race is one because neither thread
 * synchronised with the other in between: a payload written, then a
 * message slot taken by a CAS on the queue's counter, then the flag; the
 * reader's own CAS on that counter comes after its reads.  Without them
 * a replay lets the reader run its loop (and its CAS) between the
 * writer's CAS and its reads, and the reads it makes are ordered, no
 * races.  At most WIT_GROUP_SYNCS, else none (a long stretch of locked
 * rounds would make the schedule long, and the member goes without). */
static void keep_syncs(const rh_witness *base, const rh_witness *w, char *keep)
{
    int i = w->race_step_a < w->race_step_b ? w->race_step_a : w->race_step_b;
    int j = w->race_step_a < w->race_step_b ? w->race_step_b : w->race_step_a;
    int tw = base->steps[i].thread, tr = base->steps[j].thread, n = 0;
    for (int x = i + 1; x < j && n <= WIT_GROUP_SYNCS; x++)
        n += (base->steps[x].thread == tw || base->steps[x].thread == tr) && is_sync(&base->steps[x]);
    for (int x = i + 1; x < j && n <= WIT_GROUP_SYNCS; x++)
        if ((base->steps[x].thread == tw || base->steps[x].thread == tr) && is_sync(&base->steps[x]))
            keep[x] = 1;
}

/* The group's schedule over base: creations and timeouts up to the last
 * member's race, each live member's racing and ordering steps and the
 * synchronisation steps between its racing steps (keep_syncs), each
 * counted as its thread's visits there since its own step kept before
 * (with `uncounted`, each its thread's next visit: when the recorded
 * counts hold only in the recorded timing, a reader whose polls all saw
 * the flag set makes its count of them only long after the race).
 * gidx[i] is base step i's index in it (-1 when dropped). */
static rh_witness *group_schedule(const rh_witness *base, rh_witness *const *ws, int n,
                                  const char *live, int *gidx, int uncounted)
{
    int last = -1;
    for (int k = 0; k < n; k++)
        if (live[k] && later_step(ws[k]) > last)
            last = later_step(ws[k]);
    if (last < 0)
        return NULL;
    char *keep = rh_xcalloc((size_t)base->nsteps + 1, 1);
    for (int i = 0; i <= last; i++)
        keep[i] = (char)(base->steps[i].timeout || is_creation(&base->steps[i]));
    for (int k = 0; k < n; k++) {
        if (!live[k])
            continue;
        keep[ws[k]->race_step_a] = keep[ws[k]->race_step_b] = 1;
        for (int o = 0; o < 2; o++)
            if (ws[k]->ordering[o] > 0 && ws[k]->ordering[o] - 1 <= last)
                keep[ws[k]->ordering[o] - 1] = 1;
    }
    for (int k = 0; k < n; k++)
        if (live[k])
            keep_syncs(base, ws[k], keep);
    rh_witness *g = wit_subset(base, keep);
    g->fair = 1;
    int at = 0;
    for (int i = 0; i < base->nsteps; i++) {
        gidx[i] = keep[i] ? at : -1;
        if (!keep[i])
            continue;
        int prev = i - 1; /* the step kept before of the same thread */
        while (prev >= 0 && !(keep[prev] && base->steps[prev].thread == base->steps[i].thread))
            prev--;
        unsigned v = uncounted ? 1 : wit_visits(base, prev, i);
        g->steps[at++].times = v >= 1 && v <= RH_WITNESS_MAX_TIMES ? v : 1;
    }
    free(keep);
    return g;
}

/* Schedule lines of g through its step s (a step of "times" N is N lines). */
static long lines_through(const rh_witness *g, int s)
{
    long n = 0;
    for (int i = 0; i <= s && i < g->nsteps; i++)
        n += times_of(&g->steps[i]);
    return n;
}

/* Race o of g's replay is one that g's first `end` lines replay into: it
 * was met before any departure, with only lines of that prefix taken, or
 * with its last line taken at the very scheduling point that met it (the
 * runtime's 'S' line).  The prefix's replay is the same run up to that
 * point (the schedule determines it), so it meets the race there, the
 * schedule used up and no departure: rh_wit_confirms's test. */
static int within_prefix(const rh_dyn_obs *o, long end)
{
    if (o->sched_pos < 0 || o->sched_div)
        return 0;
    return o->sched_pos < end || (o->sched_pos == end && o->sched_fresh);
}

/* The witness of the race at g's steps a and b that the replay `run` of g
 * shows: g's steps through the later one, those two marked, when the run
 * took every line of that prefix without a departure ('P' lines: a run
 * killed at its time limit says how far it got) and met a race at their
 * lines within it; else NULL.  A member
 * early in the group gets a short witness, whatever the group's size. */
static rh_witness *shown(const rh_wit_ctx *c, const rh_witness *g, const rh_dyn_trace *run, int a, int b)
{
    int last = a > b ? a : b;
    if (a < 0 || b < 0 || last >= g->nsteps || lines_through(g, last) > run->followed)
        return NULL; /* the run did not take every line of the prefix: it may depart there */
    char *keep = rh_xcalloc((size_t)g->nsteps + 1, 1);
    memset(keep, 1, (size_t)last + 1);
    rh_witness *w = wit_subset(g, keep);
    free(keep);
    w->fair = 1;
    w->race_step_a = a, w->race_step_b = b;
    long end = lines_through(g, last);
    int hit = 0;
    for (int i = 0; i < run->nraces && !hit; i++)
        hit = within_prefix(&run->races[i], end) && wit_matches(c->bin, &run->races[i], w);
    if (!hit) {
        rh_witness_free(w);
        return NULL;
    }
    rh_wit_fold(w);
    return w;
}

/* The step that makes the later access of race o (met in g's replay
 * with its thread's nth visit to the racing line since the last line
 * taken): "that thread runs to the racing line, n times". */
static void racing_step(const rh_dyn_loc *l, const rh_dyn_obs *o, unsigned n, rh_step *s)
{
    memset(s, 0, sizeof *s);
    s->thread = o->tid[1];
    s->file = rh_xstrdup(l->file ? l->file : "?");
    s->line = l->line, s->col = l->col;
    s->what = rh_xasprintf("%s %s", o->write[1] ? "write" : "read", l->access ? l->access : "memory");
    s->times = n;
}

/* The witness race o of g's replay makes by itself, from where the
 * runtime met it ('S' line): g's first q lines, q those taken when o was
 * met, no departure before; then, unless o was met at the very point that
 * took line q-1 (whose step is then o's later access), the later access's
 * thread running to the racing line the nth time, n its visits there
 * since line q-1 (the runtime counts them), when line q wanted that same
 * thread, so that the scheduler chose alike.  Its replay is g's run up to
 * o: it meets o at its last step, the schedule used up, no departure.
 * NULL when o's position makes none, or its earlier line is no step. */
static rh_witness *cut_at(const rh_wit_ctx *c, const rh_witness *g, const rh_dyn_obs *o)
{
    long q = o->sched_pos, l = 0;
    if (q <= 0 || o->sched_div || o->loc[0] >= (unsigned)c->bin->locs.len ||
        o->loc[1] >= (unsigned)c->bin->locs.len)
        return NULL;
    const rh_dyn_loc *la = &c->bin->locs.items[o->loc[0]], *lb = &c->bin->locs.items[o->loc[1]];
    int j = 0; /* the step of line q-1 */
    while (j < g->nsteps && l + (long)times_of(&g->steps[j]) < q)
        l += times_of(&g->steps[j++]);
    if (j >= g->nsteps)
        return NULL;
    unsigned part = (unsigned)(q - l); /* lines of step j taken */
    if (o->sched_fresh) {
        const rh_step *s = &g->steps[j];
        if (s->thread != o->tid[1] || s->line != lb->line || (s->col && s->col != lb->col))
            return NULL;
    } else {
        int next = part < times_of(&g->steps[j]) ? j : j + 1;
        if (next >= g->nsteps || g->steps[next].thread != o->tid[1] || !lb->col ||
            o->sched_visits < 1 || o->sched_visits > RH_WITNESS_MAX_TIMES)
            return NULL;
    }
    char *keep = rh_xcalloc((size_t)g->nsteps + 1, 1);
    memset(keep, 1, (size_t)j + 1);
    rh_witness *w = wit_subset(g, keep); /* room for one step more */
    free(keep);
    w->fair = 1;
    w->steps[j].times = part;
    if (!o->sched_fresh)
        racing_step(lb, o, (unsigned)o->sched_visits, &w->steps[w->nsteps++]);
    int b = w->nsteps - 1, a = -1;
    for (int i = b - 1; i >= 0 && a < 0; i--) /* the earlier access's line, of its thread first */
        if (w->steps[i].line == la->line && (!w->steps[i].col || w->steps[i].col == la->col) &&
            w->steps[i].thread == o->tid[0])
            a = i;
    for (int i = b - 1; i >= 0 && a < 0; i--)
        if (w->steps[i].line == la->line && (!w->steps[i].col || w->steps[i].col == la->col))
            a = i;
    if (a < 0) {
        rh_witness_free(w);
        return NULL;
    }
    w->race_step_a = a, w->race_step_b = b;
    rh_wit_fold(w);
    return w;
}

/* A witness for the race at w's racing lines from g's replay `run`: cut
 * where the run met it (cut_at), else g's prefix through its steps a and b
 * (shown; a, b < 0: none). */
static rh_witness *from_run(const rh_wit_ctx *c, const rh_witness *g, const rh_dyn_trace *run,
                            const rh_witness *w, int a, int b)
{
    for (int i = 0; i < run->nraces; i++) {
        if (!wit_matches(c->bin, &run->races[i], w))
            continue;
        rh_witness *cut = cut_at(c, g, &run->races[i]);
        if (cut)
            return cut;
    }
    return a >= 0 && b >= 0 ? shown(c, g, run, a, b) : NULL;
}

/* The member with a step at g's step gs (a racing or ordering one), or -1. */
static int owner(rh_witness *const *ws, int n, const char *live, const int *gidx, int gs)
{
    for (int k = 0; k < n; k++) {
        if (!live[k])
            continue;
        const rh_witness *w = ws[k];
        int steps[4] = {w->race_step_a, w->race_step_b, w->ordering[0] - 1, w->ordering[1] - 1};
        for (int j = 0; j < 4; j++)
            if (steps[j] >= 0 && gidx[steps[j]] == gs)
                return k;
    }
    return -1;
}

/* The last step of g at step s's thread and position other than `not`, or -1. */
static int step_at(const rh_witness *g, const rh_step *s, int not)
{
    for (int i = g->nsteps - 1; i >= 0; i--)
        if (i != not && g->steps[i].thread == s->thread && g->steps[i].line == s->line &&
            g->steps[i].col == s->col)
            return i;
    return -1;
}

/* The races of the same run that are no members (riders) but whose two
 * positions are steps of g (a member's write and another member's read:
 * the pairs of one publication cross): the replay (run, no departure)
 * that reported a race there is a witness of each, g with those steps
 * marked. */
static void carry_riders(const rh_wit_ctx *c, const rh_witness *g, const rh_dyn_trace *run,
                         const rh_group_riders *rd)
{
    for (int k = 0; rd && k < rd->n; k++) {
        const rh_witness *r = rd->ws[k];
        if (rd->out[k] || !r || r->seed != g->seed || r->race_step_a < 0 || r->race_step_b < 0 ||
            r->race_step_a >= r->nsteps || r->race_step_b >= r->nsteps)
            continue;
        int a = step_at(g, &r->steps[r->race_step_a], -1);
        int b = a < 0 ? -1 : step_at(g, &r->steps[r->race_step_b], a);
        rd->out[k] = from_run(c, g, run, r, a, b);
    }
}

/* RH_WIT_LOG=2: the races a group's replay met (the schedule's lines
 * taken when met, whether at the very point that took the last, the later
 * thread's visits to the racing line since) and its schedule, ">>" at the
 * step it had not finished when it ended (where a replay stalls). */
static void log_group(const rh_wit_ctx *c, const rh_witness *g, const rh_dyn_trace *run)
{
    const char *v = getenv("RH_WIT_LOG");
    if (!v || strcmp(v, "2") != 0)
        return;
    for (int i = 0; i < run->nraces; i++) {
        const rh_dyn_obs *o = &run->races[i];
        unsigned a = o->loc[0] < (unsigned)c->bin->locs.len ? c->bin->locs.items[o->loc[0]].line : 0;
        unsigned b = o->loc[1] < (unsigned)c->bin->locs.len ? c->bin->locs.items[o->loc[1]].line : 0;
        fprintf(stderr, "  race T%d %u - T%d %u at line %ld%s, departed %lu, visits %lu\n", o->tid[0], a,
                o->tid[1], b, o->sched_pos, o->sched_fresh ? " (fresh)" : "",
                (unsigned long)o->sched_div, (unsigned long)o->sched_visits);
    }
    for (int i = 0; i < g->nsteps; i++) {
        int at = lines_through(g, i) > run->followed && (i == 0 || lines_through(g, i - 1) <= run->followed);
        fprintf(stderr, "  %s%d: T%d %u:%u x%u %s\n", at ? ">>" : "  ", i, g->steps[i].thread,
                g->steps[i].line, g->steps[i].col, times_of(&g->steps[i]),
                g->steps[i].what ? g->steps[i].what : "");
    }
}

/* One replay of the group's schedule (cut where the schedule ends): each
 * member whose race it met within the schedule's prefix through the
 * member's later racing step gets that prefix, its racing steps marked
 * (out[k], shown); a departure spoils only what came after it: members
 * met before stand, and the member whose step the replay could not take
 * leaves while those after it stay for another try (why[k] for the rest).
 * Returns 1 when members are left worth another replay. */
static int try_group(const rh_wit_ctx *c, const rh_witness *base, rh_witness *const *ws, int n,
                     char *live, rh_witness **out, const char **why, const rh_group_riders *rd,
                     int uncounted, int *stalled)
{
    int *gidx = rh_xcalloc((size_t)base->nsteps + 1, sizeof *gidx);
    rh_witness *g = group_schedule(base, ws, n, live, gidx, uncounted);
    *stalled = 0;
    if (!g) {
        free(gidx);
        return 0;
    }
    rh_dyn_outcome run;
    char err[RH_ERR_MAX] = "";
    int again = 0, got = 0, left = 0;
    double t0 = rh_now();
    if (wit_run_cut(c, g, 1, &run, err) == 0) { /* only races met within the schedule count */
        long dep = run.trace.diverged ? run.trace.depart_step : -1;
        int gs = 0; /* the step of g where the run departed */
        for (long l = 0; dep >= 0 && gs < g->nsteps && l + (long)times_of(&g->steps[gs]) <= dep;)
            l += times_of(&g->steps[gs++]);
        int k0 = dep >= 0 ? owner(ws, n, live, gidx, gs) : -1;
        for (int k = 0; k < n; k++) {
            if (!live[k])
                continue;
            int a = gidx[ws[k]->race_step_a], b = gidx[ws[k]->race_step_b];
            if ((out[k] = from_run(c, g, &run.trace, ws[k], a, b)) != NULL) {
                live[k] = 0;
                got++;
            } else if (k == k0) {
                live[k] = 0;
                why[k] = "its replay departed from the schedule";
            } else if (dep >= 0 && (a > b ? a : b) >= gs) {
                left++; /* after the departure: not shown, not refuted */
            } else if (dep < 0 && lines_through(g, a > b ? a : b) > run.trace.followed) {
                *stalled = 1; /* killed before it got there: not refuted either */
            } else {
                live[k] = 0;
                why[k] = "its group's replay did not reach the race";
            }
        }
        carry_riders(c, g, &run.trace, rd);
        again = k0 >= 0 && left > 0;
        if (getenv("RH_WIT_LOG")) /* what the group's replay showed */
            fprintf(stderr, "racehunt: group: %d steps%s, departed %lu times at line %ld, followed %ld "
                            "lines, %d races, %d members shown, %.2f s, ended %s %s\n", g->nsteps,
                    uncounted ? " (uncounted)" : "", run.trace.diverged, run.trace.depart_step,
                    run.trace.followed, run.trace.nraces, got, rh_now() - t0, run.trace.end,
                    run.trace.end_detail ? run.trace.end_detail : "");
        log_group(c, g, &run.trace);
    } else if (getenv("RH_WIT_LOG")) {
        fprintf(stderr, "racehunt: group: replay failed: %s\n", err);
    }
    rh_dyn_outcome_free(&run);
    rh_witness_free(g);
    free(gidx);
    return again;
}

int rh_wit_group(const rh_wit_ctx *c, rh_witness *const *ws, int n, rh_witness **out,
                 const char **why, const rh_group_riders *riders)
{
    const rh_witness *base = NULL;
    char *live = rh_xcalloc((size_t)n + 1, 1);
    for (int k = 0; k < n; k++) {
        out[k] = NULL;
        why[k] = "no replay of it in the witness budget";
        const rh_witness *w = ws[k];
        if (w && w->race_step_a >= 0 && w->race_step_b >= 0 && w->race_step_a < w->nsteps &&
            w->race_step_b < w->nsteps && (!base || w->nsteps > base->nsteps))
            base = w;
    }
    for (int k = 0; base && k < n; k++) {
        const rh_witness *w = ws[k];
        live[k] = w && w->race_step_a >= 0 && w->race_step_b >= 0 && w->race_step_a < w->nsteps &&
                  w->race_step_b < w->nsteps && is_prefix(w, base);
        for (int o = 0; live[k] && o < 2; o++)
            if (w->ordering[o] > w->nsteps)
                live[k] = 0;
    }
    rh_wit_ctx quick = *c; /* the oracle needs the races, not the replayed run's events */
    quick.quick = 1;
    int tries = 0, uncounted = 0, stalled = 0;
    while (base && tries < WIT_GROUP_TRIES && rh_now() + 0.5 < c->deadline && !rh_cancelled()) {
        tries++;
        int again = try_group(&quick, base, ws, n, live, out, why, riders, uncounted, &stalled);
        if (stalled && !uncounted) /* once more, each step at its thread's next visit */
            again = uncounted = 1;
        if (!again)
            break;
    }
    for (int k = 0; tries > 0 && k < n; k++)
        if (live[k])
            why[k] = "its group's replay departed from the schedule";
    free(live);
    int got = 0;
    for (int k = 0; k < n; k++)
        got += out[k] != NULL;
    return got;
}
