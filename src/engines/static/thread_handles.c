/* thread_handles.c - which thread a join names (see lockset.h): the
 * strong handle cell each create call writes, the cell main keeps its own
 * pthread_self() in, and counted loops that join every thread a create
 * loop over the same array started.  A join names threads only through
 * handles nothing else may overwrite (no store, memcpy or other create
 * may write the cell or array): RacerF's identifier assumption holds then.
 */
#include "handle_copies.h"
#include "lockset.h"
#include "loops.h"

#include <pthread.h>
#include <stdlib.h>

/* The address an element's field address `&a[i].f.g` is in, with the
 * field's constant offset inside the element (*field); the address itself
 * and 0 when it selects no field. */
static LLVMValueRef element_of_field(rh_ls *ls, LLVMValueRef addr, int64_t *field)
{
    *field = 0;
    int64_t o;
    for (int d = 0; d < 8 && LLVMIsAGetElementPtrInst(addr) && rh_pt_gep_offset(ls->pt, addr, &o); d++)
        *field += o, addr = LLVMGetOperand(addr, 0);
    return addr;
}

/* The counted loop and array element a handle address names (the handle
 * is the element, or the field at *field of a struct element), when the
 * loop runs once per run of its function and the array is one object. */
static int handle_loop(rh_ls *ls, LLVMValueRef addr, int f, rh_counted_loop *l, uint64_t *base_loc,
                       LLVMTypeRef *elem, int64_t *field)
{
    LLVMValueRef base;
    addr = element_of_field(ls, addr, field);
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
static int created_by_loop(rh_ls *ls, int c, const rh_counted_loop *jl, uint64_t base, LLVMTypeRef elem,
                           int64_t field)
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
    int64_t cfield;
    return handle_loop(ls, LLVMGetOperand(th->create, (unsigned)e->obj), f, &cl, &cbase, &celem, &cfield) &&
           cbase == base && celem == elem && cfield == field && rh_loop_same_range(&cl, jl);
}

/* A write that may change a handle cell: a store or library call
 * (create NULL), or a create call writing the handle of its thread. */
typedef struct handle_write {
    uint64_t loc;       /* (object, offset) written; offset RH_PT_ANY: unknown */
    uint64_t size;      /* bytes, 0: the whole object */
    LLVMValueRef create;
    LLVMValueRef ptr;   /* a store's address, NULL for calls */
} handle_write;
typedef RH_VEC(handle_write) handle_writes;

/* Every write that may reach an object in objs.  A handle cell another
 * write may change (`a = b;`, a memcpy over it, a second create into the
 * same array) may hold another thread's handle when it is joined. */
static void collect_writes(rh_ls *ls, const rh_sset *objs, handle_writes *out)
{
    for (int a = 0; objs->n && a < ls->p->naccesses; a++) {
        const rh_access *ac = &ls->p->accesses[a];
        const rh_conc_entry *e = ac->from_call ? rh_model_call_entry(ls->p, ac->inst) : NULL;
        if (e && (e->op == RH_OP_FREE || e->op == RH_OP_REALLOC))
            continue; /* a freed handle is read no more (that would be undefined) */
        const rh_sset *pts = (ac->kind & RH_ACC_WRITE) ? rh_pt_of(ls->pt, ac->ptr) : NULL;
        for (uint32_t i = 0; pts && i < pts->n; i++)
            if (rh_sset_has(objs, rh_pt_loc_obj(pts->v[i])))
                rh_vec_push(out, ((handle_write){pts->v[i], ac->size, NULL, ac->from_call ? NULL : ac->ptr}));
    }
    for (int c = 1; objs->n && c < ls->tg->nthreads; c++) {
        LLVMValueRef call = ls->tg->threads[c].create;
        const rh_conc_entry *e = call ? rh_model_call_entry(ls->p, call) : NULL;
        if (!e || e->obj < 0 || e->obj >= (int)LLVMGetNumArgOperands(call))
            continue;
        const rh_sset *pts = rh_pt_of(ls->pt, LLVMGetOperand(call, (unsigned)e->obj));
        for (uint32_t i = 0; i < pts->n; i++)
            if (rh_sset_has(objs, rh_pt_loc_obj(pts->v[i])))
                rh_vec_push(out, ((handle_write){pts->v[i], sizeof(pthread_t), call, NULL}));
    }
}

