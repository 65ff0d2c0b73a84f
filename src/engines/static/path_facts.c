/* path_facts.c - return-value facts that correlate thread creation with a
 * call's result (see path_facts.h for why and the encoding's meaning).
 *
 * Encoding: a constant k in [-126, 127] is K = k + 128 (2..255; NULL is
 * K = 128, as 0); K = 1 is "a pointer that is not null"; K = 0 means "not
 * a small constant".  ret_vals holds K, ret_active x << 8 | K, and
 * (RA_COUNT | c << 8 | n) << 8 | K when n instances of counted thread c
 * may run at that return; vals vid << 8 | K, excl x << 40 | vid << 8 | K,
 * where vid numbers the calls that carry facts, and a count fact "if the
 * result is K, at most m instances of c run" has x = XC_TAG | c << 3 | m.
 */
#include "path_facts.h"
#include "lockset.h"
#include "nonnull_values.h"

#define K_ANY 0
#define K_NONNULL 1
#define K_NULL 128
#define RA_COUNT (1ull << 54)
#define XC_TAG (1ull << 23)
#define XC_MAX_THREAD (1 << 20)

static uint64_t k_of(LLVMValueRef v)
{
    if (v && LLVMIsAConstantPointerNull(v))
        return K_NULL;
    if (!v || !LLVMIsAConstantInt(v) || LLVMGetIntTypeWidth(LLVMTypeOf(v)) > 64)
        return K_ANY;
    long long k = LLVMConstIntGetSExtValue(v);
    return k >= -126 && k <= 127 ? (uint64_t)(k + 128) : K_ANY;
}

/* The K of a returned value at return (or edge) `at`: a pointer that is
 * surely not null there is K_NONNULL (nonnull_values.h). */
static uint64_t ret_k(LLVMValueRef v, LLVMValueRef at)
{
    uint64_t k = k_of(v);
    if (k == K_ANY && v && LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind && rh_nv_nonnull(v, at))
        return K_NONNULL;
    return k;
}

static long vid_of(rh_ls *ls, LLVMValueRef call, int make);

static uint64_t count_fact(int c, int m, long vid, uint64_t k)
{
    return (XC_TAG | (uint64_t)c << 3 | (uint64_t)m) << 40 | (uint64_t)vid << 8 | k;
}

