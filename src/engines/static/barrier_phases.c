/* barrier_phases.c - finds the barriers that separate phases and, per
 * access of each participant, how many waits may precede it at most and
 * how many surely precede it (see barrier_phases.h).
 */
#include "barrier_phases.h"
#include "handover.h"
#include "loops.h"
#include "stable_cells.h"

#include <stdlib.h>

typedef struct bp_barrier {
    uint64_t loc;
    LLVMValueRef init;
    unsigned char *part;          /* per thread: may wait on it */
    unsigned char *maxw, *minw; /* per access in its start routine: waits that may / surely precede it */
    int32_t *crem, *cmod;       /* per access: its count of waits is crem modulo cmod (0: exactly; -1: unknown) */
    int *fexact;                /* per model function: every call of it that returns waited this many
                                 * times, surely on the barrier (-1: unknown; -2: not computed yet) */
} bp_barrier;

#define MANY_WAITS 255 /* a wait in a loop or inside a call: no bound */

struct rh_barrier_phases {
    rh_static *s;
    RH_VEC(bp_barrier) v;
};

/* 1 when ptr may denote loc, 2 when it surely does. */
static int denotes(rh_static *s, LLVMValueRef ptr, uint64_t loc)
{
    const rh_sset *pts = rh_pt_of(&s->pt, ptr);
    int may = 0;
    for (uint32_t i = 0; i < pts->n; i++)
        may |= pts->v[i] == loc ||
               (rh_pt_loc_obj(pts->v[i]) == rh_pt_loc_obj(loc) && rh_pt_loc_off(pts->v[i]) == RH_PT_ANY);
    return may ? (pts->n == 1 && pts->v[0] == loc ? 2 : 1) : 0;
}

static int function_of(rh_static *s, LLVMValueRef inst)
{
    return rh_pt_func_index(&s->pt, LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst)));
}

/* Per model function: it may wait on the barrier, itself or through calls. */
static unsigned char *may_wait_funcs(rh_static *s, uint64_t loc)
{
    unsigned char *w = rh_xcalloc((size_t)s->p->nfuncs + 1, 1);
    for (int i = 0; i < s->p->nsyncs; i++) {
        const rh_sync *y = &s->p->syncs[i];
        if (y->entry && y->entry->op == RH_OP_BARRIER_WAIT && y->entry->obj >= 0 &&
            denotes(s, LLVMGetOperand(y->inst, (unsigned)y->entry->obj), loc))
            w[y->func] = 1;
    }
    for (int changed = 1; changed;) {
        changed = 0;
        for (int f = 0; f < s->p->nfuncs; f++)
            for (int k = 0; !w[f] && k < s->tg.nedges[f]; k++) {
                const rh_tg_edge *e = &s->tg.edges[f][k];
                int any = e->kind == RH_TG_CALL && e->unresolved;
                for (int j = 0; e->kind != RH_TG_CREATE && j < e->ntargets; j++)
                    any |= w[e->targets[j]];
                if (any)
                    w[f] = 1, changed = 1;
            }
    }
    return w;
}

/* How many instances thread t may have (-1: unknown), or, via *sym, the
 * variable bound of the counted loop around its create. */
static int64_t instances(rh_static *s, int t, LLVMValueRef init, LLVMValueRef *sym)
{
    const rh_tg_thread *th = &s->tg.threads[t];
    *sym = NULL;
    if (t == 0)
        return 1;
    if (th->async || th->parent != 0 || function_of(s, th->create) != s->p->main_func ||
        !rh_cfg_dominates(init, th->create))
        return -1;
    if (!th->multi)
        return 1;
    const rh_conc_entry *e = rh_model_call_entry(s->p, th->create);
    rh_counted_loop l;
    LLVMValueRef base, idx = NULL;
    for (int k = 0; e && !idx && k < 2; k++) {
        int op = k ? e->obj2 : e->obj;
        LLVMValueRef v = op >= 0 ? LLVMGetOperand(th->create, (unsigned)op) : NULL;
        idx = v && LLVMIsAGetElementPtrInst(v) ? rh_loop_element_index(v, &base) : NULL;
    }
    if (!idx || !rh_loop_of_index(&s->cfg, idx, &l) || !rh_loop_body_has(&l, th->create))
        return -1;
    int pb = rh_cfg_block(&s->cfg, l.preheader);
    if (pb < 0 || s->cfg.f[s->p->main_func].in_cycle[pb])
        return -1;
    if (l.end_value)
        return *sym = l.end_value, 0;
    return l.end - l.start;
}

