/* cc_unit.c - one C unit through racehunt cc: clang-16 to bitcode with
 * the unit's own flags, the front end's normalisation, the dynamic
 * engine's instrumentation, then clang-16 again to the object the build
 * asked for, at the build's optimisation level.
 *
 * Location ids are the instrumenter's, local to the unit; every hook call
 * adds the base the runtime gave the unit's table at start-up (rt_cc.h),
 * so units compiled apart never share an id.
 */
#include "cc.h"
#include "cc_cmd.h"
#include "cc_record.h"
#include "engines/dynamic/dyn.h"
#include "frontend/frontend.h"
#include "runtime/rt_abi.h"
#include "util/util.h"

#include <errno.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The runtime entry points that take a location id, and which argument. */
static const struct {
    const char *hook;
    unsigned arg;
} loc_args[] = {
    {"__rh_access", 3},        {"__rh_enter", 0},         {"__rh_sync_pre", 5},
    {"__rh_sync_post", 5},     {"__rh_sync_timed", 5},    {"__rh_thread_prepare", 3},
    {"__rh_cond_wait", 3},     {"__rh_barrier_wait", 1},  {"__rh_nondet", 1},
    {"__rh_assume", 1},        {"__rh_unmodelled", 0},    {"__rh_client_request", 1},
};

static int loc_arg(LLVMValueRef callee)
{
    size_t len;
    const char *name = callee ? LLVMGetValueName2(callee, &len) : "";
    if (rh_rt_access_hook(name)) /* __rh_access's forms too (rt_abi.h) */
        return 3;
    for (size_t i = 0; i < sizeof loc_args / sizeof loc_args[0]; i++)
        if (strcmp(name, loc_args[i].hook) == 0)
            return (int)loc_args[i].arg;
    return -1;
}

/* Every constant location id k > 0 becomes base + k.  A call the
 * instrumenter took for unmodelled synchronisation because nothing in the
 * unit defines it goes through __rh_cc_unmodelled, which lets it pass when
 * another unit of the program defines (and instruments) the callee. */
static void relocate(LLVMModuleRef m, LLVMValueRef base)
{
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
    LLVMValueRef unmod = LLVMGetNamedFunction(m, "__rh_unmodelled");
    if (unmod) {
        LLVMTypeRef one[] = {i32};
        LLVMValueRef cc = LLVMAddFunction(m, "__rh_cc_unmodelled",
                                          LLVMFunctionType(LLVMVoidTypeInContext(ctx), one, 1, 0));
        LLVMReplaceAllUsesWith(unmod, cc);
    }
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
                int k = LLVMIsACallInst(in) ? loc_arg(LLVMGetCalledValue(in)) : -1;
                LLVMValueRef id = k >= 0 ? LLVMGetOperand(in, (unsigned)k) : NULL;
                if (!id || !LLVMIsAConstantInt(id) || LLVMConstIntGetZExtValue(id) == 0)
                    continue;
                LLVMPositionBuilderBefore(b, in);
                LLVMValueRef v = LLVMBuildLoad2(b, i32, base, "rh.base");
                LLVMSetOperand(in, (unsigned)k, LLVMBuildAdd(b, v, id, "rh.loc"));
            }
    LLVMDisposeBuilder(b);
}

static char *append_defined(LLVMModuleRef m, char *text, size_t *len, size_t *cap)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
        size_t n;
        const char *name = LLVMGetValueName2(f, &n);
        if (LLVMIsDeclaration(f) || LLVMGetLinkage(f) == LLVMInternalLinkage ||
            LLVMGetLinkage(f) == LLVMPrivateLinkage)
            continue;
        while (*len + n + 3 > *cap)
            text = rh_xrealloc(text, *cap *= 2);
        text[(*len)++] = '\n';
        memcpy(text + *len, name, n);
        *len += n;
    }
    text[*len] = '\0';
    return text;
}

/* Calls of functions the unit only declares, and no table knows: another
 * unit may define them, so they keep the shadow stack too (a frame around
 * a library call costs little and shows nothing). */
