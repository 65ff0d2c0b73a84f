/* bmc_cancel.c - thread cancellation (pthread_cancel, deferred) and
 * cleanup handlers in the bounded program.
 *
 * Pending cancellations are memory: one word per thread instance in an
 * object of their own, set by pthread_cancel and read by the target at its
 * cancellation points (rh_conc_cancel_point: the table's data).  Only a
 * program that calls pthread_cancel gets these checks.  A check acts when
 * the word is set and the thread has not disabled cancellation: the thread
 * runs its cleanup handlers and ends as pthread_exit(PTHREAD_CANCELED)
 * does, so a join reads (void *)-1.  At an optional cancellation point
 * (stdio) it acts only in the over-approximation below.
 *
 * Cancelling orders nothing (POSIX 4.12 does not list pthread_cancel; glibc
 * reads cancelhandling relaxed), but a race monitor that looks for adjacent
 * accesses cannot see through a value passed without ordering (a write,
 * then pthread_cancel, then the target's handler locks and writes: no
 * single switch shows that pair).  So the encoding holds both semantics,
 * chosen by one Bool, c->cancel_free: races are searched with it false
 * (checks read the pending word: every counterexample is a real execution
 * in which the accesses are adjacent), and race freedom is proved with it
 * free, where a check acts by a free choice whatever the word holds.  That
 * program passes no value through the words, and includes every real
 * execution, so the adjacent-pair search is complete for it (bmc_engine.c,
 * find_races).
 * A mandatory point that blocks (join, semaphore wait) is checked before
 * the wait: a thread cancelled while blocked there is the same execution
 * as one whose check ran late; a condition wait is checked after it has
 * taken the mutex back, which POSIX requires before the handlers run.
 * The cancelability state and type are SSA of the walk, like
 * thread-specific values.  The asynchronous type (cancellation at any
 * instruction) is explored only at cancellation points: no proof.
 *
 * Cleanup handlers, as glibc's C macros expand them (no -fexceptions):
 *   __cancel_routine = routine; __cancel_arg = arg;
 *   not_first = __sigsetjmp(buf.jmp, 0);
 *   if (not_first) { __cancel_routine(__cancel_arg); __pthread_unwind_next(&buf); }
 *   __pthread_register_cancel(&buf);  body;  __pthread_unregister_cancel(&buf);
 *   if (execute) __cancel_routine(__cancel_arg);
 * The sigsetjmp's second return happens only when the thread is cancelled
 * (or exits) inside the registered region.  The walker does not jump: the
 * sigsetjmp returns 0, and registration pushes the handler call found
 * before __pthread_unwind_next(&buf), with its callee and argument as they
 * are at registration (set before the sigsetjmp and never changed by the
 * macros).  A cancellation or pthread_exit then runs the handlers
 * registered on its path, newest first (rh_bmc_thread_exit: each one once
 * for all such paths, where its region ends in the walk); unregistration
 * pops the region.  A buffer that does not have this shape (a sigsetjmp
 * for another purpose, a region the walker cannot match) ends the path
 * with a note.
 */
#include "bmc_walk.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

#define PTHREAD_CANCEL_DISABLE 1
#define PTHREAD_CANCEL_ASYNCHRONOUS 1

void rh_bmc_cancel_init(rh_bmc_ctx *c)
{
    c->cancel = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(c->prog->mod); f; f = LLVMGetNextFunction(f)) {
        size_t n;
        const rh_conc_entry *e = rh_conc_lookup(&c->prog->conc, LLVMGetValueName2(f, &n),
                                                !LLVMIsDeclaration(f));
        if (rh_conc_cancel_kind(e) == RH_CANCEL_SEND && LLVMGetFirstUse(f))
            c->cancel = 1;
    }
    if (c->cancel) {
        c->cancel_base = rh_bmc_alloc(c, RH_BMC_O_CANCEL_PENDING, 4 * RH_BMC_MAX_THREADS, NULL);
        c->cancel_free = rh_bmc_fresh(c, "cancel_free", 0);
    }
}

static Z3_ast arg(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, unsigned k)
{
    return k < LLVMGetNumArgOperands(call) ? rh_bmc_value(w, st, LLVMGetOperand(call, k)) : NULL;
}

