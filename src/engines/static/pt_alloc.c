/* pt_alloc.c - allocation-site context: strict allocation wrappers, and
 * allocators reached through pointers (an object per call site, pushed
 * down into the allocator); see pt_alloc.h for the rules and why they are
 * sound. */
#include "pt_alloc.h"
#include "model/concurrency.h"

#include <stdlib.h>
#include <string.h>

#define MAX_ALLOC_NESTING 6

typedef struct alloc_fn {
    unsigned char state; /* 0 undecided, 1 deciding, 2 allocator, 3 not */
    unsigned char depth; /* allocators nested below it */
    LLVMValueRef site;   /* the call whose result it returns */
    rh_sset blocks;      /* objects its block may be: its callers' */
    RH_VEC(int) targets; /* allocators its pointer call was found to reach */
    int leak;            /* node of what it returns that is no fresh block, -1 until needed */
} alloc_fn;

struct rh_pt_alloc {
    alloc_fn *fn;       /* per model function */
    rh_map obj_of_call; /* call -> object + 1 */
};

void rh_pt_alloc_init(rh_pt *pt)
{
    pt->alloc = rh_xcalloc(1, sizeof *pt->alloc);
    pt->alloc->fn = rh_xcalloc((size_t)pt->p->nfuncs + 1, sizeof *pt->alloc->fn);
    for (int f = 0; f < pt->p->nfuncs; f++)
        pt->alloc->fn[f].leak = -1;
}

void rh_pt_alloc_free(rh_pt *pt)
{
    if (!pt->alloc)
        return;
    for (int f = 0; f < pt->p->nfuncs; f++)
        rh_sset_free(&pt->alloc->fn[f].blocks), rh_vec_free(&pt->alloc->fn[f].targets);
    free(pt->alloc->fn);
    rh_map_free(&pt->alloc->obj_of_call);
    free(pt->alloc);
    pt->alloc = NULL;
}

/* The address rule: no use hands fn to code without a body (a library
 * could call it unseen) or to a call through a pointer. */
static int address_stays_visible(rh_pt *pt, LLVMValueRef fn)
{
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (!LLVMIsACallInst(user) || LLVMGetCalledValue(user) == fn)
            continue;
        LLVMValueRef callee = rh_model_called_function(user);
        if (!callee || rh_pt_func_index(pt, callee) < 0)
            return 0;
    }
    return 1;
}

static int library_alloc(const rh_conc_entry *e)
{
    return e && (e->op == RH_OP_ALLOC || e->op == RH_OP_CALLOC);
}

static LLVMValueRef site_of(rh_pt *pt, int f);

/* Whether call v may be an allocator's site; *depth: nesting below it. */
static int site_allocates(rh_pt *pt, LLVMValueRef v, int *depth)
{
    const rh_conc_entry *e = rh_model_call_entry(pt->p, v);
    LLVMValueRef callee = rh_model_called_function(v);
    *depth = 0;
    if (e)
        return library_alloc(e);
    if (!callee) /* through a pointer: decided per target as they are found */
        return !LLVMIsAInlineAsm(LLVMGetCalledValue(v));
    int ci = rh_pt_func_index(pt, callee);
    if (ci < 0 || !site_of(pt, ci))
        return 0;
    *depth = pt->alloc->fn[ci].depth + 1;
    return *depth <= MAX_ALLOC_NESTING;
}

/* Whether block b returns something the allocator rules must check, and
 * what (*v, bitcasts stripped; NULL for a return without a value): a block
 * that does not return, or returns a null pointer (an allocator's failure
 * path), needs no check. */
static int returned_value(LLVMBasicBlockRef b, LLVMValueRef *v)
{
    LLVMValueRef in = LLVMGetBasicBlockTerminator(b);
    if (!in || LLVMGetInstructionOpcode(in) != LLVMRet)
        return 0;
    *v = LLVMGetNumOperands(in) == 1 ? LLVMGetOperand(in, 0) : NULL;
    while (*v && LLVMIsABitCastInst(*v))
        *v = LLVMGetOperand(*v, 0);
    return !(*v && LLVMIsAConstantPointerNull(*v));
}

/* The allocator's site of f, or NULL when f is no allocator of this
 * module's (the strict wrappers of points_to.c are not). */
static LLVMValueRef site_of(rh_pt *pt, int f)
{
    alloc_fn *a = &pt->alloc->fn[f];
    if (a->state == 1) /* recursion: not an allocator */
        return NULL;
    if (a->state)
        return a->site;
    a->state = 1;
    LLVMValueRef fn = pt->p->funcs[f].fn, site = NULL;
    int depth = 0;
    int ok = LLVMGetTypeKind(LLVMGetReturnType(LLVMGlobalGetValueType(fn))) == LLVMPointerTypeKind &&
             !rh_pt_wrapper_site(pt, f) && address_stays_visible(pt, fn);
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b && ok; b = LLVMGetNextBasicBlock(b)) {
        LLVMValueRef v;
        if (!returned_value(b, &v))
            continue;
        ok = v && LLVMIsACallInst(v) && (!site || site == v) && site_allocates(pt, v, &depth);
        site = v;
    }
    a->depth = (unsigned char)depth;
    a->state = ok && site ? 2 : 3;
    a->site = ok ? site : NULL;
    return a->site;
}

static int leak_node(rh_pt *pt, int f)
{
    if (pt->alloc->fn[f].leak < 0)
        pt->alloc->fn[f].leak = rh_pts_new_node(&pt->s);
    return pt->alloc->fn[f].leak;
}

