/* dse_instrument.c - the concolic instrumentation (SymCC's design): after
 * the race instrumentation, every integer value computed from an input
 * gets a companion "shadow" value, a pointer to its expression built at
 * run time by src/runtime/rt_sym.c (NULL when the value is concrete).  The
 * pass inserts calls that build the expressions of arithmetic,
 * comparisons, casts, selects and phis, carry them through memory (loads,
 * stores, memcpy) and through calls and returns of the program's own
 * functions, make inputs symbolic (main's argc and argv, reads of standard
 * input, __rh_nondet; getenv and files opened for reading go to
 * rt_sym_env.c), model a few libc functions (rt_sym_model.c; getopt
 * and getopt_long are replaced by rt_sym_getopt.c's, the scanf family
 * by rt_sym_scanf.c's), and
 * record the condition of each branch and switch case whose condition has
 * an expression.  A symbolic array index is concretised (its value pinned).
 *
 * Values wider than 64 bits, floating point and pointers stay concrete.
 * Blocks are visited in reverse postorder so that an operand's shadow
 * exists before its users'; phis get shadow phis filled in at the end.
 */
#include "dse.h"
#include "runtime/rt_abi.h"
#include "runtime/rt_sym_abi.h"
#include "util/hashmap.h"
#include "util/util.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/Target.h>
#include <stdlib.h>
#include <string.h>

typedef struct sym_ctx {
    LLVMModuleRef m;
    LLVMContextRef ctx;
    LLVMBuilderRef b;
    LLVMTargetDataRef td;
    LLVMTypeRef ptr, i32, i64, vd;
    rh_map shadow;          /* value -> its shadow value */
    rh_map creates;         /* function -> 1 when it may lead to a goal (below) */
    rh_map goal_locs;       /* access loc id + 1 -> 1: the static candidate pairs' accesses */
    unsigned goal_sides;    /* branch sides marked as leading to a goal */
    unsigned sites;
} sym_ctx;

/* The runtime's entry points: name, return (p pointer, v void), arguments. */
static const struct { const char *name, *sig; } rt_fns[] = {
    {"__rh_sym_load", "ppl"},          {"__rh_sym_store", "vplp"},
    {"__rh_sym_memcpy", "vppl"},       {"__rh_sym_clear", "vpl"},
    {"__rh_sym_set_param", "vip"},     {"__rh_sym_get_param", "pi"},
    {"__rh_sym_set_ret", "vp"},        {"__rh_sym_get_ret", "p"},
    {"__rh_sym_binop", "piippll"},     {"__rh_sym_cast", "piip"},
    {"__rh_sym_select", "ppppllli"},   {"__rh_sym_branch", "vpli"},
    {"__rh_sym_case", "vplli"},        {"__rh_sym_concretise", "vpl"},
    {"__rh_sym_main", "pipp"},         {"__rh_sym_input", "vippll"},
    {"__rh_sym_nondet", "pil"},        {"__rh_sym_model", "pipplli"},
};

static LLVMTypeRef sig_type(sym_ctx *c, char k)
{
    return k == 'p' ? c->ptr : k == 'i' ? c->i32 : k == 'l' ? c->i64 : c->vd;
}

static LLVMValueRef rt_call(sym_ctx *c, const char *name, LLVMValueRef *args, unsigned n)
{
    const char *sig = NULL;
    for (size_t i = 0; i < sizeof rt_fns / sizeof rt_fns[0]; i++)
        if (strcmp(rt_fns[i].name, name) == 0)
            sig = rt_fns[i].sig;
    LLVMTypeRef params[8];
    unsigned np = (unsigned)strlen(sig) - 1;
    for (unsigned i = 0; i < np; i++)
        params[i] = sig_type(c, sig[i + 1]);
    LLVMTypeRef ft = LLVMFunctionType(sig_type(c, sig[0]), params, np, 0);
    LLVMValueRef f = LLVMGetNamedFunction(c->m, name);
    if (!f)
        f = LLVMAddFunction(c->m, name, ft);
    return LLVMBuildCall2(c->b, ft, f, args, n, "");
}

static int int_bits(LLVMTypeRef t)
{
    return LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? (int)LLVMGetIntTypeWidth(t) : 0;
}

static int symbolic_int(LLVMValueRef v)
{
    int w = int_bits(LLVMTypeOf(v));
    return w > 0 && w <= 64;
}

static LLVMValueRef null_shadow(sym_ctx *c)
{
    return LLVMConstNull(c->ptr);
}

