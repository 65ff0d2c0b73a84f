/* forwarded_args.c - array elements handed to each thread instance inside
 * a start record (see forwarded_args.h for the rule and why it holds).
 */
#include "forwarded_args.h"
#include "loc_model.h"
#include "own_index.h"

#define FA_DEPTH 3 /* calls followed from the start routine down to the access */

/* Whether value v, in thread t, is the load of field *f of the start
 * routine's parameter (made in the routine), or a parameter every call
 * passes such a value (the same field). */
static int forwarded_value(rh_static *s, int t, LLVMValueRef v, int64_t *f, int depth)
{
    const rh_tg_thread *th = &s->tg.threads[t];
    LLVMValueRef fn = s->p->funcs[th->func].fn;
    if (depth > FA_DEPTH || !v)
        return 0;
    if (LLVMIsALoadInst(v)) {
        if (LLVMGetBasicBlockParent(LLVMGetInstructionParent(v)) != fn ||
            LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMPointerTypeKind)
            return 0;
        int64_t off;
        LLVMValueRef b = rh_loc_base_offset(s, LLVMGetOperand(v, 0), &off);
        if (b != LLVMGetParam(fn, 0) || (*f != INT64_MIN && *f != off))
            return 0;
        *f = off;
        return 1;
    }
    if (!LLVMIsAArgument(v))
        return 0;
    LLVMValueRef g = LLVMGetParamParent(v);
    int gi = rh_pt_func_index(&s->pt, g), calls = 0;
    unsigned k = 0;
    while (LLVMGetParam(g, k) != v)
        k++;
    if (gi < 0 || g == fn)
        return 0;
    int taken = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(g); u && !taken; u = LLVMGetNextUse(u))
        taken = !LLVMIsACallInst(LLVMGetUser(u)) || LLVMGetCalledValue(LLVMGetUser(u)) != g;
    for (int h = 0; h < s->p->nfuncs; h++) /* every call that may reach g */
        for (int e = 0; e < s->tg.nedges[h]; e++) {
            const rh_tg_edge *ed = &s->tg.edges[h][e];
            int hits = 0;
            for (int j = 0; j < ed->ntargets; j++)
                hits |= ed->targets[j] == gi;
            if (ed->unresolved && taken)
                return 0; /* a pointer call nobody resolved may call g, whose address is taken */
            if (!hits)
                continue;
            if (ed->kind != RH_TG_CALL || k >= LLVMGetNumArgOperands(ed->inst) ||
                !forwarded_value(s, t, LLVMGetOperand(ed->inst, k), f, depth + 1))
                return 0;
            calls++;
        }
    return calls > 0;
}

/* Whether access a of thread t addresses the value its start record
 * forwards (field *f of the record) plus a constant *off. */
static int forwarded_access(rh_static *s, int a, int t, int64_t *off, int64_t *f)
{
    const rh_tg_thread *th = &s->tg.threads[t];
    const rh_access *ac = &s->p->accesses[a];
    if (t == 0 || th->async || th->parent < 0 || !th->once[th->func] || ac->size == 0)
        return 0;
    LLVMValueRef v = rh_loc_base_offset(s, ac->ptr, off);
    *f = INT64_MIN;
    return v && forwarded_value(s, t, v, f, 0);
}

/* The index an element address &base[i]... uses; NULL if it is none. */
static LLVMValueRef element_index(rh_static *s, LLVMValueRef v)
{
    LLVMValueRef base, idx;
    LLVMTypeRef elem;
    int64_t off;
    return rh_own_element_field(s, v, &base, &idx, &elem, &off) ? idx : NULL;
}

int rh_forwarded_elements_apart(rh_static *s, int a1, int t1, int a2, int t2)
{
    int64_t o1, o2, f1, f2, eoff;
    int distinct = 0;
    if (t1 != t2 || !forwarded_access(s, a1, t1, &o1, &f1) || !forwarded_access(s, a2, t2, &o2, &f2) || f1 != f2)
        return 0;
    LLVMValueRef w = rh_own_field_store(s, t1, f1, (uint64_t)LLVMPointerSize(s->p->td), element_index, &distinct);
    LLVMValueRef base, idx;
    LLVMTypeRef elem;
    if (!w || !distinct || !rh_own_element_field(s, LLVMGetOperand(w, 0), &base, &idx, &elem, &eoff))
        return 0;
    return rh_own_inside_element(s, elem, eoff + o1, s->p->accesses[a1].size) &&
           rh_own_inside_element(s, elem, eoff + o2, s->p->accesses[a2].size);
}
