/* bmc_sched.c - the lazy sequentialization of the bounded program
 * (doc/design.md [LaDR] Section 3) and its race monitor (Section 4), as Z3 formulas.
 *
 * Threads run in R round-robin rounds in instance order; context (t, r)
 * runs the positions cs[t][r-1] < p <= cs[t][r] of thread t, where the cs
 * are free variables (the nondeterministic context-switch points).  Each
 * thread's SSA values are shared by all its contexts (the thread-local state
 * kept across contexts); only memory is versioned, by threading one array
 * through the contexts in their sequential order.  Blocking operations are
 * assumptions on the memory a position sees; atomic sections forbid a
 * context to end inside them.
 *
 * The monitor chooses a context C1 whose last visible access (or atomic
 * block) is the first racing access, and the next non-empty context C2, of
 * another thread, whose first one is the second: both are adjacent in the
 * interleaving, overlap byte-precisely (address and width, doc/design.md [CSeq-DR]), one
 * of them writes, and not both are atomic.  Happens-before annotations
 * between them (a release after the first, an acquire on the same address
 * before the second) order the pair (hb_edges).
 */
#include "bmc_memory.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


typedef struct sched {
    rh_bmc_ctx *c;
    rh_bmc_enc *e;
    Z3_solver s;
    unsigned cb;
    Z3_ast *cnt;   /* per context: executed positions before it starts */
    Z3_ast **E;    /* per thread: the same counts as terms, for constant positions */
} sched;

static Z3_ast num(sched *S, uint64_t v)
{
    return rh_bmc_bv(S->c, v, S->cb);
}

static void assert_(sched *S, Z3_ast f)
{
    if (!rh_bmc_is_true(S->c, f))
        Z3_solver_assert(S->c->z, S->s, f);
}

static Z3_ast implies(sched *S, Z3_ast a, Z3_ast b)
{
    if (rh_bmc_is_false(S->c, a) || rh_bmc_is_true(S->c, b))
        return rh_bmc_true(S->c);
    return Z3_mk_implies(S->c->z, a, b);
}

static Z3_ast lo(sched *S, int t, int r)
{
    return r ? S->e->cs[t][r - 1] : num(S, 0);
}

/* Position i (0-based) of thread t runs in context (t, r). */
static Z3_ast active(sched *S, int t, int i, int r)
{
    rh_bmc_ctx *c = S->c;
    Z3_ast p = num(S, (uint64_t)i + 1);
    Z3_ast in = rh_bmc_and(c, Z3_mk_bvult(c->z, lo(S, t, r), p), Z3_mk_bvule(c->z, p, S->e->cs[t][r]));
    return rh_bmc_and(c, c->threads[t].pos[i].guard, in);
}

static Z3_ast executed(sched *S, int t, int i)
{
    rh_bmc_ctx *c = S->c;
    Z3_ast p = num(S, (uint64_t)i + 1);
    return rh_bmc_and(c, c->threads[t].pos[i].guard,
                      Z3_mk_bvule(c->z, p, S->e->cs[t][c->rounds - 1]));
}

/* Thread u has ended before context (t, r) starts. */
static Z3_ast ended_before(sched *S, int u, int t, int r)
{
    rh_bmc_ctx *c = S->c;
    rh_bmc_thread *th = &c->threads[u];
    Z3_ast e = num(S, (uint64_t)th->end_pos + 1);
    Z3_ast at;
    if (u < t)
        at = Z3_mk_bvuge(c->z, S->e->cs[u][r], e);
    else if (r > 0)
        at = Z3_mk_bvuge(c->z, S->e->cs[u][r - 1], e);
    else
        return rh_bmc_false(c);
    return rh_bmc_and(c, th->pos[th->end_pos].guard, at);
}

