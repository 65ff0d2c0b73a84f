/* record_loops.c - create wrappers called in a counted loop over an array
 * of record cells, and the loops that join every element (see
 * record_loops.h).
 */
#include "record_loops.h"
#include "util/hashmap.h"
#include "loops.h"

#include <stdlib.h>
#include <string.h>

/* The successor taken when v is zero or null, for a branch on a test of
 * v against zero (through one negation); *v is set; -1 when none. */
int rh_rl_zero_edge(LLVMValueRef br, LLVMValueRef *v)
{
    if (!br || !LLVMIsABranchInst(br) || !LLVMIsConditional(br))
        return -1;
    LLVMValueRef c = LLVMGetCondition(br);
    int flip = 0;
    if (LLVMIsABinaryOperator(c) && LLVMGetInstructionOpcode(c) == LLVMXor &&
        LLVMIsAConstantInt(LLVMGetOperand(c, 1)) && LLVMConstIntGetZExtValue(LLVMGetOperand(c, 1)) != 0)
        c = LLVMGetOperand(c, 0), flip = 1;
    if (!LLVMIsAICmpInst(c))
        return -1;
    LLVMValueRef z = LLVMGetOperand(c, 1);
    if (!LLVMIsAConstantPointerNull(z) && !(LLVMIsAConstantInt(z) && LLVMConstIntGetZExtValue(z) == 0))
        return -1;
    *v = LLVMGetOperand(c, 0);
    LLVMIntPredicate p = LLVMGetICmpPredicate(c);
    if (p != LLVMIntEQ && p != LLVMIntNE)
        return -1;
    return (p == LLVMIntEQ) != flip ? 0 : 1;
}

/* The index of element address v of arr (a GEP whose last index varies). */
static LLVMValueRef elem_index(LLVMValueRef v, LLVMValueRef arr)
{
    LLVMValueRef base = NULL;
    LLVMValueRef idx = v && LLVMIsAGetElementPtrInst(v) ? rh_loop_element_index(v, &base) : NULL;
    return base == arr ? idx : NULL;
}

static int single_pred(LLVMBasicBlockRef b)
{
    int n = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(b)); u; u = LLVMGetNextUse(u))
        n++;
    return n == 1;
}

/* Per block of function f (cfg index order): whether it reaches `to`. */
static unsigned char *reaching(const rh_cfg *cfg, int f, LLVMBasicBlockRef to, LLVMBasicBlockRef wall)
{
    const rh_cfg_func *cf = &cfg->f[f];
    unsigned char *r = rh_xcalloc((size_t)cf->nblocks + 1, 1);
    for (int changed = 1; changed;) {
        changed = 0;
        for (int b = 0; b < cf->nblocks; b++) {
            if (r[b] || cf->blocks[b] == wall)
                continue;
            int hit = cf->blocks[b] == to;
            for (int j = cf->succ_off[b]; !hit && j < cf->succ_off[b + 1]; j++)
                hit = r[cf->succ[j]] || cf->blocks[cf->succ[j]] == to;
            if (hit)
                r[b] = 1, changed = 1;
        }
    }
    return r;
}

/* S lies on a cycle through the header and on none that avoids it. */
static int once_per_iteration(const rh_cfg *cfg, int f, LLVMValueRef call, LLVMBasicBlockRef header)
{
    LLVMBasicBlockRef sb = LLVMGetInstructionParent(call);
    int bi = rh_cfg_block(cfg, sb);
    if (bi < 0)
        return 0;
    unsigned char *to_h = reaching(cfg, f, header, NULL), *to_s = reaching(cfg, f, sb, header);
    const rh_cfg_func *cf = &cfg->f[f];
    int inner = 0;
    for (int j = cf->succ_off[bi]; j < cf->succ_off[bi + 1]; j++)
        inner |= to_s[cf->succ[j]] || cf->succ[j] == bi;
    int ok = to_h[bi] && !inner && (sb == header || rh_cfg_may_follow(LLVMGetFirstInstruction(header), call));
    free(to_h);
    free(to_s);
    return ok;
}

/* A local array of m whose elements are only loaded, stored or passed to S
 * (lifetime markers aside). */
static int array_private(LLVMValueRef arr, LLVMValueRef call)
{
    if (!LLVMIsAAllocaInst(arr))
        return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(arr); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef g = LLVMGetUser(u);
        if (LLVMIsACallInst(g) && LLVMGetCalledValue(g) && LLVMIsAFunction(LLVMGetCalledValue(g)) &&
            LLVMGetIntrinsicID(LLVMGetCalledValue(g)) != 0 && !rh_cfg_may_follow(call, g)) {
            size_t n;
            const char *name = LLVMGetValueName2(LLVMGetCalledValue(g), &n);
            if (strncmp(name, "llvm.lifetime", 13) == 0)
                continue;
        }
        if (!LLVMIsAGetElementPtrInst(g) || LLVMGetOperand(g, 0) != arr)
            return 0;
        for (LLVMUseRef v = LLVMGetFirstUse(g); v; v = LLVMGetNextUse(v)) {
            LLVMValueRef x = LLVMGetUser(v);
            if (!(x == call || LLVMIsALoadInst(x) || (LLVMIsAStoreInst(x) && LLVMGetOperand(x, 0) != g)))
                return 0;
        }
    }
    return 1;
}

