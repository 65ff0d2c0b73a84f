/* flag_order.c - the order a release store gives to an acquire load that
 * observed it, and a locked store to a locked load (see flag_order.h):
 * which locations are flags, the dataflow's seen and stored sets, and the
 * ordering test of a pair.
 */
#include "flag_order.h"
#include "atomic_ops.h"
#include "lockset.h"

#include <stdlib.h>

typedef struct flag {
    uint64_t loc;       /* points-to location, known offset */
    uint64_t size;      /* bytes */
    int live;           /* 0 once something else may write it */
    int plain;          /* some store to it is not a release store: no acquire reads order */
    int next;           /* next flag in the same object, -1 */
    int stored;         /* this run saw a store to it */
    rh_sset store_locks; /* lock ids held (write mode) at every store this run saw */
} flag;

struct rh_flagord {
    flag *f;
    int n, cap;
    rh_map first;        /* object -> its first flag, + 1 */
    rh_sset free_stores; /* flag << 32 | thread: a store by a thread that had not surely seen it */
};

static int flag_of(const rh_flagord *fo, uint64_t loc)
{
    for (long i = rh_map_get(&fo->first, rh_pt_loc_obj(loc), 0) - 1; i >= 0; i = fo->f[i].next)
        if (fo->f[i].loc == loc)
            return (int)i;
    return -1;
}

/* Whether global object o starts all zero. */
static int starts_zero(const rh_pt_object *o)
{
    LLVMValueRef init = o->kind == RH_PT_GLOBAL && o->site && LLVMIsAGlobalVariable(o->site) && !o->thread_local_
                            ? LLVMGetInitializer(o->site) : NULL;
    return init && LLVMIsNull(init) && !LLVMIsExternallyInitialized(o->site);
}

static void add_flag(rh_flagord *fo, uint64_t loc, uint64_t size)
{
    int i = flag_of(fo, loc);
    if (i >= 0) {
        if (fo->f[i].size != size)
            fo->f[i].live = 0;
        return;
    }
    if (fo->n == fo->cap) {
        fo->cap = fo->cap ? 2 * fo->cap : 8;
        fo->f = rh_xrealloc(fo->f, (size_t)fo->cap * sizeof *fo->f);
    }
    uint32_t obj = rh_pt_loc_obj(loc);
    fo->f[fo->n] = (flag){loc, size, 1, 0, (int)rh_map_get(&fo->first, obj, 0) - 1, 0, {0}};
    rh_map_put(&fo->first, obj, ++fo->n);
}

static int acquire_load(LLVMValueRef inst)
{
    return LLVMGetInstructionOpcode(inst) == LLVMLoad && rh_aop_acquires(LLVMGetOrdering(inst));
}

/* A store of a non-zero constant; *release: release ordering or stronger. */
static int sets_nonzero(LLVMValueRef inst, int *release)
{
    uint64_t k;
    *release = LLVMGetInstructionOpcode(inst) == LLVMStore && rh_aop_releases(LLVMGetOrdering(inst));
    return LLVMGetInstructionOpcode(inst) == LLVMStore && rh_aop_const(LLVMGetOperand(inst, 0), &k) && k != 0;
}

/* Whether load v's value is compared with 0 (a flag test, atomic_ops.h). */
static int tested(LLVMValueRef v)
{
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsAZExtInst(user) || LLVMIsASExtInst(user)) {
            if (tested(user))
                return 1;
        } else if (LLVMIsAICmpInst(user)) {
            return 1;
        }
    }
    return 0;
}

/* A write of [off, off + size) of target's object (anywhere when off is
 * RH_PT_ANY or size 0): every flag it may overlap is no flag, unless the
 * write sets exactly that flag to a non-zero constant. */
static void refute(rh_flagord *fo, uint64_t target, uint64_t size, int setter, int release)
{
    int32_t off = rh_pt_loc_off(target);
    for (long i = rh_map_get(&fo->first, rh_pt_loc_obj(target), 0) - 1; i >= 0; i = fo->f[i].next) {
        flag *f = &fo->f[i];
        if (setter && f->loc == target && f->size == size) {
            f->plain |= !release;
            continue;
        }
        int64_t lo = rh_pt_loc_off(f->loc), hi = lo + (int64_t)f->size;
        if (rh_pt_bytes_meet(off, size, lo, hi))
            f->live = 0;
    }
}

rh_flagord *rh_flagord_find(rh_program *p, rh_pt *pt)
{
    rh_flagord *fo = rh_xcalloc(1, sizeof *fo);
    for (int a = 0; a < p->naccesses; a++) { /* candidates: what a tested load reads */
        const rh_access *ac = &p->accesses[a];
        if (ac->from_call || !ac->size || LLVMGetInstructionOpcode(ac->inst) != LLVMLoad || !tested(ac->inst))
            continue;
        const rh_sset *t = rh_pt_of(pt, ac->ptr);
        if (t->n == 1 && rh_pt_loc_off(t->v[0]) != RH_PT_ANY && starts_zero(&pt->objs[rh_pt_loc_obj(t->v[0])]))
            add_flag(fo, t->v[0], ac->size);
    }
    for (int a = 0; a < p->naccesses && fo->n; a++) {
        const rh_access *ac = &p->accesses[a];
        if (!(ac->kind & RH_ACC_WRITE) && !ac->lock_word)
            continue;
        int release = 0, setter = !ac->from_call && !ac->lock_word && sets_nonzero(ac->inst, &release);
        const rh_sset *t = rh_pt_of(pt, ac->ptr);
        for (uint32_t i = 0; i < t->n; i++)
            refute(fo, t->v[i], ac->lock_word ? 4 : ac->size, setter, release);
    }
    if (!rh_flagord_count(fo)) {
        rh_flagord_free(fo);
        return NULL;
    }
    return fo;
}