/* The struct type of an array's elements: a GEP into a global array
 * (`&arr[i].f`) steps through the array type, one through a pointer
 * (`&p[i].f`) through the element type itself; NULL when it is no struct. */
static LLVMTypeRef element_struct(LLVMTypeRef t)
{
    if (LLVMGetTypeKind(t) == LLVMArrayTypeKind)
        t = LLVMGetElementType(t);
    return LLVMGetTypeKind(t) == LLVMStructTypeKind ? t : NULL;
}

/* The offset *f inside an element of type elem that `p->f.g` addresses,
 * p a pointer to elem (a worker's `job->out` through its argument): C's
 * effective-type rule puts the access inside one element. */
static int field_of_element_ptr(rh_ls *ls, LLVMValueRef ptr, LLVMTypeRef elem, int64_t *f)
{
    int64_t off = 0, o;
    for (int d = 0; d < 8 && LLVMIsAGetElementPtrInst(ptr); d++, ptr = LLVMGetOperand(ptr, 0)) {
        LLVMValueRef first = LLVMGetOperand(ptr, 1);
        if (!rh_pt_gep_offset(ls->pt, ptr, &o))
            return 0;
        off += o;
        if (LLVMGetGEPSourceElementType(ptr) == elem && LLVMIsAConstantInt(first) &&
            LLVMConstIntGetSExtValue(first) == 0)
            return *f = off, 1;
    }
    return 0;
}

/* Whether store w surely writes another field than the handle at `field`
 * of the struct elements of type elem: its address is `&a[i].f` over
 * elements of that type, or `p->f` through a pointer to that type (a
 * pointer to the element type points at an element, C's effective-type
 * rule), with f's bytes apart from the handle's. */
static int other_field(rh_ls *ls, const handle_write *w, LLVMTypeRef elem, int64_t field)
{
    int64_t f;
    LLVMValueRef base, el = w->ptr ? element_of_field(ls, w->ptr, &f) : NULL;
    int inside = el && rh_loop_element_index(el, &base) && element_struct(LLVMGetGEPSourceElementType(el)) == elem;
    if (!inside && w->ptr)
        inside = field_of_element_ptr(ls, w->ptr, elem, &f);
    return inside && w->size > 0 && (f + (int64_t)w->size <= field || field + (int64_t)sizeof(pthread_t) <= f);
}

/* Whether a write other than by create call `create` may change the
 * handle at loc (offset RH_PT_ANY: anywhere in its object); elem, when
 * not NULL, is the struct type of the array's elements and field the
 * handle's offset in them. */
static int clobbered(rh_ls *ls, const handle_writes *w, uint64_t loc, LLVMValueRef create, LLVMTypeRef elem,
                     int64_t field)
{
    int32_t hoff = rh_pt_loc_off(loc);
    for (size_t i = 0; i < w->len; i++) {
        int32_t off = rh_pt_loc_off(w->items[i].loc);
        uint64_t size = w->items[i].size;
        if (rh_pt_loc_obj(w->items[i].loc) != rh_pt_loc_obj(loc) || w->items[i].create == create ||
            (elem && other_field(ls, &w->items[i], elem, field)))
            continue;
        if (off == RH_PT_ANY || hoff == RH_PT_ANY || size == 0 ||
            ((int64_t)off < (int64_t)hoff + (int64_t)sizeof(pthread_t) && (int64_t)hoff < (int64_t)off + (int64_t)size))
            return 1;
    }
    return 0;
}

