/* points_to.c - inclusion-based, field-sensitive points-to analysis over the
 * program model (see points_to.h for the sensitivity choices and why).
 *
 * Constraints are extracted once from the IR and solved by repeated passes
 * in program order; a constraint is revisited only when one of its inputs
 * changed in the previous or current pass, which keeps structured programs
 * at a handful of cheap passes.
 */
#include "points_to.h"
#include "../../util/util.h"

#include <stdlib.h>
#include <string.h>

typedef enum ckind { C_COPY, C_SHIFT, C_LOAD, C_STORE, C_CALL, C_MEMCPY, C_CREATE } ckind;

struct rh_pt_constraint {
    ckind kind;
    int dst, src;     /* nodes; C_STORE: dst is the pointer, src the value */
    int32_t off;      /* C_SHIFT: offset to add, RH_PT_ANY for unknown */
    LLVMValueRef inst;/* C_CALL / C_CREATE: the call */
    int arg;          /* C_CREATE: node of the thread argument, -1 for none */
    rh_sset done;     /* C_CALL / C_CREATE: function objects already wired */
    int fresh;        /* not applied yet */
};

static uint32_t new_object(rh_pt *pt, rh_pt_kind kind, LLVMValueRef site, int func, uint64_t size)
{
    if (pt->nobjs == pt->capobjs) {
        pt->capobjs = pt->capobjs ? 2 * pt->capobjs : 64;
        pt->objs = rh_xrealloc(pt->objs, (size_t)pt->capobjs * sizeof *pt->objs);
    }
    rh_pt_object *o = &pt->objs[pt->nobjs];
    memset(o, 0, sizeof *o);
    o->kind = kind, o->site = site, o->func = func, o->size = size;
    rh_ptrmap_put(&pt->obj_of_site, site, pt->nobjs);
    return (uint32_t)pt->nobjs++;
}

static int new_node(rh_pt *pt)
{
    if (pt->nnodes == pt->capnodes) {
        pt->capnodes = pt->capnodes ? 2 * pt->capnodes : 1024;
        pt->pts = rh_xrealloc(pt->pts, (size_t)pt->capnodes * sizeof *pt->pts);
        pt->stamp = rh_xrealloc(pt->stamp, (size_t)pt->capnodes * sizeof *pt->stamp);
    }
    memset(&pt->pts[pt->nnodes], 0, sizeof *pt->pts);
    pt->stamp[pt->nnodes] = pt->pass;
    return pt->nnodes++;
}

static uint64_t type_size(rh_pt *pt, LLVMTypeRef t)
{
    return LLVMTypeIsSized(t) ? LLVMABISizeOfType(pt->p->td, t) : 0;
}

/* The object of a site, created on first use. */
static uint32_t object_of(rh_pt *pt, rh_pt_kind kind, LLVMValueRef site, int func, uint64_t size)
{
    long o = rh_ptrmap_get(&pt->obj_of_site, site, -1);
    return o >= 0 ? (uint32_t)o : new_object(pt, kind, site, func, size);
}

static uint32_t global_object(rh_pt *pt, LLVMValueRef g)
{
    long o = rh_ptrmap_get(&pt->obj_of_site, g, -1);
    if (o >= 0)
        return (uint32_t)o;
    if (LLVMIsAFunction(g))
        return new_object(pt, RH_PT_FUNC, g, rh_pt_func_index(pt, g), 0);
    uint32_t id = new_object(pt, RH_PT_GLOBAL, g, -1, type_size(pt, LLVMGlobalGetValueType(g)));
    pt->objs[id].thread_local_ = LLVMIsThreadLocal(g) != 0;
    return id;
}

static int32_t clamp_off(int64_t off)
{
    return off > INT32_MAX / 2 || off < -(INT32_MAX / 2) ? RH_PT_ANY : (int32_t)off;
}

/* The value of an integer constant, constant expressions included: -O0
 * code computes offsetof (container_of, list_entry) as
 * sub (0, ptrtoint (gep null, ...)). */
static int const_int(rh_pt *pt, LLVMValueRef v, int64_t *out, int depth)
{
    if (LLVMIsAConstantInt(v)) {
        *out = LLVMConstIntGetSExtValue(v);
        return 1;
    }
    if (!LLVMIsAConstantExpr(v) || depth > 8)
        return 0;
    int64_t a, b;
    LLVMValueRef x = LLVMGetOperand(v, 0);
    switch (LLVMGetConstOpcode(v)) {
    case LLVMPtrToInt:
        return LLVMIsAConstantExpr(x) && LLVMGetConstOpcode(x) == LLVMGetElementPtr &&
               LLVMIsNull(LLVMGetOperand(x, 0)) && rh_pt_gep_offset(pt, x, out);
    case LLVMSExt: case LLVMZExt: case LLVMTrunc:
        return const_int(pt, x, out, depth + 1);
    case LLVMAdd: case LLVMSub: case LLVMMul:
        if (!const_int(pt, x, &a, depth + 1) || !const_int(pt, LLVMGetOperand(v, 1), &b, depth + 1))
            return 0;
        *out = LLVMGetConstOpcode(v) == LLVMAdd ? a + b : LLVMGetConstOpcode(v) == LLVMSub ? a - b : a * b;
        return 1;
    default:
        return 0;
    }
}