/* Whether idx is (an extension of) the induction variable of the loop
 * with this header. */
static int iv_of(const rh_cfg *cfg, LLVMValueRef idx, LLVMBasicBlockRef header)
{
    rh_counted_loop l;
    return idx && rh_loop_of_index(cfg, idx, &l) && l.header == header;
}

/* The index of the element of arr whose load v is, or NULL. */
static LLVMValueRef loaded_elem(LLVMValueRef v, LLVMValueRef arr)
{
    return v && LLVMIsALoadInst(v) ? elem_index(LLVMGetOperand(v, 0), arr) : NULL;
}

/* Per block of f: in the natural loop of header (it reaches a block
 * branching back to the header without passing the header). */
static unsigned char *loop_blocks(const rh_cfg *cfg, int f, LLVMBasicBlockRef header)
{
    const rh_cfg_func *cf = &cfg->f[f];
    unsigned char *in = rh_xcalloc((size_t)cf->nblocks + 1, 1);
    for (int b = 0; b < cf->nblocks; b++)
        for (int j = cf->succ_off[b]; j < cf->succ_off[b + 1]; j++)
            if (cf->blocks[cf->succ[j]] == header &&
                rh_cfg_dominates(LLVMGetFirstInstruction(header), LLVMGetBasicBlockTerminator(cf->blocks[b]))) {
                unsigned char *r = reaching(cfg, f, cf->blocks[b], header);
                for (int k = 0; k < cf->nblocks; k++)
                    in[k] |= r[k];
                free(r);
            }
    int h = rh_cfg_block(cfg, header);
    if (h >= 0)
        in[h] = 1;
    return in;
}

/* Every path of one iteration of join loop l, from its body back to its
 * header, passes the join call or the edge where the record loaded from
 * arr[l's iv] is null (covered), and no path, covered or not, leaves the
 * loop (a break would skip the later elements). */
static int covers(const rh_cfg *cfg, int f, const rh_counted_loop *l, LLVMValueRef join, LLVMValueRef arr)
{
    unsigned char *in = loop_blocks(cfg, f, l->header);
    LLVMValueRef term = LLVMGetBasicBlockTerminator(l->header);
    RH_VEC(uint64_t) work = {0}; /* block index * 2 + covered */
    rh_map seen = {0};
    int ok = 1, entry = rh_cfg_block(cfg, LLVMGetSuccessor(term, !l->exit_succ));
    if (entry < 0)
        ok = 0;
    else
        rh_vec_push(&work, (uint64_t)entry * 2);
    while (work.len && ok) {
        uint64_t w = work.items[--work.len];
        int bi = (int)(w >> 1), covered = (int)(w & 1);
        LLVMBasicBlockRef b = cfg->f[f].blocks[bi];
        long st = rh_map_get_ptr(&seen, b, 0); /* bit 0: looked at uncovered, bit 1: covered */
        if ((st & 1) || (covered && (st & 2)))
            continue; /* an uncovered look checks all a covered one does */
        rh_map_put_ptr(&seen, b, st | (covered ? 2 : 1));
        if (b == l->header) {
            ok = covered;
            continue;
        }
        ok = in[bi];
        covered |= b == LLVMGetInstructionParent(join);
        LLVMValueRef br = LLVMGetBasicBlockTerminator(b), v = NULL;
        int z = rh_rl_zero_edge(br, &v);
        int null_test = z >= 0 && iv_of(cfg, loaded_elem(v, arr), l->header);
        for (unsigned i = 0; ok && br && i < LLVMGetNumSuccessors(br); i++) {
            int si = rh_cfg_block(cfg, LLVMGetSuccessor(br, i));
            ok = si >= 0;
            if (ok)
                rh_vec_push(&work, (uint64_t)si * 2 + (uint64_t)(covered || (null_test && (int)i == z)));
        }
    }
    rh_vec_free(&work);
    rh_map_free(&seen);
    free(in);
    return ok;
}