static void frames_for_declared(rh_program *prog, LLVMModuleRef m, rh_dyn_locs *locs)
{
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx), vd = LLVMVoidTypeInContext(ctx);
    LLVMValueRef enter = LLVMGetNamedFunction(m, "__rh_enter"), leave = LLVMGetNamedFunction(m, "__rh_leave");
    if (!enter || !leave)
        return;
    LLVMTypeRef te = LLVMFunctionType(vd, &i32, 1, 0), tl = LLVMFunctionType(vd, NULL, 0, 0);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
    int ncalls;
    LLVMValueRef *calls = rh_model_declared_calls(m, &ncalls);
    for (int i = 0; i < ncalls; i++) {
        LLVMValueRef in = calls[i], callee = rh_model_called_function(in);
        LLVMValueRef f = LLVMGetBasicBlockParent(LLVMGetInstructionParent(in));
        size_t n;
        const char *name = LLVMGetValueName2(callee, &n);
        if (strncmp(name, "__rh_", 5) == 0 || strncmp(name, "llvm.", 5) == 0 || rh_model_call_entry(prog, in))
            continue;
        if (locs->len == locs->cap)
            locs->items = rh_xrealloc(locs->items, (size_t)(locs->cap = 2 * locs->cap + 16) * sizeof *locs->items);
        rh_dyn_loc *d = &locs->items[locs->len];
        memset(d, 0, sizeof *d);
        rh_srcloc sl = rh_model_inst_loc(prog, in);
        const char *fn = LLVMGetValueName2(f, &n);
        d->file = rh_xstrdup(sl.file), d->line = sl.line, d->col = sl.col;
        d->func = rh_xasprintf("%.*s", (int)n, fn);
        rh_dyn_bracket_call(b, in, te, enter, LLVMConstInt(i32, (unsigned long long)locs->len++, 0), tl, leave);
    }
    free(calls);
    LLVMDisposeBuilder(b);
}

/* The unit's location table and the constructor that registers it. */
static void add_table(LLVMModuleRef m, const rh_dyn_locs *locs)
{
    size_t cap = 256, len = 0;
    char *text = rh_xmalloc(cap);
    for (int i = 0; i < locs->len; i++) {
        const rh_dyn_loc *l = &locs->items[i];
        char *line = rh_xasprintf("%s\t%u\t%u\t%s\t%s\n", l->file ? l->file : "?", l->line, l->col,
                                  l->func ? l->func : "?", l->callee ? l->callee : "");
        size_t n = strlen(line);
        while (len + n + 1 > cap)
            text = rh_xrealloc(text, cap *= 2);
        memcpy(text + len, line, n + 1);
        len += n;
        free(line);
    }
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx), ptr = LLVMPointerTypeInContext(ctx, 0),
                vd = LLVMVoidTypeInContext(ctx);
    /* then the functions the unit defines for other units, after a blank line */
    text = append_defined(m, text, &len, &cap);
    LLVMValueRef str = LLVMConstStringInContext(ctx, text, (unsigned)len, 0);
    LLVMValueRef table = LLVMAddGlobal(m, LLVMTypeOf(str), "racehunt.cc.locs");
    LLVMSetInitializer(table, str);
    LLVMSetGlobalConstant(table, 1);
    LLVMSetLinkage(table, LLVMPrivateLinkage);
    free(text);
    LLVMValueRef base = LLVMGetNamedGlobal(m, "racehunt.cc.base");
    LLVMTypeRef params[] = {ptr, i32, ptr};
    LLVMTypeRef rt = LLVMFunctionType(vd, params, 3, 0);
    LLVMValueRef reg = LLVMGetNamedFunction(m, "__rh_cc_register");
    if (!reg)
        reg = LLVMAddFunction(m, "__rh_cc_register", rt);
    LLVMValueRef init = LLVMAddFunction(m, "racehunt.cc.init", LLVMFunctionType(vd, NULL, 0, 0));
    LLVMSetLinkage(init, LLVMInternalLinkage);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
    LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(ctx, init, "entry"));
    LLVMValueRef args[] = {table, LLVMConstInt(i32, (unsigned long long)locs->len, 0), base};
    LLVMBuildCall2(b, rt, reg, args, 3, "");
    LLVMBuildRetVoid(b);
    LLVMDisposeBuilder(b);
    /* priority 1: before the program's own constructors, which may run instrumented code */
    LLVMValueRef fields[] = {LLVMConstInt(i32, 1, 0), init, LLVMConstNull(ptr)};
    rh_cc_append_global(m, "llvm.global_ctors", LLVMConstStructInContext(ctx, fields, 3, 0));
}

