/* thread_handles.c - which thread a join names (see lockset.h): the
 * strong handle cell each create call writes, the cell main keeps its own
 * pthread_self() in, and counted loops that join every thread a create
 * loop over the same array started.
 */
#include "lockset.h"
#include "loops.h"

#include <pthread.h>

/* The counted loop and array element a handle address names, when the
 * loop runs once per run of its function and the array is one object. */
static int handle_loop(rh_ls *ls, LLVMValueRef addr, int f, rh_counted_loop *l, uint64_t *base_loc,
                       LLVMTypeRef *elem)
{
    LLVMValueRef base;
    LLVMValueRef idx = rh_loop_element_index(addr, &base);
    if (!idx || !rh_loop_of_index(ls->cfg, idx, l))
        return 0;
    int pb = rh_cfg_block(ls->cfg, l->preheader);
    if (pb < 0 || ls->cfg->f[f].in_cycle[pb] || !rh_ls_handle_loc(ls, base, NULL, base_loc))
        return 0;
    *elem = LLVMGetGEPSourceElementType(addr);
    return 1;
}

/* Whether thread c is created by a counted loop over the same elements. */
static int created_by_loop(rh_ls *ls, int c, const rh_counted_loop *jl, uint64_t base, LLVMTypeRef elem)
{
    const rh_tg_thread *th = &ls->tg->threads[c];
    const rh_conc_entry *e = rh_model_call_entry(ls->p, th->create);
    int f = rh_pt_func_index(ls->pt, LLVMGetBasicBlockParent(LLVMGetInstructionParent(th->create)));
    if (!e || e->obj < 0 || f < 0 || th->parent < 0 || ls->tg->threads[th->parent].multi ||
        !ls->tg->threads[th->parent].once[f])
        return 0;
    rh_counted_loop cl;
    uint64_t cbase;
    LLVMTypeRef celem;
    return handle_loop(ls, LLVMGetOperand(th->create, (unsigned)e->obj), f, &cl, &cbase, &celem) &&
           cbase == base && celem == elem && rh_loop_same_range(&cl, jl);
}

/* Loops `for (i..) join(h[i])` that surely join every thread a loop
 * `for (i..) create(&h[i], ...)` over the same range created. */
void rh_ls_loop_joins(rh_ls *ls)
{
    for (int i = 0; i < ls->p->nsyncs; i++) {
        const rh_sync *sy = &ls->p->syncs[i];
        if (!sy->entry || sy->entry->op != RH_OP_THREAD_JOIN || sy->entry->obj < 0)
            continue;
        LLVMValueRef h = LLVMGetOperand(sy->inst, (unsigned)sy->entry->obj);
        rh_counted_loop jl;
        uint64_t base;
        LLVMTypeRef elem;
        if (!LLVMIsALoadInst(h) || !handle_loop(ls, LLVMGetOperand(h, 0), sy->func, &jl, &base, &elem) ||
            !rh_loop_body_has(&jl, sy->inst))
            continue;
        rh_sset joined = {0};
        for (int c = 1; c < ls->tg->nthreads; c++)
            if (created_by_loop(ls, c, &jl, base, elem))
                rh_sset_add(&joined, (uint64_t)c);
        if (!joined.n)
            continue;
        ls->loop_joins = rh_xrealloc(ls->loop_joins, (size_t)(ls->nloop_joins + 1) * sizeof *ls->loop_joins);
        ls->loop_joins[ls->nloop_joins] = joined;
        rh_ptrmap_put(&ls->loop_join_of, jl.header, ls->nloop_joins++);
    }
}

/* The cell main stores its own pthread_self() in, when that store, run
 * once by main only, is the only write of a global cell. */
static void main_handle(rh_ls *ls)
{
    for (int i = 0; i < ls->p->nsyncs; i++) {
        const rh_sync *sy = &ls->p->syncs[i];
        LLVMUseRef u = sy->entry && sy->entry->op == RH_OP_THREAD_SELF ? LLVMGetFirstUse(sy->inst) : NULL;
        LLVMValueRef st = u && !LLVMGetNextUse(u) ? LLVMGetUser(u) : NULL;
        LLVMValueRef g = st && LLVMIsAStoreInst(st) ? LLVMGetOperand(st, 1) : NULL;
        if (!g || !LLVMIsAGlobalVariable(g) || ls->tg->nthreads_of_func[sy->func] != 1 ||
            !ls->tg->threads[0].reach[sy->func] || !ls->tg->threads[0].once[sy->func])
            continue;
        int only = 1;
        for (LLVMUseRef gu = LLVMGetFirstUse(g); gu && only; gu = LLVMGetNextUse(gu)) {
            LLVMValueRef user = LLVMGetUser(gu);
            only = user == st || (LLVMIsALoadInst(user) && LLVMGetOperand(user, 0) == g);
        }
        uint64_t loc;
        if (only && rh_ls_handle_loc(ls, g, NULL, &loc))
            ls->main_handle = loc + 1;
    }
}

/* Whether a write of `size` bytes (0: the whole object) at offset off
 * (RH_PT_ANY: unknown) may overlap the handle at hoff. */
static int overlaps_handle(int32_t off, uint64_t size, int32_t hoff)
{
    if (off == RH_PT_ANY || hoff == RH_PT_ANY || size == 0)
        return 1;
    return (int64_t)off < (int64_t)hoff + (int64_t)sizeof(pthread_t) && (int64_t)hoff < (int64_t)off + (int64_t)size;
}

/* A handle cell some store or library call may also write (`a = b;`, a
 * memcpy over it) may hold another thread's handle when it is joined:
 * the join then names no thread for sure. */
static void drop_overwritten_handles(rh_ls *ls)
{
    rh_sset objs = {0};
    for (int c = 1; c < ls->tg->nthreads; c++)
        if (ls->handle[c])
            rh_sset_add(&objs, rh_pt_loc_obj(ls->handle[c] - 1));
    for (int a = 0; objs.n && a < ls->p->naccesses; a++) {
        const rh_access *ac = &ls->p->accesses[a];
        if (!(ac->kind & RH_ACC_WRITE))
            continue;
        const rh_sset *pts = rh_pt_of(ls->pt, ac->ptr);
        for (uint32_t i = 0; i < pts->n; i++) {
            if (!rh_sset_has(&objs, rh_pt_loc_obj(pts->v[i])))
                continue;
            for (int c = 1; c < ls->tg->nthreads; c++)
                if (ls->handle[c] && rh_pt_loc_obj(ls->handle[c] - 1) == rh_pt_loc_obj(pts->v[i]) &&
                    overlaps_handle(rh_pt_loc_off(pts->v[i]), ac->size, rh_pt_loc_off(ls->handle[c] - 1)))
                    ls->handle[c] = 0;
        }
    }
    rh_sset_free(&objs);
}

void rh_ls_thread_handles(rh_ls *ls)
{
    main_handle(ls);
    ls->handle = rh_xcalloc((size_t)ls->tg->nthreads + 1, sizeof *ls->handle);
    for (int c = 1; c < ls->tg->nthreads; c++) {
        LLVMValueRef call = ls->tg->threads[c].create;
        const rh_conc_entry *e = rh_model_call_entry(ls->p, call);
        uint64_t loc;
        if (e && e->obj >= 0 && rh_ls_handle_loc(ls, LLVMGetOperand(call, (unsigned)e->obj), NULL, &loc))
            ls->handle[c] = loc + 1;
    }
    drop_overwritten_handles(ls);
}

