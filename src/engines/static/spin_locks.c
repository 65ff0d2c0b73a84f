/* spin_locks.c - memory words used as locks by atomics (see
 * spin_locks.h): the candidates and what refutes them, the acquire edge
 * and the checked release.
 */
#include "spin_locks.h"
#include "atomic_ops.h"
#include "lockset.h"

#include <stdlib.h>

typedef struct spin_cand {
    uint64_t loc;  /* points-to location, known offset */
    uint64_t size; /* bytes */
    int live;      /* 0 once refuted */
} spin_cand;

struct rh_spin {
    spin_cand *c;
    int n, cap;
    rh_map objs; /* object -> 1: some candidate lies in it (a quick "no") */
    int changed; /* a candidate was refuted since rh_spin_rejected */
};

/* Whether inst is an acquire attempt (spin_locks.h, rule 1). */
static int acquire_attempt(LLVMValueRef inst)
{
    uint64_t k, k2;
    switch (LLVMGetInstructionOpcode(inst)) {
    case LLVMAtomicRMW:
        return LLVMGetAtomicRMWBinOp(inst) == LLVMAtomicRMWBinOpXchg && rh_aop_acquires(LLVMGetOrdering(inst)) &&
               rh_aop_const(LLVMGetOperand(inst, 1), &k) && k != 0;
    case LLVMAtomicCmpXchg:
        return rh_aop_acquires(LLVMGetCmpXchgSuccessOrdering(inst)) &&
               rh_aop_const(LLVMGetOperand(inst, 1), &k) && k == 0 &&
               rh_aop_const(LLVMGetOperand(inst, 2), &k2) && k2 != 0;
    default:
        return 0;
    }
}

/* Whether inst is a release (rule 1): an atomic store of 0, release or stronger. */
static int release_store(LLVMValueRef inst)
{
    uint64_t k;
    return LLVMGetInstructionOpcode(inst) == LLVMStore && rh_aop_releases(LLVMGetOrdering(inst)) &&
           rh_aop_const(LLVMGetOperand(inst, 0), &k) && k == 0;
}

static int find_cand(const rh_spin *sp, uint64_t loc)
{
    for (int i = 0; i < sp->n; i++)
        if (sp->c[i].loc == loc)
            return i;
    return -1;
}

static void add_cand(rh_spin *sp, uint64_t loc, uint64_t size)
{
    int i = find_cand(sp, loc);
    if (i >= 0) {
        if (sp->c[i].size != size) /* one word, two widths: no lock */
            sp->c[i].live = 0;
        return;
    }
    if (sp->n == sp->cap) {
        sp->cap = sp->cap ? 2 * sp->cap : 8;
        sp->c = rh_xrealloc(sp->c, (size_t)sp->cap * sizeof *sp->c);
    }
    sp->c[sp->n++] = (spin_cand){loc, size, 1};
    rh_map_put(&sp->objs, rh_pt_loc_obj(loc), 1);
}

/* Refutes every candidate whose bytes [off, off + size) of object obj may
 * overlap (off RH_PT_ANY or size 0: anywhere in the object), except an
 * exact one when the write is an operation of the lock itself. */
static void refute(rh_spin *sp, uint64_t target, uint64_t size, int lock_op)
{
    uint32_t obj = rh_pt_loc_obj(target);
    int32_t off = rh_pt_loc_off(target);
    if (!rh_map_get(&sp->objs, obj, 0))
        return;
    for (int i = 0; i < sp->n; i++) {
        spin_cand *c = &sp->c[i];
        if (!c->live || rh_pt_loc_obj(c->loc) != obj)
            continue;
        if (lock_op && c->loc == target && c->size == size)
            continue;
        int64_t lo = rh_pt_loc_off(c->loc), hi = lo + (int64_t)c->size;
        if (rh_pt_bytes_meet(off, size, lo, hi))
            c->live = 0;
    }
}

rh_spin *rh_spin_find(rh_program *p, rh_pt *pt)
{
    rh_spin *sp = rh_xcalloc(1, sizeof *sp);
    for (int a = 0; a < p->naccesses; a++) { /* the candidates: what an attempt may touch */
        const rh_access *ac = &p->accesses[a];
        if (ac->from_call || !acquire_attempt(ac->inst) || !ac->size)
            continue;
        const rh_sset *t = rh_pt_of(pt, ac->ptr);
        for (uint32_t i = 0; i < t->n; i++)
            if (rh_pt_loc_off(t->v[i]) != RH_PT_ANY && pt->objs[rh_pt_loc_obj(t->v[i])].kind != RH_PT_FUNC)
                add_cand(sp, t->v[i], ac->size);
    }
    for (int a = 0; a < p->naccesses && sp->n; a++) { /* rule 1: every other write refutes */
        const rh_access *ac = &p->accesses[a];
        if (!(ac->kind & RH_ACC_WRITE) && !ac->lock_word)
            continue;
        int lock_op = !ac->from_call && !ac->lock_word && (acquire_attempt(ac->inst) || release_store(ac->inst));
        const rh_sset *t = rh_pt_of(pt, ac->ptr);
        for (uint32_t i = 0; i < t->n; i++)
            refute(sp, t->v[i], ac->lock_word ? 4 : ac->size, lock_op);
    }
    int live = 0;
    for (int i = 0; i < sp->n; i++)
        live += sp->c[i].live;
    if (!live) {
        rh_spin_free(sp);
        return NULL;
    }
    return sp;
}

