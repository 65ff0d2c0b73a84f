/* bmc_call.c - calls in the bounded program.  Functions with bodies are
 * inlined (recursion bounded by --unwind, indirect calls dispatched over the
 * functions the pointer can equal); everything else means what the
 * concurrency table says (rh_model_call_entry) and becomes positions:
 * thread creation and join, locks, condition variables (with spurious
 * wake-ups), barriers, semaphores, once, atomic sections, nondeterministic
 * inputs, assumptions, memory functions; thread-specific data is in
 * bmc_tsd.c, named semaphores and happens-before annotations in
 * bmc_named.c.  An external call the table does not describe ends the path
 * with a note: its effect is unknown, and a guessed effect could make a
 * race up.
 */
#include "bmc_walk.h"
#include "util/util.h"
#include "model/libspec.h"
#include "model/model_lib.h"

#include <stdio.h>
#include <string.h>

#define MAX_TARGETS 32

typedef struct target {
    LLVMValueRef fn;
    Z3_ast guard;
} target;

static Z3_ast arg(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, int k)
{
    if (k < 0 || k >= (int)LLVMGetNumArgOperands(call))
        return NULL;
    return rh_bmc_value(w, st, LLVMGetOperand(call, (unsigned)k));
}

/* Argument k, or NULL once the path has ended with a note that the call's
 * `what` is unknown (no term for the argument). */
static Z3_ast known_arg(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, int k, const char *what)
{
    Z3_ast v = arg(w, st, call, k);
    if (!v)
        rh_bmc_unsupported_kill(w, st, call, what);
    return v;
}

static unsigned result_bits(rh_bmc_walk *w, LLVMValueRef call)
{
    return rh_bmc_type_bits(w->c, LLVMTypeOf(call));
}

static void set_result(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, Z3_ast v)
{
    unsigned bits = result_bits(w, call);
    if (bits && v)
        rh_bmc_state_set(st, call, rh_bmc_resize(w->c, v, bits, 1));
}

static void set_int_result(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, uint64_t v)
{
    unsigned bits = result_bits(w, call);
    if (bits)
        rh_bmc_state_set(st, call, rh_bmc_bv(w->c, v, bits));
}

/* The functions with bodies a callee operand can be, each with its guard;
 * the guard of "none of them" is returned in *rest.  A pointer call site
 * only dispatches to functions of its own type (fty; NULL: any function of
 * nargs parameters): a function of another type is still a possible value
 * of the pointer, so it stays in *rest and ends the path with a note
 * instead of being inlined with mismatched arguments; so does a function
 * whose address the program never takes (a worker's job pointer is not
 * every void(void *) function of the program). */
static int resolve(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef callee, LLVMTypeRef fty,
                   unsigned nargs, target *out, Z3_ast *rest)
{
    rh_bmc_ctx *c = w->c;
    *rest = rh_bmc_false(c);
    LLVMValueRef f = LLVMIsAFunction(callee) ? callee : NULL;
    if (!f && LLVMIsAConstantExpr(callee) && LLVMIsAFunction(LLVMGetOperand(callee, 0)))
        f = LLVMGetOperand(callee, 0);
    if (f) {
        out[0].fn = f, out[0].guard = st->guard;
        return 1;
    }
    Z3_ast fp = rh_bmc_value(w, st, callee);
    if (!fp) {
        *rest = st->guard;
        return 0;
    }
    int n = 0;
    Z3_ast none = st->guard;
    for (int i = 0; i < c->nobjs && n < MAX_TARGETS; i++) {
        LLVMValueRef g = c->objs[i].val;
        if (!g || c->objs[i].kind != RH_BMC_O_FUNCTION || LLVMIsDeclaration(g) ||
            LLVMCountParams(g) != nargs || (fty && LLVMGlobalGetValueType(g) != fty) ||
            !rh_model_address_taken(g))
            continue;
        Z3_ast eq = rh_bmc_fold(c, Z3_mk_eq(c->z, fp, rh_bmc_bv(c, c->objs[i].addr, c->aw)));
        Z3_ast gi = rh_bmc_and(c, st->guard, eq);
        none = rh_bmc_and(c, none, rh_bmc_not(c, eq));
        if (!rh_bmc_is_false(c, gi))
            out[n].fn = g, out[n++].guard = gi;
    }
    *rest = none;
    return n;
}

static int recursion_depth(rh_bmc_walk *w, LLVMValueRef fn)
{
    int d = 0;
    for (rh_bmc_frame *f = w->frame; f; f = f->up)
        d += f->fn == fn;
    return d;
}

/* Inlines a defined function under st's guard (atomically for
 * __VERIFIER_atomic_* functions). */
static int call_body(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, LLVMValueRef fn,
                     int atomic, Z3_ast *ret)
{
    rh_bmc_ctx *c = w->c;
    *ret = NULL;
    if (LLVMIsFunctionVarArg(LLVMGlobalGetValueType(fn))) {
        rh_bmc_unsupported_kill(w, st, call, "a call of a variadic function");
        return 0;
    }
    if (recursion_depth(w, fn) > (int)c->unwind) {
        rh_bmc_kill(w, st, call, RH_BMC_PF_CUT, "recursion bound");
        return 0;
    }
    unsigned n = LLVMGetNumArgOperands(call);
    Z3_ast args[32];
    if (n > 32) {
        rh_bmc_unsupported_kill(w, st, call, "a call with more than 32 arguments");
        return 0;
    }
    for (unsigned k = 0; k < n; k++)
        args[k] = rh_bmc_value(w, st, LLVMGetOperand(call, k));
    if (atomic) {
        st->atomic++;
        rh_bmc_emit(w, st, RH_BMC_P_NOP, call, "atomic begin");
    }
    int rc = rh_bmc_inline(w, st, fn, args, n, ret);
    if (atomic && rc == 0) {
        st->atomic--;
        rh_bmc_emit(w, st, RH_BMC_P_NOP, call, "atomic end");
    }
    return rc;
}

