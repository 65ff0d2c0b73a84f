/* thread_graph.c - thread discovery, multiplicity and per-thread function
 * reachability (see thread_graph.h).
 */
#include "thread_graph.h"

#include <stdlib.h>
#include <string.h>

typedef RH_VEC(rh_tg_edge) edge_vec;

/* The handler a registration call (signal, sigaction, atexit,
 * pthread_key_create) gives the library, as an async create edge; 0 when
 * it gives none (SIG_IGN, a NULL destructor, a NULL sigaction, which only
 * reads the old one). */
static int registered_handler(rh_pt *pt, LLVMValueRef call, const rh_conc_entry *e, rh_tg_edge *ed)
{
    if (e->fn < 0 || e->fn >= (int)LLVMGetNumArgOperands(call))
        return 0;
    LLVMValueRef h = LLVMGetOperand(call, (unsigned)e->fn);
    const rh_sset *to = rh_pt_of(pt, h);
    if (LLVMIsConstant(h) && !to->n)
        return 0;
    int fn = !to->n;
    for (uint32_t i = 0; i < to->n && !fn; i++)
        fn = pt->objs[rh_pt_loc_obj(to->v[i])].kind == RH_PT_FUNC;
    ed->kind = RH_TG_CREATE, ed->async = 1;
    if (fn) {
        ed->ntargets = rh_pt_fn_targets(pt, h, &ed->targets, &ed->unresolved);
        return 1;
    }
    /* not a function: the handler is in the struct it points to */
    ed->ntargets = rh_pt_stored_fn_targets(pt, h, &ed->targets, &ed->unresolved);
    return ed->ntargets > 0 || ed->unresolved;
}

/* The handler of glibc's pthread_cleanup_push, at its __sigsetjmp: in the
 * block the setjmp's second return branches to, the call just before
 * __pthread_unwind_next (the routine on its argument).  The handler runs
 * in the thread itself wherever it acts on a cancellation or calls
 * pthread_exit inside the region, with whatever locks it then holds; the
 * path the IR gives it starts from the setjmp's state instead.  So it is
 * also an async create edge (a handler thread: no locks, any time after),
 * which covers every place it can run.  A handler that only unlocks needs
 * none.  Returns 0 when the setjmp is no cleanup region's. */
static int cleanup_handler(rh_tg *g, rh_pt *pt, LLVMValueRef setjmp, rh_tg_edge *ed)
{
    LLVMValueRef term = LLVMGetBasicBlockTerminator(LLVMGetInstructionParent(setjmp));
    for (unsigned i = 0; term && i < LLVMGetNumSuccessors(term); i++) {
        LLVMBasicBlockRef b = LLVMGetSuccessor(term, i);
        for (LLVMValueRef in = LLVMGetFirstInstruction(b); in; in = LLVMGetNextInstruction(in)) {
            LLVMValueRef prev = LLVMGetPreviousInstruction(in);
            if (!LLVMIsACallInst(in) || rh_conc_cancel_kind(rh_model_call_entry(g->p, in)) != RH_CANCEL_UNWIND ||
                !prev || !LLVMIsACallInst(prev))
                continue;
            const rh_conc_entry *h = rh_model_call_entry(g->p, prev);
            ed->kind = RH_TG_CREATE, ed->async = 1;
            if (h && h->op == RH_OP_UNLOCK)
                return 1; /* pthread_cleanup_push(pthread_mutex_unlock, &m): no accesses */
            ed->ntargets = rh_pt_call_targets(pt, prev, &ed->targets, &ed->unresolved);
            ed->unresolved |= ed->ntargets == 0;
            return 1;
        }
    }
    return 0;
}

