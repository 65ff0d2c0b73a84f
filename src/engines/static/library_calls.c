/* library_calls.c - what the static engine cannot take from the library
 * specification as plain accesses: callbacks into the program (qsort's
 * comparator, signal handlers, atexit), kept buffers (setvbuf), and the
 * assumption it makes about functions nobody defines, which it states in
 * a note ("assumption: ...") that reports show with the verdict.
 */
#include "static_ctx.h"
#include "model/libspec.h"

#include <stdlib.h>
#include <string.h>

/* A callback argument that is a function of the program (not NULL, not
 * SIG_IGN/SIG_DFL, which are small integers cast to pointers). */
static int user_code(rh_static *s, LLVMValueRef call, int k)
{
    if (k < 0 || k >= (int)LLVMGetNumArgOperands(call))
        return 0;
    LLVMValueRef v = LLVMGetOperand(call, (unsigned)k);
    if (LLVMIsConstant(v) && (LLVMIsNull(v) || LLVMIsAConstantExpr(v)) && !rh_pt_of(&s->pt, v)->n)
        return 0;
    return 1;
}

/* A callback (qsort's comparator) is an edge of the thread graph, like a
 * call; one whose targets are not all known cannot be followed.  (A
 * registered handler is a create edge, which check_call looks at.) */
static int callback_unresolved(rh_static *s, LLVMValueRef call)
{
    LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
    const rh_tg_edge *ed = rh_tg_edge_of(&s->tg, rh_pt_func_index(&s->pt, fn), call);
    return !ed || ed->unresolved;
}

/* Whether the struct sigevent a call gives (timer_create) may hold a
 * function, which SIGEV_THREAD runs in a new thread with the stored value;
 * without one, the notification is a signal, whose handler is a thread of
 * its own already (thread_graph.h). */
static int notify_function(rh_static *s, LLVMValueRef call, int k)
{
    if (k < 0 || k >= (int)LLVMGetNumArgOperands(call) || rh_model_null(LLVMGetOperand(call, (unsigned)k)))
        return 0;
    int *targets = NULL, unresolved = 0;
    int n = rh_pt_stored_fn_targets(&s->pt, LLVMGetOperand(call, (unsigned)k), &targets, &unresolved);
    free(targets);
    return n > 0 || unresolved;
}

/* Returns whether the call is a library call the engine cannot follow. */
int rh_static_library_unsupported(rh_static *s, LLVMValueRef call, const rh_conc_entry *e)
{
    const char *what = NULL;
    if (!rh_libspec_of(e))
        return 0;
    if ((e->flags & RH_F_CALLBACK) && user_code(s, call, e->fn) && callback_unresolved(s, call))
        what = "a callback from the library into the program it cannot resolve";
    else if ((e->flags & RH_F_NOTIFY) && notify_function(s, call, e->fn))
        what = "a notification function the library may run in a thread of its own (SIGEV_THREAD)";
    else if ((e->flags & RH_F_KEEPS) && user_code(s, call, e->obj2))
        what = "a buffer the library keeps and writes later";
    if (!what)
        return 0;
    char *w = rh_xasprintf("%s: '%s'", what, e->name);
    rh_static_unsupported(s, call, w);
    free(w);
    return 1;
}

/* Whether an operand of a synchronisation operation is one of its
 * objects: locks, conditions, barriers, semaphores, once controls. */
static int sync_operand(const rh_conc_entry *e, int k)
{
    switch (e->op) {
    case RH_OP_LOCK_INIT: case RH_OP_LOCK_DESTROY: case RH_OP_LOCK: case RH_OP_UNLOCK:
    case RH_OP_COND_WAIT: case RH_OP_COND_SIGNAL: case RH_OP_COND_BROADCAST:
    case RH_OP_BARRIER_INIT: case RH_OP_BARRIER_WAIT: case RH_OP_SEM_INIT: case RH_OP_SEM_WAIT:
    case RH_OP_SEM_POST: case RH_OP_ONCE: case RH_OP_HB_RELEASE: case RH_OP_HB_ACQUIRE:
        return k == e->obj || k == e->obj2;
    default:
        return 0;
    }
}

/* The objects the program synchronises on (s->sync_objs), from every
 * synchronisation call of the model. */
static const unsigned char *sync_objects(rh_static *s)
{
    if (s->sync_objs)
        return s->sync_objs;
    s->sync_objs = rh_xcalloc((size_t)s->pt.nobjs + 1, 1);
    for (int i = 0; i < s->p->nsyncs; i++) {
        const rh_sync *y = &s->p->syncs[i];
        unsigned n = y->entry ? LLVMGetNumArgOperands(y->inst) : 0;
        for (unsigned k = 0; k < n; k++) {
            if (!sync_operand(y->entry, (int)k))
                continue;
            const rh_sset *pts = rh_pt_of(&s->pt, LLVMGetOperand(y->inst, k));
            for (uint32_t j = 0; j < pts->n; j++)
                s->sync_objs[rh_pt_loc_obj(pts->v[j])] = 1;
        }
    }
    return s->sync_objs;
}

