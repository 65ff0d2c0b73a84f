/* entry.c - a library without main, analysed through its entry points
 * (--entry=FUNC,... or --entry=all-external).
 *
 * We write the main the library does not have, in IR, before the module
 * is normalised: each entry function runs in threads of its own, created
 * in a loop whose count the engines cannot bound (argc + 1: two threads
 * at run time), all at once, and main leaves with pthread_exit so they
 * run to their end.  That is the library's contract with an unknown
 * client: any number of calls, concurrently.
 *
 * Arguments may alias as far as their C types allow.  A pointer argument
 * points to an arena, one per pointed-to type (from the debug info:
 * `struct queue *` and `queue_t *` share one), so two calls on "the same
 * queue" meet, and a `char *` or `void *` argument may point to any arena
 * (a nondeterministic choice).  Arenas start zeroed, as a client's
 * static object would.  Scalars are argc - 1 (0 at run time, unknown to
 * the engines that reason about all inputs).
 *
 * What lies behind a pointer stored in an arena is unknown too: for the
 * points-to analysis, a filler function (address taken, never called)
 * stores into every arena a pointer to any arena, so loads of pointer
 * fields may point anywhere an argument may.  The dynamic engine runs
 * the real code, where those fields are NULL, one client among many.
 */
#include "entry.h"
#include "util/debuginfo.h"
#include "util/util.h"

#include <llvm-c/DebugInfo.h>
#include <stdlib.h>
#include <string.h>

#define ARENA_SLACK 4096 /* bytes past the type's size: arrays behind a pointer */

typedef struct arena {
    char *key;     /* pointed-to type; "" for char and void: may alias any */
    LLVMValueRef global;
} arena;

typedef struct harness {
    LLVMModuleRef mod;
    LLVMContextRef ctx;
    LLVMBuilderRef b;
    LLVMTypeRef i32, i64, ptr;
    arena *arenas;
    int narenas;
    LLVMValueRef nondet; /* int __VERIFIER_nondet_int(void) */
    LLVMTypeRef nondet_ty;
    LLVMDIBuilderRef dib; /* NULL when the library has no debug info */
    LLVMMetadataRef dity; /* void (void), the type of every harness function */
} harness;

/* Harness code is placed at the entry function's definition, so a report
 * says "created at queue.c:12" (where queue_push starts) and not "?". */
static void place(harness *h, LLVMValueRef fn, LLVMValueRef at_entry)
{
    LLVMMetadataRef esp = h->dib ? LLVMGetSubprogram(at_entry) : NULL;
    LLVMMetadataRef sp = h->dib ? LLVMGetSubprogram(fn) : NULL;
    if (!esp) {
        LLVMSetCurrentDebugLocation2(h->b, NULL);
        return;
    }
    unsigned line = LLVMDISubprogramGetLine(esp);
    if (!sp) {
        size_t len;
        const char *name = LLVMGetValueName2(fn, &len);
        sp = LLVMDIBuilderCreateFunction(h->dib, LLVMDIScopeGetFile(esp), name, len, name, len,
                                         LLVMDIScopeGetFile(esp), line, h->dity, 1, 1, line,
                                         LLVMDIFlagArtificial, 0);
        LLVMSetSubprogram(fn, sp);
    }
    LLVMSetCurrentDebugLocation2(h->b, LLVMDIBuilderCreateDebugLocation(h->ctx, line, 1, sp, NULL));
}

/* A compile unit of its own for the harness, when the library has debug
 * info (a subprogram that is a definition needs one). */
static void start_debug_info(harness *h, LLVMValueRef first_entry)
{
    LLVMMetadataRef sp = LLVMGetSubprogram(first_entry);
    if (!sp)
        return;
    h->dib = LLVMCreateDIBuilder(h->mod);
    LLVMDIBuilderCreateCompileUnit(h->dib, LLVMDWARFSourceLanguageC, LLVMDIScopeGetFile(sp),
                                   "racehunt --entry", 16, 0, "", 0, 0, "", 0,
                                   LLVMDWARFEmissionFull, 0, 0, 0, "", 0, "", 0);
    h->dity = LLVMDIBuilderCreateSubroutineType(h->dib, LLVMDIScopeGetFile(sp), NULL, 0, 0);
}