static void collect_edges(rh_tg *g, rh_pt *pt, int f)
{
    edge_vec v = {0};
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(g->p->funcs[f].fn); b; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef in = LLVMGetFirstInstruction(b); in; in = LLVMGetNextInstruction(in)) {
            if (LLVMGetInstructionOpcode(in) != LLVMCall)
                continue;
            const rh_conc_entry *e = rh_model_call_entry(g->p, in);
            rh_tg_edge ed = {in, RH_TG_CALL, NULL, 0, 0, 0};
            if (e && (e->op == RH_OP_THREAD_CREATE || e->op == RH_OP_ONCE)) {
                if (e->fn < 0 || e->fn >= (int)LLVMGetNumArgOperands(in))
                    continue;
                ed.kind = e->op == RH_OP_THREAD_CREATE ? RH_TG_CREATE : RH_TG_ONCE;
                ed.ntargets = rh_pt_fn_targets(pt, LLVMGetOperand(in, (unsigned)e->fn), &ed.targets,
                                               &ed.unresolved);
            } else if (rh_conc_cancel_kind(e) == RH_CANCEL_SETJMP) {
                if (!cleanup_handler(g, pt, in, &ed))
                    continue;
            } else if (rh_conc_registers(e)) {
                if (!registered_handler(pt, in, e, &ed))
                    continue;
            } else if (e && (e->flags & RH_F_CALLBACK) && e->fn >= 0 &&
                       e->fn < (int)LLVMGetNumArgOperands(in)) {
                /* the library calls the program back before returning (qsort) */
                ed.ntargets = rh_pt_fn_targets(pt, LLVMGetOperand(in, (unsigned)e->fn), &ed.targets,
                                               &ed.unresolved);
            } else if (e && e->op != RH_OP_ATOMIC_CALL) {
                continue;
            } else {
                LLVMValueRef callee = rh_model_called_function(in);
                if (callee && rh_pt_func_index(pt, callee) < 0)
                    continue; /* external: not an edge */
                ed.ntargets = rh_pt_call_targets(pt, in, &ed.targets, &ed.unresolved);
            }
            rh_vec_push(&v, ed);
        }
    g->edges[f] = v.items;
    g->nedges[f] = (int)v.len;
    for (size_t i = 0; i < v.len; i++)
        rh_map_put_ptr(&g->edge_of_inst, v.items[i].inst, (long)(intptr_t)&v.items[i]);
}

const rh_tg_edge *rh_tg_edge_of(const rh_tg *g, int f, LLVMValueRef inst)
{
    (void)f;
    return (const rh_tg_edge *)(intptr_t)rh_map_get_ptr(&g->edge_of_inst, inst, 0);
}

/* Functions a thread may execute: calls and once-routines, not creates.
 * Also lists them, so later passes touch only what the thread runs. */
static void compute_reach(rh_tg *g, rh_tg_thread *t)
{
    int n = g->p->nfuncs;
    t->reach = rh_xcalloc((size_t)n + 1, 1);
    int *work = rh_xmalloc(((size_t)n + 1) * sizeof *work), nw = 0;
    t->funcs = rh_xmalloc(((size_t)n + 1) * sizeof *t->funcs);
    t->nfuncs = 0;
    t->reach[t->func] = 1;
    work[nw++] = t->func;
    while (nw) {
        int f = work[--nw];
        t->funcs[t->nfuncs++] = f;
        for (int i = 0; i < g->nedges[f]; i++) {
            const rh_tg_edge *e = &g->edges[f][i];
            if (e->kind == RH_TG_CREATE)
                continue;
            for (int k = 0; k < e->ntargets; k++)
                if (!t->reach[e->targets[k]]) {
                    t->reach[e->targets[k]] = 1;
                    work[nw++] = e->targets[k];
                }
        }
    }
    free(work);
    t->funcs = rh_xrealloc(t->funcs, ((size_t)t->nfuncs + 1) * sizeof *t->funcs);
}

typedef struct once_ctx {
    rh_tg *g;
    const rh_cfg *cfg;
    rh_tg_thread *t;
    int *ncalls;           /* call sites reaching each function within the thread */
    LLVMValueRef *site;    /* the only call site, when ncalls is 1 */
    int *caller;           /* the function holding that site */
    signed char *state;    /* 0 unknown, 1 once, 2 not once, 3 in progress */
} once_ctx;

/* Whether f's call sites in the thread all lie in one function, outside
 * loops, and no one of them can run after another in one call of it
 * (`if (a) return f(); else if (b) return f();`): f runs at most once
 * per run of that function. */
static int exclusive_sites(once_ctx *c, int f)
{
    LLVMValueRef sites[8];
    int n = 0;
    for (int i = 0; i < c->t->nfuncs; i++) {
        int cf = c->t->funcs[i];
        for (int j = 0; j < c->g->nedges[cf]; j++) {
            const rh_tg_edge *e = &c->g->edges[cf][j];
            for (int k = 0; e->kind != RH_TG_CREATE && k < e->ntargets; k++) {
                if (e->targets[k] != f)
                    continue;
                if (n == 8 || cf != c->caller[f] || rh_cfg_inst_in_loop(c->cfg, cf, e->inst))
                    return 0;
                sites[n++] = e->inst;
            }
        }
    }
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++)
            if (a != b && rh_cfg_may_follow(sites[a], sites[b]))
                return 0;
    return n == c->ncalls[f];
}