int rh_pt_gep_offset(rh_pt *pt, LLVMValueRef gep, int64_t *off)
{
    LLVMTypeRef t = LLVMGetGEPSourceElementType(gep);
    int n = LLVMGetNumOperands(gep);
    int64_t sum = 0;
    for (int i = 1; i < n; i++) {
        LLVMValueRef idx = LLVMGetOperand(gep, (unsigned)i);
        int64_t ci = 0;
        int is_const = const_int(pt, idx, &ci, 0);
        if (i == 1) {
            if (!is_const)
                return *off = RH_PT_ANY, 0;
            sum += ci * (int64_t)type_size(pt, t);
            continue;
        }
        if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
            sum += (int64_t)LLVMOffsetOfElement(pt->p->td, t, (unsigned)ci);
            t = LLVMStructGetTypeAtIndex(t, (unsigned)ci);
            continue;
        }
        t = LLVMGetElementType(t);
        if (!is_const)
            return *off = RH_PT_ANY, 0;
        sum += ci * (int64_t)type_size(pt, t);
    }
    *off = clamp_off(sum);
    return *off != RH_PT_ANY;
}

/* s ⊇ { (o, off + d) | (o, off) ∈ t } */
int rh_pt_union_shift(rh_sset *s, const rh_sset *t, int32_t d)
{
    if (d == 0)
        return rh_sset_union(s, t);
    int changed = 0;
    for (uint32_t i = 0; i < t->n; i++) {
        int32_t off = rh_pt_loc_off(t->v[i]);
        int32_t no = off == RH_PT_ANY || d == RH_PT_ANY ? RH_PT_ANY : clamp_off((int64_t)off + d);
        changed |= rh_sset_add(s, rh_pt_loc(rh_pt_loc_obj(t->v[i]), no));
    }
    return changed;
}

static void const_pts(rh_pt *pt, LLVMValueRef c, rh_sset *out, int depth)
{
    if (depth > 16)
        return;
    if (LLVMIsAGlobalAlias(c)) {
        const_pts(pt, LLVMAliasGetAliasee(c), out, depth + 1);
    } else if (LLVMIsAGlobalVariable(c) || LLVMIsAFunction(c)) {
        rh_sset_add(out, rh_pt_loc(global_object(pt, c), 0));
    } else if (LLVMIsAConstantExpr(c)) {
        LLVMOpcode op = LLVMGetConstOpcode(c);
        rh_sset inner = {0};
        int64_t off = 0;
        if (op == LLVMGetElementPtr)
            rh_pt_gep_offset(pt, c, &off);
        else if (op != LLVMBitCast && op != LLVMAddrSpaceCast && op != LLVMPtrToInt &&
                 op != LLVMIntToPtr)
            off = RH_PT_ANY;
        int n = op == LLVMGetElementPtr ? 1 : LLVMGetNumOperands(c);
        for (int i = 0; i < n; i++)
            const_pts(pt, LLVMGetOperand(c, (unsigned)i), &inner, depth + 1);
        rh_pt_union_shift(out, &inner, (int32_t)off);
        rh_sset_free(&inner);
    }
}

static int value_node(rh_pt *pt, LLVMValueRef v)
{
    long n = rh_ptrmap_get(&pt->node_of_value, v, -1);
    if (n >= 0)
        return (int)n;
    int id = new_node(pt);
    rh_ptrmap_put(&pt->node_of_value, v, id);
    if (LLVMIsAConstant(v)) {
        rh_sset s = {0};
        const_pts(pt, v, &s, 0);
        pt->pts[id] = s;
    }
    return id;
}

static int cell_node(rh_pt *pt, uint64_t loc)
{
    long n = rh_u64map_get(&pt->node_of_cell, loc, -1);
    if (n >= 0)
        return (int)n;
    int id = new_node(pt);
    rh_u64map_put(&pt->node_of_cell, loc, id);
    rh_sset_add(&pt->objs[rh_pt_loc_obj(loc)].cells, ((uint64_t)(uint32_t)rh_pt_loc_off(loc) << 32) | (uint32_t)id);
    pt->cell_pass = pt->pass;
    return id;
}

static int ret_node(rh_pt *pt, int func)
{
    if (pt->ret_node[func] < 0)
        pt->ret_node[func] = new_node(pt);
    return pt->ret_node[func];
}

static void add_con(rh_pt *pt, ckind k, int dst, int src, int32_t off, LLVMValueRef inst)
{
    if (pt->ncons == pt->capcons) {
        pt->capcons = pt->capcons ? 2 * pt->capcons : 1024;
        pt->cons = rh_xrealloc(pt->cons, (size_t)pt->capcons * sizeof *pt->cons);
    }
    rh_pt_constraint *c = &pt->cons[pt->ncons++];
    memset(c, 0, sizeof *c);
    c->kind = k, c->dst = dst, c->src = src, c->off = off, c->inst = inst, c->arg = -1;
    c->fresh = 1;
}

