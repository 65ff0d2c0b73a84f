/* dyn_instrument.c - rewrites a clone of the program's module so that it
 * reports to the runtime (src/runtime/rt_abi.h): a call before every load,
 * store, atomic and memory-library call, hooks around every call the
 * concurrency table gives a meaning to, and the verification intrinsics
 * served by the runtime.  What a call means comes from the table only.
 *
 * Not instrumented: plain (non-atomic) loads and stores of memory only the
 * accessing thread can reach, loads of constant globals, and plain loads
 * and stores that repeat an earlier access of the same bytes with no call,
 * fence or atomic between (dyn_private.h states the rules and why leaving
 * them out hides no race).
 */
#include "dyn.h"
#include "dyn_private.h"
#include "model/libspec.h"
#include "model/src_names.h"
#include "runtime/rt_abi.h"
#include "util/util.h"

#include <llvm-c/Analysis.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct inst_ctx {
    rh_program *prog;
    LLVMModuleRef mod;
    LLVMContextRef ctx;
    LLVMTargetDataRef td;
    LLVMBuilderRef b;
    rh_dyn_locs *locs;
    LLVMTypeRef i32, i64, ptr, vd;
    LLVMTypeRef t_access, t_enter, t_leave, t_sync, t_timed, t_prepare, t_created, t_wait2,
        t_wait1, t_nondet, t_assume, t_start, t_client;
    LLVMValueRef f_form[2][4]; /* __rh_access_r1.._r8, _w1.._w8 (rt_abi.h) */
    LLVMValueRef f_access, f_enter, f_leave, f_pre, f_post, f_timed, f_prepare, f_created, f_cond,
        f_barrier, f_nondet, f_assume, f_start, f_unmodelled, f_client;
} inst_ctx;

void rh_dyn_locs_free(rh_dyn_locs *l)
{
    for (int i = 0; i < l->len; i++) {
        free(l->items[i].object);
        free(l->items[i].access);
        free(l->items[i].file);
        free(l->items[i].func);
        free(l->items[i].callee);
    }
    free(l->items);
    memset(l, 0, sizeof *l);
}

/* "global 'x'" when ptr is (an offset into) a global variable. */
static char *object_hint(LLVMValueRef ptr)
{
    while (ptr && LLVMIsAConstantExpr(ptr) &&
           (LLVMGetConstOpcode(ptr) == LLVMGetElementPtr || LLVMGetConstOpcode(ptr) == LLVMBitCast))
        ptr = LLVMGetOperand(ptr, 0);
    if (!ptr || !LLVMIsAGlobalVariable(ptr))
        return NULL;
    size_t len;
    const char *name = LLVMGetValueName2(ptr, &len);
    return len ? rh_xasprintf("global '%.*s'", (int)len, name) : NULL;
}

static unsigned new_loc(inst_ctx *c, LLVMValueRef inst, LLVMValueRef ptr)
{
    rh_dyn_locs *l = c->locs;
    if (l->len == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 256;
        l->items = rh_xrealloc(l->items, (size_t)l->cap * sizeof *l->items);
    }
    rh_dyn_loc *d = &l->items[l->len];
    memset(d, 0, sizeof *d);
    if (inst) {
        rh_srcloc s = rh_model_inst_loc(c->prog, inst);
        size_t len;
        const char *fn = LLVMGetValueName2(LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst)), &len);
        d->file = rh_xstrdup(s.file), d->line = s.line, d->col = s.col;
        d->func = rh_xasprintf("%.*s", (int)len, fn);
        d->object = ptr ? object_hint(ptr) : NULL;
        d->access = ptr ? rh_src_access_name(c->td, ptr) : NULL;
    } else {
        d->file = rh_xstrdup("?"), d->func = rh_xstrdup("?");
    }
    return (unsigned)l->len++;
}

static LLVMValueRef declare(inst_ctx *c, const char *name, LLVMTypeRef *ty, LLVMTypeRef ret,
                            LLVMTypeRef *params, unsigned n)
{
    *ty = LLVMFunctionType(ret, params, n, 0);
    LLVMValueRef f = LLVMGetNamedFunction(c->mod, name);
    return f ? f : LLVMAddFunction(c->mod, name, *ty);
}

static void declare_runtime(inst_ctx *c)
{
    LLVMTypeRef P = c->ptr, I = c->i32, L = c->i64;
    /* sync: the __rh_sync_* hooks' arguments, the last (a deadline) __rh_sync_timed's only */
    LLVMTypeRef access[] = {P, L, I, I, L}, sync[] = {I, I, P, P, L, I, P}, prepare[] = {P, P, I, I},
                created[] = {P, P, L, L}, wait2[] = {P, P, I, I}, wait1[] = {P, I}, nondet[] = {I, I},
                assume[] = {L, I}, one[] = {I}, start[] = {P};
    c->f_access = declare(c, "__rh_access", &c->t_access, c->vd, access, 5);
    for (int w = 0; w < 2; w++)
        for (int k = 0; k < 4; k++) {
            char name[32];
            snprintf(name, sizeof name, "__rh_access_%c%d", w ? 'w' : 'r', 1 << k);
            c->f_form[w][k] = declare(c, name, &c->t_access, c->vd, access, 5);
        }
    c->f_enter = declare(c, "__rh_enter", &c->t_enter, c->vd, one, 1);
    c->f_leave = declare(c, "__rh_leave", &c->t_leave, c->vd, NULL, 0);
    c->f_pre = declare(c, "__rh_sync_pre", &c->t_sync, c->vd, sync, 6);
    c->f_post = declare(c, "__rh_sync_post", &c->t_sync, c->vd, sync, 6);
    c->f_timed = declare(c, "__rh_sync_timed", &c->t_timed, P, sync, 7);
    c->f_prepare = declare(c, "__rh_thread_prepare", &c->t_prepare, P, prepare, 4);
    c->f_created = declare(c, "__rh_thread_created", &c->t_created, c->vd, created, 4);
    c->f_cond = declare(c, "__rh_cond_wait", &c->t_wait2, I, wait2, 4);
    c->f_barrier = declare(c, "__rh_barrier_wait", &c->t_wait1, I, wait1, 2);
    c->f_nondet = declare(c, "__rh_nondet", &c->t_nondet, L, nondet, 2);
    c->f_assume = declare(c, "__rh_assume", &c->t_assume, c->vd, assume, 2);
    c->f_start = declare(c, "__rh_thread_start", &c->t_start, P, start, 1);
    c->f_unmodelled = declare(c, "__rh_unmodelled", &c->t_enter, c->vd, one, 1);
    c->f_client = declare(c, "__rh_client_request", &c->t_client, c->vd, wait1, 2);
}