static LLVMValueRef shadow_of(sym_ctx *c, LLVMValueRef v)
{
    long s = rh_map_get_ptr(&c->shadow, v, 0);
    return s ? (LLVMValueRef)(intptr_t)s : NULL;
}

static void set_shadow(sym_ctx *c, LLVMValueRef v, LLVMValueRef s)
{
    rh_map_put_ptr(&c->shadow, v, (long)(intptr_t)s);
}

static LLVMValueRef shadow_or_null(sym_ctx *c, LLVMValueRef v)
{
    LLVMValueRef s = shadow_of(c, v);
    return s ? s : null_shadow(c);
}

static LLVMValueRef as_i64(sym_ctx *c, LLVMValueRef v, int sign)
{
    int w = int_bits(LLVMTypeOf(v));
    if (w == 64)
        return v;
    return sign ? LLVMBuildSExt(c->b, v, c->i64, "") : LLVMBuildZExt(c->b, v, c->i64, "");
}

static LLVMValueRef k32(sym_ctx *c, unsigned long long v)
{
    return LLVMConstInt(c->i32, v, 0);
}

static LLVMValueRef k64(sym_ctx *c, unsigned long long v)
{
    return LLVMConstInt(c->i64, v, 0);
}

static void after(sym_ctx *c, LLVMValueRef in)
{
    LLVMValueRef next = LLVMGetNextInstruction(in);
    while (next && LLVMGetInstructionOpcode(next) == LLVMPHI)
        next = LLVMGetNextInstruction(next);
    LLVMPositionBuilderBefore(c->b, next);
}

static const char *callee_name(LLVMValueRef call, LLVMValueRef *fn)
{
    LLVMValueRef f = LLVMGetCalledValue(call);
    *fn = f && LLVMIsAFunction(f) ? f : NULL;
    size_t len;
    return *fn ? LLVMGetValueName2(*fn, &len) : "";
}

/* ---- which branches lead to a goal: a thread creation, or an access of
 * one of the static engine's candidate pairs (the race it may be) ---- */

static int creates_directly(const char *name)
{
    return strcmp(name, "pthread_create") == 0 || strcmp(name, "thrd_create") == 0 ||
           strcmp(name, "__rh_thread_prepare") == 0;
}

/* An access hook (rh_dyn_instrument's __rh_access or one of its forms) at a goal location. */
static int goal_access(sym_ctx *c, LLVMValueRef call, const char *name)
{
    if (!c->goal_locs.len || !rh_rt_access_hook(name) || LLVMGetNumArgOperands(call) < 4)
        return 0;
    LLVMValueRef loc = LLVMGetOperand(call, 3);
    return LLVMIsAConstantInt(loc) &&
           rh_map_get(&c->goal_locs, LLVMConstIntGetZExtValue(loc) + 1, 0) != 0;
}

static int block_creates(sym_ctx *c, LLVMBasicBlockRef bb)
{
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
        if (LLVMGetInstructionOpcode(in) != LLVMCall)
            continue;
        LLVMValueRef fn;
        const char *name = callee_name(in, &fn);
        if (fn && (creates_directly(name) || goal_access(c, in, name) ||
                   rh_map_get_ptr(&c->creates, fn, 0)))
            return 1;
    }
    return 0;
}

static void find_creators(sym_ctx *c)
{
    for (int changed = 1; changed;) {
        changed = 0;
        for (LLVMValueRef f = LLVMGetFirstFunction(c->m); f; f = LLVMGetNextFunction(f)) {
            if (LLVMIsDeclaration(f) || rh_map_get_ptr(&c->creates, f, 0))
                continue;
            for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
                if (block_creates(c, bb)) {
                    rh_map_put_ptr(&c->creates, f, 1);
                    changed = 1;
                    break;
                }
        }
    }
}

/* Whether a goal block is reachable from `from` (bounded:
 * a function too large to search says no). */
static int reaches_create(sym_ctx *c, LLVMBasicBlockRef from, unsigned nblocks)
{
    if (nblocks > 4000)
        return 0;
    LLVMBasicBlockRef *work = rh_xmalloc(((size_t)nblocks + 1) * sizeof *work);
    rh_map seen = {0};
    size_t n = 0;
    int found = 0;
    work[n++] = from;
    rh_map_put_ptr(&seen, from, 1);
    while (n && !found) {
        LLVMBasicBlockRef bb = work[--n];
        if (block_creates(c, bb))
            found = 1;
        LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
        for (unsigned i = 0; t && i < LLVMGetNumSuccessors(t); i++) {
            LLVMBasicBlockRef s = LLVMGetSuccessor(t, i);
            if (!rh_map_get_ptr(&seen, s, 0) && n < nblocks) {
                rh_map_put_ptr(&seen, s, 1);
                work[n++] = s;
            }
        }
    }
    rh_map_free(&seen);
    free(work);
    return found;
}

