/* inst_elems.c - one array element per instance of a create wrapper called
 * in a counted loop of main with `&base[i]` (see inst_elems.h).
 */
#include "inst_elems.h"
#include "loops.h"
#include "instance_args.h"

#include <string.h>

static int is_inst(LLVMValueRef in, void *target)
{
    return in == target;
}

static LLVMValueRef strip_casts(LLVMValueRef v)
{
    while (v && (LLVMIsABitCastInst(v) || LLVMIsAAddrSpaceCastInst(v)))
        v = LLVMGetOperand(v, 0);
    return v;
}

static LLVMValueRef strip_ext(LLVMValueRef v)
{
    while (v && (LLVMIsASExtInst(v) || LLVMIsAZExtInst(v)))
        v = LLVMGetOperand(v, 0);
    return v;
}

/* The element type a GEP `&base[i]` steps over: `T *p; &p[i]` or
 * `T a[N]; &a[0][i]`; NULL for any other form. */
static LLVMTypeRef element_type(LLVMValueRef gep)
{
    LLVMTypeRef src = LLVMGetGEPSourceElementType(gep);
    int n = LLVMGetNumOperands(gep);
    if (n == 2)
        return src;
    if (n == 3 && LLVMGetTypeKind(src) == LLVMArrayTypeKind)
        return LLVMGetElementType(src);
    return NULL;
}

/* Whether fn is main and runs once (its address is taken nowhere). */
static int main_once(LLVMValueRef fn)
{
    size_t len;
    const char *name = LLVMGetValueName2(fn, &len);
    return len == 4 && strcmp(name, "main") == 0 && !LLVMGetFirstUse(fn);
}

int rh_ie_find(rh_static *s, LLVMValueRef call, LLVMValueRef arg, rh_ie *e)
{
    memset(e, 0, sizeof *e);
    LLVMValueRef gep = strip_casts(arg), base;
    LLVMValueRef idx = rh_loop_element_index(gep, &base);
    rh_counted_loop l;
    if (!idx || !rh_loop_of_index(&s->cfg, idx, &l) || !main_once(LLVMGetBasicBlockParent(l.header)) ||
        !rh_cfg_dominates(LLVMGetFirstInstruction(l.header), call) || !rh_cfg_may_follow(call, call))
        return 0;
    /* entered once: the preheader's branch lies on no cycle */
    int f = rh_pt_func_index(&s->pt, LLVMGetBasicBlockParent(l.header));
    LLVMTypeRef et = element_type(gep);
    if (f < 0 || !et || rh_cfg_inst_in_loop(&s->cfg, f, LLVMGetBasicBlockTerminator(l.preheader)) ||
        !LLVMTypeIsSized(et))
        return 0;
    /* once per round: no inner cycle leads from the call back to it */
    if (rh_cfg_reaches_before(call, LLVMGetFirstInstruction(l.header), NULL, is_inst, call))
        return 0;
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(LLVMGetGlobalParent(LLVMGetBasicBlockParent(l.header)));
    e->esize = (int64_t)LLVMABISizeOfType(td, et);
    e->call = call, e->base = base, e->iv = l.iv, e->header = l.header, e->etype = et;
    return e->esize > 0;
}

int rh_ie_inside(const rh_ie *e, int64_t off, int64_t size)
{
    return e->esize > 0 && off >= 0 && size > 0 && off + size <= e->esize;
}

/* Peels casts and constant GEPs off ptr down to an element address
 * `&base[idx]` (*off: the constant offset above it); 0 when there is none. */
static int elem_addr(rh_static *s, LLVMValueRef ptr, LLVMValueRef *base, LLVMTypeRef *et, LLVMValueRef *idx,
                     int64_t *off)
{
    *off = 0;
    for (int d = 0; d < 8 && ptr; d++) {
        if (LLVMIsABitCastInst(ptr) || LLVMIsAAddrSpaceCastInst(ptr)) {
            ptr = LLVMGetOperand(ptr, 0);
            continue;
        }
        if (!LLVMIsAGetElementPtrInst(ptr))
            return 0;
        LLVMValueRef i = rh_loop_element_index(ptr, base);
        if (i) {
            *idx = strip_ext(i), *et = element_type(ptr);
            return *et != NULL;
        }
        int64_t x;
        if (!rh_pt_gep_offset(&s->pt, ptr, &x))
            return 0;
        *off += x;
        ptr = LLVMGetOperand(ptr, 0);
    }
    return 0;
}