static int call_defined(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, int atomic)
{
    rh_bmc_ctx *c = w->c;
    target t[MAX_TARGETS];
    Z3_ast rest;
    int n = resolve(w, st, LLVMGetCalledValue(call), LLVMGetCalledFunctionType(call),
                    LLVMGetNumArgOperands(call), t, &rest);
    if (n == 1 && Z3_is_eq_ast(c->z, t[0].guard, st->guard)) {
        Z3_ast ret;
        int rc = call_body(w, st, call, t[0].fn, atomic, &ret);
        set_result(w, st, call, ret);
        return rc;
    }
    Z3_ast guard = rh_bmc_false(c), val = NULL;
    int atomic_after = st->atomic;
    for (int i = 0; i < n; i++) {
        rh_bmc_state tmp;
        rh_bmc_state_copy(&tmp, st);
        tmp.guard = t[i].guard;
        Z3_ast ret;
        int rc = call_body(w, &tmp, call, t[i].fn, atomic, &ret);
        if (!rc && ret && (!val || rh_bmc_width(c, ret) == rh_bmc_width(c, val)))
            val = val ? rh_bmc_ite(c, tmp.guard, ret, val) : ret;
        guard = rh_bmc_or(c, guard, tmp.guard);
        atomic_after = tmp.atomic;
        rh_bmc_state_free(&tmp);
        if (rc)
            return rc;
    }
    st->guard = rest;
    rh_bmc_unsupported_kill(w, st, call, "an indirect call whose target is not known");
    st->guard = guard;
    st->atomic = atomic_after;
    set_result(w, st, call, val);
    return 0;
}

/* pthread_create: a new thread instance per create node (and per possible
 * start routine when it is a pointer). */
static int call_create(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call,
                       const rh_conc_entry *e)
{
    rh_bmc_ctx *c = w->c;
    Z3_ast handle = arg(w, st, call, e->obj), a = e->obj2 >= 0 ? arg(w, st, call, e->obj2) : NULL;
    target t[MAX_TARGETS];
    Z3_ast rest;
    int n = e->fn >= 0 && e->fn < (int)LLVMGetNumArgOperands(call)
                ? resolve(w, st, LLVMGetOperand(call, (unsigned)e->fn), NULL, 1, t, &rest)
                : 0;
    if (!handle || n == 0) {
        rh_bmc_unsupported_kill(w, st, call, "a thread creation the bmc engine cannot resolve");
        return 0;
    }
    Z3_ast guard = st->guard;
    for (int i = 0; i < n; i++) {
        if (c->nthreads == RH_BMC_MAX_THREADS) {
            st->guard = t[i].guard;
            rh_bmc_kill(w, st, call, RH_BMC_PF_CUT, "thread instance bound");
            continue;
        }
        int nt = c->nthreads++;
        rh_bmc_thread *th = &c->threads[nt];
        memset(th, 0, sizeof *th);
        th->func = rh_model_func_index(c->prog, t[i].fn);
        th->idle = c->thread_cap > 0 && nt >= c->thread_cap;
        c->idle_threads += th->idle;
        th->parent = w->thread;
        th->arg = a;
        st->guard = t[i].guard;
        th->create_pos = rh_bmc_emit(w, st, RH_BMC_P_CREATE, call, "create");
        rh_bmc_pos *p = rh_bmc_posp(w, th->create_pos);
        p->addr = handle;
        p->size = c->aw / 8;
        p->len = rh_bmc_bv(c, p->size, c->aw);
        p->thread = nt;
        if (th->func < 0) {
            c->nthreads--;
            rh_bmc_unsupported_kill(w, st, call, "a thread whose start routine has no body");
        }
    }
    st->guard = rest;
    rh_bmc_unsupported_kill(w, st, call, "a thread start routine that is not known");
    st->guard = guard;
    set_int_result(w, st, call, 0);
    return 0;
}

/* What a try or timed wait returns when it fails, as its family says:
 * C11 answers thrd_busy (1) or thrd_timedout (4), a semaphore -1 (with
 * errno, which bmc does not encode: call_pure), pthreads EBUSY or
 * ETIMEDOUT.  A program branches on these values, so they must be real. */
static unsigned fail_code(const rh_conc_entry *e, rh_bmc_pkind k, int timed)
{
    if (k == RH_BMC_P_SEM_WAIT)
        return 0xffffffffu;
    if (rh_conc_c11(e))
        return timed ? 4 : 1;
    return timed ? 110 : 16;
}

static int emit_lock(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, Z3_ast obj,
                     rh_bmc_pkind k, unsigned flags, const char *what)
{
    int i = rh_bmc_emit(w, st, k, call, what);
    rh_bmc_pos *p = rh_bmc_posp(w, i);
    p->addr = obj;
    p->flags |= flags;
    if (flags & (RH_BMC_PF_TRY | RH_BMC_PF_TIMED)) {
        p->out = rh_bmc_fresh(w->c, "try", 32);
        p->fail = fail_code(rh_model_call_entry(w->c->prog, call), k, (flags & RH_BMC_PF_TIMED) != 0);
    }
    return i;
}

/* A lock or semaphore wait; the try and timed forms may fail and return
 * their outcome as the call's result (then 1 is returned: result set). */
static int acquire(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, Z3_ast obj, rh_bmc_pkind k,
                   unsigned flags, const char *what)
{
    int i = emit_lock(w, st, call, obj, k, flags, what);
    if (!(flags & (RH_BMC_PF_TRY | RH_BMC_PF_TIMED)))
        return 0;
    set_result(w, st, call, rh_bmc_posp(w, i)->out);
    return 1;
}

