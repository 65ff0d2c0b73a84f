/* wit_smt.c - the symbolic predictive model of doc/design.md [Said] over Z3: one
 * integer order variable per visible event, and a cut: the events before
 * the cut are the witness schedule.  Encoded once: program order, fork
 * before begin, end before join, mutual exclusion of critical sections,
 * write-read consistency (a read in the schedule sees a write of the value
 * it read in the trace, with no overlapping write in between), condition
 * waits woken by a signal after the wait, and the observed order of
 * semaphore, barrier, once and nondet events (kept as seen: their values
 * are not modelled).  Per candidate pair, under push/pop: the pair is
 * adjacent and ends the schedule.
 */
#include "wit.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>
#include <z3.h>

#define RH_WIT_MAX_SECTIONS 600
/* The first query internalises the whole encoding, and that step ignores
 * the solver's timeout: an encoding it is not expected to take in before
 * the deadline is not searched, since a query that overran the deadline
 * would take the races found before it with it.  The cost grows with the
 * order atoms and with the square of the visible events; measured on an
 * idle machine, 3,228 events and 107,000 atoms took 12 to 20 s, 3,150
 * and 21,000 took 11 s; the rates leave room for a machine three times
 * as loaded. */
#define RH_WIT_ATOMS_PER_SECOND 2000.0
#define RH_WIT_SECONDS_PER_KVIS2 6.0 /* per (thousand visible events) squared */

struct wit_smt {
    const wit_trace *w;
    Z3_context z;
    Z3_solver s;
    Z3_ast *o;          /* per trace event (visible ones only), else NULL */
    Z3_ast cut;
    double deadline;
    long atoms;         /* order atoms made so far (RH_WIT_ATOMS_PER_SECOND) */
    double max_atoms;   /* past this many the encoding is abandoned */
};

static Z3_ast lt(wit_smt *m, long a, long b) { m->atoms++; return Z3_mk_lt(m->z, m->o[a], m->o[b]); }
static Z3_ast before_cut(wit_smt *m, long a) { return Z3_mk_lt(m->z, m->o[a], m->cut); }
static Z3_ast and2(wit_smt *m, Z3_ast a, Z3_ast b) { Z3_ast x[] = {a, b}; return Z3_mk_and(m->z, 2, x); }
static Z3_ast or2(wit_smt *m, Z3_ast a, Z3_ast b) { Z3_ast x[] = {a, b}; return Z3_mk_or(m->z, 2, x); }
static void assert_(wit_smt *m, Z3_ast f) { Z3_solver_assert(m->z, m->s, f); }

static const rh_dyn_event *ev(const wit_smt *m, long i) { return &m->w->t->ev[i]; }

static int is_read(const rh_dyn_event *e) { return e->kind == RH_DYN_READ || e->kind == RH_DYN_RMW; }
static int is_write(const rh_dyn_event *e) { return e->kind == RH_DYN_WRITE || e->kind == RH_DYN_RMW; }

static int overlap(const rh_dyn_event *a, const rh_dyn_event *b)
{
    return a->addr < b->addr + b->size && b->addr < a->addr + a->size;
}

static void encode_order(wit_smt *m)
{
    const wit_trace *w = m->w;
    long *last = rh_xcalloc((size_t)w->nthreads + 1, sizeof *last);
    for (int k = 0; k < w->nthreads; k++)
        last[k] = -1;
    for (long j = 0; j < w->nvis; j++) {
        long i = w->vis[j];
        const rh_dyn_event *e = ev(m, i);
        if (last[e->tid] >= 0)
            assert_(m, lt(m, last[e->tid], i));
        last[e->tid] = i;
        long child = e->aux;
        if (e->kind == RH_DYN_CREATE && child > 0 && child < w->nthreads && w->begin[child] >= 0)
            assert_(m, lt(m, i, w->begin[child]));
        if (e->kind == RH_DYN_JOIN && child > 0 && child < w->nthreads) {
            Z3_ast ok = w->end[child] >= 0 ? lt(m, w->end[child], i) : Z3_mk_false(m->z);
            assert_(m, Z3_mk_implies(m->z, before_cut(m, i), ok));
        }
    }
    free(last);
}

/* Critical sections of one lock in two threads never overlap (a section
 * still open at the cut extends past it). */
static void encode_locks(wit_smt *m)
{
    const wit_trace *w = m->w;
    for (long x = 0; x < w->nsec && m->atoms <= m->max_atoms; x++)
        for (long y = x + 1; y < w->nsec; y++) {
            const wit_section *a = &w->sec[x], *b = &w->sec[y];
            if (a->lock != b->lock || a->tid == b->tid || (a->shared && b->shared))
                continue;
            Z3_ast ab = a->rel >= 0 ? lt(m, a->rel, b->acq) : Z3_mk_false(m->z);
            Z3_ast ba = b->rel >= 0 ? lt(m, b->rel, a->acq) : Z3_mk_false(m->z);
            assert_(m, Z3_mk_implies(m->z, and2(m, before_cut(m, a->acq), before_cut(m, b->acq)),
                                     or2(m, ab, ba)));
        }
}

