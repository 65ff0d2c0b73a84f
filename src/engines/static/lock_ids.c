/* lock_ids.c - what lock an address denotes: lock ids (one per abstract
 * location a lock call may reach), the call-site context that resolves a
 * wrapper's parameter, which lock ids alias (an element at an unknown
 * index of a lock array may be any lock of the array), which relocks
 * block for good, and descriptions.
 * See lockset.h for the contracts.
 */
#include "index_range.h"
#include "lockset.h"
#include "loops.h"
#include "model/src_names.h"

#include <stdlib.h>
#include <string.h>

uint32_t rh_ls_lock_id(rh_ls *ls, uint64_t loc, rh_lock_class cls)
{
    long id = rh_map_get(&ls->lock_of_loc, loc, -1);
    if (id >= 0)
        return (uint32_t)id;
    if (ls->nlocks == ls->caplocks) {
        ls->caplocks = ls->caplocks ? 2 * ls->caplocks : 16;
        ls->lock_loc = rh_xrealloc(ls->lock_loc, (size_t)ls->caplocks * sizeof *ls->lock_loc);
        ls->lock_class = rh_xrealloc(ls->lock_class, (size_t)ls->caplocks * sizeof *ls->lock_class);
        ls->next_in_obj = rh_xrealloc(ls->next_in_obj, (size_t)ls->caplocks * sizeof *ls->next_in_obj);
        ls->lock_arg = rh_xrealloc(ls->lock_arg, (size_t)ls->caplocks * sizeof *ls->lock_arg);
    }
    ls->lock_loc[ls->nlocks] = loc;
    ls->lock_class[ls->nlocks] = cls;
    ls->next_in_obj[ls->nlocks] = -1;
    ls->lock_arg[ls->nlocks] = NULL;
    rh_map_put(&ls->lock_of_loc, loc, ls->nlocks);
    if (ls->nlocks != RH_LS_ATOMIC) { /* the atomic section is in no object */
        ls->next_in_obj[ls->nlocks] = (int)rh_map_get(&ls->first_in_obj, rh_pt_loc_obj(loc), -1);
        rh_map_put(&ls->first_in_obj, rh_pt_loc_obj(loc), ls->nlocks);
    }
    /* A statically initialised lock with a non-zero initializer may be
     * recursive (PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP). */
    const rh_pt_object *o = ls->nlocks ? &ls->pt->objs[rh_pt_loc_obj(loc)] : NULL;
    if (o && o->kind == RH_PT_GLOBAL && LLVMGetInitializer(o->site) && !LLVMIsNull(LLVMGetInitializer(o->site)))
        rh_sset_add(&ls->recursive, (uint64_t)ls->nlocks);
    rh_sset_add(&ls->all_locks, rh_ls_elem((uint32_t)ls->nlocks, 0));
    rh_sset_add(&ls->all_locks, rh_ls_elem((uint32_t)ls->nlocks, 1));
    return (uint32_t)ls->nlocks++;
}

unsigned rh_ls_param_index(LLVMValueRef arg)
{
    LLVMValueRef fn = LLVMGetParamParent(arg);
    unsigned n = LLVMCountParams(fn);
    for (unsigned i = 0; i < n; i++)
        if (LLVMGetParam(fn, i) == arg)
            return i;
    return n;
}

/* Strips casts and constant GEPs; *off accumulates the GEP offsets. */
LLVMValueRef rh_ls_strip_const(rh_ls *ls, LLVMValueRef v, int64_t *off)
{
    for (int d = 0; d < 16 && LLVMIsAInstruction(v); d++) {
        LLVMOpcode op = LLVMGetInstructionOpcode(v);
        int64_t o;
        if (op == LLVMGetElementPtr) {
            if (!rh_pt_gep_offset(ls->pt, v, &o) || *off == RH_PT_ANY)
                *off = RH_PT_ANY;
            else
                *off += o;
        } else if (op != LLVMBitCast && op != LLVMAddrSpaceCast) {
            break;
        }
        v = LLVMGetOperand(v, 0);
    }
    return v;
}

/* Points-to set of v, where a parameter is replaced by the actual argument
 * of the call site ctx (call string 1). */
static const rh_sset *ctx_pts(rh_ls *ls, LLVMValueRef v, LLVMValueRef ctx, rh_sset *tmp)
{
    int64_t off = 0;
    LLVMValueRef u = rh_ls_strip_const(ls, v, &off);
    if (!ctx || !LLVMIsAArgument(u))
        return rh_pt_of(ls->pt, v);
    unsigned i = rh_ls_param_index(u);
    if (i >= LLVMGetNumArgOperands(ctx))
        return rh_pt_of(ls->pt, v);
    rh_sset_clear(tmp);
    rh_pt_union_shift(tmp, rh_pt_of(ls->pt, LLVMGetOperand(ctx, i)), off == RH_PT_ANY ? RH_PT_ANY : (int32_t)off);
    return tmp;
}

