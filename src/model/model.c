/* model.c - builds the program model from a normalised LLVM module: which
 * instructions touch memory, which calls synchronise, who calls whom.
 */
#include "model.h"
#include "annotations.h"
#include "libspec.h"
#include "model_lib.h"
#include "util/util.h"

#include <llvm-c/DebugInfo.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *intern(rh_program *p, const char *s, size_t len)
{
    for (int i = 0; i < p->nstrings; i++)
        if (strlen(p->strings[i]) == len && memcmp(p->strings[i], s, len) == 0)
            return p->strings[i];
    p->strings = rh_xrealloc(p->strings, (size_t)(p->nstrings + 1) * sizeof *p->strings);
    char *copy = rh_xmalloc(len + 1);
    memcpy(copy, s, len);
    copy[len] = '\0';
    return p->strings[p->nstrings++] = copy;
}

/* 1 when the directory d (of length n) is the current one. */
static int is_cwd(const char *d, unsigned n)
{
    static char cwd[4096];
    if (!cwd[0] && !getcwd(cwd, sizeof cwd))
        return 0;
    return strlen(cwd) == n && memcmp(cwd, d, n) == 0;
}

/* The file of a debug scope, joined with its directory when relative. */
static const char *scope_file(rh_program *p, LLVMMetadataRef scope)
{
    LLVMMetadataRef file = scope ? LLVMDIScopeGetFile(scope) : NULL;
    if (!file)
        return intern(p, "?", 1);
    unsigned flen = 0, dlen = 0;
    const char *f = LLVMDIFileGetFilename(file, &flen);
    const char *d = LLVMDIFileGetDirectory(file, &dlen);
    if (!f || !flen)
        return intern(p, "?", 1);
    /* A name relative to a directory other than ours (a database unit's
     * build directory; clang also names a file relative to a parent it
     * shares with the unit, "x/g.c" in "/tmp") gets the directory, so the
     * name leads to the file from where racehunt runs. */
    if (f[0] != '/' && d && dlen && !is_cwd(d, dlen)) {
        char *full = rh_xasprintf("%.*s/%.*s", (int)dlen, d, (int)flen, f);
        const char *r = intern(p, full, strlen(full));
        free(full);
        return r;
    }
    return intern(p, f, flen);
}

static rh_srcloc diloc(rh_program *p, LLVMMetadataRef loc)
{
    rh_srcloc r = {scope_file(p, LLVMDILocationGetScope(loc)), LLVMDILocationGetLine(loc),
                   LLVMDILocationGetColumn(loc)};
    return r;
}

rh_srcloc rh_model_inst_loc(rh_program *p, LLVMValueRef inst)
{
    LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(inst);
    if (!loc) {
        rh_srcloc none = {intern(p, "?", 1), 0, 0};
        return none;
    }
    return diloc(p, loc);
}

/* The inlined-at chain of an instruction (empty unless something inlined). */
static int inlined_chain(rh_program *p, LLVMValueRef inst, rh_srcloc **out)
{
    LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(inst);
    int n = 0;
    *out = NULL;
    for (LLVMMetadataRef at = loc ? LLVMDILocationGetInlinedAt(loc) : NULL; at;
         at = LLVMDILocationGetInlinedAt(at)) {
        *out = rh_xrealloc(*out, (size_t)(n + 1) * sizeof **out);
        (*out)[n++] = diloc(p, at);
    }
    return n;
}

const rh_conc_entry *rh_model_call_entry(const rh_program *p, LLVMValueRef call)
{
    LLVMValueRef fn = rh_model_called_function(call);
    if (!fn)
        return NULL;
    size_t len;
    const rh_conc_entry *e = rh_conc_lookup(&p->conc, LLVMGetValueName2(fn, &len), !LLVMIsDeclaration(fn));
    /* an annotation whose mode is an argument (AnnotateRWLockAcquired's
     * is_w): a constant one picks the row of that mode */
    if (e && (e->flags & RH_F_ISW) && e->obj2 >= 0 && (unsigned)e->obj2 < (unsigned)LLVMGetNumArgOperands(call)) {
        LLVMValueRef m = LLVMGetOperand(call, (unsigned)e->obj2);
        if (LLVMIsAConstantInt(m))
            e = rh_annot_mode(e, LLVMConstIntGetZExtValue(m) != 0);
    }
    return e;
}

