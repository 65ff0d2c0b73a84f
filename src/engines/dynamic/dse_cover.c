/* dse_cover.c - branch coverage of the thread entry functions, for the
 * report of --inputs=solver: the functions a thread's start routine
 * reaches through direct calls (the start routines themselves included)
 * get, before each conditional branch, a store that marks the side taken
 * in __rh_sym_cover_map, and at each start routine's entry one that marks
 * it run.  A concolic run's runtime writes the marks to its log at exit
 * (rt_sym.c); the search sums them over the runs (dse_search.c).  Calls
 * through pointers are not followed, switches are not counted: the
 * measure is a lower bound of what ran.
 */
#include "dse.h"
#include "util/hashmap.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

typedef struct cover_ctx {
    LLVMModuleRef m;
    LLVMContextRef ctx;
    rh_map reach;                 /* function -> 1 when a start routine reaches it */
    RH_VEC(LLVMValueRef) entries; /* the start routines, in module order */
    RH_VEC(LLVMValueRef) todo;
} cover_ctx;

static LLVMValueRef defined_fn(LLVMValueRef v)
{
    if (v && LLVMIsAConstantExpr(v) && LLVMGetNumOperands(v) > 0)
        v = LLVMGetOperand(v, 0); /* a cast of a function (typed pointers) */
    if (!v || !LLVMIsAFunction(v) || LLVMIsDeclaration(v))
        return NULL;
    size_t len;
    return strncmp(LLVMGetValueName2(v, &len), "__rh_", 5) == 0 ? NULL : v;
}

static void add_reached(cover_ctx *c, LLVMValueRef f)
{
    if (f && !rh_map_get_ptr(&c->reach, f, 0)) {
        rh_map_put_ptr(&c->reach, f, 1);
        rh_vec_push(&c->todo, f);
    }
}

/* The start routine a call passes to a thread, or NULL: the race
 * instrumentation's __rh_thread_prepare(fn, ...), or a creation call it
 * left as it was. */
static LLVMValueRef start_routine(LLVMValueRef call)
{
    static const struct { const char *name; unsigned arg; } creators[] = {
        {"__rh_thread_prepare", 0}, {"pthread_create", 2}, {"thrd_create", 1}};
    LLVMValueRef callee = LLVMGetCalledValue(call);
    if (!callee || !LLVMIsAFunction(callee))
        return NULL;
    size_t len;
    const char *name = LLVMGetValueName2(callee, &len);
    for (size_t i = 0; i < sizeof creators / sizeof creators[0]; i++)
        if (strcmp(name, creators[i].name) == 0 && LLVMGetNumArgOperands(call) > creators[i].arg)
            return defined_fn(LLVMGetOperand(call, creators[i].arg));
    return NULL;
}

/* Calls of f, each handed to fn (the start routines, or the callees). */
static void each_call(LLVMValueRef f, cover_ctx *c, void (*fn)(cover_ctx *, LLVMValueRef))
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
            if (LLVMGetInstructionOpcode(in) == LLVMCall)
                fn(c, in);
}

static void note_start(cover_ctx *c, LLVMValueRef call)
{
    LLVMValueRef f = start_routine(call);
    if (!f || rh_map_get_ptr(&c->reach, f, 0))
        return;
    rh_vec_push(&c->entries, f);
    add_reached(c, f);
}

static void note_callee(cover_ctx *c, LLVMValueRef call)
{
    add_reached(c, defined_fn(LLVMGetCalledValue(call)));
}

/* Marks byte `at` + (extra, an i8 0/1 or NULL) of the map with 1. */
static void mark(cover_ctx *c, LLVMBuilderRef b, LLVMValueRef map, unsigned at, LLVMValueRef extra)
{
    LLVMTypeRef i8 = LLVMInt8TypeInContext(c->ctx), i64 = LLVMInt64TypeInContext(c->ctx);
    LLVMValueRef idx = LLVMConstInt(i64, at, 0);
    if (extra)
        idx = LLVMBuildAdd(b, idx, LLVMBuildZExt(b, extra, i64, ""), "");
    LLVMValueRef p = LLVMBuildGEP2(b, i8, map, &idx, 1, "");
    LLVMBuildStore(b, LLVMConstInt(i8, 1, 0), p);
}

static LLVMValueRef define_global(cover_ctx *c, const char *name, LLVMTypeRef t, LLVMValueRef init,
                                  int constant)
{
    LLVMValueRef g = LLVMAddGlobal(c->m, t, name);
    LLVMSetInitializer(g, init);
    LLVMSetGlobalConstant(g, constant);
    return g;
}

void rh_dse_cover(LLVMModuleRef m)
{
    cover_ctx c = {0};
    c.m = m, c.ctx = LLVMGetModuleContext(m);
    if (LLVMGetNamedGlobal(m, "__rh_sym_cover_map"))
        return;
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
        if (!LLVMIsDeclaration(f))
            each_call(f, &c, note_start);
    for (size_t k = 0; k < c.todo.len; k++)
        each_call(c.todo.items[k], &c, note_callee);
    /* the branches of the reached functions, in module order */
    RH_VEC(LLVMValueRef) branches = {0};
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
        if (rh_map_get_ptr(&c.reach, f, 0))
            for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
                LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
                if (t && LLVMGetInstructionOpcode(t) == LLVMBr && LLVMIsConditional(t))
                    rh_vec_push(&branches, t);
            }
    unsigned nbr = (unsigned)branches.len, nent = (unsigned)c.entries.len;
    LLVMTypeRef i8 = LLVMInt8TypeInContext(c.ctx), i32 = LLVMInt32TypeInContext(c.ctx);
    LLVMTypeRef mt = LLVMArrayType(i8, 2 * nbr + nent + 1);
    LLVMValueRef map = define_global(&c, "__rh_sym_cover_map", mt, LLVMConstNull(mt), 0);
    define_global(&c, "__rh_sym_cover_n", i32, LLVMConstInt(i32, nbr, 0), 1);
    define_global(&c, "__rh_sym_cover_entries", i32, LLVMConstInt(i32, nent, 0), 1);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(c.ctx);
    for (unsigned i = 0; i < nbr; i++) {
        LLVMPositionBuilderBefore(b, branches.items[i]);
        mark(&c, b, map, 2 * i, LLVMGetCondition(branches.items[i])); /* +1: the true side */
    }
    for (unsigned i = 0; i < nent; i++) {
        LLVMValueRef first = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(c.entries.items[i]));
        while (first && LLVMGetInstructionOpcode(first) == LLVMPHI)
            first = LLVMGetNextInstruction(first);
        LLVMPositionBuilderBefore(b, first);
        mark(&c, b, map, 2 * nbr + i, NULL);
    }
    LLVMDisposeBuilder(b);
    rh_vec_free(&branches);
    rh_vec_free(&c.entries);
    rh_vec_free(&c.todo);
    rh_map_free(&c.reach);
}