static LLVMValueRef strip_widening(LLVMValueRef v)
{
    while (v && (LLVMIsAZExtInst(v) || LLVMIsASExtInst(v)))
        v = LLVMGetOperand(v, 0);
    return v;
}

/* A count as a sum of variables (SSA values, widenings looked through)
 * plus a constant: `n + 1`, `n - 1`, `np + nc`. */
#define LIN_TERMS 4
typedef struct lin {
    LLVMValueRef term[LIN_TERMS];
    int nterms;
    int64_t k;
} lin;

static int lin_of(LLVMValueRef v, lin *out, int depth)
{
    v = strip_widening(v);
    int64_t c = LLVMIsAConstantInt(v) ? LLVMConstIntGetSExtValue(v)
                : LLVMIsABinaryOperator(v) && LLVMGetInstructionOpcode(v) == LLVMSub &&
                          LLVMIsAConstantInt(LLVMGetOperand(v, 1))
                      ? LLVMConstIntGetSExtValue(LLVMGetOperand(v, 1))
                      : 0;
    if (c > (1 << 20) || c < -(1 << 20) || out->k > (1 << 22) || out->k < -(1 << 22))
        return 0; /* counts are small: no sum may overflow */
    if (LLVMIsAConstantInt(v)) {
        out->k += c;
        return 1;
    }
    LLVMOpcode op = LLVMIsABinaryOperator(v) ? LLVMGetInstructionOpcode(v) : LLVMRet;
    if (depth < 4 && op == LLVMAdd)
        return lin_of(LLVMGetOperand(v, 0), out, depth + 1) && lin_of(LLVMGetOperand(v, 1), out, depth + 1);
    if (depth < 4 && op == LLVMSub && LLVMIsAConstantInt(LLVMGetOperand(v, 1))) {
        out->k -= LLVMConstIntGetSExtValue(LLVMGetOperand(v, 1));
        return lin_of(LLVMGetOperand(v, 0), out, depth + 1);
    }
    if (out->nterms >= LIN_TERMS)
        return 0;
    out->term[out->nterms++] = v;
    return 1;
}

/* Whether the instances - count plus those of a create loop bounded by
 * sym (nsyms 0 or 1) - are at most the barrier's count operand n.  With a
 * bound sym = T + d, the instances are count + max(0, T + d), n is
 * T + k (two loads of one stable cell, stable_cells.h, are one T):
 * count + d <= k covers T + d >= 0, and k <= d + 1 makes n <= 0 whenever
 * T + d < 0 (a count of 0 fails, a negative one is huge as unsigned: the
 * barrier never trips).  Two variable bounds are refused: one negative
 * and one large would leave n positive and below the instances. */
static int within_count(rh_static *s, LLVMValueRef n, int64_t count, LLVMValueRef *syms, int nsyms)
{
    lin want = {{0}, 0, 0}, have = {{0}, 0, 0};
    if (nsyms > 1 || !lin_of(n, &want, 0) || (nsyms && !lin_of(syms[0], &have, 0)) ||
        want.nterms != have.nterms || want.nterms > 1)
        return 0;
    if (!want.nterms)
        return count <= want.k;
    LLVMValueRef a = want.term[0], b = have.term[0];
    if (a != b && !(LLVMIsALoadInst(a) && LLVMIsALoadInst(b) && rh_stable_same(s->cfg.stable, a, b)))
        return 0; /* two reloads of `n` are one T */
    return count + have.k <= want.k && want.k <= have.k + 1;
}

