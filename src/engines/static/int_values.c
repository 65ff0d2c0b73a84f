/* int_values.c - interval and congruence values of integer SSA values
 * (see int_values.h).  mod 0 stands for an exact value (rem), as in
 * Granger's congruence domain, so that adding a constant keeps a residue.
 */
#include "int_values.h"
#include "loops.h"

#define DEPTH 16

static const rh_ival TOP = {INT64_MIN, INT64_MAX, 1, 0};

static uint64_t magnitude(int64_t a)
{
    return a < 0 ? 0 - (uint64_t)a : (uint64_t)a;
}

/* gcd(|a|, |b|), 1 when it does not fit (only for INT64_MIN itself). */
static int64_t gcd64(int64_t a, int64_t b)
{
    uint64_t x = magnitude(a), y = magnitude(b);
    while (y) {
        uint64_t t = x % y;
        x = y, y = t;
    }
    return x > (uint64_t)INT64_MAX ? 1 : (int64_t)x;
}

/* x mod m in [0, m) (m > 0). */
static int64_t pmod(int64_t x, int64_t m)
{
    int64_t r = x % m;
    return r < 0 ? r + m : r;
}

static rh_ival exact(int64_t k)
{
    rh_ival v = {k, k, 0, k};
    return v;
}

/* Puts a value in normal form: a residue in [0, mod), a singleton exact. */
static rh_ival norm(rh_ival v)
{
    if (v.lo > v.hi)
        return TOP; /* cannot happen for reachable code; stay sound */
    if (v.lo == v.hi)
        return exact(v.lo);
    if (v.mod == 0) /* an exact value with a wider interval: trust the value */
        return exact(v.rem);
    if (v.mod < 0)
        v.mod = 1;
    v.rem = pmod(v.rem, v.mod);
    return v;
}

static int is_exact(const rh_ival *v)
{
    return v->mod == 0;
}

static rh_ival join(rh_ival a, rh_ival b)
{
    rh_ival r;
    r.lo = a.lo < b.lo ? a.lo : b.lo, r.hi = a.hi > b.hi ? a.hi : b.hi;
    int64_t d;
    r.mod = __builtin_sub_overflow(a.rem, b.rem, &d) ? 1 : gcd64(gcd64(a.mod, b.mod), d);
    r.rem = r.mod ? pmod(a.rem, r.mod) : a.rem;
    return norm(r);
}

/* Interval bound arithmetic saturates to "unbounded" on overflow. */
static void add_bounds(const rh_ival *a, const rh_ival *b, rh_ival *r)
{
    if (a->lo == INT64_MIN || b->lo == INT64_MIN || __builtin_add_overflow(a->lo, b->lo, &r->lo))
        r->lo = INT64_MIN;
    if (a->hi == INT64_MAX || b->hi == INT64_MAX || __builtin_add_overflow(a->hi, b->hi, &r->hi))
        r->hi = INT64_MAX;
}

static rh_ival add(rh_ival a, rh_ival b)
{
    rh_ival r;
    add_bounds(&a, &b, &r);
    r.mod = gcd64(a.mod, b.mod);
    if (__builtin_add_overflow(a.rem, b.rem, &r.rem))
        r.mod = 1, r.rem = 0;
    if (r.mod == 0 && (r.lo == INT64_MIN || r.hi == INT64_MAX))
        return TOP;
    return norm(r);
}

static rh_ival neg(rh_ival a)
{
    if (a.lo == INT64_MIN || a.hi == INT64_MIN || a.rem == INT64_MIN)
        return TOP;
    rh_ival r = {a.hi == INT64_MAX ? INT64_MIN : -a.hi, -a.lo, a.mod, -a.rem};
    return norm(r);
}