static void schedule_vars(sched *S)
{
    rh_bmc_ctx *c = S->c;
    S->e->cs = rh_xcalloc((size_t)c->nthreads, sizeof *S->e->cs);
    for (int t = 0; t < c->nthreads; t++) {
        rh_bmc_thread *th = &c->threads[t];
        S->e->cs[t] = rh_xcalloc(c->rounds, sizeof **S->e->cs);
        for (unsigned r = 0; r < c->rounds; r++) {
            char name[48];
            snprintf(name, sizeof name, "cs_%d_%u", t, r);
            S->e->cs[t][r] = Z3_mk_const(c->z, Z3_mk_string_symbol(c->z, name),
                                         rh_bmc_bv_sort(c, S->cb));
            assert_(S, Z3_mk_bvule(c->z, lo(S, t, (int)r), S->e->cs[t][r]));
            if (t > 0) {
                /* a thread runs only once it has been created */
                rh_bmc_thread *pt = &c->threads[th->parent];
                Z3_ast created = rh_bmc_and(c, pt->pos[th->create_pos].guard,
                    Z3_mk_bvuge(c->z, S->e->cs[th->parent][r], num(S, (uint64_t)th->create_pos + 1)));
                assert_(S, implies(S, Z3_mk_bvugt(c->z, S->e->cs[t][r], num(S, 0)), created));
            }
        }
        assert_(S, Z3_mk_bvule(c->z, S->e->cs[t][c->rounds - 1], num(S, (uint64_t)th->npos)));
    }
}

/* Constraints that do not depend on memory. */
static void position_rules(sched *S)
{
    rh_bmc_ctx *c = S->c;
    for (int t = 0; t < c->nthreads; t++) {
        rh_bmc_thread *th = &c->threads[t];
        for (int i = 0; i < th->npos; i++) {
            rh_bmc_pos *p = &th->pos[i];
            if (rh_bmc_is_false(c, p->guard))
                continue;
            if (p->kind == RH_BMC_P_KILL)
                assert_(S, rh_bmc_not(c, executed(S, t, i)));
            else if (p->kind == RH_BMC_P_ASSUME)
                assert_(S, implies(S, executed(S, t, i), p->cond));
            /* a switch right after a thread-local access is the same as
             * one just before it */
            if (p->flags & (RH_BMC_PF_NOSWITCH | RH_BMC_PF_LOCAL))
                for (unsigned r = 0; r < c->rounds; r++)
                    assert_(S, Z3_mk_not(c->z, Z3_mk_eq(c->z, S->e->cs[t][r], num(S, (uint64_t)i + 1))));
            if (p->kind == RH_BMC_P_JOIN)
                for (unsigned r = 0; r < c->rounds; r++) {
                    Z3_ast any = rh_bmc_false(c);
                    unsigned w = rh_bmc_width(c, p->val);
                    for (int u = 1; u < c->nthreads; u++)
                        if (u != t)
                            any = rh_bmc_or(c, any, rh_bmc_and(c, Z3_mk_eq(c->z, p->val, rh_bmc_bv(c, (uint64_t)u, w)),
                                                              ended_before(S, u, t, (int)r)));
                    assert_(S, implies(S, active(S, t, i, (int)r), any));
                }
        }
    }
}

/* Whether thread u existed when thread t reached position i: main did, and
 * so did a thread whose creator is t and created it earlier, or whose
 * creator existed then (a creator that is frozen after a child's fork
 * creates nothing after it). */
static int existed_at(rh_bmc_ctx *c, int u, int t, int i)
{
    while (u != 0) {
        rh_bmc_thread *th = &c->threads[u];
        if (th->parent == t)
            return th->create_pos < i;
        u = th->parent;
    }
    return 1;
}

/* A fork continuing as the child (bmc_process.c): the threads that existed
 * at it run nothing in the contexts after it.  The fork runs before context
 * (u, r) when t's context of round r (u > t) or of round r - 1 (u < t)
 * reached it. */
static void fork_rules(sched *S)
{
    rh_bmc_ctx *c = S->c;
    for (int f = 0; f < c->nforks; f++) {
        int t = c->forks[f].thread, i = c->forks[f].pos;
        Z3_ast g = c->threads[t].pos[i].guard;
        if (rh_bmc_is_false(c, g))
            continue;
        for (int u = 0; u < c->nthreads; u++) {
            if (u == t || !existed_at(c, u, t, i))
                continue;
            for (unsigned r = 0; r < c->rounds; r++) {
                if (u < t && r == 0)
                    continue;
                Z3_ast end = S->e->cs[t][u > t ? r : r - 1];
                Z3_ast forked = rh_bmc_and(c, g, Z3_mk_bvuge(c->z, end, num(S, (uint64_t)i + 1)));
                assert_(S, implies(S, forked, Z3_mk_eq(c->z, S->e->cs[u][r], lo(S, u, (int)r))));
            }
        }
    }
}