/* The size in bytes of what a parameter of pointer type t points to, 0 when
 * the debug information does not say. */
static uint64_t pointee_bytes(harness *h, LLVMMetadataRef t)
{
    LLVMMetadataRef ptr = rh_di_strip(h->ctx, t, NULL, NULL);
    LLVMMetadataRef base = ptr ? rh_di_strip(h->ctx, rh_di_operand(h->ctx, ptr, 3), NULL, NULL) : NULL;
    return base ? LLVMDITypeGetSizeInBits(base) / 8 : 0;
}

/* The arena key of what a parameter of type t points to; NULL when t is
 * not a pointer type in the debug info. */
static char *pointee_key(harness *h, LLVMMetadataRef t)
{
    t = rh_di_strip(h->ctx, t, NULL, NULL);
    if (!t || LLVMGetMetadataKind(t) != LLVMDIDerivedTypeMetadataKind)
        return NULL;
    const char *named = NULL;
    size_t nlen = 0, len = 0;
    LLVMMetadataRef base = rh_di_strip(h->ctx, rh_di_operand(h->ctx, t, 3), &named, &nlen);
    const char *name = base ? LLVMDITypeGetName(base, &len) : NULL;
    if (!base || (name && (strstr(name, "char") || strcmp(name, "void") == 0)))
        return rh_xstrdup(""); /* void *, char *: may point into any object */
    if (len)
        return rh_xasprintf("%.*s", (int)len, name);
    if (nlen)
        return rh_xasprintf("%.*s", (int)nlen, named);
    return rh_xasprintf("anonymous type %p", (void *)base); /* only itself */
}

static LLVMValueRef arena_for(harness *h, const char *key, uint64_t bytes)
{
    for (int i = 0; i < h->narenas; i++)
        if (strcmp(h->arenas[i].key, key) == 0)
            return h->arenas[i].global;
    uint64_t slots = (bytes + ARENA_SLACK + 7) / 8;
    LLVMTypeRef ty = LLVMArrayType(h->i64, (unsigned)slots);
    char *name = rh_xasprintf("the %s passed to the entry functions", key[0] ? key : "object");
    LLVMValueRef g = LLVMAddGlobal(h->mod, ty, name);
    free(name);
    LLVMSetInitializer(g, LLVMConstNull(ty));
    LLVMSetLinkage(g, LLVMInternalLinkage);
    LLVMSetAlignment(g, 16);
    h->arenas = rh_xrealloc(h->arenas, (size_t)(h->narenas + 1) * sizeof *h->arenas);
    h->arenas[h->narenas++] = (arena){rh_xstrdup(key), g};
    return g;
}

/* Any arena, chosen by a nondeterministic value. */
static LLVMValueRef any_arena(harness *h)
{
    LLVMValueRef pick = LLVMBuildCall2(h->b, h->nondet_ty, h->nondet, NULL, 0, "");
    LLVMValueRef p = arena_for(h, "", 0);
    for (int i = 0; i < h->narenas; i++) {
        LLVMValueRef is = LLVMBuildICmp(h->b, LLVMIntEQ, pick, LLVMConstInt(h->i32, (unsigned)i + 1, 0), "");
        p = LLVMBuildSelect(h->b, is, h->arenas[i].global, p, "");
    }
    return p;
}

/* The parameter types in the debug info of f, or NULL: ret, p1, p2 ... */
static LLVMMetadataRef param_types(harness *h, LLVMValueRef f)
{
    LLVMMetadataRef sp = LLVMGetSubprogram(f);
    LLVMMetadataRef ty = sp ? rh_di_operand(h->ctx, sp, 4) : NULL;
    return ty ? rh_di_operand(h->ctx, ty, 3) : NULL;
}

