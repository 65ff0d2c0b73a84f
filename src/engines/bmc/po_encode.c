/* po_encode.c - the partial-order encoding of the bounded program
 * (po_encode.h): order variables, execution prefixes, accesses with
 * reads-from, from-read and coherence, blocking, atomic sections and the
 * race query.  Every rule is an implication from the executions of the
 * events it speaks of, so positions a path or a prefix leaves out impose
 * nothing.
 */
#include "po_encode.h"
#include "bmc_region.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WRITER 0x80000000u /* lock word of a write-held lock (bmc_memory.c's value) */

/* One read or write a position makes; a position makes up to three. */
typedef struct po_acc {
    int t, i;
    int read, sync;     /* a read (else a write); of a sync word (else data) */
    Z3_ast addr, val;   /* val: read's result variable, write's value */
    Z3_ast cond;        /* Bool: the write happens when the position executes */
    unsigned size, align;
    int *objs, nobjs;   /* objects the address may fall into (data only) */
} po_acc;

typedef struct po {
    rh_bmc_ctx *c;
    Z3_solver s;
    rh_bmc_enc *e;
    rh_po_enc *po;
    Z3_sort isort;
    po_acc *acc;
    int nacc, cap;
    int failed;
} po;

static void add(po *P, Z3_ast f)
{
    if (rh_bmc_is_true(P->c, f))
        return;
    Z3_solver_assert(P->c->z, P->s, f);
    P->po->terms++;
}

static Z3_ast implies(po *P, Z3_ast a, Z3_ast b)
{
    if (rh_bmc_is_false(P->c, a) || rh_bmc_is_true(P->c, b))
        return rh_bmc_true(P->c);
    return Z3_mk_implies(P->c->z, a, b);
}

static Z3_ast inum(po *P, long v)
{
    return Z3_mk_int64(P->c->z, v, P->isort);
}

static Z3_ast lt(po *P, Z3_ast a, Z3_ast b)
{
    return Z3_mk_lt(P->c->z, a, b);
}

static Z3_ast ord(po *P, int t, int i)
{
    return P->po->ord[t][i];
}

/* Bool: position i of thread t executes. */
static Z3_ast executed(po *P, int t, int i)
{
    return rh_bmc_and(P->c, P->c->threads[t].pos[i].guard, lt(P, inum(P, i), P->po->stop[t]));
}

static Z3_ast mk_int(po *P, const char *fmt, int a, int b)
{
    char name[48];
    snprintf(name, sizeof name, fmt, a, b);
    return Z3_mk_const(P->c->z, Z3_mk_string_symbol(P->c->z, name), P->isort);
}

/* Orders, prefixes, program order and thread creation. */
static void order_vars(po *P)
{
    rh_bmc_ctx *c = P->c;
    P->po->ord = rh_xcalloc((size_t)c->nthreads, sizeof *P->po->ord);
    P->po->stop = rh_xcalloc((size_t)c->nthreads, sizeof *P->po->stop);
    for (int t = 0; t < c->nthreads; t++) {
        rh_bmc_thread *th = &c->threads[t];
        P->po->stop[t] = mk_int(P, "stop_%d", t, 0);
        add(P, Z3_mk_ge(c->z, P->po->stop[t], inum(P, 0)));
        add(P, Z3_mk_le(c->z, P->po->stop[t], inum(P, th->npos)));
        P->po->ord[t] = rh_xcalloc((size_t)th->npos + 1, sizeof **P->po->ord);
        for (int i = 0; i < th->npos; i++) {
            P->po->ord[t][i] = mk_int(P, "o_%d_%d", t, i);
            if (i > 0)
                add(P, lt(P, ord(P, t, i - 1), ord(P, t, i)));
        }
        if (t > 0) {
            /* a thread runs only once it has been created, after its creation */
            Z3_ast runs = lt(P, inum(P, 0), P->po->stop[t]);
            add(P, implies(P, runs, executed(P, th->parent, th->create_pos)));
            if (th->npos > 0)
                add(P, lt(P, ord(P, th->parent, th->create_pos), ord(P, t, 0)));
        }
    }
}

