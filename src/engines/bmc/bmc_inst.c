/* bmc_inst.c - executes IR instructions on a walker state: pure operations
 * become SSA terms, memory operations become positions of the thread (the
 * points where the lazy schedule may switch context and the race monitor
 * looks), allocations get their constant addresses.
 */
#include "bmc_walk.h"
#include "util/util.h"

#include <string.h>

Z3_ast rh_bmc_value(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef v)
{
    if (LLVMIsAConstant(v))
        return rh_bmc_const(w->c, v);
    return rh_bmc_state_get(st, v);
}

rh_bmc_pos *rh_bmc_posp(rh_bmc_walk *w, int i)
{
    return &w->c->threads[w->thread].pos[i];
}

int rh_bmc_emit(rh_bmc_walk *w, rh_bmc_state *st, rh_bmc_pkind k, LLVMValueRef inst,
                const char *what)
{
    rh_bmc_ctx *c = w->c;
    rh_bmc_thread *th = &c->threads[w->thread];
    if (th->npos == th->cap) {
        th->cap = th->cap ? 2 * th->cap : 64;
        th->pos = rh_xrealloc(th->pos, (size_t)th->cap * sizeof *th->pos);
    }
    rh_bmc_pos *p = &th->pos[th->npos];
    memset(p, 0, sizeof *p);
    p->kind = k;
    p->guard = st->guard;
    p->inst = inst;
    p->what = what;
    p->thread = -1;
    if (inst)
        p->loc = rh_model_inst_loc(c->prog, inst);
    else {
        p->loc.file = "?";
    }
    if (st->atomic > 0)
        p->flags |= RH_BMC_PF_NOSWITCH | RH_BMC_PF_SECTION;
    c->npositions++;
    return th->npos++;
}

void rh_bmc_kill(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef inst, unsigned flags,
                 const char *what)
{
    rh_bmc_ctx *c = w->c;
    if (rh_bmc_is_false(c, st->guard))
        return;
    int i = rh_bmc_emit(w, st, RH_BMC_P_KILL, inst, what);
    rh_bmc_posp(w, i)->flags |= flags;
    if (flags & RH_BMC_PF_CUT)
        c->cut = 1, c->ncuts++;
    st->guard = rh_bmc_false(c);
}

void rh_bmc_unsupported_kill(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef inst,
                             const char *what)
{
    if (rh_bmc_is_false(w->c, st->guard))
        return;
    rh_bmc_unsupported(w->c, inst, what);
    rh_bmc_kill(w, st, inst, 0, what);
}

static Z3_ast operand(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef in, unsigned k)
{
    return rh_bmc_value(w, st, LLVMGetOperand(in, k));
}

/* The flags of an atomic instruction: relaxed ones create no
 * happens-before, so two plain accesses with only relaxed accesses between
 * them still race (C11 7.17.3). */
static unsigned atomic_flags(LLVMValueRef in)
{
    LLVMAtomicOrdering o = LLVMGetInstructionOpcode(in) == LLVMAtomicCmpXchg
                               ? LLVMGetCmpXchgSuccessOrdering(in) : LLVMGetOrdering(in);
    if (o == LLVMAtomicOrderingNotAtomic)
        return 0;
    return RH_BMC_PF_ATOMIC | (o <= LLVMAtomicOrderingMonotonic ? RH_BMC_PF_RELAXED : 0);
}

static int exec_alloca(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef in)
{
    rh_bmc_ctx *c = w->c;
    uint64_t size = rh_bmc_type_size(c, LLVMGetAllocatedType(in));
    LLVMValueRef n = LLVMGetOperand(in, 0);
    if (LLVMIsAConstantInt(n))
        size *= LLVMConstIntGetZExtValue(n);
    else
        size = 1 << 16; /* variable-length array: a region large enough */
    rh_bmc_state_set(st, in, rh_bmc_bv(c, rh_bmc_alloc(c, RH_BMC_O_STACK, size, in), c->aw));
    return 0;
}

rh_bmc_pos *rh_bmc_emit_load(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef inst, Z3_ast addr,
                             unsigned bytes)
{
    rh_bmc_ctx *c = w->c;
    rh_bmc_pos *p = rh_bmc_posp(w, rh_bmc_emit(w, st, RH_BMC_P_LOAD, inst, "read"));
    p->addr = addr;
    p->size = bytes;
    p->len = rh_bmc_bv(c, bytes, c->aw);
    p->val = rh_bmc_fresh(c, "ld", 8 * bytes);
    p->flags |= RH_BMC_PF_RACE;
    return p;
}