static LLVMValueRef k32(inst_ctx *c, unsigned long v) { return LLVMConstInt(c->i32, v, 0); }
static LLVMValueRef k64(inst_ctx *c, unsigned long v) { return LLVMConstInt(c->i64, v, 0); }

/* Any scalar as an i64 argument (integers zero-extended, pointers as addresses). */
static LLVMValueRef as_i64(inst_ctx *c, LLVMValueRef v, int *ok)
{
    LLVMTypeRef t = LLVMTypeOf(v);
    *ok = 1;
    switch (LLVMGetTypeKind(t)) {
    case LLVMIntegerTypeKind:
        if (LLVMGetIntTypeWidth(t) <= 64)
            return LLVMBuildIntCast2(c->b, v, c->i64, 0, "");
        break;
    case LLVMPointerTypeKind: return LLVMBuildPtrToInt(c->b, v, c->i64, "");
    case LLVMDoubleTypeKind: return LLVMBuildBitCast(c->b, v, c->i64, "");
    default: break;
    }
    *ok = 0;
    return k64(c, 0);
}

static unsigned ordering_flags(LLVMAtomicOrdering o)
{
    switch (o) {
    case LLVMAtomicOrderingNotAtomic: return 0;
    case LLVMAtomicOrderingUnordered: case LLVMAtomicOrderingMonotonic: return RH_RT_ATOMIC;
    case LLVMAtomicOrderingAcquire: return RH_RT_ATOMIC | RH_RT_ACQUIRE;
    case LLVMAtomicOrderingRelease: return RH_RT_ATOMIC | RH_RT_RELEASE;
    default: return RH_RT_ATOMIC | RH_RT_ACQUIRE | RH_RT_RELEASE;
    }
}

/* The ordering of a fence.  LLVM 16's C API has no accessor for it
 * (LLVMGetOrdering reads fences wrongly), so it is read from the printed
 * instruction; a signal fence (singlethread scope) orders nothing between
 * threads. */
static unsigned fence_flags(LLVMValueRef fence)
{
    char *text = LLVMPrintValueToString(fence);
    unsigned f = strstr(text, "singlethread") ? 0
                 : strstr(text, " acq_rel") || strstr(text, " seq_cst") ? RH_RT_ACQUIRE | RH_RT_RELEASE
                 : strstr(text, " acquire") ? RH_RT_ACQUIRE
                 : strstr(text, " release") ? RH_RT_RELEASE : 0;
    LLVMDisposeMessage(text);
    return f;
}

/* The hook for an access: the form of __rh_access for its size and kind
 * when it has one (a plain load, or a plain store whose value it passes, of
 * 1, 2, 4 or 8 bytes), else __rh_access. */
static LLVMValueRef access_form(inst_ctx *c, LLVMValueRef size, unsigned flags)
{
    unsigned long long n = LLVMIsAConstantInt(size) ? LLVMConstIntGetZExtValue(size) : 0;
    int k = n == 1 ? 0 : n == 2 ? 1 : n == 4 ? 2 : n == 8 ? 3 : -1;
    if (k >= 0 && flags == RH_RT_READ)
        return c->f_form[0][k];
    if (k >= 0 && flags == (RH_RT_WRITE | RH_RT_VALUE))
        return c->f_form[1][k];
    return c->f_access;
}

static void call_access(inst_ctx *c, LLVMValueRef inst, LLVMValueRef ptr, LLVMValueRef size,
                        unsigned flags, LLVMValueRef value)
{
    LLVMPositionBuilderBefore(c->b, inst);
    int ok = 0;
    LLVMValueRef v = value ? as_i64(c, value, &ok) : k64(c, 0);
    if (ok)
        flags |= RH_RT_VALUE;
    LLVMValueRef args[] = {ptr, size, k32(c, flags), k32(c, new_loc(c, inst, ptr)), v};
    LLVMBuildCall2(c->b, c->t_access, access_form(c, size, flags), args, 5, "");
}

static const char *called_name(LLVMValueRef call)
{
    LLVMValueRef f = LLVMGetCalledValue(call);
    size_t len = 0;
    return f && LLVMIsAFunction(f) ? LLVMGetValueName2(f, &len) : "";
}

static LLVMValueRef type_size(inst_ctx *c, LLVMTypeRef t)
{
    return k64(c, LLVMStoreSizeOfType(c->td, t));
}