/* The value passed for parameter i of f (builder inside the wrapper). */
static LLVMValueRef argument(harness *h, LLVMValueRef f, LLVMMetadataRef types, unsigned i,
                             LLVMValueRef scalar)
{
    LLVMTypeRef t = LLVMTypeOf(LLVMGetParam(f, i));
    switch (LLVMGetTypeKind(t)) {
    case LLVMPointerTypeKind: {
        LLVMMetadataRef dt = types ? rh_di_operand(h->ctx, types, i + 1) : NULL;
        char *key = dt ? pointee_key(h, dt) : NULL;
        LLVMValueRef v;
        if (!key || !key[0]) {
            v = any_arena(h);
        } else {
            v = arena_for(h, key, pointee_bytes(h, dt));
        }
        free(key);
        return v;
    }
    case LLVMIntegerTypeKind:
        return LLVMBuildIntCast2(h->b, scalar, t, 1, "");
    default:
        return LLVMConstNull(t); /* floating point, vectors, aggregates */
    }
}

/* void *racehunt_entry_F(void *): calls F with the arguments above. */
static LLVMValueRef wrapper(harness *h, LLVMValueRef f, LLVMValueRef argc_global)
{
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    char *wname = rh_xasprintf("racehunt_entry_%.*s", (int)len, name);
    LLVMTypeRef wty = LLVMFunctionType(h->ptr, &h->ptr, 1, 0);
    LLVMValueRef w = LLVMAddFunction(h->mod, wname, wty);
    free(wname);
    LLVMSetLinkage(w, LLVMInternalLinkage);
    LLVMPositionBuilderAtEnd(h->b, LLVMAppendBasicBlockInContext(h->ctx, w, "entry"));
    place(h, w, f);
    LLVMValueRef argc = LLVMBuildLoad2(h->b, h->i32, argc_global, "argc");
    LLVMValueRef scalar = LLVMBuildSub(h->b, argc, LLVMConstInt(h->i32, 1, 0), "");
    unsigned n = LLVMCountParams(f);
    LLVMValueRef *args = rh_xcalloc(n + 1, sizeof *args);
    LLVMMetadataRef types = param_types(h, f);
    for (unsigned i = 0; i < n; i++)
        args[i] = argument(h, f, types, i, scalar);
    LLVMBuildCall2(h->b, LLVMGlobalGetValueType(f), f, args, n, "");
    free(args);
    LLVMBuildRet(h->b, LLVMConstNull(h->ptr));
    LLVMSetCurrentDebugLocation2(h->b, NULL);
    return w;
}

/* Creates every arena an entry's pointer parameters need, so that a
 * `void *` parameter may point into each of them. */
static void make_arenas(harness *h, LLVMValueRef *entries, int n)
{
    arena_for(h, "", 0);
    for (int k = 0; k < n; k++) {
        LLVMMetadataRef types = param_types(h, entries[k]);
        for (unsigned i = 0; types && i < LLVMCountParams(entries[k]); i++) {
            LLVMMetadataRef dt = rh_di_operand(h->ctx, types, i + 1);
            char *key = dt ? pointee_key(h, dt) : NULL;
            if (key && key[0]) {
                arena_for(h, key, pointee_bytes(h, dt));
            }
            free(key);
        }
    }
}

/* The filler: never called, its address kept in llvm.used so the
 * points-to analysis (which reads every function whose address is taken)
 * learns that pointer fields of arenas may point to any arena. */
