/* inst_fields.c - blocks reached through a field of an instance's own
 * argument block, filled with a fresh block each round (see inst_fields.h).
 */
#include "inst_fields.h"
#include "owned.h"

static int is_inst(LLVMValueRef in, void *target)
{
    return in == target;
}

/* The one write access (a plain store of a pointer) that may reach the
 * pointer-sized field at off of object obj (off < 0: any byte of it),
 * frees aside; NULL when there is another write, or a create storing its
 * handle there. */
static LLVMValueRef only_store(rh_static *s, uint32_t obj, int64_t off)
{
    LLVMValueRef st = NULL;
    for (int a = 0; a < s->p->naccesses; a++) {
        const rh_access *ac = &s->p->accesses[a];
        if (!(ac->kind & RH_ACC_WRITE) ||
            !rh_pt_may_touch(&s->pt, ac->ptr, obj, off < 0 ? 0 : off, off < 0 ? INT64_MAX : off + 8, ac->size))
            continue;
        const rh_conc_entry *e = ac->from_call ? rh_model_call_entry(s->p, ac->inst) : NULL;
        if (e && (e->op == RH_OP_FREE || e->op == RH_OP_REALLOC))
            continue;
        if (st || ac->from_call || !LLVMIsAStoreInst(ac->inst) || LLVMGetVolatile(ac->inst) ||
            LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(ac->inst, 0))) != LLVMPointerTypeKind)
            return NULL;
        st = ac->inst;
    }
    if (st && off < 0) /* the whole object: no create's handle either */
        for (int i = 0; i < s->p->nsyncs; i++) {
            const rh_sync *y = &s->p->syncs[i];
            if (y->entry && y->entry->op == RH_OP_THREAD_CREATE && y->entry->obj >= 0 &&
                rh_pt_may_touch(&s->pt, LLVMGetOperand(y->inst, (unsigned)y->entry->obj), obj, 0, INT64_MAX, 8))
                return NULL;
        }
    return st && (off < 0 || rh_ia_field_unique(s, obj, st, off)) ? st : NULL;
}

/* Whether the stored value of st is a fresh allocation of st's function
 * that runs again before st can (each run of st stores a block of its own). */
static LLVMValueRef fresh_value(rh_static *s, LLVMValueRef st)
{
    LLVMValueRef d = rh_ia_current_root(s, LLVMGetOperand(st, 0));
    if (!d || !LLVMIsACallInst(d) || !rh_owned_fresh_site(s, d) || !LLVMGetInstructionParent(d) ||
        LLVMGetBasicBlockParent(LLVMGetInstructionParent(d)) != LLVMGetBasicBlockParent(LLVMGetInstructionParent(st)) ||
        rh_cfg_reaches_before(st, d, NULL, is_inst, st))
        return NULL;
    return d;
}

/* The store that filled the cell the access's pointer was loaded from
 * (directly, or through parameters of functions every call of which
 * passes such a value, 3 deep),
 * when the rule of inst_fields.h holds for it; else NULL.  *e is set when
 * the cell is `&arr[id]` (inst_elems.h), else NULL. */
static LLVMValueRef filled_by_value(rh_static *s, const rh_ia *ia, LLVMValueRef v, int depth, const rh_ie **e,
                                    LLVMValueRef *arr, LLVMTypeRef *et);

/* For parameter q of a function whose every use is a direct call passing
 * there a value filled_by_value accepts, all with one store: that store
 * (the parameter holds, in each frame, such a loaded block). */
static LLVMValueRef filled_param(rh_static *s, const rh_ia *ia, LLVMValueRef param, int depth)
{
    LLVMValueRef fn = LLVMGetParamParent(param), st = NULL;
    unsigned q = rh_ls_param_index(param);
    const rh_ie *e;
    LLVMValueRef arr;
    LLVMTypeRef et;
    if (depth >= 3 || !LLVMGetFirstUse(fn))
        return NULL;
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef c = LLVMGetUser(u);
        if (!LLVMIsACallInst(c) || LLVMGetCalledValue(c) != fn || q >= LLVMGetNumArgOperands(c))
            return NULL;
        LLVMValueRef si = filled_by_value(s, ia, LLVMGetOperand(c, q), depth + 1, &e, &arr, &et);
        if (!si || (st && si != st))
            return NULL;
        st = si;
    }
    return st;
}

