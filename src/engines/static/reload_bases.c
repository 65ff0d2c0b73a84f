/* reload_bases.c - loads of one cell that must read one value, for the
 * bases of symbolic locks (see reload_bases.h).
 */
#include "reload_bases.h"
#include "handover.h"

#include <stdlib.h>

struct rh_reload {
    rh_map rep;   /* load -> its representative */
    rh_map clean; /* function -> 1 clean, 2 not, 3 being checked */
};

/* What a path between the two loads must not do (see bad_inst). */
typedef struct rl_ctx {
    rh_ls *ls;
    LLVMValueRef root;  /* the cell's root: its definition must not run again */
    const rh_sset *obj; /* points-to set of the cell's address */
} rl_ctx;

static int shares_object(rh_pt *pt, LLVMValueRef ptr, const rh_sset *cell)
{
    const rh_sset *pts = rh_pt_of(pt, ptr);
    if (!pts->n || !cell->n)
        return 1;
    for (uint32_t i = 0; i < pts->n; i++)
        for (uint32_t k = 0; k < cell->n; k++)
            if (rh_pt_loc_obj(pts->v[i]) == rh_pt_loc_obj(cell->v[k]))
                return 1;
    return 0;
}

static int is_atomic_op(LLVMValueRef in)
{
    LLVMOpcode op = LLVMGetInstructionOpcode(in);
    if (op == LLVMAtomicRMW || op == LLVMAtomicCmpXchg || op == LLVMFence)
        return 1;
    return op == LLVMStore && (LLVMGetVolatile(in) || LLVMGetOrdering(in) != LLVMAtomicOrderingNotAtomic);
}

static int function_clean(rh_ls *ls, LLVMValueRef fn);

/* A call that releases nothing and writes no memory another thread reads:
 * an acquisition, a pure library function, an intrinsic without effect, or
 * a program function whose body is clean. */
static int call_ok(rh_ls *ls, LLVMValueRef call)
{
    const rh_conc_entry *e = rh_model_call_entry(ls->p, call);
    if (e)
        return e->op == RH_OP_LOCK || e->op == RH_OP_SEM_WAIT || e->op == RH_OP_PURE || e->op == RH_OP_IGNORE;
    LLVMValueRef fn = LLVMGetCalledValue(call);
    return fn && LLVMIsAFunction(fn) && !LLVMIsDeclaration(fn) && function_clean(ls, fn);
}

/* Whether the store writes only a local of its own frame. */
static int own_local_store(rh_pt *pt, LLVMValueRef store)
{
    int64_t off;
    LLVMValueRef r = rh_handover_root(pt, LLVMGetOperand(store, 1), &off);
    return r && LLVMIsAAllocaInst(r);
}

/* Whether every instruction of fn (and of what it calls) is allowed
 * between the loads whatever the cell: no release, no atomic, no call but
 * acquisitions and clean functions, stores only into its own locals. */
static int function_clean(rh_ls *ls, LLVMValueRef fn)
{
    long st = rh_map_get_ptr(&ls->reload->clean, fn, 0);
    if (st)
        return st == 1;
    rh_map_put_ptr(&ls->reload->clean, fn, 3); /* a recursive call is not clean */
    int ok = 1;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b && ok; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef in = LLVMGetFirstInstruction(b); in && ok; in = LLVMGetNextInstruction(in)) {
            if (is_atomic_op(in))
                ok = 0;
            else if (LLVMIsAStoreInst(in))
                ok = own_local_store(ls->pt, in);
            else if (LLVMIsACallInst(in) || LLVMIsAInvokeInst(in))
                ok = call_ok(ls, in);
        }
    rh_map_put_ptr(&ls->reload->clean, fn, ok ? 1 : 2);
    return ok;
}

static int bad_inst(LLVMValueRef in, void *vctx)
{
    rl_ctx *c = vctx;
    if (in == c->root || is_atomic_op(in))
        return 1;
    if (LLVMIsAStoreInst(in))
        return shares_object(c->ls->pt, LLVMGetOperand(in, 1), c->obj);
    if (LLVMIsACallInst(in) || LLVMIsAInvokeInst(in))
        return !call_ok(c->ls, in);
    return 0;
}

/* The cell a plain load reads: root and constant offset; NULL if none. */
static LLVMValueRef cell_of(rh_ls *ls, LLVMValueRef load, int64_t *off)
{
    if (!LLVMIsALoadInst(load) || LLVMGetVolatile(load) || LLVMGetOrdering(load) != LLVMAtomicOrderingNotAtomic ||
        LLVMGetTypeKind(LLVMTypeOf(load)) != LLVMPointerTypeKind)
        return NULL;
    LLVMValueRef r = rh_handover_root(ls->pt, LLVMGetOperand(load, 0), off);
    return r && *off >= 0 ? r : NULL;
}

/* The nearest earlier load of the same cell in load's own block with only
 * allowed instructions between (bad_inst), or NULL.  Within one block the
 * earlier load runs before every run of the later one, and no run of the
 * later one comes without it. */
static LLVMValueRef earlier_in_block(rh_ls *ls, LLVMValueRef load, LLVMValueRef root, int64_t off)
{
    rl_ctx c = {ls, root, rh_pt_of(ls->pt, LLVMGetOperand(load, 0))};
    for (LLVMValueRef in = LLVMGetPreviousInstruction(load); in; in = LLVMGetPreviousInstruction(in)) {
        int64_t o;
        if (LLVMTypeOf(in) == LLVMTypeOf(load) && cell_of(ls, in, &o) == root && o == off)
            return in;
        if (bad_inst(in, &c))
            return NULL;
    }
    return NULL;
}

LLVMValueRef rh_reload_rep(rh_ls *ls, LLVMValueRef v)
{
    int64_t off;
    LLVMValueRef root = cell_of(ls, v, &off);
    if (!root)
        return v;
    if (!ls->reload)
        ls->reload = rh_xcalloc(1, sizeof *ls->reload);
    long memo = rh_map_get_ptr(&ls->reload->rep, v, 0);
    if (memo)
        return (LLVMValueRef)(uintptr_t)memo;
    LLVMValueRef prev = earlier_in_block(ls, v, root, off);
    LLVMValueRef rep = prev ? rh_reload_rep(ls, prev) : v;
    rh_map_put_ptr(&ls->reload->rep, v, (long)(uintptr_t)rep);
    return rep;
}

void rh_reload_free(rh_ls *ls)
{
    if (!ls->reload)
        return;
    rh_map_free(&ls->reload->rep);
    rh_map_free(&ls->reload->clean);
    free(ls->reload);
    ls->reload = NULL;
}