static void add_copy(rh_pt *pt, LLVMValueRef dst, LLVMValueRef src)
{
    add_con(pt, C_COPY, value_node(pt, dst), value_node(pt, src), 0, NULL);
}

/* Fresh object for the result of a call, e.g. an allocation. */
static void add_site_object(rh_pt *pt, LLVMValueRef call, rh_pt_kind kind, int fi, uint64_t size)
{
    uint32_t o = object_of(pt, kind, call, fi, size);
    int n = value_node(pt, call); /* may move pt->pts */
    rh_sset_add(&pt->pts[n], rh_pt_loc(o, 0));
}

/* param_i ⊇ arg_i. */
static void wire_params(rh_pt *pt, LLVMValueRef call, int callee)
{
    LLVMValueRef fn = pt->p->funcs[callee].fn;
    unsigned np = LLVMCountParams(fn), na = (unsigned)LLVMGetNumArgOperands(call);
    for (unsigned i = 0; i < np && i < na; i++)
        add_con(pt, C_COPY, value_node(pt, LLVMGetParam(fn, i)),
                value_node(pt, LLVMGetOperand(call, i)), 0, NULL);
}

/* param_i ⊇ arg_i and call ⊇ return of the callee. */
static void wire_call(rh_pt *pt, LLVMValueRef call, int callee)
{
    wire_params(pt, call, callee);
    add_con(pt, C_COPY, value_node(pt, call), ret_node(pt, callee), 0, NULL);
}

/* An unknown external function may return a new object or anything its
 * arguments point to (strchr-like functions return into their argument). */
static void external_call(rh_pt *pt, LLVMValueRef call, int fi)
{
    if (LLVMGetTypeKind(LLVMTypeOf(call)) == LLVMVoidTypeKind)
        return;
    add_site_object(pt, call, RH_PT_EXTERN, fi, 0);
    unsigned na = (unsigned)LLVMGetNumArgOperands(call);
    for (unsigned i = 0; i < na; i++)
        add_con(pt, C_SHIFT, value_node(pt, call), value_node(pt, LLVMGetOperand(call, i)),
                RH_PT_ANY, NULL);
}

static uint64_t const_arg(LLVMValueRef call, int pos)
{
    if (pos < 0 || pos >= (int)LLVMGetNumArgOperands(call))
        return 0;
    LLVMValueRef a = LLVMGetOperand(call, (unsigned)pos);
    return LLVMIsAConstantInt(a) ? LLVMConstIntGetZExtValue(a) : 0;
}

/* Allocation wrappers (safe_malloc, create_fresh_int_array): functions
 * whose every return gives back the block of one allocation site in them
 * (an allocation call, or a call of another wrapper) or NULL, and that are
 * only ever called directly.  Each call of a wrapper is an allocation site
 * of its own (allocation-site context): the call's result points to that
 * site's object only, while inside the wrapper the block may be any of
 * its callers' objects, so what the wrapper itself does to the block (fill
 * it, store it somewhere) is seen on every one of them.  Wrappers nest at
 * most MAX_WRAPPER_NESTING deep (a deeper one is an ordinary function, its
 * result flowing back normally).  Returns the wrapper's allocation site,
 * or NULL. */
#define MAX_WRAPPER_NESTING 6

static LLVMValueRef wrapper_site(rh_pt *pt, int f)
{
    if (pt->wrapper[f] == 1) /* recursion: not a wrapper */
        return NULL;
    if (pt->wrapper[f])
        return pt->wrapper_site[f];
    pt->wrapper[f] = 1;
    LLVMValueRef fn = pt->p->funcs[f].fn, site = NULL;
    int depth = 0;
    int ok = LLVMGetTypeKind(LLVMGetReturnType(LLVMGlobalGetValueType(fn))) == LLVMPointerTypeKind;
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u && ok; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        ok = LLVMIsACallInst(user) && LLVMGetCalledValue(user) == fn;
    }
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b && ok; b = LLVMGetNextBasicBlock(b)) {
        LLVMValueRef in = LLVMGetBasicBlockTerminator(b);
        if (!in || LLVMGetInstructionOpcode(in) != LLVMRet)
            continue;
        LLVMValueRef v = LLVMGetNumOperands(in) == 1 ? LLVMGetOperand(in, 0) : NULL;
        while (v && LLVMIsABitCastInst(v))
            v = LLVMGetOperand(v, 0);
        if (v && LLVMIsAConstantPointerNull(v))
            continue;
        ok = v && LLVMIsACallInst(v) && (!site || site == v);
        if (!ok)
            break;
        const rh_conc_entry *e = rh_model_call_entry(pt->p, v);
        LLVMValueRef callee = rh_model_called_function(v);
        int ci = callee ? rh_pt_func_index(pt, callee) : -1;
        ok = e ? e->op == RH_OP_ALLOC || e->op == RH_OP_CALLOC : ci >= 0 && wrapper_site(pt, ci);
        depth = !e && ok ? pt->wrapper_depth[ci] + 1 : 0;
        ok = ok && depth <= MAX_WRAPPER_NESTING;
        site = v;
    }
    pt->wrapper_depth[f] = (unsigned char)depth;
    pt->wrapper[f] = ok && site ? 2 : 3;
    pt->wrapper_site[f] = ok ? site : NULL;
    return pt->wrapper_site[f];
}