/* Whether main's access am touches element i of base (type et) through
 * e's counter at a constant offset inside it, where it cannot run after
 * e's call before the loop's header runs again. */
static int main_elem_before(rh_static *s, const rh_ie *e, LLVMValueRef base, LLVMTypeRef et, int am)
{
    const rh_access *ac = &s->p->accesses[am];
    LLVMValueRef b, idx;
    LLVMTypeRef t;
    int64_t off;
    if (!elem_addr(s, ac->ptr, &b, &t, &idx, &off) || b != base || t != et || idx != e->iv ||
        !LLVMTypeIsSized(et) || !LLVMGetInstructionParent(ac->inst) ||
        LLVMGetBasicBlockParent(LLVMGetInstructionParent(ac->inst)) != LLVMGetBasicBlockParent(e->header))
        return 0;
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(LLVMGetGlobalParent(LLVMGetBasicBlockParent(e->header)));
    int64_t esize = (int64_t)LLVMABISizeOfType(td, et);
    return off >= 0 && off + (int64_t)ac->size <= esize &&
           !rh_cfg_reaches_before(e->call, LLVMGetFirstInstruction(e->header), NULL, is_inst, ac->inst);
}

int rh_ie_before_start(rh_static *s, const rh_ie *e, int am)
{
    return main_elem_before(s, e, e->base, e->etype, am);
}

/* 2 when store st writes the instance's own counter: into `&base[i]` of
 * e's loop at off (the value i itself, of the load's type, dominating e's
 * call inside the round), 1 when it writes only bytes of the element
 * outside [off, off + size), 0 otherwise. */
static int id_store_ok(rh_static *s, const rh_ie *e, LLVMValueRef st, int64_t off, int64_t size, LLVMTypeRef ty)
{
    LLVMValueRef b, idx, v = LLVMGetOperand(st, 0);
    LLVMTypeRef t;
    int64_t at;
    if (!elem_addr(s, LLVMGetOperand(st, 1), &b, &t, &idx, &at) || b != e->base || t != e->etype || idx != e->iv)
        return 0;
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(LLVMGetGlobalParent(LLVMGetBasicBlockParent(e->header)));
    int64_t vsize = (int64_t)LLVMABISizeOfType(td, LLVMTypeOf(v));
    if (at < 0 || at + vsize > e->esize)
        return 0;
    if (at + vsize <= off || off + size <= at)
        return 1; /* another field of the element */
    return 2 * (at == off && LLVMTypeOf(v) == ty && strip_ext(v) == e->iv && rh_cfg_dominates(st, e->call) &&
           rh_cfg_dominates(LLVMGetFirstInstruction(e->header), st));
}