static void set_int_result(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, uint64_t v)
{
    unsigned bits = rh_bmc_type_bits(w->c, LLVMTypeOf(call));
    if (bits)
        rh_bmc_state_set(st, call, rh_bmc_bv(w->c, v, bits));
}

/* The pending-cancellation word of thread instance h (a term): an ite
 * over the instances, so that its region is that object alone. */
static Z3_ast pending_word(rh_bmc_ctx *c, Z3_ast h)
{
    Z3_ast a = rh_bmc_bv(c, c->cancel_base, c->aw);
    unsigned wd = rh_bmc_width(c, h);
    for (int u = RH_BMC_MAX_THREADS - 1; u > 0; u--)
        a = rh_bmc_ite(c, rh_bmc_fold(c, Z3_mk_eq(c->z, h, rh_bmc_bv(c, (uint64_t)u, wd))),
                       rh_bmc_bv(c, c->cancel_base + 4 * (uint64_t)u, c->aw), a);
    return a;
}

static rh_bmc_pos *emit_word(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef inst, rh_bmc_pkind k,
                             Z3_ast addr, const char *what)
{
    rh_bmc_ctx *c = w->c;
    rh_bmc_pos *p = rh_bmc_posp(w, rh_bmc_emit(w, st, k, inst, what));
    p->addr = addr;
    p->size = 4;
    p->align = 4;
    p->len = rh_bmc_bv(c, 4, c->aw);
    p->flags |= RH_BMC_PF_ATOMIC;
    return p;
}

/* pthread_cancel(h): h's word is set; a handle that names no instance
 * (ESRCH, or undefined) changes nothing. */
static void cancel_send(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call)
{
    rh_bmc_ctx *c = w->c;
    Z3_ast h = arg(w, st, call, 0);
    if (!h) {
        rh_bmc_unsupported_kill(w, st, call, "a pthread_cancel of an unknown thread handle");
        return;
    }
    Z3_ast g = st->guard;
    st->guard = rh_bmc_and(c, g, Z3_mk_bvult(c->z, h, rh_bmc_bv(c, RH_BMC_MAX_THREADS, rh_bmc_width(c, h))));
    rh_bmc_pos *p = emit_word(w, st, call, RH_BMC_P_STORE, pending_word(c, h), "cancel");
    p->val = rh_bmc_bv(c, 1, 32);
    st->guard = g;
    set_int_result(w, st, call, 0);
}

/* Paths that end with value v (when v is known). */
static void add_exit(rh_bmc_ctx *c, Z3_ast *guard, Z3_ast *val, Z3_ast g, Z3_ast v)
{
    if (rh_bmc_is_false(c, g))
        return;
    if (v)
        *val = *val && rh_bmc_width(c, *val) == rh_bmc_width(c, v) ? rh_bmc_ite(c, g, v, *val) : v;
    *guard = *guard ? rh_bmc_or(c, *guard, g) : g;
}

/* Runs handler k for the unwinding paths on which it is registered; they
 * stay unwinding (the next handler, or the thread's end, follows). */
static int run_handler(rh_bmc_walk *w, int k, int atomic)
{
    rh_bmc_ctx *c = w->c;
    rh_bmc_cleanup *cl = &w->cleanup[k];
    Z3_ast g = rh_bmc_and(c, w->unwind_guard, cl->on);
    if (rh_bmc_is_false(c, g))
        return 0;
    cl->on = rh_bmc_and(c, cl->on, rh_bmc_not(c, g)); /* it has run for them */
    rh_bmc_state tmp;
    rh_bmc_state_init(&tmp, g);
    tmp.atomic = atomic;
    if (cl->fnv)
        rh_bmc_state_set(&tmp, LLVMGetCalledValue(cl->call), cl->fnv);
    if (cl->argv)
        rh_bmc_state_set(&tmp, LLVMGetOperand(cl->call, 0), cl->argv);
    w->unwinding++;
    int rc = rh_bmc_call(w, &tmp, w->cleanup[k].call);
    w->unwinding--;
    /* paths where the handler did not return (it was cut) end there */
    w->unwind_guard = rh_bmc_or(c, rh_bmc_and(c, w->unwind_guard, rh_bmc_not(c, g)), tmp.guard);
    rh_bmc_state_free(&tmp);
    return rc;
}