/* Adds the join loop of call c when it joins arr[j] over L1's range. */
static void consider_join(rh_static *s, rh_rl_group *g, const rh_counted_loop *l1, LLVMValueRef c, int64_t off,
                          rh_rl_is_join is_join, int f)
{
    for (unsigned k = 0; g->nloops < RH_RL_MAX_LOOPS && k < LLVMGetNumArgOperands(c); k++) {
        LLVMValueRef v = LLVMGetOperand(c, k), idx = loaded_elem(v, g->arr);
        rh_counted_loop l2;
        if (!idx || !rh_loop_of_index(&s->cfg, idx, &l2) || l2.header == l1->header ||
            !rh_loop_same_range(l1, &l2) || !is_join(s, c, v, off) || !covers(&s->cfg, f, &l2, c, g->arr))
            continue;
        g->exit_from[g->nloops] = l2.header;
        g->exit_to[g->nloops] = LLVMGetSuccessor(LLVMGetBasicBlockTerminator(l2.header), l2.exit_succ);
        g->joins[g->nloops++] = c;
        return;
    }
}

int rh_rl_stores_into(const rh_rl_group *g, LLVMValueRef st)
{
    LLVMValueRef p = LLVMIsAStoreInst(st) ? LLVMGetOperand(st, 1) : NULL;
    return p && (p == g->arr || (LLVMIsAGetElementPtrInst(p) && LLVMGetOperand(p, 0) == g->arr));
}

int rh_rl_store_ok(const rh_rl_group *g, LLVMValueRef st)
{
    LLVMValueRef v = LLVMGetOperand(st, 0), idx = elem_index(LLVMGetOperand(st, 1), g->arr);
    if (!rh_cfg_may_follow(g->call, st))
        return 1; /* before any instance */
    if (!LLVMIsAConstantPointerNull(v) || !iv_of(g->cfg, idx, g->header))
        return 0;
    return (g->zero_block && rh_cfg_dominates(LLVMGetFirstInstruction(g->zero_block), st)) ||
           (rh_cfg_dominates(st, g->call) && LLVMGetInstructionParent(st) != g->header);
}

int rh_rl_find(rh_static *s, LLVMValueRef call, unsigned q, int64_t off, int zero_means_none,
               rh_rl_is_join is_join, rh_rl_group *g)
{
    memset(g, 0, sizeof *g);
    LLVMValueRef cell = LLVMGetOperand(call, q), base = NULL;
    LLVMValueRef idx = LLVMIsAGetElementPtrInst(cell) ? rh_loop_element_index(cell, &base) : NULL;
    int f = rh_pt_func_index(&s->pt, LLVMGetBasicBlockParent(LLVMGetInstructionParent(call)));
    rh_counted_loop l1;
    if (!idx || f < 0 || !rh_loop_of_index(&s->cfg, idx, &l1) || !array_private(base, call) ||
        !once_per_iteration(&s->cfg, f, call, l1.header))
        return 0;
    int pb = rh_cfg_block(&s->cfg, l1.preheader);
    if (pb < 0 || s->cfg.f[f].in_cycle[pb])
        return 0;
    g->cfg = &s->cfg, g->call = call, g->arr = base, g->header = l1.header;
    LLVMValueRef br = LLVMGetBasicBlockTerminator(LLVMGetInstructionParent(call)), v = NULL;
    int z = zero_means_none ? rh_rl_zero_edge(br, &v) : -1;
    if (z >= 0 && v == call && single_pred(LLVMGetSuccessor(br, (unsigned)z)))
        g->zero_block = LLVMGetSuccessor(br, (unsigned)z);
    LLVMValueRef fn = s->p->funcs[f].fn;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef in = LLVMGetFirstInstruction(b); in; in = LLVMGetNextInstruction(in)) {
            if (rh_rl_stores_into(g, in) && !rh_rl_store_ok(g, in))
                return 0;
            if (LLVMIsACallInst(in) && in != call)
                consider_join(s, g, &l1, in, off, is_join, f);
        }
    return g->nloops > 0;
}

int rh_rl_exit_edge(const rh_rl_group *g, LLVMBasicBlockRef b, LLVMBasicBlockRef sb)
{
    for (int k = 0; k < g->nloops; k++)
        if (g->exit_from[k] == b && g->exit_to[k] == sb)
            return 1;
    return 0;
}

int rh_rl_joined_at(const rh_rl_group *g, LLVMValueRef v, LLVMValueRef at)
{
    LLVMValueRef idx = loaded_elem(v, g->arr);
    for (int k = 0; idx && k < g->nloops; k++) {
        LLVMValueRef c = g->joins[k];
        if (!iv_of(g->cfg, idx, g->exit_from[k]) || c == at || !rh_cfg_dominates(c, at))
            continue;
        for (unsigned j = 0; j < LLVMGetNumArgOperands(c); j++)
            if (iv_of(g->cfg, loaded_elem(LLVMGetOperand(c, j), g->arr), g->exit_from[k]))
                return 1;
    }
    return 0;
}