/* Whether instruction in of function f may wait on the barrier. */
static int waits(rh_static *s, int f, LLVMValueRef in, uint64_t loc, const unsigned char *mw, int *sure,
                 int *direct)
{
    *sure = *direct = 0;
    if (!LLVMIsACallInst(in))
        return 0;
    const rh_conc_entry *e = rh_model_call_entry(s->p, in);
    if (e && e->op == RH_OP_BARRIER_WAIT && e->obj >= 0) {
        int d = denotes(s, LLVMGetOperand(in, (unsigned)e->obj), loc);
        *sure = d == 2, *direct = 1;
        return d > 0;
    }
    const rh_tg_edge *ed = rh_tg_edge_of(&s->tg, f, in);
    if (!ed || ed->kind != RH_TG_CALL)
        return 0;
    int any = ed->unresolved;
    for (int j = 0; j < ed->ntargets; j++)
        any |= mw[ed->targets[j]];
    return any;
}

static int exact_waits(rh_static *s, bp_barrier *b, int f, const unsigned char *mw);

/* How many waits on the barrier instruction in of function f surely makes
 * when it returns: 0 for one that cannot wait, 1 for a direct wait surely
 * on it, K for a call of one function (a wrapper, `sync_all()`) whose
 * every return comes after exactly K such waits; -1 for any other that may
 * wait. */
static int wait_count(rh_static *s, bp_barrier *b, int f, LLVMValueRef in, const unsigned char *mw)
{
    int sure, direct;
    if (!waits(s, f, in, b->loc, mw, &sure, &direct))
        return 0;
    if (direct)
        return sure ? 1 : -1;
    const rh_tg_edge *ed = rh_tg_edge_of(&s->tg, f, in);
    if (!ed || ed->unresolved || ed->ntargets != 1 || !LLVMIsACallInst(in) ||
        LLVMGetCalledValue(in) != s->p->funcs[ed->targets[0]].fn)
        return -1;
    return exact_waits(s, b, ed->targets[0], mw);
}

/* Counts, per access of start routine f, the waits on the barrier that
 * may precede it on some path (a direct wait outside every loop runs at
 * most once per call; any other one, any number of times) and the sure
 * waits that dominate it (each runs at least once before it). */
static void classify(rh_static *s, bp_barrier *b, int f, const unsigned char *mw)
{
    RH_VEC(LLVMValueRef) any = {0}, sure = {0};
    RH_VEC(int) weight = {0};
    LLVMValueRef fn = s->p->funcs[f].fn;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
            int su, direct;
            if (waits(s, f, in, b->loc, mw, &su, &direct)) {
                int k = wait_count(s, b, f, in, mw), once = !rh_cfg_inst_in_loop(&s->cfg, f, in);
                rh_vec_push(&any, in);
                /* a direct wait, sure or not, is one arrival; a wrapper's, its exact count */
                rh_vec_push(&weight, once && direct ? 1 : once && k >= 0 ? k : MANY_WAITS);
                for (int j = 0; j < (k > 0 ? k : su); j++)
                    rh_vec_push(&sure, in);
            }
        }
    const rh_function *mf = &s->p->funcs[f];
    for (int a = mf->first_access; a < mf->first_access + mf->naccesses; a++) {
        LLVMValueRef in = s->p->accesses[a].inst;
        int maxw = 0, minw = 0;
        for (size_t i = 0; i < any.len && maxw < MANY_WAITS; i++)
            if (any.items[i] == in || rh_cfg_may_follow(any.items[i], in))
                maxw += weight.items[i];
        for (size_t i = 0; i < sure.len; i++)
            minw += sure.items[i] != in && rh_cfg_dominates(sure.items[i], in);
        b->maxw[a] = (unsigned char)(maxw < MANY_WAITS ? maxw : MANY_WAITS);
        b->minw[a] = (unsigned char)(minw < MANY_WAITS ? minw : MANY_WAITS - 1);
    }
    rh_vec_free(&any);
    rh_vec_free(&sure);
    rh_vec_free(&weight);
}