void rh_pf_return(rh_ls_state *ret, const rh_ls_state *s, LLVMValueRef value, LLVMValueRef at)
{
    uint64_t k = ret_k(value, at);
    rh_sset_add(&ret->ret_vals, k);
    for (uint32_t i = 0; i < s->active.n; i++)
        rh_sset_add(&ret->ret_active, s->active.v[i] << 8 | k);
    for (uint32_t i = 0; i < s->spawned.n; i++) /* the counts, (c, 1) .. (c, n) */
        rh_sset_add(&ret->ret_active, (RA_COUNT | s->spawned.v[i]) << 8 | k);
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

/* Count facts about thread c go: one more instance of it may run. */
static void drop_counts(rh_ls_state *s, int c)
{
    drop_matching(&s->excl, ~(uint64_t)0 << 43, (XC_TAG | (uint64_t)c << 3) << 40);
}

void rh_pf_created(rh_ls *ls, rh_ls_state *s, int c)
{
    drop_matching(&s->excl, ~(uint64_t)0 << 40, (uint64_t)c << 40);
    drop_counts(s, c);
    if (ls->tg->threads[c].multi)
        return;
    for (uint32_t i = 0; i < s->conds.n; i++) /* created on a path where value != k */
        if (!(s->conds.v[i] & 0x100))
            rh_sset_add(&s->excl, (uint64_t)c << 40 | (s->conds.v[i] >> 9) << 8 | (s->conds.v[i] & 0xff));
}

/* Whether phi p is compared with a constant by a branch condition. */
static int tested_phi(LLVMValueRef p)
{
    for (LLVMUseRef u = LLVMGetFirstUse(p); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef c = LLVMGetUser(u);
        if (LLVMIsAICmpInst(c) && (LLVMIsAConstantPointerNull(LLVMGetOperand(c, 1)) ||
                                   LLVMIsAConstantInt(LLVMGetOperand(c, 1))))
            return 1;
    }
    return 0;
}

/* On the edge into b that gives phi p (fact number vid) the value of K:
 * p == K here, so a thread not running here runs only if p != K, and a
 * counted thread runs at most as many instances as here if p == K. */
static void phi_facts(rh_ls *ls, rh_ls_state *s, long vid, uint64_t k)
{
    rh_sset_add(&s->vals, (uint64_t)vid << 8 | k);
    if (k == K_ANY || ls->tg->nthreads > 64)
        return;
    for (int x = 1; x < ls->tg->nthreads; x++) {
        if (ls->tg->threads[x].parent != ls->cur_thread) /* only its own children change here */
            continue;
        if (!ls->tg->threads[x].multi && !rh_sset_has(&s->active, (uint64_t)x))
            rh_sset_add(&s->excl, (uint64_t)x << 40 | (uint64_t)vid << 8 | k);
        int n = rh_sc_count(s, x);
        if (x < XC_MAX_THREAD && n <= 7 && rh_sc_countable(ls, x))
            rh_sset_add(&s->excl, count_fact(x, n, vid, k));
    }
}

static void drop_facts(rh_ls_state *s, long vid)
{
    drop_matching(&s->conds, ~(uint64_t)0x1ff, (uint64_t)vid << 9);
    drop_matching(&s->vals, ~(uint64_t)0xff, (uint64_t)vid << 8);
    drop_matching(&s->excl, 0xffffffff00ull, (uint64_t)vid << 8);
}

void rh_pf_edge(rh_ls *ls, LLVMValueRef term, LLVMBasicBlockRef to, rh_ls_state *s)
{
    LLVMBasicBlockRef from = LLVMGetInstructionParent(term);
    for (LLVMValueRef p = LLVMGetFirstInstruction(to); p && LLVMIsAPHINode(p); p = LLVMGetNextInstruction(p)) {
        long vid = rh_map_get_ptr(&ls->fact_vid, p, -1);
        int tested = vid >= 0 || tested_phi(p);
        if (!tested)
            continue;
        if (vid < 0 && (vid = vid_of(ls, p, 1)) < 0)
            continue;
        drop_facts(s, vid); /* its value on the last pass is gone */
        LLVMValueRef v = NULL;
        for (unsigned i = 0; i < LLVMCountIncoming(p) && !v; i++)
            if (LLVMGetIncomingBlock(p, i) == from)
                v = LLVMGetIncomingValue(p, i);
        phi_facts(ls, s, vid, v ? ret_k(v, term) : K_ANY);
    }
}

void rh_pf_redefined(rh_ls *ls, rh_ls_state *s, LLVMValueRef inst)
{
    long vid = rh_map_get_ptr(&ls->fact_vid, inst, -1);
    if (vid < 0 || LLVMIsAPHINode(inst)) /* a phi's facts are set on the edge (rh_pf_edge) */
        return;
    drop_matching(&s->conds, ~(uint64_t)0x1ff, (uint64_t)vid << 9);
    drop_matching(&s->vals, ~(uint64_t)0xff, (uint64_t)vid << 8);
    drop_matching(&s->excl, 0xffffffff00ull, (uint64_t)vid << 8);
}

/* Whether excl fact e holds in state s whatever the result: its thread is
 * not running there (a count fact: no more instances than it allows). */
static int vacuous(const rh_ls_state *s, uint64_t e)
{
    uint64_t x = e >> 40, vk = e & 0xffffffffffull, known = 0;
    for (uint32_t i = 0; i < s->vals.n; i++) /* the value is surely not K there */
        if (s->vals.v[i] >> 8 == vk >> 8) {
            if (s->vals.v[i] == vk || (s->vals.v[i] & 0xff) == K_ANY)
                goto not_by_value;
            known = 1;
        }
    if (known)
        return 1;
not_by_value:
    if (x & XC_TAG)
        return rh_sc_count(s, (int)((x & ~XC_TAG) >> 3)) <= (int)(x & 7);
    return !rh_sset_has(&s->active, x);
}

int rh_pf_join_excl(rh_ls_state *d, const rh_ls_state *s)
{
    rh_sset out = {0};
    for (uint32_t i = 0; i < d->excl.n; i++) {
        uint64_t e = d->excl.v[i];
        if (rh_sset_has(&s->excl, e) || vacuous(s, e))
            rh_sset_add(&out, e);
    }
    for (uint32_t i = 0; i < s->excl.n; i++)
        if (vacuous(d, s->excl.v[i]))
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

/* The call's result K says at most m_K instances of counted thread c run,
 * fewer than may run after it: the returns of K left at most m_K (a
 * wrapper that returns NULL where its create failed). */
static void count_facts(rh_ls_state *out, long vid)
{
    for (uint32_t i = 0; i < out->spawned.n; i++) {
        int c = (int)(out->spawned.v[i] >> 8), n = rh_sc_count(out, c);
        if (c >= XC_MAX_THREAD || n < 1 || n > 7 || (i + 1 < out->spawned.n && (int)(out->spawned.v[i + 1] >> 8) == c))
            continue; /* one pass per thread: at its last element */
        for (uint32_t j = 0; j < out->ret_vals.n; j++) {
            uint64_t k = out->ret_vals.v[j];
            int m = 0;
            while (m < n && rh_sset_has(&out->ret_active, (RA_COUNT | (uint64_t)c << 8 | (uint64_t)(m + 1)) << 8 | k))
                m++;
            if (m < n)
                rh_sset_add(&out->excl, count_fact(c, m, vid, k));
        }
    }
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
    for (uint32_t i = 0; i < out->spawned.n; i++) { /* the call made more instances */
        int c = (int)(out->spawned.v[i] >> 8);
        if (rh_sc_count(out, c) > rh_sc_count(before, c))
            drop_counts(out, c);
    }
    if (vid >= 0 && resolved && out->ret_vals.n && !rh_sset_has(&out->ret_vals, K_ANY))
        count_facts(out, vid);
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

/* On an edge where the result of call vid is one of `possible`, counted
 * thread c runs at most as many instances as the largest m of the count
 * facts for those values (none when one value has no fact). */
static void refine_counts(rh_ls_state *s, long vid, const rh_sset *possible)
{
    rh_sset threads = {0};
    for (uint32_t i = 0; i < s->spawned.n && possible->n; i++)
        if ((s->spawned.v[i] >> 8) < XC_MAX_THREAD)
            rh_sset_add(&threads, s->spawned.v[i] >> 8);
    for (uint32_t i = 0; i < threads.n; i++) {
        int c = (int)threads.v[i], m = -1;
        for (uint32_t j = 0; j < possible->n; j++) {
            int mk = -1;
            for (int t = 0; t < 8 && mk < 0; t++)
                if (rh_sset_has(&s->excl, count_fact(c, t, vid, possible->v[j])))
                    mk = t;
            if (mk < 0) {
                m = -1;
                break;
            }
            m = mk > m ? mk : m;
        }
        if (m >= 0)
            rh_sc_trim(s, c, m);
    }
    rh_sset_free(&threads);
}

void rh_pf_refine(rh_ls *ls, LLVMValueRef term, unsigned succ, rh_ls_state *s)
{
    int neg;
    LLVMValueRef cmp = rh_pf_icmp_of(LLVMGetCondition(term), &neg);
    if (!cmp)
        return;
    LLVMIntPredicate pr = LLVMGetICmpPredicate(cmp);
    LLVMValueRef a = LLVMGetOperand(cmp, 0), b = LLVMGetOperand(cmp, 1);
    if (LLVMIsAConstantInt(a) || LLVMIsAConstantPointerNull(a))
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
    if (rh_sset_has(&s->vals, (uint64_t)vid << 8 | K_ANY)) /* a phi that may be anything */
        known = 0;
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
    refine_counts(s, vid, &possible);
    rh_sset_free(&possible);
}
