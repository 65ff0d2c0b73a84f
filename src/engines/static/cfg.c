/* cfg.c - per-function control-flow graphs and cycle membership (Tarjan's
 * strongly connected components, iterative so huge functions cannot
 * overflow the stack).  See cfg.h.
 */
#include "cfg.h"

#include <stdlib.h>
#include <string.h>

static void scc_pop(rh_cfg_func *f, int *stack, int *sp, unsigned char *onstk, int v)
{
    int start = *sp, w, cnt = 0;
    do {
        w = stack[--*sp];
        onstk[w] = 0;
        cnt++;
    } while (w != v);
    if (cnt > 1)
        for (int k = *sp; k < start; k++)
            f->in_cycle[stack[k]] = 1;
}

static void mark_cycles(rh_cfg_func *f)
{
    int n = f->nblocks;
    int *index = rh_xmalloc((size_t)n * sizeof *index), *low = rh_xmalloc((size_t)n * sizeof *low);
    int *stack = rh_xmalloc((size_t)n * sizeof *stack), *cs = rh_xmalloc((size_t)n * sizeof *cs);
    int *ce = rh_xmalloc((size_t)n * sizeof *ce);
    unsigned char *onstk = rh_xcalloc((size_t)n, 1);
    int sp = 0, csp = 0, idx = 0;
    for (int i = 0; i < n; i++)
        index[i] = -1;
    for (int s = 0; s < n; s++) {
        if (index[s] >= 0)
            continue;
        index[s] = low[s] = idx++, stack[sp++] = s, onstk[s] = 1;
        cs[csp] = s, ce[csp++] = f->succ_off[s];
        while (csp) {
            int v = cs[csp - 1], e = ce[csp - 1];
            if (e < f->succ_off[v + 1]) {
                ce[csp - 1]++;
                int w = f->succ[e];
                if (w == v)
                    f->in_cycle[v] = 1;
                if (index[w] < 0) {
                    index[w] = low[w] = idx++, stack[sp++] = w, onstk[w] = 1;
                    cs[csp] = w, ce[csp++] = f->succ_off[w];
                } else if (onstk[w] && index[w] < low[v]) {
                    low[v] = index[w];
                }
                continue;
            }
            csp--;
            if (csp && low[v] < low[cs[csp - 1]])
                low[cs[csp - 1]] = low[v];
            if (low[v] == index[v])
                scc_pop(f, stack, &sp, onstk, v);
        }
    }
    free(index), free(low), free(stack), free(cs), free(ce), free(onstk);
}

static void build_func(rh_cfg *c, rh_cfg_func *f, LLVMValueRef fn)
{
    f->nblocks = (int)LLVMCountBasicBlocks(fn);
    f->blocks = rh_xmalloc((size_t)(f->nblocks + 1) * sizeof *f->blocks);
    LLVMGetBasicBlocks(fn, f->blocks);
    for (int i = 0; i < f->nblocks; i++)
        rh_map_put_ptr(&c->block_index, f->blocks[i], i);
    f->succ_off = rh_xmalloc((size_t)(f->nblocks + 1) * sizeof *f->succ_off);
    int total = 0;
    for (int i = 0; i < f->nblocks; i++) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(f->blocks[i]);
        total += t ? (int)LLVMGetNumSuccessors(t) : 0;
    }
    f->succ = rh_xmalloc((size_t)(total + 1) * sizeof *f->succ);
    int k = 0;
    for (int i = 0; i < f->nblocks; i++) {
        f->succ_off[i] = k;
        LLVMValueRef t = LLVMGetBasicBlockTerminator(f->blocks[i]);
        unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
        for (unsigned s = 0; s < ns; s++)
            f->succ[k++] = (int)rh_map_get_ptr(&c->block_index, LLVMGetSuccessor(t, s), 0);
    }
    f->succ_off[f->nblocks] = k;
    f->in_cycle = rh_xcalloc((size_t)f->nblocks + 1, 1);
    mark_cycles(f);
}

void rh_cfg_build(rh_cfg *c, const rh_program *p)
{
    memset(c, 0, sizeof *c);
    c->nfuncs = p->nfuncs;
    c->f = rh_xcalloc((size_t)p->nfuncs + 1, sizeof *c->f);
    for (int i = 0; i < p->nfuncs; i++)
        build_func(c, &c->f[i], p->funcs[i].fn);
}

void rh_cfg_free(rh_cfg *c)
{
    for (int i = 0; i < c->nfuncs; i++) {
        free(c->f[i].blocks);
        free(c->f[i].succ_off);
        free(c->f[i].succ);
        free(c->f[i].in_cycle);
    }
    free(c->f);
    rh_map_free(&c->block_index);
    memset(c, 0, sizeof *c);
}