/* The number of waits on the barrier a thread has completed, as a
 * congruence (Granger's domain: mod 0 is an exact count, mod 1 nothing),
 * so that a loop with K sure waits per iteration puts each access in its
 * own residue modulo K.  set 0: not reached yet. */
typedef struct wcount {
    int64_t rem, mod;
    int set;
} wcount;

static int64_t gcd_w(int64_t a, int64_t b) /* counts stay far below 2^62 (wstep caps them) */
{
    a = a < 0 ? -a : a, b = b < 0 ? -b : b;
    while (b) {
        int64_t t = a % b;
        a = b, b = t;
    }
    return a;
}

static wcount wjoin(wcount a, wcount b)
{
    if (!a.set || !b.set)
        return a.set ? a : b;
    wcount r = {0, gcd_w(gcd_w(a.mod, b.mod), a.rem - b.rem), 1};
    r.rem = r.mod ? a.rem % r.mod : a.rem;
    return r;
}

static int wsame(wcount a, wcount b)
{
    return a.set == b.set && a.rem == b.rem && a.mod == b.mod;
}

/* One instruction: a direct wait surely on the barrier counts one, a call
 * of a wrapper that surely waits K times counts K; any other that may
 * wait leaves the count unknown. */
static wcount wstep(rh_static *s, bp_barrier *b, int f, LLVMValueRef in, const unsigned char *mw, wcount c)
{
    if (!c.set)
        return c;
    int k = wait_count(s, b, f, in, mw);
    if (k < 0 || c.rem > 1000000)
        return (wcount){0, 1, 1};
    c.rem += k;
    if (c.mod)
        c.rem %= c.mod;
    return c;
}

/* A forward dataflow over f's blocks from a count of zero at entry: in[k]
 * is the count where block k starts.  0 when it did not settle. */
static int flow(rh_static *s, bp_barrier *b, int f, const unsigned char *mw, wcount *in)
{
    const rh_cfg_func *cf = &s->cfg.f[f];
    in[0] = (wcount){0, 0, 1};
    int changed = 1, rounds = 0;
    for (; changed && rounds < 64; rounds++) {
        changed = 0;
        for (int k = 0; k < cf->nblocks; k++) {
            wcount c = in[k];
            for (LLVMValueRef x = LLVMGetFirstInstruction(cf->blocks[k]); c.set && x; x = LLVMGetNextInstruction(x))
                c = wstep(s, b, f, x, mw, c);
            for (int e = cf->succ_off[k]; c.set && e < cf->succ_off[k + 1]; e++) {
                wcount j = wjoin(in[cf->succ[e]], c);
                if (!wsame(j, in[cf->succ[e]]))
                    in[cf->succ[e]] = j, changed = 1;
            }
        }
    }
    return !changed;
}

/* The number of sure waits every return of f comes after, when it is one
 * exact number (f's own waits and those of the wrappers it calls). */
static int exact_waits(rh_static *s, bp_barrier *b, int f, const unsigned char *mw)
{
    if (f < 0 || f >= s->p->nfuncs)
        return -1;
    if (b->fexact[f] != -2)
        return b->fexact[f];
    b->fexact[f] = -1; /* while it is computed: recursion waits an unknown number of times */
    const rh_cfg_func *cf = &s->cfg.f[f];
    wcount *in = rh_xcalloc((size_t)cf->nblocks + 1, sizeof *in);
    int k = -1, ok = cf->nblocks > 0 && flow(s, b, f, mw, in);
    for (int blk = 0; ok && blk < cf->nblocks; blk++) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(cf->blocks[blk]);
        if (!t || LLVMGetInstructionOpcode(t) != LLVMRet || !in[blk].set)
            continue;
        wcount c = in[blk];
        for (LLVMValueRef x = LLVMGetFirstInstruction(cf->blocks[blk]); c.set && x; x = LLVMGetNextInstruction(x))
            c = wstep(s, b, f, x, mw, c);
        ok = c.set && c.mod == 0 && c.rem <= 16 && (k < 0 || k == c.rem);
        k = (int)c.rem;
    }
    free(in);
    return b->fexact[f] = ok ? k : -1;
}