void rh_ls_lock_targets(rh_ls *ls, LLVMValueRef v, LLVMValueRef ctx, rh_lock_class cls, rh_sset *out,
                        int *strong)
{
    rh_sset tmp = {0};
    const rh_sset *s = ctx_pts(ls, v, ctx, &tmp);
    *strong = s->n == 1 && rh_pt_loc_off(s->v[0]) != RH_PT_ANY &&
              rh_tg_object_strong(ls->tg, ls->pt, ls->cfg, rh_pt_loc_obj(s->v[0]));
    for (uint32_t i = 0; i < s->n; i++) {
        if (ls->pt->objs[rh_pt_loc_obj(s->v[i])].kind == RH_PT_FUNC)
            continue;
        uint32_t id = rh_ls_lock_id(ls, s->v[i], cls);
        rh_sset_add(out, id);
        if (s->n == 1 && !ls->lock_arg[id])
            ls->lock_arg[id] = v;
    }
    rh_sset_free(&tmp);
}

void rh_ls_lock_aliases(const rh_ls *ls, const rh_sset *ids, rh_sset *out)
{
    for (uint32_t i = 0; i < ids->n; i++) {
        uint32_t id = (uint32_t)ids->v[i];
        rh_sset_add(out, id);
        if (id == RH_LS_ATOMIC)
            continue;
        int32_t off = rh_pt_loc_off(ls->lock_loc[id]);
        for (long j = rh_map_get(&ls->first_in_obj, rh_pt_loc_obj(ls->lock_loc[id]), -1); j >= 0;
             j = ls->next_in_obj[j]) {
            int32_t o = rh_pt_loc_off(ls->lock_loc[j]);
            if (off == RH_PT_ANY || o == RH_PT_ANY || o == off)
                rh_sset_add(out, (uint64_t)j);
        }
    }
}

void rh_ls_elem_aliases(const rh_ls *ls, const rh_sset *elems, rh_sset *out)
{
    rh_sset one = {0}, ids = {0};
    for (uint32_t i = 0; i < elems->n; i++) {
        rh_sset_clear(&one), rh_sset_clear(&ids);
        rh_sset_add(&one, elems->v[i] / 2);
        rh_ls_lock_aliases(ls, &one, &ids);
        for (uint32_t j = 0; j < ids.n; j++)
            rh_sset_add(out, rh_ls_elem((uint32_t)ids.v[j], (int)(elems->v[i] & 1)));
    }
    rh_sset_free(&one), rh_sset_free(&ids);
}

/* Whether lock id or one of its aliases is in set (of lock ids): what was
 * said of a lock array's element at an unknown index (its initialisation
 * in a loop) holds for each of its elements. */
int rh_ls_alias_in(const rh_ls *ls, const rh_sset *set, uint32_t id)
{
    rh_sset one = {0}, all = {0};
    rh_sset_add(&one, id);
    rh_ls_lock_aliases(ls, &one, &all);
    int r = 0;
    for (uint32_t i = 0; i < all.n && !r; i++)
        r = rh_sset_has(set, all.v[i]);
    rh_sset_free(&one), rh_sset_free(&all);
    return r;
}

int rh_ls_maybe_recursive(const rh_ls *ls, uint32_t id)
{
    return rh_ls_alias_in(ls, &ls->recursive, id);
}

int rh_ls_handle_loc(rh_ls *ls, LLVMValueRef ptr, LLVMValueRef ctx, uint64_t *loc)
{
    rh_sset tmp = {0};
    const rh_sset *s = ctx_pts(ls, ptr, ctx, &tmp);
    int ok = s->n == 1 && rh_pt_loc_off(s->v[0]) != RH_PT_ANY &&
             rh_tg_object_strong(ls->tg, ls->pt, ls->cfg, rh_pt_loc_obj(s->v[0]));
    if (ok)
        *loc = s->v[0];
    rh_sset_free(&tmp);
    return ok;
}

/* A lock call's address as the program names it, when it names a member
 * ("'jobqueue_p->rwmutex'", as a run names the lock): a parameter or a
 * variable alone ("'*m'" in a wrapper) says less than the object. */
static char *field_name(rh_ls *ls, LLVMValueRef arg)
{
    char *name = rh_src_access_name(ls->p->td, arg), *field = rh_src_field_of(name);
    int member = field != NULL;
    free(field);
    if (member)
        return name;
    free(name);
    return NULL;
}

char *rh_ls_elem_desc(rh_ls *ls, uint64_t elem)
{
    uint32_t id = (uint32_t)(elem / 2);
    if (id == RH_LS_ATOMIC)
        return rh_xstrdup("atomic section");
    static const char *const cls[] = {"lock", "mutex", "rwlock", "spinlock"};
    rh_lock_class c = ls->lock_class[id];
    const char *kind = (unsigned)c < 4 ? cls[c] : "lock";
    uint32_t o = rh_pt_loc_obj(ls->lock_loc[id]);
    int32_t off = rh_pt_loc_off(ls->lock_loc[id]);
    const char *mode = c == RH_LOCK_RWLOCK ? (elem & 1 ? " (write)" : " (read)") : "";
    size_t len;
    if (ls->pt->objs[o].kind == RH_PT_GLOBAL && off == 0)
        return rh_xasprintf("%s '%s'%s", kind, LLVMGetValueName2(ls->pt->objs[o].site, &len), mode);
    char *field = off != RH_PT_ANY && ls->lock_arg[id] ? field_name(ls, ls->lock_arg[id]) : NULL;
    if (field) {
        char *r = rh_xasprintf("%s %s%s", kind, field, mode);
        free(field);
        return r;
    }
    char *d = rh_pt_object_desc(ls->pt, o);
    char *r = off == RH_PT_ANY ? rh_xasprintf("%s in %s%s", kind, d, mode)
                               : rh_xasprintf("%s at offset %d of %s%s", kind, off, d, mode);
    free(d);
    return r;
}

