/* atomic_ops.c - reading atomic instructions and the branch edges that
 * test their results (see atomic_ops.h).
 */
#include "atomic_ops.h"

#include <string.h>

int rh_aop_acquires(LLVMAtomicOrdering o)
{
    return o == LLVMAtomicOrderingAcquire || o == LLVMAtomicOrderingAcquireRelease ||
           o == LLVMAtomicOrderingSequentiallyConsistent;
}

int rh_aop_releases(LLVMAtomicOrdering o)
{
    return o == LLVMAtomicOrderingRelease || o == LLVMAtomicOrderingAcquireRelease ||
           o == LLVMAtomicOrderingSequentiallyConsistent;
}

int rh_aop_const(LLVMValueRef v, uint64_t *k)
{
    if (!v || !LLVMIsAConstantInt(v))
        return 0;
    *k = LLVMConstIntGetZExtValue(v);
    return 1;
}

static int opcode_is(LLVMValueRef v, LLVMOpcode op)
{
    return v && LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == op;
}

static int is_i1(LLVMValueRef v)
{
    LLVMTypeRef t = LLVMTypeOf(v);
    return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 1;
}

/* v without the casts that keep zero and non-zero apart. */
static LLVMValueRef strip_widening(LLVMValueRef v)
{
    while (opcode_is(v, LLVMZExt) || opcode_is(v, LLVMSExt))
        v = LLVMGetOperand(v, 0);
    return v;
}

static LLVMValueRef tested_result(LLVMValueRef v)
{
    return opcode_is(v, LLVMAtomicRMW) || opcode_is(v, LLVMLoad) ? v : NULL;
}

LLVMValueRef rh_aop_edge(LLVMValueRef term, unsigned succ, int *truth)
{
    if (!opcode_is(term, LLVMBr) || !LLVMIsConditional(term) || succ > 1)
        return NULL;
    LLVMValueRef c = LLVMGetCondition(term);
    int t = succ == 0; /* the truth of c on this edge */
    for (int d = 0; d < 8; d++) {
        uint64_t k;
        if (opcode_is(c, LLVMXor) && rh_aop_const(LLVMGetOperand(c, 1), &k) && k == 1 && is_i1(c)) {
            t = !t, c = LLVMGetOperand(c, 0);
        } else if (opcode_is(c, LLVMTrunc) && is_i1(c) && opcode_is(LLVMGetOperand(c, 0), LLVMZExt) &&
                   is_i1(LLVMGetOperand(LLVMGetOperand(c, 0), 0))) {
            c = LLVMGetOperand(LLVMGetOperand(c, 0), 0); /* a _Bool's round trip through memory */
        } else {
            break;
        }
    }
    if (opcode_is(c, LLVMExtractValue) && LLVMGetNumIndices(c) == 1 && LLVMGetIndices(c)[0] == 1 &&
        opcode_is(LLVMGetOperand(c, 0), LLVMAtomicCmpXchg)) {
        *truth = t;
        return LLVMGetOperand(c, 0);
    }
    if (!LLVMIsAICmpInst(c))
        return NULL;
    LLVMIntPredicate pr = LLVMGetICmpPredicate(c);
    LLVMValueRef a = LLVMGetOperand(c, 0), b = LLVMGetOperand(c, 1);
    uint64_t k;
    if (rh_aop_const(a, &k))
        a = b, b = LLVMGetOperand(c, 0);
    if ((pr != LLVMIntEQ && pr != LLVMIntNE) || !rh_aop_const(b, &k) || k != 0)
        return NULL;
    a = strip_widening(a);
    int nonzero = (pr == LLVMIntNE) == t; /* a is non-zero on this edge */
    LLVMValueRef x = opcode_is(a, LLVMExtractValue) && LLVMGetNumIndices(a) == 1 && LLVMGetIndices(a)[0] == 0
                         ? LLVMGetOperand(a, 0) : NULL;
    if (opcode_is(x, LLVMAtomicCmpXchg)) { /* its old value: 0 is success when 0 was expected */
        if (!rh_aop_const(LLVMGetOperand(x, 1), &k) || k != 0)
            return NULL;
        *truth = !nonzero;
        return x;
    }
    LLVMValueRef op = tested_result(a);
    if (!op)
        return NULL;
    *truth = nonzero;
    return op;
}

/* Whether instruction in may release or publish something. */
static int noisy(LLVMValueRef in)
{
    switch (LLVMGetInstructionOpcode(in)) {
    case LLVMStore:
    case LLVMAtomicRMW:
    case LLVMAtomicCmpXchg:
    case LLVMFence:
    case LLVMInvoke:
        return 1;
    case LLVMLoad:
        return LLVMGetOrdering(in) != LLVMAtomicOrderingNotAtomic;
    case LLVMCall: {
        LLVMValueRef f = LLVMGetCalledValue(in);
        size_t n;
        const char *name = LLVMIsAFunction(f) ? LLVMGetValueName2(f, &n) : "";
        return strncmp(name, "llvm.dbg.", 9) && strncmp(name, "llvm.lifetime.", 14);
    }
    default:
        return 0;
    }
}

/* Whether the instructions of b from `from` (NULL: its first) up to its
 * terminator are quiet. */
static int quiet_from(LLVMBasicBlockRef b, LLVMValueRef from)
{
    LLVMValueRef in = from ? LLVMGetNextInstruction(from) : LLVMGetFirstInstruction(b);
    for (; in && !LLVMIsATerminatorInst(in); in = LLVMGetNextInstruction(in))
        if (noisy(in))
            return 0;
    return 1;
}

#define QUIET_BLOCKS 8

int rh_aop_quiet_between(LLVMValueRef op, LLVMValueRef term)
{
    LLVMBasicBlockRef home = LLVMGetInstructionParent(op), seen[QUIET_BLOCKS], work[QUIET_BLOCKS];
    int nseen = 0, nwork = 0;
    work[nwork++] = seen[nseen++] = LLVMGetInstructionParent(term);
    while (nwork) {
        LLVMBasicBlockRef b = work[--nwork];
        if (!quiet_from(b, b == home ? op : NULL))
            return 0;
        if (b == home) /* every path into it runs op again: the latest run is here */
            continue;
        /* its predecessors: the terminators that use it */
        for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(b)); u; u = LLVMGetNextUse(u)) {
            LLVMValueRef user = LLVMGetUser(u);
            if (!LLVMIsATerminatorInst(user))
                return 0; /* a block address: taken by an indirect branch */
            LLVMBasicBlockRef pb = LLVMGetInstructionParent(user);
            int known = 0;
            for (int i = 0; i < nseen && !known; i++)
                known = seen[i] == pb;
            if (known)
                continue;
            if (nseen == QUIET_BLOCKS)
                return 0;
            seen[nseen++] = work[nwork++] = pb;
        }
    }
    return 1;
}