/* Fills crem/cmod for the accesses of start routine f. */
static void count_waits(rh_static *s, bp_barrier *b, int f, const unsigned char *mw)
{
    const rh_cfg_func *cf = &s->cfg.f[f];
    wcount *in = rh_xcalloc((size_t)cf->nblocks + 1, sizeof *in);
    int settled = flow(s, b, f, mw, in);
    const rh_function *mf = &s->p->funcs[f];
    for (int a = mf->first_access; a < mf->first_access + mf->naccesses; a++) {
        LLVMValueRef at = s->p->accesses[a].inst;
        int k = rh_cfg_block(&s->cfg, LLVMGetInstructionParent(at));
        wcount c = k >= 0 && settled ? in[k] : (wcount){0, 1, 0};
        for (LLVMValueRef x = k >= 0 ? LLVMGetFirstInstruction(cf->blocks[k]) : NULL; c.set && x && x != at;
             x = LLVMGetNextInstruction(x))
            c = wstep(s, b, f, x, mw, c);
        b->crem[a] = c.set && c.mod < INT32_MAX ? (int32_t)c.rem : 0;
        b->cmod[a] = c.set && c.mod < INT32_MAX ? (int32_t)c.mod : -1;
    }
    free(in);
}

/* Whether the counts of waits before accesses a1 and a2 always differ. */
static int counts_differ(const bp_barrier *b, int a1, int a2)
{
    if (b->cmod[a1] < 0 || b->cmod[a2] < 0)
        return 0;
    int64_t g = gcd_w(b->cmod[a1], b->cmod[a2]), d = (int64_t)b->crem[a1] - b->crem[a2];
    return g == 0 ? d != 0 : d % g != 0;
}

/* Participants, their count, and the accesses of their routines. */
static int accept(rh_static *s, bp_barrier *b)
{
    unsigned char *mw = may_wait_funcs(s, b->loc);
    int64_t count = 0;
    LLVMValueRef syms[LIN_TERMS];
    int nsyms = 0;
    b->part = rh_xcalloc((size_t)s->tg.nthreads + 1, 1);
    int ok = 1;
    for (int t = 0; ok && t < s->tg.nthreads; t++) {
        const rh_tg_thread *th = &s->tg.threads[t];
        for (int i = 0; i < th->nfuncs && !b->part[t]; i++)
            b->part[t] = mw[th->funcs[i]];
        if (!b->part[t])
            continue;
        LLVMValueRef v;
        int64_t n = instances(s, t, b->init, &v);
        ok = n >= 0 && !(v && nsyms == LIN_TERMS) &&
             (t == 0 || rh_handover_only_started(s, s->p->funcs[th->func].fn));
        count += n > 0 ? n : 0;
        if (v && ok)
            syms[nsyms++] = v;
    }
    const rh_conc_entry *e = rh_model_call_entry(s->p, b->init);
    ok = ok && e->size >= 0 && within_count(s, LLVMGetOperand(b->init, (unsigned)e->size), count, syms, nsyms);
    if (ok) {
        b->maxw = rh_xcalloc((size_t)s->p->naccesses + 1, 1);
        b->minw = rh_xcalloc((size_t)s->p->naccesses + 1, 1);
        b->crem = rh_xcalloc((size_t)s->p->naccesses + 1, sizeof *b->crem);
        b->cmod = rh_xcalloc((size_t)s->p->naccesses + 1, sizeof *b->cmod);
        b->fexact = rh_xcalloc((size_t)s->p->nfuncs + 1, sizeof *b->fexact);
        for (int a = 0; a < s->p->naccesses; a++)
            b->cmod[a] = -1;
        for (int f = 0; f < s->p->nfuncs; f++)
            b->fexact[f] = -2;
        for (int t = 0; t < s->tg.nthreads; t++)
            if (b->part[t]) {
                classify(s, b, t == 0 ? s->p->main_func : s->tg.threads[t].func, mw);
                count_waits(s, b, t == 0 ? s->p->main_func : s->tg.threads[t].func, mw);
            }
    }
    free(mw);
    return ok;
}