static void call_join(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, const rh_conc_entry *e)
{
    rh_bmc_ctx *c = w->c;
    Z3_ast h = known_arg(w, st, call, e->obj, "a join of an unknown thread handle");
    if (!h)
        return;
    /* a join that may fail (pthread_tryjoin_np, pthread_timedjoin_np)
     * joins on a free choice, else fails at once: failing while the
     * thread has already ended only delays its end in the schedule */
    Z3_ast g = st->guard, joined = NULL;
    if (e->flags & (RH_F_TRY | RH_F_TIMED)) {
        joined = rh_bmc_fresh(c, "joined", 0);
        st->guard = rh_bmc_and(c, g, joined);
    }
    int i = rh_bmc_emit(w, st, RH_BMC_P_JOIN, call, "join");
    rh_bmc_pos *p = rh_bmc_posp(w, i);
    p->val = h;
    /* the start routine's result is written through the second argument */
    LLVMValueRef out = LLVMGetNumArgOperands(call) > 1 ? LLVMGetOperand(call, 1) : NULL;
    if (out && !LLVMIsAConstantPointerNull(out))
        p->addr2 = rh_bmc_value(w, st, out);
    if (joined) {
        st->guard = g;
        unsigned fail = e->flags & RH_F_TRY ? 16 /* EBUSY */ : 110 /* ETIMEDOUT */;
        set_result(w, st, call, rh_bmc_ite(c, joined, rh_bmc_bv(c, 0, 32), rh_bmc_bv(c, fail, 32)));
        return;
    }
    set_int_result(w, st, call, 0);
}

static void call_barrier_wait(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, Z3_ast obj)
{
    rh_bmc_ctx *c = w->c;
    int i = rh_bmc_emit(w, st, RH_BMC_P_BAR_ARRIVE, call, "barrier arrive");
    rh_bmc_pos *p = rh_bmc_posp(w, i);
    p->addr = obj;
    p->out = rh_bmc_fresh(c, "bar", 32);
    p->out2 = rh_bmc_fresh(c, "barn", 32);
    Z3_ast old = p->out, n = p->out2;
    /* this thread leaves once its generation is complete */
    Z3_ast target = Z3_mk_bvmul(c->z, Z3_mk_bvadd(c->z, Z3_mk_bvudiv(c->z, old, n), rh_bmc_bv(c, 1, 32)), n);
    i = rh_bmc_emit(w, st, RH_BMC_P_BAR_WAIT, call, "barrier wait");
    p = rh_bmc_posp(w, i);
    p->addr = obj;
    p->val = target;
    Z3_ast last = Z3_mk_eq(c->z, Z3_mk_bvurem(c->z, old, n), Z3_mk_bvsub(c->z, n, rh_bmc_bv(c, 1, 32)));
    set_result(w, st, call, rh_bmc_ite(c, last, rh_bmc_bv(c, (uint64_t)-1, 32), rh_bmc_bv(c, 0, 32)));
}

static int call_once(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, const rh_conc_entry *e)
{
    rh_bmc_ctx *c = w->c;
    Z3_ast obj = arg(w, st, call, e->obj);
    LLVMValueRef fnv = e->fn >= 0 ? LLVMGetOperand(call, (unsigned)e->fn) : NULL;
    if (!obj || !fnv || !LLVMIsAFunction(fnv) || LLVMIsDeclaration(fnv)) {
        rh_bmc_unsupported_kill(w, st, call, "a once call with an unknown routine");
        return 0;
    }
    int i = rh_bmc_emit(w, st, RH_BMC_P_ONCE_TRY, call, "once");
    rh_bmc_pos *p = rh_bmc_posp(w, i);
    p->addr = obj;
    p->out = rh_bmc_fresh(c, "once", 32);
    Z3_ast first = Z3_mk_eq(c->z, p->out, rh_bmc_bv(c, 0, 32));
    Z3_ast g = st->guard, ret;
    st->guard = rh_bmc_and(c, g, first);
    int rc = rh_bmc_inline(w, st, fnv, NULL, 0, &ret);
    if (rc)
        return rc;
    i = rh_bmc_emit(w, st, RH_BMC_P_SYNC_SET, call, "once done");
    rh_bmc_posp(w, i)->addr = obj;
    rh_bmc_posp(w, i)->val = rh_bmc_bv(c, 2, 32);
    Z3_ast done = st->guard;
    st->guard = rh_bmc_and(c, g, rh_bmc_not(c, first));
    i = rh_bmc_emit(w, st, RH_BMC_P_ONCE_WAIT, call, "once wait");
    rh_bmc_posp(w, i)->addr = obj;
    st->guard = rh_bmc_or(c, done, st->guard);
    set_int_result(w, st, call, 0);
    return 0;
}

#define STRLEN_SCAN 16 /* bytes strlen reads per unwinding before it is cut */

/* strlen(s) as the byte loop it is: one watched 1-byte read per character
 * (other threads may run between them), the result the index of the first
 * zero byte.  The scan stops at the end of a known object (reading past it
 * is undefined) or after STRLEN_SCAN bytes per unwinding; a string still
 * going on there is cut like a loop bound. */