static rh_ival mul(rh_ival a, rh_ival b)
{
    if (a.lo == INT64_MIN || a.hi == INT64_MAX || b.lo == INT64_MIN || b.hi == INT64_MAX) {
        if (!is_exact(&b) || b.rem == 0)
            return TOP;
        /* unbounded times a constant: only the congruence survives */
        rh_ival r = TOP;
        if (!__builtin_mul_overflow(a.mod, b.rem, &r.mod) && !__builtin_mul_overflow(a.rem, b.rem, &r.rem) &&
            r.mod != 0 && r.mod != INT64_MIN)
            r.mod = r.mod < 0 ? -r.mod : r.mod, r.rem = pmod(r.rem, r.mod);
        else
            r.mod = 1, r.rem = 0;
        return r;
    }
    int64_t c[4];
    if (__builtin_mul_overflow(a.lo, b.lo, &c[0]) || __builtin_mul_overflow(a.lo, b.hi, &c[1]) ||
        __builtin_mul_overflow(a.hi, b.lo, &c[2]) || __builtin_mul_overflow(a.hi, b.hi, &c[3]))
        return TOP;
    rh_ival r = {c[0], c[0], 1, 0};
    for (int i = 1; i < 4; i++)
        r.lo = c[i] < r.lo ? c[i] : r.lo, r.hi = c[i] > r.hi ? c[i] : r.hi;
    int64_t m1, m2, m3;
    if (!__builtin_mul_overflow(a.mod, b.mod, &m1) && !__builtin_mul_overflow(a.mod, b.rem, &m2) &&
        !__builtin_mul_overflow(b.mod, a.rem, &m3) && !__builtin_mul_overflow(a.rem, b.rem, &r.rem))
        r.mod = gcd64(gcd64(m1, m2), m3);
    else
        r.mod = 1, r.rem = 0;
    return norm(r);
}

static int const_arg(LLVMValueRef v, int64_t *k)
{
    if (!LLVMIsAConstantInt(v))
        return 0;
    *k = LLVMConstIntGetSExtValue(v);
    return 1;
}

/* x & k, x | k for a constant k >= 0. */
static rh_ival bit_and(rh_ival a, int64_t k)
{
    if (is_exact(&a))
        return exact(a.rem & k);
    if (k < INT64_MAX && (k & (k + 1)) == 0 && a.mod % (k + 1) == 0) /* k = 2^n - 1, the residue fixes the low bits */
        return exact(a.rem & k);
    rh_ival r = {0, a.lo >= 0 && a.hi < k ? a.hi : k, 1, 0};
    return norm(r);
}

static rh_ival bit_or(rh_ival a, int64_t k)
{
    if (is_exact(&a))
        return exact(a.rem | k);
    int64_t p = 1; /* the smallest power of two above k */
    while (p <= k && p < ((int64_t)1 << 40))
        p <<= 1;
    if (p > k && a.mod % p == 0 && a.rem % p == 0) /* the low bits are zero: | is + */
        return add(a, exact(k));
    return TOP;
}

/* a | b where b lies in [0, 2^n) and a's residue says its low n bits are
 * zero (`id << 2 | k` with k below 4): the or is a sum. */
static int or_is_sum(const rh_ival *a, const rh_ival *b)
{
    if (b->lo < 0 || b->hi >= ((int64_t)1 << 40))
        return 0;
    int64_t p = 1;
    while (p <= b->hi)
        p <<= 1;
    return a->mod != 1 && (a->mod == 0 ? a->rem : a->mod) % p == 0 && a->rem % p == 0;
}

/* x % k and x / k for a constant k > 0. */
static rh_ival rem_by(rh_ival a, int64_t k, int is_signed)
{
    if (a.lo < 0) {
        rh_ival r = {is_signed ? -(k - 1) : 0, k - 1, 1, 0};
        return norm(r);
    }
    if (is_exact(&a) || a.mod % k == 0)
        return exact(pmod(a.rem, k));
    rh_ival r = {0, a.hi < k ? a.hi : k - 1, 1, 0};
    return a.hi < k ? a : norm(r);
}