/* Whether the threads a join loop names are one create call's batch and
 * nothing else writes the handle array: a second batch created into the
 * same array, or a store over a handle, leaves other threads unjoined. */
static int one_batch(rh_ls *ls, const rh_sset *joined, uint64_t base, LLVMTypeRef elem, int64_t field)
{
    LLVMValueRef call = ls->tg->threads[joined->v[0]].create;
    for (uint32_t i = 1; i < joined->n; i++)
        if (ls->tg->threads[joined->v[i]].create != call)
            return 0;
    rh_sset objs = {0};
    handle_writes w = {0};
    rh_sset_add(&objs, rh_pt_loc_obj(base));
    collect_writes(ls, &objs, &w);
    int ok = !clobbered(ls, &w, rh_pt_loc(rh_pt_loc_obj(base), RH_PT_ANY), call, element_struct(elem), field);
    free(w.items);
    rh_sset_free(&objs);
    return ok;
}

/* Loops `for (i..) join(h[i])` that surely join every thread a loop
 * `for (i..) create(&h[i], ...)` over the same range created. */
static LLVMValueRef create_loop_iv(rh_ls *ls, int c)
{
    const rh_tg_thread *th = &ls->tg->threads[c];
    const rh_conc_entry *e = th->create ? rh_model_call_entry(ls->p, th->create) : NULL;
    int f = th->create ? rh_pt_func_index(ls->pt, LLVMGetBasicBlockParent(LLVMGetInstructionParent(th->create))) : -1;
    rh_counted_loop cl;
    uint64_t base;
    LLVMTypeRef elem;
    int64_t field;
    if (!e || e->obj < 0 || f < 0 ||
        !handle_loop(ls, LLVMGetOperand(th->create, (unsigned)e->obj), f, &cl, &base, &elem, &field))
        return NULL;
    return cl.iv;
}

/* Memoised per thread: race_pairs.c asks for every candidate pair. */
LLVMValueRef rh_ls_create_loop_iv(rh_ls *ls, int c)
{
    if (!ls->create_iv) {
        ls->create_iv = rh_xcalloc((size_t)ls->tg->nthreads + 1, sizeof *ls->create_iv);
        ls->create_iv_done = rh_xcalloc((size_t)ls->tg->nthreads + 1, 1);
    }
    if (!ls->create_iv_done[c])
        ls->create_iv[c] = create_loop_iv(ls, c), ls->create_iv_done[c] = 1;
    return ls->create_iv[c];
}