static void call_strlen(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, Z3_ast s)
{
    rh_bmc_ctx *c = w->c;
    uint64_t n = (uint64_t)STRLEN_SCAN * c->unwind, a;
    const rh_bmc_object *o;
    if (Z3_is_numeral_ast(c->z, s) && Z3_get_numeral_uint64(c->z, s, &a) &&
        (o = rh_bmc_object_at(c, a)) != NULL &&
        o->addr + rh_bmc_object_span(c, o) - a < n)
        n = o->addr + rh_bmc_object_span(c, o) - a;
    Z3_ast done = rh_bmc_false(c), len = rh_bmc_bv(c, 0, c->aw);
    for (uint64_t k = 0; k < n && !rh_bmc_is_false(c, st->guard); k++) {
        Z3_ast at = rh_bmc_fold(c, Z3_mk_bvadd(c->z, s, rh_bmc_bv(c, k, c->aw)));
        rh_bmc_pos *p = rh_bmc_emit_load(w, st, call, at, 1);
        Z3_ast end = rh_bmc_and(c, st->guard, rh_bmc_not(c, rh_bmc_nonzero(c, p->val)));
        len = rh_bmc_ite(c, end, rh_bmc_bv(c, k, c->aw), len);
        done = rh_bmc_or(c, done, end);
        st->guard = rh_bmc_and(c, st->guard, rh_bmc_nonzero(c, p->val));
    }
    rh_bmc_kill(w, st, call, RH_BMC_PF_CUT, "string length bound");
    st->guard = done;
    set_result(w, st, call, len);
}

static void call_scan(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, const rh_conc_entry *e);

/* memcpy/memmove/memset/bzero, strlen and scanf-like calls; other library
 * memory functions are not encoded and end the path. */
static void call_pure(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, LLVMValueRef callee);

/* An argument whose reads need no watching: not a pointer, NULL, or into
 * a constant global (a string literal).  A global variable's address is
 * an LLVM constant too, but what it points to is not. */
static int read_only_arg(LLVMValueRef a)
{
    if (LLVMGetTypeKind(LLVMTypeOf(a)) != LLVMPointerTypeKind || rh_model_null(a))
        return 1;
    while (a && LLVMIsAConstantExpr(a) && LLVMGetNumOperands(a) > 0)
        a = LLVMGetOperand(a, 0);
    return a && LLVMIsAGlobalVariable(a) && LLVMIsGlobalConstant(a);
}

/* A row of the library specification: a call that only reads and returns
 * no pointer is an arbitrary result (its reads not watched: no proof after
 * it); writes, hidden state, callbacks and returned pointers are not
 * encoded and end the path with a note. */
static void call_library(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, const rh_conc_entry *e)
{
    rh_bmc_ctx *c = w->c;
    if (rh_model_lib_writes(c->prog, call, e) || rh_libspec_of(e)->state || e->fn >= 0 || e->obj2 >= 0 ||
        LLVMGetTypeKind(LLVMTypeOf(call)) == LLVMPointerTypeKind) {
        char what[160];
        snprintf(what, sizeof what, "the library function '%s', which the bmc engine does not encode", e->name);
        rh_bmc_unsupported_kill(w, st, call, what);
        return;
    }
    for (unsigned k = 0; k < LLVMGetNumArgOperands(call); k++)
        if (!read_only_arg(LLVMGetOperand(call, k)))
            c->inexact = 1;
    call_pure(w, st, call, rh_model_called_function(call));
}

static void call_memory(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, const rh_conc_entry *e)
{
    rh_bmc_ctx *c = w->c;
    if (rh_libspec_of(e)) {
        call_library(w, st, call, e);
        return;
    }
    if (strcmp(e->name, "sem_unlink") == 0) {
        rh_bmc_call_sem_unlink(w, st, call);
        return;
    }
    if (strcmp(e->name, "strlen") == 0 && arg(w, st, call, 0)) {
        call_strlen(w, st, call, arg(w, st, call, 0));
        return;
    }
    if (e->flags & RH_F_SCAN) {
        call_scan(w, st, call, e);
        return;
    }
    if (!(e->flags & RH_F_OBJ_WRITE) && !LLVMGetFirstUse(call)) {
        /* printf, puts, ...: reads only, and nothing uses the result, so the
         * call changes nothing the program can observe.  Its reads of
         * non-constant memory are not watched, so no proof after it. */
        for (unsigned k = 0; k < LLVMGetNumArgOperands(call); k++)
            if (!read_only_arg(LLVMGetOperand(call, k)))
                c->inexact = 1;
        return;
    }
    if (e->flags == RH_F_OBJ_WRITE && e->obj >= 0 && e->obj < (int)LLVMGetNumArgOperands(call) &&
        e->obj2 < 0 && rh_model_null(LLVMGetOperand(call, (unsigned)e->obj)) &&
        LLVMGetTypeKind(LLVMTypeOf(call)) != LLVMPointerTypeKind) {
        /* time(NULL) and the like: asked to write nowhere, the call only
         * returns a value, which may be anything */
        call_pure(w, st, call, rh_model_called_function(call));
        return;
    }
    Z3_ast dst = arg(w, st, call, e->obj), len = arg(w, st, call, e->size);
    int copy = (e->flags & RH_F_OBJ_WRITE) && (e->flags & RH_F_OBJ2_READ) && !(e->flags & RH_F_OBJ_READ);
    int set = (e->flags == RH_F_OBJ_WRITE || e->flags == (RH_F_OBJ_WRITE | RH_F_PREFIX));
    Z3_ast src = copy ? arg(w, st, call, e->obj2) : NULL;
    if (!dst || !len || !(copy || set) || (copy && !src)) {
        rh_bmc_unsupported_kill(w, st, call, "a library memory function the bmc engine does not encode");
        return;
    }
    int i = rh_bmc_emit(w, st, copy ? RH_BMC_P_COPY : RH_BMC_P_SET, call, copy ? "copy" : "fill");
    rh_bmc_pos *p = rh_bmc_posp(w, i);
    p->addr = dst;
    p->addr2 = src;
    p->len = rh_bmc_resize(c, len, c->aw, 0);
    p->flags |= RH_BMC_PF_RACE | (copy ? RH_BMC_PF_READ2 : 0);
    /* memset(p, c, n) passes the byte second; bzero(p, n) has none */
    Z3_ast b = set && e->size == 2 ? arg(w, st, call, 1) : NULL;
    p->val = b ? rh_bmc_resize(c, b, 8, 0) : rh_bmc_bv(c, 0, 8);
    set_result(w, st, call, dst);
}