int rh_model_address_taken(LLVMValueRef fn)
{
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (!LLVMIsACallInst(user) || LLVMGetCalledValue(user) != fn)
            return 1;
        for (unsigned i = 0; i < LLVMGetNumArgOperands(user); i++)
            if (LLVMGetOperand(user, i) == fn)
                return 1;
    }
    return 0;
}

int rh_model_func_index(const rh_program *p, LLVMValueRef fn)
{
    for (int i = 0; i < p->nfuncs; i++)
        if (p->funcs[i].fn == fn)
            return i;
    return -1;
}

static uint64_t type_size(rh_program *p, LLVMTypeRef t)
{
    return LLVMStoreSizeOfType(p->td, t);
}

typedef RH_VEC(rh_access) access_vec;
typedef RH_VEC(rh_sync) sync_vec;
typedef RH_VEC(LLVMValueRef) value_vec;

static void add_access(rh_program *p, access_vec *v, LLVMValueRef inst, LLVMValueRef ptr,
                       rh_access_kind kind, uint64_t size, int fi)
{
    rh_access a = {0};
    a.inst = inst;
    a.ptr = ptr;
    a.kind = kind;
    a.size = size;
    a.loc = rh_model_inst_loc(p, inst);
    a.ninlined = inlined_chain(p, inst, &a.inlined_at);
    a.func = fi;
    rh_vec_push(v, a);
}

/* printf-like calls read the strings their %s conversions print and write
 * through %n.  A format that is not a constant reads every pointer argument. */
static void add_format_accesses(rh_program *p, access_vec *v, LLVMValueRef call, int fmt_arg, int fi)
{
    unsigned nargs = (unsigned)LLVMGetNumArgOperands(call), arg = (unsigned)fmt_arg + 1;
    const char *f = rh_model_const_string(LLVMGetOperand(call, (unsigned)fmt_arg));
    for (; !f && arg < nargs; arg++)
        if (LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(call, arg))) == LLVMPointerTypeKind)
            add_access(p, v, call, LLVMGetOperand(call, arg), RH_ACC_READ, 0, fi);
    for (; f && *f && arg < nargs; f++) {
        if (*f != '%')
            continue;
        if (*++f == '%')
            continue;
        for (; *f && strchr("-+ #0123456789.*hlLqjzt'", *f); f++)
            arg += *f == '*';
        if (!*f || arg >= nargs)
            break;
        if (*f == 's' || *f == 'n')
            add_access(p, v, call, LLVMGetOperand(call, arg), *f == 's' ? RH_ACC_READ : RH_ACC_WRITE,
                       0, fi);
        arg++;
    }
    for (size_t i = v->len; i > 0 && v->items[i - 1].inst == call; i--)
        v->items[i - 1].from_call = 1;
}

/* Bytes one scanf conversion assigns, from its length modifier: integers
 * (d i u o x X), floating point (a e f g), characters (c, width many). */
static uint64_t scan_size(char conv, const char *mod, unsigned width, uint64_t long_size)
{
    int hh = strncmp(mod, "hh", 2) == 0, ll = strncmp(mod, "ll", 2) == 0;
    switch (conv) {
    case 'd': case 'i': case 'u': case 'o': case 'x': case 'X':
        return hh ? 1 : *mod == 'h' ? 2 : ll || *mod == 'q' || *mod == 'j' ? 8
               : *mod == 'l' || *mod == 'z' || *mod == 't' ? long_size : 4;
    case 'a': case 'e': case 'f': case 'g': case 'A': case 'E': case 'F': case 'G':
        return *mod == 'L' ? 16 : *mod == 'l' ? 8 : 4;
    case 'c':
        return *mod == 'l' ? 0 : width ? width : 1;
    case 'n':
        return hh ? 1 : *mod == 'h' ? 2 : ll || *mod == 'q' || *mod == 'j' ? 8
               : *mod == 'l' || *mod == 'z' || *mod == 't' ? long_size : 4;
    default: /* s, [: a string of unknown length */
        return 0;
    }
}

