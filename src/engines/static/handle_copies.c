/* handle_copies.c - cells that hold only copies of a counted thread's
 * handle (see handle_copies.h for the rule and why it is sound).
 */
#include "handle_copies.h"

#include <pthread.h>

#define HC_MAX_DEPTH 3 /* parameters followed back through calls */

/* Whether value v is a handle of thread c: loaded from c's spawn cells,
 * or a parameter every (direct) call passes such a value. */
static int handle_value(rh_ls *ls, int c, LLVMValueRef v, int depth)
{
    if (depth > HC_MAX_DEPTH || !v)
        return 0;
    if (LLVMIsALoadInst(v)) {
        const rh_sset *pts = rh_pt_of(ls->pt, LLVMGetOperand(v, 0));
        return pts->n && rh_sset_minus(pts, &ls->spawn_cells[c], NULL) == 0;
    }
    if (!LLVMIsAArgument(v))
        return 0;
    LLVMValueRef fn = LLVMGetParamParent(v);
    unsigned k = rh_ls_param_index(v);
    int calls = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef call = LLVMGetUser(u);
        if (!LLVMIsACallInst(call) || LLVMGetCalledValue(call) != fn || k >= LLVMGetNumArgOperands(call) ||
            !handle_value(ls, c, LLVMGetOperand(call, k), depth + 1))
            return 0; /* its address escapes, or a call passes something else */
        calls++;
    }
    return calls > 0;
}

/* Whether every location in pts has a known offset. */
static int known_offsets(const rh_sset *pts)
{
    for (uint32_t i = 0; i < pts->n; i++)
        if (rh_pt_loc_off(pts->v[i]) == RH_PT_ANY)
            return 0;
    return pts->n > 0;
}

/* Whether a write of `size` bytes (0: all) at loc may overlap a cell of cells. */
static int overlaps(const rh_sset *cells, uint64_t loc, uint64_t size)
{
    for (uint32_t i = 0; i < cells->n; i++) {
        if (rh_pt_loc_obj(cells->v[i]) != rh_pt_loc_obj(loc))
            continue;
        int64_t off = rh_pt_loc_off(loc), hoff = rh_pt_loc_off(cells->v[i]);
        if (off == RH_PT_ANY || size == 0 ||
            (off < hoff + (int64_t)sizeof(pthread_t) && hoff < off + (int64_t)size))
            return 1;
    }
    return 0;
}

/* Whether some write other than the copy stores may change a copy cell. */
static int copies_clobbered(rh_ls *ls, const rh_sset *cells, const rh_sset *stores)
{
    for (int a = 0; a < ls->p->naccesses; a++) {
        const rh_access *ac = &ls->p->accesses[a];
        if (!(ac->kind & RH_ACC_WRITE) || rh_sset_has(stores, (uint64_t)(uintptr_t)ac->inst))
            continue;
        const rh_conc_entry *e = ac->from_call ? rh_model_call_entry(ls->p, ac->inst) : NULL;
        if (e && (e->op == RH_OP_FREE || e->op == RH_OP_REALLOC))
            continue; /* a freed handle is read no more (that would be undefined) */
        const rh_sset *pts = rh_pt_of(ls->pt, ac->ptr);
        for (uint32_t i = 0; i < pts->n; i++)
            if (overlaps(cells, pts->v[i], ac->size))
                return 1;
    }
    for (int t = 1; t < ls->tg->nthreads; t++) { /* a create writing a handle over one */
        LLVMValueRef call = ls->tg->threads[t].create;
        const rh_conc_entry *e = call ? rh_model_call_entry(ls->p, call) : NULL;
        if (!e || e->obj < 0 || e->obj >= (int)LLVMGetNumArgOperands(call))
            continue;
        const rh_sset *pts = rh_pt_of(ls->pt, LLVMGetOperand(call, (unsigned)e->obj));
        for (uint32_t i = 0; i < pts->n; i++)
            if (overlaps(cells, pts->v[i], sizeof(pthread_t)))
                return 1;
    }
    return 0;
}

static void copies_of(rh_ls *ls, int c)
{
    rh_sset cells = {0}, stores = {0};
    for (int a = 0; a < ls->p->naccesses; a++) {
        const rh_access *ac = &ls->p->accesses[a];
        if (ac->from_call || !(ac->kind & RH_ACC_WRITE) || !LLVMIsAStoreInst(ac->inst) ||
            !handle_value(ls, c, LLVMGetOperand(ac->inst, 0), 0))
            continue;
        const rh_sset *pts = rh_pt_of(ls->pt, ac->ptr);
        if (!known_offsets(pts) || ac->size != sizeof(pthread_t))
            goto out; /* a copy to somewhere unknown: keep to what the create writes */
        rh_sset_union(&cells, pts);
        rh_sset_add(&stores, (uint64_t)(uintptr_t)ac->inst);
    }
    rh_sset fresh = {0}; /* the copies the create does not write itself */
    rh_sset_minus(&cells, &ls->spawn_cells[c], &fresh);
    if (fresh.n && !copies_clobbered(ls, &fresh, &stores))
        rh_sset_union(&ls->spawn_cells[c], &fresh);
    rh_sset_free(&fresh);
out:
    rh_sset_free(&cells), rh_sset_free(&stores);
}

void rh_ls_handle_copies(rh_ls *ls)
{
    for (int c = 1; ls->spawn_cells && c < ls->tg->nthreads; c++)
        if (ls->spawn_cells[c].n)
            copies_of(ls, c);
}