/* Threads memory through the contexts in their sequential order. */
static int memory_chain(sched *S)
{
    rh_bmc_ctx *c = S->c;
    rh_bmc_mem m;
    rh_bmc_mem_init(c, S->s, &m);
    for (unsigned r = 0; r < c->rounds; r++)
        for (int t = 0; t < c->nthreads; t++) {
            rh_bmc_thread *th = &c->threads[t];
            for (int i = 0; i < th->npos; i++) {
                rh_bmc_pos *p = &th->pos[i];
                if (rh_now() > c->deadline || rh_cancelled()) {
                    rh_bmc_mem_free(&m);
                    return -1;
                }
                if (rh_bmc_is_false(c, p->guard) || p->kind == RH_BMC_P_NOP || p->kind == RH_BMC_P_FREE ||
                    p->kind == RH_BMC_P_KILL || p->kind == RH_BMC_P_ASSUME)
                    continue;
                rh_bmc_mem_effect(&m, t, i, active(S, t, i, (int)r));
            }
        }
    rh_bmc_mem_free(&m);
    return 0;
}

/* ---- the race monitor ---- */

/* How many positions up to each one the path executes, so "nothing runs
 * between lo and p" is one comparison: E[t][j] for constant j, and cnt[t][r]
 * the count at the symbolic start of context (t, r). */
static void exec_counts(sched *S)
{
    rh_bmc_ctx *c = S->c;
    Z3_context z = c->z;
    S->cnt = rh_xcalloc((size_t)c->nthreads * c->rounds, sizeof *S->cnt);
    S->E = rh_xcalloc((size_t)c->nthreads, sizeof *S->E);
    for (int t = 0; t < c->nthreads; t++) {
        rh_bmc_thread *th = &c->threads[t];
        S->E[t] = rh_xcalloc((size_t)th->npos + 1, sizeof **S->E);
        Z3_ast e = num(S, 0);
        S->E[t][0] = e;
        for (int j = 1; j <= th->npos; j++) {
            Z3_ast g = th->pos[j - 1].guard;
            if (!rh_bmc_is_false(c, g))
                e = rh_bmc_fold(c, Z3_mk_bvadd(z, e, rh_bmc_ite(c, g, num(S, 1), num(S, 0))));
            S->E[t][j] = e;
        }
        S->cnt[t * (int)c->rounds] = num(S, 0);
        for (unsigned r = 1; r < c->rounds; r++) {
            Z3_ast v = S->E[t][th->npos], l = lo(S, t, (int)r);
            for (int j = th->npos - 1; j >= 0; j--)
                v = rh_bmc_ite(c, Z3_mk_eq(z, l, num(S, (uint64_t)j)), S->E[t][j], v);
            S->cnt[t * (int)c->rounds + (int)r] = v;
        }
    }
}

static void exec_counts_free(sched *S)
{
    for (int t = 0; t < S->c->nthreads; t++)
        free(S->E[t]);
    free(S->E);
    free(S->cnt);
}

typedef struct rh_bmc_side {
    Z3_ast addr, len, write, atomic, thread;
    Z3_ast pos; /* the access's position in its thread */
} side;

