/* points_to.c - inclusion-based, field-sensitive points-to analysis over the
 * program model (see points_to.h for the sensitivity choices and why).
 *
 * This file turns the IR into constraints - one node per SSA value, one
 * object per allocation site - and pt_solve.c solves them; indirect calls
 * and thread creations are wired when the solver finds their targets.
 */
#include "points_to.h"
#include "pt_alloc.h"
#include "pt_containers.h"
#include "pt_edges.h"
#include "pt_elements.h"
#include "pt_gep.h"
#include "pt_residue.h"
#include "model/libspec.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

/* A call through a pointer, or a thread creation: wired per target. */
typedef struct rh_pt_call {
    LLVMValueRef inst;
    int create;       /* pthread_create / call_once: the target is a start routine;
                       * CALLBACK_CALL: a library callback (qsort's comparator) */
    int arg;          /* create: node of the thread argument, -1 for none */
} rh_pt_call;

#define CALLBACK_CALL 2

/* An object no site lookup finds (object_of): one whose site is also
 * another object's (a library variable and what it points to). */
static uint32_t unmapped_object(rh_pt *pt, rh_pt_kind kind, LLVMValueRef site, int func, uint64_t size)
{
    if (pt->nobjs == pt->capobjs) {
        pt->capobjs = pt->capobjs ? 2 * pt->capobjs : 64;
        pt->objs = rh_xrealloc(pt->objs, (size_t)pt->capobjs * sizeof *pt->objs);
    }
    rh_pt_object *o = &pt->objs[pt->nobjs];
    memset(o, 0, sizeof *o);
    o->kind = kind, o->site = site, o->func = func, o->size = size;
    rh_pts_new_object(&pt->s, size, kind == RH_PT_FUNC);
    return (uint32_t)pt->nobjs++;
}

static uint32_t new_object(rh_pt *pt, rh_pt_kind kind, LLVMValueRef site, int func, uint64_t size)
{
    uint32_t o = unmapped_object(pt, kind, site, func, size);
    rh_map_put_ptr(&pt->obj_of_site, site, o);
    return o;
}

uint64_t rh_pt_type_size(rh_pt *pt, LLVMTypeRef t)
{
    return LLVMTypeIsSized(t) ? LLVMABISizeOfType(pt->p->td, t) : 0;
}

/* The object of a site, created on first use. */
static uint32_t object_of(rh_pt *pt, rh_pt_kind kind, LLVMValueRef site, int func, uint64_t size)
{
    long o = rh_map_get_ptr(&pt->obj_of_site, site, -1);
    return o >= 0 ? (uint32_t)o : new_object(pt, kind, site, func, size);
}

static uint32_t global_object(rh_pt *pt, LLVMValueRef g)
{
    long o = rh_map_get_ptr(&pt->obj_of_site, g, -1);
    if (o >= 0)
        return (uint32_t)o;
    if (LLVMIsAFunction(g))
        return new_object(pt, RH_PT_FUNC, g, rh_pt_func_index(pt, g), 0);
    uint32_t id = new_object(pt, RH_PT_GLOBAL, g, -1, rh_pt_type_size(pt, LLVMGlobalGetValueType(g)));
    pt->objs[id].thread_local_ = LLVMIsThreadLocal(g) != 0;
    return id;
}

static void const_pts(rh_pt *pt, LLVMValueRef c, rh_sset *out, int depth)
{
    if (depth > 16)
        return;
    if (LLVMIsAGlobalAlias(c)) {
        const_pts(pt, LLVMAliasGetAliasee(c), out, depth + 1);
    } else if (LLVMIsAGlobalVariable(c) || LLVMIsAFunction(c)) {
        rh_sset_add(out, rh_pt_loc(global_object(pt, c), 0));
    } else if (LLVMIsAConstantExpr(c)) {
        LLVMOpcode op = LLVMGetConstOpcode(c);
        rh_sset inner = {0}, moved = {0};
        int64_t off = 0;
        if (op == LLVMGetElementPtr)
            rh_pt_gep_offset(pt, c, &off);
        else if (op != LLVMBitCast && op != LLVMAddrSpaceCast && op != LLVMPtrToInt &&
                 op != LLVMIntToPtr)
            off = RH_PT_ANY;
        int n = op == LLVMGetElementPtr ? 1 : LLVMGetNumOperands(c);
        for (int i = 0; i < n; i++)
            const_pts(pt, LLVMGetOperand(c, (unsigned)i), &inner, depth + 1);
        rh_pts_shift(&pt->s, &inner, (int32_t)off, &moved);
        rh_sset_union(out, &moved);
        rh_sset_free(&inner), rh_sset_free(&moved);
    }
}

/* Whether values of type t can hold an address: pointers, aggregates and
 * vectors (they may contain one), and integers as wide as a pointer.  An
 * integer narrower than a pointer cannot hold an address whole, and a
 * floating-point value is no address C code computes with, so neither gets
 * constraints: without this, counters, lengths, hashes and flags that an
 * int is copied through tie unrelated pointers' sets together (one cycle
 * of them merged the heap blocks of a program with main's locals and argv). */
static int carries_addresses(rh_pt *pt, LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMPointerTypeKind: case LLVMStructTypeKind: case LLVMArrayTypeKind:
    case LLVMVectorTypeKind: case LLVMScalableVectorTypeKind:
        return 1;
    case LLVMIntegerTypeKind:
        return LLVMGetIntTypeWidth(t) >= 8 * LLVMPointerSize(pt->p->td);
    default:
        return 0;
    }
}

static int carries(rh_pt *pt, LLVMValueRef v)
{
    return carries_addresses(pt, LLVMTypeOf(v));
}

static int value_node(rh_pt *pt, LLVMValueRef v)
{
    long n = rh_map_get_ptr(&pt->node_of_value, v, -1);
    if (n >= 0)
        return (int)n;
    int id = rh_pts_new_node(&pt->s);
    rh_map_put_ptr(&pt->node_of_value, v, id);
    if (LLVMIsAConstant(v)) {
        rh_sset s = {0};
        const_pts(pt, v, &s, 0);
        for (uint32_t i = 0; i < s.n; i++)
            rh_pts_add(&pt->s, id, s.v[i]);
        rh_sset_free(&s);
    }
    return id;
}

/* A thread's result (its routine's return value, pthread_exit's argument)
 * reaches whoever joins it through the join's result pointer; which
 * thread a join joins is not known here, so all results are one node. */
static int results_node(rh_pt *pt)
{
    if (pt->results_node < 0)
        pt->results_node = rh_pts_new_node(&pt->s);
    return pt->results_node;
}