static int is_once(once_ctx *c, int f)
{
    if (c->state[f] == 1 || c->state[f] == 2)
        return c->state[f] == 1;
    if (c->state[f] == 3)
        return 0; /* recursion: runs any number of times */
    c->state[f] = 3;
    int ok;
    if (f == c->t->func)
        ok = c->ncalls[f] == 0;
    else
        ok = (c->ncalls[f] == 1 || exclusive_sites(c, f)) &&
             !rh_cfg_inst_in_loop(c->cfg, c->caller[f], c->site[f]) && is_once(c, c->caller[f]);
    c->state[f] = ok ? 1 : 2;
    return ok;
}

/* Scratch arrays (one per build) are reset only where a thread touched them. */
static void compute_once(rh_tg *g, const rh_cfg *cfg, rh_tg_thread *t, once_ctx *c)
{
    c->t = t;
    for (int i = 0; i < t->nfuncs; i++) {
        int f = t->funcs[i];
        for (int j = 0; j < g->nedges[f]; j++) {
            const rh_tg_edge *e = &g->edges[f][j];
            if (e->kind == RH_TG_CREATE)
                continue;
            for (int k = 0; k < e->ntargets; k++) {
                int tf = e->targets[k];
                c->ncalls[tf]++;
                c->site[tf] = e->inst;
                c->caller[tf] = f;
            }
        }
    }
    (void)cfg;
    t->once = rh_xcalloc((size_t)g->p->nfuncs + 1, 1);
    for (int i = 0; i < t->nfuncs; i++)
        t->once[t->funcs[i]] = is_once(c, t->funcs[i]);
    for (int i = 0; i < t->nfuncs; i++) {
        int f = t->funcs[i];
        c->ncalls[f] = 0, c->state[f] = 0;
    }
}

static int add_thread(rh_tg *g, int func, int parent, LLVMValueRef create)
{
    g->threads = rh_xrealloc(g->threads, (size_t)(g->nthreads + 1) * sizeof *g->threads);
    rh_tg_thread *t = &g->threads[g->nthreads];
    memset(t, 0, sizeof *t);
    t->func = func, t->parent = parent, t->create = create;
    const rh_conc_entry *e = create ? rh_model_call_entry(g->p, create) : NULL;
    if (e && e->obj2 >= 0 && (unsigned)e->obj2 < LLVMGetNumArgOperands(create))
        t->create_arg = LLVMGetOperand(create, (unsigned)e->obj2);
    return g->nthreads++;
}

static int find_thread(rh_tg *g, LLVMValueRef create, int func)
{
    for (int i = 1; i < g->nthreads; i++)
        if (g->threads[i].create == create && g->threads[i].func == func)
            return i;
    return -1;
}

/* Adds the threads created by the create calls thread ti may execute. */
static void discover_children(rh_tg *g, int ti)
{
    for (int fi = 0; fi < g->threads[ti].nfuncs; fi++) {
        int f = g->threads[ti].funcs[fi];
        for (int i = 0; i < g->nedges[f]; i++) {
            const rh_tg_edge *e = &g->edges[f][i];
            if (e->kind != RH_TG_CREATE)
                continue;
            for (int k = 0; k < e->ntargets; k++) {
                int c = find_thread(g, e->inst, e->targets[k]);
                if (c < 0 && e->async)
                    c = add_thread(g, e->targets[k], ti, e->inst), g->threads[c].async = 1;
                else if (c < 0)
                    add_thread(g, e->targets[k], ti, e->inst);
                else if (g->threads[c].parent != ti)
                    g->threads[c].parent = -1, g->threads[c].multi = 1;
            }
        }
    }
}

static void describe(rh_tg *g, int ti)
{
    rh_tg_thread *t = &g->threads[ti];
    if (ti == 0) {
        t->desc = rh_xstrdup("main thread");
        return;
    }
    rh_srcloc l = rh_model_inst_loc(g->p, t->create);
    if (t->async) {
        t->desc = rh_xasprintf("handler T%d (%s) registered at %s:%u:%u, may run at any time after", ti,
                               g->p->funcs[t->func].name, l.file, l.line, l.col);
        return;
    }
    t->desc = rh_xasprintf("thread T%d (%s) created at %s:%u:%u%s", ti, g->p->funcs[t->func].name,
                           l.file, l.line, l.col, t->multi ? ", may run in several instances" : "");
}