static void side_vars(sched *S, side *d, const char *tag)
{
    rh_bmc_ctx *c = S->c;
    char name[32];
    snprintf(name, sizeof name, "%s_addr", tag);
    d->addr = Z3_mk_const(c->z, Z3_mk_string_symbol(c->z, name), rh_bmc_bv_sort(c, c->aw));
    snprintf(name, sizeof name, "%s_len", tag);
    d->len = Z3_mk_const(c->z, Z3_mk_string_symbol(c->z, name), rh_bmc_bv_sort(c, c->aw));
    snprintf(name, sizeof name, "%s_write", tag);
    d->write = Z3_mk_const(c->z, Z3_mk_string_symbol(c->z, name), Z3_mk_bool_sort(c->z));
    snprintf(name, sizeof name, "%s_atomic", tag);
    d->atomic = Z3_mk_const(c->z, Z3_mk_string_symbol(c->z, name), Z3_mk_bool_sort(c->z));
    snprintf(name, sizeof name, "%s_thread", tag);
    d->thread = Z3_mk_const(c->z, Z3_mk_string_symbol(c->z, name), rh_bmc_bv_sort(c, S->cb));
    snprintf(name, sizeof name, "%s_pos", tag);
    d->pos = Z3_mk_const(c->z, Z3_mk_string_symbol(c->z, name), rh_bmc_bv_sort(c, S->cb));
}

/* What the watched range says about the side it is chosen for. */
static Z3_ast side_is(sched *S, side *d, int t, int i, int second)
{
    rh_bmc_pos *p = &S->c->threads[t].pos[i];
    rh_bmc_ctx *c = S->c;
    Z3_context z = c->z;
    int write = second ? 0 : p->kind != RH_BMC_P_LOAD;
    Z3_ast a = second ? p->addr2 : p->addr;
    Z3_ast f[6] = {
        Z3_mk_eq(z, d->addr, a), Z3_mk_eq(z, d->len, p->len),
        Z3_mk_eq(z, d->write, write ? Z3_mk_true(z) : Z3_mk_false(z)),
        Z3_mk_eq(z, d->atomic, (p->flags & RH_BMC_PF_ATOMIC) ? Z3_mk_true(z) : Z3_mk_false(z)),
        Z3_mk_eq(z, d->thread, num(S, (uint64_t)t)),
        Z3_mk_eq(z, d->pos, num(S, (uint64_t)i)),
    };
    return Z3_mk_and(z, 6, f);
}

/* Whether the monitor looks through position i of thread t: a
 * thread-local access orders nothing, nor does a relaxed atomic one unless
 * fences make it part of a synchronisation.  A happens-before annotation
 * orders only with its partner, which hb_edges checks. */
static int transparent(sched *S, int t, int i)
{
    unsigned f = S->c->threads[t].pos[i].flags;
    return (f & RH_BMC_PF_LOCAL) || (!S->c->fences && (f & RH_BMC_PF_RELAXED)) ||
           S->c->threads[t].pos[i].kind == RH_BMC_P_HB;
}

/* Watched range (t, i) is the last access of the first context (first) or
 * the first access of the second one, in some round.  Positions the
 * monitor looks through (transparent) may follow the first or precede the
 * second in its context. */
static Z3_ast placed(sched *S, int t, int i, int first)
{
    rh_bmc_ctx *c = S->c;
    Z3_context z = c->z;
    rh_bmc_thread *th = &c->threads[t];
    rh_bmc_pos *p = &th->pos[i];
    int after = p->blk_end + 1, before = p->blk_start;
    while (after < th->npos && transparent(S, t, after))
        after++;
    while (before > 0 && transparent(S, t, before - 1))
        before--;
    Z3_ast any = rh_bmc_false(c);
    for (unsigned r = 0; r < c->rounds; r++) {
        Z3_ast k = num(S, (uint64_t)r * (unsigned)c->nthreads + (unsigned)t);
        Z3_ast f = rh_bmc_and(c, Z3_mk_eq(z, first ? S->e->k1 : S->e->k2, k), active(S, t, i, (int)r));
        Z3_ast cs = S->e->cs[t][r], end = num(S, (uint64_t)p->blk_end + 1);
        if (first) {
            f = rh_bmc_and(c, f, after == p->blk_end + 1 ? Z3_mk_eq(z, cs, end)
                                 : Z3_mk_and(z, 2, (Z3_ast[]){Z3_mk_bvuge(z, cs, end),
                                                              Z3_mk_bvule(z, cs, num(S, (uint64_t)after))}));
        } else {
            /* the context may start earlier, over positions the path skips
             * (or that are looked through) */
            Z3_ast l = lo(S, t, (int)r), n = S->cnt[t * (int)c->rounds + (int)r];
            f = rh_bmc_and(c, f, Z3_mk_eq(z, cs, end));
            f = rh_bmc_and(c, f, Z3_mk_bvule(z, l, num(S, (uint64_t)p->blk_start)));
            f = rh_bmc_and(c, f, before == p->blk_start ? Z3_mk_eq(z, n, S->E[t][p->blk_start])
                                                        : Z3_mk_bvuge(z, n, S->E[t][before]));
        }
        any = rh_bmc_or(c, any, f);
    }
    return any;
}