/* A join stores a thread's result through its result pointer (the
 * argument after the handle: pthread_join, tryjoin, timedjoin); an exit
 * gives its argument as the thread's result. */
static void thread_result_call(rh_pt *pt, LLVMValueRef call, const rh_conc_entry *e)
{
    int nargs = (int)LLVMGetNumArgOperands(call);
    int k = e->op == RH_OP_THREAD_JOIN ? e->obj + 1 : 0;
    if (e->op == RH_OP_THREAD_JOIN && e->obj < 0)
        return;
    LLVMValueRef a = k < nargs ? LLVMGetOperand(call, (unsigned)k) : NULL;
    if (!a || LLVMGetTypeKind(LLVMTypeOf(a)) != LLVMPointerTypeKind || LLVMIsAConstantPointerNull(a))
        return;
    if (e->op == RH_OP_THREAD_JOIN)
        rh_pts_store(&pt->s, value_node(pt, a), results_node(pt));
    else
        rh_pts_copy(&pt->s, results_node(pt), value_node(pt, a), 0);
}

static int ret_node(rh_pt *pt, int func)
{
    if (pt->ret_node[func] < 0)
        pt->ret_node[func] = rh_pts_new_node(&pt->s);
    return pt->ret_node[func];
}

static void add_copy(rh_pt *pt, LLVMValueRef dst, LLVMValueRef src)
{
    int d = value_node(pt, dst);
    rh_pts_copy(&pt->s, d, value_node(pt, src), 0);
}

static void add_shift(rh_pt *pt, LLVMValueRef dst, LLVMValueRef src, int32_t off)
{
    int d = value_node(pt, dst);
    rh_pts_copy(&pt->s, d, value_node(pt, src), off);
}

/* A call through a pointer or a thread creation, wired when its targets are found. */
static void add_call(rh_pt *pt, LLVMValueRef fnptr, LLVMValueRef call, int create, int arg)
{
    rh_pt_call c = {call, create, arg};
    int id = (int)pt->calls.len;
    rh_vec_push(&pt->calls, c);
    rh_pts_call(&pt->s, value_node(pt, fnptr), id);
}

static void add_load(rh_pt *pt, LLVMValueRef dst, LLVMValueRef ptr)
{
    int d = value_node(pt, dst);
    rh_pts_load(&pt->s, d, value_node(pt, ptr));
}

static void add_store(rh_pt *pt, LLVMValueRef ptr, LLVMValueRef val)
{
    int p = value_node(pt, ptr);
    rh_pts_store(&pt->s, p, value_node(pt, val));
}

/* The pointer cells of *src are copied into *dst. */
static void add_memcpy(rh_pt *pt, LLVMValueRef dst, LLVMValueRef src)
{
    int d = value_node(pt, dst);
    LLVMValueRef base;
    int64_t lo, hi;
    if (rh_pt_array_window(pt, src, &base, &lo, &hi) && lo > -(INT32_MAX / 2) && hi < INT32_MAX / 2)
        rh_pts_memcpy_window(&pt->s, d, value_node(pt, base), (int32_t)lo, (int32_t)hi);
    else
        rh_pts_memcpy(&pt->s, d, value_node(pt, src));
}

/* Fresh object for the result of a call, e.g. an allocation. */
static void add_site_object(rh_pt *pt, LLVMValueRef call, rh_pt_kind kind, int fi, uint64_t size)
{
    uint32_t o = object_of(pt, kind, call, fi, size);
    rh_pts_add(&pt->s, value_node(pt, call), rh_pt_loc(o, 0));
}

/* The object standing for the variadic arguments of function fi, which
 * its va_start makes a va_list point to: one for all its calls. */
static uint32_t varargs_object(rh_pt *pt, int fi)
{
    if (!pt->varargs_obj)
        pt->varargs_obj = rh_xcalloc((size_t)pt->p->nfuncs + 1, sizeof *pt->varargs_obj);
    if (!pt->varargs_obj[fi]) {
        uint32_t o = unmapped_object(pt, RH_PT_EXTERN, pt->p->funcs[fi].fn, fi, 0);
        pt->objs[o].origin = RH_PT_ORIGIN_VARARGS;
        pt->varargs_obj[fi] = o + 1;
    }
    return pt->varargs_obj[fi] - 1;
}

/* param_i ⊇ arg_i; the arguments past the parameters of a variadic
 * function go into its variadic object, where va_arg finds them. */
static void wire_params(rh_pt *pt, LLVMValueRef call, int callee)
{
    if (rh_pt_container_callback(pt, call, rh_libspec_of(rh_model_call_entry(pt->p, call)), callee))
        return;
    LLVMValueRef fn = pt->p->funcs[callee].fn;
    unsigned np = LLVMCountParams(fn), na = (unsigned)LLVMGetNumArgOperands(call);
    for (unsigned i = 0; i < np && i < na; i++)
        if (carries(pt, LLVMGetParam(fn, i)))
            add_copy(pt, LLVMGetParam(fn, i), LLVMGetOperand(call, i));
    if (na <= np || !LLVMIsFunctionVarArg(LLVMGlobalGetValueType(fn)))
        return;
    int cell = rh_pts_cell(&pt->s, rh_pt_loc(varargs_object(pt, callee), RH_PT_ANY));
    for (unsigned i = np; i < na; i++)
        if (carries(pt, LLVMGetOperand(call, i)))
            rh_pts_copy(&pt->s, cell, value_node(pt, LLVMGetOperand(call, i)), 0);
}

/* va_start makes the va_list point (at every offset: the register save
 * area and the overflow area) to the function's variadic object; va_copy
 * copies a va_list. */
static int varargs_call(rh_pt *pt, LLVMValueRef call, LLVMValueRef callee, int fi)
{
    size_t len;
    const char *name = callee ? LLVMGetValueName2(callee, &len) : "";
    if (strncmp(name, "llvm.va_copy", 12) == 0) {
        add_memcpy(pt, LLVMGetOperand(call, 0), LLVMGetOperand(call, 1));
        return 1;
    }
    if (strncmp(name, "llvm.va_start", 13) != 0 || fi < 0)
        return strncmp(name, "llvm.va_end", 11) == 0;
    int list = rh_pts_new_node(&pt->s), area = rh_pts_new_node(&pt->s);
    rh_pts_copy(&pt->s, list, value_node(pt, LLVMGetOperand(call, 0)), RH_PT_ANY);
    rh_pts_add(&pt->s, area, rh_pt_loc(varargs_object(pt, fi), RH_PT_ANY));
    rh_pts_store(&pt->s, list, area);
    return 1;
}