/* The heap objects the block of allocation site `call` in function fi may
 * be: the wrapper's callers' objects for a wrapper's own site (recursion
 * as deep as wrappers nest). */
static void alloc_site(rh_pt *pt, LLVMValueRef call, int fi, uint64_t size)
{
    if (fi < 0 || wrapper_site(pt, fi) != call) {
        add_site_object(pt, call, RH_PT_HEAP, fi, size);
        return;
    }
    rh_sset objs = {0};
    for (LLVMUseRef u = LLVMGetFirstUse(pt->p->funcs[fi].fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef cs = LLVMGetUser(u);
        int cf = rh_pt_func_index(pt, LLVMGetBasicBlockParent(LLVMGetInstructionParent(cs)));
        alloc_site(pt, cs, cf, 0);
        rh_sset_union(&objs, &pt->pts[value_node(pt, cs)]);
    }
    int n = value_node(pt, call);
    rh_sset_union(&pt->pts[n], &objs);
    rh_sset_free(&objs);
}

static void table_call(rh_pt *pt, LLVMValueRef call, const rh_conc_entry *e, int fi)
{
    int nargs = (int)LLVMGetNumArgOperands(call);
    LLVMValueRef obj = e->obj >= 0 && e->obj < nargs ? LLVMGetOperand(call, (unsigned)e->obj) : NULL;
    LLVMValueRef obj2 = e->obj2 >= 0 && e->obj2 < nargs ? LLVMGetOperand(call, (unsigned)e->obj2) : NULL;
    LLVMValueRef fn = e->fn >= 0 && e->fn < nargs ? LLVMGetOperand(call, (unsigned)e->fn) : NULL;
    switch (e->op) {
    case RH_OP_ALLOC:
        alloc_site(pt, call, fi, const_arg(call, e->size));
        return;
    case RH_OP_CALLOC:
        alloc_site(pt, call, fi, const_arg(call, e->obj) * const_arg(call, e->size));
        return;
    case RH_OP_REALLOC:
        add_site_object(pt, call, RH_PT_HEAP, fi, const_arg(call, e->size));
        if (obj) {
            add_copy(pt, call, obj); /* the block may stay where it was */
            add_con(pt, C_MEMCPY, value_node(pt, call), value_node(pt, obj), 0, NULL);
        }
        return;
    case RH_OP_MEMORY:
        if (obj && obj2 && (e->flags & RH_F_OBJ_WRITE) && (e->flags & RH_F_OBJ2_READ))
            add_con(pt, C_MEMCPY, value_node(pt, obj), value_node(pt, obj2), 0, NULL);
        if (obj && LLVMGetTypeKind(LLVMTypeOf(call)) != LLVMVoidTypeKind)
            add_con(pt, C_SHIFT, value_node(pt, call), value_node(pt, obj), RH_PT_ANY, NULL);
        return;
    case RH_OP_THREAD_CREATE:
    case RH_OP_ONCE:
        if (!fn)
            return;
        add_con(pt, C_CREATE, -1, value_node(pt, fn), 0, call);
        pt->cons[pt->ncons - 1].arg = e->op == RH_OP_THREAD_CREATE && obj2 ? value_node(pt, obj2) : -1;
        return;
    default:
        /* Known library functions that return pointers either pass an
         * argument through or, without arguments (errno's location, stack
         * save), return memory private to the calling thread. */
        if (LLVMGetTypeKind(LLVMTypeOf(call)) != LLVMPointerTypeKind)
            return;
        if (nargs == 0) {
            add_site_object(pt, call, RH_PT_EXTERN, fi, 0);
            pt->objs[pt->nobjs - 1].thread_local_ = 1;
        }
        for (int i = 0; i < nargs; i++) /* e.g. llvm.threadlocal.address returns its argument */
            add_copy(pt, call, LLVMGetOperand(call, (unsigned)i));
        return;
    }
}

static void scan_call(rh_pt *pt, LLVMValueRef call, int fi)
{
    const rh_conc_entry *e = rh_model_call_entry(pt->p, call);
    LLVMValueRef callee = rh_model_called_function(call);
    int ci = callee ? rh_pt_func_index(pt, callee) : -1;
    if (e && e->op == RH_OP_ATOMIC_CALL && ci >= 0)
        wire_call(pt, call, ci);
    else if (e)
        table_call(pt, call, e, fi);
    else if (ci >= 0 && wrapper_site(pt, ci))
        wire_params(pt, call, ci), alloc_site(pt, call, fi, 0);
    else if (ci >= 0)
        wire_call(pt, call, ci);
    else if (callee)
        external_call(pt, call, fi);
    else
        add_con(pt, C_CALL, value_node(pt, call), value_node(pt, LLVMGetCalledValue(call)), 0, call);
}

static void scan_cast_or_arith(rh_pt *pt, LLVMValueRef in, LLVMOpcode op)
{
    int n = LLVMGetNumOperands(in);
    int keep = op == LLVMBitCast || op == LLVMAddrSpaceCast || op == LLVMPtrToInt ||
               op == LLVMIntToPtr || op == LLVMZExt || op == LLVMSExt || op == LLVMTrunc ||
               op == LLVMFreeze;
    for (int i = 0; i < n; i++) {
        LLVMValueRef o = LLVMGetOperand(in, (unsigned)i);
        if (LLVMIsAConstantInt(o))
            continue;
        add_con(pt, keep ? C_COPY : C_SHIFT, value_node(pt, in), value_node(pt, o),
                keep ? 0 : RH_PT_ANY, NULL);
    }
}

static void scan_memop(rh_pt *pt, LLVMValueRef in, LLVMOpcode op)
{
    switch (op) {
    case LLVMLoad:
        add_con(pt, C_LOAD, value_node(pt, in), value_node(pt, LLVMGetOperand(in, 0)), 0, NULL);
        return;
    case LLVMStore:
        add_con(pt, C_STORE, value_node(pt, LLVMGetOperand(in, 1)),
                value_node(pt, LLVMGetOperand(in, 0)), 0, NULL);
        return;
    default: /* atomicrmw, cmpxchg: read the old value and write a new one */
        add_con(pt, C_LOAD, value_node(pt, in), value_node(pt, LLVMGetOperand(in, 0)), 0, NULL);
        for (int i = 1; i < LLVMGetNumOperands(in); i++)
            add_con(pt, C_STORE, value_node(pt, LLVMGetOperand(in, 0)),
                    value_node(pt, LLVMGetOperand(in, (unsigned)i)), 0, NULL);
        return;
    }
}

/* Instructions that produce pointers from nothing the analysis tracks. */
static void untracked(rh_pt *pt, LLVMValueRef in)
{
    if (LLVMGetTypeKind(LLVMTypeOf(in)) != LLVMPointerTypeKind)
        return;
    if (!pt->untracked++)
        pt->first_untracked = in;
}

static void scan_inst(rh_pt *pt, LLVMValueRef in, int fi)
{
    LLVMOpcode op = LLVMGetInstructionOpcode(in);
    switch (op) {
    case LLVMAlloca: {
        LLVMValueRef cnt = LLVMGetOperand(in, 0);
        uint64_t n = LLVMIsAConstantInt(cnt) ? LLVMConstIntGetZExtValue(cnt) : 0;
        uint32_t o = object_of(pt, RH_PT_LOCAL, in, fi, n * type_size(pt, LLVMGetAllocatedType(in)));
        int vn = value_node(pt, in);
        rh_sset_add(&pt->pts[vn], rh_pt_loc(o, 0));
        return;
    }
    case LLVMGetElementPtr: {
        int64_t off;
        rh_pt_gep_offset(pt, in, &off);
        add_con(pt, C_SHIFT, value_node(pt, in), value_node(pt, LLVMGetOperand(in, 0)),
                (int32_t)off, NULL);
        for (int i = 1; i < LLVMGetNumOperands(in); i++) /* integers holding addresses */
            if (!LLVMIsAConstant(LLVMGetOperand(in, (unsigned)i)))
                add_con(pt, C_SHIFT, value_node(pt, in),
                        value_node(pt, LLVMGetOperand(in, (unsigned)i)), RH_PT_ANY, NULL);
        return;
    }
    case LLVMLoad: case LLVMStore: case LLVMAtomicRMW: case LLVMAtomicCmpXchg:
        scan_memop(pt, in, op);
        return;
    case LLVMPHI:
        for (unsigned i = 0; i < LLVMCountIncoming(in); i++)
            add_copy(pt, in, LLVMGetIncomingValue(in, i));
        return;
    case LLVMSelect:
        add_copy(pt, in, LLVMGetOperand(in, 1));
        add_copy(pt, in, LLVMGetOperand(in, 2));
        return;
    case LLVMExtractValue: case LLVMInsertValue:
        /* aggregates are field-insensitive: a value stands for all its fields */
        for (int i = 0; i < LLVMGetNumOperands(in); i++)
            add_copy(pt, in, LLVMGetOperand(in, (unsigned)i));
        return;
    case LLVMRet:
        if (LLVMGetNumOperands(in) == 1)
            add_con(pt, C_COPY, ret_node(pt, fi), value_node(pt, LLVMGetOperand(in, 0)), 0, NULL);
        return;
    case LLVMCall:
        scan_call(pt, in, fi);
        return;
    case LLVMBitCast: case LLVMAddrSpaceCast: case LLVMPtrToInt: case LLVMIntToPtr:
    case LLVMZExt: case LLVMSExt: case LLVMTrunc: case LLVMFreeze:
    case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMAnd: case LLVMOr: case LLVMXor:
    case LLVMShl: case LLVMLShr: case LLVMAShr: case LLVMUDiv: case LLVMSDiv: case LLVMURem:
    case LLVMSRem:
        scan_cast_or_arith(pt, in, op);
        return;
    default:
        untracked(pt, in);
        return;
    }
}

/* Pointers stored in a global's initializer become its cells' contents. */
static void scan_initializer(rh_pt *pt, uint32_t obj, LLVMValueRef c, int64_t base, int depth)
{
    if (!c || depth > 32 || LLVMIsAConstantDataSequential(c) || LLVMIsAConstantAggregateZero(c))
        return;
    LLVMTypeRef t = LLVMTypeOf(c);
    LLVMTypeKind k = LLVMGetTypeKind(t);
    if (k == LLVMStructTypeKind || k == LLVMArrayTypeKind) {
        int n = LLVMGetNumOperands(c);
        for (int i = 0; i < n; i++) {
            int64_t off = k == LLVMStructTypeKind
                              ? (int64_t)LLVMOffsetOfElement(pt->p->td, t, (unsigned)i)
                              : i * (int64_t)type_size(pt, LLVMGetElementType(t));
            scan_initializer(pt, obj, LLVMGetOperand(c, (unsigned)i), base + off, depth + 1);
        }
        return;
    }
    rh_sset s = {0};
    const_pts(pt, c, &s, 0);
    if (s.n) {
        int cn = cell_node(pt, rh_pt_loc(obj, clamp_off(base))); /* may move pt->pts */
        rh_sset_union(&pt->pts[cn], &s);
    }
    rh_sset_free(&s);
}

static int grow(rh_pt *pt, int dst, const rh_sset *src, int32_t shift)
{
    if (!rh_pt_union_shift(&pt->pts[dst], src, shift))
        return 0;
    pt->stamp[dst] = pt->pass;
    return 1;
}

static int grow_cell(rh_pt *pt, uint64_t loc, const rh_sset *src)
{
    int cn = cell_node(pt, loc);
    if (!grow(pt, cn, src, 0))
        return 0;
    pt->cell_pass = pt->pass;
    return 1;
}

static int apply_load(rh_pt *pt, int dst, int src)
{
    int changed = 0;
    const rh_sset *ps = &pt->pts[src];
    for (uint32_t i = 0; i < ps->n; i++) {
        uint32_t o = rh_pt_loc_obj(ps->v[i]);
        int32_t off = rh_pt_loc_off(ps->v[i]);
        if (off == RH_PT_ANY) {
            const rh_sset *cells = &pt->objs[o].cells;
            for (uint32_t k = 0; k < cells->n; k++)
                changed |= grow(pt, dst, &pt->pts[(uint32_t)cells->v[k]], 0);
            continue;
        }
        long c1 = rh_u64map_get(&pt->node_of_cell, ps->v[i], -1);
        long c2 = rh_u64map_get(&pt->node_of_cell, rh_pt_loc(o, RH_PT_ANY), -1);
        if (c1 >= 0)
            changed |= grow(pt, dst, &pt->pts[c1], 0);
        if (c2 >= 0)
            changed |= grow(pt, dst, &pt->pts[c2], 0);
    }
    return changed;
}

static int apply_store(rh_pt *pt, int ptr, int val)
{
    if (!pt->pts[val].n)
        return 0;
    rh_sset targets = {0}, v = {0};
    rh_sset_copy(&targets, &pt->pts[ptr]); /* cell_node may move the node arrays */
    rh_sset_copy(&v, &pt->pts[val]);
    int changed = 0;
    for (uint32_t i = 0; i < targets.n; i++)
        if (pt->objs[rh_pt_loc_obj(targets.v[i])].kind != RH_PT_FUNC)
            changed |= grow_cell(pt, targets.v[i], &v);
    rh_sset_free(&targets);
    rh_sset_free(&v);
    return changed;
}

/* Copies the pointer cells of every source object into every destination. */
static int apply_memcpy(rh_pt *pt, int dstp, int srcp)
{
    rh_sset d = {0}, s = {0}, cells = {0}, v = {0};
    rh_sset_copy(&d, &pt->pts[dstp]);
    rh_sset_copy(&s, &pt->pts[srcp]);
    int changed = 0;
    for (uint32_t i = 0; i < s.n; i++) {
        int32_t cs = rh_pt_loc_off(s.v[i]);
        rh_sset_copy(&cells, &pt->objs[rh_pt_loc_obj(s.v[i])].cells);
        for (uint32_t k = 0; k < cells.n; k++) {
            int32_t ck = (int32_t)(uint32_t)(cells.v[k] >> 32);
            rh_sset_copy(&v, &pt->pts[(uint32_t)cells.v[k]]);
            for (uint32_t j = 0; j < d.n && v.n; j++) {
                int32_t cd = rh_pt_loc_off(d.v[j]);
                int32_t to = cs == RH_PT_ANY || ck == RH_PT_ANY || cd == RH_PT_ANY
                                 ? RH_PT_ANY : clamp_off((int64_t)cd + ck - cs);
                changed |= grow_cell(pt, rh_pt_loc(rh_pt_loc_obj(d.v[j]), to), &v);
            }
        }
    }
    rh_sset_free(&d), rh_sset_free(&s), rh_sset_free(&cells), rh_sset_free(&v);
    return changed;
}

/* Wires the functions newly found in a called pointer's set. */
static void apply_call(rh_pt *pt, int ci)
{
    rh_sset targets = {0};
    rh_sset_copy(&targets, &pt->pts[pt->cons[ci].src]);
    for (uint32_t i = 0; i < targets.n; i++) {
        uint32_t o = rh_pt_loc_obj(targets.v[i]);
        if (pt->objs[o].kind != RH_PT_FUNC || !rh_sset_add(&pt->cons[ci].done, o))
            continue;
        int fi = pt->objs[o].func;
        LLVMValueRef call = pt->cons[ci].inst;
        int arg = pt->cons[ci].arg;
        if (pt->cons[ci].kind == C_CALL && fi >= 0)
            wire_call(pt, call, fi);
        else if (pt->cons[ci].kind == C_CALL)
            external_call(pt, call, -1);
        else if (fi >= 0 && arg >= 0 && LLVMCountParams(pt->p->funcs[fi].fn) > 0)
            add_con(pt, C_COPY, value_node(pt, LLVMGetParam(pt->p->funcs[fi].fn, 0)), arg, 0, NULL);
    }
    rh_sset_free(&targets);
}

static int due(rh_pt *pt, int node, int fresh)
{
    return fresh || (node >= 0 && pt->stamp[node] >= pt->pass - 1);
}

/* Applies constraint i when one of its inputs changed since its last visit. */
static int apply(rh_pt *pt, int i)
{
    rh_pt_constraint c = pt->cons[i];
    int f = c.fresh;
    pt->cons[i].fresh = 0;
    int cells = f || pt->cell_pass >= pt->pass - 1;
    switch (c.kind) {
    case C_COPY:
        return due(pt, c.src, f) ? grow(pt, c.dst, &pt->pts[c.src], 0) : 0;
    case C_SHIFT:
        return due(pt, c.src, f) ? grow(pt, c.dst, &pt->pts[c.src], c.off) : 0;
    case C_LOAD:
        return due(pt, c.src, f) || cells ? apply_load(pt, c.dst, c.src) : 0;
    case C_STORE:
        return due(pt, c.src, f) || due(pt, c.dst, 0) ? apply_store(pt, c.dst, c.src) : 0;
    case C_MEMCPY:
        return due(pt, c.src, f) || due(pt, c.dst, 0) || cells ? apply_memcpy(pt, c.dst, c.src) : 0;
    case C_CALL:
    case C_CREATE: {
        int before = pt->ncons;
        if (due(pt, c.src, f))
            apply_call(pt, i);
        return pt->ncons != before;
    }
    }
    return 0;
}

static int solve(rh_pt *pt, rh_budget *budget)
{
    int changed = 1;
    for (pt->pass = 1; changed; pt->pass++) {
        changed = 0;
        for (int i = 0; i < pt->ncons; i++) {
            if (rh_budget_over(budget))
                return -1;
            pt->steps++;
            changed |= apply(pt, i);
        }
    }
    return 0;
}

/* main's argv and envp point to a vector the C runtime made, whose
 * elements point to the strings (one object each: vector, strings). */
static void program_arguments(rh_pt *pt)
{
    LLVMValueRef fn = LLVMGetNamedFunction(pt->p->mod, "main");
    int fi = fn ? rh_pt_func_index(pt, fn) : -1;
    for (unsigned i = 1; fi >= 0 && i < 3 && i < LLVMCountParams(fn); i++) {
        LLVMValueRef prm = LLVMGetParam(fn, i);
        if (LLVMGetTypeKind(LLVMTypeOf(prm)) != LLVMPointerTypeKind)
            continue;
        uint32_t vec = new_object(pt, RH_PT_EXTERN, prm, fi, 0), strs = new_object(pt, RH_PT_EXTERN, prm, fi, 0);
        int n = value_node(pt, prm);
        rh_sset_add(&pt->pts[n], rh_pt_loc(vec, 0));
        int c = cell_node(pt, rh_pt_loc(vec, RH_PT_ANY));
        rh_sset_add(&pt->pts[c], rh_pt_loc(strs, 0));
    }
}

int rh_pt_build(rh_pt *pt, rh_program *p, rh_budget *budget)
{
    memset(pt, 0, sizeof *pt);
    pt->p = p;
    pt->ret_node = rh_xmalloc((size_t)(p->nfuncs + 1) * sizeof *pt->ret_node);
    for (int i = 0; i < p->nfuncs; i++) {
        pt->ret_node[i] = -1;
        rh_ptrmap_put(&pt->func_of_value, p->funcs[i].fn, i + 1);
    }
    for (LLVMValueRef g = LLVMGetFirstGlobal(p->mod); g; g = LLVMGetNextGlobal(g)) {
        uint32_t o = global_object(pt, g);
        if (!LLVMIsDeclaration(g))
            scan_initializer(pt, o, LLVMGetInitializer(g), 0, 0);
    }
    program_arguments(pt);
    pt->wrapper = rh_xcalloc((size_t)p->nfuncs + 1, 1);
    pt->wrapper_site = rh_xcalloc((size_t)p->nfuncs + 1, sizeof *pt->wrapper_site);
    pt->wrapper_depth = rh_xcalloc((size_t)p->nfuncs + 1, 1);
    for (int fi = 0; fi < p->nfuncs; fi++)
        for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(p->funcs[fi].fn); b;
             b = LLVMGetNextBasicBlock(b))
            for (LLVMValueRef in = LLVMGetFirstInstruction(b); in; in = LLVMGetNextInstruction(in))
                scan_inst(pt, in, fi);
    return solve(pt, budget);
}