/* ---- instructions ---- */

static int binop_of(LLVMOpcode op)
{
    switch (op) {
    case LLVMAdd: return RH_SYM_ADD;   case LLVMSub: return RH_SYM_SUB;
    case LLVMMul: return RH_SYM_MUL;   case LLVMUDiv: return RH_SYM_UDIV;
    case LLVMSDiv: return RH_SYM_SDIV; case LLVMURem: return RH_SYM_UREM;
    case LLVMSRem: return RH_SYM_SREM; case LLVMShl: return RH_SYM_SHL;
    case LLVMLShr: return RH_SYM_LSHR; case LLVMAShr: return RH_SYM_ASHR;
    case LLVMAnd: return RH_SYM_AND;   case LLVMOr: return RH_SYM_OR;
    case LLVMXor: return RH_SYM_XOR;   default: return 0;
    }
}

static int cmp_of(LLVMIntPredicate p)
{
    static const int ops[] = {
        [LLVMIntEQ] = RH_SYM_EQ,   [LLVMIntNE] = RH_SYM_NE,   [LLVMIntUGT] = RH_SYM_UGT,
        [LLVMIntUGE] = RH_SYM_UGE, [LLVMIntULT] = RH_SYM_ULT, [LLVMIntULE] = RH_SYM_ULE,
        [LLVMIntSGT] = RH_SYM_SGT, [LLVMIntSGE] = RH_SYM_SGE, [LLVMIntSLT] = RH_SYM_SLT,
        [LLVMIntSLE] = RH_SYM_SLE,
    };
    return (unsigned)p < sizeof ops / sizeof ops[0] ? ops[p] : 0;
}

static void do_binary(sym_ctx *c, LLVMValueRef in, int op)
{
    LLVMValueRef a = LLVMGetOperand(in, 0), b = LLVMGetOperand(in, 1);
    if (!symbolic_int(a) || (!shadow_of(c, a) && !shadow_of(c, b)))
        return;
    after(c, in);
    LLVMValueRef args[] = {k32(c, (unsigned)op), k32(c, (unsigned)int_bits(LLVMTypeOf(a))),
                           shadow_or_null(c, a), shadow_or_null(c, b), as_i64(c, a, 0),
                           as_i64(c, b, 0)};
    set_shadow(c, in, rt_call(c, "__rh_sym_binop", args, 6));
}

static void do_cast(sym_ctx *c, LLVMValueRef in, int op)
{
    LLVMValueRef a = LLVMGetOperand(in, 0), s = shadow_of(c, a);
    if (!s || !symbolic_int(in) || !symbolic_int(a))
        return;
    after(c, in);
    LLVMValueRef args[] = {k32(c, (unsigned)op), k32(c, (unsigned)int_bits(LLVMTypeOf(in))), s};
    set_shadow(c, in, rt_call(c, "__rh_sym_cast", args, 3));
}

static void do_select(sym_ctx *c, LLVMValueRef in)
{
    LLVMValueRef k = LLVMGetOperand(in, 0), a = LLVMGetOperand(in, 1), b = LLVMGetOperand(in, 2);
    if (!symbolic_int(in) || !symbolic_int(k) ||
        (!shadow_of(c, k) && !shadow_of(c, a) && !shadow_of(c, b)))
        return;
    after(c, in);
    LLVMValueRef args[] = {shadow_or_null(c, k), shadow_or_null(c, a), shadow_or_null(c, b),
                           as_i64(c, k, 0), as_i64(c, a, 0), as_i64(c, b, 0),
                           k32(c, (unsigned)int_bits(LLVMTypeOf(in)))};
    set_shadow(c, in, rt_call(c, "__rh_sym_select", args, 7));
}

static void do_load(sym_ctx *c, LLVMValueRef in)
{
    if (!symbolic_int(in))
        return;
    after(c, in);
    LLVMValueRef args[] = {LLVMGetOperand(in, 0),
                           k64(c, LLVMStoreSizeOfType(c->td, LLVMTypeOf(in)))};
    set_shadow(c, in, rt_call(c, "__rh_sym_load", args, 2));
}

static void do_store(sym_ctx *c, LLVMValueRef in)
{
    LLVMValueRef v = LLVMGetOperand(in, 0);
    LLVMPositionBuilderBefore(c->b, in);
    LLVMValueRef args[] = {LLVMGetOperand(in, 1), k64(c, LLVMStoreSizeOfType(c->td, LLVMTypeOf(v))),
                           symbolic_int(v) ? shadow_or_null(c, v) : null_shadow(c)};
    rt_call(c, "__rh_sym_store", args, 3);
}