/* param_i ⊇ arg_i and call ⊇ return of the callee. */
static void wire_call(rh_pt *pt, LLVMValueRef call, int callee)
{
    wire_params(pt, call, callee);
    if (!carries(pt, call))
        return;
    int c = value_node(pt, call);
    rh_pts_copy(&pt->s, c, ret_node(pt, callee), 0);
}

/* Whether the call reads argument k only as a NUL-terminated string and
 * does nothing else with it (strdup's, fopen's path).  A string holds no
 * pointer: with 8-byte pointers, whose user-space addresses have zero top
 * bytes on the targets racehunt runs on (x86-64, AArch64), no address lies
 * whole before a NUL.  So storage the call makes neither copies pointers
 * out of such an argument nor keeps one to it (a library that keeps what
 * it is given, setvbuf's buffer, is marked RH_F_KEEPS and excluded): tying
 * it to the string made every strdup'd key a hub through which unrelated
 * blocks merged. */
static int string_only_arg(rh_pt *pt, const rh_conc_entry *e, unsigned k)
{
    rh_effect ef[RH_MAX_EFFECTS];
    int n = e ? rh_libspec_effects(e, ef) : 0, seen = 0;
    if (LLVMPointerSize(pt->p->td) != 8 || (e && (e->flags & RH_F_KEEPS)))
        return 0;
    for (int i = 0; i < n; i++) {
        if (ef[i].arg != (int)k && !(ef[i].rest && ef[i].arg < (int)k))
            continue;
        if (!ef[i].read || ef[i].write || ef[i].ptrs || ef[i].size != RH_SZ_STRING)
            return 0;
        seen = 1;
    }
    return seen;
}

/* Whether e copies a NUL-terminated string (strcpy, strncpy, strcat,
 * strncat): it copies no pointer, for the reason string_only_arg gives.
 * Copying the source's pointer cells made `strcpy(s->last, s->cur)` put
 * every pointer field of the struct into its any-offset cell. */
static int string_copy(rh_pt *pt, const rh_conc_entry *e)
{
    static const char *const copies[] = {"strcpy", "strncpy", "strcat", "strncat"};
    if (LLVMPointerSize(pt->p->td) != 8)
        return 0;
    for (size_t i = 0; i < sizeof copies / sizeof copies[0]; i++)
        if (strcmp(e->name, copies[i]) == 0)
            return 1;
    return 0;
}

/* Storage the C library made (a FILE, getaddrinfo's list, tsearch's node,
 * a hidden state) holds pointers into itself and what the program gave the
 * calls that made or wrote it (tsearch's node keeps the key, reallocarray
 * copies the old block), except what a call made by e reads only as a
 * string (string_only_arg; e is NULL for a hidden state, which keeps even
 * those: putenv's); the library makes no other pointers into program
 * memory.  call: the call that made or wrote it, or NULL. */
static void library_storage(rh_pt *pt, uint32_t o, LLVMValueRef call, const rh_conc_entry *e)
{
    int cell = rh_pts_cell(&pt->s, rh_pt_loc(o, RH_PT_ANY)), self = rh_pts_new_node(&pt->s);
    rh_pts_add(&pt->s, self, rh_pt_loc(o, RH_PT_ANY));
    rh_pts_add(&pt->s, cell, rh_pt_loc(o, RH_PT_ANY));
    unsigned na = call ? (unsigned)LLVMGetNumArgOperands(call) : 0;
    for (unsigned k = 0; k < na; k++) {
        if (string_only_arg(pt, e, k))
            continue;
        int arg = value_node(pt, LLVMGetOperand(call, k));
        rh_pts_copy(&pt->s, cell, arg, RH_PT_ANY);
        rh_pts_memcpy(&pt->s, self, arg);
    }
}

/* Whether v is the address of a string literal (a constant char array,
 * through constant GEPs and casts): memory nothing may write (C11
 * 6.4.5p7) and that holds no pointer. */
static int string_literal(LLVMValueRef v)
{
    while (v && LLVMIsAConstantExpr(v) && LLVMGetNumOperands(v) > 0 &&
           (LLVMGetConstOpcode(v) == LLVMGetElementPtr || LLVMGetConstOpcode(v) == LLVMBitCast))
        v = LLVMGetOperand(v, 0);
    if (!v || !LLVMIsAGlobalVariable(v) || !LLVMIsGlobalConstant(v))
        return 0;
    LLVMTypeRef t = LLVMGlobalGetValueType(v);
    return LLVMGetTypeKind(t) == LLVMArrayTypeKind && LLVMGetTypeKind(LLVMGetElementType(t)) == LLVMIntegerTypeKind &&
           LLVMGetIntTypeWidth(LLVMGetElementType(t)) == 8;
}

/* An unknown external function may return a new object or anything its
 * arguments point to (strchr-like functions return into their argument),
 * but for string literals (a format, a key: json_pack("{s:o}", "k", v)):
 * a pointer into one only reads what nobody writes and leads to no other
 * memory, so no race and no object is lost, while giving every result of
 * the calls passed one literal that literal tied them all together. */
static void external_call(rh_pt *pt, LLVMValueRef call, int fi)
{
    if (!carries(pt, call))
        return;
    add_site_object(pt, call, RH_PT_EXTERN, fi, 0);
    unsigned na = (unsigned)LLVMGetNumArgOperands(call);
    for (unsigned i = 0; i < na; i++)
        if (!string_literal(LLVMGetOperand(call, i)))
            add_shift(pt, call, LLVMGetOperand(call, i), RH_PT_ANY);
}

static uint64_t const_arg(LLVMValueRef call, int pos)
{
    if (pos < 0 || pos >= (int)LLVMGetNumArgOperands(call))
        return 0;
    LLVMValueRef a = LLVMGetOperand(call, (unsigned)pos);
    return LLVMIsAConstantInt(a) ? LLVMConstIntGetZExtValue(a) : 0;
}

/* Whether every pointer store of the row names its sources (libspec.h's
 * "<SRC"): strtok_r's cursor points into its string or where it pointed. */
static int bounded_stores(const rh_effect *ef, int n)
{
    int stores = 0;
    for (int i = 0; i < n; i++)
        if (ef[i].ptrs && !ef[i].bounded)
            return 0;
        else
            stores |= ef[i].ptrs;
    return stores;
}

/* The pointers bounded stores write, into the call's node: anywhere into
 * the objects of the arguments named, into what the stored-to argument
 * pointed to before (a load, so strtok_r(NULL, d, &st) goes on in the
 * string st holds, not in st itself), or to a new object of the library's,
 * which holds pointers into itself only (getaddrinfo's list, asprintf's
 * string) unless it is the old one grown (getline's buffer): getaddrinfo's
 * list holding &hints and &result sent main's locals into every address
 * copied out of it. */