const rh_ie *rh_ie_id_load(rh_static *s, const rh_ia *ia, LLVMValueRef v)
{
    v = strip_ext(v);
    int64_t off;
    if (!v || !LLVMIsALoadInst(v) || LLVMGetVolatile(v) || !rh_ia_through_param(s, ia, LLVMGetOperand(v, 0)) ||
        LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(LLVMTypeOf(v)) < 32 ||
        rh_handover_root(&s->pt, LLVMGetOperand(v, 0), &off) == NULL || off < 0)
        return NULL;
    const rh_sset *t = rh_pt_of(&s->pt, LLVMGetOperand(v, 0));
    const rh_ie *e = NULL;
    for (uint32_t i = 0; t && i < t->n; i++) { /* one call, passing `&base[i]`, may give the object */
        uint32_t o = rh_pt_loc_obj(t->v[i]);
        const rh_ie *ek = NULL;
        for (int k = 0; k < ia->ncalls; k++)
            for (uint32_t j = 0; ia->args[k] && j < ia->args[k]->n; j++)
                if (rh_pt_loc_obj(ia->args[k]->v[j]) == o) {
                    if ((ek && ek != &ia->elems[k]) || !ia->elems[k].esize)
                        return NULL;
                    ek = &ia->elems[k];
                }
        if (!ek || (e && e != ek))
            return NULL;
        e = ek;
    }
    LLVMTargetDataRef td = e ? LLVMGetModuleDataLayout(LLVMGetGlobalParent(LLVMGetBasicBlockParent(e->header))) : NULL;
    int64_t size = e ? (int64_t)LLVMABISizeOfType(td, LLVMTypeOf(v)) : 0;
    if (!e || !rh_ie_inside(e, off, size))
        return NULL;
    /* every write that may touch an object the load may read is a store
     * of the counter into its element, or outside the bytes it reads */
    int counted = 0;
    for (int a = 0; a < s->p->naccesses; a++) {
        const rh_access *ac = &s->p->accesses[a];
        int touches = 0, ok;
        if (!(ac->kind & RH_ACC_WRITE))
            continue;
        for (uint32_t i = 0; i < t->n && !touches; i++)
            touches = rh_pt_may_touch(&s->pt, ac->ptr, rh_pt_loc_obj(t->v[i]), 0, INT64_MAX, ac->size);
        const rh_conc_entry *ce = ac->from_call ? rh_model_call_entry(s->p, ac->inst) : NULL;
        if (!touches || (ce && (ce->op == RH_OP_FREE || ce->op == RH_OP_REALLOC)))
            continue;
        if (ac->from_call || !LLVMIsAStoreInst(ac->inst) || !(ok = id_store_ok(s, e, ac->inst, off, size, LLVMTypeOf(v))))
            return NULL;
        counted |= ok == 2;
    }
    if (!counted) /* never written: every instance would read the same bytes */
        return NULL;
    for (int i = 0; i < s->p->nsyncs; i++) {
        const rh_sync *y = &s->p->syncs[i];
        for (uint32_t j = 0; y->entry && y->entry->op == RH_OP_THREAD_CREATE && y->entry->obj >= 0 && j < t->n; j++)
            if (rh_pt_may_touch(&s->pt, LLVMGetOperand(y->inst, (unsigned)y->entry->obj), rh_pt_loc_obj(t->v[j]),
                                0, INT64_MAX, 8))
                return NULL;
    }
    return e;
}

const rh_ie *rh_ie_id_indexed_ptr(rh_static *s, const rh_ia *ia, LLVMValueRef ptr, int64_t size, LLVMValueRef *base,
                                  LLVMTypeRef *et)
{
    LLVMValueRef idx;
    int64_t off;
    if (!elem_addr(s, ptr, base, et, &idx, &off) || !LLVMTypeIsSized(*et))
        return NULL;
    const rh_ie *e = rh_ie_id_load(s, ia, idx);
    LLVMTargetDataRef td = e ? LLVMGetModuleDataLayout(LLVMGetGlobalParent(LLVMGetBasicBlockParent(e->header))) : NULL;
    return e && off >= 0 && size > 0 && off + size <= (int64_t)LLVMABISizeOfType(td, *et) ? e : NULL;
}

const rh_ie *rh_ie_id_indexed(rh_static *s, const rh_ia *ia, int a, LLVMValueRef *base, LLVMTypeRef *et)
{
    const rh_access *ac = &s->p->accesses[a];
    return rh_ie_id_indexed_ptr(s, ia, ac->ptr, (int64_t)ac->size, base, et);
}

int rh_ie_round_elem(rh_static *s, const rh_ie *e, LLVMValueRef ptr, LLVMValueRef base, LLVMTypeRef et)
{
    LLVMValueRef b, idx;
    LLVMTypeRef t;
    int64_t off;
    return elem_addr(s, ptr, &b, &t, &idx, &off) && b == base && t == et && idx == e->iv;
}

int rh_ie_indexed_apart(rh_static *s, const rh_ia *ia, int a1, int a2)
{
    LLVMValueRef b1, b2;
    LLVMTypeRef t1, t2;
    const rh_ie *e1 = rh_ie_id_indexed(s, ia, a1, &b1, &t1);
    const rh_ie *e2 = e1 ? rh_ie_id_indexed(s, ia, a2, &b2, &t2) : NULL;
    return e2 && e1 == e2 && b1 == b2 && t1 == t2;
}

int rh_ie_indexed_before(rh_static *s, const rh_ia *ia, int am, int at)
{
    LLVMValueRef b;
    LLVMTypeRef t;
    const rh_ie *e = rh_ie_id_indexed(s, ia, at, &b, &t);
    return e && main_elem_before(s, e, b, t, am);
}