/* Handlers newer than k, then k (if run), for the unwinding paths. */
static int run_handlers_down_to(rh_bmc_walk *w, int k, int atomic)
{
    for (int j = w->ncleanup - 1; j >= k; j--) {
        int rc = run_handler(w, j, atomic);
        if (rc)
            return rc;
    }
    return 0;
}

/* A thread ending inside cleanup regions does not run their handlers at
 * once: its paths join the walk's unwinding paths, and each handler runs
 * for them where its region ends in the walk (cleanup_unregister), or at
 * the thread's end (rh_bmc_cleanup_finish), newest first.  That is later
 * in the thread's positions, which those paths reach skipping the ones
 * between (their guards exclude them), and one copy of a handler serves
 * every cancellation point of its region. */
int rh_bmc_thread_exit(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, Z3_ast v)
{
    rh_bmc_ctx *c = w->c;
    if (rh_bmc_is_false(c, st->guard))
        return 0;
    if (w->unwinding) {
        rh_bmc_unsupported_kill(w, st, call, "a thread exit inside a cleanup handler");
        return 0;
    }
    int registered = 0;
    for (int k = 0; k < w->ncleanup; k++)
        registered |= !rh_bmc_is_false(c, rh_bmc_and(c, st->guard, w->cleanup[k].on));
    if (registered)
        add_exit(c, &w->unwind_guard, &w->unwind_val, st->guard, v);
    else
        add_exit(c, &w->exit_guard, &w->exit_val, st->guard, v);
    st->guard = rh_bmc_false(c);
    return 0;
}

int rh_bmc_cleanup_finish(rh_bmc_walk *w)
{
    rh_bmc_ctx *c = w->c;
    int rc = w->unwind_guard ? run_handlers_down_to(w, 0, 0) : 0;
    if (w->unwind_guard)
        add_exit(c, &w->exit_guard, &w->exit_val, w->unwind_guard, w->unwind_val);
    free(w->cleanup);
    w->cleanup = NULL;
    w->ncleanup = w->cleanup_cap = 0;
    w->unwind_guard = w->unwind_val = NULL;
    return rc;
}

int rh_bmc_cancel_point(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, int optional, int step)
{
    rh_bmc_ctx *c = w->c;
    if (!c->cancel || w->unwinding || rh_bmc_is_false(c, st->guard))
        return 0;
    rh_bmc_pos *p = emit_word(w, st, step ? call : NULL, RH_BMC_P_LOAD,
                              rh_bmc_bv(c, c->cancel_base + 4 * (uint64_t)w->thread, c->aw),
                              "cancellation point");
    p->val = rh_bmc_fresh(c, "cancelled", 32);
    /* no switch point of its own, and no round: in the over-approximation
     * the value is not used, and in the search a switch right after it is
     * one just before it unless the next check reads the word again (races
     * that needs are still found in the over-approximation's way: no proof) */
    p->flags |= RH_BMC_PF_LOCAL;
    /* an optional point acts only in the over-approximation: whether the
     * library acts there (glibc: when stdio reaches a system call) is not
     * known, and a counterexample must be a real execution */
    Z3_ast real = optional ? rh_bmc_false(c) : rh_bmc_nonzero(c, p->val);
    Z3_ast act = rh_bmc_ite(c, c->cancel_free, rh_bmc_fresh(c, "acts", 0), real);
    if (w->cancel_off)
        act = rh_bmc_and(c, act, rh_bmc_not(c, w->cancel_off));
    Z3_ast g = st->guard;
    st->guard = rh_bmc_and(c, g, act);
    int rc = rh_bmc_thread_exit(w, st, call, rh_bmc_bv(c, (uint64_t)-1, c->aw)); /* PTHREAD_CANCELED */
    st->guard = rh_bmc_and(c, g, rh_bmc_not(c, act));
    return rc;
}

/* pthread_setcancelstate/-type(new, &old): the walk's Bool *cur becomes
 * new == one; the old value goes to *old.  That store is no access the
 * monitor watches (the library makes it, and a run does not see it), so a
 * pointer other than the caller's own local gives up the proof. */