/* The object of a call that allocates through an allocator or a pointer. */
static uint32_t call_object(rh_pt *pt, LLVMValueRef call, int caller)
{
    long o = rh_map_get_ptr(&pt->alloc->obj_of_call, call, 0);
    if (o)
        return (uint32_t)(o - 1);
    uint32_t id = rh_ptb_object(pt, RH_PT_HEAP, call, caller, 0, 0);
    rh_map_put_ptr(&pt->alloc->obj_of_call, call, (long)id + 1);
    return id;
}

/* Object x is one more block allocator f may hand back: its site gets it,
 * and so do the allocators that site reaches. */
static void receives(rh_pt *pt, int f, uint32_t x)
{
    alloc_fn *a = &pt->alloc->fn[f];
    if (!rh_sset_add(&a->blocks, x))
        return;
    rh_pts_add(&pt->s, rh_ptb_value_node(pt, a->site), rh_pt_loc(x, 0));
    LLVMValueRef callee = rh_model_called_function(a->site);
    int ci = callee ? rh_pt_func_index(pt, callee) : -1;
    if (ci >= 0 && site_of(pt, ci))
        receives(pt, ci, x);
    for (size_t i = 0; i < a->targets.len; i++)
        receives(pt, a->targets.items[i], x);
}

int rh_pt_alloc_own_site(rh_pt *pt, LLVMValueRef call, int fi)
{
    return fi >= 0 && site_of(pt, fi) == call;
}

/* A call of allocator target from caller: wired to its block and leak. */
static void call_allocator(rh_pt *pt, LLVMValueRef call, int caller, int target)
{
    int cn = rh_ptb_value_node(pt, call);
    rh_ptb_wire_params(pt, call, target);
    rh_pts_copy(&pt->s, cn, leak_node(pt, target), 0);
    if (rh_pt_alloc_own_site(pt, call, caller)) { /* the caller's callers' blocks go on down */
        rh_pts_copy(&pt->s, leak_node(pt, caller), leak_node(pt, target), 0);
        return;
    }
    uint32_t x = call_object(pt, call, caller);
    rh_pts_add(&pt->s, cn, rh_pt_loc(x, 0));
    receives(pt, target, x);
}

int rh_pt_alloc_direct(rh_pt *pt, LLVMValueRef call, int caller, int callee)
{
    if (!site_of(pt, callee))
        return 0;
    call_allocator(pt, call, caller, callee);
    return 1;
}

int rh_pt_alloc_indirect(rh_pt *pt, LLVMValueRef call, int caller, uint32_t fobj)
{
    int t = pt->objs[fobj].func, own = rh_pt_alloc_own_site(pt, call, caller);
    if (t >= 0 && site_of(pt, t)) {
        call_allocator(pt, call, caller, t);
        if (own) {
            alloc_fn *a = &pt->alloc->fn[caller];
            for (size_t i = 0; i < a->targets.len; i++)
                if (a->targets.items[i] == t)
                    return 1;
            rh_vec_push(&a->targets, t);
            rh_sset blocks = {0};
            rh_sset_copy(&blocks, &a->blocks);
            for (uint32_t i = 0; i < blocks.n; i++)
                receives(pt, t, (uint32_t)blocks.v[i]);
            rh_sset_free(&blocks);
        }
        return 1;
    }
    size_t len;
    LLVMValueRef fn = pt->objs[fobj].site;
    if (t < 0 && library_alloc(rh_conc_lookup(&pt->p->conc, LLVMGetValueName2(fn, &len), 0))) {
        if (!own)
            rh_pts_add(&pt->s, rh_ptb_value_node(pt, call), rh_pt_loc(call_object(pt, call, caller), 0));
        return 1;
    }
    if (own) /* no allocator: what it returns reaches every caller of this one */
        rh_pts_copy(&pt->s, leak_node(pt, caller), t >= 0 ? rh_ptb_ret_node(pt, t) : rh_ptb_value_node(pt, call), 0);
    return 0;
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

LLVMValueRef rh_pt_wrapper_site(rh_pt *pt, int f)
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
        LLVMValueRef v;
        if (!returned_value(b, &v))
            continue;
        ok = v && LLVMIsACallInst(v) && (!site || site == v);
        if (!ok)
            break;
        const rh_conc_entry *e = rh_model_call_entry(pt->p, v);
        LLVMValueRef callee = rh_model_called_function(v);
        int ci = callee ? rh_pt_func_index(pt, callee) : -1;
        ok = e ? e->op == RH_OP_ALLOC || e->op == RH_OP_CALLOC : ci >= 0 && rh_pt_wrapper_site(pt, ci);
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
void rh_pt_alloc_site(rh_pt *pt, LLVMValueRef call, int fi, uint64_t size)
{
    if (rh_pt_alloc_own_site(pt, call, fi))
        return; /* its callers' objects, pushed by pt_alloc.c */
    if (fi < 0 || rh_pt_wrapper_site(pt, fi) != call) {
        uint32_t o = rh_ptb_object(pt, RH_PT_HEAP, call, fi, size, 1);
        rh_pts_add(&pt->s, rh_ptb_value_node(pt, call), rh_pt_loc(o, 0));
        return;
    }
    rh_sset objs = {0};
    for (LLVMUseRef u = LLVMGetFirstUse(pt->p->funcs[fi].fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef cs = LLVMGetUser(u);
        int cf = rh_pt_func_index(pt, LLVMGetBasicBlockParent(LLVMGetInstructionParent(cs)));
        rh_pt_alloc_site(pt, cs, cf, 0);
        int n = rh_ptb_value_node(pt, cs);
        rh_sset_union(&objs, rh_pts_set(&pt->s, n));
    }
    int n = rh_ptb_value_node(pt, call);
    for (uint32_t i = 0; i < objs.n; i++)
        rh_pts_add(&pt->s, n, objs.v[i]);
    rh_sset_free(&objs);
}