/* with_n: %n is an argument the call writes (rh_model_scan_writes); else
 * it makes the format unusable (rh_model_scan_sizes). */
static int scan_conversions(const rh_program *p, LLVMValueRef call, int fmt_arg, uint64_t *sizes, int max,
                            int with_n)
{
    const char *f = rh_model_const_string(LLVMGetOperand(call, (unsigned)fmt_arg));
    uint64_t long_size = LLVMPointerSize(p->td);
    int n = 0;
    for (; f && *f; f++) {
        if (*f != '%' || *++f == '%')
            continue;
        int assigned = *f != '*';
        f += !assigned;
        unsigned width = 0;
        for (; *f >= '0' && *f <= '9'; f++)
            width = width * 10 + (unsigned)(*f - '0');
        const char *mod = f;
        while (*f && strchr("hlLqjzt", *f))
            f++;
        if (!*f || *f == 'p' || (*f == 'n' && !with_n)) /* %n: assigned, yet not counted in the result */
            return -1;
        if (*f == '[') /* a scanset: ']' right after '[' or "[^" is a member */
            for (f += 1 + (f[1] == '^'), f += *f == ']'; *f && *f != ']'; f++)
                ;
        if (!*f)
            return -1;
        if (assigned && n < max)
            sizes[n] = scan_size(*f, mod, width, long_size);
        n += assigned;
    }
    return f ? n : -1;
}

int rh_model_scan_sizes(const rh_program *p, LLVMValueRef call, int fmt_arg, uint64_t *sizes, int max)
{
    return scan_conversions(p, call, fmt_arg, sizes, max, 0);
}

int rh_model_scan_writes(const rh_program *p, LLVMValueRef call, int fmt_arg, uint64_t *sizes, int max)
{
    return scan_conversions(p, call, fmt_arg, sizes, max, 1);
}

/* scanf-like calls write each argument a conversion assigns.  A format the
 * model cannot read writes every pointer argument, length unknown (the
 * static engine also calls it unsupported); so do conversions past the
 * first 64, whose sizes are not kept. */
static void add_scan_accesses(rh_program *p, access_vec *v, LLVMValueRef call, int fmt_arg, int fi)
{
    unsigned nargs = (unsigned)LLVMGetNumArgOperands(call), first = (unsigned)fmt_arg + 1;
    uint64_t sizes[64];
    int n = rh_model_scan_writes(p, call, fmt_arg, sizes, 64);
    for (unsigned arg = first; arg < nargs && (n < 0 || (int)(arg - first) < n); arg++) {
        int k = (int)(arg - first);
        uint64_t size = n >= 0 && k < 64 ? sizes[k] : 0;
        if (LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(call, arg))) == LLVMPointerTypeKind)
            add_access(p, v, call, LLVMGetOperand(call, arg), RH_ACC_WRITE, size, fi);
    }
    for (size_t i = v->len; i > 0 && v->items[i - 1].inst == call; i--)
        v->items[i - 1].from_call = 1;
}