/* "w is the last write to r's bytes before r": w before r, and every other
 * overlapping write before w or after r. */
static Z3_ast last_write(wit_smt *m, long r, long wr)
{
    const wit_trace *w = m->w;
    RH_VEC(Z3_ast) c = {0};
    if (wr >= 0)
        rh_vec_push(&c, lt(m, wr, r));
    for (long j = 0; j < w->nvis && m->atoms <= m->max_atoms; j++) {
        long x = w->vis[j];
        if (x == wr || x == r || !is_write(ev(m, x)) || !overlap(ev(m, x), ev(m, r)))
            continue;
        rh_vec_push(&c, wr >= 0 ? or2(m, lt(m, x, wr), lt(m, r, x)) : lt(m, r, x));
    }
    Z3_ast f = c.len ? Z3_mk_and(m->z, (unsigned)c.len, c.items) : Z3_mk_true(m->z);
    rh_vec_free(&c);
    return f;
}

/* The write a read saw in the trace (-1: the initial value). */
static long observed_source(const wit_smt *m, long r)
{
    for (long j = r - 1; j >= 0; j--) {
        const rh_dyn_event *x = &m->w->t->ev[j];
        if (m->w->visible[j] && is_write(x) && overlap(x, ev(m, r)))
            return j;
    }
    return -1;
}

static void encode_read(wit_smt *m, long r)
{
    const rh_dyn_event *e = ev(m, r);
    long seen = observed_source(m, r);
    int exact = e->aux == 1; /* the value read is known */
    RH_VEC(Z3_ast) alt = {0};
    rh_vec_push(&alt, last_write(m, r, seen));
    for (long j = 0; exact && j < m->w->nvis && m->atoms <= m->max_atoms; j++) {
        long x = m->w->vis[j];
        const rh_dyn_event *wx = ev(m, x);
        /* another write of the same bytes and the same value would do */
        if (x != seen && x != r && wx->kind == RH_DYN_WRITE && wx->aux == 1 &&
            wx->addr == e->addr && wx->size == e->size && wx->value == e->value)
            rh_vec_push(&alt, last_write(m, r, x));
    }
    assert_(m, Z3_mk_implies(m->z, before_cut(m, r), Z3_mk_or(m->z, (unsigned)alt.len, alt.items)));
    rh_vec_free(&alt);
}

/* A wake follows a signal or broadcast on its condition after its wait. */
static void encode_wake(wit_smt *m, long wake)
{
    const rh_dyn_event *e = ev(m, wake);
    long wait = -1;
    for (long j = wake - 1; j >= 0 && wait < 0; j--)
        if (m->w->t->ev[j].tid == e->tid && m->w->t->ev[j].kind == RH_DYN_WAIT)
            wait = j;
    RH_VEC(Z3_ast) alt = {0};
    for (long j = 0; wait >= 0 && j < m->w->nvis; j++) {
        long s = m->w->vis[j];
        const rh_dyn_event *x = ev(m, s);
        if ((x->kind == RH_DYN_SIGNAL || x->kind == RH_DYN_BROADCAST) && x->addr == e->addr)
            rh_vec_push(&alt, and2(m, lt(m, wait, s), lt(m, s, wake)));
    }
    Z3_ast f = alt.len ? Z3_mk_or(m->z, (unsigned)alt.len, alt.items) : Z3_mk_false(m->z);
    assert_(m, Z3_mk_implies(m->z, before_cut(m, wake), f));
    rh_vec_free(&alt);
}

/* Events whose effect the encoding does not model keep their trace order. */
static int kept_in_order(const rh_dyn_event *a, const rh_dyn_event *b)
{
    if (a->kind == RH_DYN_NONDET)
        return b->kind == RH_DYN_NONDET;
    int ga = a->kind == RH_DYN_SEMWAIT || a->kind == RH_DYN_SEMPOST || a->kind == RH_DYN_BARRIER ||
             a->kind == RH_DYN_DEPART || a->kind == RH_DYN_ONCE;
    int gb = b->kind == RH_DYN_SEMWAIT || b->kind == RH_DYN_SEMPOST || b->kind == RH_DYN_BARRIER ||
             b->kind == RH_DYN_DEPART || b->kind == RH_DYN_ONCE;
    return ga && gb && a->addr == b->addr;
}

static void encode_events(wit_smt *m)
{
    const wit_trace *w = m->w;
    for (long j = 0; j < w->nvis && m->atoms <= m->max_atoms; j++) {
        long i = w->vis[j];
        const rh_dyn_event *e = ev(m, i);
        if (is_read(e))
            encode_read(m, i);
        if (e->kind == RH_DYN_WAKE)
            encode_wake(m, i);
        for (long k = j - 1; k >= 0; k--)
            if (kept_in_order(ev(m, w->vis[k]), e)) {
                assert_(m, Z3_mk_implies(m->z, before_cut(m, i), lt(m, w->vis[k], i)));
                break;
            }
    }
}