static int write_module(LLVMModuleRef m, const char *path)
{
    return LLVMWriteBitcodeToFile(m, path) ? -1 : 0;
}

/* The unit's record: where it came from and its bitcode as compiled. */
static void add_record(LLVMModuleRef m, const char *src, const char *bc_text, size_t bc_len)
{
    char cwd[4096];
    if (!getcwd(cwd, sizeof cwd))
        strcpy(cwd, ".");
    char *abs = src[0] == '/' ? rh_xstrdup(src) : rh_xasprintf("%s/%s", cwd, src);
    size_t la = strlen(abs) + 1, lc = strlen(cwd) + 1;
    char *payload = rh_xmalloc(la + lc + bc_len);
    memcpy(payload, abs, la);
    memcpy(payload + la, cwd, lc);
    memcpy(payload + la + lc, bc_text, bc_len);
    rh_cc_record_add(m, 'U', payload, la + lc + bc_len);
    free(payload);
    free(abs);
}

/* Instruments the bitcode at bc into inst (a bitcode file); err on failure. */
static int instrument(const char *src, const char *bc, const char *inst, char *err)
{
    size_t bc_len;
    char *bc_text = rh_read_file(bc, &bc_len, err);
    if (!bc_text)
        return -1;
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRange(bc_text, bc_len, "unit", 0);
    LLVMModuleRef mod = NULL;
    int rc = LLVMParseBitcodeInContext2(ctx, buf, &mod) ? rh_fail(err, "unreadable bitcode") : 0;
    LLVMDisposeMemoryBuffer(buf);
    rh_conc_table conc = {0};
    if (rc == 0)
        rc = rh_frontend_normalise(mod, &conc, err);
    rh_program prog;
    memset(&prog, 0, sizeof prog);
    if (rc == 0)
        rc = rh_model_build(&prog, ctx, mod, conc, 0, err);
    else if (mod)
        LLVMDisposeModule(mod), LLVMContextDispose(ctx), rh_conc_free(&conc);
    else
        LLVMContextDispose(ctx), rh_conc_free(&conc);
    if (rc) {
        free(bc_text);
        return -1;
    }
    rh_dyn_locs locs;
    LLVMModuleRef out = rh_dyn_instrument(&prog, &locs, err);
    if (out) {
        LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
        LLVMValueRef base = LLVMAddGlobal(out, i32, "racehunt.cc.base");
        LLVMSetInitializer(base, LLVMConstInt(i32, 0, 0));
        LLVMSetLinkage(base, LLVMInternalLinkage);
        frames_for_declared(&prog, out, &locs);
        rh_dyn_wrap_blocking(out);
        relocate(out, base);
        add_table(out, &locs);
        add_record(out, src, bc_text, bc_len);
        if (write_module(out, inst))
            rc = rh_fail(err, "cannot write %s", inst);
        LLVMDisposeModule(out);
        rh_dyn_locs_free(&locs);
    } else {
        rc = -1;
    }
    rh_model_free(&prog);
    free(bc_text);
    return rc;
}

/* A flag the code generator needs when it compiles bitcode. */
static int codegen_flag(const char *a)
{
    static const char *const prefixes[] = {"-O", "-f", "-m", "-g", "--target", "-target"};
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
        if (strncmp(a, prefixes[i], strlen(prefixes[i])) == 0)
            return strcmp(a, "-fsyntax-only") != 0;
    return 0;
}

