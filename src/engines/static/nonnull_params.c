/* nonnull_params.c - pointer parameters no call passes null, and the
 * null tests of them whose taken edge never runs (see nonnull_params.h).
 */
#include "nonnull_params.h"
#include "util/hashmap.h"

#include <stdlib.h>

#define NN_MAX_DEPTH 6 /* casts and GEPs followed back from an argument */

struct rh_nn {
    rh_map dead; /* conditional branch -> 1 + the successor that never runs */
    int ndead;
};

typedef struct nn_ctx {
    rh_program *p;
    rh_pt *pt;
    const rh_tg *tg;
    rh_map cand; /* parameter (LLVMValueRef) -> 1 while it may still be non-null */
} nn_ctx;

static int live_fn(const nn_ctx *c, LLVMValueRef fn)
{
    int f = rh_pt_func_index(c->pt, fn);
    return f >= 0 && c->tg->nthreads_of_func && c->tg->nthreads_of_func[f] > 0;
}

static LLVMValueRef fn_of(LLVMValueRef inst)
{
    return LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst));
}

/* Whether v is surely not null on entry to the call that passes it. */
static int nonnull_value(const nn_ctx *c, LLVMValueRef v, int depth)
{
    if (depth > NN_MAX_DEPTH || !v)
        return 0;
    if (LLVMIsAGlobalVariable(v))
        return !LLVMIsDeclaration(v) || LLVMGetLinkage(v) != LLVMExternalWeakLinkage;
    if (LLVMIsAFunction(v))
        return LLVMGetLinkage(v) != LLVMExternalWeakLinkage;
    if (LLVMIsAAllocaInst(v))
        return 1;
    if (LLVMIsAArgument(v))
        return rh_map_get_ptr(&c->cand, v, 0) != 0;
    if (LLVMIsABitCastInst(v) || LLVMIsAAddrSpaceCastInst(v))
        return nonnull_value(c, LLVMGetOperand(v, 0), depth + 1);
    if (LLVMIsAGetElementPtrInst(v))
        return LLVMIsInBounds(v) && nonnull_value(c, LLVMGetOperand(v, 0), depth + 1);
    if (LLVMIsAConstantExpr(v)) {
        LLVMOpcode op = LLVMGetConstOpcode(v);
        if (op == LLVMBitCast || op == LLVMAddrSpaceCast || (op == LLVMGetElementPtr && LLVMIsInBounds(v)))
            return nonnull_value(c, LLVMGetOperand(v, 0), depth + 1);
    }
    return 0;
}

/* Whether fn's address is used only as the callee of direct calls, and
 * is used at all (a function nothing calls is an entry: main, or an
 * external function of a library analysed with --entry). */
static int only_called(LLVMValueRef fn)
{
    return LLVMGetFirstUse(fn) && !rh_model_address_taken(fn);
}

/* Drops parameter k of fn when a live call may pass it null: 1 if dropped. */
static int check_param(nn_ctx *c, LLVMValueRef fn, unsigned k)
{
    LLVMValueRef param = LLVMGetParam(fn, k);
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef call = LLVMGetUser(u);
        if (!live_fn(c, fn_of(call)))
            continue; /* no thread runs the caller */
        if ((unsigned)LLVMGetNumArgOperands(call) <= k || !nonnull_value(c, LLVMGetOperand(call, k), 0)) {
            rh_map_put_ptr(&c->cand, param, 0);
            return 1;
        }
    }
    return 0;
}

/* The non-null parameter a branch condition tests against null, with
 * *eq set when the condition is true for null; NULL when none. */
static LLVMValueRef null_test(const nn_ctx *c, LLVMValueRef cond, int *eq)
{
    if (!LLVMIsAICmpInst(cond))
        return NULL;
    LLVMIntPredicate pr = LLVMGetICmpPredicate(cond);
    if (pr != LLVMIntEQ && pr != LLVMIntNE)
        return NULL;
    LLVMValueRef a = LLVMGetOperand(cond, 0), b = LLVMGetOperand(cond, 1);
    if (!LLVMIsNull(b))
        a = b, b = LLVMGetOperand(cond, 0);
    if (!LLVMIsNull(b))
        return NULL;
    while (LLVMIsAPtrToIntInst(a) || LLVMIsABitCastInst(a) || LLVMIsAAddrSpaceCastInst(a))
        a = LLVMGetOperand(a, 0);
    if (!LLVMIsAArgument(a) || !rh_map_get_ptr(&c->cand, a, 0))
        return NULL;
    *eq = pr == LLVMIntEQ;
    return a;
}

static void find_dead_edges(const nn_ctx *c, rh_nn *nn, LLVMValueRef fn)
{
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b)) {
        LLVMValueRef br = LLVMGetBasicBlockTerminator(b);
        int eq;
        if (!br || !LLVMIsABranchInst(br) || !LLVMIsConditional(br) || !null_test(c, LLVMGetCondition(br), &eq))
            continue;
        rh_map_put_ptr(&nn->dead, br, 1 + (eq ? 0 : 1)); /* the edge taken for null */
        nn->ndead++;
    }
}

rh_nn *rh_nn_find(rh_program *p, rh_pt *pt, const rh_tg *tg)
{
    nn_ctx c = {.p = p, .pt = pt, .tg = tg};
    for (int f = 0; f < p->nfuncs; f++) {
        LLVMValueRef fn = p->funcs[f].fn;
        if (!live_fn(&c, fn) || !only_called(fn))
            continue;
        for (unsigned k = 0; k < LLVMCountParams(fn); k++)
            if (LLVMGetTypeKind(LLVMTypeOf(LLVMGetParam(fn, k))) == LLVMPointerTypeKind)
                rh_map_put_ptr(&c.cand, LLVMGetParam(fn, k), 1);
    }
    /* Greatest fixpoint: drop until every remaining one is passed non-null. */
    for (int changed = 1; changed;) {
        changed = 0;
        for (int f = 0; f < p->nfuncs; f++) {
            LLVMValueRef fn = p->funcs[f].fn;
            for (unsigned k = 0; k < LLVMCountParams(fn); k++)
                if (rh_map_get_ptr(&c.cand, LLVMGetParam(fn, k), 0))
                    changed |= check_param(&c, fn, k);
        }
    }
    rh_nn *nn = rh_xcalloc(1, sizeof *nn);
    for (int f = 0; f < p->nfuncs; f++)
        if (live_fn(&c, p->funcs[f].fn))
            find_dead_edges(&c, nn, p->funcs[f].fn);
    rh_map_free(&c.cand);
    return nn;
}

int rh_nn_edge_dead(const rh_nn *nn, LLVMValueRef term, unsigned succ)
{
    return nn && rh_map_get_ptr(&nn->dead, term, 0) == (long)succ + 1;
}

int rh_nn_count(const rh_nn *nn)
{
    return nn ? nn->ndead : 0;
}

void rh_nn_free(rh_nn *nn)
{
    if (!nn)
        return;
    rh_map_free(&nn->dead);
    free(nn);
}
