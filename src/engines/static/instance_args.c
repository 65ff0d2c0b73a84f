/* instance_args.c - the parameters that hold a counted record thread's
 * start argument, and which instance reaches an object through them (see
 * instance_args.h).
 */
#include "instance_args.h"
#include "owned.h"
#include "slot_forward.h"
#include "inst_fields.h"

#include <stdlib.h>
#include <string.h>

static int fn_index(rh_static *s, LLVMValueRef inst)
{
    return rh_pt_func_index(&s->pt, LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst)));
}

static int param_of(LLVMValueRef v, LLVMValueRef fn)
{
    for (unsigned i = 0; LLVMIsAArgument(v) && i < LLVMCountParams(fn); i++)
        if (LLVMGetParam(fn, i) == v)
            return (int)i;
    return -1;
}

/* Whether store st is the only write that may reach the pointer-sized
 * field at off of the record object (frees aside: reading a freed record
 * would be undefined). */
int rh_ia_field_unique(rh_static *s, uint32_t obj, LLVMValueRef st, int64_t off)
{
    for (int a = 0; a < s->p->naccesses; a++) {
        const rh_access *ac = &s->p->accesses[a];
        const rh_conc_entry *e = ac->from_call ? rh_model_call_entry(s->p, ac->inst) : NULL;
        if (ac->inst == st || (e && (e->op == RH_OP_FREE || e->op == RH_OP_REALLOC)))
            continue;
        if ((ac->kind & RH_ACC_WRITE) && rh_pt_may_touch(&s->pt, ac->ptr, obj, off, off + 8, ac->size))
            return 0;
    }
    for (int i = 0; i < s->p->nsyncs; i++) {
        const rh_sync *y = &s->p->syncs[i];
        if (y->entry && y->entry->op == RH_OP_THREAD_CREATE && y->entry->obj >= 0 &&
            rh_pt_may_touch(&s->pt, LLVMGetOperand(y->inst, (unsigned)y->entry->obj), obj, off, off + 8, 8))
            return 0;
    }
    return 1;
}

/* Whether routine f runs only from call ic and its address is used only
 * as an argument of direct calls of the wrapper w. */
static int routine_private(rh_static *s, int f, LLVMValueRef ic, LLVMValueRef w)
{
    LLVMValueRef fn = s->p->funcs[f].fn;
    if (fn == w)
        return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (!LLVMIsACallInst(user) || LLVMGetCalledValue(user) != w)
            return 0;
    }
    for (int g = 0; g < s->p->nfuncs; g++)
        for (int i = 0; i < s->tg.nedges[g]; i++) {
            const rh_tg_edge *e = &s->tg.edges[g][i];
            for (int j = 0; j < e->ntargets; j++)
                if (e->targets[j] == f && (e->inst != ic || e->kind != RH_TG_CALL))
                    return 0;
        }
    return 1;
}

/* Marks parameter r of the routines the trampoline calls through a
 * pointer with the value of its record's field off as argument r. */
static int mark_routines(rh_static *s, rh_ia *ia, LLVMValueRef w, int tramp, int64_t off)
{
    LLVMValueRef tf = s->p->funcs[tramp].fn;
    int found = 0;
    if (LLVMCountParams(tf) < 1 || !rh_handover_only_started(s, tf))
        return 0;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(tf); b; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef ic = LLVMGetFirstInstruction(b); ic; ic = LLVMGetNextInstruction(ic)) {
            if (!LLVMIsACallInst(ic) || LLVMIsAFunction(LLVMGetCalledValue(ic)))
                continue;
            const rh_tg_edge *e = rh_tg_edge_of(&s->tg, tramp, ic);
            for (unsigned r = 0; e && r < LLVMGetNumArgOperands(ic) && r < 64; r++) {
                LLVMValueRef v = LLVMGetOperand(ic, r);
                int64_t o = -1;
                if (!LLVMIsALoadInst(v) || !rh_model_first_param(tf) ||
                    rh_handover_root(&s->pt, LLVMGetOperand(v, 0), &o) != rh_model_first_param(tf) ||
                    o != off)
                    continue;
                for (int j = 0; j < e->ntargets; j++)
                    if (routine_private(s, e->targets[j], ic, w))
                        ia->params[e->targets[j]] |= 1UL << r, found = 1;
            }
        }
    return found;
}

