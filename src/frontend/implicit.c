/* implicit.c - calls of C library functions the sources never declare.
 *
 * C89 (and clang's -std=gnu89, or -Wno-error=implicit-function-declaration,
 * which racehunt compiles with) lets a program call a function it has not
 * declared: the call returns int.  clang gives its own library builtins
 * (malloc, strdup, strerror) their real type, but not the rest of the C
 * library: getenv, ctime, fopen or realpath then return an int, and on a
 * 64-bit build the pointer they really return loses its upper half, so the
 * program crashes in every run of the dynamic engine and the static
 * engines follow a pointer that is not the library's.
 *
 * rh_frontend_fix_implicit finds such functions (declared `int f(...)`
 * without a prototype), asks the system headers for their real type (one
 * probe unit that includes the usual C and POSIX headers and takes each
 * one's address), and, for those whose result is wider than int (a
 * pointer, a long), rewrites every call to return the real result: a
 * widening of the int (sext/zext, then inttoptr) takes the whole value,
 * other uses its low 32 bits as before.  The names it fixed are returned
 * for the note the report gives.
 */
#include "frontend.h"
#include "util/proc.h"
#include "util/util.h"

#include <llvm-c/BitReader.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>
#include <stdlib.h>
#include <string.h>

/* The headers the probe includes: where C and POSIX declare what a
 * program calls without declaring. */
static const char *const probe_headers[] = {
    "stdlib.h", "stdio.h", "string.h", "strings.h", "unistd.h", "time.h", "dirent.h", "dlfcn.h",
    "pwd.h", "grp.h", "netdb.h", "arpa/inet.h", "sys/mman.h", "sys/stat.h", "fcntl.h", "signal.h",
    "locale.h", "libgen.h", "sys/shm.h", "sys/time.h", "termios.h", "wchar.h", "ctype.h",
    "pthread.h", "sys/socket.h", "search.h", "shadow.h", "utmp.h", "mntent.h", "sys/types.h",
};

typedef RH_VEC(char *) name_vec;

static int unprototyped_int(LLVMValueRef f)
{
    LLVMTypeRef ty = LLVMGlobalGetValueType(f);
    LLVMTypeRef ret = LLVMGetReturnType(ty);
    return LLVMIsDeclaration(f) && LLVMIsFunctionVarArg(ty) && LLVMCountParamTypes(ty) == 0 &&
           LLVMGetTypeKind(ret) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(ret) == 32 &&
           LLVMGetFirstUse(f) != NULL;
}

static int write_probe(const char *path, const name_vec *names)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fputs("#define _GNU_SOURCE 1\n", f);
    for (size_t i = 0; i < sizeof probe_headers / sizeof probe_headers[0]; i++)
        fprintf(f, "#if __has_include(<%s>)\n#include <%s>\n#endif\n", probe_headers[i],
                probe_headers[i]);
    for (size_t i = 0; i < names->len; i++)
        if (names->items[i][0])
            fprintf(f, "void *rh_probe_%zu(void) { return (void *)&%s; }\n", i, names->items[i]);
    return fclose(f);
}

/* Forgets (empties) the names the probe's errors say no header declares. */
static int drop_undeclared(const char *errout, name_vec *names)
{
    int dropped = 0;
    for (size_t i = 0; i < names->len; i++) {
        if (!names->items[i][0])
            continue;
        char *needle = rh_xasprintf("'%s'", names->items[i]);
        if (strstr(errout, needle)) {
            names->items[i][0] = '\0';
            dropped++;
        }
        free(needle);
    }
    return dropped;
}

/* Compiles the probe (twice at most: the second time without the names
 * no header declares) into bc; 0 on success. */
static int compile_probe(const char *dir, name_vec *names, char *bc)
{
    char *src = rh_xasprintf("%s/implicit_probe.c", dir), *clang = rh_frontend_clang();
    int rc = -1;
    for (int tries = 0; clang && tries < 2 && rc != 0; tries++) {
        if (write_probe(src, names))
            break;
        char *argv[] = {clang, "-c", "-emit-llvm", "-O0", "-w", "-ferror-limit=0",
                        "-fno-color-diagnostics", src, "-o", bc, NULL};
        rh_proc_result r;
        char err[RH_ERR_MAX];
        if (rh_proc_run(argv, NULL, 30, &r, err))
            break;
        if (!r.timed_out && r.exited && r.status == 0)
            rc = 0;
        else if (!drop_undeclared(r.errout, names))
            tries = 2;
        rh_proc_result_free(&r);
    }
    free(src);
    free(clang);
    return rc;
}

/* Replaces call's int result by the real result `real` (type rt): widened
 * uses take the whole value, others its low 32 bits. */