static void bounded_sources(rh_pt *pt, LLVMValueRef call, const rh_conc_entry *e, const rh_effect *ef,
                            int n, int fi)
{
    int nargs = (int)LLVMGetNumArgOperands(call), c = value_node(pt, call);
    for (int i = 0; i < n; i++) {
        if (!ef[i].ptrs || ef[i].arg >= nargs)
            continue;
        for (int j = 0; j < nargs && j < 10; j++)
            if ((ef[i].from_args >> j) & 1u)
                add_shift(pt, call, LLVMGetOperand(call, (unsigned)j), RH_PT_ANY);
        if (ef[i].from_old) {
            int old = rh_pts_new_node(&pt->s);
            rh_pts_load(&pt->s, old, value_node(pt, LLVMGetOperand(call, (unsigned)ef[i].arg)));
            rh_pts_copy(&pt->s, c, old, RH_PT_ANY);
        }
        if (ef[i].from_new && rh_map_get_ptr(&pt->obj_of_site, call, -1) < 0) {
            add_site_object(pt, call, RH_PT_HEAP, fi, 0);
            library_storage(pt, object_of(pt, RH_PT_HEAP, call, fi, 0), ef[i].from_old ? call : NULL, e);
        }
    }
}

/* The pointers a library call stores or copies: an effect of mode p
 * (strtol's end, getline's buffer) may store into its argument a pointer
 * anywhere into any pointer argument or to a new object, unless the row
 * bounds it (bounded_sources), which the call's own node holds; a written
 * argument gets the pointer cells of every argument the call reads
 * (copies: bcopy, mempcpy, __memcpy_chk). */
static void library_pointers(rh_pt *pt, LLVMValueRef call, const rh_conc_entry *e, int fi)
{
    rh_effect ef[RH_MAX_EFFECTS];
    int n = rh_libspec_effects(e, ef), nargs = (int)LLVMGetNumArgOperands(call), stores = 0;
    for (int i = 0; i < n; i++)
        stores |= ef[i].ptrs;
    if (stores && bounded_stores(ef, n)) {
        bounded_sources(pt, call, e, ef, n, fi);
    } else if (stores) {
        add_site_object(pt, call, RH_PT_HEAP, fi, 0);
        library_storage(pt, object_of(pt, RH_PT_HEAP, call, fi, 0), call, e);
        for (int k = 0; k < nargs; k++)
            if (LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(call, (unsigned)k))) == LLVMPointerTypeKind)
                add_shift(pt, call, LLVMGetOperand(call, (unsigned)k), RH_PT_ANY);
    }
    for (int i = 0; i < n; i++) {
        if (!ef[i].write || ef[i].arg >= nargs ||
            LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(call, (unsigned)ef[i].arg))) != LLVMPointerTypeKind)
            continue;
        LLVMValueRef dst = LLVMGetOperand(call, (unsigned)ef[i].arg);
        if (ef[i].ptrs)
            add_store(pt, dst, call);
        for (int j = 0; j < n; j++)
            if (j != i && ef[j].read && ef[j].size != RH_SZ_STRING && ef[j].arg < nargs &&
                LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(call, (unsigned)ef[j].arg))) == LLVMPointerTypeKind)
                add_memcpy(pt, dst, LLVMGetOperand(call, (unsigned)ef[j].arg));
    }
}

/* Whether the call returns one of the pointers it stores (libspec.h: a
 * row whose stores are all bounded), which its node holds already. */
static int returns_stored(const rh_conc_entry *e)
{
    rh_effect ef[RH_MAX_EFFECTS];
    return bounded_stores(ef, rh_libspec_effects(e, ef));
}

static void library_call(rh_pt *pt, LLVMValueRef call, const rh_conc_entry *e, LLVMValueRef obj, int fi)
{
    if (rh_pt_container_call(pt, call, rh_libspec_of(e), fi)) {
        if ((e->flags & RH_F_CALLBACK) && e->fn >= 0 && e->fn < (int)LLVMGetNumArgOperands(call))
            add_call(pt, LLVMGetOperand(call, (unsigned)e->fn), call, CALLBACK_CALL, -1);
        return;
    }
    library_pointers(pt, call, e, fi);
    if ((e->flags & (RH_F_CALLBACK | RH_F_REGISTER)) && e->fn >= 0 && e->fn < (int)LLVMGetNumArgOperands(call))
        add_call(pt, LLVMGetOperand(call, (unsigned)e->fn), call, CALLBACK_CALL, -1);
    const char *state = rh_model_row_state(pt->p, e);
    LLVMValueRef g = state ? rh_model_state_global(pt->p, state, (e->flags & RH_F_STATE_TLS) != 0) : NULL;
    if (g && obj)
        add_store(pt, g, obj);
    if (g)
        library_storage(pt, global_object(pt, g), e->flags & RH_F_STATE_WRITE ? call : NULL, NULL);
    if (LLVMGetTypeKind(LLVMTypeOf(call)) != LLVMPointerTypeKind)
        return;
    if (e->flags & RH_F_RET_NEW) {
        add_site_object(pt, call, RH_PT_HEAP, fi, 0);
        library_storage(pt, object_of(pt, RH_PT_HEAP, call, fi, 0), call, e);
    } else if (obj) {
        add_shift(pt, call, obj, RH_PT_ANY);
    } else if (!g && !returns_stored(e)) {
        add_site_object(pt, call, RH_PT_EXTERN, fi, 0);
    }
    if (g)
        add_load(pt, call, g); /* a kept argument (strtok's string, putenv's) */
    if (g && !obj)
        add_copy(pt, call, g);
}

/* Thread-specific values (pthread_setspecific, tss_set) go into one cell
 * that pthread_getspecific reads back and a key's destructor gets as its
 * argument.  The object is per thread (thread_local_): no thread reads
 * another's values, so storing a pointer there does not share it. */
static void tsd_call(rh_pt *pt, LLVMValueRef call, const rh_conc_entry *e, LLVMValueRef destructor)
{
    if (!pt->tsd_obj) {
        uint32_t o = unmapped_object(pt, RH_PT_EXTERN, call, -1, 0);
        pt->objs[o].origin = RH_PT_ORIGIN_TSD, pt->objs[o].thread_local_ = 1;
        pt->tsd_obj = o + 1;
    }
    int cell = rh_pts_cell(&pt->s, rh_pt_loc(pt->tsd_obj - 1, RH_PT_ANY));
    if (e->obj2 >= 0 && e->obj2 < (int)LLVMGetNumArgOperands(call))
        rh_pts_copy(&pt->s, cell, value_node(pt, LLVMGetOperand(call, (unsigned)e->obj2)), 0);
    else if (destructor)
        add_call(pt, destructor, call, 1, cell);
    else if (LLVMGetTypeKind(LLVMTypeOf(call)) == LLVMPointerTypeKind)
        rh_pts_copy(&pt->s, value_node(pt, call), cell, 0);
}