/* The value a load of a global that nothing ever writes gives: its
 * initializer, or NULL when the load is not of such a global.  A global
 * whose every use is a load of it as a whole (its address taken nowhere,
 * so no store, copy or library call reaches it) holds its initializer all
 * along, and a read never races with a read.  Folding it makes loops
 * bounded by such a global (`int n = 4; ... i < n`) concrete, so they are
 * unwound fully at once instead of one bound at a time. */
static Z3_ast read_only_value(rh_bmc_ctx *c, LLVMValueRef in, LLVMTypeRef t, unsigned bits)
{
    LLVMValueRef g = LLVMGetOperand(in, 0);
    /* a volatile load may see what the program does not write */
    if (LLVMGetVolatile(in) || !LLVMIsAGlobalVariable(g) || LLVMIsDeclaration(g) || LLVMIsThreadLocal(g) ||
        LLVMIsExternallyInitialized(g) || LLVMGlobalGetValueType(g) != t ||
        (LLVMGetTypeKind(t) != LLVMIntegerTypeKind && LLVMGetTypeKind(t) != LLVMPointerTypeKind))
        return NULL;
    for (LLVMUseRef u = LLVMGetFirstUse(g); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (!LLVMIsALoadInst(user) || LLVMGetOperand(user, 0) != g || LLVMGetVolatile(user))
            return NULL;
    }
    LLVMValueRef init = LLVMGetInitializer(g);
    Z3_ast v = init ? rh_bmc_const(c, init) : NULL;
    return v && rh_bmc_width(c, v) == bits ? v : NULL;
}

static int exec_load(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef in)
{
    rh_bmc_ctx *c = w->c;
    LLVMTypeRef t = LLVMTypeOf(in);
    unsigned bits = rh_bmc_type_bits(c, t);
    unsigned bytes = (unsigned)LLVMStoreSizeOfType(c->prog->td, t);
    Z3_ast fixed = bits ? read_only_value(c, in, t, bits) : NULL;
    if (fixed) {
        rh_bmc_state_set(st, in, fixed);
        return 0;
    }
    Z3_ast addr = operand(w, st, in, 0);
    if (!bits || !addr || bytes > 64) {
        rh_bmc_unsupported_kill(w, st, in, "a load of an unsupported type");
        return 0;
    }
    rh_bmc_pos *p = rh_bmc_emit_load(w, st, in, addr, bytes);
    p->align = LLVMGetAlignment(in);
    p->flags |= atomic_flags(in);
    if (8 * bytes == c->aw) /* may be a pointer (or an intptr_t holding one) */
        rh_map_put_ptr(&c->ptrvars, p->val, 1);
    rh_bmc_state_set(st, in, rh_bmc_resize(c, p->val, bits, 0));
    return 0;
}

/* The position of a store, atomicrmw or cmpxchg instruction in writing
 * val (of bytes bytes) at addr. */
static rh_bmc_pos *written(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef in, rh_bmc_pkind k,
                           const char *what, Z3_ast addr, unsigned bytes, Z3_ast val)
{
    rh_bmc_ctx *c = w->c;
    rh_bmc_pos *p = rh_bmc_posp(w, rh_bmc_emit(w, st, k, in, what));
    p->addr = addr;
    p->size = bytes;
    p->len = rh_bmc_bv(c, bytes, c->aw);
    p->align = LLVMGetAlignment(in);
    p->val = rh_bmc_resize(c, val, 8 * bytes, 0);
    p->flags |= RH_BMC_PF_RACE | atomic_flags(in);
    return p;
}

static int exec_store(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef in)
{
    rh_bmc_ctx *c = w->c;
    LLVMValueRef v = LLVMGetOperand(in, 0);
    unsigned bytes = (unsigned)LLVMStoreSizeOfType(c->prog->td, LLVMTypeOf(v));
    Z3_ast val = rh_bmc_value(w, st, v), addr = operand(w, st, in, 1);
    if (!val || !addr || bytes > 64) {
        rh_bmc_unsupported_kill(w, st, in, "a store of an unsupported value");
        return 0;
    }
    written(w, st, in, RH_BMC_P_STORE, "write", addr, bytes, val);
    return 0;
}

