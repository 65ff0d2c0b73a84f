/* field_ptrs.c - per-instance pointers in a field of the thread's
 * argument (see field_ptrs.h).
 *
 * own_index.c knows the element a thread is given and the one store into
 * a field of it; this module reads that store's value as an element
 * address of another array, so an access through the pointer loaded back
 * (also when it travelled as an integer) has an index the instance owns.
 */
#include "field_ptrs.h"
#include "own_index.h"
#include "loc_model.h"

/* The element of an array an access reaches, and the ids it stands for. */
typedef struct elem_ref {
    LLVMValueRef array;  /* A: one address for the whole create loop */
    LLVMTypeRef type;    /* A's element type */
    int distinct;        /* each instance of the thread has its own id */
} elem_ref;

/* An address that does not change between the iterations of the create
 * loop: a global, a parameter of the function that creates (it runs once,
 * own_index.h's ids say), or a value it computes outside every cycle of
 * its control flow (an array it allocated before the loop). */
static int loop_invariant_base(rh_static *s, LLVMValueRef a)
{
    if (LLVMIsAGlobalVariable(a) || LLVMIsAArgument(a))
        return 1;
    if (!LLVMIsAInstruction(a))
        return 0;
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(a);
    int f = rh_pt_func_index(&s->pt, LLVMGetBasicBlockParent(bb)), b = rh_cfg_block(&s->cfg, bb);
    return f >= 0 && b >= 0 && !s->cfg.f[f].in_cycle[b];
}

static int pointer_sized(rh_static *s, LLVMValueRef v, uint64_t *size)
{
    LLVMTypeRef t = LLVMTypeOf(v);
    LLVMTypeKind k = LLVMGetTypeKind(t);
    if (k != LLVMPointerTypeKind && k != LLVMIntegerTypeKind)
        return 0;
    *size = LLVMABISizeOfType(s->p->td, t);
    return *size == LLVMPointerSize(s->p->td);
}

/* The index of a stored element address &A[j] plus constants, or NULL. */
static LLVMValueRef stored_index(rh_static *s, LLVMValueRef v, LLVMValueRef *arr, LLVMTypeRef *et, int64_t *off)
{
    int64_t e0, eo;
    LLVMValueRef j, val = rh_loc_base_offset(s, v, &e0);
    if (!rh_own_element_field(s, val, arr, &j, et, &eo))
        return NULL;
    *off = e0 + eo;
    return j;
}

static LLVMValueRef index_of(rh_static *s, LLVMValueRef v)
{
    LLVMValueRef arr;
    LLVMTypeRef et;
    int64_t off;
    return stored_index(s, v, &arr, &et, &off);
}

/* A load of a field of routine fn's parameter (*f: the field's offset). */
static int param_field_load(rh_static *s, LLVMValueRef fn, LLVMValueRef ld, int64_t *f)
{
    LLVMValueRef prm = rh_model_first_param(fn);
    return prm && LLVMIsALoadInst(ld) && LLVMGetBasicBlockParent(LLVMGetInstructionParent(ld)) == fn &&
           rh_loc_base_offset(s, LLVMGetOperand(ld, 0), f) == prm;
}

/* The load of a field of start routine fn's parameter that address p
 * stands for, plus *c: p computed from it in fn, or from a parameter of a
 * helper every use of which is a direct call in fn passing, for that
 * parameter, a load of one field plus one constant (the same address in
 * every call). */
static LLVMValueRef field_load(rh_static *s, LLVMValueRef fn, LLVMValueRef p, int64_t *c, int64_t *f)
{
    LLVMValueRef b = rh_loc_base_offset(s, p, c), ld = NULL;
    if (!LLVMIsAArgument(b))
        return param_field_load(s, fn, b, f) ? b : NULL;
    LLVMValueRef g = LLVMGetParamParent(b);
    unsigned k = 0, n = LLVMCountParams(g);
    while (k < n && LLVMGetParam(g, k) != b)
        k++;
    int64_t c0 = 0, f0 = 0, ck, fk;
    for (LLVMUseRef u = LLVMGetFirstUse(g); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef call = LLVMGetUser(u), l;
        if (g == fn || k >= n || !LLVMIsACallInst(call) || LLVMGetCalledValue(call) != g ||
            LLVMGetBasicBlockParent(LLVMGetInstructionParent(call)) != fn || k >= LLVMGetNumArgOperands(call))
            return NULL;
        l = rh_loc_base_offset(s, LLVMGetOperand(call, k), &ck);
        if (!param_field_load(s, fn, l, &fk) || (ld && (ck != c0 || fk != f0)))
            return NULL;
        ld = l, c0 = ck, f0 = fk;
    }
    *c += c0, *f = f0;
    return ld;
}

/* Access a of thread t as an element access (field_ptrs.h), or 0. */
static int element_access(rh_static *s, int a, int t, elem_ref *out)
{
    const rh_access *ac = &s->p->accesses[a];
    const rh_tg_thread *th = &s->tg.threads[t];
    int64_t c, f, e;
    uint64_t lsize;
    LLVMValueRef arr, ld;
    LLVMTypeRef et;
    LLVMValueRef fn = s->p->funcs[th->func].fn;
    if (t <= 0 || th->parent < 0 || !th->once[th->func] || th->async || ac->size == 0 ||
        LLVMCountParams(fn) == 0) /* `void *run()`: no parameter to read */
        return 0;
    if (!(ld = field_load(s, fn, ac->ptr, &c, &f)) || !pointer_sized(s, ld, &lsize))
        return 0;
    LLVMValueRef st = rh_own_field_store(s, t, f, lsize, index_of, &out->distinct);
    if (!st || !stored_index(s, LLVMGetOperand(st, 0), &arr, &et, &e) || !loop_invariant_base(s, arr) ||
        !rh_own_inside_element(s, et, e + c, ac->size))
        return 0;
    out->array = arr, out->type = et;
    return 1;
}

int rh_field_ptrs_disjoint(rh_static *s, int a1, int t1, int a2, int t2)
{
    elem_ref r1, r2;
    if (!element_access(s, a1, t1, &r1) || !element_access(s, a2, t2, &r2) || r1.array != r2.array ||
        r1.type != r2.type)
        return 0;
    /* two threads would need two stores into the field, which the one
     * store rule excludes: only instances of one thread are compared */
    return t1 == t2 && r1.distinct;
}
