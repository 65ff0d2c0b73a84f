/* index_range.c - bounds of an array index from the guards that dominate
 * its use (see index_range.h).
 */
#include "index_range.h"
#include "cfg.h"
#include "int_values.h"

#define FAR ((int64_t)1 << 40) /* |bounds| beyond this are no bounds */

static int is_op(LLVMValueRef v, LLVMOpcode op)
{
    return LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == op;
}

static int is_bool(LLVMValueRef v)
{
    return LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(LLVMTypeOf(v)) == 1;
}

static LLVMValueRef strip_sext(LLVMValueRef v)
{
    while (is_op(v, LLVMSExt))
        v = LLVMGetOperand(v, 0);
    return v;
}

/* Follows a truth value down through what keeps or negates it (zext of a
 * bool, trunc of a zext'd bool, `xor c, true`, `c != 0`, `c == 0`), to
 * `stop` or to a comparison that is not such a test; *neg flips per
 * negation.  Returns the value reached. */
static LLVMValueRef truth_of(LLVMValueRef c, LLVMValueRef stop, int *neg)
{
    for (int d = 0; d < 12 && c != stop; d++) {
        LLVMValueRef x = LLVMIsAInstruction(c) && LLVMGetNumOperands(c) > 0 ? LLVMGetOperand(c, 0) : NULL;
        if (is_op(c, LLVMZExt) && is_bool(x)) {
            c = x;
        } else if (is_op(c, LLVMTrunc) && is_bool(c) && is_op(x, LLVMZExt) && is_bool(LLVMGetOperand(x, 0))) {
            c = LLVMGetOperand(x, 0);
        } else if (is_op(c, LLVMXor) && LLVMIsAConstantInt(LLVMGetOperand(c, 1)) && is_bool(c) &&
                   LLVMConstIntGetZExtValue(LLVMGetOperand(c, 1)) == 1) {
            *neg ^= 1, c = x;
        } else if (LLVMIsAICmpInst(c) && LLVMIsAConstantInt(LLVMGetOperand(c, 1)) &&
                   LLVMConstIntGetZExtValue(LLVMGetOperand(c, 1)) == 0 &&
                   (LLVMGetICmpPredicate(c) == LLVMIntNE || LLVMGetICmpPredicate(c) == LLVMIntEQ) &&
                   (x == stop || is_bool(x) || (is_op(x, LLVMZExt) && is_bool(LLVMGetOperand(x, 0))))) {
            /* a test of a truth value; `x != 0` of any other x is itself the comparison */
            *neg ^= LLVMGetICmpPredicate(c) == LLVMIntEQ, c = x;
        } else {
            break;
        }
    }
    return c;
}

/* Narrows [*lo, *hi] by `v pr k` (pr already oriented with v on the left). */
static void narrow(LLVMIntPredicate pr, int64_t k, int64_t *lo, int64_t *hi)
{
    if (k <= -FAR || k >= FAR)
        return;
    switch (pr) {
    case LLVMIntEQ: *lo = k > *lo ? k : *lo, *hi = k < *hi ? k : *hi; break;
    case LLVMIntSLT: *hi = k - 1 < *hi ? k - 1 : *hi; break;
    case LLVMIntSLE: *hi = k < *hi ? k : *hi; break;
    case LLVMIntSGT: *lo = k + 1 > *lo ? k + 1 : *lo; break;
    case LLVMIntSGE: *lo = k > *lo ? k : *lo; break;
    case LLVMIntULT: /* unsigned below a non-negative k: [0, k) */
        if (k >= 0)
            *lo = *lo > 0 ? *lo : 0, *hi = k - 1 < *hi ? k - 1 : *hi;
        break;
    case LLVMIntULE:
        if (k >= 0)
            *lo = *lo > 0 ? *lo : 0, *hi = k < *hi ? k : *hi;
        break;
    default: break; /* != and unsigned lower bounds say nothing we use */
    }
}

