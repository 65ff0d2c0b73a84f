/* nonnull_values.c - pointers surely not null at a point of their
 * function (see nonnull_values.h for the rules and why they hold).
 */
#include "nonnull_values.h"
#include "cfg.h"
#include "path_facts.h"

#define NV_MAX_DEPTH 4 /* phis and calls followed back */
#define NV_MAX_USES 64 /* uses of one pointer looked at */

static int nonnull(LLVMValueRef v, LLVMValueRef at, int depth);

/* v without pointer casts and in-bounds GEPs (instructions or constants). */
static LLVMValueRef strip(LLVMValueRef v)
{
    for (int d = 0; d < 16 && v; d++) {
        LLVMOpcode op;
        if (LLVMIsAInstruction(v))
            op = LLVMGetInstructionOpcode(v);
        else if (LLVMIsAConstantExpr(v))
            op = LLVMGetConstOpcode(v);
        else
            break;
        if (op == LLVMBitCast || op == LLVMAddrSpaceCast || (op == LLVMGetElementPtr && LLVMIsInBounds(v)))
            v = LLVMGetOperand(v, 0);
        else
            break;
    }
    return v;
}

static int block_has_single_pred(LLVMBasicBlockRef b)
{
    int n = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(b)); u; u = LLVMGetNextUse(u))
        if (LLVMIsATerminatorInst(LLVMGetUser(u)) && ++n > 1)
            return 0;
    return n == 1;
}

/* Whether user u of pointer p (p is v or an in-bounds GEP/cast of it)
 * proves p, hence v, not null at `at`: a load or store through p before
 * `at`, or a null test of p whose non-null edge leads to `at`. */
static int use_proves(LLVMValueRef u, LLVMValueRef p, LLVMValueRef at)
{
    if (u == at)
        return 0;
    if ((LLVMIsALoadInst(u) && LLVMGetOperand(u, 0) == p) || (LLVMIsAStoreInst(u) && LLVMGetOperand(u, 1) == p))
        return rh_cfg_dominates(u, at);
    if (!LLVMIsAICmpInst(u) || !LLVMIsAConstantPointerNull(LLVMGetOperand(u, LLVMGetOperand(u, 0) == p ? 1 : 0)))
        return 0;
    LLVMIntPredicate pr = LLVMGetICmpPredicate(u);
    if (pr != LLVMIntEQ && pr != LLVMIntNE)
        return 0;
    for (LLVMUseRef w = LLVMGetFirstUse(u); w; w = LLVMGetNextUse(w)) {
        LLVMValueRef br = LLVMGetUser(w);
        int neg;
        if (!LLVMIsABranchInst(br) || !LLVMIsConditional(br) || rh_pf_icmp_of(LLVMGetCondition(br), &neg) != u)
            continue;
        unsigned nonnull_succ = (unsigned)((pr == LLVMIntEQ) ^ neg); /* true edge of `p == NULL` is 0 */
        LLVMBasicBlockRef s = LLVMGetSuccessor(br, nonnull_succ), o = LLVMGetSuccessor(br, 1 - nonnull_succ);
        if (s == o || !block_has_single_pred(s))
            continue;
        LLVMValueRef first = LLVMGetFirstInstruction(s);
        if (LLVMGetInstructionParent(at) == s || (first && rh_cfg_dominates(first, at)))
            return 1;
    }
    return 0;
}

/* Whether some use of p (or of in-bounds GEPs and casts of it) proves it
 * not null at `at`. */
static int uses_prove(LLVMValueRef p, LLVMValueRef at, int depth, int *budget)
{
    for (LLVMUseRef u = LLVMGetFirstUse(p); u && *budget > 0; u = LLVMGetNextUse(u), --*budget) {
        LLVMValueRef w = LLVMGetUser(u);
        if (!LLVMIsAInstruction(w))
            continue;
        if (use_proves(w, p, at))
            return 1;
        LLVMOpcode op = LLVMGetInstructionOpcode(w);
        int derived = op == LLVMBitCast || (op == LLVMGetElementPtr && LLVMIsInBounds(w) && LLVMGetOperand(w, 0) == p);
        if (derived && depth < 3 && uses_prove(w, at, depth + 1, budget))
            return 1;
    }
    return 0;
}

/* Whether every return of defined function fn returns a non-null value. */
static int returns_nonnull(LLVMValueRef fn, int depth)
{
    if (!fn || !LLVMIsAFunction(fn) || LLVMIsDeclaration(fn))
        return 0;
    int any = 0;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b)) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
        if (!t || LLVMGetInstructionOpcode(t) != LLVMRet)
            continue;
        if (LLVMGetNumOperands(t) != 1 || !nonnull(LLVMGetOperand(t, 0), t, depth + 1))
            return 0;
        any = 1;
    }
    return any;
}

static int nonnull(LLVMValueRef v, LLVMValueRef at, int depth)
{
    if (depth > NV_MAX_DEPTH || !v || LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMPointerTypeKind)
        return 0;
    LLVMValueRef b = strip(v);
    if (LLVMIsAConstantPointerNull(b) || LLVMIsUndef(b))
        return 0;
    if (LLVMIsAAllocaInst(b) || LLVMIsAFunction(b))
        return 1;
    if (LLVMIsAGlobalVariable(b))
        return LLVMGetLinkage(b) != LLVMExternalWeakLinkage;
    if (LLVMIsAPHINode(b)) {
        unsigned n = LLVMCountIncoming(b);
        for (unsigned i = 0; i < n; i++)
            if (!nonnull(LLVMGetIncomingValue(b, i), LLVMGetBasicBlockTerminator(LLVMGetIncomingBlock(b, i)),
                         depth + 1))
                goto by_uses;
        return n > 0;
    }
    if (LLVMIsACallInst(b) && returns_nonnull(LLVMGetCalledValue(b), depth))
        return 1;
by_uses:;
    int budget = NV_MAX_USES;
    if (uses_prove(v, at, 0, &budget))
        return 1;
    return b != v && uses_prove(b, at, 0, &budget);
}

int rh_nv_nonnull(LLVMValueRef v, LLVMValueRef at)
{
    return at && nonnull(v, at, 0);
}