static LLVMValueRef filled_by(rh_static *s, const rh_ia *ia, int a, const rh_ie **e, LLVMValueRef *arr,
                              LLVMTypeRef *et)
{
    return filled_by_value(s, ia, s->p->accesses[a].ptr, 0, e, arr, et);
}

/* filled_by for a pointer value v, at call depth `depth`; *e stays NULL
 * for a value that comes in through a parameter. */
static LLVMValueRef filled_by_value(rh_static *s, const rh_ia *ia, LLVMValueRef v, int depth, const rh_ie **e,
                                    LLVMValueRef *arr, LLVMTypeRef *et)
{
    int64_t off;
    LLVMValueRef l = rh_handover_root(&s->pt, v, &off);
    *e = NULL;
    if (l && LLVMIsAArgument(l) && !rh_ia_through_param(s, ia, l))
        return filled_param(s, ia, l, depth);
    if (!l || !LLVMIsALoadInst(l) || LLVMGetVolatile(l) || LLVMGetOrdering(l) != LLVMAtomicOrderingNotAtomic ||
        LLVMGetTypeKind(LLVMTypeOf(l)) != LLVMPointerTypeKind)
        return NULL;
    LLVMValueRef addr = LLVMGetOperand(l, 0);
    int through = rh_ia_through_param(s, ia, addr);
    if (!through && !(*e = rh_ie_id_indexed_ptr(s, ia, addr, 8, arr, et)))
        return NULL;
    const rh_sset *t = rh_pt_of(&s->pt, addr);
    LLVMValueRef st = NULL;
    for (uint32_t i = 0; t && i < t->n; i++) {
        uint32_t o = rh_pt_loc_obj(t->v[i]);
        int32_t at = rh_pt_loc_off(t->v[i]);
        LLVMValueRef si;
        if (through) /* the field of an argument block of the instance's own */
            si = at != RH_PT_ANY && rh_ia_own_arg_block(s, ia, o) ? only_store(s, o, at) : NULL;
        else /* any cell of arr: instances read distinct elements */
            si = only_store(s, o, -1);
        if (!si || (st && si != st))
            return NULL;
        st = si;
    }
    return st && fresh_value(s, st) ? st : NULL;
}

int rh_if_one_instance(rh_static *s, const rh_ia *ia, int a1, int a2)
{
    const rh_ie *e1, *e2;
    LLVMValueRef b1, b2;
    LLVMTypeRef t1, t2;
    LLVMValueRef s1 = filled_by(s, ia, a1, &e1, &b1, &t1);
    return s1 && s1 == filled_by(s, ia, a2, &e2, &b2, &t2);
}

int rh_if_before_start(rh_static *s, const rh_ia *ia, int am, int at)
{
    const rh_ie *e;
    LLVMValueRef arr;
    LLVMTypeRef et;
    LLVMValueRef st = filled_by(s, ia, at, &e, &arr, &et), d = st ? fresh_value(s, st) : NULL;
    const rh_access *ac = &s->p->accesses[am];
    /* round i stores its block into arr[i] before starting instance i */
    if (!d || !e || !rh_ie_round_elem(s, e, LLVMGetOperand(st, 1), arr, et) || !rh_cfg_dominates(st, e->call) ||
        !rh_cfg_dominates(d, st) || rh_ia_current_root(s, ac->ptr) != d || !LLVMGetInstructionParent(ac->inst) ||
        LLVMGetBasicBlockParent(LLVMGetInstructionParent(ac->inst)) != LLVMGetBasicBlockParent(LLVMGetInstructionParent(d)))
        return 0;
    return !rh_cfg_reaches_before(e->call, d, NULL, is_inst, ac->inst);
}