/* The type a GEP of the form base[0]..[0][idx] selects and its size. */
static int64_t element_size(rh_ls *ls, LLVMValueRef gep)
{
    LLVMTypeRef t = LLVMGetGEPSourceElementType(gep);
    for (unsigned i = 1; i < LLVMGetNumIndices(gep); i++) {
        LLVMTypeKind k = LLVMGetTypeKind(t);
        if (k == LLVMArrayTypeKind || k == LLVMVectorTypeKind)
            t = LLVMGetElementType(t);
        else if (k == LLVMStructTypeKind && LLVMCountStructElementTypes(t) > 0)
            t = LLVMStructGetTypeAtIndex(t, 0); /* index 0: the first field, at offset 0 */
        else
            return 0;
    }
    return LLVMTypeIsSized(t) ? (int64_t)LLVMABISizeOfType(ls->p->td, t) : 0;
}

void rh_ls_narrow_by_index(rh_ls *ls, LLVMValueRef use, LLVMValueRef addr, LLVMValueRef ctx, rh_sset *all)
{
    while (LLVMIsAInstruction(addr) && (LLVMGetInstructionOpcode(addr) == LLVMBitCast ||
                                        LLVMGetInstructionOpcode(addr) == LLVMAddrSpaceCast))
        addr = LLVMGetOperand(addr, 0);
    LLVMValueRef base, idx = rh_loop_element_index(addr, &base);
    int64_t off0 = 0, size, lo, hi;
    if (!idx || (ctx && LLVMIsAArgument(rh_ls_strip_const(ls, base, &off0))))
        return; /* a wrapper's parameter: its points-to set is every caller's */
    const rh_sset *bp = rh_pt_of(ls->pt, base);
    if (bp->n != 1 || rh_pt_loc_off(bp->v[0]) == RH_PT_ANY || (size = element_size(ls, addr)) <= 0 ||
        !rh_index_range(ls->p, use, idx, &lo, &hi))
        return;
    uint32_t obj = rh_pt_loc_obj(bp->v[0]);
    off0 = rh_pt_loc_off(bp->v[0]);
    /* bytes [from, to) the element may lie in; an open side stays open */
    int64_t from = lo == INT64_MIN ? INT64_MIN : off0 + lo * size;
    int64_t to = hi == INT64_MAX ? INT64_MAX : off0 + (hi + 1) * size;
    for (uint32_t i = 0; i < all->n;) {
        uint64_t loc = ls->lock_loc[all->v[i]];
        int32_t o = rh_pt_loc_off(loc);
        if (all->v[i] != RH_LS_ATOMIC && rh_pt_loc_obj(loc) == obj && o != RH_PT_ANY && (o < from || o >= to))
            rh_sset_remove(all, all->v[i]);
        else
            i++;
    }
}

int rh_ls_relock_blocks(rh_ls *ls, const rh_conc_entry *e, uint32_t id)
{
    if (e->lock_class != RH_LOCK_MUTEX || (e->flags & (RH_F_TRY | RH_F_TIMED | RH_F_SHARED | RH_F_ANNOT)) ||
        ls->errorcheck || rh_ls_alias_in(ls, &ls->recursive, id) || !e->name || strncmp(e->name, "pthread_mutex", 13))
        return 0;
    uint32_t obj = rh_pt_loc_obj(ls->lock_loc[id]);
    if (!ls->written_done) { /* the objects some plain write (not a lock's init) may touch, once per run */
        for (int a = 0; a < ls->p->naccesses; a++) {
            const rh_access *ac = &ls->p->accesses[a];
            const rh_sset *t = (ac->kind & RH_ACC_WRITE) && !ac->lock_word ? rh_pt_of(ls->pt, ac->ptr) : NULL;
            for (uint32_t i = 0; t && i < t->n; i++)
                rh_map_put(&ls->written, rh_pt_loc_obj(t->v[i]), 1);
        }
        ls->written_done = 1;
    }
    if (rh_map_get(&ls->written, obj, 0))
        return 0;
    const rh_pt_object *o = &ls->pt->objs[obj];
    if (o->kind == RH_PT_GLOBAL) {
        LLVMValueRef init = o->site && LLVMIsAGlobalVariable(o->site) ? LLVMGetInitializer(o->site) : NULL;
        return init && LLVMIsNull(init);
    }
    return o->kind == RH_PT_HEAP || o->kind == RH_PT_LOCAL;
}