/* realloc: the result is the old block (it may stay where it was) or a
 * new one holding the old block's contents.  Only the new block receives
 * the copy: the old block keeps its own contents, and one old block is
 * never copied into another.  Copying into everything the result points
 * to made every block a realloc call site ever resized (through a shared
 * wrapper: all of them) receive every other's pointers, in their ANY
 * cells once there were many: one blob read by every load from them. */
static void realloc_call(rh_pt *pt, LLVMValueRef call, LLVMValueRef old, int fi, uint64_t size)
{
    uint32_t o = object_of(pt, RH_PT_HEAP, call, fi, size);
    rh_pts_add(&pt->s, value_node(pt, call), rh_pt_loc(o, 0));
    if (!old)
        return;
    int fresh = rh_pts_new_node(&pt->s);
    rh_pts_add(&pt->s, fresh, rh_pt_loc(o, 0));
    add_copy(pt, call, old);
    rh_pts_memcpy(&pt->s, fresh, value_node(pt, old));
}

static void table_call(rh_pt *pt, LLVMValueRef call, const rh_conc_entry *e, int fi)
{
    int nargs = (int)LLVMGetNumArgOperands(call);
    LLVMValueRef obj = e->obj >= 0 && e->obj < nargs ? LLVMGetOperand(call, (unsigned)e->obj) : NULL;
    LLVMValueRef obj2 = e->obj2 >= 0 && e->obj2 < nargs ? LLVMGetOperand(call, (unsigned)e->obj2) : NULL;
    LLVMValueRef fn = e->fn >= 0 && e->fn < nargs ? LLVMGetOperand(call, (unsigned)e->fn) : NULL;
    switch (e->op) {
    case RH_OP_ALLOC:
        rh_pt_alloc_site(pt, call, fi, const_arg(call, e->size));
        return;
    case RH_OP_CALLOC:
        rh_pt_alloc_site(pt, call, fi, const_arg(call, e->obj) * const_arg(call, e->size));
        return;
    case RH_OP_REALLOC:
        realloc_call(pt, call, obj, fi, const_arg(call, e->size));
        return;
    case RH_OP_MEMORY:
        if (rh_libspec_of(e)) {
            library_call(pt, call, e, obj, fi);
            return;
        }
        if (obj && obj2 && (e->flags & RH_F_OBJ_WRITE) && (e->flags & RH_F_OBJ2_READ) && !string_copy(pt, e))
            add_memcpy(pt, obj, obj2);
        /* a memory function returning an integer (strlen, memcmp) returns a
         * length or an order, never an address: giving it its argument's
         * set made every length of a string point to the string, and every
         * counter it was added to, and every array indexed by one */
        if (obj && LLVMGetTypeKind(LLVMTypeOf(call)) == LLVMPointerTypeKind)
            add_shift(pt, call, obj, RH_PT_ANY);
        return;
    case RH_OP_TSD:
        tsd_call(pt, call, e, fn);
        return;
    case RH_OP_THREAD_JOIN:
    case RH_OP_THREAD_EXIT:
        thread_result_call(pt, call, e);
        return;
    case RH_OP_THREAD_CREATE:
    case RH_OP_ONCE:
        if (!fn)
            return;
        add_call(pt, fn, call, 1, e->op == RH_OP_THREAD_CREATE && obj2 ? value_node(pt, obj2) : -1);
        return;
    default:
        /* Known library functions that return pointers either pass an
         * argument through or, without arguments (errno's location, stack
         * save), return memory private to the calling thread. */
        if (LLVMGetTypeKind(LLVMTypeOf(call)) != LLVMPointerTypeKind)
            return;
        if (nargs == 0) {
            add_site_object(pt, call, RH_PT_EXTERN, fi, 0);
            pt->objs[pt->nobjs - 1].thread_local_ = 1;
        }
        for (int i = 0; i < nargs; i++) /* e.g. llvm.threadlocal.address returns its argument */
            add_copy(pt, call, LLVMGetOperand(call, (unsigned)i));
        return;
    }
}

static void scan_call(rh_pt *pt, LLVMValueRef call, int fi)
{
    const rh_conc_entry *e = rh_model_call_entry(pt->p, call);
    LLVMValueRef callee = rh_model_called_function(call);
    int ci = callee ? rh_pt_func_index(pt, callee) : -1;
    if (varargs_call(pt, call, callee, fi))
        return;
    if (e && e->op == RH_OP_ATOMIC_CALL && ci >= 0)
        wire_call(pt, call, ci);
    else if (e)
        table_call(pt, call, e, fi);
    else if (ci >= 0 && rh_pt_wrapper_site(pt, ci))
        wire_params(pt, call, ci), rh_pt_alloc_site(pt, call, fi, 0);
    else if (ci >= 0 && rh_pt_alloc_direct(pt, call, fi, ci))
        return;
    else if (ci >= 0)
        wire_call(pt, call, ci);
    else if (callee)
        external_call(pt, call, fi);
    else
        add_call(pt, LLVMGetCalledValue(call), call, 0, -1);
}

/* Whether v is an address turned into an integer.  The difference of two
 * (p - q, `sub (ptrtoint p), (ptrtoint q)`) is a distance, not an address
 * (C11 6.5.6p9: a ptrdiff_t): a pointer made from it again gets its object
 * from the base it is added to, which carries its own set.  Giving the
 * difference the sets of p and q made every length computed from one,
 * and every counter it was added to, point to both; on a real program
 * that web of pointer-wide integers reached every array indexed by one. */
static int is_address_cast(LLVMValueRef v)
{
    return (LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == LLVMPtrToInt) ||
           (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMPtrToInt);
}