/* Kills, assumptions and joins. */
static void position_rules(po *P)
{
    rh_bmc_ctx *c = P->c;
    for (int t = 0; t < c->nthreads; t++)
        for (int i = 0; i < c->threads[t].npos; i++) {
            rh_bmc_pos *p = &c->threads[t].pos[i];
            if (rh_bmc_is_false(c, p->guard))
                continue;
            Z3_ast ex = executed(P, t, i);
            if (p->kind == RH_BMC_P_KILL)
                add(P, rh_bmc_not(c, ex));
            else if (p->kind == RH_BMC_P_ASSUME)
                add(P, implies(P, ex, p->cond));
            else if (p->kind == RH_BMC_P_JOIN) {
                Z3_ast any = rh_bmc_false(c);
                unsigned w = rh_bmc_width(c, p->val);
                for (int u = 1; u < c->nthreads; u++) {
                    if (u == t)
                        continue;
                    int end = c->threads[u].end_pos;
                    Z3_ast f[3] = {Z3_mk_eq(c->z, p->val, rh_bmc_bv(c, (uint64_t)u, w)), executed(P, u, end),
                                   lt(P, ord(P, u, end), ord(P, t, i))};
                    any = rh_bmc_or(c, any, Z3_mk_and(c->z, 3, f));
                }
                add(P, implies(P, ex, any));
            }
        }
}

/* Whether a position takes part in what other threads see. */
static int visible(const rh_bmc_pos *p)
{
    return p->kind != RH_BMC_P_NOP && p->kind != RH_BMC_P_ASSUME && p->kind != RH_BMC_P_KILL &&
           !(p->flags & RH_BMC_PF_LOCAL);
}

/* An atomic section runs with no visible position of another thread
 * between its first and last position. */
static void atomic_sections(po *P)
{
    rh_bmc_ctx *c = P->c;
    for (int t = 0; t < c->nthreads; t++) {
        rh_bmc_thread *th = &c->threads[t];
        for (int i = 0; i < th->npos; i++) {
            rh_bmc_pos *p = &th->pos[i];
            if (p->blk_start != i || p->blk_end == i || rh_bmc_is_false(c, p->guard))
                continue;
            Z3_ast a = ord(P, t, p->blk_start), b = ord(P, t, p->blk_end);
            for (int u = 0; u < c->nthreads; u++)
                for (int j = 0; u != t && j < c->threads[u].npos; j++) {
                    rh_bmc_pos *q = &c->threads[u].pos[j];
                    if (!visible(q) || rh_bmc_is_false(c, q->guard))
                        continue;
                    Z3_ast o = ord(P, u, j);
                    Z3_ast out = Z3_mk_or(c->z, 2, (Z3_ast[]){lt(P, o, a), lt(P, b, o)});
                    add(P, implies(P, rh_bmc_and(c, executed(P, u, j), executed(P, t, i)), out));
                }
        }
    }
}

/* ---- accesses ---- */

static void push_acc(po *P, int t, int i, int read, int sync, Z3_ast addr, unsigned size, Z3_ast val,
                     Z3_ast cond)
{
    if (P->nacc == P->cap) {
        P->cap = P->cap ? 2 * P->cap : 256;
        P->acc = rh_xrealloc(P->acc, (size_t)P->cap * sizeof *P->acc);
    }
    po_acc *a = &P->acc[P->nacc++];
    memset(a, 0, sizeof *a);
    a->t = t, a->i = i, a->read = read, a->sync = sync;
    a->addr = addr, a->size = size, a->val = val;
    a->cond = cond ? cond : rh_bmc_true(P->c);
    a->align = sync ? 4 : P->c->threads[t].pos[i].align;
    if (!sync) {
        a->objs = rh_xcalloc((size_t)P->c->nobjs + 1, sizeof *a->objs);
        rh_bmc_objset(P->c, P->c->regions, addr, a->objs, &a->nobjs);
    }
}