static rh_ival div_by(rh_ival a, int64_t k)
{
    if (a.lo < 0)
        return TOP;
    rh_ival r = {a.lo / k, a.hi == INT64_MAX ? INT64_MAX : a.hi / k, 1, 0};
    return norm(r);
}

static int width_of(LLVMValueRef v)
{
    LLVMTypeRef t = LLVMTypeOf(v);
    return LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? (int)LLVMGetIntTypeWidth(t) : 64;
}

/* A value that must fit a w-bit type read as signed (w < 64). */
static rh_ival fits_signed(rh_ival a, int w)
{
    if (w >= 64)
        return a;
    int64_t lim = (int64_t)1 << (w - 1);
    return a.lo >= -lim && a.hi < lim ? a : TOP;
}

static rh_ival eval(const rh_iv_env *env, LLVMValueRef v, int depth);
static int only_entry_from(LLVMValueRef fn, LLVMBasicBlockRef s, LLVMBasicBlockRef p);

/* The step c > 0 when v is `phi + c`. */
static int64_t step_of(LLVMValueRef v, LLVMValueRef phi)
{
    int64_t c;
    if (!LLVMIsAInstruction(v) || LLVMGetInstructionOpcode(v) != LLVMAdd)
        return 0;
    LLVMValueRef a = LLVMGetOperand(v, 0), b = LLVMGetOperand(v, 1);
    if (a != phi)
        a = b, b = LLVMGetOperand(v, 0);
    return a == phi && const_arg(b, &c) && c > 0 && c < ((int64_t)1 << 30) ? c : 0;
}

LLVMIntPredicate rh_icmp_swapped(LLVMIntPredicate pr)
{
    switch (pr) {
    case LLVMIntSLT: return LLVMIntSGT;
    case LLVMIntSLE: return LLVMIntSGE;
    case LLVMIntSGT: return LLVMIntSLT;
    case LLVMIntSGE: return LLVMIntSLE;
    case LLVMIntULT: return LLVMIntUGT;
    case LLVMIntULE: return LLVMIntUGE;
    case LLVMIntUGT: return LLVMIntULT;
    case LLVMIntUGE: return LLVMIntULE;
    default: return pr;
    }
}

LLVMIntPredicate rh_icmp_negated(LLVMIntPredicate pr)
{
    switch (pr) {
    case LLVMIntEQ: return LLVMIntNE;
    case LLVMIntNE: return LLVMIntEQ;
    case LLVMIntSLT: return LLVMIntSGE;
    case LLVMIntSLE: return LLVMIntSGT;
    case LLVMIntSGT: return LLVMIntSLE;
    case LLVMIntSGE: return LLVMIntSLT;
    case LLVMIntULT: return LLVMIntUGE;
    case LLVMIntULE: return LLVMIntUGT;
    case LLVMIntUGT: return LLVMIntULE;
    case LLVMIntUGE: return LLVMIntULT;
    default: return pr;
    }
}

/* Whether v is phi, or phi extended (a zero extension only of a counter
 * that starts non-negative, *zext says which). */
static int is_counter(LLVMValueRef v, LLVMValueRef phi, int *zext)
{
    *zext = 0;
    while (LLVMIsAInstruction(v) && (LLVMGetInstructionOpcode(v) == LLVMSExt || LLVMGetInstructionOpcode(v) == LLVMZExt)) {
        *zext |= LLVMGetInstructionOpcode(v) == LLVMZExt;
        v = LLVMGetOperand(v, 0);
    }
    return v == phi;
}

/* A counter phi of an increasing loop: `phi = [init, preheader], [phi + c,
 * latch]`, its header ending in a test of phi against a bound, and the way that stays (stay, entered from the header
 * alone) dominating the increment, so that every value incremented passed
 * the test.  Every value of phi then lies in [init.lo, max(init.hi, ub + c)]
 * and is init modulo c, ub being the largest value that passes the test;
 * where the instruction env->at runs, dominated by stay, the value it sees
 * passed the test: at most ub.  Signed tests only, or unsigned ones of
 * non-negative values. */
