/* wit_predict.c - the witness engine's driver: index a trace, take its
 * candidate pairs, ask the SMT model for a schedule per pair, turn the
 * schedule into a witness, and replay it; only a replay that reaches the
 * race reports it (doc/design.md [Said]: "a witness that replayed").
 */
#include "wit.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

/* The witness of a predicted schedule: visible events in schedule order,
 * each preceded by its thread's invisible (thread-local) events since its
 * previous one, keeping only the events that are scheduling points. */
static rh_witness *predicted_witness(const rh_wit_ctx *c, const wit_trace *w, const long *order,
                                     long n, long a, long b)
{
    const rh_dyn_trace *t = w->t;
    rh_dyn_trace sched = *t;        /* a reordered copy of the events, for rh_dyn_witness */
    sched.ev = rh_xcalloc((size_t)t->nev + 1, sizeof *sched.ev);
    sched.nev = 0;
    long *next = rh_xcalloc((size_t)w->nthreads + 1, sizeof *next);
    long ia = -1, ib = -1;
    for (long k = 0; k < n; k++) {
        int tid = t->ev[order[k]].tid;
        for (long i = next[tid]; i <= order[k]; i++)
            if (t->ev[i].tid == tid && (!w->visible[i] || i == order[k])) {
                if (i == a)
                    ia = sched.nev;
                if (i == b)
                    ib = sched.nev;
                sched.ev[sched.nev++] = t->ev[i];
            }
        next[tid] = order[k] + 1;
    }
    free(next);
    rh_witness *wit = rh_dyn_witness(c->bin, &sched, sched.nev - 1, c->program, c->seed, ia, ib);
    free(sched.ev);
    return wit;
}

static int try_pair(const rh_wit_ctx *c, const wit_trace *w, wit_smt *m, int k, rh_race *race)
{
    long a = w->cand[k][0], b = w->cand[k][1], *order = NULL;
    long n = wit_smt_pair(m, a, b, &order);
    if (n <= 0) {
        free(order);
        return 0;
    }
    rh_witness *wit = predicted_witness(c, w, order, n, a, b);
    free(order);
    if (!wit)
        return 0;
    char err[RH_ERR_MAX];
    /* confirmed only when the run followed the predicted schedule into the
     * race: after a departure the fallback scheduler finds races on its own */
    int hit = rh_wit_confirms(c, wit, race, err);
    rh_witness_free(wit);
    return hit > 0;
}

int rh_wit_predict(const rh_wit_ctx *c, const rh_dyn_trace *t, rh_wit_known_pair known, void *known_arg,
                   rh_race **out)
{
    *out = NULL;
    wit_trace w;
    int n = 0;
    if (wit_trace_init(&w, t) == 0 && w.ncand > 0) {
        wit_smt *m = wit_smt_new(&w, c->deadline);
        for (int k = 0; m && k < w.ncand && rh_now() < c->deadline; k++) {
            rh_race r;
            if (known && known(known_arg, t->ev[w.cand[k][0]].loc, t->ev[w.cand[k][1]].loc))
                continue;
            if (try_pair(c, &w, m, k, &r)) {
                *out = rh_xrealloc(*out, (size_t)(n + 1) * sizeof **out);
                (*out)[n++] = r;
            }
        }
        wit_smt_free(m);
    }
    wit_trace_free(&w);
    return n;
}