static void do_gep(sym_ctx *c, LLVMValueRef in)
{
    unsigned n = (unsigned)LLVMGetNumOperands(in);
    for (unsigned i = 1; i < n; i++) {
        LLVMValueRef x = LLVMGetOperand(in, i), s = shadow_of(c, x);
        if (!s || !symbolic_int(x))
            continue;
        LLVMPositionBuilderBefore(c->b, in);
        LLVMValueRef args[] = {s, as_i64(c, x, 0)};
        rt_call(c, "__rh_sym_concretise", args, 2);
    }
}

static unsigned site_of(sym_ctx *c, LLVMValueRef br, unsigned nblocks, LLVMValueRef f)
{
    unsigned flags = 0;
    if (rh_map_get_ptr(&c->creates, f, 0)) {
        flags |= reaches_create(c, LLVMGetSuccessor(br, 0), nblocks) ? 1u : 0u;
        if (LLVMGetNumSuccessors(br) > 1)
            flags |= reaches_create(c, LLVMGetSuccessor(br, 1), nblocks) ? 2u : 0u;
    }
    c->goal_sides += (flags & 1) + (flags >> 1);
    return (++c->sites << 2) | flags;
}

static void do_branch(sym_ctx *c, LLVMValueRef in, unsigned nblocks, LLVMValueRef f)
{
    if (!LLVMIsConditional(in))
        return;
    LLVMValueRef k = LLVMGetCondition(in), s = shadow_of(c, k);
    if (!s)
        return;
    LLVMPositionBuilderBefore(c->b, in);
    LLVMValueRef args[] = {s, as_i64(c, k, 0), k32(c, site_of(c, in, nblocks, f))};
    rt_call(c, "__rh_sym_branch", args, 3);
}

static void do_switch(sym_ctx *c, LLVMValueRef in)
{
    LLVMValueRef k = LLVMGetOperand(in, 0), s = shadow_of(c, k);
    if (!s || !symbolic_int(k))
        return;
    LLVMPositionBuilderBefore(c->b, in);
    LLVMValueRef v = as_i64(c, k, 0);
    unsigned n = (unsigned)LLVMGetNumOperands(in);
    for (unsigned i = 2; i + 1 < n && i < 2 + 2 * 64; i += 2) {
        LLVMValueRef kase = LLVMGetOperand(in, i);
        LLVMValueRef args[] = {s, v, k64(c, LLVMConstIntGetZExtValue(kase)),
                               k32(c, ++c->sites << 2)};
        rt_call(c, "__rh_sym_case", args, 4);
    }
}

/* libc calls with a model or an input effect: name, what, and which
 * arguments are a, b, n (-1: none; RH_SYM_ARG_RESULT: the call's result). */
#define RH_SYM_ARG_RESULT (-2)
static const struct {
    const char *name;
    int kind, a, b, n, input;
} lib_calls[] = {
    {"strcmp", RH_SYM_M_STRCMP, 0, 1, -1, 0},  {"strncmp", RH_SYM_M_STRNCMP, 0, 1, 2, 0},
    {"memcmp", RH_SYM_M_MEMCMP, 0, 1, 2, 0},   {"bcmp", RH_SYM_M_MEMCMP, 0, 1, 2, 0},
    {"strlen", RH_SYM_M_STRLEN, 0, -1, -1, 0}, {"atoi", RH_SYM_M_ATOI, 0, -1, -1, 0},
    {"atol", RH_SYM_M_ATOI, 0, -1, -1, 0},     {"atoll", RH_SYM_M_ATOI, 0, -1, -1, 0},
    {"strtol", RH_SYM_M_STRTOL, 0, -1, 2, 0},  {"strtoul", RH_SYM_M_STRTOL, 0, -1, 2, 0},
    {"strtoll", RH_SYM_M_STRTOL, 0, -1, 2, 0}, {"strtoull", RH_SYM_M_STRTOL, 0, -1, 2, 0},
    {"strcasecmp", RH_SYM_M_STRCASECMP, 0, 1, -1, 0},
    {"strncasecmp", RH_SYM_M_STRNCASECMP, 0, 1, 2, 0},
    {"getchar", RH_SYM_M_GETC, -1, -1, -1, 0}, {"fgetc", RH_SYM_M_GETC, 0, -1, -1, 0},
    {"getc", RH_SYM_M_GETC, 0, -1, -1, 0},     {"_IO_getc", RH_SYM_M_GETC, 0, -1, -1, 0},
    {"read", RH_SYM_IN_READ, 0, 1, -1, 1},     {"fread", RH_SYM_IN_FREAD, 3, 0, 1, 1},
    {"fgets", RH_SYM_IN_FGETS, 2, 0, 1, 1},    {"getline", RH_SYM_IN_GETLINE, 2, 0, -1, 1},
    {"getdelim", RH_SYM_IN_GETLINE, 3, 0, -1, 1},
    {"mmap", RH_SYM_IN_MMAP, 4, RH_SYM_ARG_RESULT, 1, 1},
    {"mmap64", RH_SYM_IN_MMAP, 4, RH_SYM_ARG_RESULT, 1, 1},
};