/* Bool: accesses of kind (RH_BMC_PF_IGN_R or _W) of thread t are ignored
 * at position i: more ignore-region begins than ends of that kind ran
 * before it (bmc_annot.c); NULL when the thread has none. */
static Z3_ast ignored(sched *S, int t, int i, unsigned kind)
{
    rh_bmc_ctx *c = S->c;
    Z3_context z = c->z;
    Z3_sort s16 = rh_bmc_bv_sort(c, 16);
    Z3_ast zero = Z3_mk_unsigned_int(z, 0, s16), depth = zero;
    int any = 0;
    for (int j = 0; j < i; j++) {
        rh_bmc_pos *q = &c->threads[t].pos[j];
        if (q->kind != RH_BMC_P_NOP || !(q->flags & kind) || rh_bmc_is_false(c, q->guard))
            continue;
        Z3_ast step = (q->flags & RH_BMC_PF_IGN_END) ? Z3_mk_int(z, -1, s16) : Z3_mk_unsigned_int(z, 1, s16);
        depth = Z3_mk_bvadd(z, depth, Z3_mk_ite(z, q->guard, step, zero));
        any = 1;
    }
    return any ? Z3_mk_bvsgt(z, depth, zero) : NULL;
}

/* Bool: position i of thread t (its source range when second) may be one
 * of a reported race: not an access its thread's ignore region hides. */
static Z3_ast not_ignored(sched *S, int t, int i, int second)
{
    rh_bmc_pos *p = &S->c->threads[t].pos[i];
    int write = second ? 0 : p->kind != RH_BMC_P_LOAD;
    Z3_ast ign = ignored(S, t, i, write ? RH_BMC_PF_IGN_W : RH_BMC_PF_IGN_R);
    return ign ? rh_bmc_not(S->c, ign) : rh_bmc_true(S->c);
}

static void watch(sched *S, side *A, side *B, int cls)
{
    rh_bmc_ctx *c = S->c;
    rh_bmc_enc *e = S->e;
    Z3_context z = c->z;
    int n = 0;
    for (int t = 0; t < c->nthreads; t++)
        for (int i = 0; i < c->threads[t].npos; i++)
            if (c->threads[t].pos[i].flags & RH_BMC_PF_RACE)
                n += (c->threads[t].pos[i].flags & RH_BMC_PF_READ2) ? 2 : 1;
    free(e->watch_thread);
    free(e->watch_pos);
    free(e->watch_second);
    e->watch_thread = rh_xcalloc((size_t)n + 1, sizeof(int));
    e->watch_pos = rh_xcalloc((size_t)n + 1, sizeof(int));
    e->watch_second = rh_xcalloc((size_t)n + 1, sizeof(int));
    e->nwatch = 0;
    unsigned char *has_ign = rh_xcalloc((size_t)c->nthreads + 1, 1); /* threads with ignore regions */
    unsigned char **keep = e->partnered;
    for (int t = 0; t < c->nthreads; t++)
        for (int i = 0; i < c->threads[t].npos; i++)
            has_ign[t] |= (c->threads[t].pos[i].flags & (RH_BMC_PF_IGN_R | RH_BMC_PF_IGN_W)) != 0;
    for (int t = 0; t < c->nthreads; t++)
        for (int i = 0; i < c->threads[t].npos; i++) {
            rh_bmc_pos *p = &c->threads[t].pos[i];
            if (!(p->flags & RH_BMC_PF_RACE) || (p->flags & RH_BMC_PF_SECTION) ||
                rh_bmc_is_false(c, p->guard))
                continue;
            for (int second = 0; second <= ((p->flags & RH_BMC_PF_READ2) ? 1 : 0); second++) {
                if (!(keep[t][i] & (1u << second)) || (cls == RH_BMC_PLAIN && (p->flags & RH_BMC_PF_ATOMIC)))
                    continue;
                int id = ++e->nwatch;
                e->watch_thread[id] = t, e->watch_pos[id] = i, e->watch_second[id] = second;
                Z3_ast bid = Z3_mk_unsigned_int(z, (unsigned)id, rh_bmc_bv_sort(c, 32));
                Z3_ast ok = has_ign[t] ? not_ignored(S, t, i, second) : rh_bmc_true(c);
                Z3_ast pl1 = rh_bmc_and(c, placed(S, t, i, 1), ok), pl2 = rh_bmc_and(c, placed(S, t, i, 0), ok);
                assert_(S, implies(S, Z3_mk_eq(z, e->sel1, bid),
                                   rh_bmc_and(c, side_is(S, A, t, i, second), pl1)));
                assert_(S, implies(S, Z3_mk_eq(z, e->sel2, bid),
                                   rh_bmc_and(c, side_is(S, B, t, i, second), pl2)));
            }
        }
    free(has_ign);
}