/* Access records of a memory-library call, from its table row. */
static void add_memory_call(rh_program *p, access_vec *v, LLVMValueRef call,
                            const rh_conc_entry *e, int fi)
{
    LLVMValueRef size_arg = e->size >= 0 ? LLVMGetOperand(call, (unsigned)e->size) : NULL;
    uint64_t size = size_arg && LLVMIsAConstantInt(size_arg) ? LLVMConstIntGetZExtValue(size_arg) : 0;
    struct { int arg; unsigned flag; rh_access_kind kind; } roles[] = {
        {e->obj, RH_F_OBJ_WRITE, RH_ACC_WRITE},
        {e->obj, RH_F_OBJ_READ, RH_ACC_READ},
        {e->obj2, RH_F_OBJ2_READ, RH_ACC_READ},
    };
    for (size_t i = 0; i < sizeof roles / sizeof roles[0]; i++) {
        if (roles[i].arg < 0 || !(e->flags & roles[i].flag) ||
            (i == 2 && (e->flags & (RH_F_FORMAT | RH_F_SCAN))))
            continue;
        add_access(p, v, call, LLVMGetOperand(call, (unsigned)roles[i].arg), roles[i].kind, size, fi);
        v->items[v->len - 1].from_call = 1;
        v->items[v->len - 1].size_value = size ? NULL : size_arg;
    }
    if (e->flags & RH_F_FORMAT)
        add_format_accesses(p, v, call, e->obj2, fi);
    if (e->flags & RH_F_SCAN)
        add_scan_accesses(p, v, call, e->obj2, fi);
}

/* Accesses the library specification or the unknown-function assumption
 * gives a call (model_lib.c). */
static void add_lib_accesses(rh_program *p, access_vec *v, LLVMValueRef call,
                             const rh_conc_entry *e, int fi)
{
    rh_lib_access la[RH_MAX_LIB_ACCESSES];
    int n = rh_model_lib_accesses(p, call, e, la, RH_MAX_LIB_ACCESSES);
    for (int i = 0; i < n; i++) {
        add_access(p, v, call, la[i].ptr, la[i].kind, la[i].size, fi);
        rh_access *a = &v->items[v->len - 1];
        a->from_call = 1;
        a->size_value = la[i].size_value;
        a->assumed = (unsigned)la[i].assumed;
    }
}

/* A pthread or C11 lock call touches the lock's own memory (glibc's lock
 * word): freeing, destroying, re-initialising or overwriting a lock while
 * another thread locks or unlocks it is a race on that memory.  Lock and
 * unlock are reads of the word (two of them never race: the lock orders
 * them), init and destroy writes.  Annotations and functions the program
 * defines are not lock memory; SV-COMP's property is about the program's
 * data, not about its locks. */
static void add_lock_word_access(rh_program *p, access_vec *av, LLVMValueRef call, const rh_conc_entry *e,
                                 int fi)
{
    if (!e || (e->flags & (RH_F_ANNOT | RH_F_DEFINED)) || p->conc.svcomp || e->obj < 0 ||
        e->obj >= (int)LLVMGetNumArgOperands(call))
        return;
    int kind = e->op == RH_OP_LOCK || e->op == RH_OP_UNLOCK ? RH_ACC_READ
                          : e->op == RH_OP_LOCK_INIT || e->op == RH_OP_LOCK_DESTROY ? RH_ACC_WRITE : 0;
    LLVMValueRef lock = LLVMGetOperand(call, (unsigned)e->obj);
    if (!kind || LLVMGetTypeKind(LLVMTypeOf(lock)) != LLVMPointerTypeKind || rh_model_null(lock))
        return;
    add_access(p, av, call, lock, (rh_access_kind)kind, 4, fi);
    av->items[av->len - 1].from_call = 1;
    av->items[av->len - 1].lock_word = 1;
}