void rh_flagord_free(rh_flagord *fo)
{
    if (!fo)
        return;
    for (int i = 0; i < fo->n; i++)
        rh_sset_free(&fo->f[i].store_locks);
    free(fo->f);
    rh_map_free(&fo->first);
    rh_sset_free(&fo->free_stores);
    free(fo);
}

void rh_flagord_reset(rh_flagord *fo)
{
    if (!fo)
        return;
    rh_sset_clear(&fo->free_stores);
    for (int i = 0; i < fo->n; i++)
        fo->f[i].stored = 0, rh_sset_clear(&fo->f[i].store_locks);
}

/* Whether lock id excludes and orders like a lock call (not an atomic
 * section or a once routine's pseudo-lock). */
static int real_lock(const rh_ls *ls, uint32_t id)
{
    return id != RH_LS_ATOMIC && id < (uint32_t)ls->nlocks && ls->lock_class[id] != RH_LOCK_NONE;
}

void rh_flagord_edge(const rh_flagord *fo, rh_ls *ls, LLVMValueRef term, unsigned succ, rh_ls_state *s)
{
    int truth;
    LLVMValueRef op = fo ? rh_aop_edge(term, succ, &truth) : NULL;
    if (!op || !truth || LLVMGetInstructionOpcode(op) != LLVMLoad)
        return;
    const rh_sset *t = rh_pt_of(ls->pt, LLVMGetOperand(op, 0));
    int i = t->n == 1 ? flag_of(fo, t->v[0]) : -1;
    if (i < 0 || !fo->f[i].live)
        return;
    if (acquire_load(op) && !fo->f[i].plain)
        rh_sset_add(&s->flag_seen, (uint64_t)i << 32);
    if (!rh_aop_quiet_between(op, term)) /* the locks held at the branch are those at the load */
        return;
    for (uint32_t k = 0; k < s->must.n; k++)
        if ((s->must.v[k] & 1) && real_lock(ls, (uint32_t)(s->must.v[k] / 2)))
            rh_sset_add(&s->flag_seen, (uint64_t)i << 32 | (s->must.v[k] / 2 + 1));
}

void rh_flagord_store(rh_flagord *fo, rh_ls *ls, LLVMValueRef store, rh_ls_state *s)
{
    if (!fo)
        return;
    const rh_sset *t = rh_pt_of(ls->pt, LLVMGetOperand(store, 1));
    rh_sset held = {0};
    for (uint32_t k = 0; k < s->must.n; k++)
        if ((s->must.v[k] & 1) && real_lock(ls, (uint32_t)(s->must.v[k] / 2)))
            rh_sset_add(&held, s->must.v[k] / 2);
    for (uint32_t k = 0; k < t->n; k++) {
        int i = flag_of(fo, t->v[k]);
        if (i < 0)
            continue; /* a store that overlaps a flag other than exactly made it no flag */
        flag *f = &fo->f[i];
        if (f->stored)
            rh_sset_intersect(&f->store_locks, &held);
        else
            rh_sset_copy(&f->store_locks, &held), f->stored = 1;
        rh_sset_add(&s->flag_stored, (uint64_t)i);
        /* a store seen through a lock counts as free: only release stores relay */
        if (f->plain || !rh_sset_has(&s->flag_seen, (uint64_t)i << 32))
            rh_sset_add(&fo->free_stores, (uint64_t)i << 32 | (uint32_t)ls->cur_thread);
    }
    rh_sset_free(&held);
}

void rh_flagord_unknown(const rh_ls_state *entry, rh_ls_state *exit)
{
    rh_sset_copy(&exit->flag_seen, &entry->flag_seen); /* a value read was read */
    rh_sset_copy(&exit->flag_stored, &entry->flag_stored);
    rh_sset_add(&exit->flag_stored, RH_FLAGORD_ANY);
}

/* Rule 3: every free store to flag i is t2's. */
static int stores_only_by(const rh_flagord *fo, uint32_t i, int t2)
{
    for (uint32_t k = 0; k < fo->free_stores.n; k++) {
        uint64_t v = fo->free_stores.v[k];
        if ((uint32_t)(v >> 32) == i && (int)(uint32_t)v != t2)
            return 0;
    }
    return 1;
}

/* Whether seen element e (flag << 32 | 0 for an acquire load, lock + 1
 * for a load under that lock) says the load read from a store it is
 * ordered after. */
static int seen_orders(const rh_flagord *fo, uint64_t e)
{
    uint32_t i = (uint32_t)(e >> 32), lock = (uint32_t)e;
    if (i >= (uint32_t)fo->n || !fo->f[i].live)
        return 0;
    const flag *f = &fo->f[i];
    if (!lock)
        return !f->plain;
    return !f->stored || rh_sset_has(&f->store_locks, lock - 1);
}

int rh_flagord_orders(const rh_flagord *fo, const rh_tg *tg, const rh_ls_per *px, int t1, const rh_ls_per *py,
                      int t2)
{
    if (!fo || t1 == t2 || t2 < 0 || t2 >= tg->nthreads || tg->threads[t2].multi || !px->flag_seen.n ||
        rh_sset_has(&py->flag_stored, RH_FLAGORD_ANY))
        return 0;
    for (uint32_t k = 0; k < px->flag_seen.n; k++) {
        uint64_t e = px->flag_seen.v[k];
        uint32_t i = (uint32_t)(e >> 32);
        if (seen_orders(fo, e) && !rh_sset_has(&py->flag_stored, i) && stores_only_by(fo, i, t2))
            return 1;
    }
    return 0;
}

int rh_flagord_count(const rh_flagord *fo)
{
    int n = 0;
    for (int i = 0; fo && i < fo->n; i++)
        n += fo->f[i].live;
    return n;
}