static void scan_cast_or_arith(rh_pt *pt, LLVMValueRef in, LLVMOpcode op)
{
    int n = LLVMGetNumOperands(in);
    int keep = op == LLVMBitCast || op == LLVMAddrSpaceCast || op == LLVMPtrToInt ||
               op == LLVMIntToPtr || op == LLVMZExt || op == LLVMSExt || op == LLVMTrunc ||
               op == LLVMFreeze;
    if (!carries(pt, in))
        return;
    /* an address turned into an integer and moved by a constant
     * (`(uintptr_t)p + off`, container_of's `- off`) keeps its object,
     * shifted like a GEP; only right at the ptrtoint, so integer counters
     * never shift (they would pile up offsets) */
    for (int i = 0; (op == LLVMAdd || op == LLVMSub) && n == 2 && i < 2; i++) {
        LLVMValueRef c = LLVMGetOperand(in, (unsigned)(1 - i)), v = LLVMGetOperand(in, (unsigned)i);
        int64_t k = LLVMIsAConstantInt(c) && LLVMIsAPtrToIntInst(v) ? LLVMConstIntGetSExtValue(c) : INT64_MAX;
        if (k > -(1 << 30) && k < (1 << 30) && (op == LLVMAdd || i == 0)) {
            add_shift(pt, in, v, (int32_t)(op == LLVMAdd ? k : -k));
            return;
        }
    }
    if (op == LLVMSub) /* an address minus a number; never a number minus an address */
        n = is_address_cast(LLVMGetOperand(in, 0)) && is_address_cast(LLVMGetOperand(in, 1)) ? 0 : 1;
    for (int i = 0; i < n; i++) {
        LLVMValueRef o = LLVMGetOperand(in, (unsigned)i);
        if (LLVMIsAConstantInt(o))
            continue;
        add_shift(pt, in, o, keep ? 0 : RH_PT_ANY);
    }
}

/* A load or store through ptr, element by element when ptr indexes a
 * small array inside an object (pt_elements.h): each element's cell at
 * its constant offset instead of every cell of the object. */
static int by_elements(rh_pt *pt, LLVMValueRef ptr, int val, int is_load)
{
    int64_t first, stride;
    int count;
    if (!LLVMIsAGetElementPtrInst(ptr) || !rh_pt_elements(pt->p->td, ptr, &first, &stride, &count))
        return 0;
    int base = value_node(pt, LLVMGetOperand(ptr, 0));
    for (int k = 0; k < count; k++) {
        int at = rh_pts_new_node(&pt->s);
        rh_pts_copy(&pt->s, at, base, rh_pt_clamp_off(first + k * stride));
        if (is_load)
            rh_pts_load(&pt->s, val, at);
        else
            rh_pts_store(&pt->s, at, val);
    }
    return 1;
}

/* A load or store through a pointer at an unknown index inside an array
 * (array_window): through a window cell of the array's bytes
 * (rh_pts_store_window), not the object's ANY cell, so that a table of
 * pointers inside a struct (`srv->workers[i] = w`) does not make every
 * field of the struct point to every worker. */
static int by_window(rh_pt *pt, LLVMValueRef ptr, int val, int is_load)
{
    LLVMValueRef base;
    int64_t lo, hi;
    if (!rh_pt_array_window(pt, ptr, &base, &lo, &hi) || lo <= -(INT32_MAX / 2) || hi >= INT32_MAX / 2)
        return 0;
    if (is_load)
        rh_pts_load_window(&pt->s, val, value_node(pt, base), (int32_t)lo, (int32_t)hi);
    else
        rh_pts_store_window(&pt->s, value_node(pt, base), val, (int32_t)lo, (int32_t)hi);
    return 1;
}

static void scan_memop(rh_pt *pt, LLVMValueRef in, LLVMOpcode op)
{
    LLVMValueRef ptr = LLVMGetOperand(in, op == LLVMStore ? 1 : 0);
    switch (op) {
    case LLVMLoad:
        if (carries(pt, in) && !by_elements(pt, ptr, value_node(pt, in), 1) &&
            !by_window(pt, ptr, value_node(pt, in), 1))
            add_load(pt, in, ptr);
        return;
    case LLVMStore:
        if (carries(pt, LLVMGetOperand(in, 0)) && !by_elements(pt, ptr, value_node(pt, LLVMGetOperand(in, 0)), 0) &&
            !by_window(pt, ptr, value_node(pt, LLVMGetOperand(in, 0)), 0))
            add_store(pt, ptr, LLVMGetOperand(in, 0));
        return;
    default: /* atomicrmw, cmpxchg: read the old value and write a new one */
        if (!carries(pt, LLVMGetOperand(in, LLVMGetNumOperands(in) - 1)))
            return;
        add_load(pt, in, LLVMGetOperand(in, 0));
        for (int i = 1; i < LLVMGetNumOperands(in); i++)
            add_store(pt, LLVMGetOperand(in, 0), LLVMGetOperand(in, (unsigned)i));
        return;
    }
}

/* Whether a GEP's base names no object the analysis tracks (null, a
 * constant address): only then can its index be where the address comes
 * from ((char *)0 + addr).  Pointer arithmetic on a real pointer stays in
 * the pointer's object (C11 6.5.6p8), whatever the index held: were the
 * index's set added too, every pointer-wide counter that a pointer
 * difference ever reached would make every array indexed by a counter
 * point to everything. */
static int gep_base_untracked(LLVMValueRef base)
{
    return LLVMIsAConstant(base) && !LLVMIsAGlobalValue(base) &&
           !(LLVMIsAConstantExpr(base) && LLVMGetTypeKind(LLVMTypeOf(base)) == LLVMPointerTypeKind &&
             LLVMGetConstOpcode(base) != LLVMIntToPtr);
}

/* Instructions that produce pointers from nothing the analysis tracks. */
static void untracked(rh_pt *pt, LLVMValueRef in)
{
    if (LLVMGetTypeKind(LLVMTypeOf(in)) != LLVMPointerTypeKind)
        return;
    if (!pt->untracked++)
        pt->first_untracked = in;
}