static void retype_uses(LLVMBuilderRef b, LLVMValueRef call, LLVMValueRef real, LLVMTypeRef rt)
{
    LLVMContextRef ctx = LLVMGetTypeContext(rt);
    LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx), i32 = LLVMInt32TypeInContext(ctx);
    LLVMValueRef wide = LLVMGetTypeKind(rt) == LLVMPointerTypeKind ? LLVMBuildPtrToInt(b, real, i64, "")
                        : LLVMGetIntTypeWidth(rt) == 64 ? real
                                                        : LLVMBuildZExtOrBitCast(b, real, i64, "");
    LLVMValueRef low = LLVMBuildTrunc(b, wide, i32, "");
    for (LLVMUseRef u = LLVMGetFirstUse(call); u;) {
        LLVMUseRef next = LLVMGetNextUse(u);
        LLVMValueRef user = LLVMGetUser(u);
        LLVMOpcode op = LLVMIsAInstruction(user) ? LLVMGetInstructionOpcode(user) : LLVMRet;
        if ((op == LLVMSExt || op == LLVMZExt) && LLVMTypeOf(user) == i64) {
            LLVMReplaceAllUsesWith(user, wide);
            LLVMInstructionEraseFromParent(user);
        }
        u = next;
    }
    LLVMReplaceAllUsesWith(call, low);
}

/* Rewrites every call of f to return rt; returns how many. */
static int fix_calls(LLVMModuleRef m, LLVMValueRef f, LLVMTypeRef rt)
{
    LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
    int n = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(f); u;) {
        LLVMUseRef next = LLVMGetNextUse(u);
        LLVMValueRef call = LLVMGetUser(u);
        if (LLVMIsACallInst(call) && LLVMGetCalledValue(call) == f) {
            unsigned nargs = (unsigned)LLVMGetNumArgOperands(call);
            LLVMValueRef *args = rh_xcalloc(nargs + 1, sizeof *args);
            LLVMTypeRef *tys = rh_xcalloc(nargs + 1, sizeof *tys);
            for (unsigned i = 0; i < nargs; i++)
                args[i] = LLVMGetOperand(call, i), tys[i] = LLVMTypeOf(args[i]);
            LLVMTypeRef fty = LLVMFunctionType(rt, tys, nargs, 1);
            LLVMPositionBuilderBefore(b, call);
            LLVMValueRef real = LLVMBuildCall2(b, fty, f, args, nargs, "");
            LLVMInstructionSetDebugLoc(real, LLVMInstructionGetDebugLoc(call));
            /* the uses' rewrite goes after the new call */
            LLVMValueRef after = LLVMGetNextInstruction(call);
            LLVMPositionBuilderBefore(b, after);
            retype_uses(b, call, real, rt);
            LLVMInstructionEraseFromParent(call);
            free(args);
            free(tys);
            n++;
        }
        u = next;
    }
    LLVMDisposeBuilder(b);
    return n;
}

/* The real return type of name in the probe module, in m's context, or
 * NULL when it is an int or narrower (nothing to fix) or not a function. */
static LLVMTypeRef real_return(LLVMModuleRef probe, const char *name, LLVMContextRef ctx)
{
    LLVMValueRef pf = LLVMGetNamedFunction(probe, name);
    if (!pf)
        return NULL;
    LLVMTypeRef ret = LLVMGetReturnType(LLVMGlobalGetValueType(pf));
    if (LLVMGetTypeKind(ret) == LLVMPointerTypeKind)
        return LLVMPointerTypeInContext(ctx, 0);
    if (LLVMGetTypeKind(ret) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(ret) == 64)
        return LLVMInt64TypeInContext(ctx);
    return NULL;
}

/* The probe is compiled for the host (64-bit): an ILP32 program's int is
 * as wide as its pointers, and its long is not the host's. */
static int is_64bit(LLVMModuleRef m)
{
    LLVMTargetDataRef td = LLVMCreateTargetData(LLVMGetDataLayoutStr(m));
    int wide = LLVMPointerSize(td) == 8;
    LLVMDisposeTargetData(td);
    return wide;
}

char *rh_frontend_fix_implicit(LLVMModuleRef m, const char *dir)
{
    if (!is_64bit(m))
        return NULL;
    name_vec names = {0};
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
        size_t len;
        const char *name = LLVMGetValueName2(f, &len);
        if (unprototyped_int(f) && rh_is_c_identifier(name) && strncmp(name, "__VERIFIER_", 11) != 0)
            rh_vec_push(&names, rh_xstrdup(name));
    }
    char *bc = names.len ? rh_xasprintf("%s/implicit_probe.bc", dir) : NULL, err[RH_ERR_MAX];
    LLVMContextRef pctx = NULL;
    LLVMModuleRef probe = NULL;
    LLVMMemoryBufferRef buf;
    if (bc && compile_probe(dir, &names, bc) == 0 && rh_frontend_read_bitcode(bc, "probe", &buf, err) == 0) {
        pctx = LLVMContextCreate();
        if (LLVMParseBitcodeInContext2(pctx, buf, &probe))
            probe = NULL;
        LLVMDisposeMemoryBuffer(buf);
    }
    char *fixed = NULL;
    for (size_t i = 0; probe && i < names.len; i++) {
        LLVMTypeRef rt = names.items[i][0] ? real_return(probe, names.items[i], LLVMGetModuleContext(m))
                                           : NULL;
        if (rt && fix_calls(m, LLVMGetNamedFunction(m, names.items[i]), rt)) {
            char *more = fixed ? rh_xasprintf("%s, %s", fixed, names.items[i]) : rh_xstrdup(names.items[i]);
            free(fixed);
            fixed = more;
        }
    }
    if (probe)
        LLVMDisposeModule(probe);
    if (pctx)
        LLVMContextDispose(pctx);
    for (size_t i = 0; i < names.len; i++)
        free(names.items[i]);
    rh_vec_free(&names);
    free(bc);
    return fixed;
}