void rh_spin_free(rh_spin *sp)
{
    if (!sp)
        return;
    free(sp->c);
    rh_map_free(&sp->objs);
    free(sp);
}

/* Whether some live candidate may be what address v denotes. */
static int may_be_lock(const rh_spin *sp, rh_pt *pt, LLVMValueRef v)
{
    const rh_sset *t = rh_pt_of(pt, v);
    for (uint32_t i = 0; i < t->n; i++) {
        int k = rh_map_get(&sp->objs, rh_pt_loc_obj(t->v[i]), 0) ? find_cand(sp, t->v[i]) : -1;
        if (k >= 0 && sp->c[k].live)
            return 1;
    }
    return 0;
}

static int live_lock_id(const rh_spin *sp, const rh_ls *ls, uint32_t id)
{
    int k = find_cand(sp, ls->lock_loc[id]);
    return k >= 0 && sp->c[k].live;
}

void rh_spin_edge(rh_spin *sp, rh_ls *ls, LLVMValueRef term, unsigned succ, LLVMValueRef ctx, rh_ls_state *s)
{
    int truth;
    LLVMValueRef op = sp ? rh_aop_edge(term, succ, &truth) : NULL;
    if (!op || !acquire_attempt(op))
        return;
    /* the attempt wrote over a 0: an xchg read zero, a cmpxchg succeeded */
    int took = LLVMGetInstructionOpcode(op) == LLVMAtomicCmpXchg ? truth : !truth;
    LLVMValueRef addr = LLVMGetOperand(op, 0);
    if (!took || !may_be_lock(sp, ls->pt, addr) || !rh_aop_quiet_between(op, term))
        return;
    rh_sset ids = {0};
    int strong;
    rh_ls_lock_targets(ls, addr, ctx, RH_LOCK_NONE, &ids, &strong);
    for (uint32_t i = 0; i < ids.n; i++) {
        uint32_t id = (uint32_t)ids.v[i];
        if (!live_lock_id(sp, ls, id))
            continue;
        rh_sset_add(&s->may, rh_ls_elem(id, 1));
        if (strong && ids.n == 1)
            rh_sset_add(&s->must, rh_ls_elem(id, 1));
    }
    rh_sset_free(&ids);
}

void rh_spin_store(rh_spin *sp, rh_ls *ls, LLVMValueRef store, LLVMValueRef ctx, rh_ls_state *s)
{
    LLVMValueRef addr = sp && release_store(store) ? LLVMGetOperand(store, 1) : NULL;
    if (!addr || !may_be_lock(sp, ls->pt, addr))
        return;
    rh_sset ids = {0};
    int strong;
    rh_ls_lock_targets(ls, addr, ctx, RH_LOCK_NONE, &ids, &strong);
    uint32_t id = ids.n ? (uint32_t)ids.v[0] : 0;
    if (strong && ids.n == 1 && rh_sset_has(&s->must, rh_ls_elem(id, 1))) {
        rh_sset_remove(&s->must, rh_ls_elem(id, 1));
        rh_sset_remove(&s->may, rh_ls_elem(id, 1));
    } else { /* rule 2: released by a thread that may not hold it */
        for (uint32_t i = 0; i < ids.n; i++) {
            int k = find_cand(sp, ls->lock_loc[ids.v[i]]);
            if (k >= 0 && sp->c[k].live)
                sp->c[k].live = 0, sp->changed = 1;
        }
    }
    rh_sset_free(&ids);
}

void rh_spin_contexts(const rh_spin *sp, rh_ls *ls)
{
    for (int a = 0; sp && a < ls->p->naccesses; a++) {
        const rh_access *ac = &ls->p->accesses[a];
        int64_t off = 0;
        if (!ac->from_call && (acquire_attempt(ac->inst) || release_store(ac->inst)) &&
            LLVMIsAArgument(rh_ls_strip_const(ls, ac->ptr, &off)))
            ls->needs_ctx[ac->func] = 1;
    }
}

int rh_spin_rejected(rh_spin *sp)
{
    int c = sp && sp->changed;
    if (sp)
        sp->changed = 0;
    return c;
}

int rh_spin_count(const rh_spin *sp)
{
    int n = 0;
    for (int i = 0; sp && i < sp->n; i++)
        n += sp->c[i].live;
    return n;
}