static int eval_counter(const rh_iv_env *env, LLVMValueRef phi, int depth, rh_ival *out)
{
    LLVMBasicBlockRef head = LLVMGetInstructionParent(phi);
    LLVMValueRef term = LLVMGetBasicBlockTerminator(head), fn = LLVMGetBasicBlockParent(head);
    if (LLVMCountIncoming(phi) != 2 || !term || !LLVMIsABranchInst(term) || !LLVMIsConditional(term) ||
        !LLVMIsAICmpInst(LLVMGetCondition(term)))
        return 0;
    int k = step_of(LLVMGetIncomingValue(phi, 0), phi) ? 0 : 1;
    int64_t c = step_of(LLVMGetIncomingValue(phi, (unsigned)k), phi);
    LLVMValueRef init = LLVMGetIncomingValue(phi, (unsigned)!k), inc = LLVMGetIncomingValue(phi, (unsigned)k);
    LLVMValueRef cmp = LLVMGetCondition(term), bound;
    LLVMIntPredicate pr = LLVMGetICmpPredicate(cmp);
    int zext;
    if (!c)
        return 0;
    if (is_counter(LLVMGetOperand(cmp, 0), phi, &zext))
        bound = LLVMGetOperand(cmp, 1);
    else if (is_counter(LLVMGetOperand(cmp, 1), phi, &zext))
        bound = LLVMGetOperand(cmp, 0), pr = rh_icmp_swapped(pr);
    else
        return 0;
    LLVMBasicBlockRef stay = LLVMGetSuccessor(term, 0);
    if (!rh_cfg_dominates(LLVMGetFirstInstruction(stay), inc)) {
        stay = LLVMGetSuccessor(term, 1), pr = rh_icmp_negated(pr);
        if (!rh_cfg_dominates(LLVMGetFirstInstruction(stay), inc))
            return 0;
    }
    if (stay == LLVMGetSuccessor(term, 0) && stay == LLVMGetSuccessor(term, 1))
        return 0;
    if (!only_entry_from(fn, stay, head))
        return 0;
    /* init and bound over every run (a bound recomputed in the header may
     * change: each test compared with one of its values) */
    rh_iv_env any = *env;
    any.at = NULL;
    rh_ival s = eval(&any, init, depth + 1), b = eval(&any, bound, depth + 1);
    int64_t ub;
    if ((zext || pr == LLVMIntULT || pr == LLVMIntULE) && (s.lo < 0 || b.lo < 0))
        return 0;
    if (b.hi == INT64_MAX || s.lo == INT64_MIN)
        return 0;
    if (pr == LLVMIntSLT || pr == LLVMIntULT)
        ub = b.hi - 1;
    else if (pr == LLVMIntSLE || pr == LLVMIntULE)
        ub = b.hi;
    else
        return 0;
    int64_t top, w = width_of(phi) >= 64 ? INT64_MAX : ((int64_t)1 << (width_of(phi) - 1)) - 1;
    if (__builtin_add_overflow(ub, c, &top) || top > w)
        return 0; /* the increment may wrap */
    rh_ival r = {s.lo, s.hi > top ? s.hi : top, c, s.rem};
    r.mod = gcd64(s.mod, c);
    if (env->at && LLVMGetBasicBlockParent(LLVMGetInstructionParent(env->at)) == fn &&
        (LLVMGetInstructionParent(env->at) == stay || rh_cfg_dominates(LLVMGetFirstInstruction(stay), env->at)))
        r.hi = ub; /* the test passed */
    *out = r.lo > r.hi ? TOP : norm(r);
    return 1;
}