static LLVMValueRef arg_or(sym_ctx *c, LLVMValueRef call, int i, int as_ptr)
{
    if (i == RH_SYM_ARG_RESULT && as_ptr && LLVMGetTypeKind(LLVMTypeOf(call)) == LLVMPointerTypeKind)
        return call;
    if (i < 0)
        return as_ptr ? null_shadow(c) : k64(c, 0);
    LLVMValueRef a = LLVMGetOperand(call, (unsigned)i);
    if (as_ptr)
        return LLVMGetTypeKind(LLVMTypeOf(a)) == LLVMPointerTypeKind
                   ? a : LLVMBuildIntToPtr(c->b, as_i64(c, a, 1), c->ptr, "");
    return symbolic_int(a) ? as_i64(c, a, 1) : k64(c, 0);
}

static int do_lib_call(sym_ctx *c, LLVMValueRef in, const char *name)
{
    size_t i = 0, n = sizeof lib_calls / sizeof lib_calls[0];
    while (i < n && strcmp(lib_calls[i].name, name) != 0)
        i++;
    if (i == n)
        return 0;
    after(c, in);
    LLVMValueRef res = LLVMTypeOf(in) == c->vd ? k64(c, 0)
                       : symbolic_int(in)      ? as_i64(c, in, 1)
                                               : LLVMBuildPtrToInt(c->b, in, c->i64, "");
    if (lib_calls[i].input) {
        LLVMValueRef args[] = {k32(c, (unsigned)lib_calls[i].kind), arg_or(c, in, lib_calls[i].a, 1),
                               arg_or(c, in, lib_calls[i].b, 1), res, arg_or(c, in, lib_calls[i].n, 0)};
        rt_call(c, "__rh_sym_input", args, 5);
        return 1;
    }
    if (!symbolic_int(in))
        return 1;
    LLVMValueRef args[] = {k32(c, (unsigned)lib_calls[i].kind), arg_or(c, in, lib_calls[i].a, 1),
                           arg_or(c, in, lib_calls[i].b, 1), arg_or(c, in, lib_calls[i].n, 0), res,
                           k32(c, (unsigned)int_bits(LLVMTypeOf(in)))};
    set_shadow(c, in, rt_call(c, "__rh_sym_model", args, 6));
    return 1;
}

/* getopt and getopt_long go to the runtime's models (rt_sym_getopt.c),
 * which take argc's shadow in parameter slot 0 and leave the option
 * letter's in the return slot. */
static int do_getopt(sym_ctx *c, LLVMValueRef in, const char *name)
{
    static const char *const models[][2] = {
        {"getopt", "__rh_sym_getopt"}, {"getopt_long", "__rh_sym_getopt_long"}};
    size_t i = 0;
    while (i < 2 && strcmp(models[i][0], name) != 0)
        i++;
    if (i == 2 || LLVMGetNumArgOperands(in) < 3 || !symbolic_int(in))
        return 0;
    LLVMTypeRef ft = LLVMGetCalledFunctionType(in);
    LLVMValueRef model = LLVMGetNamedFunction(c->m, models[i][1]);
    if (!model)
        model = LLVMAddFunction(c->m, models[i][1], ft);
    LLVMPositionBuilderBefore(c->b, in);
    LLVMValueRef argc = LLVMGetOperand(in, 0);
    LLVMValueRef args[] = {k32(c, 0), symbolic_int(argc) ? shadow_or_null(c, argc) : null_shadow(c)};
    rt_call(c, "__rh_sym_set_param", args, 2);
    LLVMSetOperand(in, LLVMGetNumOperands(in) - 1, model);
    after(c, in);
    set_shadow(c, in, rt_call(c, "__rh_sym_get_ret", NULL, 0));
    return 1;
}