static Z3_ast rmw_value(rh_bmc_ctx *c, int op, Z3_ast old, Z3_ast v)
{
    Z3_context z = c->z;
    switch (op) {
    case LLVMAtomicRMWBinOpXchg: return v;
    case LLVMAtomicRMWBinOpAdd: return Z3_mk_bvadd(z, old, v);
    case LLVMAtomicRMWBinOpSub: return Z3_mk_bvsub(z, old, v);
    case LLVMAtomicRMWBinOpAnd: return Z3_mk_bvand(z, old, v);
    case LLVMAtomicRMWBinOpNand: return Z3_mk_bvnot(z, Z3_mk_bvand(z, old, v));
    case LLVMAtomicRMWBinOpOr: return Z3_mk_bvor(z, old, v);
    case LLVMAtomicRMWBinOpXor: return Z3_mk_bvxor(z, old, v);
    case LLVMAtomicRMWBinOpMax: return Z3_mk_ite(z, Z3_mk_bvsgt(z, old, v), old, v);
    case LLVMAtomicRMWBinOpMin: return Z3_mk_ite(z, Z3_mk_bvslt(z, old, v), old, v);
    case LLVMAtomicRMWBinOpUMax: return Z3_mk_ite(z, Z3_mk_bvugt(z, old, v), old, v);
    default: return Z3_mk_ite(z, Z3_mk_bvult(z, old, v), old, v);
    }
}

/* A lock, semaphore wait or unlock: the sync word is read and written at
 * once; what allows it to pass and what it leaves are bmc_memory.c's. */
static void sync_access(po *P, int t, int i, rh_bmc_pos *p, Z3_ast ex)
{
    rh_bmc_ctx *c = P->c;
    Z3_context z = c->z;
    Z3_ast sa = rh_bmc_sync_addr(c, p->addr, 0), w = rh_bmc_fresh(c, "po_sw", 32), ok, nv;
    Z3_ast writer = rh_bmc_bv(c, WRITER, 32), zero = rh_bmc_bv(c, 0, 32), one = rh_bmc_bv(c, 1, 32);
    Z3_ast cond = NULL;
    push_acc(P, t, i, 1, 1, sa, 4, w, NULL);
    switch (p->kind) {
    case RH_BMC_P_UNLOCK:
        nv = Z3_mk_ite(z, Z3_mk_eq(z, w, writer), zero,
                       Z3_mk_ite(z, Z3_mk_eq(z, w, zero), w, Z3_mk_bvsub(z, w, one)));
        if (p->flags & (RH_BMC_PF_RECURSIVE | RH_BMC_PF_ERRCHECK))
            nv = rh_bmc_rec_unlock(c, t, w, (p->flags & RH_BMC_PF_STRAY) != 0);
        push_acc(P, t, i, 0, 1, sa, 4, nv, NULL);
        return;
    case RH_BMC_P_SEM_POST:
        push_acc(P, t, i, 0, 1, sa, 4, Z3_mk_bvadd(z, w, one), NULL);
        return;
    case RH_BMC_P_ONCE_TRY:
        add(P, implies(P, ex, Z3_mk_eq(z, p->out, w)));
        push_acc(P, t, i, 0, 1, sa, 4, one, Z3_mk_eq(z, w, zero));
        return;
    case RH_BMC_P_ONCE_WAIT:
        add(P, implies(P, ex, Z3_mk_eq(z, w, rh_bmc_bv(c, 2, 32))));
        return;
    case RH_BMC_P_BAR_WAIT:
        add(P, implies(P, ex, Z3_mk_bvuge(z, w, p->val)));
        return;
    case RH_BMC_P_SEM_WAIT:
        ok = Z3_mk_bvsgt(z, w, zero), nv = Z3_mk_bvsub(z, w, one);
        break;
    default: /* LOCK */
        if (p->flags & RH_BMC_PF_RECURSIVE)
            rh_bmc_rec_lock(c, t, w, &ok, &nv);
        else if (p->flags & RH_BMC_PF_ERRCHECK)
            rh_bmc_errchk_lock(c, t, w, (p->flags & RH_BMC_PF_TRY) != 0, &ok, &nv);
        else if (p->flags & RH_BMC_PF_SHARED)
            ok = Z3_mk_bvult(z, w, writer), nv = Z3_mk_bvadd(z, w, one);
        else
            ok = Z3_mk_eq(z, w, zero), nv = writer;
        break;
    }
    if (p->flags & (RH_BMC_PF_TRY | RH_BMC_PF_TIMED)) {
        if (p->flags & RH_BMC_PF_TIMED)
            ok = rh_bmc_and(c, ok, rh_bmc_fresh(c, "po_intime", 0));
        add(P, implies(P, ex, Z3_mk_eq(z, p->out, Z3_mk_ite(z, ok, zero, rh_bmc_bv(c, p->fail, 32)))));
        cond = ok;
    } else {
        add(P, implies(P, ex, ok));
    }
    push_acc(P, t, i, 0, 1, sa, 4, nv, cond);
}