/* Bool: annotation (t, i) runs between the two racing accesses: a release
 * after the first one in its context C1 (first), or an acquire before the
 * second one in its context C2. */
static Z3_ast in_window(sched *S, side *d, int t, int i, int first)
{
    rh_bmc_ctx *c = S->c;
    Z3_context z = c->z;
    Z3_ast any = rh_bmc_false(c);
    for (unsigned r = 0; r < c->rounds; r++) {
        Z3_ast k = num(S, (uint64_t)r * (unsigned)c->nthreads + (unsigned)t);
        any = rh_bmc_or(c, any, rh_bmc_and(c, Z3_mk_eq(z, first ? S->e->k1 : S->e->k2, k),
                                           active(S, t, i, (int)r)));
    }
    Z3_ast at = num(S, (uint64_t)i);
    return rh_bmc_and(c, any, first ? Z3_mk_bvult(z, d->pos, at) : Z3_mk_bvugt(z, d->pos, at));
}

/* Happens-before annotations: every access before a release on an address
 * happens before every access after a later acquire on it in another
 * thread.  Between the racing accesses only the two threads run, the
 * first thread's context C1 before the second's C2, so an edge between
 * them is a release of C1 after the first access and an acquire of C2
 * before the second on the same address: such a pair is no race.  (An
 * acquire before C1 saw no release made after the first access, and the
 * contexts between C1 and C2 run nothing.)  rh_bmc_schedule's caller gives
 * up the proof where this window reasoning is not complete. */
static void hb_edges(sched *S, side *A, side *B)
{
    rh_bmc_ctx *c = S->c;
    if (!c->hb)
        return;
    for (int t = 0; t < c->nthreads; t++)
        for (int i = 0; i < c->threads[t].npos; i++) {
            rh_bmc_pos *p = &c->threads[t].pos[i];
            if (p->kind != RH_BMC_P_HB || !(p->flags & RH_BMC_PF_RELEASE) || rh_bmc_is_false(c, p->guard))
                continue;
            Z3_ast rel = in_window(S, A, t, i, 1);
            for (int u = 0; u < c->nthreads; u++)
                for (int j = 0; u != t && j < c->threads[u].npos; j++) {
                    rh_bmc_pos *q = &c->threads[u].pos[j];
                    if (q->kind != RH_BMC_P_HB || (q->flags & RH_BMC_PF_RELEASE) || rh_bmc_is_false(c, q->guard))
                        continue;
                    Z3_ast same = rh_bmc_fold(c, Z3_mk_eq(c->z, p->addr, q->addr));
                    if (rh_bmc_is_false(c, same))
                        continue;
                    assert_(S, rh_bmc_not(c, rh_bmc_and(c, rel, rh_bmc_and(c, same, in_window(S, B, u, j, 0)))));
                }
        }
}