/* Flags only the link step reads (clang warns about them when compiling). */
static int link_only(const char *a)
{
    static const char *const prefixes[] = {"-l", "-L", "-Wl,", "-static", "-shared", "-rdynamic",
                                           "-pie", "-no-pie", "-nostdlib", "-nodefaultlibs",
                                           "-nostartfiles", "-Xlinker", "-s", "-r"};
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
        size_t n = strlen(prefixes[i]);
        if (strncmp(a, prefixes[i], n) == 0 &&
            (a[n] == '\0' || prefixes[i][1] == 'l' || prefixes[i][1] == 'L' || prefixes[i][n - 1] == ','))
            return 1;
    }
    return 0;
}

static void push(char ***v, int *n, const char *s)
{
    *v = rh_xrealloc(*v, (size_t)(*n + 2) * sizeof **v);
    (*v)[(*n)++] = (char *)s;
    (*v)[*n] = NULL;
}

/* clang-16 with the unit's flags, to bitcode at -O0 with debug info (what
 * the front end compiles, so the records analyse as the front end would). */
static int to_bitcode(const rh_cc_cmd *cmd, const char *src, const char *out, const char *bc)
{
    char **v = NULL;
    int n = 0;
    push(&v, &n, cmd->clang);
    for (int i = 0; i < cmd->argc; i++)
        if ((cmd->kind[i] == 'f' && !link_only(cmd->argv[i])) ||
            (cmd->kind[i] == 'v' && !link_only(cmd->argv[i - 1])))
            push(&v, &n, cmd->argv[i]);
    char *dep = NULL;
    if (cmd->deps && !cmd->dep_file) { /* named after the build's output, not ours */
        const char *dot = strrchr(out, '.'), *slash = strrchr(out, '/');
        int stem = dot && (!slash || dot > slash) ? (int)(dot - out) : (int)strlen(out);
        dep = rh_xasprintf("%.*s.d", stem, out);
        push(&v, &n, "-MF");
        push(&v, &n, dep);
    }
    if (cmd->deps && !cmd->dep_target) {
        push(&v, &n, "-MT");
        push(&v, &n, out);
    }
    const char *tail[] = {"-c", "-emit-llvm", "-g", "-O0", "-Xclang", "-disable-O0-optnone", src, "-o", bc};
    for (size_t i = 0; i < sizeof tail / sizeof tail[0]; i++)
        push(&v, &n, tail[i]);
    int rc = rh_cc_spawn(v);
    free(v);
    free(dep);
    return rc;
}

static int to_object(const rh_cc_cmd *cmd, const char *inst, const char *out, int asm_out)
{
    char **v = NULL;
    int n = 0;
    push(&v, &n, cmd->clang);
    for (int i = 0; i < cmd->argc; i++)
        if (cmd->kind[i] == 'f' && codegen_flag(cmd->argv[i]))
            push(&v, &n, cmd->argv[i]);
        else if (cmd->kind[i] == 'v' && cmd->kind[i - 1] == 'f' && codegen_flag(cmd->argv[i - 1]))
            push(&v, &n, cmd->argv[i]); /* -target T, -mllvm OPT */
    const char *tail[] = {"-Wno-unused-command-line-argument", "-w", asm_out ? "-S" : "-c", inst, "-o", out};
    for (size_t i = 0; i < sizeof tail / sizeof tail[0]; i++)
        push(&v, &n, tail[i]);
    int rc = rh_cc_spawn(v);
    free(v);
    return rc;
}

int rh_cc_unit(const rh_cc_cmd *cmd, const char *src, const char *out, int asm_out, const char *tmp)
{
    static int seq;
    char err[RH_ERR_MAX] = "";
    char *bc = rh_xasprintf("%s/u%d.bc", tmp, seq), *inst = rh_xasprintf("%s/u%d.inst.bc", tmp, seq);
    seq++;
    int rc = to_bitcode(cmd, src, out, bc);
    if (rc == 0 && instrument(src, bc, inst, err) != 0) {
        /* a build must not fail for racehunt's sake: the unit is compiled
         * as it is, runs natively, and racehunt ./prog will lack it */
        fprintf(stderr, "racehunt cc: warning: %s: not instrumented (its accesses go unseen): %s\n",
                src, err);
        free(inst);
        inst = rh_xstrdup(bc);
    }
    if (rc == 0)
        rc = to_object(cmd, inst, out, asm_out);
    free(bc);
    free(inst);
    return rc;
}