static void scan_inst(rh_pt *pt, LLVMValueRef in, int fi)
{
    LLVMOpcode op = LLVMGetInstructionOpcode(in);
    switch (op) {
    case LLVMAlloca: {
        LLVMValueRef cnt = LLVMGetOperand(in, 0);
        uint64_t n = LLVMIsAConstantInt(cnt) ? LLVMConstIntGetZExtValue(cnt) : 0;
        uint32_t o = object_of(pt, RH_PT_LOCAL, in, fi, n * rh_pt_type_size(pt, LLVMGetAllocatedType(in)));
        rh_pts_add(&pt->s, value_node(pt, in), rh_pt_loc(o, 0));
        return;
    }
    case LLVMGetElementPtr: {
        int64_t off;
        if (!rh_pt_gep_offset(pt, in, &off))
            off = rh_pt_gep_residue(pt->p->td, in);
        add_shift(pt, in, LLVMGetOperand(in, 0), (int32_t)off);
        if (!gep_base_untracked(LLVMGetOperand(in, 0)))
            return;
        for (int i = 1; i < LLVMGetNumOperands(in); i++) /* integers holding addresses */
            if (!LLVMIsAConstant(LLVMGetOperand(in, (unsigned)i)))
                add_shift(pt, in, LLVMGetOperand(in, (unsigned)i), RH_PT_ANY);
        return;
    }
    case LLVMLoad: case LLVMStore: case LLVMAtomicRMW: case LLVMAtomicCmpXchg:
        scan_memop(pt, in, op);
        return;
    case LLVMPHI: /* nothing along an edge no execution takes (pt_edges.h) */
        for (unsigned i = 0; carries(pt, in) && i < LLVMCountIncoming(in); i++)
            if (rh_pt_edge_taken(pt, LLVMGetIncomingBlock(in, i), LLVMGetInstructionParent(in)))
                add_copy(pt, in, LLVMGetIncomingValue(in, i));
        return;
    case LLVMSelect:
        if (carries(pt, in))
            add_copy(pt, in, LLVMGetOperand(in, 1)), add_copy(pt, in, LLVMGetOperand(in, 2));
        return;
    case LLVMExtractValue: case LLVMInsertValue:
        /* aggregates are field-insensitive: a value stands for all its fields */
        for (int i = 0; carries(pt, in) && i < LLVMGetNumOperands(in); i++)
            add_copy(pt, in, LLVMGetOperand(in, (unsigned)i));
        return;
    case LLVMRet:
        if (LLVMGetNumOperands(in) == 1 && carries(pt, LLVMGetOperand(in, 0)))
            rh_pts_copy(&pt->s, ret_node(pt, fi), value_node(pt, LLVMGetOperand(in, 0)), 0);
        return;
    case LLVMCall:
        scan_call(pt, in, fi);
        return;
    case LLVMBitCast: case LLVMAddrSpaceCast: case LLVMPtrToInt: case LLVMIntToPtr:
    case LLVMZExt: case LLVMSExt: case LLVMTrunc: case LLVMFreeze:
    case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMAnd: case LLVMOr: case LLVMXor:
    case LLVMShl: case LLVMLShr: case LLVMAShr: case LLVMUDiv: case LLVMSDiv: case LLVMURem:
    case LLVMSRem:
        scan_cast_or_arith(pt, in, op);
        return;
    default:
        untracked(pt, in);
        return;
    }
}

/* Pointers stored in a global's initializer become its cells' contents. */
static void scan_initializer(rh_pt *pt, uint32_t obj, LLVMValueRef c, int64_t base, int depth)
{
    if (!c || depth > 32 || LLVMIsAConstantDataSequential(c) || LLVMIsAConstantAggregateZero(c))
        return;
    LLVMTypeRef t = LLVMTypeOf(c);
    LLVMTypeKind k = LLVMGetTypeKind(t);
    if (k == LLVMStructTypeKind || k == LLVMArrayTypeKind) {
        int n = LLVMGetNumOperands(c);
        for (int i = 0; i < n; i++) {
            int64_t off = k == LLVMStructTypeKind
                              ? (int64_t)LLVMOffsetOfElement(pt->p->td, t, (unsigned)i)
                              : i * (int64_t)rh_pt_type_size(pt, LLVMGetElementType(t));
            scan_initializer(pt, obj, LLVMGetOperand(c, (unsigned)i), base + off, depth + 1);
        }
        return;
    }
    rh_sset s = {0};
    const_pts(pt, c, &s, 0);
    if (s.n) {
        int cn = rh_pts_cell(&pt->s, rh_pt_loc(obj, rh_pt_clamp_off(base)));
        for (uint32_t i = 0; i < s.n; i++)
            rh_pts_add(&pt->s, cn, s.v[i]);
    }
    rh_sset_free(&s);
}

/* A library callback gets pointers into what the library call was given
 * (qsort's comparator: two elements of the array): each pointer
 * parameter ⊇ every pointer argument of the call, at any offset. */
static void wire_callback(rh_pt *pt, LLVMValueRef call, int callee)
{
    if (rh_pt_container_callback(pt, call, rh_libspec_of(rh_model_call_entry(pt->p, call)), callee))
        return;
    LLVMValueRef fn = pt->p->funcs[callee].fn;
    unsigned np = LLVMCountParams(fn), na = (unsigned)LLVMGetNumArgOperands(call);
    for (unsigned i = 0; i < np; i++)
        for (unsigned k = 0; k < na; k++) {
            LLVMValueRef prm = LLVMGetParam(fn, i), a = LLVMGetOperand(call, k);
            if (LLVMGetTypeKind(LLVMTypeOf(prm)) == LLVMPointerTypeKind &&
                LLVMGetTypeKind(LLVMTypeOf(a)) == LLVMPointerTypeKind && !LLVMIsAFunction(a))
                add_shift(pt, prm, a, RH_PT_ANY);
        }
}

/* The solver found function object o in the pointer of call record id. */
static void on_call(void *ctx, int id, uint32_t o)
{
    rh_pt *pt = ctx;
    rh_pt_call c = pt->calls.items[id];
    int fi = pt->objs[o].func;
    if (c.create == CALLBACK_CALL && fi >= 0)
        wire_callback(pt, c.inst, fi);
    else if (c.create == CALLBACK_CALL)
        return;
    else if (!c.create && rh_pt_alloc_indirect(pt, c.inst, rh_pt_func_index(pt, LLVMGetBasicBlockParent(
                                                               LLVMGetInstructionParent(c.inst))), o))
        return;
    else if (!c.create && fi >= 0)
        wire_call(pt, c.inst, fi);
    else if (!c.create)
        external_call(pt, c.inst, -1);
    else if (fi >= 0 && c.arg >= 0 && LLVMCountParams(pt->p->funcs[fi].fn) > 0)
        rh_pts_copy(&pt->s, value_node(pt, LLVMGetParam(pt->p->funcs[fi].fn, 0)), c.arg, 0);
    const rh_conc_entry *e = c.create && fi >= 0 ? rh_model_call_entry(pt->p, c.inst) : NULL;
    if (e && e->op == RH_OP_THREAD_CREATE) /* a thread's result (not pthread_once's routine's) */
        rh_pts_copy(&pt->s, results_node(pt), ret_node(pt, fi), 0);
}

/* main's argv and envp point to a vector the C runtime made, whose
 * elements point to the strings (one object each: vector, strings).
 * Returns argv's strings object, or UINT32_MAX. */