void rh_pt_free(rh_pt *pt)
{
    for (int i = 0; i < pt->nobjs; i++)
        rh_sset_free(&pt->objs[i].cells);
    free(pt->objs);
    for (int i = 0; i < pt->nnodes; i++)
        rh_sset_free(&pt->pts[i]);
    free(pt->pts);
    free(pt->stamp);
    for (int i = 0; i < pt->ncons; i++)
        rh_sset_free(&pt->cons[i].done);
    free(pt->cons);
    free(pt->ret_node);
    free(pt->wrapper), free(pt->wrapper_site), free(pt->wrapper_depth);
    rh_ptrmap_free(&pt->obj_of_site);
    rh_ptrmap_free(&pt->node_of_value);
    rh_ptrmap_free(&pt->func_of_value);
    rh_u64map_free(&pt->node_of_cell);
    memset(pt, 0, sizeof *pt);
}

const rh_sset *rh_pt_of(rh_pt *pt, LLVMValueRef v)
{
    int n = value_node(pt, v);
    return &pt->pts[n];
}

int rh_pt_fn_targets(rh_pt *pt, LLVMValueRef fnptr, int **out, int *unresolved)
{
    const rh_sset *s = rh_pt_of(pt, fnptr);
    int n = 0;
    *out = rh_xmalloc((s->n + 1) * sizeof **out);
    *unresolved = 0;
    for (uint32_t i = 0; i < s->n; i++) {
        const rh_pt_object *o = &pt->objs[rh_pt_loc_obj(s->v[i])];
        if (o->kind != RH_PT_FUNC)
            continue;
        if (o->func >= 0)
            (*out)[n++] = o->func;
        else
            *unresolved = 1; /* an external function reached through a pointer */
    }
    if (n == 0)
        *unresolved = 1;
    return n;
}

