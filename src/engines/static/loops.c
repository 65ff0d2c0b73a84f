/* loops.c - counted-loop recognition (see loops.h). */
#include "loops.h"
#include "stable_cells.h"

static LLVMValueRef strip_ext(LLVMValueRef v)
{
    while (LLVMIsAInstruction(v) &&
           (LLVMGetInstructionOpcode(v) == LLVMSExt || LLVMGetInstructionOpcode(v) == LLVMZExt))
        v = LLVMGetOperand(v, 0);
    return v;
}

/* Whether v is `phi + 1`. */
static int is_increment(LLVMValueRef v, LLVMValueRef phi)
{
    if (!LLVMIsAInstruction(v) || LLVMGetInstructionOpcode(v) != LLVMAdd)
        return 0;
    LLVMValueRef a = LLVMGetOperand(v, 0), b = LLVMGetOperand(v, 1);
    if (a != phi)
        a = b, b = LLVMGetOperand(v, 0);
    return a == phi && LLVMIsAConstantInt(b) && LLVMConstIntGetSExtValue(b) == 1;
}

/* Whether block b never continues: it ends the thread or the program
 * (`if (err) exit(1);` leaves a block ending in unreachable). */
static int dead_end(LLVMBasicBlockRef b)
{
    LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
    return t && LLVMGetInstructionOpcode(t) == LLVMUnreachable;
}

/* Follows branches from the body entry back to the header, through
 * conditional ones whose other way is a dead end. */
static void body_chain(rh_counted_loop *l, LLVMBasicBlockRef first)
{
    LLVMBasicBlockRef b = first;
    l->nbody = 0;
    for (int i = 0; i < 8; i++) {
        if (b == l->header)
            return;
        l->body[l->nbody++] = b;
        LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
        if (!t || LLVMGetInstructionOpcode(t) != LLVMBr)
            break;
        if (!LLVMIsConditional(t))
            b = LLVMGetSuccessor(t, 0);
        else if (dead_end(LLVMGetSuccessor(t, 0)))
            b = LLVMGetSuccessor(t, 1);
        else if (dead_end(LLVMGetSuccessor(t, 1)))
            b = LLVMGetSuccessor(t, 0);
        else
            break;
    }
    l->nbody = 0;
}

/* A load of a global whose one writer, a store of a constant that runs
 * before the load on every path, is the only other use of the global
 * (`num_threads = 2;` then `for (i = 0; i < num_threads; i++)`): every
 * later load sees that constant, whatever the other threads do. */
static int constant_load(LLVMValueRef v, int64_t *n)
{
    LLVMValueRef g = LLVMIsALoadInst(v) ? LLVMGetOperand(v, 0) : NULL, store = NULL;
    if (!g || !LLVMIsAGlobalVariable(g))
        return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(g); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsALoadInst(user) && LLVMGetOperand(user, 0) == g)
            continue;
        if (!LLVMIsAStoreInst(user) || LLVMGetOperand(user, 1) != g || store)
            return 0;
        store = user;
    }
    if (!store || !LLVMIsAConstantInt(LLVMGetOperand(store, 0)) || !rh_cfg_dominates(store, v))
        return 0;
    *n = LLVMConstIntGetSExtValue(LLVMGetOperand(store, 0));
    return 1;
}

/* Whether v keeps its value while the loop with this header runs: an
 * argument, or computed in a block that strictly dominates the header (so
 * outside the loop: an SSA value computed before the loop keeps its value
 * while it runs), or a reload of a cell nothing writes after it
 * (`i < cfg.n`), or arithmetic the header itself does on such values
 * (`i < n - 1` at -O0 computes n - 1 in the header on every test). */
static int invariant(const rh_cfg *cfg, LLVMValueRef v, LLVMBasicBlockRef header, int depth)
{
    if (!LLVMIsAInstruction(v))
        return 1;
    if (rh_stable_load(cfg->stable, strip_ext(v)) ||
        (LLVMGetInstructionParent(v) != header && rh_cfg_dominates(v, LLVMGetFirstInstruction(header))))
        return 1;
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    if (depth > 3 || LLVMGetInstructionParent(v) != header ||
        !(op == LLVMAdd || op == LLVMSub || op == LLVMMul || op == LLVMSExt || op == LLVMZExt))
        return 0;
    for (int i = 0; i < LLVMGetNumOperands(v); i++)
        if (!invariant(cfg, LLVMGetOperand(v, (unsigned)i), header, depth + 1))
            return 0;
    return 1;
}