static rh_ival eval_phi(const rh_iv_env *env, LLVMValueRef v, int depth)
{
    rh_counted_loop l;
    rh_ival cr;
    if (eval_counter(env, v, depth, &cr))
        return cr;
    if (rh_loop_of_index(env->cfg, v, &l)) {
        rh_ival c = {l.start, l.end, 1, 0}; /* the exit value end included */
        return norm(c);
    }
    int b = rh_cfg_block(env->cfg, LLVMGetInstructionParent(v));
    if (b < 0 || LLVMCountIncoming(v) > 4)
        return TOP;
    for (int f = 0; f < env->cfg->nfuncs; f++) {
        const rh_cfg_func *cf = &env->cfg->f[f];
        if (b < cf->nblocks && cf->blocks[b] == LLVMGetInstructionParent(v)) {
            if (cf->in_cycle[b])
                return TOP; /* a value carried around a loop: no bound without widening */
            break;
        }
    }
    rh_ival r = eval(env, LLVMGetIncomingValue(v, 0), depth + 1);
    for (unsigned i = 1; i < LLVMCountIncoming(v); i++)
        r = join(r, eval(env, LLVMGetIncomingValue(v, i), depth + 1));
    return r;
}

static rh_ival eval_binary(const rh_iv_env *env, LLVMValueRef v, LLVMOpcode op, int depth)
{
    rh_ival a = eval(env, LLVMGetOperand(v, 0), depth + 1);
    int64_t k = 0;
    int kc = const_arg(LLVMGetOperand(v, 1), &k);
    switch (op) {
    case LLVMAdd: return add(a, eval(env, LLVMGetOperand(v, 1), depth + 1));
    case LLVMSub: return add(a, neg(eval(env, LLVMGetOperand(v, 1), depth + 1)));
    case LLVMMul: return mul(a, eval(env, LLVMGetOperand(v, 1), depth + 1));
    case LLVMShl: return kc && k >= 0 && k < 40 ? mul(a, exact((int64_t)1 << k)) : TOP;
    case LLVMAnd: return kc && k >= 0 ? bit_and(a, k) : TOP;
    case LLVMOr: {
        if (kc)
            return k >= 0 ? bit_or(a, k) : TOP;
        rh_ival b = eval(env, LLVMGetOperand(v, 1), depth + 1);
        return or_is_sum(&a, &b) || or_is_sum(&b, &a) ? add(a, b) : TOP;
    }
    case LLVMURem: return kc && k > 0 ? rem_by(a, k, 0) : TOP;
    case LLVMSRem: return kc && k > 0 ? rem_by(a, k, 1) : TOP;
    case LLVMUDiv:
    case LLVMSDiv: return kc && k > 0 ? div_by(a, k) : TOP;
    case LLVMLShr:
    case LLVMAShr: return kc && k >= 0 && k < 40 ? div_by(a, (int64_t)1 << k) : TOP;
    default: return TOP;
    }
}

static LLVMValueRef strip_casts(LLVMValueRef v)
{
    while (LLVMIsAInstruction(v) && (LLVMGetInstructionOpcode(v) == LLVMBitCast ||
                                     LLVMGetInstructionOpcode(v) == LLVMAddrSpaceCast))
        v = LLVMGetOperand(v, 0);
    return v;
}

/* Whether v reads the bound cell: a load of an integer of 32 bits or more
 * (not one byte of it). */
static int reads_cell(const rh_iv_env *env, LLVMValueRef v)
{
    return env->cell && LLVMIsALoadInst(v) && strip_casts(LLVMGetOperand(v, 0)) == env->cell &&
           LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(LLVMTypeOf(v)) >= 32;
}

