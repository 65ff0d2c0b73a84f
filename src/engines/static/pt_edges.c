/* pt_edges.c - control-flow edges no execution takes (branches on
 * constants), so phis take nothing along them; see pt_edges.h. */
#include "pt_edges.h"

#include <stdlib.h>

#define LIVE 1
#define DEAD 2

/* The one successor a conditional branch on constants takes, or NULL
 * when it may take either. */
static LLVMBasicBlockRef decided_successor(LLVMValueRef br)
{
    if (!br || LLVMGetInstructionOpcode(br) != LLVMBr || !LLVMIsConditional(br))
        return NULL;
    LLVMValueRef c = LLVMGetCondition(br);
    if (LLVMIsAICmpInst(c) && LLVMIsAConstantInt(LLVMGetOperand(c, 0)) && LLVMIsAConstantInt(LLVMGetOperand(c, 1)))
        c = LLVMConstICmp(LLVMGetICmpPredicate(c), LLVMGetOperand(c, 0), LLVMGetOperand(c, 1));
    if (!c || !LLVMIsAConstantInt(c))
        return NULL;
    return LLVMGetSuccessor(br, LLVMConstIntGetZExtValue(c) ? 0 : 1);
}

/* Marks every block of fn LIVE (reached from its entry along edges that
 * may be taken) or DEAD. */
static void classify(rh_pt *pt, LLVMValueRef fn)
{
    unsigned n = LLVMCountBasicBlocks(fn);
    LLVMBasicBlockRef *work = rh_xmalloc((size_t)(n + 1) * sizeof *work);
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
        rh_map_put_ptr(&pt->block_live, b, DEAD);
    unsigned top = 0;
    work[top++] = LLVMGetEntryBasicBlock(fn);
    rh_map_put_ptr(&pt->block_live, work[0], LIVE);
    while (top) {
        LLVMBasicBlockRef b = work[--top];
        LLVMValueRef term = LLVMGetBasicBlockTerminator(b);
        LLVMBasicBlockRef only = decided_successor(term);
        unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
        for (unsigned i = 0; i < ns; i++) {
            LLVMBasicBlockRef s = LLVMGetSuccessor(term, i);
            if ((only && s != only) || rh_map_get_ptr(&pt->block_live, s, DEAD) == LIVE)
                continue;
            rh_map_put_ptr(&pt->block_live, s, LIVE);
            work[top++] = s;
        }
    }
    free(work);
}

int rh_pt_edge_taken(rh_pt *pt, LLVMBasicBlockRef from, LLVMBasicBlockRef to)
{
    long state = rh_map_get_ptr(&pt->block_live, from, 0);
    if (!state) {
        classify(pt, LLVMGetBasicBlockParent(from));
        state = rh_map_get_ptr(&pt->block_live, from, LIVE);
    }
    if (state != LIVE)
        return 0;
    LLVMBasicBlockRef only = decided_successor(LLVMGetBasicBlockTerminator(from));
    return !only || only == to;
}