static uint32_t program_arguments(rh_pt *pt)
{
    LLVMValueRef fn = LLVMGetNamedFunction(pt->p->mod, "main");
    int fi = fn ? rh_pt_func_index(pt, fn) : -1;
    uint32_t argv_strings = UINT32_MAX;
    for (unsigned i = 1; fi >= 0 && i < 3 && i < LLVMCountParams(fn); i++) {
        LLVMValueRef prm = LLVMGetParam(fn, i);
        if (LLVMGetTypeKind(LLVMTypeOf(prm)) != LLVMPointerTypeKind)
            continue;
        uint32_t vec = new_object(pt, RH_PT_EXTERN, prm, fi, 0), strs = new_object(pt, RH_PT_EXTERN, prm, fi, 0);
        rh_pts_add(&pt->s, value_node(pt, prm), rh_pt_loc(vec, 0));
        rh_pts_add(&pt->s, rh_pts_cell(&pt->s, rh_pt_loc(vec, RH_PT_ANY)), rh_pt_loc(strs, 0));
        if (i == 1)
            argv_strings = strs;
    }
    return argv_strings;
}

/* The C library's variables the program reads (libspec.h): optarg points
 * into the argument strings (anywhere: "-n5" gives "5"), stdout and
 * tzname into storage of the library's own, one object per variable. */
static void library_variables(rh_pt *pt, uint32_t argv_strings)
{
    for (LLVMValueRef g = LLVMGetFirstGlobal(pt->p->mod); g; g = LLVMGetNextGlobal(g)) {
        size_t len;
        rh_libvar_kind k = LLVMIsDeclaration(g) ? rh_libspec_variable(LLVMGetValueName2(g, &len)) : RH_LIBVAR_NONE;
        if (k == RH_LIBVAR_NONE)
            continue;
        uint32_t to = argv_strings;
        if (k == RH_LIBVAR_STORAGE || to == UINT32_MAX) {
            to = unmapped_object(pt, RH_PT_EXTERN, g, -1, 0);
            pt->objs[to].origin = RH_PT_ORIGIN_LIBVAR;
            library_storage(pt, to, NULL, NULL);
        }
        rh_pts_add(&pt->s, rh_pts_cell(&pt->s, rh_pt_loc(global_object(pt, g), RH_PT_ANY)), rh_pt_loc(to, RH_PT_ANY));
    }
}

/* The builders pt_alloc.c uses (pt_alloc.h). */
int rh_ptb_value_node(rh_pt *pt, LLVMValueRef v)
{
    return value_node(pt, v);
}

int rh_ptb_ret_node(rh_pt *pt, int func)
{
    return ret_node(pt, func);
}

uint32_t rh_ptb_object(rh_pt *pt, rh_pt_kind kind, LLVMValueRef site, int func, uint64_t size, int mapped)
{
    return mapped ? object_of(pt, kind, site, func, size) : unmapped_object(pt, kind, site, func, size);
}

void rh_ptb_wire_params(rh_pt *pt, LLVMValueRef call, int callee)
{
    wire_params(pt, call, callee);
}

/* The functions that can run at all: main, the constructors and
 * destructors, every function whose address escapes (it may be called
 * through a pointer, as a thread or by a library), and what those call
 * directly.  Only their code gets constraints: real programs carry whole
 * libraries of which main uses a part, and code that never runs cannot
 * change what the running code points to.  (Rapid type analysis in
 * spirit: a function is live once its address is, not once some pointer
 * provably holds it, which would need the solution first.) */
static unsigned char *live_functions(rh_program *p)
{
    unsigned char *live = rh_xcalloc((size_t)p->nfuncs + 1, 1);
    int *work = rh_xmalloc(((size_t)p->nfuncs + 1) * sizeof *work), n = 0;
    for (int f = 0; f < p->nfuncs; f++) {
        size_t len;
        const char *name = LLVMGetValueName2(p->funcs[f].fn, &len);
        if (f == p->main_func || rh_model_address_taken(p->funcs[f].fn) || strcmp(name, "main") == 0)
            live[f] = 1, work[n++] = f;
    }
    while (n > 0) {
        const rh_function *fn = &p->funcs[work[--n]];
        for (int i = 0; i < fn->ncallees; i++)
            if (!live[fn->callees[i]])
                live[fn->callees[i]] = 1, work[n++] = fn->callees[i];
    }
    free(work);
    return live;
}

int rh_pt_build(rh_pt *pt, rh_program *p, rh_budget *budget)
{
    memset(pt, 0, sizeof *pt);
    pt->p = p;
    rh_pts_init(&pt->s, on_call, pt);
    pt->results_node = -1;
    pt->ret_node = rh_xmalloc((size_t)(p->nfuncs + 1) * sizeof *pt->ret_node);
    for (int i = 0; i < p->nfuncs; i++) {
        pt->ret_node[i] = -1;
        rh_map_put_ptr(&pt->func_of_value, p->funcs[i].fn, i + 1);
    }
    for (LLVMValueRef g = LLVMGetFirstGlobal(p->mod); g; g = LLVMGetNextGlobal(g)) {
        uint32_t o = global_object(pt, g);
        if (!LLVMIsDeclaration(g))
            scan_initializer(pt, o, LLVMGetInitializer(g), 0, 0);
    }
    library_variables(pt, program_arguments(pt));
    pt->wrapper = rh_xcalloc((size_t)p->nfuncs + 1, 1);
    pt->wrapper_site = rh_xcalloc((size_t)p->nfuncs + 1, sizeof *pt->wrapper_site);
    pt->wrapper_depth = rh_xcalloc((size_t)p->nfuncs + 1, 1);
    rh_pt_alloc_init(pt);
    unsigned char *live = live_functions(p);
    for (int fi = 0; fi < p->nfuncs; fi++)
        for (LLVMBasicBlockRef b = live[fi] ? LLVMGetFirstBasicBlock(p->funcs[fi].fn) : NULL; b;
             b = LLVMGetNextBasicBlock(b))
            for (LLVMValueRef in = LLVMGetFirstInstruction(b); in; in = LLVMGetNextInstruction(in))
                scan_inst(pt, in, fi);
    free(live);
    return rh_pts_solve(&pt->s, budget);
}

void rh_pt_free(rh_pt *pt)
{
    rh_pt_alloc_free(pt);
    free(pt->objs);
    rh_pts_free(&pt->s);
    rh_vec_free(&pt->calls);
    free(pt->ret_node);
    free(pt->wrapper), free(pt->wrapper_site), free(pt->wrapper_depth), free(pt->varargs_obj);
    rh_map_free(&pt->obj_of_site);
    rh_map_free(&pt->node_of_value);
    rh_map_free(&pt->func_of_value);
    rh_map_free(&pt->block_live);
    memset(pt, 0, sizeof *pt);
}

const rh_sset *rh_pt_of(rh_pt *pt, LLVMValueRef v)
{
    int n = value_node(pt, v);
    return rh_pts_set(&pt->s, n);
}

int rh_pt_func_index(const rh_pt *pt, LLVMValueRef fn)
{
    return fn ? (int)rh_map_get_ptr(&pt->func_of_value, fn, 0) - 1 : -1;
}
