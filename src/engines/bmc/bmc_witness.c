/* bmc_witness.c - reads a satisfying assignment back as a race record: the
 * two racing accesses, the object they share, and the witness schedule
 * (which thread ran which source locations in which context, in order) with
 * the nondeterministic input values the execution uses.
 *
 * Threads are numbered as a run numbers them: main is 0, then in the order
 * their creations execute in the schedule.
 */
#include "bmc.h"
#include "engines/dynamic/dyn.h"
#include "engines/dynamic/dse.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct wctx {
    rh_bmc_ctx *c;
    Z3_model m;
    rh_bmc_enc *e;
    int rid[RH_BMC_MAX_THREADS]; /* run-time thread number, -1 until created */
    int nrid;
} wctx;

uint64_t rh_bmc_eval_u64(rh_bmc_ctx *c, Z3_model m, Z3_ast a)
{
    Z3_ast v;
    uint64_t n = 0;
    if (a && Z3_model_eval(c->z, m, a, 1, &v))
        Z3_get_numeral_uint64(c->z, v, &n);
    return n;
}

static uint64_t eval_u64(wctx *W, Z3_ast a)
{
    return rh_bmc_eval_u64(W->c, W->m, a);
}

static int eval_bool(wctx *W, Z3_ast a)
{
    Z3_ast v;
    if (!a || !Z3_model_eval(W->c->z, W->m, a, 1, &v))
        return 0;
    return Z3_get_bool_value(W->c->z, v) == Z3_L_TRUE;
}

static long long eval_signed(wctx *W, Z3_ast a)
{
    uint64_t u = eval_u64(W, a);
    unsigned w = rh_bmc_width(W->c, a);
    if (w < 64 && (u >> (w - 1)) & 1)
        u |= ~((UINT64_C(1) << w) - 1);
    return (long long)u;
}

static char *describe_object(wctx *W, uint64_t addr)
{
    const rh_bmc_object *o = rh_bmc_object_at(W->c, addr);
    if (!o)
        return rh_xasprintf("memory at 0x%llx", (unsigned long long)addr);
    if (o->kind == RH_BMC_O_GLOBAL)
        return rh_xasprintf("global '%s'", o->name);
    if (o->kind == RH_BMC_O_HEAP && o->name[0])
        return rh_xasprintf("heap object %s", o->name); /* "allocated at a.c:3:9" */
    if (o->name[0])
        return rh_xasprintf("%s object '%s'", rh_bmc_okind_name(o->kind), o->name);
    return rh_xasprintf("%s object", rh_bmc_okind_name(o->kind));
}

static char *step_what(wctx *W, const rh_bmc_pos *p, int t)
{
    rh_bmc_ctx *c = W->c;
    if (p->kind == RH_BMC_P_CREATE)
        return rh_xasprintf("create T%d", W->rid[p->thread]);
    if ((p->flags & RH_BMC_PF_RACE) || p->kind == RH_BMC_P_LOCK || p->kind == RH_BMC_P_UNLOCK) {
        char *obj = describe_object(W, eval_u64(W, p->addr));
        char *s = rh_xasprintf("%s %s", p->what, obj);
        free(obj);
        return s;
    }
    (void)c, (void)t;
    return rh_xstrdup(p->what);
}

static void add_step(rh_witness *w, int thread, const rh_bmc_pos *p, char *what)
{
    w->steps = rh_xrealloc(w->steps, (size_t)(w->nsteps + 1) * sizeof *w->steps);
    rh_step *s = &w->steps[w->nsteps++];
    s->thread = thread;
    s->file = rh_xstrdup(p->loc.file ? p->loc.file : "?");
    s->line = p->loc.line;
    s->col = p->loc.col;
    s->what = what;
    s->timeout = 0;
    s->times = 1;
}

/* A timed lock or semaphore wait that failed in the counterexample: a
 * replay times it out too (which it can where the wait would block). */
static void mark_timeout(rh_step *s)
{
    char *what = rh_xasprintf("%s (times out)", s->what);
    free(s->what);
    s->what = what;
    s->timeout = 1;
}

/* Whether a run stops at this kind of position (src/runtime: a scheduling
 * point), so a replay can match a step there.  An initialisation, an
 * assumption or a section's end is none: a step at one would never be
 * reached and the replay would depart from the schedule. */