/* pthread_join's out parameter receives the joined thread's result. */
static void join_access(po *P, int t, int i, rh_bmc_pos *p)
{
    rh_bmc_ctx *c = P->c;
    Z3_ast v = NULL;
    for (int u = 1; u < c->nthreads; u++) {
        Z3_ast rv = c->threads[u].retval;
        if (!rv || (v && rh_bmc_width(c, rv) != rh_bmc_width(c, v)))
            continue;
        Z3_ast is_u = Z3_mk_eq(c->z, p->val, rh_bmc_bv(c, (uint64_t)u, rh_bmc_width(c, p->val)));
        v = v ? Z3_mk_ite(c->z, is_u, rv, v) : rv;
    }
    if (v && rh_bmc_width(c, v) % 8 == 0)
        push_acc(P, t, i, 0, 0, p->addr2, rh_bmc_width(c, v) / 8, v, NULL);
}

/* The accesses of every position; -1 at a kind the encoding does not model. */
static int collect(po *P)
{
    rh_bmc_ctx *c = P->c;
    for (int t = 0; t < c->nthreads; t++)
        for (int i = 0; i < c->threads[t].npos; i++) {
            rh_bmc_pos *p = &c->threads[t].pos[i];
            if (rh_bmc_is_false(c, p->guard))
                continue;
            Z3_ast v;
            switch (p->kind) {
            case RH_BMC_P_LOAD: push_acc(P, t, i, 1, 0, p->addr, p->size, p->val, NULL); break;
            case RH_BMC_P_STORE: push_acc(P, t, i, 0, 0, p->addr, p->size, p->val, NULL); break;
            case RH_BMC_P_RMW: case RH_BMC_P_CMPXCHG:
                push_acc(P, t, i, 1, 0, p->addr, p->size, p->out, NULL);
                v = p->kind == RH_BMC_P_RMW ? rmw_value(c, p->rmw_op, p->out, p->val)
                                            : Z3_mk_ite(c->z, Z3_mk_eq(c->z, p->out, p->val), p->val2, p->out);
                push_acc(P, t, i, 0, 0, p->addr, p->size, v, NULL);
                break;
            case RH_BMC_P_CREATE:
                push_acc(P, t, i, 0, 0, p->addr, p->size, rh_bmc_bv(c, (uint64_t)p->thread, 8 * p->size), NULL);
                break;
            case RH_BMC_P_JOIN:
                if (p->addr2)
                    join_access(P, t, i, p);
                break;
            case RH_BMC_P_SYNC_SET:
                push_acc(P, t, i, 0, 1, rh_bmc_sync_addr(c, p->addr, 0), 4, p->val, NULL);
                break;
            case RH_BMC_P_LOCK: case RH_BMC_P_UNLOCK: case RH_BMC_P_SEM_WAIT: case RH_BMC_P_SEM_POST:
            case RH_BMC_P_ONCE_TRY: case RH_BMC_P_ONCE_WAIT: case RH_BMC_P_BAR_WAIT:
                sync_access(P, t, i, p, executed(P, t, i));
                break;
            case RH_BMC_P_NOP:
                if (p->flags & (RH_BMC_PF_BENIGN | RH_BMC_PF_FORGET | RH_BMC_PF_IGN_R | RH_BMC_PF_IGN_W))
                    goto unsupported;
                break;
            case RH_BMC_P_ASSUME: case RH_BMC_P_KILL:
                break;
            default:
                goto unsupported;
            }
            continue;
        unsupported:
            snprintf(c->note, sizeof c->note, "the partial-order encoding does not model '%s' at %s:%u "
                     "(use the default encoding)", p->what ? p->what : "?", p->loc.file ? p->loc.file : "?",
                     p->loc.line);
            return -1;
        }
    return 0;
}

/* ---- reads-from, from-read, coherence ---- */

static int numeral(rh_bmc_ctx *c, Z3_ast a, uint64_t *v)
{
    return Z3_is_numeral_ast(c->z, a) && Z3_get_numeral_uint64(c->z, a, v);
}

/* Whether two accesses may share a byte: same kind of memory, and for
 * data, constant ranges that meet or object sets that do. */