wit_smt *wit_smt_new(const wit_trace *w, double deadline)
{
    double left = deadline - rh_now(), kvis = (double)w->nvis / 1000;
    if (w->nsec > RH_WIT_MAX_SECTIONS || kvis * kvis * RH_WIT_SECONDS_PER_KVIS2 > left)
        return NULL;
    wit_smt *m = rh_xcalloc(1, sizeof *m);
    m->w = w;
    m->deadline = deadline;
    m->max_atoms = RH_WIT_ATOMS_PER_SECOND * left;
    Z3_config cfg = Z3_mk_config();
    m->z = Z3_mk_context(cfg);
    Z3_del_config(cfg);
    m->s = Z3_mk_solver(m->z);
    Z3_solver_inc_ref(m->z, m->s);
    Z3_sort I = Z3_mk_int_sort(m->z);
    m->o = rh_xcalloc((size_t)w->t->nev + 1, sizeof *m->o);
    for (long j = 0; j < w->nvis; j++)
        m->o[w->vis[j]] = Z3_mk_const(m->z, Z3_mk_int_symbol(m->z, (int)j), I);
    m->cut = Z3_mk_const(m->z, Z3_mk_string_symbol(m->z, "cut"), I);
    encode_order(m);
    encode_locks(m);
    encode_events(m);
    if (m->atoms > m->max_atoms) {
        wit_smt_free(m);
        return NULL;
    }
    return m;
}

static long value_of(wit_smt *m, Z3_model mdl, Z3_ast x)
{
    Z3_ast v;
    int64_t n = 0;
    if (Z3_model_eval(m->z, mdl, x, 1, &v))
        Z3_get_numeral_int64(m->z, v, &n);
    return (long)n;
}

static int by_value(const void *a, const void *b)
{
    const long *x = a, *y = b;
    return x[0] != y[0] ? (x[0] < y[0] ? -1 : 1) : (x[1] < y[1] ? -1 : x[1] > y[1]);
}

/* The schedule a model describes: visible events before the cut, in order. */
static long schedule(wit_smt *m, Z3_model mdl, long **order)
{
    const wit_trace *w = m->w;
    long cut = value_of(m, mdl, m->cut), n = 0;
    long (*pairs)[2] = rh_xcalloc((size_t)w->nvis + 1, sizeof *pairs);
    for (long j = 0; j < w->nvis; j++) {
        long v = value_of(m, mdl, m->o[w->vis[j]]);
        if (v < cut)
            pairs[n][0] = v, pairs[n++][1] = w->vis[j];
    }
    qsort(pairs, (size_t)n, sizeof *pairs, by_value);
    *order = rh_xcalloc((size_t)n + 1, sizeof **order);
    for (long k = 0; k < n; k++)
        (*order)[k] = pairs[k][1];
    free(pairs);
    return n;
}

long wit_smt_pair(wit_smt *m, long a, long b, long **order)
{
    double left = m->deadline - rh_now();
    if (left <= 0.05)
        return 0;
    Z3_params p = Z3_mk_params(m->z);
    Z3_params_inc_ref(m->z, p);
    Z3_params_set_uint(m->z, p, Z3_mk_string_symbol(m->z, "timeout"),
                       (unsigned)(left > 5 ? 5000 : left * 1000));
    Z3_solver_set_params(m->z, m->s, p);
    Z3_params_dec_ref(m->z, p);
    Z3_solver_push(m->z, m->s);
    Z3_ast last = Z3_mk_ite(m->z, lt(m, a, b), m->o[b], m->o[a]);
    Z3_ast one_more[] = {last, Z3_mk_int(m->z, 1, Z3_mk_int_sort(m->z))};
    assert_(m, Z3_mk_eq(m->z, m->cut, Z3_mk_add(m->z, 2, one_more)));
    assert_(m, Z3_mk_not(m->z, Z3_mk_eq(m->z, m->o[a], m->o[b])));
    for (long j = 0; j < m->w->nvis; j++) {
        long x = m->w->vis[j];
        if (x != a && x != b)
            assert_(m, or2(m, and2(m, lt(m, x, a), lt(m, x, b)), and2(m, lt(m, a, x), lt(m, b, x))));
    }
    long n = 0;
    if (Z3_solver_check(m->z, m->s) == Z3_L_TRUE) {
        Z3_model mdl = Z3_solver_get_model(m->z, m->s);
        Z3_model_inc_ref(m->z, mdl);
        n = schedule(m, mdl, order);
        Z3_model_dec_ref(m->z, mdl);
    }
    Z3_solver_pop(m->z, m->s, 1);
    return n;
}

void wit_smt_free(wit_smt *m)
{
    if (!m)
        return;
    Z3_solver_dec_ref(m->z, m->s);
    Z3_del_context(m->z);
    free(m->o);
    free(m);
}