void rh_ls_loop_joins(rh_ls *ls)
{
    for (int i = 0; i < ls->p->nsyncs; i++) {
        const rh_sync *sy = &ls->p->syncs[i];
        if (!sy->entry || sy->entry->op != RH_OP_THREAD_JOIN || sy->entry->obj < 0 ||
            (sy->entry->flags & (RH_F_TRY | RH_F_TIMED))) /* may not join */
            continue;
        LLVMValueRef h = LLVMGetOperand(sy->inst, (unsigned)sy->entry->obj);
        rh_counted_loop jl;
        uint64_t base;
        LLVMTypeRef elem;
        int64_t field;
        if (!LLVMIsALoadInst(h) || !handle_loop(ls, LLVMGetOperand(h, 0), sy->func, &jl, &base, &elem, &field) ||
            !rh_loop_each_iteration(&jl, sy->inst))
            continue;
        rh_sset joined = {0};
        for (int c = 1; c < ls->tg->nthreads; c++)
            if (created_by_loop(ls, c, &jl, base, elem, field))
                rh_sset_add(&joined, (uint64_t)c);
        if (!joined.n || !one_batch(ls, &joined, base, elem, field)) {
            rh_sset_free(&joined);
            continue;
        }
        ls->elem_joins = rh_xrealloc(ls->elem_joins, (size_t)(ls->nelem_joins + 1) * sizeof *ls->elem_joins);
        ls->elem_joins[ls->nelem_joins] = (struct rh_elem_join){sy->inst, jl.iv, {0}};
        rh_sset_copy(&ls->elem_joins[ls->nelem_joins++].threads, &joined);
        ls->loop_joins = rh_xrealloc(ls->loop_joins, (size_t)(ls->nloop_joins + 1) * sizeof *ls->loop_joins);
        ls->loop_joins[ls->nloop_joins] = joined;
        rh_map_put_ptr(&ls->loop_join_of, jl.header, ls->nloop_joins++);
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

static void drop_clobbered_handles(rh_ls *ls)
{
    rh_sset objs = {0};
    handle_writes w = {0};
    for (int c = 1; c < ls->tg->nthreads; c++)
        if (ls->handle[c])
            rh_sset_add(&objs, rh_pt_loc_obj(ls->handle[c] - 1));
    collect_writes(ls, &objs, &w);
    for (int c = 1; c < ls->tg->nthreads; c++)
        if (ls->handle[c] && clobbered(ls, &w, ls->handle[c] - 1, ls->tg->threads[c].create, NULL, 0))
            ls->handle[c] = 0;
    free(w.items);
    rh_sset_free(&objs);
}

/* The cells of multi threads' handles for counted joins (spawn_count.c):
 * cells at known offsets, in any objects (a handle block a create wrapper
 * allocates each time, per call site of an allocation wrapper), that no
 * other write may change. */
static void counted_handles(rh_ls *ls)
{
    rh_sset objs = {0};
    handle_writes w = {0};
    ls->spawn_cells = rh_xcalloc((size_t)ls->tg->nthreads + 1, sizeof *ls->spawn_cells);
    ls->spawn_overlap = rh_xcalloc((size_t)ls->tg->nthreads + 1, 1);
    for (int c = 1; c < ls->tg->nthreads; c++) {
        LLVMValueRef call = ls->tg->threads[c].create;
        const rh_conc_entry *e = call ? rh_model_call_entry(ls->p, call) : NULL;
        if (!ls->tg->threads[c].multi || !e || e->obj < 0 || e->obj >= (int)LLVMGetNumArgOperands(call))
            continue;
        const rh_sset *pts = rh_pt_of(ls->pt, LLVMGetOperand(call, (unsigned)e->obj));
        int known = pts->n > 0;
        for (uint32_t i = 0; i < pts->n; i++)
            known &= rh_pt_loc_off(pts->v[i]) != RH_PT_ANY;
        for (uint32_t i = 0; known && i < pts->n; i++)
            rh_sset_add(&ls->spawn_cells[c], pts->v[i]), rh_sset_add(&objs, rh_pt_loc_obj(pts->v[i]));
    }
    collect_writes(ls, &objs, &w);
    for (int c = 1; c < ls->tg->nthreads; c++)
        for (uint32_t i = 0; i < ls->spawn_cells[c].n; i++)
            if (clobbered(ls, &w, ls->spawn_cells[c].v[i], ls->tg->threads[c].create, NULL, 0)) {
                rh_sset_clear(&ls->spawn_cells[c]);
                break;
            }
    free(w.items);
    rh_sset_free(&objs);
}

/* Whether write w may touch bytes of the handle cell at loc. */
static int write_overlaps(const handle_write *w, uint64_t loc)
{
    int64_t off = rh_pt_loc_off(w->loc), hoff = rh_pt_loc_off(loc);
    if (rh_pt_loc_obj(w->loc) != rh_pt_loc_obj(loc))
        return 0;
    return off == RH_PT_ANY || hoff == RH_PT_ANY || w->size == 0 ||
           (off < hoff + (int64_t)sizeof(pthread_t) && hoff < off + (int64_t)w->size);
}

/* Handle cells several unique threads' creates write and nothing else
 * (`pthread_create(&t, ..); pthread_join(t, ..); pthread_create(&t, ..)`):
 * which thread such a cell holds is flow-sensitive, so each of its
 * threads gets the cell's group number (ls->reuse_cell, 1-based) and the
 * dataflow keeps "the cell holds c's handle" (rh_ls_state.handles) from
 * c's create to the next create into it.  Only when one non-multi thread
 * makes every one of those creates: no other thread's create can change
 * the cell under it. */
static void reused_handles(rh_ls *ls)
{
    int nt = ls->tg->nthreads, groups = 0;
    uint64_t *loc = rh_xcalloc((size_t)nt + 1, sizeof *loc);
    ls->reuse_cell = rh_xcalloc((size_t)nt + 1, sizeof *ls->reuse_cell);
    for (int c = 1; c < nt; c++) {
        const rh_tg_thread *th = &ls->tg->threads[c];
        const rh_conc_entry *e = th->create ? rh_model_call_entry(ls->p, th->create) : NULL;
        if (!ls->handle[c] && !th->multi && th->parent >= 0 && !ls->tg->threads[th->parent].multi && e &&
            e->obj >= 0 && e->obj < (int)LLVMGetNumArgOperands(th->create) &&
            rh_ls_handle_loc(ls, LLVMGetOperand(th->create, (unsigned)e->obj), NULL, &loc[c]))
            ls->reuse_cell[c] = -1; /* a candidate */
    }
    for (int c = 1; c < nt; c++) {
        if (ls->reuse_cell[c] != -1)
            continue;
        rh_sset objs = {0};
        handle_writes w = {0};
        rh_sset_add(&objs, rh_pt_loc_obj(loc[c]));
        collect_writes(ls, &objs, &w);
        int ok = 1, group = ++groups;
        for (size_t i = 0; i < w.len && ok; i++) { /* every write over the cell is a candidate's create */
            if (!write_overlaps(&w.items[i], loc[c]))
                continue;
            ok = 0;
            for (int d = 1; d < nt && !ok; d++)
                ok = ls->reuse_cell[d] == -1 && loc[d] == loc[c] && w.items[i].create == ls->tg->threads[d].create &&
                     ls->tg->threads[d].parent == ls->tg->threads[c].parent;
        }
        for (int d = c; d < nt; d++)
            if (ls->reuse_cell[d] == -1 && loc[d] == loc[c])
                ls->reuse_cell[d] = ok ? group : 0;
        free(w.items);
        rh_sset_free(&objs);
    }
    free(loc);
}

void rh_ls_reuse_created(const rh_ls *ls, rh_ls_state *s, int c)
{
    int g = ls->reuse_cell ? ls->reuse_cell[c] : 0;
    if (g <= 0)
        return;
    for (uint32_t i = 0; i < s->handles.n;)
        if ((int)(s->handles.v[i] >> 32) == g)
            rh_sset_remove(&s->handles, s->handles.v[i]);
        else
            i++;
    rh_sset_add(&s->handles, (uint64_t)g << 32 | (uint64_t)c);
}

int rh_ls_reuse_holder(const rh_ls *ls, const rh_ls_state *s, uint64_t loc)
{
    for (uint32_t i = 0; ls->reuse_cell && i < s->handles.n; i++) {
        int c = (int)(s->handles.v[i] & 0xffffffffu);
        LLVMValueRef call = ls->tg->threads[c].create;
        const rh_conc_entry *e = rh_model_call_entry(ls->p, call);
        uint64_t l;
        if (e && rh_ls_handle_loc((rh_ls *)ls, LLVMGetOperand(call, (unsigned)e->obj), NULL, &l) && l == loc)
            return c;
    }
    return -1;
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
    drop_clobbered_handles(ls);
    reused_handles(ls);
    counted_handles(ls);
    rh_ls_handle_copies(ls); /* cells that hold copies of a spawn cell's handle */
}