/* The one concrete barrier an init names, when no other init may touch it
 * and main, running once, does it. */
static int one_init(rh_static *s, int i, uint64_t *loc)
{
    const rh_sync *y = &s->p->syncs[i];
    int mf = s->p->main_func;
    if (y->func != mf || mf < 0 || LLVMGetFirstUse(s->p->funcs[mf].fn) || s->tg.threads[0].multi ||
        rh_cfg_inst_in_loop(&s->cfg, mf, y->inst))
        return 0;
    const rh_sset *pts = rh_pt_of(&s->pt, LLVMGetOperand(y->inst, (unsigned)y->entry->obj));
    if (pts->n != 1 || rh_pt_loc_off(pts->v[0]) == RH_PT_ANY ||
        !rh_tg_object_strong(&s->tg, &s->pt, &s->cfg, rh_pt_loc_obj(pts->v[0])))
        return 0;
    *loc = pts->v[0];
    for (int j = 0; j < s->p->nsyncs; j++) {
        const rh_sync *z = &s->p->syncs[j];
        if (j != i && z->entry && z->entry->op == RH_OP_BARRIER_INIT && z->entry->obj >= 0 &&
            denotes(s, LLVMGetOperand(z->inst, (unsigned)z->entry->obj), *loc))
            return 0;
    }
    return 1;
}

rh_barrier_phases *rh_bp_build(rh_static *s)
{
    rh_barrier_phases *r = rh_xcalloc(1, sizeof *r);
    r->s = s;
    for (int i = 0; i < s->p->nsyncs; i++) {
        const rh_sync *y = &s->p->syncs[i];
        bp_barrier b = {0};
        if (!y->entry || y->entry->op != RH_OP_BARRIER_INIT || y->entry->obj < 0 || !one_init(s, i, &b.loc))
            continue;
        b.init = y->inst;
        if (accept(s, &b))
            rh_vec_push(&r->v, b);
        else
            free(b.part);
    }
    rh_result_stat(s->res, "static.phase_barriers", (double)r->v.len);
    return r;
}

int rh_bp_ordered(const rh_barrier_phases *r, int a1, int t1, int a2, int t2)
{
    if (!r)
        return 0;
    const rh_program *p = r->s->p;
    int f1 = t1 == 0 ? p->main_func : r->s->tg.threads[t1].func;
    int f2 = t2 == 0 ? p->main_func : r->s->tg.threads[t2].func;
    if (p->accesses[a1].func != f1 || p->accesses[a2].func != f2)
        return 0;
    for (size_t i = 0; i < r->v.len; i++) {
        const bp_barrier *b = &r->v.items[i];
        if (b->part[t1] && b->part[t2] &&
            (b->maxw[a1] < b->minw[a2] || b->maxw[a2] < b->minw[a1] || counts_differ(b, a1, a2)))
            return 1;
    }
    return 0;
}

void rh_bp_free(rh_barrier_phases *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->v.len; i++) {
        free(r->v.items[i].part);
        free(r->v.items[i].maxw);
        free(r->v.items[i].minw);
        free(r->v.items[i].crem);
        free(r->v.items[i].cmod);
        free(r->v.items[i].fexact);
    }
    rh_vec_free(&r->v);
    free(r);
}