/* Reads the header's exit test `iv < N` (or <=, !=) into [start, end). */
static int exit_test(const rh_cfg *cfg, rh_counted_loop *l, LLVMValueRef term)
{
    if (!term || LLVMGetInstructionOpcode(term) != LLVMBr || !LLVMIsConditional(term))
        return 0;
    LLVMValueRef c = LLVMGetCondition(term);
    if (!LLVMIsAICmpInst(c) || strip_ext(LLVMGetOperand(c, 0)) != l->iv)
        return 0;
    LLVMValueRef bound = LLVMGetOperand(c, 1);
    LLVMIntPredicate pr = LLVMGetICmpPredicate(c);
    int64_t n = 0;
    int known = LLVMIsAConstantInt(bound) || constant_load(bound, &n);
    if (LLVMIsAConstantInt(bound))
        n = LLVMConstIntGetSExtValue(bound);
    if (!known) { /* i < n with n not changing inside the loop (an SSA value) */
        if (pr != LLVMIntSLT && pr != LLVMIntULT)
            return 0;
        if (!invariant(cfg, bound, l->header, 0))
            return 0;
        l->end_value = bound, l->end = INT64_MAX, l->exit_succ = 1, l->pred = pr;
        return l->start >= 0;
    }
    switch (pr) {
    case LLVMIntSLT: case LLVMIntULT: l->end = n; break;
    case LLVMIntSLE: case LLVMIntULE: l->end = n + 1; break;
    case LLVMIntNE: l->end = n; break;
    default: return 0;
    }
    l->exit_succ = 1; /* the loop runs while the test holds */
    return l->start >= 0 && l->start <= l->end && l->end - l->start < (1 << 20);
}

int rh_loop_of_index(const rh_cfg *cfg, LLVMValueRef index, rh_counted_loop *out)
{
    LLVMValueRef phi = strip_ext(index);
    if (!LLVMIsAPHINode(phi) || LLVMCountIncoming(phi) != 2)
        return 0;
    out->end_value = NULL;
    out->stable = cfg->stable;
    out->iv = phi;
    out->header = LLVMGetInstructionParent(phi);
    int found_start = 0, found_step = 0;
    for (unsigned i = 0; i < 2; i++) {
        LLVMValueRef v = LLVMGetIncomingValue(phi, i);
        LLVMBasicBlockRef from = LLVMGetIncomingBlock(phi, i);
        int fb = rh_cfg_block(cfg, from);
        if (LLVMIsAConstantInt(v) && fb >= 0) {
            out->preheader = from;
            out->start = LLVMConstIntGetSExtValue(v);
            found_start = 1;
        } else if (is_increment(v, phi)) {
            found_step = 1;
        }
    }
    LLVMValueRef term = LLVMGetBasicBlockTerminator(out->header);
    if (!found_start || !found_step || !exit_test(cfg, out, term))
        return 0;
    body_chain(out, LLVMGetSuccessor(term, 0));
    return 1;
}

int rh_loop_body_has(const rh_counted_loop *l, LLVMValueRef in)
{
    LLVMBasicBlockRef b = LLVMGetInstructionParent(in);
    for (int i = 0; i < l->nbody; i++)
        if (l->body[i] == b)
            return 1;
    return 0;
}

LLVMValueRef rh_loop_element_index(LLVMValueRef gep, LLVMValueRef *base)
{
    if (!LLVMIsAGetElementPtrInst(gep))
        return NULL;
    int n = LLVMGetNumOperands(gep);
    LLVMValueRef idx = LLVMGetOperand(gep, (unsigned)n - 1);
    if (LLVMIsAConstant(idx))
        return NULL;
    for (int i = 1; i < n - 1; i++) {
        LLVMValueRef c = LLVMGetOperand(gep, (unsigned)i);
        if (!LLVMIsAConstantInt(c) || LLVMConstIntGetZExtValue(c) != 0)
            return NULL;
    }
    *base = LLVMGetOperand(gep, 0);
    return idx;
}

/* Whether two variable bounds are one value: the same SSA value, or the
 * same extension of two loads of one stable cell (stable_cells.h). */