static rh_ival eval(const rh_iv_env *env, LLVMValueRef v, int depth)
{
    for (int i = 0; i < env->nleaves; i++)
        if (v == env->leaf[i])
            return exact(env->value[i]);
    if (reads_cell(env, v))
        return exact(env->cell_value);
    rh_ival known;
    if (env->load && LLVMIsALoadInst(v) && env->load(env, v, &known))
        return known;
    if (LLVMIsAConstantInt(v))
        return exact(LLVMConstIntGetSExtValue(v));
    if (depth > DEPTH || !LLVMIsAInstruction(v))
        return TOP;
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    switch (op) {
    case LLVMSExt:
    case LLVMBitCast:
    case LLVMPtrToInt:
    case LLVMIntToPtr: return eval(env, LLVMGetOperand(v, 0), depth + 1);
    case LLVMZExt: {
        rh_ival a = eval(env, LLVMGetOperand(v, 0), depth + 1);
        return a.lo >= 0 ? a : TOP;
    }
    case LLVMTrunc: return fits_signed(eval(env, LLVMGetOperand(v, 0), depth + 1), width_of(v));
    case LLVMSelect:
        return join(eval(env, LLVMGetOperand(v, 1), depth + 1), eval(env, LLVMGetOperand(v, 2), depth + 1));
    case LLVMPHI: return eval_phi(env, v, depth);
    default:
        if (LLVMGetNumOperands(v) == 2 && LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMIntegerTypeKind)
            return fits_signed(eval_binary(env, v, op, depth), width_of(v));
        return TOP;
    }
}

void rh_iv_eval(const rh_iv_env *env, LLVMValueRef v, rh_ival *out)
{
    *out = eval(env, v, 0);
}

int rh_iv_may_meet(const rh_ival *a, const rh_ival *b)
{
    if (a->hi < b->lo || b->hi < a->lo)
        return 0;
    int64_t g = gcd64(a->mod, b->mod), d;
    if (__builtin_sub_overflow(a->rem, b->rem, &d))
        return 1;
    return g == 0 ? d == 0 : d % g == 0;
}

static int uses_leaf(const rh_iv_env *env, LLVMValueRef v, int depth)
{
    for (int i = 0; i < env->nleaves; i++)
        if (v == env->leaf[i])
            return 1;
    rh_ival known;
    if (reads_cell(env, v) || (env->load && LLVMIsALoadInst(v) && env->load(env, v, &known)))
        return 1;
    if (depth > DEPTH || !LLVMIsAInstruction(v) || LLVMIsAPHINode(v) || LLVMIsALoadInst(v) ||
        LLVMIsACallInst(v))
        return 0;
    for (int i = 0; i < LLVMGetNumOperands(v); i++)
        if (uses_leaf(env, LLVMGetOperand(v, (unsigned)i), depth + 1))
            return 1;
    return 0;
}

int rh_iv_uses_leaf(const rh_iv_env *env, LLVMValueRef v)
{
    return uses_leaf(env, v, 0);
}

/* The outcome of comparison c under env: 1 surely true, 0 surely false,
 * -1 unknown. */
static int decide(const rh_iv_env *env, LLVMValueRef c)
{
    if (!LLVMIsAICmpInst(c))
        return -1;
    rh_ival a = eval(env, LLVMGetOperand(c, 0), 0), b = eval(env, LLVMGetOperand(c, 1), 0);
    LLVMIntPredicate pr = LLVMGetICmpPredicate(c);
    if ((pr == LLVMIntULT || pr == LLVMIntULE || pr == LLVMIntUGT || pr == LLVMIntUGE) && (a.lo < 0 || b.lo < 0))
        return -1; /* unsigned order of possibly negative values */
    switch (pr) {
    case LLVMIntEQ: return !rh_iv_may_meet(&a, &b) ? 0 : is_exact(&a) && is_exact(&b) ? 1 : -1;
    case LLVMIntNE: return !rh_iv_may_meet(&a, &b) ? 1 : is_exact(&a) && is_exact(&b) ? 0 : -1;
    case LLVMIntSLT:
    case LLVMIntULT: return a.hi < b.lo ? 1 : a.lo >= b.hi ? 0 : -1;
    case LLVMIntSLE:
    case LLVMIntULE: return a.hi <= b.lo ? 1 : a.lo > b.hi ? 0 : -1;
    case LLVMIntSGT:
    case LLVMIntUGT: return a.lo > b.hi ? 1 : a.hi <= b.lo ? 0 : -1;
    case LLVMIntSGE:
    case LLVMIntUGE: return a.lo >= b.hi ? 1 : a.hi < b.lo ? 0 : -1;
    default: return -1;
    }
}

