/* sem_locks.c - binary semaphores used as locks (see sem_locks.h): the
 * candidates from the initialisations, the per-call test, and the check
 * at every post.
 */
#include "sem_locks.h"
#include "lockset.h"

#include <stdlib.h>

struct rh_semlock {
    rh_map state; /* location -> 1 candidate, 2 rejected */
    int changed;     /* a candidate was rejected since rh_semlock_rejected */
    int nlocks;
};

/* The mutex operations a semaphore lock stands for. */
static const rh_conc_entry sem_lock_entry = {"sem_wait", RH_OP_LOCK, 0, RH_LOCK_MUTEX, 0, -1, -1, -1, 0};
static const rh_conc_entry sem_unlock_entry = {"sem_post", RH_OP_UNLOCK, 0, RH_LOCK_MUTEX, 0, -1, -1, -1, 0};

/* The one location call's semaphore argument surely is, or 0. */
static int one_location(rh_pt *pt, LLVMValueRef call, const rh_conc_entry *e, uint64_t *loc)
{
    if (e->obj < 0 || e->obj >= (int)LLVMGetNumArgOperands(call))
        return 0;
    const rh_sset *s = rh_pt_of(pt, LLVMGetOperand(call, (unsigned)e->obj));
    if (s->n != 1 || rh_pt_loc_off(s->v[0]) == RH_PT_ANY)
        return 0;
    *loc = s->v[0];
    return 1;
}

static int inits_to_one(LLVMValueRef call, const rh_conc_entry *e)
{
    if (e->size < 0 || e->size >= (int)LLVMGetNumArgOperands(call))
        return 0;
    LLVMValueRef v = LLVMGetOperand(call, (unsigned)e->size);
    return LLVMIsAConstantInt(v) && LLVMConstIntGetZExtValue(v) == 1;
}

/* Rejects every candidate in the objects call's argument may denote. */
static void reject_targets(rh_semlock *sl, rh_pt *pt, LLVMValueRef call, const rh_conc_entry *e)
{
    if (e->obj < 0 || e->obj >= (int)LLVMGetNumArgOperands(call))
        return;
    const rh_sset *s = rh_pt_of(pt, LLVMGetOperand(call, (unsigned)e->obj));
    for (uint32_t i = 0; i < s->n; i++)
        for (size_t k = 0; k < sl->state.cap; k++) /* few candidates: a scan is fine */
            if (sl->state.used[k] && rh_pt_loc_obj(sl->state.keys[k] - 1) == rh_pt_loc_obj(s->v[i]))
                sl->state.vals[k] = 2;
}

rh_semlock *rh_semlock_find(rh_program *p, rh_pt *pt)
{
    rh_semlock *sl = rh_xcalloc(1, sizeof *sl);
    uint64_t loc;
    for (int i = 0; i < p->nsyncs; i++) { /* rule 1: candidates */
        const rh_conc_entry *e = p->syncs[i].entry;
        if (e && e->op == RH_OP_SEM_INIT && one_location(pt, p->syncs[i].inst, e, &loc) &&
            inits_to_one(p->syncs[i].inst, e) && !rh_map_get(&sl->state, loc + 1, 0))
            rh_map_put(&sl->state, loc + 1, 1);
    }
    for (int i = 0; i < p->nsyncs; i++) { /* rules 1 and 2: what else may touch them */
        const rh_conc_entry *e = p->syncs[i].entry;
        LLVMValueRef call = p->syncs[i].inst;
        if (!e || (e->op != RH_OP_SEM_INIT && e->op != RH_OP_SEM_WAIT && e->op != RH_OP_SEM_POST))
            continue;
        int exact = one_location(pt, call, e, &loc);
        if (e->op == RH_OP_SEM_INIT)
            exact = exact && inits_to_one(call, e);
        if (e->op == RH_OP_SEM_WAIT)
            exact = exact && !(e->flags & (RH_F_TRY | RH_F_TIMED));
        if (!exact)
            reject_targets(sl, pt, call, e);
    }
    return sl;
}

void rh_semlock_free(rh_semlock *sl)
{
    if (!sl)
        return;
    rh_map_free(&sl->state);
    free(sl);
}

const rh_conc_entry *rh_semlock_entry(rh_semlock *sl, rh_pt *pt, LLVMValueRef call, const rh_conc_entry *e)
{
    uint64_t loc;
    if (!sl || (e->op != RH_OP_SEM_WAIT && e->op != RH_OP_SEM_POST) || (e->flags & (RH_F_TRY | RH_F_TIMED)) ||
        !one_location(pt, call, e, &loc) || rh_map_get(&sl->state, loc + 1, 0) != 1)
        return NULL;
    return e->op == RH_OP_SEM_WAIT ? &sem_lock_entry : &sem_unlock_entry;
}

void rh_semlock_check_post(rh_semlock *sl, rh_ls *ls, LLVMValueRef call, const rh_conc_entry *e,
                           const rh_sset *must)
{
    uint64_t loc;
    if (!one_location(ls->pt, call, e, &loc))
        return;
    uint32_t id = rh_ls_lock_id(ls, loc, RH_LOCK_MUTEX);
    if (rh_sset_has(must, rh_ls_elem(id, 1)) || rh_map_get(&sl->state, loc + 1, 0) != 1)
        return;
    rh_map_put(&sl->state, loc + 1, 2);
    sl->changed = 1;
}

int rh_semlock_rejected(rh_semlock *sl)
{
    int c = sl && sl->changed;
    if (sl)
        sl->changed = 0;
    return c;
}

int rh_semlock_count(const rh_semlock *sl)
{
    int n = 0;
    for (size_t k = 0; sl && k < sl->state.cap; k++)
        n += sl->state.used[k] && sl->state.vals[k] == 1;
    return n;
}