static void make_filler(harness *h)
{
    LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(h->ctx), NULL, 0, 0);
    LLVMValueRef fill = LLVMAddFunction(h->mod, "racehunt_entry_unknown_fields", fty);
    LLVMSetLinkage(fill, LLVMInternalLinkage);
    LLVMPositionBuilderAtEnd(h->b, LLVMAppendBasicBlockInContext(h->ctx, fill, "entry"));
    for (int i = 0; i < h->narenas; i++) {
        LLVMValueRef slot = h->arenas[i].global;
        LLVMValueRef idx = LLVMBuildCall2(h->b, h->nondet_ty, h->nondet, NULL, 0, "");
        LLVMValueRef at = LLVMBuildGEP2(h->b, LLVMInt8TypeInContext(h->ctx), slot, &idx, 1, "");
        LLVMBuildStore(h->b, any_arena(h), at);
    }
    LLVMBuildRetVoid(h->b);
    LLVMTypeRef uty = LLVMArrayType(h->ptr, 1);
    LLVMValueRef used = LLVMAddGlobal(h->mod, uty, "llvm.used");
    LLVMSetLinkage(used, LLVMAppendingLinkage);
    LLVMSetSection(used, "llvm.metadata");
    LLVMSetInitializer(used, LLVMConstArray(h->ptr, &fill, 1));
}

/* main(argc, argv): argc + 1 threads of every entry, then pthread_exit. */
static void make_main(harness *h, LLVMValueRef *entries, int n)
{
    LLVMValueRef argc_g = LLVMAddGlobal(h->mod, h->i32, "racehunt_entry_argc");
    LLVMSetInitializer(argc_g, LLVMConstNull(h->i32));
    LLVMSetLinkage(argc_g, LLVMInternalLinkage);
    LLVMValueRef *wrappers = rh_xcalloc((size_t)n, sizeof *wrappers);
    for (int k = 0; k < n; k++)
        wrappers[k] = wrapper(h, entries[k], argc_g);
    LLVMTypeRef cargs[] = {h->ptr, h->ptr, h->ptr, h->ptr}, margs[] = {h->i32, h->ptr};
    LLVMTypeRef cty = LLVMFunctionType(h->i32, cargs, 4, 0), ety = LLVMFunctionType(
        LLVMVoidTypeInContext(h->ctx), &h->ptr, 1, 0);
    LLVMValueRef create = LLVMGetNamedFunction(h->mod, "pthread_create");
    if (!create)
        create = LLVMAddFunction(h->mod, "pthread_create", cty);
    LLVMValueRef pexit = LLVMGetNamedFunction(h->mod, "pthread_exit");
    if (!pexit)
        pexit = LLVMAddFunction(h->mod, "pthread_exit", ety);
    LLVMValueRef main_fn = LLVMAddFunction(h->mod, "main", LLVMFunctionType(h->i32, margs, 2, 0));
    LLVMPositionBuilderAtEnd(h->b, LLVMAppendBasicBlockInContext(h->ctx, main_fn, "entry"));
    place(h, main_fn, entries[0]);
    LLVMValueRef handle = LLVMBuildAlloca(h->b, h->i64, "thread");
    LLVMBuildStore(h->b, LLVMGetParam(main_fn, 0), argc_g);
    LLVMValueRef count = LLVMBuildAdd(h->b, LLVMGetParam(main_fn, 0), LLVMConstInt(h->i32, 1, 0), "");
    for (int k = 0; k < n; k++) {
        LLVMBasicBlockRef head = LLVMAppendBasicBlockInContext(h->ctx, main_fn, "");
        LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(h->ctx, main_fn, "");
        LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(h->ctx, main_fn, "");
        LLVMBasicBlockRef from = LLVMGetInsertBlock(h->b);
        place(h, main_fn, entries[k]);
        LLVMBuildBr(h->b, head);
        LLVMPositionBuilderAtEnd(h->b, head);
        LLVMValueRef i = LLVMBuildPhi(h->b, h->i32, "");
        LLVMBuildCondBr(h->b, LLVMBuildICmp(h->b, LLVMIntSLT, i, count, ""), body, done);
        LLVMPositionBuilderAtEnd(h->b, body);
        LLVMValueRef cv[] = {handle, LLVMConstNull(h->ptr), wrappers[k], LLVMConstNull(h->ptr)};
        LLVMBuildCall2(h->b, cty, create, cv, 4, "");
        LLVMValueRef next = LLVMBuildAdd(h->b, i, LLVMConstInt(h->i32, 1, 0), "");
        LLVMBuildBr(h->b, head);
        LLVMValueRef in_v[] = {LLVMConstNull(h->i32), next};
        LLVMBasicBlockRef in_b[] = {from, body};
        LLVMAddIncoming(i, in_v, in_b, 2);
        LLVMPositionBuilderAtEnd(h->b, done);
    }
    LLVMValueRef null = LLVMConstNull(h->ptr);
    LLVMBuildCall2(h->b, ety, pexit, &null, 1, "");
    LLVMBuildUnreachable(h->b);
    LLVMSetCurrentDebugLocation2(h->b, NULL);
    free(wrappers);
}