/* Whether block s's only predecessor is block p (s is no successor of
 * another block, and p reaches s by one edge). */
static int only_entry_from(LLVMValueRef fn, LLVMBasicBlockRef s, LLVMBasicBlockRef p)
{
    int edges = 0;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b)) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
        for (unsigned i = 0; t && i < LLVMGetNumSuccessors(t); i++)
            if (LLVMGetSuccessor(t, i) == s && (b != p || ++edges > 1))
                return 0;
    }
    return edges == 1 && LLVMGetFirstBasicBlock(fn) != s;
}

int rh_iv_guard_excludes(const rh_iv_env *env, LLVMValueRef in)
{
    LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(in));
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b)) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
        if (!t || !LLVMIsABranchInst(t) || !LLVMIsConditional(t) || !rh_iv_uses_leaf(env, LLVMGetCondition(t)))
            continue;
        rh_iv_env here = *env;
        here.at = t; /* the counters the condition tests, as they are where it is tested */
        int outcome = decide(&here, LLVMGetCondition(t));
        if (outcome < 0)
            continue;
        LLVMBasicBlockRef untaken = LLVMGetSuccessor(t, outcome ? 1 : 0);
        if (untaken != LLVMGetSuccessor(t, outcome ? 0 : 1) && only_entry_from(fn, untaken, b) &&
            (LLVMGetInstructionParent(in) == untaken || rh_cfg_dominates(LLVMGetFirstInstruction(untaken), in)))
            return 1;
    }
    return 0;
}

int rh_iv_address(const rh_iv_env *env, LLVMTargetDataRef td, LLVMValueRef ptr, LLVMValueRef *root, rh_ival *out)
{
    rh_ival total = exact(0);
    LLVMValueRef v = strip_casts(ptr);
    for (int d = 0; d < 16 && LLVMIsAGetElementPtrInst(v); d++, v = strip_casts(LLVMGetOperand(v, 0))) {
        LLVMTypeRef t = LLVMGetGEPSourceElementType(v);
        int n = LLVMGetNumOperands(v);
        if (!LLVMTypeIsSized(t))
            return 0;
        total = add(total, mul(eval(env, LLVMGetOperand(v, 1), 0), exact((int64_t)LLVMABISizeOfType(td, t))));
        for (int i = 2; i < n; i++) {
            LLVMValueRef x = LLVMGetOperand(v, (unsigned)i);
            if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
                if (!LLVMIsAConstantInt(x) || LLVMConstIntGetZExtValue(x) >= LLVMCountStructElementTypes(t))
                    return 0;
                unsigned k = (unsigned)LLVMConstIntGetZExtValue(x);
                total = add(total, exact((int64_t)LLVMOffsetOfElement(td, t, k)));
                t = LLVMStructGetTypeAtIndex(t, k);
            } else if (LLVMGetTypeKind(t) == LLVMArrayTypeKind) {
                t = LLVMGetElementType(t);
                total = add(total, mul(eval(env, x, 0), exact((int64_t)LLVMABISizeOfType(td, t))));
            } else {
                return 0;
            }
        }
    }
    *root = v, *out = total;
    return 1;
}

int rh_iv_ranges_meet(const rh_ival *a, uint64_t n1, const rh_ival *b, uint64_t n2)
{
    if (n1 == 0 || n2 == 0 || n1 > 4096 || n2 > 4096)
        return 1;
    rh_ival d = add(*a, neg(*b)); /* x - y; they overlap when -n1 < x - y < n2 */
    rh_ival w = {-(int64_t)n1 + 1, (int64_t)n2 - 1, 1, 0};
    if (!rh_iv_may_meet(&d, &w))
        return 0;
    if (d.mod == 1 || n1 + n2 > 256)
        return 1;
    for (int64_t k = w.lo; k <= w.hi; k++) {
        rh_ival e = exact(k);
        if (rh_iv_may_meet(&d, &e))
            return 1;
    }
    return 0;
}