static int may_meet(po *P, const po_acc *a, const po_acc *b)
{
    uint64_t x, y;
    if (a->sync != b->sync)
        return 0;
    if (numeral(P->c, a->addr, &x) && numeral(P->c, b->addr, &y))
        return x < y + b->size && y < x + a->size;
    if (a->sync || a->nobjs == 0 || b->nobjs == 0)
        return 1;
    for (int k = 0; k < a->nobjs; k++)
        for (int l = 0; l < b->nobjs; l++)
            if (a->objs[k] == b->objs[l])
                return 1;
    return 0;
}

/* Whether reads-from can pair them: same width, so sharing a byte means
 * the same address unless one straddles the other. */
static int pairable(po *P, const po_acc *r, const po_acc *w)
{
    return r->size == w->size && rh_bmc_width(P->c, r->val) == rh_bmc_width(P->c, w->val) &&
           rh_bmc_width(P->c, r->val) == 8 * r->size;
}

/* Both addresses are aligned to their common power-of-two width (LLVM's
 * align is the front end's promise, bmc_memory.h). */
static int aligned(const po_acc *r, const po_acc *w)
{
    unsigned n = r->size;
    return n && (n & (n - 1)) == 0 && r->align >= n && w->align >= n;
}

static Z3_ast overlap(po *P, const po_acc *a, const po_acc *b)
{
    rh_bmc_ctx *c = P->c;
    unsigned w = rh_bmc_width(c, a->addr);
    Z3_ast ea = Z3_mk_bvadd(c->z, a->addr, rh_bmc_bv(c, a->size, w));
    Z3_ast eb = Z3_mk_bvadd(c->z, b->addr, rh_bmc_bv(c, b->size, w));
    Z3_ast f[2] = {Z3_mk_bvult(c->z, a->addr, eb), Z3_mk_bvult(c->z, b->addr, ea)};
    return rh_bmc_fold(c, Z3_mk_and(c->z, 2, f));
}

static Z3_ast acc_exec(po *P, const po_acc *a)
{
    return rh_bmc_and(P->c, executed(P, a->t, a->i), a->cond);
}

/* Bool: write w executes and writes the address r reads. */
static Z3_ast hits(po *P, const po_acc *w, const po_acc *r)
{
    Z3_ast same = rh_bmc_fold(P->c, Z3_mk_eq(P->c->z, w->addr, r->addr));
    return rh_bmc_and(P->c, acc_exec(P, w), same);
}

typedef struct blist {
    Z3_ast *v;
    int n, cap;
} blist;

static void bpush(blist *l, Z3_ast a)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->v = rh_xrealloc(l->v, (size_t)l->cap * sizeof *l->v);
    }
    l->v[l->n++] = a;
}

/* One read: its choice of write, the initial memory, and from-read. */
static void read_rules(po *P, const po_acc *r, int *cand, int n, blist *bad)
{
    rh_bmc_ctx *c = P->c;
    Z3_context z = c->z;
    Z3_ast ex = executed(P, r->t, r->i), o = ord(P, r->t, r->i);
    Z3_ast *rf = rh_xcalloc((size_t)n + 1, sizeof *rf), *hit = rh_xcalloc((size_t)n + 1, sizeof *hit);
    blist choice = {0}, later = {0};
    for (int k = 0; k < n; k++) {
        const po_acc *w = &P->acc[cand[k]];
        if (!pairable(P, r, w)) {
            bpush(bad, rh_bmc_and(c, rh_bmc_and(c, ex, acc_exec(P, w)), overlap(P, r, w)));
            continue;
        }
        /* the same width at another address that shares bytes: a straddle,
         * which addresses aligned to the width cannot make */
        if (!aligned(r, w)) {
            Z3_ast other = rh_bmc_not(c, rh_bmc_fold(c, Z3_mk_eq(z, r->addr, w->addr)));
            Z3_ast straddle = rh_bmc_and(c, overlap(P, r, w), other);
            if (!rh_bmc_is_false(c, straddle))
                bpush(bad, rh_bmc_and(c, rh_bmc_and(c, ex, acc_exec(P, w)), straddle));
        }
        hit[k] = hits(P, w, r);
        if (rh_bmc_is_false(c, hit[k]))
            continue;
        Z3_ast ow = ord(P, w->t, w->i);
        rf[k] = Z3_mk_fresh_const(z, "rf", Z3_mk_bool_sort(z));
        P->po->nrf++;
        Z3_ast f[3] = {hit[k], lt(P, ow, o), Z3_mk_eq(z, r->val, w->val)};
        add(P, Z3_mk_implies(z, rf[k], Z3_mk_and(z, 3, f)));
        bpush(&choice, rf[k]);
        bpush(&later, implies(P, hit[k], lt(P, o, ow)));
    }
    Z3_ast init = Z3_mk_fresh_const(z, "rf0", Z3_mk_bool_sort(z));
    Z3_ast i0 = Z3_mk_eq(z, r->val, rh_bmc_mem_load(c, c->mem0, r->addr, r->size));
    bpush(&later, i0);
    add(P, Z3_mk_implies(z, init, Z3_mk_and(z, (unsigned)later.n, later.v)));
    bpush(&choice, init);
    add(P, implies(P, ex, Z3_mk_or(z, (unsigned)choice.n, choice.v)));
    /* from-read: a write after the one read from comes after the read */
    for (int k = 0; k < n; k++)
        for (int l = 0; rf[k] && l < n; l++) {
            if (l == k || !rf[l])
                continue;
            Z3_ast ok = ord(P, P->acc[cand[k]].t, P->acc[cand[k]].i);
            Z3_ast ol = ord(P, P->acc[cand[l]].t, P->acc[cand[l]].i);
            Z3_ast f[3] = {rf[k], hit[l], lt(P, ok, ol)};
            add(P, Z3_mk_implies(z, Z3_mk_and(z, 3, f), lt(P, o, ol)));
        }
    free(rf);
    free(hit);
    free(choice.v);
    free(later.v);
}