static void instrument_memory(inst_ctx *c, LLVMValueRef inst)
{
    LLVMOpcode op = LLVMGetInstructionOpcode(inst);
    if ((op == LLVMLoad && LLVMGetOrdering(inst) == LLVMAtomicOrderingNotAtomic &&
         (rh_dyn_private_object(LLVMGetOperand(inst, 0)) || rh_dyn_read_only_object(LLVMGetOperand(inst, 0)))) ||
        (op == LLVMStore && LLVMGetOrdering(inst) == LLVMAtomicOrderingNotAtomic &&
         rh_dyn_private_object(LLVMGetOperand(inst, 1))))
        return; /* no other thread can reach it: the rule at the top of this file */
    switch (op) {
    case LLVMLoad:
        call_access(c, inst, LLVMGetOperand(inst, 0), type_size(c, LLVMTypeOf(inst)),
                    RH_RT_READ | ordering_flags(LLVMGetOrdering(inst)), NULL);
        return;
    case LLVMStore:
        call_access(c, inst, LLVMGetOperand(inst, 1), type_size(c, LLVMTypeOf(LLVMGetOperand(inst, 0))),
                    RH_RT_WRITE | ordering_flags(LLVMGetOrdering(inst)), LLVMGetOperand(inst, 0));
        return;
    case LLVMAtomicRMW:
        call_access(c, inst, LLVMGetOperand(inst, 0), type_size(c, LLVMTypeOf(LLVMGetOperand(inst, 1))),
                    RH_RT_READ | RH_RT_WRITE | ordering_flags(LLVMGetOrdering(inst)), NULL);
        return;
    case LLVMAtomicCmpXchg:
        call_access(c, inst, LLVMGetOperand(inst, 0), type_size(c, LLVMTypeOf(LLVMGetOperand(inst, 1))),
                    RH_RT_READ | RH_RT_WRITE | ordering_flags(LLVMGetCmpXchgSuccessOrdering(inst)),
                    NULL);
        return;
    case LLVMFence: {
        LLVMPositionBuilderBefore(c->b, inst);
        LLVMValueRef null = LLVMConstNull(LLVMPointerTypeInContext(LLVMGetModuleContext(c->mod), 0));
        LLVMValueRef args[] = {k32(c, RH_OP_FENCE), k32(c, fence_flags(inst)), null,
                               null, k64(c, 0), k32(c, new_loc(c, inst, NULL))};
        LLVMBuildCall2(c->b, c->t_sync, c->f_post, args, 6, "");
        return;
    }
    default:
        return;
    }
}

/* scanf-like calls: after the call, a write of each argument a conversion
 * assigned; the result says how many did (EOF: none), and an argument not
 * assigned is passed as NULL, which the runtime records as no access.
 * The call itself has no scheduling point inside, so after is as good as
 * before.  A format the model cannot read records nothing (unobserved). */
static void instrument_scan_call(inst_ctx *c, LLVMValueRef call, const rh_conc_entry *e)
{
    uint64_t sizes[64];
    int n = rh_model_scan_sizes(c->prog, call, e->obj2, sizes, 64);
    unsigned first = (unsigned)e->obj2 + 1, nargs = (unsigned)LLVMGetNumArgOperands(call);
    LLVMTypeRef rt = LLVMTypeOf(call);
    if (n <= 0 || LLVMGetTypeKind(rt) != LLVMIntegerTypeKind)
        return;
    LLVMPositionBuilderBefore(c->b, LLVMGetNextInstruction(call));
    for (int k = 0; k < n && k < 64 && first + (unsigned)k < nargs; k++) {
        LLVMValueRef ptr = LLVMGetOperand(call, first + (unsigned)k);
        if (LLVMGetTypeKind(LLVMTypeOf(ptr)) != LLVMPointerTypeKind)
            continue;
        LLVMValueRef kth = LLVMConstInt(rt, (unsigned)k, 0);
        LLVMValueRef done = LLVMBuildICmp(c->b, LLVMIntSGT, call, kth, "");
        LLVMValueRef p = LLVMBuildSelect(c->b, done, ptr, LLVMConstNull(LLVMTypeOf(ptr)), "");
        unsigned flags = RH_RT_WRITE | (sizes[k] ? 0 : RH_RT_STRLEN);
        LLVMValueRef args[] = {p, k64(c, sizes[k]), k32(c, flags), k32(c, new_loc(c, call, ptr)),
                               k64(c, 0)};
        LLVMBuildCall2(c->b, c->t_access, c->f_access, args, 5, "");
    }
}

/* Searches that read their object (the first argument) from its start up
 * to the byte they return (or all of it when they return NULL): checked
 * by the bytes they touched, so a loop that searches the rest of a buffer
 * line by line stays linear.  Their other arguments are read whole. */
static const char *const stop_at_result[] = {"strchr", "memchr", "rawmemchr", "strchrnul"};

static int stops_at_result(LLVMValueRef call)
{
    if (LLVMGetTypeKind(LLVMTypeOf(call)) != LLVMPointerTypeKind)
        return 0;
    for (size_t i = 0; i < sizeof stop_at_result / sizeof *stop_at_result; i++)
        if (strcmp(called_name(call), stop_at_result[i]) == 0)
            return 1;
    return 0;
}

/* The read of [p, p+n) by a search, after the call: the runtime cuts it
 * at the returned byte (RH_RT_UPTO).  The call itself holds no scheduling
 * point, so after it is as good as before. */
static void read_up_to_result(inst_ctx *c, LLVMValueRef call, LLVMValueRef p, LLVMValueRef n,
                              unsigned flags)
{
    LLVMPositionBuilderBefore(c->b, LLVMGetNextInstruction(call));
    LLVMValueRef args[] = {p, n, k32(c, flags | RH_RT_UPTO), k32(c, new_loc(c, call, p)),
                           LLVMBuildPtrToInt(c->b, call, c->i64, "")};
    LLVMBuildCall2(c->b, c->t_access, c->f_access, args, 5, "");
}