/* A fresh arbitrary value the call returns, recorded as a witness input. */
void rh_bmc_add_input(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef inst, char *name, Z3_ast v)
{
    rh_bmc_ctx *c = w->c;
    c->inputs = rh_xrealloc(c->inputs, (size_t)(c->ninputs + 1) * sizeof *c->inputs);
    rh_bmc_input *in = &c->inputs[c->ninputs++];
    in->name = name;
    in->var = v;
    in->guard = st->guard;
    in->loc = rh_model_inst_loc(c->prog, inst);
    in->thread = w->thread;
    in->pos = c->threads[w->thread].npos;
}

static Z3_ast new_input(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, LLVMValueRef callee,
                        unsigned bits)
{
    rh_bmc_ctx *c = w->c;
    Z3_ast v = rh_bmc_fresh(c, "nondet", bits);
    size_t n;
    const char *name = callee ? LLVMGetValueName2(callee, &n) : "nondet";
    rh_bmc_add_input(w, st, call, rh_xasprintf("%s#%d", name, ++c->nnondet), v);
    return v;
}

static void call_nondet(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, LLVMValueRef callee)
{
    unsigned bits = result_bits(w, call);
    if (bits)
        rh_bmc_state_set(st, call, new_input(w, st, call, callee, bits));
}

/* scanf-like calls: an arbitrary result r in [-1, n] (EOF, or how many of
 * the n conversions assigned), and arbitrary values written to the first r
 * arguments, each a store guarded by r > k, as if behind a branch.  Input
 * strings (sscanf) are read too, so only a constant one is supported; so
 * are conversions of at most 8 bytes (no strings). */
static void call_scan(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, const rh_conc_entry *e)
{
    rh_bmc_ctx *c = w->c;
    uint64_t sizes[16];
    int n = rh_model_scan_sizes(c->prog, call, e->obj2, sizes, 16);
    int ok = n >= 0 && n <= 16 && result_bits(w, call) == 32 &&
             (e->obj < 0 || rh_model_const_string(LLVMGetOperand(call, (unsigned)e->obj)));
    for (int k = 0; ok && k < n; k++)
        ok = sizes[k] > 0 && sizes[k] <= 8 && arg(w, st, call, e->obj2 + 1 + k);
    if (!ok) {
        rh_bmc_unsupported_kill(w, st, call, "a scanf-like call with a non-constant input or a "
                                             "string conversion");
        return;
    }
    Z3_ast r = new_input(w, st, call, rh_model_called_function(call), 32);
    int i = rh_bmc_emit(w, st, RH_BMC_P_ASSUME, call, "assume");
    rh_bmc_posp(w, i)->cond = rh_bmc_and(c, Z3_mk_bvsge(c->z, r, rh_bmc_bv(c, (uint64_t)-1, 32)),
                                         Z3_mk_bvsle(c->z, r, rh_bmc_bv(c, (uint64_t)n, 32)));
    Z3_ast vals[RH_BMC_SCAN_MAX];
    for (int k = 0; k < n; k++) {
        unsigned bytes = (unsigned)sizes[k];
        i = rh_bmc_emit(w, st, RH_BMC_P_STORE, call, "write");
        rh_bmc_pos *p = rh_bmc_posp(w, i);
        p->guard = rh_bmc_and(c, st->guard, Z3_mk_bvsgt(c->z, r, rh_bmc_bv(c, (uint64_t)k, 32)));
        p->addr = arg(w, st, call, e->obj2 + 1 + k);
        p->size = bytes;
        p->len = rh_bmc_bv(c, bytes, c->aw);
        p->val = vals[k] = rh_bmc_fresh(c, "scanned", 8 * bytes);
        p->flags |= RH_BMC_PF_RACE;
    }
    size_t len;
    LLVMValueRef callee = rh_model_called_function(call);
    const char *name = callee ? LLVMGetValueName2(callee, &len) : "";
    if (strcmp(name, "scanf") == 0 || strcmp(name, "__isoc99_scanf") == 0) /* standard input */
        rh_bmc_scan_record(c, rh_model_const_string(LLVMGetOperand(call, 0)), sizes, vals, n);
    rh_bmc_state_set(st, call, r);
}

/* The address of this thread's copy of a __thread global: main uses the
 * global itself, every other thread instance a zeroed object of its own
 * (NULL when the global starts non-zero, which is not modelled). */
static Z3_ast thread_local(rh_bmc_walk *w, LLVMValueRef g)
{
    rh_bmc_ctx *c = w->c;
    if (!LLVMIsAGlobalVariable(g))
        return NULL;
    if (w->thread == 0)
        return rh_bmc_const(c, g);
    rh_bmc_thread *th = &c->threads[w->thread];
    long a = rh_map_get_ptr(&th->tls, g, -1);
    if (a < 0) {
        LLVMValueRef init = LLVMGetInitializer(g);
        if (init && !LLVMIsNull(init))
            return NULL;
        a = (long)rh_bmc_alloc(c, RH_BMC_O_THREAD_LOCAL, rh_bmc_type_size(c, LLVMGlobalGetValueType(g)), g);
        rh_map_put_ptr(&th->tls, g, a);
    }
    return rh_bmc_bv(c, (uint64_t)a, c->aw);
}

/* ffs(x): 1 + the index of the lowest set bit, 0 for none. */
static Z3_ast find_first_set(rh_bmc_ctx *c, Z3_ast x, unsigned bits)
{
    unsigned w = rh_bmc_width(c, x);
    Z3_ast v = rh_bmc_bv(c, 0, bits);
    for (unsigned i = w; i-- > 0;)
        v = rh_bmc_ite(c, Z3_mk_eq(c->z, Z3_mk_extract(c->z, i, i, x), rh_bmc_bv(c, 1, 1)),
                       rh_bmc_bv(c, i + 1, bits), v);
    return rh_bmc_fold(c, v);
}

