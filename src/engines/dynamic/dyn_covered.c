/* dyn_covered.c - which plain loads and stores repeat an earlier access of
 * the same bytes on the same source line by the same thread in the same
 * epoch, so that their hook would record nothing a race report needs
 * (dyn_private.h has the rule).
 * A forward walk over each basic block, carrying what the block's only
 * predecessor made available into it; addresses compare by value or as
 * the same pure computation (offsets and casts) of the same values.
 */
#include "dyn_private.h"

#include "util/util.h"

#include <stdlib.h>
#include <string.h>

/* An access available at a point: its address, bytes and kind. */
typedef struct avail {
    LLVMValueRef addr;
    unsigned long long size;
    int write;
    unsigned line;       /* its source line (0: unknown) */
    const char *file;
    unsigned file_len;
} avail;

#define AVAIL_MAX 16 /* accesses remembered per point: a bound on the work */

typedef struct avail_set {
    avail a[AVAIL_MAX];
    int n;
} avail_set;

/* Whether a and b compute the same address: the same value, or the same
 * pure instruction (offset, cast, integer arithmetic) of operands that
 * are the same (depth bounds the comparison). */
static int same_value(LLVMValueRef a, LLVMValueRef b, int depth)
{
    if (a == b)
        return 1;
    if (depth > 6 || !LLVMIsAInstruction(a) || !LLVMIsAInstruction(b))
        return 0;
    LLVMOpcode op = LLVMGetInstructionOpcode(a);
    if (op != LLVMGetInstructionOpcode(b) || LLVMTypeOf(a) != LLVMTypeOf(b))
        return 0;
    switch (op) {
    case LLVMGetElementPtr:
        if (LLVMGetGEPSourceElementType(a) != LLVMGetGEPSourceElementType(b))
            return 0;
        break;
    case LLVMSExt: case LLVMZExt: case LLVMTrunc: case LLVMBitCast: case LLVMAdd: case LLVMSub:
    case LLVMMul: case LLVMShl:
        break;
    default:
        return 0; /* a load, call or phi may differ each time it runs */
    }
    int n = LLVMGetNumOperands(a);
    if (n != LLVMGetNumOperands(b))
        return 0;
    for (int i = 0; i < n; i++)
        if (!same_value(LLVMGetOperand(a, (unsigned)i), LLVMGetOperand(b, (unsigned)i), depth + 1))
            return 0;
    return 1;
}

static const char *callee_name(LLVMValueRef call)
{
    LLVMValueRef f = LLVMGetCalledValue(call);
    size_t len = 0;
    return f && LLVMIsAFunction(f) ? LLVMGetValueName2(f, &len) : "";
}

/* Whether instruction in may let the thread's clock move, or make another
 * thread's access ordered after this one's: a call (the callee may lock,
 * and library calls are hooks of their own), a fence or an atomic. */
static int ends_epoch(LLVMValueRef in)
{
    switch (LLVMGetInstructionOpcode(in)) {
    case LLVMCall: {
        const char *name = callee_name(in);
        return strncmp(name, "llvm.dbg.", 9) != 0 && strncmp(name, "llvm.lifetime.", 14) != 0;
    }
    case LLVMInvoke: case LLVMCallBr: case LLVMFence: case LLVMAtomicRMW: case LLVMAtomicCmpXchg:
        return 1;
    case LLVMLoad: case LLVMStore:
        return LLVMGetOrdering(in) != LLVMAtomicOrderingNotAtomic;
    default:
        return 0;
    }
}

/* Marks `in` covered when an available access holds its bytes and is a
 * write, or it is a read; then makes it available. */
static void visit_access(LLVMTargetDataRef td, avail_set *s, LLVMValueRef in, char *covered,
                         size_t idx)
{
    int write = LLVMGetInstructionOpcode(in) == LLVMStore;
    LLVMValueRef addr = LLVMGetOperand(in, write ? 1 : 0);
    LLVMTypeRef ty = LLVMTypeOf(write ? LLVMGetOperand(in, 0) : in);
    unsigned long long size = LLVMStoreSizeOfType(td, ty);
    unsigned line = LLVMGetDebugLocLine(in), file_len = 0;
    const char *file = line ? LLVMGetDebugLocFilename(in, &file_len) : NULL;
    for (int i = 0; i < s->n; i++)
        if ((s->a[i].write || !write) && s->a[i].size >= size && line && s->a[i].line == line &&
            file && s->a[i].file && s->a[i].file_len == file_len &&
            memcmp(s->a[i].file, file, file_len) == 0 && same_value(s->a[i].addr, addr, 0)) {
            covered[idx] = 1;
            return;
        }
    if (s->n == AVAIL_MAX) { /* forget the oldest */
        memmove(&s->a[0], &s->a[1], (AVAIL_MAX - 1) * sizeof s->a[0]);
        s->n--;
    }
    s->a[s->n++] = (avail){addr, size, write, line, file, file_len};
}

typedef struct block_info {
    LLVMBasicBlockRef bb;
    LLVMBasicBlockRef pred; /* the only predecessor, or NULL */
    int npred, done;
    avail_set out;
} block_info;

static block_info *info_of(block_info *b, int n, LLVMBasicBlockRef bb)
{
    for (int i = 0; i < n; i++)
        if (b[i].bb == bb)
            return &b[i];
    return NULL;
}

char *rh_dyn_covered_accesses(LLVMTargetDataRef td, LLVMValueRef fn, LLVMValueRef *insts,
                              size_t ninsts)
{
    char *covered = rh_xmalloc(ninsts ? ninsts : 1);
    memset(covered, 0, ninsts ? ninsts : 1);
    int nb = (int)LLVMCountBasicBlocks(fn);
    if (nb <= 0 || nb > 4096) /* a bound on the quadratic lookups below */
        return covered;
    block_info *b = rh_xmalloc((size_t)nb * sizeof *b);
    memset(b, 0, (size_t)nb * sizeof *b);
    int k = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && k < nb; bb = LLVMGetNextBasicBlock(bb))
        b[k++].bb = bb;
    for (int i = 0; i < nb; i++) {
        LLVMValueRef term = LLVMGetBasicBlockTerminator(b[i].bb);
        unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
        for (unsigned j = 0; j < ns; j++) {
            block_info *s = info_of(b, nb, LLVMGetSuccessor(term, j));
            if (s && s->pred != b[i].bb) /* a switch may name one successor twice */
                s->npred++, s->pred = b[i].bb;
        }
    }
    size_t idx = 0;
    for (int i = 0; i < nb; i++) {
        /* what the only predecessor made available, if it came first
         * (a block reached otherwise starts with nothing: the entry block,
         * a loop header, a join) */
        block_info *p = b[i].npred == 1 ? info_of(b, nb, b[i].pred) : NULL;
        avail_set s = p && p->done ? p->out : (avail_set){0};
        for (LLVMValueRef in = LLVMGetFirstInstruction(b[i].bb); in; in = LLVMGetNextInstruction(in), idx++) {
            if (idx >= ninsts || insts[idx] != in) { /* not the list it was given: cover nothing */
                free(b);
                memset(covered, 0, ninsts ? ninsts : 1);
                return covered;
            }
            if (ends_epoch(in))
                s.n = 0;
            else if (LLVMGetInstructionOpcode(in) == LLVMLoad || LLVMGetInstructionOpcode(in) == LLVMStore)
                visit_access(td, &s, in, covered, idx);
        }
        b[i].out = s;
        b[i].done = 1;
    }
    free(b);
    return covered;
}