/* Whether value v is (casts and constant GEPs of) a marked parameter. */
int rh_ia_through_param(rh_static *s, const rh_ia *ia, LLVMValueRef v)
{
    int64_t off;
    LLVMValueRef root = rh_handover_root(&s->pt, v, &off);
    if (!root || !LLVMIsAArgument(root))
        return 0;
    int f = rh_pt_func_index(&s->pt, LLVMGetParamParent(root));
    unsigned q = rh_ls_param_index(root);
    return f >= 0 && q < 64 && (ia->params[f] >> q & 1);
}

/* Functions whose every call passes a marked parameter as argument q get
 * q marked too, until nothing changes. */
static void mark_callees(rh_static *s, rh_ia *ia)
{
    for (int changed = 1; changed;) {
        changed = 0;
        for (int g = 0; g < s->p->nfuncs; g++) {
            LLVMValueRef fn = s->p->funcs[g].fn;
            for (unsigned q = 0; q < LLVMCountParams(fn) && q < 64; q++) {
                int all = LLVMGetFirstUse(fn) != NULL && !(ia->params[g] >> q & 1);
                for (LLVMUseRef u = LLVMGetFirstUse(fn); u && all; u = LLVMGetNextUse(u)) {
                    LLVMValueRef c = LLVMGetUser(u);
                    all = LLVMIsACallInst(c) && LLVMGetCalledValue(c) == fn && q < LLVMGetNumArgOperands(c) &&
                          fn_index(s, c) >= 0 && rh_ia_through_param(s, ia, LLVMGetOperand(c, q));
                }
                if (all)
                    ia->params[g] |= 1UL << q, changed = 1;
            }
        }
    }
}

static int is_inst(LLVMValueRef in, void *target)
{
    return in == target;
}

/* rh_handover_root, and through a load of a cell that holds the current
 * value of what its function stored there (slot_forward.h: `a[i] =
 * malloc(..)` reloaded as a[i] for each use) to that value's root. */
LLVMValueRef rh_ia_current_root(rh_static *s, LLVMValueRef v)
{
    int64_t off;
    for (int depth = 0; depth < 4; depth++) {
        LLVMValueRef r = rh_handover_root(&s->pt, v, &off), x;
        if (!r || !LLVMIsALoadInst(r) || !(x = rh_fwd_current(&s->pt, r)))
            return r;
        v = x;
    }
    return NULL;
}

/* The fresh allocation whose value (casts and constant GEPs of it) call
 * passes, when the call cannot run again before the allocation runs
 * again: each run of the call hands over a block of its own.  Else NULL. */
static LLVMValueRef fresh_arg(rh_static *s, LLVMValueRef call, LLVMValueRef arg)
{
    LLVMValueRef site = rh_ia_current_root(s, arg);
    if (!site || !LLVMIsACallInst(site) || !rh_owned_fresh_site(s, site) ||
        LLVMGetBasicBlockParent(LLVMGetInstructionParent(site)) != LLVMGetBasicBlockParent(LLVMGetInstructionParent(call)) ||
        rh_cfg_reaches_before(call, site, NULL, is_inst, call))
        return NULL;
    return site;
}