static void add_call(rh_program *p, access_vec *av, sync_vec *sv, value_vec *callees,
                     LLVMValueRef call, int fi)
{
    LLVMValueRef callee = rh_model_called_function(call);
    const rh_conc_entry *e = rh_model_call_entry(p, call), *spec;
    if ((e && rh_libspec_of(e)) || (!e && callee && LLVMIsDeclaration(callee)))
        add_lib_accesses(p, av, call, e, fi);
    else if (e && (e->flags & RH_F_SIGNAL) && (spec = rh_libspec_lookup(e->name)))
        add_lib_accesses(p, av, call, spec, fi); /* sigwait writes the signal number */
    if (e && e->op == RH_OP_MEMORY && rh_libspec_of(e))
        return;
    if (e && e->op == RH_OP_MEMORY) {
        add_memory_call(p, av, call, e, fi);
        return;
    }
    if (e && (e->op == RH_OP_PURE || e->op == RH_OP_IGNORE))
        return;
    if (!e && callee && !LLVMIsDeclaration(callee)) {
        rh_vec_push(callees, callee);
        return;
    }
    if (e && (e->op == RH_OP_FREE || e->op == RH_OP_REALLOC) && e->obj >= 0) {
        add_access(p, av, call, LLVMGetOperand(call, (unsigned)e->obj), RH_ACC_WRITE, 0, fi);
        av->items[av->len - 1].from_call = 1;
    }
    add_lock_word_access(p, av, call, e, fi);
    size_t len = 0;
    rh_sync s = {call, e, callee ? LLVMGetValueName2(callee, &len) : NULL,
                 rh_model_inst_loc(p, call), fi};
    if (e && e->op == RH_OP_ATOMIC_CALL && callee && !LLVMIsDeclaration(callee))
        rh_vec_push(callees, callee);
    rh_vec_push(sv, s);
    if (!callee)
        p->funcs[fi].has_indirect_calls = 1;
}

static void scan_instruction(rh_program *p, access_vec *av, sync_vec *sv, value_vec *callees,
                             LLVMValueRef in, int fi)
{
    switch (LLVMGetInstructionOpcode(in)) {
    case LLVMLoad:
        add_access(p, av, in, LLVMGetOperand(in, 0), RH_ACC_READ, type_size(p, LLVMTypeOf(in)), fi);
        break;
    case LLVMStore:
        add_access(p, av, in, LLVMGetOperand(in, 1), RH_ACC_WRITE,
                   type_size(p, LLVMTypeOf(LLVMGetOperand(in, 0))), fi);
        break;
    case LLVMAtomicRMW:
    case LLVMAtomicCmpXchg:
        add_access(p, av, in, LLVMGetOperand(in, 0), RH_ACC_RMW,
                   type_size(p, LLVMTypeOf(LLVMGetOperand(in, 1))), fi);
        av->items[av->len - 1].atomic = 1;
        return;
    case LLVMCall:
        add_call(p, av, sv, callees, in, fi);
        return;
    default:
        return;
    }
    rh_access *a = &av->items[av->len - 1];
    a->atomic = LLVMGetOrdering(in) != LLVMAtomicOrderingNotAtomic;
    a->is_volatile = LLVMGetVolatile(in) != 0;
}

/* Callees are collected as values and turned into indices once all exist. */
static void resolve_callees(rh_program *p, int fi, value_vec *raw)
{
    rh_function *f = &p->funcs[fi];
    f->callees = rh_xmalloc(raw->len * sizeof(int) + 1);
    for (size_t i = 0; i < raw->len; i++) {
        int ci = rh_model_func_index(p, raw->items[i]);
        int dup = 0;
        for (int j = 0; j < f->ncallees; j++)
            dup |= f->callees[j] == ci;
        if (ci >= 0 && !dup)
            f->callees[f->ncallees++] = ci;
    }
}

static void scan_function(rh_program *p, access_vec *av, sync_vec *sv, int fi, value_vec *raw)
{
    rh_function *f = &p->funcs[fi];
    f->first_access = (int)av->len;
    f->first_sync = (int)sv->len;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f->fn); b; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef in = LLVMGetFirstInstruction(b); in; in = LLVMGetNextInstruction(in))
            scan_instruction(p, av, sv, raw, in, fi);
    f->naccesses = (int)av->len - f->first_access;
    f->nsyncs = (int)sv->len - f->first_sync;
}