/* memcpy, strlen, ...: one access per pointer argument the table names. */
static void instrument_memory_call(inst_ctx *c, LLVMValueRef call, const rh_conc_entry *e)
{
    LLVMValueRef size = NULL;
    int ok;
    if (e->size >= 0 && (unsigned)e->size < (unsigned)LLVMGetNumArgOperands(call)) {
        LLVMPositionBuilderBefore(c->b, call);
        size = as_i64(c, LLVMGetOperand(call, (unsigned)e->size), &ok);
    }
    struct { int arg; unsigned flag, kind; } roles[] = {
        {e->obj, RH_F_OBJ_WRITE, RH_RT_WRITE},
        {e->obj, RH_F_OBJ_READ, RH_RT_READ},
        {e->obj2, RH_F_OBJ2_READ, RH_RT_READ},
    };
    for (size_t i = 0; i < sizeof roles / sizeof roles[0]; i++) {
        if (roles[i].arg < 0 || !(e->flags & roles[i].flag) ||
            (unsigned)roles[i].arg >= (unsigned)LLVMGetNumArgOperands(call))
            continue;
        unsigned flags = roles[i].kind;
        LLVMValueRef n = size;
        if (!n && roles[i].kind == RH_RT_READ)
            flags |= RH_RT_STRLEN, n = k64(c, 0);
        else if (!n)
            n = k64(c, 1); /* a write of unknown length: its first byte at least */
        LLVMValueRef p = LLVMGetOperand(call, (unsigned)roles[i].arg);
        if (roles[i].kind == RH_RT_READ && roles[i].arg == 0 && stops_at_result(call))
            read_up_to_result(c, call, p, n, flags);
        else
            call_access(c, call, p, n, flags, NULL);
    }
    if (e->flags & RH_F_SCAN)
        instrument_scan_call(c, call, e);
}

/* Bytes one effect of a library row covers, built before the builder's
 * position; *flags gains RH_RT_STRLEN for strings. */
static LLVMValueRef effect_bytes(inst_ctx *c, LLVMValueRef call, const rh_effect *ef, unsigned *flags)
{
    unsigned nargs = (unsigned)LLVMGetNumArgOperands(call);
    int ok = 0, ok2 = 0;
    LLVMValueRef a = (unsigned)ef->a < nargs ? as_i64(c, LLVMGetOperand(call, (unsigned)ef->a), &ok) : NULL;
    LLVMValueRef b = (unsigned)ef->b < nargs ? as_i64(c, LLVMGetOperand(call, (unsigned)ef->b), &ok2) : NULL;
    LLVMTypeRef rt = LLVMTypeOf(call);
    switch (ef->size) {
    case RH_SZ_CONST: return k64(c, ef->n);
    case RH_SZ_ARG: return ok ? a : k64(c, 1);
    case RH_SZ_PRODUCT: return ok && ok2 ? LLVMBuildMul(c->b, a, b, "") : k64(c, 1);
    case RH_SZ_STRING: *flags |= RH_RT_STRLEN; return k64(c, 0);
    case RH_SZ_RET:
    case RH_SZ_ARG_RET: {
        if (LLVMGetTypeKind(rt) != LLVMIntegerTypeKind || (ef->size == RH_SZ_ARG_RET && !ok))
            return k64(c, 0);
        LLVMValueRef r = LLVMBuildSelect(c->b, LLVMBuildICmp(c->b, LLVMIntSGT, call, LLVMConstInt(rt, 0, 0), ""),
                                         LLVMBuildSExt(c->b, call, c->i64, ""), k64(c, 0), "");
        return ef->size == RH_SZ_RET ? r : LLVMBuildMul(c->b, r, a, "");
    }
    default: return k64(c, 1); /* the whole object: its first byte at least */
    }
}

static void library_access(inst_ctx *c, LLVMValueRef call, int argno, LLVMValueRef ptr,
                           const rh_effect *ef, unsigned kind)
{
    /* reads happen on what the caller passed, writes show after the call
     * (read(2) fills as much as it returns) */
    int upto = kind == RH_RT_READ && ef && argno == 0 && stops_at_result(call);
    int before = kind == RH_RT_READ && !upto && !(ef && (ef->size == RH_SZ_RET || ef->size == RH_SZ_ARG_RET));
    LLVMPositionBuilderBefore(c->b, before ? call : LLVMGetNextInstruction(call));
    unsigned flags = kind;
    LLVMValueRef n = ef ? effect_bytes(c, call, ef, &flags) : k64(c, 1);
    if (upto) {
        read_up_to_result(c, call, ptr, n, flags);
        return;
    }
    LLVMValueRef args[] = {ptr, n, k32(c, flags), k32(c, new_loc(c, call, ptr)), k64(c, 0)};
    LLVMBuildCall2(c->b, c->t_access, c->f_access, args, 5, "");
}

/* A row of the library specification: one access per effect on each
 * pointer argument, and one on the pseudo-object of its hidden state
 * unless glibc locks that state inside (then no execution shows a race). */
static void instrument_library_call(inst_ctx *c, LLVMValueRef call, const rh_conc_entry *e)
{
    rh_effect ef[RH_MAX_EFFECTS];
    int n = rh_libspec_effects(e, ef), nargs = (int)LLVMGetNumArgOperands(call);
    for (int i = 0; i < n; i++)
        for (int k = ef[i].arg; k < nargs && (k == ef[i].arg || ef[i].rest); k++) {
            LLVMValueRef p = LLVMGetOperand(call, (unsigned)k);
            if (LLVMGetTypeKind(LLVMTypeOf(p)) != LLVMPointerTypeKind)
                continue;
            if (ef[i].read)
                library_access(c, call, k, p, &ef[i], RH_RT_READ);
            if (ef[i].write && ef[i].exact) /* an upper bound might record what did not happen */
                library_access(c, call, k, p, &ef[i], RH_RT_WRITE);
        }
    const char *state = rh_model_row_state(c->prog, e);
    char name[160];
    LLVMValueRef g = state && !(e->flags & RH_F_STATE_LOCKED)
                         ? LLVMGetNamedGlobal(c->mod, rh_libspec_state_object(state, name, sizeof name)) : NULL;
    if (g)
        library_access(c, call, -1, g, NULL, e->flags & RH_F_STATE_WRITE ? RH_RT_WRITE : RH_RT_READ);
}