/* Bool: both racing accesses touch [p->addr, p->addr + p->len). */
static Z3_ast both_touch(sched *S, const rh_bmc_pos *p, side *A, side *B)
{
    Z3_context z = S->c->z;
    Z3_ast end = Z3_mk_bvadd(z, p->addr, p->len);
    Z3_ast f[4] = {Z3_mk_bvult(z, A->addr, end), Z3_mk_bvult(z, p->addr, Z3_mk_bvadd(z, A->addr, A->len)),
                   Z3_mk_bvult(z, B->addr, end), Z3_mk_bvult(z, p->addr, Z3_mk_bvadd(z, B->addr, B->len))};
    return Z3_mk_and(z, 4, f);
}

/* Annotations that hide races (bmc_annot.c): no race is reported whose
 * two accesses both touch a benign range the path reaches, or a new-memory
 * range whose annotation runs between them (the first access is forgotten
 * there; between the two only C1 after the first and C2 before the second
 * run, as for hb_edges). */
static void annotated_away(sched *S, side *A, side *B)
{
    rh_bmc_ctx *c = S->c;
    for (int t = 0; t < c->nthreads; t++)
        for (int i = 0; i < c->threads[t].npos; i++) {
            rh_bmc_pos *p = &c->threads[t].pos[i];
            if (!(p->flags & (RH_BMC_PF_BENIGN | RH_BMC_PF_FORGET)) || rh_bmc_is_false(c, p->guard))
                continue;
            Z3_ast when = p->flags & RH_BMC_PF_BENIGN
                              ? p->guard
                              : rh_bmc_or(c, in_window(S, A, t, i, 1), in_window(S, B, t, i, 0));
            assert_(S, rh_bmc_not(c, rh_bmc_and(c, when, both_touch(S, p, A, B))));
        }
}

static Z3_ast race_goal(sched *S, side *A, side *B)
{
    rh_bmc_ctx *c = S->c;
    rh_bmc_enc *e = S->e;
    Z3_context z = c->z;
    Z3_ast one = Z3_mk_unsigned_int(z, 1, rh_bmc_bv_sort(c, 32));
    Z3_ast nw = Z3_mk_unsigned_int(z, (unsigned)e->nwatch, rh_bmc_bv_sort(c, 32));
    Z3_ast f[10] = {
        Z3_mk_bvuge(z, e->sel1, one), Z3_mk_bvule(z, e->sel1, nw),
        Z3_mk_bvuge(z, e->sel2, one), Z3_mk_bvule(z, e->sel2, nw),
        Z3_mk_bvult(z, e->k1, e->k2),
        Z3_mk_not(z, Z3_mk_eq(z, A->thread, B->thread)),
        /* byte ranges [a, a+len) overlap */
        Z3_mk_bvult(z, A->addr, Z3_mk_bvadd(z, B->addr, B->len)),
        Z3_mk_bvult(z, B->addr, Z3_mk_bvadd(z, A->addr, A->len)),
        Z3_mk_or(z, 2, (Z3_ast[]){A->write, B->write}),
        Z3_mk_not(z, Z3_mk_and(z, 2, (Z3_ast[]){A->atomic, B->atomic})),
    };
    return Z3_mk_and(z, 10, f);
}

/* Contexts strictly between the two racing ones, and all after the second,
 * run nothing: the accesses are adjacent and the execution ends there. */
static void quiet_contexts(sched *S)
{
    rh_bmc_ctx *c = S->c;
    Z3_context z = c->z;
    for (unsigned r = 0; r < c->rounds; r++)
        for (int t = 0; t < c->nthreads; t++) {
            Z3_ast k = num(S, (uint64_t)r * (unsigned)c->nthreads + (unsigned)t);
            Z3_ast between = Z3_mk_and(z, 2, (Z3_ast[]){Z3_mk_bvult(z, S->e->k1, k), Z3_mk_bvult(z, k, S->e->k2)});
            Z3_ast after = Z3_mk_bvugt(z, k, S->e->k2);
            assert_(S, implies(S, Z3_mk_or(z, 2, (Z3_ast[]){between, after}),
                               Z3_mk_eq(z, S->e->cs[t][r], lo(S, t, (int)r))));
        }
}