/* Where inputs come from outside: getenv, and files opened for reading
 * or looked at (access, stat), go to the runtime's models (rt_sym_env.c),
 * which take the same arguments. */
static int do_input_source(sym_ctx *c, LLVMValueRef in, const char *name)
{
    static const char *const models[][2] = {
        {"getenv", "__rh_sym_getenv"}, {"secure_getenv", "__rh_sym_getenv"},
        {"fopen", "__rh_sym_fopen"},   {"fopen64", "__rh_sym_fopen"},
        {"open", "__rh_sym_open"},     {"open64", "__rh_sym_open"},
        {"openat", "__rh_sym_openat"}, {"openat64", "__rh_sym_openat"},
        {"access", "__rh_sym_access"}, {"stat", "__rh_sym_stat"},
        {"lstat", "__rh_sym_lstat"}};
    size_t i = 0, n = sizeof models / sizeof models[0];
    while (i < n && strcmp(models[i][0], name) != 0)
        i++;
    if (i == n || LLVMGetNumArgOperands(in) < 1 || LLVMGetNumArgOperands(in) > 4)
        return 0;
    LLVMTypeRef ft = LLVMGetCalledFunctionType(in);
    LLVMValueRef model = LLVMGetNamedFunction(c->m, models[i][1]);
    if (!model)
        model = LLVMAddFunction(c->m, models[i][1], ft);
    LLVMSetOperand(in, LLVMGetNumOperands(in) - 1, model);
    return 1;
}

/* scanf, fscanf and sscanf go to the runtime's model (rt_sym_scanf.c), which
 * takes the same arguments, lets libc scan, and records what decided the
 * parse; the count it returns stays concrete (its tests are the model's
 * branches). */
static int do_scanf(sym_ctx *c, LLVMValueRef in, const char *name)
{
    static const char *const models[][2] = {
        {"scanf", "__rh_sym_scanf"}, {"__isoc99_scanf", "__rh_sym_scanf"},
        {"fscanf", "__rh_sym_fscanf"}, {"__isoc99_fscanf", "__rh_sym_fscanf"},
        {"sscanf", "__rh_sym_sscanf"}, {"__isoc99_sscanf", "__rh_sym_sscanf"}};
    size_t i = 0, n = sizeof models / sizeof models[0];
    while (i < n && strcmp(models[i][0], name) != 0)
        i++;
    LLVMTypeRef ft = LLVMGetCalledFunctionType(in);
    if (i == n || !LLVMIsFunctionVarArg(ft))
        return 0;
    LLVMValueRef model = LLVMGetNamedFunction(c->m, models[i][1]);
    if (!model)
        model = LLVMAddFunction(c->m, models[i][1], ft);
    LLVMSetOperand(in, LLVMGetNumOperands(in) - 1, model);
    return 1;
}

static void do_call(sym_ctx *c, LLVMValueRef in)
{
    LLVMValueRef fn;
    const char *name = callee_name(in, &fn);
    if (fn && strcmp(name, "__rh_nondet") == 0) {
        after(c, in);
        LLVMValueRef args[] = {LLVMGetOperand(in, 0), in};
        set_shadow(c, in, rt_call(c, "__rh_sym_nondet", args, 2));
        return;
    }
    if (fn && (strncmp(name, "__rh_", 5) == 0 || strncmp(name, "llvm.dbg", 8) == 0))
        return;
    if (fn && (strncmp(name, "llvm.memcpy", 11) == 0 || strncmp(name, "llvm.memmove", 12) == 0 ||
               strcmp(name, "memcpy") == 0 || strcmp(name, "memmove") == 0)) {
        after(c, in);
        LLVMValueRef args[] = {LLVMGetOperand(in, 0), LLVMGetOperand(in, 1),
                               as_i64(c, LLVMGetOperand(in, 2), 0)};
        rt_call(c, "__rh_sym_memcpy", args, 3);
        return;
    }
    if (fn && (strncmp(name, "llvm.memset", 11) == 0 || strcmp(name, "memset") == 0)) {
        after(c, in);
        LLVMValueRef args[] = {LLVMGetOperand(in, 0), as_i64(c, LLVMGetOperand(in, 2), 0)};
        rt_call(c, "__rh_sym_clear", args, 2);
        return;
    }
    if (fn && LLVMIsDeclaration(fn) && (do_getopt(c, in, name) || do_input_source(c, in, name) ||
                                       do_scanf(c, in, name)))
        return;
    if (fn && LLVMIsDeclaration(fn)) {
        do_lib_call(c, in, name);
        return;
    }
    /* the program's own function (or a pointer to one): shadows go in
     * parameter slots, the result's comes back in the return slot */
    LLVMPositionBuilderBefore(c->b, in);
    unsigned n = (unsigned)LLVMGetNumArgOperands(in);
    for (unsigned i = 0; i < n && i < 16; i++) {
        LLVMValueRef a = LLVMGetOperand(in, i);
        LLVMValueRef args[] = {k32(c, i), symbolic_int(a) ? shadow_or_null(c, a) : null_shadow(c)};
        rt_call(c, "__rh_sym_set_param", args, 2);
    }
    LLVMValueRef clear[] = {null_shadow(c)};
    rt_call(c, "__rh_sym_set_ret", clear, 1);
    if (symbolic_int(in)) {
        after(c, in);
        set_shadow(c, in, rt_call(c, "__rh_sym_get_ret", NULL, 0));
    }
}