static LLVMValueRef arg_or_null(LLVMValueRef call, int i)
{
    if (i < 0 || (unsigned)i >= (unsigned)LLVMGetNumArgOperands(call))
        return NULL;
    return LLVMGetOperand(call, (unsigned)i);
}

static LLVMValueRef ptr_arg(inst_ctx *c, LLVMValueRef call, int i)
{
    LLVMValueRef v = arg_or_null(call, i);
    if (!v)
        return LLVMConstNull(c->ptr);
    if (LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind)
        return v;
    int ok;
    return LLVMBuildIntToPtr(c->b, as_i64(c, v, &ok), c->ptr, "");
}

/* The first six arguments of a __rh_sync_* hook. */
static void sync_args(inst_ctx *c, const rh_conc_entry *e, LLVMValueRef call, LLVMValueRef n,
                      unsigned loc, LLVMValueRef args[6])
{
    unsigned flags = e->flags | (e->lock_class == RH_LOCK_MUTEX ? RH_RT_MUTEX : 0);
    args[0] = k32(c, (unsigned)e->op), args[1] = k32(c, flags);
    args[2] = ptr_arg(c, call, e->obj), args[3] = ptr_arg(c, call, e->obj2);
    args[4] = n, args[5] = k32(c, loc);
}

static void sync_hook(inst_ctx *c, LLVMValueRef fn, const rh_conc_entry *e, LLVMValueRef call,
                      LLVMValueRef n, unsigned loc)
{
    LLVMValueRef args[6];
    sync_args(c, e, call, n, loc, args);
    LLVMBuildCall2(c->b, c->t_sync, fn, args, 6, "");
}

/* The pre hook.  A timed wait whose last argument is its deadline calls
 * __rh_sync_timed instead and takes the deadline it returns: one long past
 * when the runtime times the wait out. */
static void pre_hook(inst_ctx *c, const rh_conc_entry *e, LLVMValueRef call, LLVMValueRef n,
                     unsigned loc)
{
    unsigned nargs = (unsigned)LLVMGetNumArgOperands(call);
    LLVMValueRef deadline =
        (e->flags & RH_F_DEADLINE) && nargs ? LLVMGetOperand(call, nargs - 1) : NULL;
    if (!deadline || LLVMGetTypeKind(LLVMTypeOf(deadline)) != LLVMPointerTypeKind) {
        sync_hook(c, c->f_pre, e, call, n, loc);
        return;
    }
    LLVMValueRef args[7];
    sync_args(c, e, call, n, loc, args);
    args[6] = deadline;
    LLVMSetOperand(call, nargs - 1, LLVMBuildCall2(c->b, c->t_timed, c->f_timed, args, 7, ""));
}

/* Replaces a call by a runtime function returning `v`, converted. */
static void replace_call(inst_ctx *c, LLVMValueRef call, LLVMValueRef v)
{
    LLVMTypeRef t = LLVMTypeOf(call);
    if (LLVMGetTypeKind(t) != LLVMVoidTypeKind) {
        LLVMValueRef r;
        switch (LLVMGetTypeKind(t)) {
        case LLVMIntegerTypeKind: r = LLVMBuildIntCast2(c->b, v, t, 1, ""); break;
        case LLVMPointerTypeKind: r = LLVMBuildIntToPtr(c->b, LLVMBuildIntCast2(c->b, v, c->i64, 1, ""), t, ""); break;
        case LLVMFloatTypeKind: case LLVMDoubleTypeKind: r = LLVMBuildSIToFP(c->b, v, t, ""); break;
        default: r = LLVMGetUndef(t); break;
        }
        LLVMReplaceAllUsesWith(call, r);
    }
    LLVMInstructionEraseFromParent(call);
}

static unsigned int_bits(LLVMTypeRef t)
{
    return LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(t) : 64;
}

/* Calls replaced outright: their real versions would block or not exist. */
static int instrument_replaced(inst_ctx *c, LLVMValueRef call, const rh_conc_entry *e, unsigned loc)
{
    LLVMPositionBuilderBefore(c->b, call);
    switch (e->op) {
    case RH_OP_COND_WAIT: {
        /* a C11 wait answers thrd_* codes */
        unsigned c11 = rh_conc_c11(e) ? RH_RT_C11 : 0;
        LLVMValueRef a[] = {ptr_arg(c, call, e->obj), ptr_arg(c, call, e->obj2),
                            k32(c, e->flags | c11), k32(c, loc)};
        replace_call(c, call, LLVMBuildCall2(c->b, c->t_wait2, c->f_cond, a, 4, ""));
        return 1;
    }
    case RH_OP_BARRIER_WAIT: {
        LLVMValueRef a[] = {ptr_arg(c, call, e->obj), k32(c, loc)};
        replace_call(c, call, LLVMBuildCall2(c->b, c->t_wait1, c->f_barrier, a, 2, ""));
        return 1;
    }
    case RH_OP_NONDET: {
        LLVMValueRef a[] = {k32(c, int_bits(LLVMTypeOf(call))), k32(c, loc)};
        replace_call(c, call, LLVMBuildCall2(c->b, c->t_nondet, c->f_nondet, a, 2, ""));
        return 1;
    }
    case RH_OP_ASSUME: {
        int ok;
        LLVMValueRef cond = arg_or_null(call, e->obj);
        LLVMValueRef a[] = {cond ? as_i64(c, cond, &ok) : k64(c, 1), k32(c, loc)};
        LLVMBuildCall2(c->b, c->t_assume, c->f_assume, a, 2, "");
        replace_call(c, call, k64(c, 0));
        return 1;
    }
    case RH_OP_ATOMIC_BEGIN: case RH_OP_ATOMIC_END:
        sync_hook(c, c->f_pre, e, call, k64(c, 0), loc);
        replace_call(c, call, k64(c, 0));
        return 1;
    default:
        return 0;
    }
}