static int same_bound(rh_stable *st, LLVMValueRef a, LLVMValueRef b)
{
    if (a == b)
        return 1;
    while (a && b && LLVMIsAInstruction(a) && LLVMIsAInstruction(b) &&
           (LLVMGetInstructionOpcode(a) == LLVMSExt || LLVMGetInstructionOpcode(a) == LLVMZExt)) {
        if (LLVMGetInstructionOpcode(a) != LLVMGetInstructionOpcode(b) || LLVMTypeOf(a) != LLVMTypeOf(b))
            return 0;
        a = LLVMGetOperand(a, 0), b = LLVMGetOperand(b, 0);
    }
    if (a && b && LLVMIsABinaryOperator(a) && LLVMIsABinaryOperator(b) && LLVMTypeOf(a) == LLVMTypeOf(b) &&
        LLVMGetInstructionOpcode(a) == LLVMGetInstructionOpcode(b) &&
        (LLVMGetInstructionOpcode(a) == LLVMAdd || LLVMGetInstructionOpcode(a) == LLVMSub ||
         LLVMGetInstructionOpcode(a) == LLVMMul))
        return same_bound(st, LLVMGetOperand(a, 0), LLVMGetOperand(b, 0)) &&
               same_bound(st, LLVMGetOperand(a, 1), LLVMGetOperand(b, 1)); /* n - 1 in each header */
    return a && b && rh_stable_same(st, a, b);
}

int rh_loop_same_range(const rh_counted_loop *a, const rh_counted_loop *b)
{
    if (a->start != b->start || a->end != b->end)
        return 0;
    if (a->end_value == b->end_value)
        return 1;
    return a->end_value && b->end_value && a->pred == b->pred && same_bound(a->stable, a->end_value, b->end_value);
}

/* The block that branches back to the header (the increment's incoming
 * block), or NULL. */
static LLVMBasicBlockRef latch_of(const rh_counted_loop *l)
{
    for (unsigned i = 0; i < LLVMCountIncoming(l->iv); i++)
        if (is_increment(LLVMGetIncomingValue(l->iv, i), l->iv))
            return LLVMGetIncomingBlock(l->iv, i);
    return NULL;
}

#define MAX_LOOP_BLOCKS 64

/* The loop's blocks besides the header: those reaching the latch
 * backwards without passing the header; 0 when there are too many. */
static int loop_blocks(const rh_counted_loop *l, LLVMBasicBlockRef latch, LLVMBasicBlockRef *out)
{
    int n = 0;
    if (latch == l->header)
        return 0;
    out[n++] = latch;
    for (int i = 0; i < n; i++) { /* predecessors: scan the function's terminators */
        LLVMValueRef fn = LLVMGetBasicBlockParent(l->header);
        for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b)) {
            LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
            int pred = 0, seen = b == l->header;
            for (unsigned k = 0; t && k < LLVMGetNumSuccessors(t); k++)
                pred |= LLVMGetSuccessor(t, k) == out[i];
            for (int j = 0; j < n && !seen; j++)
                seen = out[j] == b;
            if (!pred || seen)
                continue;
            if (n == MAX_LOOP_BLOCKS)
                return -1;
            out[n++] = b;
        }
    }
    return n;
}

int rh_loop_each_iteration(const rh_counted_loop *l, LLVMValueRef in)
{
    if (rh_loop_body_has(l, in))
        return 1;
    LLVMBasicBlockRef latch = latch_of(l), blocks[MAX_LOOP_BLOCKS];
    int n = latch ? loop_blocks(l, latch, blocks) : -1;
    if (n <= 0 || !rh_cfg_dominates(in, LLVMGetBasicBlockTerminator(latch)))
        return 0;
    for (int i = 0; i < n; i++) { /* the header's test is the only way out */
        LLVMValueRef t = LLVMGetBasicBlockTerminator(blocks[i]);
        if (!t || !LLVMGetNumSuccessors(t))
            return 0; /* a return from inside the loop */
        for (unsigned k = 0; k < LLVMGetNumSuccessors(t); k++) {
            LLVMBasicBlockRef s = LLVMGetSuccessor(t, k);
            int inside = s == l->header || dead_end(s);
            for (int j = 0; j < n && !inside; j++)
                inside = blocks[j] == s;
            if (!inside)
                return 0;
        }
    }
    return 1;
}
