/* unsupported.c - finds what the static engine cannot model soundly (inline
 * asm, unknown external code that receives shared data or function
 * pointers, setjmp, unresolved indirect calls, integers cast to pointers
 * the points-to analysis cannot follow) and records each with a note.
 * Any of them turns a would-be race-free verdict into unknown.
 */
#include "static_ctx.h"

#include <stdlib.h>
#include <string.h>

/* The gap of one kind; an undefined function's calls (call set) are a kind
 * apart from a construct of the same words. */
static struct rh_static_gap *gap_of(rh_static *s, const char *what, int call)
{
    int g = 0;
    while (g < s->ngaps && (s->gaps[g].call != call || strcmp(s->gaps[g].what, what) != 0))
        g++;
    if (g == s->ngaps) {
        if (s->ngaps == (int)(sizeof s->gaps / sizeof s->gaps[0]))
            return NULL; /* enough kinds to explain the verdict; the count says how many in all */
        memset(&s->gaps[g], 0, sizeof s->gaps[g]);
        s->gaps[g].what = rh_xstrdup(what);
        s->gaps[s->ngaps++].call = call;
    }
    return &s->gaps[g];
}

static void gap_place(rh_static *s, struct rh_static_gap *gap, LLVMValueRef inst)
{
    if (gap->n < 3)
        gap->at[gap->n] = rh_model_inst_loc(s->p, inst);
    gap->n++;
}

void rh_static_unsupported(rh_static *s, LLVMValueRef inst, const char *what)
{
    s->unsupported++;
    struct rh_static_gap *gap = gap_of(s, what, 0);
    if (gap)
        gap_place(s, gap, inst);
}

void rh_static_unsupported_call(rh_static *s, LLVMValueRef call, const char *name, const char *what)
{
    s->unsupported++;
    struct rh_static_gap *gap = gap_of(s, what, 1);
    if (!gap)
        return;
    gap_place(s, gap, call);
    for (int i = 0; i < gap->nnames; i++)
        if (strcmp(gap->names[i], name) == 0)
            return;
    gap->names = rh_xrealloc(gap->names, (size_t)(gap->nnames + 1) * sizeof *gap->names);
    gap->names[gap->nnames++] = rh_xstrdup(name);
}

/* "a, b and c", or "a, b, c and N more <unit>s" past three: the one way
 * the notes list functions and places. */
static void list_three(char *out, size_t size, const char *const item[3], int n, const char *unit)
{
    int shown = n < 3 ? n : 3, k = 0;
    out[0] = 0;
    for (int i = 0; i < shown && k < (int)size; i++)
        k += snprintf(out + k, size - (size_t)k, "%s%s",
                      i == 0 ? "" : i == shown - 1 && n <= 3 ? " and " : ", ", item[i]);
    if (n > 3 && k < (int)size)
        snprintf(out + k, size - (size_t)k, " and %d more%s%s", n - 3, unit,
                 unit[0] && n - 3 != 1 ? "s" : "");
}

/* What a gap is about, for its note: its kind, or for undefined functions'
 * calls the functions (the first three by name, the rest counted). */
static char *gap_subject(const struct rh_static_gap *gap)
{
    if (!gap->call)
        return rh_xstrdup(gap->what);
    if (gap->nnames == 1)
        return rh_xasprintf("the call of the undefined function '%s' with %s", gap->names[0], gap->what);
    char quoted[3][200], list[700];
    const char *item[3];
    for (int i = 0; i < 3 && i < gap->nnames; i++)
        snprintf(quoted[i], sizeof quoted[i], "'%s'", gap->names[i]), item[i] = quoted[i];
    list_three(list, sizeof list, item, gap->nnames, "");
    return rh_xasprintf("the calls of %d undefined functions (%s) with %s", gap->nnames, list, gap->what);
}

static void gap_free(struct rh_static_gap *gap)
{
    free(gap->what);
    for (int i = 0; i < gap->nnames; i++)
        free(gap->names[i]);
    free(gap->names);
}

/* One note per kind of construct, with its first places and how many more:
 * a program with hundreds of integer-to-pointer casts reads as one line,
 * and one that calls twenty functions of a library it was not given too. */