int rh_tg_build(rh_tg *g, rh_program *p, rh_pt *pt, const rh_cfg *cfg)
{
    memset(g, 0, sizeof *g);
    g->p = p;
    g->edges = rh_xcalloc((size_t)p->nfuncs + 1, sizeof *g->edges);
    g->nedges = rh_xcalloc((size_t)p->nfuncs + 1, sizeof *g->nedges);
    for (int f = 0; f < p->nfuncs; f++)
        collect_edges(g, pt, f);
    if (p->main_func < 0)
        return -1;
    add_thread(g, p->main_func, -1, NULL);
    int n = p->nfuncs;
    once_ctx c = {g, cfg, NULL, rh_xcalloc((size_t)n + 1, sizeof(int)),
                  rh_xcalloc((size_t)n + 1, sizeof(LLVMValueRef)), rh_xcalloc((size_t)n + 1, sizeof(int)),
                  rh_xcalloc((size_t)n + 1, 1)};
    for (int ti = 0; ti < g->nthreads; ti++) {
        compute_reach(g, &g->threads[ti]);
        compute_once(g, cfg, &g->threads[ti], &c);
        discover_children(g, ti);
    }
    free(c.ncalls), free(c.site), free(c.caller), free(c.state);
    /* Creators come before the threads they create, except for parent -1. */
    for (int ti = 1; ti < g->nthreads; ti++) {
        rh_tg_thread *t = &g->threads[ti];
        int cf = rh_pt_func_index(pt, LLVMGetBasicBlockParent(LLVMGetInstructionParent(t->create)));
        if (t->async || t->parent < 0 || g->threads[t->parent].multi || cf < 0 ||
            !g->threads[t->parent].once[cf] || rh_cfg_inst_in_loop(cfg, cf, t->create))
            t->multi = 1;
    }
    g->nthreads_of_func = rh_xcalloc((size_t)p->nfuncs + 1, sizeof(int));
    for (int ti = 0; ti < g->nthreads; ti++) {
        describe(g, ti);
        for (int i = 0; i < g->threads[ti].nfuncs; i++)
            g->nthreads_of_func[g->threads[ti].funcs[i]]++;
    }
    return 0;
}

void rh_tg_free(rh_tg *g)
{
    for (int f = 0; g->edges && f < g->p->nfuncs; f++) {
        for (int i = 0; i < g->nedges[f]; i++)
            free(g->edges[f][i].targets);
        free(g->edges[f]);
    }
    free(g->edges);
    free(g->nedges);
    for (int i = 0; i < g->nthreads; i++) {
        free(g->threads[i].reach);
        free(g->threads[i].once);
        free(g->threads[i].funcs);
        free(g->threads[i].desc);
    }
    free(g->threads);
    free(g->nthreads_of_func);
    rh_map_free(&g->edge_of_inst);
    memset(g, 0, sizeof *g);
}

int rh_tg_ancestor(const rh_tg *g, int a, int d)
{
    for (int t = d >= 0 ? g->threads[d].parent : -1, n = 0; t >= 0 && n <= g->nthreads; n++) {
        if (t == a)
            return 1;
        t = g->threads[t].parent;
    }
    return 0;
}

int rh_tg_unknown_origin(const rh_tg *g, int t)
{
    for (int n = 0; t > 0 && n <= g->nthreads; n++) {
        if (g->threads[t].parent < 0)
            return 1;
        t = g->threads[t].parent;
    }
    return t != 0;
}

int rh_tg_object_strong(const rh_tg *g, const rh_pt *pt, const rh_cfg *cfg, uint32_t o)
{
    const rh_pt_object *ob = &pt->objs[o];
    if (ob->kind == RH_PT_GLOBAL)
        return !ob->thread_local_;
    if ((ob->kind != RH_PT_LOCAL && ob->kind != RH_PT_HEAP) || ob->func < 0 ||
        g->nthreads_of_func[ob->func] != 1)
        return 0;
    for (int ti = 0; ti < g->nthreads; ti++)
        if (g->threads[ti].reach[ob->func])
            return !g->threads[ti].multi && g->threads[ti].once[ob->func] &&
                   !rh_cfg_inst_in_loop(cfg, ob->func, ob->site);
    return 0;
}
