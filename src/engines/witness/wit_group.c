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
 * replay of that schedule shows which members it reaches: the run is the
 * one the schedule determines, whichever of its racing steps a witness
 * marks, so for each member whose race the replay reported (at its two
 * positions, the run never departing from the schedule) the schedule with
 * that member's racing steps marked is a witness that replayed, by the
 * same test as rh_wit_confirms.  It holds the other members' steps as
 * well: a group is kept small (the caller's RH_DYN_GROUP_MAX), so a
 * witness stays a few dozen steps.  When the replay departs, the member
 * whose step it could not take leaves the group, and the rest try again.
 * The run's other races ride along (carry_riders): one whose two
 * positions are steps of the schedule (a member's write and another
 * member's read of the same field) and whose race the replay reported is
 * confirmed by it too, the schedule with those steps marked.
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

/* The group's schedule over base: creations and timeouts up to the last
 * member's race, each live member's racing and ordering steps, each
 * counted as its thread's visits there since its own step kept before.
 * gidx[i] is base step i's index in it (-1 when dropped). */
static rh_witness *group_schedule(const rh_witness *base, rh_witness *const *ws, int n,
                                  const char *live, int *gidx)
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
        unsigned v = wit_visits(base, prev, i);
        g->steps[at++].times = v >= 1 && v <= RH_WITNESS_MAX_TIMES ? v : 1;
    }
    free(keep);
    return g;
}

/* g with member w's racing steps marked (gidx: base step to g step). */
static rh_witness *marked(const rh_witness *g, const int *gidx, const rh_witness *w)
{
    char *keep = rh_xcalloc((size_t)g->nsteps + 1, 1);
    memset(keep, 1, (size_t)g->nsteps);
    rh_witness *m = wit_subset(g, keep);
    free(keep);
    m->fair = 1;
    m->race_step_a = gidx[w->race_step_a];
    m->race_step_b = gidx[w->race_step_b];
    return m;
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
        if (b < 0)
            continue;
        char *keep = rh_xcalloc((size_t)g->nsteps + 1, 1);
        memset(keep, 1, (size_t)g->nsteps);
        rh_witness *w = wit_subset(g, keep);
        free(keep);
        w->fair = 1;
        w->race_step_a = a, w->race_step_b = b;
        int hit = 0;
        for (int i = 0; i < run->nraces && !hit; i++)
            hit = wit_matches(c->bin, &run->races[i], w);
        if (hit) {
            rh_wit_fold(w);
            rd->out[k] = w;
        } else {
            rh_witness_free(w);
        }
    }
}

/* One replay of the group's schedule: members it shows get it, their
 * racing steps marked (out[k]); a departure at a member's step takes that member out (why[k]).
 * Returns 1 when members are left worth another replay. */
static int try_group(const rh_wit_ctx *c, const rh_witness *base, rh_witness *const *ws, int n,
                     char *live, rh_witness **out, const char **why, const rh_group_riders *rd)
{
    int *gidx = rh_xcalloc((size_t)base->nsteps + 1, sizeof *gidx);
    rh_witness *g = group_schedule(base, ws, n, live, gidx);
    if (!g) {
        free(gidx);
        return 0;
    }
    long nlines = 0;
    for (int i = 0; i < g->nsteps; i++)
        nlines += times_of(&g->steps[i]);
    rh_dyn_outcome run;
    char err[RH_ERR_MAX] = "";
    int again = 0, got = 0;
    double t0 = rh_now();
    if (wit_run(c, g, &run, err) == 0) {
        for (int k = 0; k < n && !run.trace.diverged; k++) {
            if (!live[k])
                continue;
            rh_witness *w = marked(g, gidx, ws[k]);
            int hit = 0;
            for (int i = 0; i < run.trace.nraces && !hit; i++)
                hit = wit_matches(c->bin, &run.trace.races[i], w);
            live[k] = 0;
            if (hit) {
                rh_wit_fold(w);
                out[k] = w;
                got++;
            } else {
                rh_witness_free(w);
                why[k] = "its group's replay did not reach the race";
            }
        }
        if (!run.trace.diverged)
            carry_riders(c, g, &run.trace, rd);
        /* the member whose step the replay could not take leaves; the rest
         * try again */
        if (run.trace.diverged && run.trace.depart_step >= 0) {
            long l = 0;
            int gs = 0;
            while (gs < g->nsteps && l + (long)times_of(&g->steps[gs]) <= run.trace.depart_step)
                l += times_of(&g->steps[gs++]);
            int k = owner(ws, n, live, gidx, gs);
            if (k >= 0) {
                live[k] = 0;
                why[k] = "its replay departed from the schedule";
                again = 1;
            }
        }
        if (getenv("RH_WIT_LOG")) /* what the group's replay showed */
            fprintf(stderr, "racehunt: group: %d steps, departed %lu times at line %ld, %d races, "
                            "%d members shown, %.2f s, ended %s %s\n", g->nsteps, run.trace.diverged,
                    run.trace.depart_step, run.trace.nraces, got, rh_now() - t0, run.trace.end,
                    run.trace.end_detail ? run.trace.end_detail : "");
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
    int tries = 0;
    while (base && tries < WIT_GROUP_TRIES && rh_now() + 0.5 < c->deadline && !rh_cancelled()) {
        tries++;
        if (!try_group(&quick, base, ws, n, live, out, why, riders))
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