/* pthread_create(h, attr, fn, arg) becomes pthread_create(h, attr,
 * __rh_thread_start, box) with box = __rh_thread_prepare(fn, arg). */
static void instrument_create(inst_ctx *c, LLVMValueRef call, const rh_conc_entry *e, unsigned loc)
{
    LLVMValueRef fn = arg_or_null(call, e->fn);
    if (!fn)
        return;
    LLVMPositionBuilderBefore(c->b, call);
    LLVMValueRef arg = e->obj2 >= 0 ? ptr_arg(c, call, e->obj2) : LLVMConstNull(c->ptr);
    LLVMValueRef pa[] = {fn, arg, k32(c, e->fn == 1), k32(c, loc)};
    LLVMValueRef box = LLVMBuildCall2(c->b, c->t_prepare, c->f_prepare, pa, 4, "");
    LLVMSetOperand(call, (unsigned)e->fn, c->f_start);
    if (e->obj2 >= 0)
        LLVMSetOperand(call, (unsigned)e->obj2, box);
    LLVMPositionBuilderBefore(c->b, LLVMGetNextInstruction(call));
    int ok;
    LLVMValueRef ret = as_i64(c, call, &ok);
    LLVMValueRef ca[] = {box, ptr_arg(c, call, e->obj), ret, k64(c, (unsigned long)e->success)};
    LLVMBuildCall2(c->b, c->t_created, c->f_created, ca, 4, "");
}

static void instrument_sync(inst_ctx *c, LLVMValueRef call, const rh_conc_entry *e)
{
    unsigned loc = new_loc(c, call, arg_or_null(call, e->obj)); /* names the lock in reports */
    if (e->op == RH_OP_BENIGN || e->op == RH_OP_IGNORE_BEGIN || e->op == RH_OP_FORGET)
        c->locs->items[loc].callee = rh_xstrdup(e->name); /* the reason a race is suppressed */
    if (e->op == RH_OP_FREE || e->op == RH_OP_REALLOC)
        c->locs->items[loc].frees = e->name; /* the concurrency table's, static */
    if (e->op == RH_OP_LOCK)
        c->locs->items[loc].lock_class = e->lock_class;
    if (instrument_replaced(c, call, e, loc))
        return;
    if (e->op == RH_OP_THREAD_CREATE) {
        instrument_create(c, call, e, loc);
        return;
    }
    int ok;
    LLVMPositionBuilderBefore(c->b, call);
    LLVMValueRef n = k64(c, 0);
    if (e->op == RH_OP_THREAD_JOIN && arg_or_null(call, e->obj))
        n = as_i64(c, arg_or_null(call, e->obj), &ok);
    else if (arg_or_null(call, e->size))
        n = as_i64(c, arg_or_null(call, e->size), &ok);
    int post_only = e->op == RH_OP_ALLOC || e->op == RH_OP_CALLOC;
    if (!post_only)
        pre_hook(c, e, call, n, loc);
    LLVMPositionBuilderBefore(c->b, LLVMGetNextInstruction(call));
    LLVMValueRef ret = LLVMGetTypeKind(LLVMTypeOf(call)) == LLVMVoidTypeKind ? k64(c, 0)
                                                                           : as_i64(c, call, &ok);
    sync_hook(c, c->f_post, e, call, ret, loc);
}

/* Calls of functions with bodies (and indirect calls) keep the shadow stack. */
static void instrument_frame(inst_ctx *c, LLVMValueRef call)
{
    LLVMPositionBuilderBefore(c->b, call);
    LLVMValueRef a[] = {k32(c, new_loc(c, call, NULL))};
    LLVMBuildCall2(c->b, c->t_enter, c->f_enter, a, 1, "");
    LLVMPositionBuilderBefore(c->b, LLVMGetNextInstruction(call));
    LLVMBuildCall2(c->b, c->t_leave, c->f_leave, NULL, 0, "");
}

/* Inline assembly that may synchronise threads: locked or exchanging
 * instructions, fences, and Valgrind's client-request preamble (the
 * VALGRIND_HG_* and ANNOTATE_* requests of helgrind.h).  A pause or an
 * empty compiler barrier orders nothing between threads. */
static int asm_may_sync(LLVMValueRef call)
{
    static const char *const words[] = {"lock", "xchg", "xadd", "fence", "rolq $$3", "roll $$3",
                                        "dmb", "ldaxr", "stlxr", "ldrex", "strex", "sync"};
    char *text = LLVMPrintValueToString(call);
    int found = 0;
    for (size_t i = 0; i < sizeof words / sizeof words[0] && !found; i++)
        found = strstr(text, words[i]) != NULL;
    LLVMDisposeMessage(text);
    return found;
}

/* A call that may synchronise in a way the runtime does not model: the
 * runtime hears of it first, so that it reports no race the call may
 * order (rt_abi.h); the location names the function for the notes. */
static void instrument_unmodelled(inst_ctx *c, LLVMValueRef call, const char *name, unsigned flags)
{
    unsigned loc = new_loc(c, call, NULL);
    c->locs->items[loc].callee = rh_xstrdup(name);
    LLVMPositionBuilderBefore(c->b, call);
    LLVMValueRef a[] = {k32(c, loc | flags)};
    LLVMBuildCall2(c->b, c->t_enter, c->f_unmodelled, a, 1, "");
}