static void note_gaps(rh_static *s)
{
    int listed = 0;
    for (int g = 0; g < s->ngaps; g++) {
        struct rh_static_gap *gap = &s->gaps[g];
        char at[3][512], places[1700];
        const char *item[3];
        for (int i = 0; i < 3 && i < gap->n; i++)
            snprintf(at[i], sizeof at[i], "%s:%u:%u", gap->at[i].file, gap->at[i].line,
                     gap->at[i].col), item[i] = at[i];
        list_three(places, sizeof places, item, gap->n, " place");
        char *subject = gap_subject(gap);
        rh_result_note(s->res, "static: cannot model %s at %s; race freedom not proved", subject, places);
        free(subject);
        listed += gap->n;
        gap_free(gap);
    }
    if (s->unsupported > listed)
        rh_result_note(s->res, "static: cannot model %d more construct(s) of other kinds; race "
                               "freedom not proved", s->unsupported - listed);
    s->ngaps = 0;
}

/* Whether a value may point to shared memory or to a function. */
static int exposes_shared(rh_static *s, LLVMValueRef v)
{
    const rh_sset *pts = rh_pt_of(&s->pt, v);
    for (uint32_t i = 0; i < pts->n; i++) {
        uint32_t o = rh_pt_loc_obj(pts->v[i]);
        if (s->shared[o] || s->pt.objs[o].kind == RH_PT_FUNC)
            return 1;
    }
    return 0;
}

static void check_external(rh_static *s, LLVMValueRef call, LLVMValueRef callee)
{
    size_t len;
    const char *name = LLVMGetValueName2(callee, &len);
    unsigned rt = LLVMGetEnumAttributeKindForName("returns_twice", 13);
    if (LLVMGetEnumAttributeAtIndex(callee, LLVMAttributeFunctionIndex, rt) || strstr(name, "longjmp")) {
        char *w = rh_xasprintf("the non-local jump of '%s'", name);
        rh_static_unsupported(s, call, w);
        free(w);
        return;
    }
    /* Code the analysis cannot see may reach shared globals by name (an
     * inline function the front end did not emit, a library callback), so
     * every unknown external call counts, and says what it may touch. */
    int exposes = 0;
    unsigned n = LLVMGetNumArgOperands(call);
    for (unsigned i = 0; i < n; i++)
        exposes |= exposes_shared(s, LLVMGetOperand(call, i));
    char *w = rh_xasprintf("the call of the unknown external function '%s'%s", name,
                           exposes ? " with shared memory or a function pointer" : "");
    rh_static_unsupported(s, call, w);
    free(w);
}

/* Cancellation, for this engine (lockset.c, thread_graph.c): pthread_cancel
 * orders nothing; a thread that may be cancelled may end at any point, so
 * a join leaves every thread possibly running; and a cleanup handler is a
 * handler thread created at its region's setjmp, whose second return
 * (ed: the edge the thread graph made of it) no other setjmp has.
 * Signals need no model either: handlers are threads. */
static int cancellation_modelled(const rh_conc_entry *e, const rh_tg_edge *ed)
{
    if (e->flags & RH_F_SIGNAL)
        return 1;
    int kind = rh_conc_cancel_kind(e);
    return kind && (kind != RH_CANCEL_SETJMP || (ed && ed->async));
}

static void check_call(rh_static *s, LLVMValueRef call, int f)
{
    LLVMValueRef cv = LLVMGetCalledValue(call);
    if (LLVMIsAInlineAsm(cv)) {
        rh_static_unsupported(s, call, "inline assembly");
        return;
    }
    const rh_conc_entry *e = rh_model_call_entry(s->p, call);
    LLVMValueRef callee = rh_model_called_function(call);
    const rh_tg_edge *ed = rh_tg_edge_of(&s->tg, f, call);
    if (ed && ed->unresolved) {
        rh_static_unsupported(s, call, ed->kind == RH_TG_CALL ? "an indirect call it cannot resolve"
                                       : ed->async ? "a handler given to the library it cannot resolve"
                                                   : "a thread start routine it cannot resolve");
        return;
    }
    if (!e && callee && rh_model_assumed_external(s->p, callee))
        rh_static_assumed_call(s, call, callee);
    else if (!e && callee && LLVMIsDeclaration(callee))
        check_external(s, call, callee);
    if (e && e->op == RH_OP_UNMODELLED && !cancellation_modelled(e, ed)) {
        size_t len;
        char *w = rh_xasprintf("the call of '%s', which may synchronise threads (or end one, or run "
                               "a signal handler) in a way racehunt does not model",
                               callee ? LLVMGetValueName2(callee, &len) : "?");
        rh_static_unsupported(s, call, w);
        free(w);
    }
    if (e)
        rh_static_library_unsupported(s, call, e);
    uint64_t size;
    if (e && (e->flags & RH_F_SCAN) && rh_model_scan_writes(s->p, call, e->obj2, &size, 1) < 0)
        rh_static_unsupported(s, call, "a scanf format that is not a constant or has %p");
}