static int run_stops_at(rh_bmc_pkind k)
{
    return k != RH_BMC_P_KILL && k != RH_BMC_P_SYNC_SET && k != RH_BMC_P_BAR_INIT &&
           k != RH_BMC_P_ASSUME && k != RH_BMC_P_NOP;
}

/* The inputs read before position pos of thread t, in the order they were
 * made (the order the thread asks for them). */
static void inputs_before(wctx *W, rh_witness *w, int t, int pos, char *done)
{
    rh_bmc_ctx *c = W->c;
    for (int i = 0; i < c->ninputs; i++) {
        rh_bmc_input *in = &c->inputs[i];
        if (done[i] || in->thread != t || (pos >= 0 && in->pos > pos))
            continue;
        done[i] = 1;
        if (!eval_bool(W, in->guard))
            continue;
        w->inputs = rh_xrealloc(w->inputs, (size_t)(w->ninputs + 1) * sizeof *w->inputs);
        w->inputs[w->ninputs].name = rh_xstrdup(in->name);
        w->inputs[w->ninputs++].value = eval_signed(W, in->var);
    }
}

/* Walks the contexts in schedule order and lists what ran, with the inputs
 * in the order the schedule asks for them (a replay serves them in that
 * order, whatever thread asks). */
static void schedule_steps(wctx *W, rh_witness *w, int ta, int ia, int tb, int ib)
{
    rh_bmc_ctx *c = W->c;
    char *done = rh_xcalloc((size_t)c->ninputs + 1, 1);
    if (c->argc) { /* replay runs the program with this many arguments */
        w->inputs = rh_xcalloc(1, sizeof *w->inputs);
        w->inputs[0].name = rh_xstrdup("argc");
        w->inputs[w->ninputs++].value = eval_signed(W, c->argc);
    }
    for (unsigned r = 0; r < c->rounds; r++)
        for (int t = 0; t < c->nthreads; t++) {
            uint64_t lo = r ? eval_u64(W, W->e->cs[t][r - 1]) : 0, hi = eval_u64(W, W->e->cs[t][r]);
            for (uint64_t p = lo + 1; p <= hi; p++) {
                const rh_bmc_pos *pos = &c->threads[t].pos[p - 1];
                inputs_before(W, w, t, (int)p - 1, done);
                if (!eval_bool(W, pos->guard) || !pos->inst || !run_stops_at(pos->kind))
                    continue;
                if (pos->kind == RH_BMC_P_CREATE && W->rid[pos->thread] < 0)
                    W->rid[pos->thread] = W->nrid++;
                if (t == ta && (int)p - 1 == ia && w->race_step_a < 0)
                    w->race_step_a = w->nsteps;
                if (t == tb && (int)p - 1 == ib && w->race_step_b < 0)
                    w->race_step_b = w->nsteps;
                add_step(w, W->rid[t] < 0 ? t : W->rid[t], pos, step_what(W, pos, t));
                if ((pos->flags & RH_BMC_PF_TIMED) && pos->out && eval_u64(W, pos->out) != 0)
                    mark_timeout(&w->steps[w->nsteps - 1]);
            }
            /* a nondet call is no scheduling point: the thread reads the
             * values before its next position before the switch */
            if (hi > lo)
                inputs_before(W, w, t, (int)hi, done);
        }
    for (int t = 0; t < c->nthreads; t++) /* read after the last scheduled position */
        inputs_before(W, w, t, -1, done);
    free(done);
}

/* The access record of the model for a position, so reports show what the
 * other engines show for the same instruction. */
