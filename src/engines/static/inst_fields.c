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
 * pointer-sized field at off of object obj, frees aside; NULL when there
 * is another write, or a create storing its handle there. */
static LLVMValueRef only_store(rh_static *s, uint32_t obj, int64_t off)
{
    LLVMValueRef st = NULL;
    for (int a = 0; a < s->p->naccesses; a++) {
        const rh_access *ac = &s->p->accesses[a];
        if (!(ac->kind & RH_ACC_WRITE) || !rh_pt_may_touch(&s->pt, ac->ptr, obj, off, off + 8, ac->size))
            continue;
        const rh_conc_entry *e = ac->from_call ? rh_model_call_entry(s->p, ac->inst) : NULL;
        if (e && (e->op == RH_OP_FREE || e->op == RH_OP_REALLOC))
            continue;
        if (st || ac->from_call || !LLVMIsAStoreInst(ac->inst) || LLVMGetVolatile(ac->inst) ||
            LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(ac->inst, 0))) != LLVMPointerTypeKind)
            return NULL;
        st = ac->inst;
    }
    return st && rh_ia_field_unique(s, obj, st, off) ? st : NULL;
}

/* The store that filled the field the access's pointer was loaded from,
 * when the rule of inst_fields.h holds for it; else NULL. */
static LLVMValueRef filled_by(rh_static *s, const rh_ia *ia, int a)
{
    int64_t off;
    LLVMValueRef l = rh_handover_root(&s->pt, s->p->accesses[a].ptr, &off);
    if (!l || !LLVMIsALoadInst(l) || LLVMGetVolatile(l) || LLVMGetOrdering(l) != LLVMAtomicOrderingNotAtomic ||
        LLVMGetTypeKind(LLVMTypeOf(l)) != LLVMPointerTypeKind || !rh_ia_through_param(s, ia, LLVMGetOperand(l, 0)))
        return NULL;
    const rh_sset *t = rh_pt_of(&s->pt, LLVMGetOperand(l, 0));
    LLVMValueRef st = NULL;
    for (uint32_t i = 0; t && i < t->n; i++) {
        uint32_t o = rh_pt_loc_obj(t->v[i]);
        int32_t at = rh_pt_loc_off(t->v[i]);
        if (at == RH_PT_ANY || !rh_ia_own_arg_block(s, ia, o))
            return NULL;
        LLVMValueRef si = only_store(s, o, at);
        if (!si || (st && si != st))
            return NULL;
        st = si;
    }
    if (!st)
        return NULL;
    LLVMValueRef d = rh_ia_current_root(s, LLVMGetOperand(st, 0));
    if (!d || !LLVMIsACallInst(d) || !rh_owned_fresh_site(s, d) ||
        LLVMGetInstructionParent(d) == NULL ||
        LLVMGetBasicBlockParent(LLVMGetInstructionParent(d)) != LLVMGetBasicBlockParent(LLVMGetInstructionParent(st)) ||
        rh_cfg_reaches_before(st, d, NULL, is_inst, st))
        return NULL;
    return st;
}

int rh_if_one_instance(rh_static *s, const rh_ia *ia, int a1, int a2)
{
    LLVMValueRef s1 = filled_by(s, ia, a1);
    return s1 && s1 == filled_by(s, ia, a2);
}