static void check_inst(rh_static *s, LLVMValueRef in, int f)
{
    switch (LLVMGetInstructionOpcode(in)) {
    case LLVMCall:
        check_call(s, in, f);
        return;
    case LLVMVAArg:
        if (LLVMGetTypeKind(LLVMTypeOf(in)) == LLVMPointerTypeKind)
            rh_static_unsupported(s, in, "a pointer read from variable arguments");
        return;
    default:
        return;
    }
}


/* A library call reading a string a pure library function returned
 * (printf("%s", strerror(e))): the storage is the library's, which the
 * program only reads through library calls, so no race is hidden there. */
static int library_storage(rh_static *s, const rh_access *acc)
{
    LLVMValueRef p = acc->ptr;
    if (!acc->from_call || acc->kind != RH_ACC_READ || !LLVMIsACallInst(p))
        return 0;
    const rh_conc_entry *e = rh_model_call_entry(s->p, p);
    return e && e->op == RH_OP_PURE;
}

/* Whether p can only be the null pointer, or is (a field or element of, or
 * a pointer loaded from) a parameter every caller passes as one: the
 * function is only called directly, and each call gives NULL or such a
 * parameter of its own (lmdb's mdb_txn_begin(env, NULL, ...) guards
 * `parent->flags` with `if (parent)` and passes `parent` on).  An access
 * through it never runs in a program without undefined behaviour.  A phi
 * met again on the way counts as null-only (its other values decide). */
typedef struct null_walk {
    LLVMValueRef phis[8];
    int nphis, depth;
} null_walk;

static int null_only(LLVMValueRef p, null_walk *w)
{
    if (rh_model_null(p)) /* time(NULL): no access through it; a real one only crashes */
        return 1;
    while (p && (LLVMIsAGetElementPtrInst(p) || LLVMIsABitCastInst(p) || LLVMIsALoadInst(p)))
        p = LLVMGetOperand(p, 0);
    if (!p || w->depth > 6)
        return 0;
    if (LLVMIsAPHINode(p)) {
        for (int i = 0; i < w->nphis; i++)
            if (w->phis[i] == p)
                return 1;
        if (w->nphis == 8)
            return 0;
        w->phis[w->nphis++] = p, w->depth++;
        int ok = 1;
        for (unsigned i = 0; ok && i < LLVMCountIncoming(p); i++)
            ok = null_only(LLVMGetIncomingValue(p, i), w);
        w->depth--;
        return ok;
    }
    if (!LLVMIsAArgument(p))
        return 0;
    LLVMValueRef fn = LLVMGetParamParent(p);
    unsigned k = 0, calls = 0;
    while (LLVMGetParam(fn, k) != p)
        k++;
    int ok = 1;
    w->depth++;
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u && ok; u = LLVMGetNextUse(u), calls++) {
        LLVMValueRef call = LLVMGetUser(u);
        ok = LLVMIsACallInst(call) && LLVMGetCalledValue(call) == fn && k < LLVMGetNumArgOperands(call) &&
             null_only(LLVMGetOperand(call, k), w);
    }
    w->depth--;
    return ok && calls > 0;
}

/* Accesses through pointers the points-to analysis saw no target for: an
 * integer cast to a pointer, or memory it does not track, made them. */
static void check_untargeted(rh_static *s)
{
    for (int a = 0; a < s->p->naccesses; a++)
        if (s->ls.acc[a].seen && rh_pt_of(&s->pt, s->p->accesses[a].ptr)->n == 0 &&
            !null_only(s->p->accesses[a].ptr, &(null_walk){{0}, 0, 0}) && !library_storage(s, &s->p->accesses[a]))
            rh_static_unsupported(s, s->p->accesses[a].inst, "an access through a pointer it cannot follow "
                                                             "(an integer cast to a pointer?)");
}

/* Scans every function some thread may run. */
void rh_static_find_unsupported(rh_static *s)
{
    check_untargeted(s);
    for (int f = 0; f < s->p->nfuncs; f++) {
        if (!s->tg.nthreads_of_func[f])
            continue;
        for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(s->p->funcs[f].fn); b; b = LLVMGetNextBasicBlock(b))
            for (LLVMValueRef in = LLVMGetFirstInstruction(b); in; in = LLVMGetNextInstruction(in))
                check_inst(s, in, f);
    }
    if (s->pt.untracked)
        rh_static_unsupported(s, s->pt.first_untracked, "a pointer computed by an unmodelled instruction");
    note_gaps(s);
    rh_static_note_assumptions(s);
}