int rh_cfg_block(const rh_cfg *c, LLVMBasicBlockRef b)
{
    return (int)rh_map_get_ptr(&c->block_index, b, -1);
}

int rh_cfg_inst_in_loop(const rh_cfg *c, int func, LLVMValueRef inst)
{
    int b = rh_cfg_block(c, LLVMGetInstructionParent(inst));
    return b < 0 || c->f[func].in_cycle[b];
}

/* Depth-first search from the entry that never enters block `wall`:
 * whether it reaches block `target`. */
static int reaches_around(LLVMBasicBlockRef entry, LLVMBasicBlockRef wall, LLVMBasicBlockRef target)
{
    rh_map seen = {0};
    RH_VEC(LLVMBasicBlockRef) stack = {0};
    int found = 0;
    rh_vec_push(&stack, entry);
    rh_map_put_ptr(&seen, entry, 1);
    while (stack.len && !found) {
        LLVMBasicBlockRef b = stack.items[--stack.len];
        if (b == target) {
            found = 1;
            break;
        }
        LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
        for (unsigned i = 0, n = t ? LLVMGetNumSuccessors(t) : 0; i < n; i++) {
            LLVMBasicBlockRef nb = LLVMGetSuccessor(t, i);
            if (nb != wall && rh_map_get_ptr(&seen, nb, 0) == 0) {
                rh_map_put_ptr(&seen, nb, 1);
                rh_vec_push(&stack, nb);
            }
        }
    }
    rh_vec_free(&stack);
    rh_map_free(&seen);
    return found;
}

int rh_cfg_dominates(LLVMValueRef a, LLVMValueRef b)
{
    LLVMBasicBlockRef ba = LLVMGetInstructionParent(a), bb = LLVMGetInstructionParent(b);
    if (LLVMGetBasicBlockParent(ba) != LLVMGetBasicBlockParent(bb))
        return 0;
    if (ba == bb) {
        for (LLVMValueRef in = LLVMGetFirstInstruction(ba); in; in = LLVMGetNextInstruction(in))
            if (in == a || in == b)
                return in == a && a != b;
        return 0;
    }
    LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(LLVMGetBasicBlockParent(ba));
    return ba == entry || !reaches_around(entry, ba, bb);
}

int rh_cfg_may_follow(LLVMValueRef a, LLVMValueRef b)
{
    LLVMBasicBlockRef ba = LLVMGetInstructionParent(a), bb = LLVMGetInstructionParent(b);
    for (LLVMValueRef in = LLVMGetNextInstruction(a); in; in = LLVMGetNextInstruction(in))
        if (in == b)
            return 1;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(ba);
    for (unsigned i = 0, n = t ? LLVMGetNumSuccessors(t) : 0; i < n; i++)
        if (reaches_around(LLVMGetSuccessor(t, i), NULL, bb))
            return 1;
    return 0;
}

static void push_succs(LLVMBasicBlockRef b, LLVMBasicBlockRef only, void *work)
{
    RH_VEC(LLVMBasicBlockRef) *w = work;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
    if (only) {
        rh_vec_push(w, only);
        return;
    }
    for (unsigned i = 0; t && i < LLVMGetNumSuccessors(t); i++)
        rh_vec_push(w, LLVMGetSuccessor(t, i));
}

int rh_cfg_reaches_before(LLVMValueRef from, LLVMValueRef site, LLVMBasicBlockRef first_edge,
                          int (*hit)(LLVMValueRef in, void *ctx), void *ctx)
{
    for (LLVMValueRef in = LLVMGetNextInstruction(from); in; in = LLVMGetNextInstruction(in))
        if (in == site)
            return 0;
        else if (hit(in, ctx))
            return 1;
    LLVMBasicBlockRef fb = LLVMGetInstructionParent(from);
    RH_VEC(LLVMBasicBlockRef) work = {0};
    rh_map seen = {0};
    int found = 0;
    push_succs(fb, first_edge, &work);
    while (work.len && !found) {
        LLVMBasicBlockRef b = work.items[--work.len];
        if (rh_map_get_ptr(&seen, b, 0))
            continue;
        rh_map_put_ptr(&seen, b, 1);
        LLVMValueRef in = LLVMGetFirstInstruction(b);
        for (; in && in != site && !found; in = LLVMGetNextInstruction(in))
            found = hit(in, ctx);
        if (!in)
            push_succs(b, b == fb ? first_edge : NULL, &work);
    }
    rh_vec_free(&work);
    rh_map_free(&seen);
    return found;
}