/* Two writes of one address take different places in the order. */
static void coherence(po *P, const po_acc *w, const po_acc *v)
{
    Z3_ast same = rh_bmc_fold(P->c, Z3_mk_eq(P->c->z, w->addr, v->addr));
    if (rh_bmc_is_false(P->c, same))
        return;
    Z3_ast both = rh_bmc_and(P->c, rh_bmc_and(P->c, acc_exec(P, w), acc_exec(P, v)), same);
    add(P, implies(P, both, Z3_mk_not(P->c->z, Z3_mk_eq(P->c->z, ord(P, w->t, w->i), ord(P, v->t, v->i)))));
}

static int memory_rules(po *P, blist *bad)
{
    rh_bmc_ctx *c = P->c;
    int *cand = rh_xcalloc((size_t)P->nacc + 1, sizeof *cand);
    for (int a = 0; a < P->nacc; a++) {
        if ((a % 16 == 0 || P->po->terms > RH_PO_MAX_TERMS) && (rh_now() > c->deadline || rh_cancelled() || P->po->terms > RH_PO_MAX_TERMS)) {
            free(cand);
            return -1;
        }
        const po_acc *x = &P->acc[a];
        int n = 0;
        for (int b = 0; b < P->nacc; b++) {
            const po_acc *y = &P->acc[b];
            if (y->read || (y->t == x->t && y->i == x->i) || !may_meet(P, x, y))
                continue;
            if (x->read)
                cand[n++] = b;
            else if (b > a)
                coherence(P, x, y);
        }
        /* from-read grows with the square of a read's candidate writes */
        if (x->read && P->po->terms + (long)n * n > RH_PO_MAX_TERMS) {
            P->po->terms += (long)n * n;
            free(cand);
            return -1;
        }
        if (x->read)
            read_rules(P, x, cand, n, bad);
    }
    free(cand);
    return 0;
}

/* ---- the race query ---- */

typedef struct side {
    Z3_ast addr, len, write, atomic, thread;
} side;

static void side_vars(po *P, side *d, const char *tag)
{
    rh_bmc_ctx *c = P->c;
    Z3_context z = c->z;
    char n[32];
    snprintf(n, sizeof n, "po_%s_addr", tag);
    d->addr = Z3_mk_const(z, Z3_mk_string_symbol(z, n), rh_bmc_bv_sort(c, c->aw));
    snprintf(n, sizeof n, "po_%s_len", tag);
    d->len = Z3_mk_const(z, Z3_mk_string_symbol(z, n), rh_bmc_bv_sort(c, c->aw));
    snprintf(n, sizeof n, "po_%s_write", tag);
    d->write = Z3_mk_const(z, Z3_mk_string_symbol(z, n), Z3_mk_bool_sort(z));
    snprintf(n, sizeof n, "po_%s_atomic", tag);
    d->atomic = Z3_mk_const(z, Z3_mk_string_symbol(z, n), Z3_mk_bool_sort(z));
    snprintf(n, sizeof n, "po_%s_thread", tag);
    d->thread = Z3_mk_const(z, Z3_mk_string_symbol(z, n), P->isort);
}