static void cancel_set(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, Z3_ast *cur)
{
    rh_bmc_ctx *c = w->c;
    Z3_ast v = arg(w, st, call, 0), out = arg(w, st, call, 1);
    if (!v || !out) {
        rh_bmc_unsupported_kill(w, st, call, "a cancelability change with unknown arguments");
        return;
    }
    Z3_ast old = *cur ? *cur : rh_bmc_false(c);
    Z3_ast now = rh_bmc_fold(c, Z3_mk_eq(c->z, v, rh_bmc_bv(c, 1, rh_bmc_width(c, v))));
    LLVMValueRef op = LLVMGetOperand(call, 1);
    if (!rh_model_null(op)) {
        if (!LLVMIsAAllocaInst(op))
            rh_bmc_no_proof(c, call, "a cancelability change whose old value goes to memory other "
                                     "threads may read");
        Z3_ast g = st->guard;
        st->guard = rh_bmc_and(c, g, rh_bmc_nonzero(c, out));
        rh_bmc_pos *p = rh_bmc_posp(w, rh_bmc_emit(w, st, RH_BMC_P_STORE, NULL, "old cancelability"));
        p->addr = rh_bmc_resize(c, out, c->aw, 0);
        p->size = 4;
        p->len = rh_bmc_bv(c, 4, c->aw);
        p->val = rh_bmc_ite(c, old, rh_bmc_bv(c, 1, 32), rh_bmc_bv(c, 0, 32));
        st->guard = g;
    }
    *cur = rh_bmc_ite(c, st->guard, now, old);
    set_int_result(w, st, call, 0);
}

/* The alloca a buffer argument is, through GEPs with zero indices. */
static LLVMValueRef buffer_of(LLVMValueRef v)
{
    while (v && (LLVMIsAGetElementPtrInst(v) || LLVMIsABitCastInst(v))) {
        for (unsigned k = 1; LLVMIsAGetElementPtrInst(v) && k < (unsigned)LLVMGetNumOperands(v); k++) {
            LLVMValueRef ix = LLVMGetOperand(v, k);
            if (!LLVMIsAConstantInt(ix) || LLVMConstIntGetZExtValue(ix) != 0)
                return NULL;
        }
        v = LLVMGetOperand(v, 0);
    }
    return v && LLVMIsAAllocaInst(v) ? v : NULL;
}

/* The call of the buffer's users whose row is RH_F_CANCEL of `kind`. */
static LLVMValueRef buffer_call(rh_bmc_ctx *c, LLVMValueRef buf, rh_cancel_kind kind)
{
    for (LLVMUseRef u = LLVMGetFirstUse(buf); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef in = LLVMGetUser(u);
        if (!LLVMIsACallInst(in) || LLVMGetNumArgOperands(in) < 1 ||
            buffer_of(LLVMGetOperand(in, 0)) != buf)
            continue;
        if (rh_conc_cancel_kind(rh_model_call_entry(c->prog, in)) == (int)kind)
            return in;
    }
    return NULL;
}

/* The handler call routine(arg) right before __pthread_unwind_next(&buf). */
static LLVMValueRef handler_call(rh_bmc_ctx *c, LLVMValueRef buf)
{
    LLVMValueRef next = buffer_call(c, buf, RH_CANCEL_UNWIND);
    LLVMValueRef h = next ? LLVMGetPreviousInstruction(next) : NULL;
    if (!h || !LLVMIsACallInst(h) || LLVMGetNumArgOperands(h) > 1 ||
        LLVMGetTypeKind(LLVMGetReturnType(LLVMGetCalledFunctionType(h))) != LLVMVoidTypeKind)
        return NULL;
    return h;
}