static void do_ret(sym_ctx *c, LLVMValueRef in)
{
    if (LLVMGetNumOperands(in) < 1 || !symbolic_int(LLVMGetOperand(in, 0)))
        return;
    LLVMPositionBuilderBefore(c->b, in);
    LLVMValueRef args[] = {shadow_or_null(c, LLVMGetOperand(in, 0))};
    rt_call(c, "__rh_sym_set_ret", args, 1);
}

static void do_instruction(sym_ctx *c, LLVMValueRef in, unsigned nblocks, LLVMValueRef f)
{
    LLVMOpcode op = LLVMGetInstructionOpcode(in);
    int bop = binop_of(op);
    if (bop) {
        do_binary(c, in, bop);
        return;
    }
    switch (op) {
    case LLVMICmp: {
        int cop = cmp_of(LLVMGetICmpPredicate(in));
        if (cop)
            do_binary(c, in, cop);
        break;
    }
    case LLVMZExt: do_cast(c, in, RH_SYM_ZEXT); break;
    case LLVMSExt: do_cast(c, in, RH_SYM_SEXT); break;
    case LLVMTrunc: do_cast(c, in, RH_SYM_EXTRACT); break;
    case LLVMSelect: do_select(c, in); break;
    case LLVMLoad: do_load(c, in); break;
    case LLVMStore: do_store(c, in); break;
    case LLVMGetElementPtr: do_gep(c, in); break;
    case LLVMBr: do_branch(c, in, nblocks, f); break;
    case LLVMSwitch: do_switch(c, in); break;
    case LLVMCall: do_call(c, in); break;
    case LLVMRet: do_ret(c, in); break;
    default: break;
    }
}

/* Blocks in reverse postorder (iterative depth-first search). */
static LLVMBasicBlockRef *rpo(LLVMValueRef f, unsigned *count)
{
    unsigned n = LLVMCountBasicBlocks(f), k = n;
    LLVMBasicBlockRef *out = rh_xcalloc(n + 1, sizeof *out);
    struct { LLVMBasicBlockRef bb; unsigned next; } *st = rh_xcalloc(n + 1, sizeof *st);
    rh_map seen = {0};
    size_t sp = 0;
    st[sp].bb = LLVMGetEntryBasicBlock(f), st[sp++].next = 0;
    rh_map_put_ptr(&seen, st[0].bb, 1);
    while (sp) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(st[sp - 1].bb);
        unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
        if (st[sp - 1].next < ns) {
            LLVMBasicBlockRef s = LLVMGetSuccessor(t, st[sp - 1].next++);
            if (!rh_map_get_ptr(&seen, s, 0) && sp < n) {
                rh_map_put_ptr(&seen, s, 1);
                st[sp].bb = s, st[sp++].next = 0;
            }
        } else {
            out[--k] = st[--sp].bb;
        }
    }
    rh_map_free(&seen);
    free(st);
    *count = n - k;
    memmove(out, out + k, (n - k) * sizeof *out);
    return out;
}