static Z3_ast side_is(po *P, side *d, int t, int i)
{
    rh_bmc_ctx *c = P->c;
    Z3_context z = c->z;
    rh_bmc_pos *p = &c->threads[t].pos[i];
    Z3_ast f[5] = {
        Z3_mk_eq(z, d->addr, p->addr), Z3_mk_eq(z, d->len, p->len),
        Z3_mk_eq(z, d->write, p->kind != RH_BMC_P_LOAD ? Z3_mk_true(z) : Z3_mk_false(z)),
        Z3_mk_eq(z, d->atomic, (p->flags & RH_BMC_PF_ATOMIC) ? Z3_mk_true(z) : Z3_mk_false(z)),
        Z3_mk_eq(z, d->thread, inum(P, t)),
    };
    return Z3_mk_and(z, 5, f);
}

/* The watched accesses and where each may stand in the race: the first
 * one runs with the rest of its atomic section after T, the second one
 * with all of its section; their threads execute nothing after that. */
static void watch(po *P, side *A, side *B, Z3_ast *win)
{
    rh_bmc_ctx *c = P->c;
    rh_bmc_enc *e = P->e;
    Z3_context z = c->z;
    int n = 0;
    for (int t = 0; t < c->nthreads; t++)
        for (int i = 0; i < c->threads[t].npos; i++)
            n += (c->threads[t].pos[i].flags & RH_BMC_PF_RACE) != 0;
    e->watch_thread = rh_xcalloc((size_t)n + 1, sizeof(int));
    e->watch_pos = rh_xcalloc((size_t)n + 1, sizeof(int));
    e->watch_second = rh_xcalloc((size_t)n + 1, sizeof(int));
    for (int t = 0; t < c->nthreads; t++)
        for (int i = 0; i < c->threads[t].npos; i++) {
            rh_bmc_pos *p = &c->threads[t].pos[i];
            if (!(p->flags & RH_BMC_PF_RACE) || (p->flags & RH_BMC_PF_SECTION) || rh_bmc_is_false(c, p->guard))
                continue;
            int id = ++e->nwatch;
            e->watch_thread[id] = t, e->watch_pos[id] = i;
            Z3_ast bid = Z3_mk_unsigned_int(z, (unsigned)id, rh_bmc_bv_sort(c, 32));
            Z3_ast ex = executed(P, t, i), stop = Z3_mk_eq(z, P->po->stop[t], inum(P, p->blk_end + 1));
            Z3_ast f1[4] = {side_is(P, A, t, i), ex, stop, Z3_mk_eq(z, win[t], inum(P, i))};
            Z3_ast f2[4] = {side_is(P, B, t, i), ex, stop, Z3_mk_eq(z, win[t], inum(P, p->blk_start))};
            add(P, Z3_mk_implies(z, Z3_mk_eq(z, e->sel1, bid), Z3_mk_and(z, 4, f1)));
            add(P, Z3_mk_implies(z, Z3_mk_eq(z, e->sel2, bid), Z3_mk_and(z, 4, f2)));
        }
}

/* Everything executed outside the racing windows comes before T. */
static void last_two(po *P, side *A, side *B, Z3_ast *win)
{
    rh_bmc_ctx *c = P->c;
    Z3_context z = c->z;
    Z3_ast T = mk_int(P, "po_T", 0, 0);
    for (int t = 0; t < c->nthreads; t++) {
        Z3_ast none = Z3_mk_and(z, 2, (Z3_ast[]){Z3_mk_not(z, Z3_mk_eq(z, A->thread, inum(P, t))),
                                                 Z3_mk_not(z, Z3_mk_eq(z, B->thread, inum(P, t)))});
        add(P, Z3_mk_implies(z, none, Z3_mk_eq(z, win[t], P->po->stop[t])));
        for (int i = 0; i < c->threads[t].npos; i++) {
            if (rh_bmc_is_false(c, c->threads[t].pos[i].guard))
                continue;
            Z3_ast ex = executed(P, t, i), before = lt(P, inum(P, i), win[t]);
            add(P, Z3_mk_implies(z, rh_bmc_and(c, ex, before), lt(P, ord(P, t, i), T)));
            add(P, Z3_mk_implies(z, rh_bmc_and(c, ex, Z3_mk_not(z, before)), Z3_mk_ge(z, ord(P, t, i), T)));
        }
    }
}