/* Library functions the table calls pure: no memory effect racehunt
 * tracks, but their values matter, since a made-up value can make up a
 * race.  The integer functions known here are computed; a pointer result
 * is the library's storage for the thread (errno, strerror's buffer), one
 * object per thread and function; anything else (rand, getpid) is free. */
static void call_pure(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, LLVMValueRef callee)
{
    rh_bmc_ctx *c = w->c;
    unsigned bits = result_bits(w, call);
    if (!bits)
        return;
    size_t n;
    const char *name = callee ? LLVMGetValueName2(callee, &n) : "";
    Z3_ast a = arg(w, st, call, 0), v;
    if (LLVMGetTypeKind(LLVMTypeOf(call)) == LLVMPointerTypeKind && callee) {
        /* failing library calls and semaphore waits set errno, which no
         * call here writes: a branch on it could miss the path they take */
        if (strcmp(name, "__errno_location") == 0)
            rh_bmc_no_proof(c, call, "a read of errno (the library calls that set it are not encoded)");
        rh_bmc_thread *th = &c->threads[w->thread];
        long at = rh_map_get_ptr(&th->tls, callee, -1);
        if (at < 0) {
            at = (long)rh_bmc_alloc(c, RH_BMC_O_LIBRARY, 256, callee);
            rh_map_put_ptr(&th->tls, callee, at);
        }
        v = rh_bmc_bv(c, (uint64_t)at, c->aw);
    } else if (a && (strcmp(name, "abs") == 0 || strcmp(name, "labs") == 0 || strcmp(name, "llabs") == 0)) {
        v = rh_bmc_ite(c, Z3_mk_bvslt(c->z, a, rh_bmc_bv(c, 0, rh_bmc_width(c, a))), Z3_mk_bvneg(c->z, a), a);
    } else if (a && strncmp(name, "ffs", 3) == 0) {
        v = find_first_set(c, a, bits);
    } else {
        v = rh_bmc_fresh(c, "lib", bits);
        if (bits == c->aw) /* may be a pointer (an intptr_t holding one) */
            rh_map_put_ptr(&c->ptrvars, v, 1);
    }
    set_result(w, st, call, v);
}

/* Value-returning LLVM intrinsics that code at -O0 still uses. */
static void call_intrinsic(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, LLVMValueRef callee)
{
    rh_bmc_ctx *c = w->c;
    size_t n;
    const char *name = callee ? LLVMGetValueName2(callee, &n) : "";
    Z3_ast a = arg(w, st, call, 0), b = arg(w, st, call, 1), r = NULL;
    if (strncmp(name, "llvm.threadlocal.address", 24) == 0) {
        r = thread_local(w, LLVMGetOperand(call, 0));
    } else if (!a) {
    } else if (strncmp(name, "llvm.expect.", 12) == 0) {
        r = a;
    } else if (b && rh_bmc_width(c, a) == rh_bmc_width(c, b)) {
        if (strncmp(name, "llvm.smax.", 10) == 0)
            r = rh_bmc_ite(c, Z3_mk_bvsgt(c->z, a, b), a, b);
        else if (strncmp(name, "llvm.smin.", 10) == 0)
            r = rh_bmc_ite(c, Z3_mk_bvslt(c->z, a, b), a, b);
        else if (strncmp(name, "llvm.umax.", 10) == 0)
            r = rh_bmc_ite(c, Z3_mk_bvugt(c->z, a, b), a, b);
        else if (strncmp(name, "llvm.umin.", 10) == 0)
            r = rh_bmc_ite(c, Z3_mk_bvult(c->z, a, b), a, b);
        else if (strncmp(name, "llvm.abs.", 9) == 0)
            r = rh_bmc_ite(c, Z3_mk_bvslt(c->z, a, rh_bmc_bv(c, 0, rh_bmc_width(c, a))),
                           Z3_mk_bvneg(c->z, a), a);
    }
    if (!r) {
        rh_bmc_unsupported_kill(w, st, call, "an LLVM intrinsic the bmc engine does not encode");
        return;
    }
    set_result(w, st, call, r);
}

static void emit_simple(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, rh_bmc_pkind k,
                        Z3_ast obj, Z3_ast val, const char *what)
{
    int i = rh_bmc_emit(w, st, k, call, what);
    rh_bmc_posp(w, i)->addr = obj;
    rh_bmc_posp(w, i)->val = val ? rh_bmc_resize(w->c, val, 32, 0) : rh_bmc_bv(w->c, 0, 32);
}

