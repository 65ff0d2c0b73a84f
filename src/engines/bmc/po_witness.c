/* po_witness.c - a model of the partial-order encoding as the context
 * schedule rh_bmc_witness reads (po_encode.h): the executed positions in
 * the order of their order variables (ties between threads are unordered
 * by every constraint, so any tie-break is an execution), cut into
 * segments of one thread and laid on round-robin rounds.
 */
#include "po_encode.h"
#include "util/util.h"

#include <stdlib.h>

typedef struct po_ev {
    long long o;
    int t, i;
} po_ev;

static int ev_cmp(const void *a, const void *b)
{
    const po_ev *x = a, *y = b;
    if (x->o != y->o)
        return x->o < y->o ? -1 : 1;
    if (x->t != y->t)
        return x->t < y->t ? -1 : 1;
    return (x->i > y->i) - (x->i < y->i);
}

static long long eval_int(rh_bmc_ctx *c, Z3_model m, Z3_ast a)
{
    Z3_ast v;
    int64_t n = 0;
    if (Z3_model_eval(c->z, m, a, 1, &v))
        Z3_get_numeral_int64(c->z, v, &n);
    return n;
}

void rh_po_schedule_from_model(rh_bmc_ctx *c, Z3_model m, rh_bmc_enc *e, rh_po_enc *po)
{
    int n = 0, cap = 0;
    po_ev *ev = NULL;
    for (int t = 0; t < c->nthreads; t++) {
        long long stop = eval_int(c, m, po->stop[t]);
        for (int i = 0; i < c->threads[t].npos && i < stop; i++) {
            if (n == cap) {
                cap = cap ? 2 * cap : 256;
                ev = rh_xrealloc(ev, (size_t)cap * sizeof *ev);
            }
            ev[n++] = (po_ev){eval_int(c, m, po->ord[t][i]), t, i};
        }
    }
    qsort(ev, (size_t)n, sizeof *ev, ev_cmp);
    /* round of each event's segment: a new round when the thread order wraps */
    int *round = rh_xcalloc((size_t)n + 1, sizeof *round), r = 0;
    for (int k = 1; k < n; k++) {
        if (ev[k].t < ev[k - 1].t)
            r++;
        round[k] = r;
    }
    unsigned rounds = (unsigned)r + 1;
    e->cs = rh_xcalloc((size_t)c->nthreads, sizeof *e->cs);
    uint64_t **hi = rh_xcalloc((size_t)c->nthreads, sizeof *hi);
    for (int t = 0; t < c->nthreads; t++)
        hi[t] = rh_xcalloc(rounds, sizeof **hi);
    for (int k = 0; k < n; k++)
        hi[ev[k].t][round[k]] = (uint64_t)ev[k].i + 1;
    for (int t = 0; t < c->nthreads; t++) {
        e->cs[t] = rh_xcalloc(rounds, sizeof **e->cs);
        uint64_t last = 0;
        for (unsigned q = 0; q < rounds; q++) {
            if (hi[t][q] > last)
                last = hi[t][q];
            e->cs[t][q] = rh_bmc_bv(c, last, 32);
        }
        free(hi[t]);
    }
    free(hi);
    free(round);
    free(ev);
    c->rounds = rounds;
}