int rh_ia_find(rh_static *s, const rh_handover_record *rec, LLVMValueRef *calls, int ncalls, rh_ia *ia)
{
    int tramp = -1;
    for (int t = 1; t < s->tg.nthreads; t++)
        if (s->tg.threads[t].create == rec->create)
            tramp = s->tg.threads[t].func;
    if (tramp < 0)
        return 0;
    ia->params = rh_xcalloc((size_t)s->p->nfuncs + 1, sizeof *ia->params);
    int found = 0;
    unsigned q = 0;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(rec->fn); b && !found; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef st = LLVMGetFirstInstruction(b); st && !found; st = LLVMGetNextInstruction(st)) {
            int64_t off = -1;
            int pq = LLVMIsAStoreInst(st) ? param_of(LLVMGetOperand(st, 0), rec->fn) : -1;
            if (pq < 0 || rh_handover_root(&s->pt, LLVMGetOperand(st, 1), &off) != rec->site || off < 0 ||
                !rh_cfg_dominates(st, rec->create) || !rh_ia_field_unique(s, rec->obj, st, off))
                continue;
            found = mark_routines(s, ia, rec->fn, tramp, off);
            q = (unsigned)pq;
        }
    if (!found) {
        rh_ia_free(ia);
        return 0;
    }
    mark_callees(s, ia);
    ia->args = rh_xcalloc((size_t)ncalls + 1, sizeof *ia->args);
    ia->once = rh_xcalloc((size_t)ncalls + 1, 1);
    ia->fresh = rh_xcalloc((size_t)ncalls + 1, sizeof *ia->fresh);
    ia->serial = rh_xcalloc((size_t)ncalls + 1, 1);
    ia->calls = rh_xcalloc((size_t)ncalls + 1, sizeof *ia->calls);
    ia->elems = rh_xcalloc((size_t)ncalls + 1, sizeof *ia->elems);
    memcpy(ia->calls, calls, (size_t)ncalls * sizeof *calls);
    for (int k = 0; k < ncalls; k++) {
        if (q >= LLVMGetNumArgOperands(calls[k])) {
            rh_ia_free(ia);
            return 0;
        }
        ia->args[k] = rh_pt_of(&s->pt, LLVMGetOperand(calls[k], q));
        ia->once[k] = !rh_cfg_inst_in_loop(&s->cfg, fn_index(s, calls[k]), calls[k]);
        ia->fresh[k] = fresh_arg(s, calls[k], LLVMGetOperand(calls[k], q));
        rh_ie_find(s, calls[k], LLVMGetOperand(calls[k], q), &ia->elems[k]);
    }
    ia->ncalls = ncalls;
    ia->q = q;
    return 1;
}

static int holds_obj(const rh_sset *set, uint32_t o)
{
    for (uint32_t i = 0; i < set->n; i++)
        if (rh_pt_loc_obj(set->v[i]) == o)
            return 1;
    return 0;
}

/* The constant offset of access a from the parameter it goes through and
 * its size; 0 when either is not known. */
static int param_range(rh_static *s, int a, int64_t *off, int64_t *size)
{
    const rh_access *ac = &s->p->accesses[a];
    rh_handover_root(&s->pt, ac->ptr, off);
    *size = (int64_t)ac->size;
    return *off >= 0 && *size > 0;
}

/* Whether instances j and k (j != k) give accesses a1 and a2 disjoint bytes
 * of o: every offset at which one argument points into o, shifted by a1's
 * distance from it, misses every such offset of the other shifted by a2's. */
static int apart_in(const rh_sset *aj, const rh_sset *ak, uint32_t o, int64_t d1, int64_t s1, int64_t d2, int64_t s2)
{
    for (uint32_t x = 0; x < aj->n; x++)
        for (uint32_t y = 0; y < ak->n; y++) {
            if (rh_pt_loc_obj(aj->v[x]) != o || rh_pt_loc_obj(ak->v[y]) != o)
                continue;
            int32_t oj = rh_pt_loc_off(aj->v[x]), ok = rh_pt_loc_off(ak->v[y]);
            if (oj == RH_PT_ANY || ok == RH_PT_ANY)
                return 0;
            int64_t lo1 = oj + d1, lo2 = ok + d2;
            if (lo1 < lo2 + s2 && lo2 < lo1 + s1)
                return 0;
        }
    return 1;
}

/* Whether call k, the only call whose argument may denote o, gives each
 * instance o to itself: one instance only, instances one after the other,
 * or a block of its own each. */