static void entry_shadows(sym_ctx *c, LLVMValueRef f)
{
    LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(f);
    LLVMValueRef first = LLVMGetFirstInstruction(entry);
    while (first && LLVMGetInstructionOpcode(first) == LLVMPHI)
        first = LLVMGetNextInstruction(first);
    LLVMPositionBuilderBefore(c->b, first);
    size_t len;
    unsigned np = LLVMCountParams(f);
    if (strcmp(LLVMGetValueName2(f, &len), "main") == 0 && np >= 2 &&
        int_bits(LLVMTypeOf(LLVMGetParam(f, 0))) == 32 &&
        LLVMGetTypeKind(LLVMTypeOf(LLVMGetParam(f, 1))) == LLVMPointerTypeKind) {
        LLVMValueRef argc = LLVMGetParam(f, 0), argv = LLVMGetParam(f, 1);
        LLVMValueRef slot = LLVMBuildAlloca(c->b, c->ptr, "");
        LLVMValueRef args[] = {argc, argv, slot};
        LLVMValueRef nv = rt_call(c, "__rh_sym_main", args, 3);
        LLVMReplaceAllUsesWith(argv, nv);
        LLVMSetOperand(nv, 1, argv);
        set_shadow(c, argc, LLVMBuildLoad2(c->b, c->ptr, slot, ""));
        return;
    }
    for (unsigned i = 0; i < np && i < 16; i++)
        if (symbolic_int(LLVMGetParam(f, i))) {
            LLVMValueRef args[] = {k32(c, i)};
            set_shadow(c, LLVMGetParam(f, i), rt_call(c, "__rh_sym_get_param", args, 1));
        }
}

static void instrument_function(sym_ctx *c, LLVMValueRef f)
{
    unsigned nblocks;
    LLVMBasicBlockRef *order = rpo(f, &nblocks);
    entry_shadows(c, f);
    /* shadow phis first, so that a loop's back edge finds them */
    RH_VEC(LLVMValueRef) phis = {0};
    for (unsigned i = 0; i < nblocks; i++)
        for (LLVMValueRef in = LLVMGetFirstInstruction(order[i]);
             in && LLVMGetInstructionOpcode(in) == LLVMPHI; in = LLVMGetNextInstruction(in))
            if (symbolic_int(in)) {
                LLVMPositionBuilderBefore(c->b, in);
                set_shadow(c, in, LLVMBuildPhi(c->b, c->ptr, ""));
                rh_vec_push(&phis, in);
            }
    for (unsigned i = 0; i < nblocks; i++) {
        /* the block's own instructions, before any that are inserted */
        RH_VEC(LLVMValueRef) ins = {0};
        for (LLVMValueRef in = LLVMGetFirstInstruction(order[i]); in; in = LLVMGetNextInstruction(in))
            if (LLVMGetInstructionOpcode(in) != LLVMPHI)
                rh_vec_push(&ins, in);
        for (size_t k = 0; k < ins.len; k++)
            do_instruction(c, ins.items[k], nblocks, f);
        rh_vec_free(&ins);
    }
    for (size_t k = 0; k < phis.len; k++) {
        LLVMValueRef phi = phis.items[k], sp = shadow_of(c, phi);
        unsigned n = LLVMCountIncoming(phi);
        for (unsigned j = 0; j < n; j++) {
            LLVMValueRef v = shadow_or_null(c, LLVMGetIncomingValue(phi, j));
            LLVMBasicBlockRef bb = LLVMGetIncomingBlock(phi, j);
            LLVMAddIncoming(sp, &v, &bb, 1);
        }
    }
    rh_vec_free(&phis);
    free(order);
}

int rh_dse_instrument(LLVMModuleRef m, const unsigned *goal_locs, int ngoals, unsigned *goal_sides,
                      char *err)
{
    sym_ctx c = {0};
    c.m = m;
    c.ctx = LLVMGetModuleContext(m);
    c.b = LLVMCreateBuilderInContext(c.ctx);
    c.td = LLVMGetModuleDataLayout(m);
    c.ptr = LLVMPointerTypeInContext(c.ctx, 0);
    c.i32 = LLVMInt32TypeInContext(c.ctx);
    c.i64 = LLVMInt64TypeInContext(c.ctx);
    c.vd = LLVMVoidTypeInContext(c.ctx);
    for (int i = 0; i < ngoals; i++)
        rh_map_put(&c.goal_locs, (uint64_t)goal_locs[i] + 1, 1);
    find_creators(&c);
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
        size_t len;
        const char *name = LLVMGetValueName2(f, &len);
        if (!LLVMIsDeclaration(f) && strncmp(name, "__rh_", 5) != 0)
            instrument_function(&c, f);
    }
    rh_dse_cover(m);
    rh_map_free(&c.shadow);
    rh_map_free(&c.creates);
    rh_map_free(&c.goal_locs);
    if (goal_sides)
        *goal_sides = c.goal_sides;
    LLVMDisposeBuilder(c.b);
    char *msg = NULL;
    int bad = LLVMVerifyModule(m, LLVMReturnStatusAction, &msg);
    if (bad)
        rh_fail(err, "the concolic instrumentation produced invalid code (a racehunt bug): %.300s",
                msg ? msg : "?");
    LLVMDisposeMessage(msg);
    return bad ? -1 : 0;
}