/* atomicrmw and cmpxchg: one indivisible read-and-write position. */
static int exec_rmw(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef in, int cmpxchg)
{
    rh_bmc_ctx *c = w->c;
    LLVMValueRef v = LLVMGetOperand(in, 1);
    unsigned bits = rh_bmc_type_bits(c, LLVMTypeOf(v));
    unsigned bytes = (unsigned)LLVMStoreSizeOfType(c->prog->td, LLVMTypeOf(v));
    Z3_ast addr = operand(w, st, in, 0), val = rh_bmc_value(w, st, v);
    Z3_ast val2 = cmpxchg ? operand(w, st, in, 2) : NULL;
    if (!addr || !val || (cmpxchg && !val2) || !bits || bytes > 16 ||
        (!cmpxchg && LLVMGetAtomicRMWBinOp(in) > LLVMAtomicRMWBinOpUMin)) {
        rh_bmc_unsupported_kill(w, st, in, "an unsupported atomic operation");
        return 0;
    }
    rh_bmc_pos *p = written(w, st, in, cmpxchg ? RH_BMC_P_CMPXCHG : RH_BMC_P_RMW, "atomic update", addr,
                            bytes, val);
    p->val2 = cmpxchg ? rh_bmc_resize(c, val2, 8 * bytes, 0) : NULL;
    p->rmw_op = cmpxchg ? 0 : (int)LLVMGetAtomicRMWBinOp(in);
    p->out = rh_bmc_fresh(c, "rmw", 8 * bytes);
    if (8 * bytes == c->aw)
        rh_map_put_ptr(&c->ptrvars, p->out, 1);
    Z3_ast old = rh_bmc_resize(c, p->out, bits, 0);
    if (!cmpxchg) {
        rh_bmc_state_set(st, in, old);
        return 0;
    }
    /* the result {old, success} as laid out in memory */
    LLVMTypeRef rt = LLVMTypeOf(in);
    unsigned total = rh_bmc_type_bits(c, rt);
    unsigned off = (unsigned)(8 * LLVMOffsetOfElement(c->prog->td, rt, 1));
    Z3_ast ok = rh_bmc_resize(c, rh_bmc_bool_bv(c, Z3_mk_eq(c->z, p->out, p->val)), 8, 0);
    Z3_ast r = Z3_mk_concat(c->z, ok, rh_bmc_resize(c, p->out, off, 0));
    rh_bmc_state_set(st, in, rh_bmc_resize(c, r, total, 0));
    return 0;
}

static int exec_pure(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef in, LLVMOpcode op)
{
    unsigned n = (unsigned)LLVMGetNumOperands(in);
    Z3_ast ops[64];
    unsigned bits = rh_bmc_type_bits(w->c, LLVMTypeOf(in));
    if (op == LLVMFreeze && n == 1 && LLVMIsAUndefValue(LLVMGetOperand(in, 0)) && bits) {
        /* an uninitialised local (the front end's frozen undef): any value,
         * one per run of the freeze, exactly what the program may see; the
         * witness names it, since a run's stack may not hold that value */
        Z3_ast v = rh_bmc_fresh(w->c, "indeterminate", bits);
        size_t n;
        const char *name = LLVMGetValueName2(in, &n), *var = strchr(name, '.');
        LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(in));
        const char *func = LLVMGetValueName2(fn, &n);
        /* a freeze no read sees is no input of the execution, and a
         * compiler temporary's (unnamed) means nothing to the user */
        if (LLVMGetFirstUse(in) && var && var[1])
            rh_bmc_add_input(w, st, in,
                             rh_xasprintf("%s '%.*s' of %s#%d", RH_BMC_UNINIT_INPUT,
                                          (int)strcspn(var + 1, "."), var + 1, func, ++w->c->nuninit),
                             v);
        rh_bmc_state_set(st, in, v);
        return 0;
    }
    if (n > 64) {
        rh_bmc_unsupported_kill(w, st, in, "an instruction with too many operands");
        return 0;
    }
    for (unsigned k = 0; k < n; k++)
        if (!(ops[k] = operand(w, st, in, k))) {
            rh_bmc_unsupported_kill(w, st, in, "an operand that cannot be encoded");
            return 0;
        }
    Z3_ast r = rh_bmc_op(w->c, in, op, ops, n);
    if (!r) {
        rh_bmc_unsupported_kill(w, st, in, "an instruction the bmc engine does not encode");
        return 0;
    }
    rh_bmc_state_set(st, in, r);
    return 0;
}

int rh_bmc_exec(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef in)
{
    LLVMOpcode op = LLVMGetInstructionOpcode(in);
    switch (op) {
    case LLVMAlloca: return exec_alloca(w, st, in);
    case LLVMLoad: return exec_load(w, st, in);
    case LLVMStore: return exec_store(w, st, in);
    case LLVMAtomicRMW: return exec_rmw(w, st, in, 0);
    case LLVMAtomicCmpXchg: return exec_rmw(w, st, in, 1);
    case LLVMFence: w->c->fences = 1; return 0;
    case LLVMCall: return rh_bmc_call(w, st, in);
    case LLVMVAArg: case LLVMExtractElement: case LLVMInsertElement: case LLVMShuffleVector:
    case LLVMLandingPad: case LLVMCleanupPad: case LLVMCatchPad:
        rh_bmc_unsupported_kill(w, st, in, "an instruction the bmc engine does not encode");
        return 0;
    default:
        return exec_pure(w, st, in, op);
    }
}