/* Narrows the range of v by truth value c, known to be true (neg: false). */
static void apply(LLVMValueRef c, int neg, LLVMValueRef v, int64_t *lo, int64_t *hi)
{
    c = truth_of(c, NULL, &neg);
    if (!LLVMIsAICmpInst(c))
        return;
    LLVMIntPredicate pr = LLVMGetICmpPredicate(c);
    LLVMValueRef a = LLVMGetOperand(c, 0), b = LLVMGetOperand(c, 1);
    if (LLVMIsAConstantInt(a))
        a = b, b = LLVMGetOperand(c, 0), pr = rh_icmp_swapped(pr);
    if (!LLVMIsAConstantInt(b) || strip_sext(a) != v || LLVMGetIntTypeWidth(LLVMTypeOf(b)) > 64)
        return;
    narrow(neg ? rh_icmp_negated(pr) : pr, LLVMConstIntGetSExtValue(b), lo, hi);
}

/* Whether block b ends the program or thread for good (abort; unreachable). */
static int dead_end(LLVMBasicBlockRef b)
{
    LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
    return t && LLVMGetInstructionOpcode(t) == LLVMUnreachable;
}

/* The parameter of a defined function that returns only when it is
 * non-zero (its entry block branches on it to a dead end), or -1. */
static int assume_param(LLVMValueRef fn)
{
    if (!fn || LLVMIsDeclaration(fn) || LLVMCountParams(fn) != 1)
        return -1;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(LLVMGetEntryBasicBlock(fn));
    if (!t || LLVMGetInstructionOpcode(t) != LLVMBr || !LLVMIsConditional(t))
        return -1;
    int neg = 0;
    LLVMValueRef prm = rh_model_first_param(fn);
    if (!prm || truth_of(LLVMGetCondition(t), prm, &neg) != prm)
        return -1;
    return dead_end(LLVMGetSuccessor(t, neg ? 0 : 1)) ? 0 : -1;
}

/* The condition guard g (a branch or a call) makes true at `use`, which
 * it dominates, with *neg; NULL if it is no guard. */
static LLVMValueRef guard_condition(rh_program *p, LLVMValueRef g, LLVMValueRef use, int *neg)
{
    *neg = 0;
    if (LLVMIsABranchInst(g) && LLVMIsConditional(g)) {
        int d0 = dead_end(LLVMGetSuccessor(g, 0)), d1 = dead_end(LLVMGetSuccessor(g, 1));
        if (d0 == d1 || LLVMGetInstructionParent(use) == LLVMGetSuccessor(g, d0 ? 0 : 1))
            return NULL; /* no dead way, or the use is on it */
        *neg = d0; /* the way on is the false edge */
        return LLVMGetCondition(g);
    }
    if (!LLVMIsACallInst(g) || LLVMGetNumArgOperands(g) < 1)
        return NULL;
    const rh_conc_entry *e = rh_model_call_entry(p, g);
    if (e && e->op == RH_OP_ASSUME && e->obj == 0)
        return LLVMGetOperand(g, 0);
    return !e && assume_param(rh_model_called_function(g)) == 0 ? LLVMGetOperand(g, 0) : NULL;
}

int rh_index_range(rh_program *p, LLVMValueRef use, LLVMValueRef idx, int64_t *lo, int64_t *hi)
{
    LLVMValueRef v = strip_sext(idx), fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(use));
    *lo = INT64_MIN, *hi = INT64_MAX;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef g = LLVMGetFirstInstruction(b); g; g = LLVMGetNextInstruction(g)) {
            int neg;
            LLVMValueRef c = guard_condition(p, g, use, &neg);
            int64_t l = INT64_MIN, h = INT64_MAX;
            if (!c)
                continue;
            apply(c, neg, v, &l, &h); /* cheap first: does it bound v at all? */
            if ((l != INT64_MIN || h != INT64_MAX) && rh_cfg_dominates(g, use))
                *lo = l > *lo ? l : *lo, *hi = h < *hi ? h : *hi;
        }
    return *lo != INT64_MIN || *hi != INT64_MAX;
}