int rh_pt_call_targets(rh_pt *pt, LLVMValueRef call, int **out, int *unresolved)
{
    LLVMValueRef callee = rh_model_called_function(call);
    *unresolved = 0;
    if (callee) {
        int ci = rh_pt_func_index(pt, callee);
        *out = rh_xmalloc(sizeof **out);
        **out = ci;
        return ci >= 0;
    }
    return rh_pt_fn_targets(pt, LLVMGetCalledValue(call), out, unresolved);
}

char *rh_pt_object_desc(rh_pt *pt, uint32_t obj)
{
    const rh_pt_object *o = &pt->objs[obj];
    size_t len = 0;
    const char *name = LLVMGetValueName2(o->site, &len);
    rh_srcloc l = {"?", 0, 0};
    if (o->kind == RH_PT_EXTERN && LLVMIsAArgument(o->site))
        return rh_xasprintf("the memory main's parameter '%s' points to", name);
    if (o->kind == RH_PT_HEAP || o->kind == RH_PT_EXTERN)
        l = rh_model_inst_loc(pt->p, o->site);
    switch (o->kind) {
    case RH_PT_GLOBAL:
        return rh_xasprintf("global '%s'", name);
    case RH_PT_LOCAL:
        return rh_xasprintf("local '%s' of %s", name, pt->p->funcs[o->func].name);
    case RH_PT_HEAP:
        return rh_xasprintf("heap object allocated at %s:%u:%u", l.file, l.line, l.col);
    case RH_PT_FUNC:
        return rh_xasprintf("function '%s'", name);
    case RH_PT_EXTERN:
        return rh_xasprintf("memory returned by the call at %s:%u:%u", l.file, l.line, l.col);
    }
    return rh_xstrdup("?");
}

int rh_pt_func_index(const rh_pt *pt, LLVMValueRef fn)
{
    return fn ? (int)rh_ptrmap_get(&pt->func_of_value, fn, 0) - 1 : -1;
}