static Z3_ast race_goal(po *P, side *A, side *B)
{
    rh_bmc_ctx *c = P->c;
    rh_bmc_enc *e = P->e;
    Z3_context z = c->z;
    Z3_ast one = Z3_mk_unsigned_int(z, 1, rh_bmc_bv_sort(c, 32));
    Z3_ast nw = Z3_mk_unsigned_int(z, (unsigned)e->nwatch, rh_bmc_bv_sort(c, 32));
    Z3_ast f[9] = {
        Z3_mk_bvuge(z, e->sel1, one), Z3_mk_bvule(z, e->sel1, nw),
        Z3_mk_bvuge(z, e->sel2, one), Z3_mk_bvule(z, e->sel2, nw),
        Z3_mk_not(z, Z3_mk_eq(z, A->thread, B->thread)),
        Z3_mk_bvult(z, A->addr, Z3_mk_bvadd(z, B->addr, B->len)),
        Z3_mk_bvult(z, B->addr, Z3_mk_bvadd(z, A->addr, A->len)),
        Z3_mk_or(z, 2, (Z3_ast[]){A->write, B->write}),
        Z3_mk_not(z, Z3_mk_and(z, 2, (Z3_ast[]){A->atomic, B->atomic})),
    };
    return Z3_mk_and(z, 9, f);
}

static int unmodelled(rh_bmc_ctx *c, const char *what)
{
    snprintf(c->note, sizeof c->note, "the partial-order encoding does not model %s "
             "(use the default encoding)", what);
    return -1;
}

int rh_po_encode(rh_bmc_ctx *c, Z3_solver s, rh_bmc_enc *e, rh_po_enc *pe)
{
    memset(e, 0, sizeof *e);
    memset(pe, 0, sizeof *pe);
    if (c->nforks)
        return unmodelled(c, "fork");
    if (c->cancel)
        return unmodelled(c, "thread cancellation");
    if (c->hb)
        return unmodelled(c, "happens-before annotations");
    po P = {c, s, e, pe, Z3_mk_int_sort(c->z), NULL, 0, 0, 0};
    order_vars(&P);
    position_rules(&P);
    int rc = collect(&P);
    blist bad = {0};
    if (rc == 0) {
        atomic_sections(&P);
        rc = memory_rules(&P, &bad);
        if (rc) /* the decisive reason, over any earlier note */
            snprintf(c->note, sizeof c->note, pe->terms > RH_PO_MAX_TERMS
                     ? "the partial-order formula exceeds its size limit" : "time ran out while encoding");
    }
    if (rc == 0) {
        pe->bad = bad.n ? Z3_mk_or(c->z, (unsigned)bad.n, bad.v) : rh_bmc_false(c);
        side A, B;
        side_vars(&P, &A, "a");
        side_vars(&P, &B, "b");
        e->sel1 = Z3_mk_const(c->z, Z3_mk_string_symbol(c->z, "po_sel1"), rh_bmc_bv_sort(c, 32));
        e->sel2 = Z3_mk_const(c->z, Z3_mk_string_symbol(c->z, "po_sel2"), rh_bmc_bv_sort(c, 32));
        Z3_ast *win = rh_xcalloc((size_t)c->nthreads, sizeof *win);
        for (int t = 0; t < c->nthreads; t++) {
            win[t] = mk_int(&P, "po_win_%d", t, 0);
            add(&P, Z3_mk_ge(c->z, win[t], inum(&P, 0)));
        }
        watch(&P, &A, &B, win);
        last_two(&P, &A, &B, win);
        free(win);
        e->race = race_goal(&P, &A, &B);
    }
    for (int a = 0; a < P.nacc; a++)
        free(P.acc[a].objs);
    free(P.acc);
    free(bad.v);
    return rc;
}

void rh_po_free(rh_bmc_ctx *c, rh_po_enc *pe)
{
    for (int t = 0; pe->ord && t < c->nthreads; t++)
        free(pe->ord[t]);
    free(pe->ord);
    free(pe->stop);
    memset(pe, 0, sizeof *pe);
}