/* Whether memory another thread may reach, or an object the program
 * synchronises on, lies behind a pointer stored in what the argument
 * points to: the function may write it too, which the access the model
 * gives the call (the argument's own object) does not cover.  Depth-first
 * over the cells of the objects, each object once. */
static int shared_behind(rh_static *s, LLVMValueRef arg)
{
    const unsigned char *sync = sync_objects(s);
    unsigned char *seen = rh_xcalloc((size_t)s->pt.nobjs + 1, 1);
    uint32_t *work = rh_xmalloc(((size_t)s->pt.nobjs + 1) * sizeof *work);
    int nw = 0, found = 0;
    const rh_sset *pts = rh_pt_of(&s->pt, arg);
    for (uint32_t i = 0; i < pts->n; i++) {
        uint32_t o = rh_pt_loc_obj(pts->v[i]);
        if (!seen[o])
            seen[o] = 1, work[nw++] = o;
    }
    while (nw && !found) {
        const rh_sset *cells = rh_pt_cells(&s->pt, work[--nw]);
        for (uint32_t k = 0; k < cells->n && !found; k++) {
            const rh_sset *to = rh_pt_node_set(&s->pt, (int)(uint32_t)cells->v[k]);
            for (uint32_t i = 0; i < to->n && !found; i++) {
                uint32_t o = rh_pt_loc_obj(to->v[i]);
                found = (s->shared[o] || sync[o]) && s->pt.objs[o].kind != RH_PT_FUNC;
                if (!seen[o])
                    seen[o] = 1, work[nw++] = o;
            }
        }
    }
    free(seen);
    free(work);
    return found;
}

/* Whether the argument points into an object the program synchronises on
 * (a mutex, or a struct holding one): the function may lock or unlock it,
 * which "touches only memory reachable from its arguments" does not say. */
static int given_sync_object(rh_static *s, LLVMValueRef arg)
{
    const unsigned char *sync = sync_objects(s);
    const rh_sset *pts = rh_pt_of(&s->pt, arg);
    for (uint32_t k = 0; k < pts->n; k++)
        if (sync[rh_pt_loc_obj(pts->v[k])])
            return 1;
    return 0;
}

/* Whether the argument may point to a function, which the callee may call. */
static int given_function(rh_static *s, LLVMValueRef arg)
{
    const rh_sset *pts = rh_pt_of(&s->pt, arg);
    for (uint32_t k = 0; k < pts->n; k++)
        if (s->pt.objs[rh_pt_loc_obj(pts->v[k])].kind == RH_PT_FUNC)
            return 1;
    return 0;
}

/* What an argument may hand an undefined function that the assumption
 * (it touches only memory reachable from its arguments) does not cover:
 * code it may call back, a lock it may take or release, shared memory
 * behind a pointer it may write.  Any of them keeps the call unsupported. */
static const struct {
    int (*given)(rh_static *s, LLVMValueRef arg);
    const char *what;
} beyond_assumption[] = {
    {given_function, "a function pointer"},
    {given_sync_object, "a lock or another synchronisation object to use"},
    {shared_behind, "shared memory behind a pointer argument"},
};

/* Records an undefined function's call as analysed by assumption, or, when
 * an argument hands it more than the assumption covers, as unsupported
 * (returns 1 then). */
int rh_static_assumed_call(rh_static *s, LLVMValueRef call, LLVMValueRef callee)
{
    unsigned n = LLVMGetNumArgOperands(call);
    size_t len;
    const char *name = LLVMGetValueName2(callee, &len);
    for (size_t c = 0; c < sizeof beyond_assumption / sizeof beyond_assumption[0]; c++)
        for (unsigned i = 0; i < n; i++)
            if (beyond_assumption[c].given(s, LLVMGetOperand(call, i))) {
                rh_static_unsupported_call(s, call, name, beyond_assumption[c].what);
                return 1;
            }
    for (int i = 0; i < s->nassumed; i++)
        if (strcmp(s->assumed[i], name) == 0)
            return 0;
    s->assumed = rh_xrealloc(s->assumed, (size_t)(s->nassumed + 1) * sizeof *s->assumed);
    s->assumed[s->nassumed++] = name;
    return 0;
}

/* The note stating the assumption, naming every function it covers. */
void rh_static_note_assumptions(rh_static *s)
{
    if (!s->nassumed)
        return;
    size_t len = 0;
    for (int i = 0; i < s->nassumed; i++)
        len += strlen(s->assumed[i]) + 8;
    char *names = rh_xmalloc(len + 1), *q = names;
    for (int i = 0; i < s->nassumed; i++) {
        const char *sep = i == 0 ? "" : i == s->nassumed - 1 ? " and " : ", ";
        q += sprintf(q, "%s'%s'", sep, s->assumed[i]);
    }
    rh_result_note(s->res, "assumption: %s touch%s only memory reachable from %s arguments "
                   "and store%s no pointers there", names, s->nassumed == 1 ? "es" : "",
                   s->nassumed == 1 ? "its" : "their", s->nassumed == 1 ? "s" : "");
    free(names);
    free(s->assumed);
    s->assumed = NULL;
    s->nassumed = 0;
}