/* Valgrind's client request (valgrind.h, amd64): this preamble, then the
 * request block's address in the first operand.  The runtime models
 * Helgrind's happens-before requests and names the others. */
static void instrument_asm(inst_ctx *c, LLVMValueRef call)
{
    char *text = LLVMPrintValueToString(call);
    int client = strstr(text, "rolq $$3,  %rdi ; rolq $$13, %rdi") != NULL;
    LLVMDisposeMessage(text);
    LLVMValueRef req = LLVMGetNumArgOperands(call) > 0 ? LLVMGetOperand(call, 0) : NULL;
    if (!client || !req || LLVMGetTypeKind(LLVMTypeOf(req)) != LLVMPointerTypeKind) {
        instrument_unmodelled(c, call, "inline assembly", 0);
        return;
    }
    unsigned loc = new_loc(c, call, NULL);
    c->locs->items[loc].callee = rh_xstrdup("a Valgrind client request");
    LLVMPositionBuilderBefore(c->b, call);
    LLVMValueRef a[] = {req, k32(c, loc)};
    LLVMBuildCall2(c->b, c->t_client, c->f_client, a, 2, "");
}

static int is_runtime(LLVMValueRef fn)
{
    size_t len;
    return fn && strncmp(LLVMGetValueName2(fn, &len), "__rh_", 5) == 0;
}

/* What glibc's pthread_cleanup_push and _pop expand to around a cleanup
 * region (the buffer's __sigsetjmp, __pthread_register_cancel and
 * __pthread_unregister_cancel) only links the buffer into the calling
 * thread's own list: it orders nothing between threads.  The real
 * cancellation lets glibc run the handlers, which are instrumented code. */
static int cleanup_bookkeeping(const rh_conc_entry *e)
{
    int kind = rh_conc_cancel_kind(e);
    return kind == RH_CANCEL_SETJMP || kind == RH_CANCEL_REGISTER || kind == RH_CANCEL_UNREGISTER;
}

/* A cancellation point or a change of the cancellation type can order
 * something only through a cancellation request (pthread_cancel), which is
 * unmodelled itself: the runtime holds races back across such a call only
 * once a request was made in the run (rt_hooks.c). */
static unsigned unmodelled_cancel_flags(const rh_conc_entry *e)
{
    int kind = e ? rh_conc_cancel_kind(e) : 0;
    if (kind == RH_CANCEL_TEST || kind == RH_CANCEL_TYPE)
        return RH_UNMOD_CANCEL_POINT;
    return kind == RH_CANCEL_SEND ? RH_UNMOD_CANCEL_SEND : 0;
}

static void instrument_call(inst_ctx *c, LLVMValueRef call)
{
    LLVMValueRef callee = rh_model_called_function(call);
    if (LLVMIsAInlineAsm(LLVMGetCalledValue(call)) && asm_may_sync(call))
        instrument_asm(c, call);
    if (is_runtime(callee) || (LLVMIsAInlineAsm(LLVMGetCalledValue(call))))
        return;
    const rh_conc_entry *e = rh_model_call_entry(c->prog, call);
    int has_body = callee && !LLVMIsDeclaration(callee);
    size_t len;
    const char *name = callee ? LLVMGetValueName2(callee, &len) : NULL;
    if (e && (e->flags & RH_F_NOTIFY)) /* SIGEV_THREAD: program code in a thread libc makes */
        instrument_unmodelled(c, call, name ? name : "?", 0);
    if ((e && e->op == RH_OP_UNMODELLED && !cleanup_bookkeeping(e)) ||
        (!e && !has_body && rh_conc_may_sync(name)))
        instrument_unmodelled(c, call, name ? name : "?", unmodelled_cancel_flags(e));
    else if (e && e->op == RH_OP_MEMORY && rh_libspec_of(e))
        instrument_library_call(c, call, e);
    else if (e && e->op == RH_OP_MEMORY)
        instrument_memory_call(c, call, e);
    else if (e && e->op != RH_OP_PURE && e->op != RH_OP_IGNORE && e->op != RH_OP_NONE &&
             e->op != RH_OP_FORK && /* the runtime's fork (rt_limits.c) leaves the child out */
             e->op != RH_OP_TSD)    /* real per-thread values: nothing to model */
        instrument_sync(c, call, e);
    if ((has_body || !callee) && (!e || e->op == RH_OP_NONE || e->op == RH_OP_ATOMIC_CALL ||
                                  e->op == RH_OP_ERROR))
        instrument_frame(c, call);
}

/* An uninitialised local is `undef` after mem2reg, and branching on undef
 * is undefined behaviour the optimiser of the instrumented build exploits
 * (it may delete the rest of the function).  C means an indeterminate but
 * fixed value: exactly what `freeze` gives. */
static void freeze_undef(inst_ctx *c, LLVMValueRef in)
{
    int phi = LLVMGetInstructionOpcode(in) == LLVMPHI;
    unsigned n = (unsigned)LLVMGetNumOperands(in);
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef v = LLVMGetOperand(in, i);
        if (!v || !(LLVMIsUndef(v) || LLVMIsPoison(v)))
            continue;
        LLVMTypeKind k = LLVMGetTypeKind(LLVMTypeOf(v));
        if (k != LLVMIntegerTypeKind && k != LLVMPointerTypeKind && k != LLVMDoubleTypeKind &&
            k != LLVMFloatTypeKind)
            continue;
        LLVMPositionBuilderBefore(c->b, phi ? LLVMGetBasicBlockTerminator(LLVMGetIncomingBlock(in, i)) : in);
        LLVMSetOperand(in, i, LLVMBuildFreeze(c->b, v, "indeterminate"));
    }
}