/* Externally visible functions the library defines: --entry=all-external. */
static int all_external(LLVMModuleRef m, LLVMValueRef **out)
{
    int n = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
        LLVMLinkage l = LLVMGetLinkage(f);
        size_t len;
        const char *name = LLVMGetValueName2(f, &len);
        if (LLVMIsDeclaration(f) || l == LLVMInternalLinkage || l == LLVMPrivateLinkage ||
            strncmp(name, "__", 2) == 0 || strncmp(name, "llvm.", 5) == 0)
            continue;
        *out = rh_xrealloc(*out, (size_t)(n + 1) * sizeof **out);
        (*out)[n++] = f;
    }
    return n;
}

/* The functions --entry names; -1 with err naming one the units lack. */
static int named_entries(LLVMModuleRef m, const char *spec, LLVMValueRef **out, char *err)
{
    char *names = rh_xstrdup(spec), *save = NULL;
    int n = 0;
    for (char *name = strtok_r(names, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
        LLVMValueRef f = LLVMGetNamedFunction(m, name);
        if (!f || LLVMIsDeclaration(f)) {
            rh_fail(err, "--entry=%s: the program defines no function '%s'", spec, name);
            n = -1;
            break;
        }
        *out = rh_xrealloc(*out, (size_t)(n + 1) * sizeof **out);
        (*out)[n++] = f;
    }
    free(names);
    return n;
}

int rh_entry_harness(LLVMModuleRef m, const char *spec, int *nentries, char *err)
{
    LLVMValueRef *entries = NULL;
    int n = strcmp(spec, "all-external") == 0 ? all_external(m, &entries)
                                              : named_entries(m, spec, &entries, err);
    if (n == 0)
        rh_fail(err, "--entry=%s: the program defines no externally visible function", spec);
    if (n <= 0) {
        free(entries);
        return -1;
    }
    harness h = {0};
    h.mod = m;
    h.ctx = LLVMGetModuleContext(m);
    h.b = LLVMCreateBuilderInContext(h.ctx);
    h.i32 = LLVMInt32TypeInContext(h.ctx);
    h.i64 = LLVMInt64TypeInContext(h.ctx);
    h.ptr = LLVMPointerTypeInContext(h.ctx, 0);
    h.nondet_ty = LLVMFunctionType(h.i32, NULL, 0, 0);
    h.nondet = LLVMGetNamedFunction(m, "__VERIFIER_nondet_int");
    if (!h.nondet)
        h.nondet = LLVMAddFunction(m, "__VERIFIER_nondet_int", h.nondet_ty);
    start_debug_info(&h, entries[0]);
    make_arenas(&h, entries, n);
    make_main(&h, entries, n);
    make_filler(&h);
    if (h.dib) {
        LLVMDIBuilderFinalize(h.dib);
        LLVMDisposeDIBuilder(h.dib);
    }
    LLVMDisposeBuilder(h.b);
    for (int i = 0; i < h.narenas; i++)
        free(h.arenas[i].key);
    free(h.arenas);
    free(entries);
    *nentries = n;
    return 0;
}