/* Bits of the context and position numbers: enough for the largest (a
 * thread's position count + 1, and rounds x threads contexts) with a bit to
 * spare, no more.  Every schedule constraint compares these numbers, so
 * their width is much of what the solver bit-blasts (RH_BMC_MAX_POSITIONS
 * fits in 16). */
static unsigned counter_bits(const rh_bmc_ctx *c)
{
    uint64_t most = (uint64_t)c->rounds * (unsigned)c->nthreads;
    for (int t = 0; t < c->nthreads; t++)
        if ((uint64_t)c->threads[t].npos + 1 > most)
            most = (uint64_t)c->threads[t].npos + 1;
    unsigned bits = 2;
    while (bits < 16 && (most >> (bits - 1)) != 0)
        bits++;
    return bits;
}

int rh_bmc_schedule(rh_bmc_ctx *c, Z3_solver s, rh_bmc_enc *e)
{
    sched S = {c, e, s, counter_bits(c), NULL, NULL};
    memset(e, 0, sizeof *e);
    e->cbits = S.cb;
    schedule_vars(&S);
    position_rules(&S);
    fork_rules(&S);
    if (memory_chain(&S))
        return -1;
    e->partnered = rh_bmc_partnered(c);
    side *d = e->sides = rh_xcalloc(2, sizeof *e->sides);
    side_vars(&S, &d[0], "a");
    side_vars(&S, &d[1], "b");
    e->k1 = Z3_mk_const(c->z, Z3_mk_string_symbol(c->z, "k1"), rh_bmc_bv_sort(c, S.cb));
    e->k2 = Z3_mk_const(c->z, Z3_mk_string_symbol(c->z, "k2"), rh_bmc_bv_sort(c, S.cb));
    e->sel1 = Z3_mk_const(c->z, Z3_mk_string_symbol(c->z, "sel1"), rh_bmc_bv_sort(c, 32));
    e->sel2 = Z3_mk_const(c->z, Z3_mk_string_symbol(c->z, "sel2"), rh_bmc_bv_sort(c, 32));
    quiet_contexts(&S);
    hb_edges(&S, &d[0], &d[1]);
    annotated_away(&S, &d[0], &d[1]);
    return 0;
}

void rh_bmc_monitor(rh_bmc_ctx *c, Z3_solver s, rh_bmc_enc *e, int cls)
{
    sched S = {c, e, s, e->cbits, NULL, NULL};
    side *A = &e->sides[0], *B = &e->sides[1];
    exec_counts(&S);
    watch(&S, A, B, cls);
    exec_counts_free(&S);
    e->race = race_goal(&S, A, B);
    if (cls == RH_BMC_MIXED)
        e->race = rh_bmc_and(c, e->race, rh_bmc_not(c, Z3_mk_eq(c->z, A->atomic, B->atomic)));
    assert_(&S, e->race);
}

void rh_bmc_block_lines(rh_bmc_ctx *c, Z3_solver s, rh_bmc_enc *e, const unsigned *lines, int n)
{
    Z3_ast any = rh_bmc_false(c);
    for (int id = 1; id <= e->nwatch; id++) {
        unsigned line = c->threads[e->watch_thread[id]].pos[e->watch_pos[id]].loc.line;
        int covered = 0;
        for (int k = 0; k < n; k++)
            covered |= lines[k] == line;
        if (covered)
            continue;
        Z3_ast bid = Z3_mk_unsigned_int(c->z, (unsigned)id, rh_bmc_bv_sort(c, 32));
        any = rh_bmc_or(c, any, Z3_mk_or(c->z, 2, (Z3_ast[]){Z3_mk_eq(c->z, e->sel1, bid),
                                                             Z3_mk_eq(c->z, e->sel2, bid)}));
    }
    Z3_solver_assert(c->z, s, any);
}

void rh_bmc_enc_free(rh_bmc_ctx *c, rh_bmc_enc *e)
{
    for (int t = 0; e->cs && t < c->nthreads; t++)
        free(e->cs[t]);
    free(e->cs);
    free(e->watch_thread);
    free(e->watch_pos);
    free(e->watch_second);
    free(e->sides);
    rh_bmc_partnered_free(c, e->partnered);
    memset(e, 0, sizeof *e);
}