static void cleanup_register(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call)
{
    rh_bmc_ctx *c = w->c;
    LLVMValueRef buf = buffer_of(LLVMGetOperand(call, 0));
    LLVMValueRef h = buf ? handler_call(c, buf) : NULL;
    if (!h) {
        rh_bmc_unsupported_kill(w, st, call, "a cleanup region (__pthread_register_cancel) whose "
                                             "handler the bmc engine does not recognise");
        return;
    }
    LLVMValueRef fn = LLVMGetCalledValue(h), a = LLVMGetNumArgOperands(h) ? LLVMGetOperand(h, 0) : NULL;
    Z3_ast fnv = LLVMIsAConstant(fn) ? NULL : rh_bmc_value(w, st, fn);
    Z3_ast argv = !a || LLVMIsAConstant(a) ? NULL : rh_bmc_value(w, st, a);
    if ((!LLVMIsAConstant(fn) && !fnv) || (a && !LLVMIsAConstant(a) && !argv)) {
        rh_bmc_unsupported_kill(w, st, call, "a cleanup handler whose routine or argument is not "
                                             "known where it is registered");
        return;
    }
    if (w->ncleanup == w->cleanup_cap) {
        w->cleanup_cap = w->cleanup_cap ? 2 * w->cleanup_cap : 8;
        w->cleanup = rh_xrealloc(w->cleanup, (size_t)w->cleanup_cap * sizeof *w->cleanup);
    }
    w->cleanup[w->ncleanup++] = (rh_bmc_cleanup){buf, h, fnv, argv, st->guard};
}

/* The newest registration of the buffer is popped on st's paths, after
 * its handler (and any newer one) ran for the paths that unwind. */
static int cleanup_unregister(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call)
{
    rh_bmc_ctx *c = w->c;
    LLVMValueRef buf = buffer_of(LLVMGetOperand(call, 0));
    for (int k = w->ncleanup - 1; buf && k >= 0; k--)
        if (w->cleanup[k].buf == buf && !rh_bmc_is_false(c, w->cleanup[k].on)) {
            int rc = w->unwind_guard ? run_handlers_down_to(w, k, st->atomic) : 0;
            w->cleanup[k].on = rh_bmc_and(c, w->cleanup[k].on, rh_bmc_not(c, st->guard));
            return rc;
        }
    rh_bmc_unsupported_kill(w, st, call, "a cleanup region ended (__pthread_unregister_cancel) "
                                         "that the bmc engine did not see begin");
    return 0;
}

/* __sigsetjmp: only the one of a cleanup region, whose first return is 0
 * (its second is modelled by running the handler where the thread ends). */
static void cleanup_setjmp(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call)
{
    rh_bmc_ctx *c = w->c;
    LLVMValueRef buf = LLVMGetNumArgOperands(call) ? buffer_of(LLVMGetOperand(call, 0)) : NULL;
    if (!buf || !buffer_call(c, buf, RH_CANCEL_REGISTER) || !handler_call(c, buf)) {
        rh_bmc_unsupported_kill(w, st, call, "a sigsetjmp (non-local jumps are not encoded)");
        return;
    }
    set_int_result(w, st, call, 0);
}

int rh_bmc_call_cancel(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, const rh_conc_entry *e)
{
    rh_bmc_ctx *c = w->c;
    switch ((rh_cancel_kind)e->success) {
    case RH_CANCEL_SEND: cancel_send(w, st, call); return 0;
    case RH_CANCEL_TEST: return 0; /* a mandatory cancellation point: checked by the caller */
    case RH_CANCEL_STATE: cancel_set(w, st, call, &w->cancel_off); return 0;
    case RH_CANCEL_TYPE:
        cancel_set(w, st, call, &w->cancel_async);
        if (c->cancel && w->cancel_async && !rh_bmc_is_false(c, rh_bmc_and(c, st->guard, w->cancel_async)))
            rh_bmc_no_proof(c, call, "asynchronous cancellation (pthread_setcanceltype), explored only "
                                     "at cancellation points");
        return 0;
    case RH_CANCEL_SETJMP: cleanup_setjmp(w, st, call); return 0;
    case RH_CANCEL_REGISTER: cleanup_register(w, st, call); return 0;
    case RH_CANCEL_UNREGISTER: return cleanup_unregister(w, st, call);
    case RH_CANCEL_UNWIND: break;
    }
    rh_bmc_unsupported_kill(w, st, call, "a cleanup handler's unwinding (__pthread_unwind_next) the "
                                         "bmc engine did not expect");
    return 0;
}