/* Locks, condition variables, barriers, semaphores. */
static int call_sync(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, const rh_conc_entry *e)
{
    rh_bmc_ctx *c = w->c;
    Z3_ast obj = arg(w, st, call, e->obj), sz = e->size >= 0 ? arg(w, st, call, e->size) : NULL;
    unsigned fl = e->flags & RH_F_SHARED ? RH_BMC_PF_SHARED : 0;
    fl |= e->flags & (RH_F_TRY | RH_F_ANNOUNCED) ? RH_BMC_PF_TRY : 0; /* announced: never blocks */
    fl |= e->flags & RH_F_TIMED ? RH_BMC_PF_TIMED : 0;
    if (!obj) {
        rh_bmc_unsupported_kill(w, st, call, "a synchronisation object the bmc engine cannot resolve");
        return 0;
    }
    if (e->flags & RH_F_ANNOT) {
        rh_bmc_unsupported_kill(w, st, call, "a ThreadSanitizer mutex annotation");
        return 0;
    }
    switch (e->op) {
    case RH_OP_LOCK_INIT: {
        int kind = rh_bmc_attr_kind(c, call);
        if (kind < 0)
            rh_bmc_unsupported(c, call, "a lock initialised with attributes bmc does not follow "
                                        "(modelled as a normal mutex)");
        emit_simple(w, st, call, RH_BMC_P_SYNC_SET, obj, NULL, "lock init");
        if (kind > 0)
            rh_bmc_posp(w, w->c->threads[w->thread].npos - 1)->flags |= (unsigned)kind;
        break;
    }
    case RH_OP_LOCK:
        if (acquire(w, st, call, obj, RH_BMC_P_LOCK, fl, "lock"))
            return 0;
        break;
    case RH_OP_UNLOCK: emit_lock(w, st, call, obj, RH_BMC_P_UNLOCK, 0, "unlock"); break;
    case RH_OP_COND_WAIT: {
        /* wait = unlock; (any time later, spurious wake-ups allowed) lock */
        Z3_ast m = known_arg(w, st, call, e->obj2, "a condition wait without a known mutex");
        if (!m)
            return 0;
        emit_lock(w, st, call, m, RH_BMC_P_UNLOCK, 0, "wait: unlock");
        emit_lock(w, st, call, m, RH_BMC_P_LOCK, 0, "wait: relock");
        if (fl & RH_BMC_PF_TIMED) {
            set_result(w, st, call, rh_bmc_ite(c, rh_bmc_fresh(c, "timedout", 0),
                                               rh_bmc_bv(c, fail_code(e, RH_BMC_P_LOCK, 1), 32),
                                               rh_bmc_bv(c, 0, 32)));
            return 0;
        }
        break;
    }
    case RH_OP_BARRIER_INIT:
        if (!sz) {
            rh_bmc_unsupported_kill(w, st, call, "a barrier without a known count");
            return 0;
        }
        emit_simple(w, st, call, RH_BMC_P_BAR_INIT, obj, sz, "barrier init");
        break;
    case RH_OP_BARRIER_WAIT: call_barrier_wait(w, st, call, obj); return 0;
    case RH_OP_SEM_INIT: emit_simple(w, st, call, RH_BMC_P_SYNC_SET, obj, sz, "sem init"); break;
    case RH_OP_SEM_WAIT:
        if (acquire(w, st, call, obj, RH_BMC_P_SEM_WAIT, fl, "sem wait"))
            return 0;
        break;
    case RH_OP_SEM_POST: emit_lock(w, st, call, obj, RH_BMC_P_SEM_POST, 0, "sem post"); break;
    default: break;
    }
    set_int_result(w, st, call, 0);
    return 0;
}

/* free(p) writes the whole block as far as races go (it may be reused at
 * once); the memory itself is never reused in the bounded program. */
static void call_free(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, const rh_conc_entry *e)
{
    rh_bmc_ctx *c = w->c;
    Z3_ast p = known_arg(w, st, call, e->obj, "a free of an unknown pointer");
    if (!p)
        return;
    Z3_ast g = st->guard;
    st->guard = rh_bmc_and(c, g, rh_bmc_nonzero(c, p));
    if (!rh_bmc_is_false(c, st->guard)) {
        int i = rh_bmc_emit(w, st, RH_BMC_P_FREE, call, "free");
        rh_bmc_pos *q = rh_bmc_posp(w, i);
        q->addr = p;
        q->len = rh_bmc_bv(c, UINT64_C(1) << 20, c->aw);
        q->flags |= RH_BMC_PF_RACE;
    }
    st->guard = g;
}

/* realloc(old, n): a new block holding the first n bytes of the old one,
 * which is freed (a write of the whole block for the monitor). */
static void call_realloc(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, const rh_conc_entry *e)
{
    rh_bmc_ctx *c = w->c;
    Z3_ast old = arg(w, st, call, e->obj), n = arg(w, st, call, e->size);
    if (!old || !n) {
        rh_bmc_unsupported_kill(w, st, call, "a realloc of an unknown block");
        return;
    }
    Z3_ast fresh = rh_bmc_bv(c, rh_bmc_alloc(c, RH_BMC_O_HEAP, 1, call), c->aw);
    Z3_ast g = st->guard;
    st->guard = rh_bmc_and(c, g, rh_bmc_nonzero(c, old));
    if (!rh_bmc_is_false(c, st->guard)) {
        int i = rh_bmc_emit(w, st, RH_BMC_P_COPY, call, "realloc copy");
        rh_bmc_pos *p = rh_bmc_posp(w, i);
        p->addr = fresh;
        p->addr2 = old;
        p->len = rh_bmc_resize(c, n, c->aw, 0);
        p->val = rh_bmc_bv(c, 0, 8);
        p->flags |= RH_BMC_PF_RACE | RH_BMC_PF_READ2;
    }
    st->guard = g;
    call_free(w, st, call, e);
    set_result(w, st, call, fresh);
}

static void unknown_external(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, LLVMValueRef callee)
{
    char what[256];
    size_t n;
    snprintf(what, sizeof what, rh_model_call_entry(w->c->prog, call)
                                    ? "a call of '%s', which the bmc engine does not model"
                                    : "a call of the unknown external function '%s'",
             callee ? LLVMGetValueName2(callee, &n) : "?");
    rh_bmc_unsupported_kill(w, st, call, what);
}

/* __VERIFIER_assume; returns 0 when its condition is not known. */
static int call_assume(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, const rh_conc_entry *e)
{
    Z3_ast v = arg(w, st, call, e->obj);
    if (!v)
        return 0;
    int i = rh_bmc_emit(w, st, RH_BMC_P_ASSUME, call, "assume");
    rh_bmc_posp(w, i)->cond = rh_bmc_nonzero(w->c, v);
    return 1;
}

/* SV-COMP's atomic sections: no switch point inside. */
static void atomic_section(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, int begin)
{
    if (begin)
        st->atomic++;
    else if (st->atomic > 0)
        st->atomic--;
    rh_bmc_emit(w, st, RH_BMC_P_NOP, call, begin ? "atomic begin" : "atomic end");
}

