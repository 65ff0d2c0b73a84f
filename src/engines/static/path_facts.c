/* path_facts.c - return-value facts that correlate thread creation with a
 * call's result (see path_facts.h for why and the encoding's meaning).
 *
 * Encoding: a constant k in [-127, 127] is K = k + 128 (1..255); K = 0
 * means "not a small constant".  ret_vals holds K, ret_active x << 8 | K,
 * vals vid << 8 | K, excl x << 40 | vid << 8 | K, where vid numbers the
 * calls that carry facts.
 */
#include "path_facts.h"

#define K_ANY 0

static uint64_t k_of(LLVMValueRef v)
{
    if (!v || !LLVMIsAConstantInt(v) || LLVMGetIntTypeWidth(LLVMTypeOf(v)) > 64)
        return K_ANY;
    long long k = LLVMConstIntGetSExtValue(v);
    return k >= -127 && k <= 127 ? (uint64_t)(k + 128) : K_ANY;
}

void rh_pf_return(rh_ls_state *ret, const rh_ls_state *s, LLVMValueRef value)
{
    uint64_t k = k_of(value);
    rh_sset_add(&ret->ret_vals, k);
    for (uint32_t i = 0; i < s->active.n; i++)
        rh_sset_add(&ret->ret_active, s->active.v[i] << 8 | k);
}

LLVMValueRef rh_pf_return_through(LLVMBasicBlockRef b, LLVMBasicBlockRef from)
{
    LLVMValueRef term = LLVMGetBasicBlockTerminator(b);
    if (!term || LLVMGetInstructionOpcode(term) != LLVMRet || LLVMGetNumOperands(term) != 1)
        return NULL;
    for (LLVMValueRef in = LLVMGetFirstInstruction(b); in != term; in = LLVMGetNextInstruction(in))
        if (LLVMGetInstructionOpcode(in) != LLVMPHI)
            return NULL;
    LLVMValueRef v = LLVMGetOperand(term, 0);
    if (!LLVMIsAPHINode(v) || LLVMGetInstructionParent(v) != b)
        return NULL;
    for (unsigned i = 0; i < LLVMCountIncoming(v); i++)
        if (LLVMGetIncomingBlock(v, i) == from)
            return LLVMGetIncomingValue(v, i);
    return NULL;
}

static void drop_matching(rh_sset *s, uint64_t mask, uint64_t want)
{
    for (uint32_t i = 0; i < s->n;)
        if ((s->v[i] & mask) == want)
            rh_sset_remove(s, s->v[i]);
        else
            i++;
}

void rh_pf_created(rh_ls *ls, rh_ls_state *s, int c)
{
    drop_matching(&s->excl, ~(uint64_t)0 << 40, (uint64_t)c << 40);
    if (ls->tg->threads[c].multi)
        return;
    for (uint32_t i = 0; i < s->conds.n; i++) /* created on a path where value != k */
        if (!(s->conds.v[i] & 0x100))
            rh_sset_add(&s->excl, (uint64_t)c << 40 | (s->conds.v[i] >> 9) << 8 | (s->conds.v[i] & 0xff));
}

void rh_pf_redefined(rh_ls *ls, rh_ls_state *s, LLVMValueRef inst)
{
    long vid = rh_map_get_ptr(&ls->fact_vid, inst, -1);
    if (vid < 0)
        return;
    drop_matching(&s->conds, ~(uint64_t)0x1ff, (uint64_t)vid << 9);
    drop_matching(&s->vals, ~(uint64_t)0xff, (uint64_t)vid << 8);
    drop_matching(&s->excl, 0xffffffff00ull, (uint64_t)vid << 8);
}

int rh_pf_join_excl(rh_ls_state *d, const rh_ls_state *s)
{
    rh_sset out = {0};
    for (uint32_t i = 0; i < d->excl.n; i++) {
        uint64_t e = d->excl.v[i];
        if (rh_sset_has(&s->excl, e) || !rh_sset_has(&s->active, e >> 40))
            rh_sset_add(&out, e);
    }
    for (uint32_t i = 0; i < s->excl.n; i++)
        if (!rh_sset_has(&d->active, s->excl.v[i] >> 40))
            rh_sset_add(&out, s->excl.v[i]);
    int changed = !rh_sset_equal(&out, &d->excl);
    rh_sset_free(&d->excl);
    d->excl = out;
    return changed;
}

static long vid_of(rh_ls *ls, LLVMValueRef call, int make)
{
    long v = rh_map_get_ptr(&ls->fact_vid, call, -1);
    if (v < 0 && make && ls->nvids < (1L << 30))
        rh_map_put_ptr(&ls->fact_vid, call, v = ls->nvids++);
    return v;
}