static void instrument_function(inst_ctx *c, LLVMValueRef fn)
{
    RH_VEC(LLVMValueRef) todo = {0};
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
            rh_vec_push(&todo, in);
    char *covered = rh_dyn_covered_accesses(c->td, fn, todo.items, todo.len);
    for (size_t i = 0; i < todo.len; i++) {
        freeze_undef(c, todo.items[i]);
        if (LLVMGetInstructionOpcode(todo.items[i]) == LLVMCall)
            instrument_call(c, todo.items[i]);
        else if (!covered[i]) /* repeats an access of its epoch: dyn_private.h */
            instrument_memory(c, todo.items[i]);
    }
    free(covered);
    rh_vec_free(&todo);
}

typedef RH_VEC(LLVMValueRef) value_vec;

/* Whether the program takes f's address (a use other than a direct call);
 * the direct calls go to `calls`. */
static int address_taken(LLVMValueRef f, value_vec *calls)
{
    int taken = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsACallInst(user) && LLVMGetCalledValue(user) == f)
            rh_vec_push(calls, user);
        else
            taken = 1;
    }
    return taken;
}

/* A library function that synchronises, called through a pointer (a table
 * of lock operations), would run unseen by the runtime: a missed unlock or
 * join could make up a race.  Every use of its address is given a wrapper
 * whose body calls it directly, and that call is instrumented like any
 * other; direct calls keep their own locations. */
static void wrap_address_taken(inst_ctx *c)
{
    value_vec todo = {0};
    for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f)) {
        size_t len;
        const char *name = LLVMGetValueName2(f, &len);
        const rh_conc_entry *e = rh_conc_lookup(&c->prog->conc, name, 0);
        int sync = e ? e->op != RH_OP_PURE && e->op != RH_OP_IGNORE && e->op != RH_OP_MEMORY &&
                           e->op != RH_OP_NONE
                     : rh_conc_may_sync(name);
        if (LLVMIsDeclaration(f) && !is_runtime(f) && sync && !LLVMIsFunctionVarArg(LLVMGlobalGetValueType(f)))
            rh_vec_push(&todo, f);
    }
    for (size_t i = 0; i < todo.len; i++) {
        LLVMValueRef f = todo.items[i];
        value_vec calls = {0};
        if (address_taken(f, &calls)) {
            size_t len;
            LLVMTypeRef ft = LLVMGlobalGetValueType(f);
            char *wname = rh_xasprintf("racehunt.through_pointer.%s", LLVMGetValueName2(f, &len));
            LLVMValueRef w = LLVMAddFunction(c->mod, wname, ft);
            free(wname);
            LLVMSetLinkage(w, LLVMInternalLinkage);
            LLVMReplaceAllUsesWith(f, w);
            for (size_t k = 0; k < calls.len; k++) /* direct calls stay direct */
                LLVMSetOperand(calls.items[k], (unsigned)LLVMGetNumOperands(calls.items[k]) - 1, f);
            LLVMPositionBuilderAtEnd(c->b, LLVMAppendBasicBlockInContext(c->ctx, w, "entry"));
            unsigned n = LLVMCountParams(w);
            LLVMValueRef *args = rh_xmalloc((n ? n : 1) * sizeof *args);
            for (unsigned k = 0; k < n; k++)
                args[k] = LLVMGetParam(w, k);
            LLVMValueRef r = LLVMBuildCall2(c->b, ft, f, args, n, "");
            free(args);
            if (LLVMGetTypeKind(LLVMGetReturnType(ft)) == LLVMVoidTypeKind)
                LLVMBuildRetVoid(c->b);
            else
                LLVMBuildRet(c->b, r);
        }
        rh_vec_free(&calls);
    }
    rh_vec_free(&todo);
}

LLVMModuleRef rh_dyn_instrument(rh_program *prog, rh_dyn_locs *locs, char *err)
{
    inst_ctx c = {0};
    c.prog = prog;
    c.mod = LLVMCloneModule(prog->mod);
    c.ctx = LLVMGetModuleContext(c.mod);
    c.td = prog->td;
    c.b = LLVMCreateBuilderInContext(c.ctx);
    c.locs = locs;
    c.i32 = LLVMInt32TypeInContext(c.ctx);
    c.i64 = LLVMInt64TypeInContext(c.ctx);
    c.ptr = LLVMPointerTypeInContext(c.ctx, 0);
    c.vd = LLVMVoidTypeInContext(c.ctx);
    memset(locs, 0, sizeof *locs);
    new_loc(&c, NULL, NULL); /* id 0: unknown */
    declare_runtime(&c);
    wrap_address_taken(&c);
    for (LLVMValueRef f = LLVMGetFirstFunction(c.mod); f; f = LLVMGetNextFunction(f)) {
        /* C99 `inline` bodies are only "available externally": nothing
         * else defines them here, so they become the program's own */
        if (LLVMGetLinkage(f) == LLVMAvailableExternallyLinkage)
            LLVMSetLinkage(f, LLVMInternalLinkage);
        if (!LLVMIsDeclaration(f) && !is_runtime(f))
            instrument_function(&c, f);
    }
    LLVMDisposeBuilder(c.b);
    rh_src_names_forget(); /* the clone may go, and its functions' addresses be reused */
    char *msg = NULL;
    if (LLVMVerifyModule(c.mod, LLVMReturnStatusAction, &msg)) {
        rh_fail(err, "instrumenting the program produced invalid code (a racehunt bug): %.300s",
                msg ? msg : "?");
        LLVMDisposeMessage(msg);
        LLVMDisposeModule(c.mod);
        rh_dyn_locs_free(locs);
        return NULL;
    }
    LLVMDisposeMessage(msg);
    return c.mod;
}