static void fill_access(wctx *W, rh_race_access *out, int t, const rh_bmc_pos *p, int second)
{
    rh_program *prog = W->c->prog;
    int want_write = second ? 0 : p->kind != RH_BMC_P_LOAD;
    const rh_access *best = NULL;
    for (int i = 0; i < prog->naccesses; i++) {
        const rh_access *a = &prog->accesses[i];
        if (a->inst != p->inst)
            continue;
        if (!best || ((a->kind != RH_ACC_READ) == want_write))
            best = a;
    }
    if (best) {
        rh_race_access_from_model(out, prog, best);
        out->is_write = want_write;
    } else {
        memset(out, 0, sizeof *out);
        out->file = rh_xstrdup(p->loc.file ? p->loc.file : "?");
        out->line = p->loc.line;
        out->col = p->loc.col;
        out->func = rh_xstrdup("?");
        out->is_write = want_write;
    }
    out->atomic = (p->flags & RH_BMC_PF_ATOMIC) != 0;
    out->size = (unsigned long)eval_u64(W, p->len);
    out->thread = W->rid[t] < 0 ? t : W->rid[t];
    const char *fn = prog->funcs[W->c->threads[t].func].name;
    out->thread_desc = t == 0 ? rh_xasprintf("main thread")
                              : rh_xasprintf("thread T%d (%s)", out->thread, fn);
}

/* Whether the execution goes on as the child of a fork (bmc_process.c):
 * a run of the program does not follow a child, so no replay can show it. */
static int in_child(wctx *W)
{
    rh_bmc_ctx *c = W->c;
    for (int f = 0; f < c->nforks; f++) {
        int t = c->forks[f].thread, i = c->forks[f].pos;
        if (eval_bool(W, c->threads[t].pos[i].guard) &&
            eval_u64(W, W->e->cs[t][c->rounds - 1]) >= (uint64_t)i + 1)
            return 1;
    }
    return 0;
}

int rh_bmc_witness(rh_bmc_ctx *c, Z3_model m, rh_bmc_enc *e, rh_result *res, unsigned *line_a,
                   unsigned *line_b)
{
    wctx W = {c, m, e, {0}, 1};
    for (int t = 0; t < RH_BMC_MAX_THREADS; t++)
        W.rid[t] = t == 0 ? 0 : -1;
    int ida = (int)eval_u64(&W, e->sel1), idb = (int)eval_u64(&W, e->sel2);
    if (ida < 1 || ida > e->nwatch || idb < 1 || idb > e->nwatch)
        return -1;
    int ta = e->watch_thread[ida], ia = e->watch_pos[ida];
    int tb = e->watch_thread[idb], ib = e->watch_pos[idb];
    const rh_bmc_pos *pa = &c->threads[ta].pos[ia], *pb = &c->threads[tb].pos[ib];

    rh_witness *w = rh_xcalloc(1, sizeof *w);
    w->race_step_a = w->race_step_b = -1;
    schedule_steps(&W, w, ta, ia, tb, ib);
    size_t nin;
    char *in = c->nscans ? rh_bmc_stdin_text(c, m, w, &nin) : NULL;
    if (in) { /* the text scanf reads in this execution: the witness gives it to a run */
        rh_options o = *c->opt;
        o.stdin_file = NULL;
        o.stdin_hex = rh_dse_hex((const unsigned char *)in, nin);
        w->program = rh_witness_program(&o);
        free((char *)o.stdin_hex);
        free(in);
    } else {
        w->program = rh_witness_program(c->opt);
    }

    rh_race race;
    memset(&race, 0, sizeof race);
    fill_access(&W, &race.a, ta, pa, e->watch_second[ida]);
    fill_access(&W, &race.b, tb, pb, e->watch_second[idb]);
    uint64_t addr = eval_u64(&W, e->watch_second[ida] ? pa->addr2 : pa->addr);
    race.object = describe_object(&W, addr);
    const rh_bmc_object *o = rh_bmc_object_at(c, addr);
    race.offset_lo = o ? (long)(addr - o->addr) : -1;
    race.offset_hi = o ? race.offset_lo + (long)race.a.size : -1;
    race.engine = rh_xstrdup("bmc");
    race.evidence = RH_EV_COUNTEREXAMPLE;
    race.witness = w;
    if (in_child(&W)) { /* real, but no run can confirm it: likely, with its schedule */
        race.evidence = RH_EV_MUST;
        rh_result_note(res, "bmc: the race at %s:%u and %s:%u happens in a forked child, which a run "
                            "of the program does not follow: reported as likely, not confirmed",
                       race.a.file, race.a.line, race.b.file, race.b.line);
    }
    rh_result_add_race(res, &race);
    *line_a = pa->loc.line;
    *line_b = pb->loc.line;
    return 0;
}