static void find_thread_entries(rh_program *p)
{
    for (int i = 0; i < p->nsyncs; i++) {
        const rh_conc_entry *e = p->syncs[i].entry;
        if (!e || (e->op != RH_OP_THREAD_CREATE && e->op != RH_OP_ONCE) || e->fn < 0)
            continue;
        LLVMValueRef fn = LLVMGetOperand(p->syncs[i].inst, (unsigned)e->fn);
        while (fn && LLVMIsAConstantExpr(fn) && LLVMGetConstOpcode(fn) == LLVMBitCast)
            fn = LLVMGetOperand(fn, 0);
        int fi = fn && LLVMIsAFunction(fn) ? rh_model_func_index(p, fn) : -1;
        if (fi < 0 || e->op != RH_OP_THREAD_CREATE)
            continue;
        p->threads = rh_xrealloc(p->threads, (size_t)(p->nthreads + 1) * sizeof *p->threads);
        p->threads[p->nthreads].func = fi;
        p->threads[p->nthreads].create_sync = i;
        p->nthreads++;
    }
}

static void index_functions(rh_program *p)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(p->mod); f; f = LLVMGetNextFunction(f))
        if (!LLVMIsDeclaration(f))
            p->nfuncs++;
    p->funcs = rh_xcalloc((size_t)p->nfuncs, sizeof *p->funcs);
    int i = 0;
    p->main_func = -1;
    for (LLVMValueRef f = LLVMGetFirstFunction(p->mod); f; f = LLVMGetNextFunction(f)) {
        if (LLVMIsDeclaration(f))
            continue;
        size_t len;
        rh_function *rf = &p->funcs[i];
        rf->fn = f;
        rf->name = LLVMGetValueName2(f, &len);
        const rh_conc_entry *e = rh_conc_lookup(&p->conc, rf->name, 1);
        rf->atomic = e && e->op == RH_OP_ATOMIC_CALL;
        LLVMMetadataRef sp = LLVMGetSubprogram(f);
        rf->loc.file = sp ? scope_file(p, sp) : intern(p, "?", 1);
        rf->loc.line = sp ? LLVMDISubprogramGetLine(sp) : 0;
        if (strcmp(rf->name, "main") == 0)
            p->main_func = i;
        i++;
    }
}

int rh_model_build(rh_program *p, LLVMContextRef ctx, LLVMModuleRef mod, rh_conc_table conc,
                   int ilp32, char *err)
{
    memset(p, 0, sizeof *p);
    p->ctx = ctx;
    p->mod = mod;
    p->conc = conc;
    p->ilp32 = ilp32;
    p->td = LLVMCreateTargetData(LLVMGetDataLayoutStr(mod));
    if (!p->td)
        return rh_fail(err, "the module has no usable data layout");
    index_functions(p);
    access_vec av = {0};
    sync_vec sv = {0};
    value_vec *raw = rh_xcalloc((size_t)p->nfuncs + 1, sizeof *raw);
    for (int i = 0; i < p->nfuncs; i++)
        scan_function(p, &av, &sv, i, &raw[i]);
    for (int i = 0; i < p->nfuncs; i++) {
        resolve_callees(p, i, &raw[i]);
        rh_vec_free(&raw[i]);
    }
    free(raw);
    p->accesses = av.items;
    p->naccesses = (int)av.len;
    p->syncs = sv.items;
    p->nsyncs = (int)sv.len;
    find_thread_entries(p);
    return 0;
}

void rh_model_free(rh_program *p)
{
    for (int i = 0; i < p->naccesses; i++)
        free(p->accesses[i].inlined_at);
    for (int i = 0; i < p->nfuncs; i++)
        free(p->funcs[i].callees);
    for (int i = 0; i < p->nstrings; i++)
        free(p->strings[i]);
    free(p->strings);
    free(p->accesses);
    free(p->syncs);
    free(p->funcs);
    free(p->threads);
    if (p->td)
        LLVMDisposeTargetData(p->td);
    if (p->mod)
        LLVMDisposeModule(p->mod);
    if (p->ctx)
        LLVMContextDispose(p->ctx);
    rh_conc_free(&p->conc);
    memset(p, 0, sizeof *p);
}