void rh_pf_after_call(rh_ls *ls, LLVMValueRef call, int resolved, const rh_ls_state *before, rh_ls_state *out)
{
    rh_sset_copy(&out->excl, &before->excl);
    rh_sset_copy(&out->vals, &before->vals);
    rh_sset_copy(&out->conds, &before->conds); /* our branches guard the whole call */
    for (uint32_t i = 0; i < out->active.n; i++) /* created by the call: older facts are void */
        if (!rh_sset_has(&before->active, out->active.v[i]))
            rh_pf_created(ls, out, (int)out->active.v[i]);
    long vid = vid_of(ls, call, LLVMGetFirstUse(call) != NULL);
    if (vid >= 0) { /* the call runs again: its old result is gone */
        drop_matching(&out->vals, ~(uint64_t)0xff, (uint64_t)vid << 8);
        drop_matching(&out->excl, 0xffffffff00ull, (uint64_t)vid << 8);
    }
    if (vid >= 0 && resolved && out->ret_vals.n && !rh_sset_has(&out->ret_vals, K_ANY)) {
        for (uint32_t j = 0; j < out->ret_vals.n; j++)
            rh_sset_add(&out->vals, (uint64_t)vid << 8 | out->ret_vals.v[j]);
        for (uint32_t i = 0; i < out->active.n; i++) {
            uint64_t x = out->active.v[i];
            if (ls->tg->threads[x].multi)
                continue;
            for (uint32_t j = 0; j < out->ret_vals.n; j++)
                if (!rh_sset_has(&out->ret_active, x << 8 | out->ret_vals.v[j]))
                    rh_sset_add(&out->excl, x << 40 | (uint64_t)vid << 8 | out->ret_vals.v[j]);
        }
    }
    rh_sset_clear(&out->ret_vals);
    rh_sset_clear(&out->ret_active);
}

/* The comparison a branch condition is, through zext/trunc and `xor 1`
 * negations (*neg flips per negation); NULL if not an icmp. */
LLVMValueRef rh_pf_icmp_of(LLVMValueRef cond, int *neg)
{
    *neg = 0;
    for (int d = 0; d < 8 && LLVMIsAInstruction(cond); d++) {
        LLVMOpcode op = LLVMGetInstructionOpcode(cond);
        LLVMValueRef c1 = op == LLVMXor ? LLVMGetOperand(cond, 1) : NULL;
        if (op == LLVMXor && LLVMIsAConstantInt(c1) && LLVMConstIntGetZExtValue(c1) == 1)
            *neg ^= 1, cond = LLVMGetOperand(cond, 0);
        else if (op == LLVMZExt || op == LLVMTrunc)
            cond = LLVMGetOperand(cond, 0);
        else
            break;
    }
    return LLVMIsAICmpInst(cond) ? cond : NULL;
}

void rh_pf_refine(rh_ls *ls, LLVMValueRef term, unsigned succ, rh_ls_state *s)
{
    int neg;
    LLVMValueRef cmp = rh_pf_icmp_of(LLVMGetCondition(term), &neg);
    if (!cmp)
        return;
    LLVMIntPredicate pr = LLVMGetICmpPredicate(cmp);
    LLVMValueRef a = LLVMGetOperand(cmp, 0), b = LLVMGetOperand(cmp, 1);
    if (LLVMIsAConstantInt(a))
        a = b, b = LLVMGetOperand(cmp, 0);
    uint64_t k = k_of(b);
    if (LLVMIsAConstant(a) || k == K_ANY || (pr != LLVMIntEQ && pr != LLVMIntNE))
        return;
    long vid = vid_of(ls, a, 1);
    if (vid < 0)
        return;
    int equal = (succ == 0) ^ neg ^ (pr == LLVMIntNE); /* on this edge, a == k */
    int known = 0, other = 0; /* the call's result is known; it may be a value other than k */
    for (uint32_t i = 0; i < s->vals.n; i++)
        if (s->vals.v[i] >> 8 == (uint64_t)vid)
            known = 1, other |= (s->vals.v[i] & 0xff) != k;
    if (known && (equal ? !rh_sset_has(&s->vals, (uint64_t)vid << 8 | k) : !other)) {
        s->live = 0; /* the call never returns a value that takes this edge */
        return;
    }
    rh_sset_add(&s->conds, (uint64_t)vid << 9 | (uint64_t)equal << 8 | k);
    rh_sset possible = {0};
    if (equal)
        rh_sset_add(&possible, k);
    for (uint32_t i = 0; i < s->vals.n && !equal; i++)
        if (s->vals.v[i] >> 8 == (uint64_t)vid && (s->vals.v[i] & 0xff) != k)
            rh_sset_add(&possible, s->vals.v[i] & 0xff);
    for (uint32_t i = 0; i < s->active.n;) {
        uint64_t x = s->active.v[i];
        int excluded = 1;
        for (uint32_t j = 0; j < possible.n && excluded; j++)
            excluded = rh_sset_has(&s->excl, x << 40 | (uint64_t)vid << 8 | possible.v[j]);
        if (excluded && possible.n)
            rh_sset_remove(&s->active, x);
        else
            i++;
    }
    rh_sset_free(&possible);
}