static int dispatch(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call)
{
    rh_bmc_ctx *c = w->c;
    LLVMValueRef cv = LLVMGetCalledValue(call);
    if (LLVMIsAInlineAsm(cv)) {
        rh_bmc_unsupported_kill(w, st, call, "inline assembly");
        return 0;
    }
    const rh_conc_entry *e = rh_model_call_entry(c->prog, call);
    LLVMValueRef callee = rh_model_called_function(call);
    if (!e) {
        if (!callee || !LLVMIsDeclaration(callee))
            return call_defined(w, st, call, 0);
        unknown_external(w, st, call, callee);
        return 0;
    }
    switch (e->op) {
    case RH_OP_THREAD_CREATE: return call_create(w, st, call, e);
    case RH_OP_THREAD_JOIN: call_join(w, st, call, e); return 0;
    case RH_OP_THREAD_EXIT: return rh_bmc_thread_exit(w, st, call, arg(w, st, call, 0));
    case RH_OP_THREAD_SELF: set_int_result(w, st, call, (uint64_t)w->thread); return 0;
    case RH_OP_LOCK_INIT: case RH_OP_LOCK: case RH_OP_UNLOCK: case RH_OP_COND_WAIT:
    case RH_OP_BARRIER_INIT: case RH_OP_BARRIER_WAIT: case RH_OP_SEM_INIT: case RH_OP_SEM_WAIT:
    case RH_OP_SEM_POST:
        return call_sync(w, st, call, e);
    case RH_OP_ONCE: return call_once(w, st, call, e);
    case RH_OP_ATOMIC_BEGIN: case RH_OP_ATOMIC_END:
        atomic_section(w, st, call, e->op == RH_OP_ATOMIC_BEGIN);
        return 0;
    case RH_OP_ATOMIC_CALL: return call_defined(w, st, call, 1);
    case RH_OP_NONDET: call_nondet(w, st, call, callee); return 0;
    case RH_OP_ASSUME:
        if (!call_assume(w, st, call, e))
            break;
        return 0;
    case RH_OP_ERROR: rh_bmc_kill(w, st, call, 0, "error"); return 0;
    case RH_OP_EXIT: rh_bmc_kill(w, st, call, 0, "exit"); return 0;
    case RH_OP_ALLOC: case RH_OP_CALLOC:
        set_result(w, st, call, rh_bmc_bv(c, rh_bmc_alloc(c, RH_BMC_O_HEAP, 1, call), c->aw));
        return 0;
    case RH_OP_FREE: call_free(w, st, call, e); return 0;
    case RH_OP_REALLOC: call_realloc(w, st, call, e); return 0;
    case RH_OP_THREAD_DETACH: case RH_OP_LOCK_DESTROY: case RH_OP_COND_SIGNAL:
    case RH_OP_COND_BROADCAST: case RH_OP_FENCE:
        c->fences |= e->op == RH_OP_FENCE;
        set_int_result(w, st, call, 0);
        return 0;
    case RH_OP_MEMORY:
        if (!rh_bmc_call_wait(w, st, call, e))
            call_memory(w, st, call, e);
        return 0;
    case RH_OP_FORK: rh_bmc_call_fork(w, st, call); return 0;
    case RH_OP_UNMODELLED:
        if (e->flags & RH_F_CANCEL)
            return rh_bmc_call_cancel(w, st, call, e);
        break;
    case RH_OP_PURE:
        if (e->flags & RH_F_CANCEL)
            return rh_bmc_call_cancel(w, st, call, e);
        if (strcmp(e->name, "pthread_key_delete") == 0 || strcmp(e->name, "tss_delete") == 0)
            rh_bmc_tsd_delete(w, st, call);
        else
            call_pure(w, st, call, callee);
        return 0;
    case RH_OP_TSD: return rh_bmc_call_tsd(w, st, call, e);
    case RH_OP_SEM_OPEN: rh_bmc_call_sem_open(w, st, call, e); return 0;
    case RH_OP_HB_RELEASE: case RH_OP_HB_ACQUIRE: rh_bmc_call_hb(w, st, call, e); return 0;
    case RH_OP_BENIGN: case RH_OP_IGNORE_BEGIN: case RH_OP_IGNORE_END: case RH_OP_FORGET:
        rh_bmc_call_annot(w, st, call, e);
        return 0;
    case RH_OP_IGNORE:
        if (result_bits(w, call))
            call_intrinsic(w, st, call, callee);
        return 0;
    default: break;
    }
    unknown_external(w, st, call, callee);
    return 0;
}

/* A call, and the cancellation point it may be: a pending cancellation is
 * acted on before the call, or for a condition wait once the mutex is
 * taken back (bmc_cancel.c). */
int rh_bmc_call(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call)
{
    LLVMValueRef callee = rh_model_called_function(call);
    const rh_conc_entry *e = w->c->cancel && callee && LLVMIsDeclaration(callee)
                                 ? rh_model_call_entry(w->c->prog, call) : NULL;
    size_t n;
    rh_cancel_point cp = e ? rh_conc_cancel_point(LLVMGetValueName2(callee, &n)) : RH_CP_NONE;
    /* a run stops at the calls it does not model, so the check is its step there */
    int step = e && e->op == RH_OP_UNMODELLED, after = e && e->op == RH_OP_COND_WAIT;
    int rc = 0;
    if (cp != RH_CP_NONE && !after)
        rc = rh_bmc_cancel_point(w, st, call, cp == RH_CP_OPTIONAL, step);
    if (rc == 0)
        rc = dispatch(w, st, call);
    if (rc == 0 && cp != RH_CP_NONE && after)
        rc = rh_bmc_cancel_point(w, st, call, cp == RH_CP_OPTIONAL, step);
    return rc;
}