static int own_block(rh_static *s, const rh_ia *ia, int k, uint32_t o)
{
    const rh_sset *fresh = ia->fresh[k] ? rh_pt_of(&s->pt, ia->fresh[k]) : NULL;
    return ia->once[k] || ia->serial[k] || (fresh && fresh->n == 1 && holds_obj(fresh, o));
}

int rh_ia_own_arg_block(rh_static *s, const rh_ia *ia, uint32_t o)
{
    int n = 0, k1 = -1;
    for (int k = 0; ia->params && k < ia->ncalls; k++)
        if (holds_obj(ia->args[k], o))
            n++, k1 = k;
    return n == 1 && own_block(s, ia, k1, o);
}

int rh_ia_one_instance(rh_static *s, const rh_ia *ia, uint32_t o, int a1, int a2)
{
    if (ia->params && (rh_if_one_instance(s, ia, a1, a2) || rh_ie_indexed_apart(s, ia, a1, a2)))
        return 1;
    if (!ia->params || !rh_ia_through_param(s, ia, s->p->accesses[a1].ptr) || !rh_ia_through_param(s, ia, s->p->accesses[a2].ptr))
        return 0;
    int n = 0, k1 = -1, all_once = 1;
    for (int k = 0; k < ia->ncalls; k++) {
        all_once &= ia->once[k];
        if (holds_obj(ia->args[k], o))
            n++, k1 = k;
    }
    if (n == 0 || (n == 1 && own_block(s, ia, k1, o)))
        return 1;
    int64_t d1, s1, d2, s2;
    if (n == 1 && ia->elems[k1].esize && param_range(s, a1, &d1, &s1) && param_range(s, a2, &d2, &s2) &&
        rh_ie_inside(&ia->elems[k1], d1, s1) && rh_ie_inside(&ia->elems[k1], d2, s2))
        return 1; /* an element of its own each */
    if (!all_once || !param_range(s, a1, &d1, &s1) || !param_range(s, a2, &d2, &s2))
        return 0;
    for (int j = 0; j < ia->ncalls; j++)
        for (int k = 0; k < ia->ncalls; k++)
            if (j != k && !apart_in(ia->args[j], ia->args[k], o, d1, s1, d2, s2))
                return 0;
    return 1;
}

/* The one call whose argument may denote o, or -1. */
static int only_call(const rh_ia *ia, uint32_t o)
{
    int k1 = -1;
    for (int k = 0; k < ia->ncalls; k++)
        if (holds_obj(ia->args[k], o)) {
            if (k1 >= 0)
                return -1;
            k1 = k;
        }
    return k1;
}

int rh_ia_before_start(rh_static *s, const rh_ia *ia, uint32_t o, int am, int at)
{
    if (ia->params && (rh_ie_indexed_before(s, ia, am, at) || rh_if_before_start(s, ia, am, at)))
        return 1;
    int k = ia->params ? only_call(ia, o) : -1;
    if (k < 0 || !rh_ia_through_param(s, ia, s->p->accesses[at].ptr))
        return 0;
    int64_t d, sz;
    if (ia->elems[k].esize && param_range(s, at, &d, &sz) && rh_ie_inside(&ia->elems[k], d, sz) &&
        rh_ie_before_start(s, &ia->elems[k], am))
        return 1;
    if (!ia->fresh[k])
        return 0;
    LLVMValueRef site = ia->fresh[k], in = s->p->accesses[am].inst;
    return rh_ia_current_root(s, s->p->accesses[am].ptr) == site &&
           LLVMGetInstructionParent(in) && LLVMGetBasicBlockParent(LLVMGetInstructionParent(in)) ==
                                               LLVMGetBasicBlockParent(LLVMGetInstructionParent(site)) &&
           rh_pt_of(&s->pt, site)->n == 1 && !rh_cfg_reaches_before(ia->calls[k], site, NULL, is_inst, in);
}

void rh_ia_free(rh_ia *ia)
{
    free(ia->params);
    free(ia->args);
    free(ia->once);
    free(ia->fresh);
    free(ia->serial);
    free(ia->calls);
    free(ia->elems);
    *ia = (rh_ia){0};
}
