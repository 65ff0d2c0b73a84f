/* dyn_report.c - turns what the runtime saw into racehunt's race records
 * and witness schedules (schema "racehunt-witness", README.md): a witness
 * step is one scheduling point of the run, in order, so replaying the steps
 * drives the program through the same interleaving.
 */
#include "dyn.h"
#include "model/src_names.h"
#include "result/witness_file.h"
#include "util/outfile.h"
#include "util/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define RH_DYN_MAX_WITNESS_STEPS 200000

static const rh_dyn_loc *loc_of(const rh_dyn_binary *bin, unsigned loc)
{
    return loc < (unsigned)bin->locs.len ? &bin->locs.items[loc] : &bin->locs.items[0];
}

/* d (consumed) followed by the call sites above l, at most max of them
 * (innermost first): "d in spawn, called from main at a.c:40:5, from ...". */
static char *with_callers(const rh_dyn_binary *bin, char *d, const rh_dyn_loc *l, const unsigned *stack,
                          int nstack, int max)
{
    for (int k = 0; k < nstack && k < max; k++) {
        const rh_dyn_loc *c = loc_of(bin, stack[k]);
        char *more = k ? rh_xasprintf("%s, from %s at %s:%u:%u", d, c->func, c->file, c->line, c->col)
                       : rh_xasprintf("%s in %s, called from %s at %s:%u:%u", d, l->func, c->func,
                                      c->file, c->line, c->col);
        free(d);
        d = more;
    }
    return d;
}

char *rh_dyn_thread_desc(const rh_dyn_binary *bin, const rh_dyn_trace *t, int tid)
{
    if (tid == 0)
        return rh_xstrdup("main thread T0");
    for (int i = 0; i < t->nthreads; i++)
        if (t->threads[i].tid == tid) {
            const rh_dyn_loc *l = loc_of(bin, t->threads[i].loc);
            char *d = rh_xasprintf("thread T%d created by T%d at %s:%u:%u", tid, t->threads[i].parent,
                                   l->file, l->line, l->col);
            /* the creation stack: "in spawn, called from main at a.c:40:5" */
            return with_callers(bin, d, l, t->threads[i].stack, t->threads[i].nstack, 8);
        }
    return rh_xasprintf("thread T%d", tid);
}

/* Locks thread tid holds just before event `upto`, replayed from the trace. */
static int locks_at(const rh_dyn_trace *t, int tid, long upto, unsigned long *held, int max)
{
    int n = 0;
    for (long i = 0; i < upto && i < t->nev; i++) {
        const rh_dyn_event *e = &t->ev[i];
        if (e->tid != tid)
            continue;
        if ((e->kind == RH_DYN_LOCK || e->kind == RH_DYN_RDLOCK || e->kind == RH_DYN_WAKE) && n < max)
            held[n++] = e->kind == RH_DYN_WAKE ? (unsigned long)e->aux : e->addr;
        else if (e->kind == RH_DYN_UNLOCK || e->kind == RH_DYN_WAIT) {
            unsigned long m = e->kind == RH_DYN_WAIT ? (unsigned long)e->aux : e->addr;
            for (int k = n - 1; k >= 0; k--)
                if (held[k] == m) {
                    memmove(&held[k], &held[k + 1], (size_t)(n - k - 1) * sizeof *held);
                    n--;
                    break;
                }
        }
    }
    return n;
}

/* The heap block addr is in, as the runtime described it ('A' lines), or NULL. */
static const struct rh_dyn_heap_block *heap_of(const rh_dyn_trace *t, unsigned long addr,
                                               unsigned long *off)
{
    for (int i = 0; i < t->nheap; i++)
        if (t->heap[i].addr == addr) {
            *off = t->heap[i].off;
            return &t->heap[i];
        }
    return NULL;
}

/* Where heap block h (heap_of's) was allocated: "a.c:32:9", and when the
 * allocation ran in a function called from elsewhere, its callers (an
 * allocation wrapper's site alone names nothing): "a.c:32:9 in xmalloc,
 * called from load at b.c:7:3". */
#define RH_DYN_ALLOC_CALLERS 2

static char *alloc_site(const rh_dyn_binary *bin, const struct rh_dyn_heap_block *b)
{
    const rh_dyn_loc *l = loc_of(bin, b->loc);
    return with_callers(bin, rh_xasprintf("%s:%u:%u", l->file, l->line, l->col), l, b->stack,
                        b->nstack, RH_DYN_ALLOC_CALLERS);
}

/* A lock's name, never its address (which changes from run to run): the
 * global its lock calls name, the source expression they lock ('q->lock'),
 * or the heap object it lies in. */
static char *lock_name(const rh_dyn_binary *bin, const rh_dyn_trace *t, unsigned long addr)
{
    static const char *const words[] = {[RH_LOCK_NONE] = "lock", [RH_LOCK_MUTEX] = "mutex",
                                        [RH_LOCK_RWLOCK] = "rwlock", [RH_LOCK_SPIN] = "spinlock"};
    unsigned long off;
    const char *global = rh_dyn_global_at(bin->syms, t->rt_addr, addr, &off);
    for (long i = 0; i < t->nev; i++) {
        const rh_dyn_event *e = &t->ev[i];
        if ((e->kind == RH_DYN_LOCK || e->kind == RH_DYN_RDLOCK) && e->addr == addr) {
            const rh_dyn_loc *l = loc_of(bin, e->loc);
            const char *w = (unsigned)l->lock_class < 4 ? words[l->lock_class] : "lock";
            if (l->object && strncmp(l->object, "global ", 7) == 0)
                return rh_xasprintf("%s %s", w, l->object + 7);
            if (l->access && global) /* through a pointer into a global: both */
                return rh_xasprintf("%s %s at byte %lu of global '%s'", w, l->access, off, global);
            if (l->access)
                return rh_xasprintf("%s %s", w, l->access);
            break;
        }
    }
    const struct rh_dyn_heap_block *heap = heap_of(t, addr, &off);
    if (heap) {
        char *site = alloc_site(bin, heap);
        char *s = rh_xasprintf("lock at byte %lu of the heap object allocated at %s", off, site);
        free(site);
        return s;
    }
    if (global)
        return off ? rh_xasprintf("lock at byte %lu of global '%s'", off, global)
                   : rh_xasprintf("lock %s", global);
    return rh_xstrdup("a lock racehunt cannot name");
}

static void fill_access(const rh_dyn_binary *bin, const rh_dyn_trace *t, const rh_dyn_obs *o,
                        int k, rh_race_access *a)
{
    const rh_dyn_loc *l = loc_of(bin, o->loc[k]);
    memset(a, 0, sizeof *a);
    a->file = rh_xstrdup(l->file);
    a->line = l->line, a->col = l->col;
    a->func = rh_xstrdup(l->func);
    a->is_write = o->write[k];
    a->atomic = o->atomic[k];
    a->size = o->size; /* the overlap; the access's own size when the trace has its event */
    if (o->ev[k] < (unsigned long)t->nev && t->ev[o->ev[k]].loc == o->loc[k] && t->ev[o->ev[k]].size)
        a->size = t->ev[o->ev[k]].size;
    a->thread = o->tid[k];
    a->thread_desc = rh_dyn_thread_desc(bin, t, o->tid[k]);
    unsigned long held[32];
    int n = k == 1 ? (o->nlocks < 32 ? o->nlocks : 32) : locks_at(t, o->tid[0], (long)o->ev[0], held, 32);
    if (k == 1 && n)
        memcpy(held, o->locks, (size_t)n * sizeof *held);
    a->locks = rh_xcalloc((size_t)n + 1, sizeof *a->locks);
    for (int i = 0; i < n; i++)
        a->locks[a->nlocks++] = lock_name(bin, t, held[i]);
    a->stack = rh_xcalloc((size_t)o->nstack[k] + 1, sizeof *a->stack);
    for (int i = 0; i < o->nstack[k]; i++) {
        const rh_dyn_loc *c = loc_of(bin, o->stack[k][i]);
        a->stack[i].func = rh_xstrdup(c->func);
        a->stack[i].loc.file = rh_xstrdup(c->file);
        a->stack[i].loc.line = c->line;
        a->stack[i].loc.col = c->col;
        a->nstack++;
    }
}

static char *step_what(const rh_dyn_binary *bin, const rh_dyn_event *e)
{
    static const char *const verbs[] = {
        [RH_DYN_READ] = "read", [RH_DYN_WRITE] = "write", [RH_DYN_RMW] = "update",
        [RH_DYN_LOCK] = "lock", [RH_DYN_RDLOCK] = "read-lock", [RH_DYN_UNLOCK] = "unlock",
        [RH_DYN_CREATE] = "create", [RH_DYN_BEGIN] = "start", [RH_DYN_END] = "exit",
        [RH_DYN_JOIN] = "join", [RH_DYN_WAIT] = "wait", [RH_DYN_WAKE] = "wake up",
        [RH_DYN_SIGNAL] = "signal", [RH_DYN_BROADCAST] = "broadcast", [RH_DYN_SEMWAIT] = "sem-wait",
        [RH_DYN_SEMPOST] = "sem-post", [RH_DYN_BARRIER] = "barrier", [RH_DYN_DEPART] = "leave barrier",
        [RH_DYN_ABEGIN] = "atomic begin", [RH_DYN_AEND] = "atomic end", [RH_DYN_ONCE] = "once",
        [RH_DYN_NONDET] = "nondet", [RH_DYN_NOP] = "try", [RH_DYN_TIMEOUT] = "time out on",
        [RH_DYN_OTHER] = "step",
    };
    const rh_dyn_loc *l = loc_of(bin, e->loc);
    if (e->kind == RH_DYN_CREATE || e->kind == RH_DYN_JOIN)
        return rh_xasprintf("%s T%ld", verbs[e->kind], e->aux);
    if (e->kind == RH_DYN_TIMEOUT && !e->addr)
        return rh_xasprintf("time out joining T%ld", e->aux);
    if (e->kind > RH_DYN_RMW && e->kind != RH_DYN_LOCK && e->kind != RH_DYN_RDLOCK &&
        e->kind != RH_DYN_UNLOCK && e->kind != RH_DYN_TIMEOUT)
        return rh_xstrdup(verbs[e->kind]);
    /* a global's own name unless the access names a part of it */
    const char *what = l->access && !(l->object && l->access[0] == '\'') ? l->access : l->object;
    if (l->frees && e->kind <= RH_DYN_RMW) /* the runtime's write of the whole block: a free */
        return rh_xstrdup(l->frees);
    if (e->kind > RH_DYN_RMW)
        return what ? rh_xasprintf("%s %s", verbs[e->kind], what) : rh_xstrdup(verbs[e->kind]);
    return rh_xasprintf("%s%s %s", e->atomic ? "atomic " : "", verbs[e->kind],
                        what ? what : "memory");
}

rh_witness *rh_dyn_witness(const rh_dyn_binary *bin, const rh_dyn_trace *t, long upto,
                           const char *program, unsigned long seed, long ev_a, long ev_b)
{
    if (upto >= t->nev)
        return NULL; /* the trace does not reach the race: no schedule to give */
    rh_witness *w = rh_xcalloc(1, sizeof *w);
    w->program = program ? rh_xstrdup(program) : NULL;
    w->seed = seed;
    w->race_step_a = w->race_step_b = -1;
    long nsteps = 0;
    for (long i = 0; i <= upto; i++)
        nsteps += t->ev[i].step;
    if (nsteps > RH_DYN_MAX_WITNESS_STEPS) {
        free(w->program);
        free(w);
        return NULL;
    }
    w->steps = rh_xcalloc((size_t)nsteps + 1, sizeof *w->steps);
    for (long i = 0; i <= upto; i++) {
        const rh_dyn_event *e = &t->ev[i];
        if (!e->step)
            continue;
        const rh_dyn_loc *l = loc_of(bin, e->loc);
        if (i == ev_a)
            w->race_step_a = w->nsteps;
        if (i == ev_b)
            w->race_step_b = w->nsteps;
        rh_step *s = &w->steps[w->nsteps++];
        s->thread = e->tid;
        s->file = rh_xstrdup(l->file);
        s->line = l->line, s->col = l->col;
        s->what = step_what(bin, e);
        s->timeout = e->kind == RH_DYN_TIMEOUT;
        s->times = 1;
    }
    w->inputs = rh_xcalloc((size_t)t->ninputs + (size_t)t->nclocks + 1, sizeof *w->inputs);
    for (int i = 0; i < t->ninputs; i++) {
        w->inputs[i].name = rh_xasprintf("__VERIFIER_nondet#%d", i + 1);
        w->inputs[i].value = t->inputs[i].value;
    }
    w->ninputs = t->ninputs;
    for (int i = 0; i < t->nclocks; i++) { /* the clock's answers: rt_clock.c */
        rh_input *in = &w->inputs[w->ninputs++];
        in->name = rh_xasprintf("clock:%d:%u:%u", t->clocks[i].tid, t->clocks[i].call,
                                t->clocks[i].word);
        in->value = t->clocks[i].value;
    }
    return w;
}

/* The object raced on: a global by name, a heap object by its allocation
 * site (and the bytes in it), else what the source calls it; never an
 * address, so two runs with one seed give the same report. */
static void name_object(const rh_dyn_binary *bin, const rh_dyn_trace *t, const rh_dyn_obs *o,
                        rh_race *out)
{
    const struct rh_dyn_heap_block *heap;
    unsigned long off;
    const char *obj = loc_of(bin, o->loc[1])->object;
    if (!obj)
        obj = loc_of(bin, o->loc[0])->object;
    /* the source's name of what is accessed: a field comes from an access 'p->f' */
    const char *acc = loc_of(bin, o->loc[1])->access ? loc_of(bin, o->loc[1])->access
                                                      : loc_of(bin, o->loc[0])->access;
    char *field = acc && strstr(acc, "->") ? rh_src_field_of(acc) : NULL;
    const char *global = NULL;
    out->offset_lo = out->offset_hi = -1;
    if (obj) { /* a global named by the access itself: 'g.f' names its field */
        char *member = field ? NULL : rh_src_field_of(acc);
        out->object = field || member ? rh_xasprintf("%s, field '%s'", obj, field ? field : member)
                                      : rh_xstrdup(obj);
        free(member);
    } else if ((heap = heap_of(t, o->addr, &off)) != NULL) {
        char *site = alloc_site(bin, heap);
        if (field)
            out->object = rh_xasprintf("heap object allocated at %s, field '%s'", site, field);
        else
            out->object = rh_xasprintf("heap object allocated at %s", site);
        free(site);
        out->offset_lo = (long)off, out->offset_hi = (long)(off + (o->size ? o->size : 1));
    } else if ((global = rh_dyn_global_at(bin->syms, t->rt_addr, o->addr, &off)) != NULL) {
        /* reached through a pointer: the variable from the symbol table */
        out->object = field ? rh_xasprintf("global '%s', field '%s'", global, field)
                            : rh_xasprintf("global '%s'", global);
        out->offset_lo = (long)off, out->offset_hi = (long)(off + (o->size ? o->size : 1));
    } else {
        out->object = acc ? rh_xasprintf("memory accessed as %s (not a global or a known heap "
                                         "block)", acc)
                          : rh_xstrdup("memory racehunt cannot name (not a global or a known heap "
                                       "block)");
    }
    free(field);
}

/* A free (or realloc) makes the access: the runtime reports it as a write
 * (or read) of the whole block; the report says what it is. */
static void name_operation(const rh_dyn_binary *bin, const rh_dyn_obs *o, rh_race *out)
{
    rh_race_access *ab[2] = {&out->a, &out->b};
    for (int k = 0; k < 2; k++) {
        const char *frees = loc_of(bin, o->loc[k])->frees;
        if (frees)
            ab[k]->op = rh_xstrdup(frees);
    }
}

static void race_from(const rh_dyn_binary *bin, const rh_dyn_trace *t, const rh_dyn_obs *o,
                      rh_evidence ev, rh_race *out)
{
    memset(out, 0, sizeof *out);
    fill_access(bin, t, o, 0, &out->a);
    fill_access(bin, t, o, 1, &out->b);
    name_object(bin, t, o, out);
    name_operation(bin, o, out);
    out->engine = rh_xstrdup("dynamic");
    out->evidence = ev;
}

void rh_dyn_race_from_seen(const rh_dyn_binary *bin, const rh_dyn_trace *t, int i,
                           const char *program, rh_race *out)
{
    (void)program;
    race_from(bin, t, &t->seen[i], RH_EV_SEEN, out);
    const rh_dyn_loc *by = loc_of(bin, t->seen_by[i]);
    out->caveat = rh_xasprintf("'%s' (called at %s:%u) ran between them and may synchronise "
                               "threads in a way the runtime does not model",
                               by->callee ? by->callee : "a call", by->file, by->line);
}

/* The witness steps (of rh_dyn_witness up to event `upto`) that end at
 * events e[0] and e[1] or, when one ends no scheduling point, the next one
 * of its thread; -1 when none (or e[k] < 0).  One pass over the trace for
 * both: a real program's race lies past 100,000 events. */
static void steps_of_events(const rh_dyn_trace *t, const long e[2], long upto, long out[2])
{
    long n = 0;
    out[0] = out[1] = -1;
    for (long i = 0; i <= upto && i < t->nev && (out[0] < 0 || out[1] < 0); i++) {
        for (int k = 0; k < 2; k++)
            if (out[k] < 0 && e[k] >= 0 && i >= e[k] && t->ev[i].tid == t->ev[e[k]].tid && t->ev[i].step)
                out[k] = n;
        n += t->ev[i].step;
    }
}

static int overlap(const rh_dyn_event *x, const rh_dyn_event *y)
{
    return x->addr < y->addr + (y->size ? y->size : 1) && y->addr < x->addr + (x->size ? x->size : 1);
}

/* The race that alone orders o (o->ordered_by, a hand-made publication):
 * the later thread's last read at that site before its access, and the
 * earlier thread's last write before it to what it read (the publishing
 * store).  Their witness steps are where a short witness must take both
 * threads (wit_minimise.c): the reader reaches the payload only after it
 * saw the flag, which the writer sets only after the payload. */
static void ordering_steps(const rh_dyn_trace *t, const rh_dyn_obs *o, rh_witness *w)
{
    long b = (long)o->ev[1], r = -1, wr = -1;
    if (!w || b >= t->nev || (long)o->ev[0] >= b)
        return;
    for (long i = b - 1; i >= 0 && r < 0; i--)
        if (t->ev[i].tid == o->tid[1] && t->ev[i].loc == o->ordered_by && t->ev[i].kind == RH_DYN_READ)
            r = i;
    const rh_dyn_event *raced = &t->ev[(long)o->ev[0]];
    if (r >= 0 && overlap(&t->ev[r], raced))
        return; /* the flag's own race, ordered by an earlier read of it: the skeleton's case */
    for (long i = r - 1; r >= 0 && i >= 0 && wr < 0; i--)
        if (t->ev[i].tid == o->tid[0] && (t->ev[i].kind == RH_DYN_WRITE || t->ev[i].kind == RH_DYN_RMW) &&
            overlap(&t->ev[i], &t->ev[r]))
            wr = i;
    long ev[2] = {wr, r}, st[2];
    steps_of_events(t, ev, b, st);
    long sw = st[0], sr = st[1];
    if (sw >= 0 && sr > sw && sr < w->nsteps) {
        w->ordering[0] = (int)sw + 1;
        w->ordering[1] = (int)sr + 1;
    }
}

void rh_dyn_race_from_obs(const rh_dyn_binary *bin, const rh_dyn_trace *t, int i,
                          const char *program, unsigned long seed, rh_evidence ev, rh_race *out)
{
    const rh_dyn_obs *o = &t->races[i];
    race_from(bin, t, o, ev, out);
    out->witness = rh_dyn_witness(bin, t, (long)o->ev[1], program, seed, (long)o->ev[0], (long)o->ev[1]);
    if (o->ordered_by) { /* "the racing read of 'm->id' at a.c:5:9 in load, called from ..." */
        ordering_steps(t, o, out->witness);
        const rh_dyn_loc *l = loc_of(bin, o->ordered_by);
        char *d = rh_xasprintf("the racing read of %s at %s:%u:%u", l->access ? l->access : "memory",
                               l->file ? l->file : "?", l->line, l->col);
        out->ordered_by = o->nordered_stack ? with_callers(bin, d, l, o->ordered_stack, o->nordered_stack, 1)
                                            : rh_xasprintf("%s in %s", d, l->func ? l->func : "?");
        if (!o->nordered_stack)
            free(d);
    }
    if (o->hide) { /* a benign-race, ignore or new-memory annotation covers it */
        const rh_dyn_loc *l = loc_of(bin, o->hide);
        out->hidden = RH_HID_ANNOTATION;
        out->hidden_by = rh_xasprintf("%s at %s:%u", l->callee ? l->callee : "an annotation",
                                      l->file ? l->file : "?", l->line);
    }
}

int rh_dyn_write_replay(const rh_witness *w, const char *sched, const char *inputs,
                        const char *clocks, char *err)
{
    rh_outfile fs, fi, fc; /* in the run's own directory: a short file would replay another schedule */
    if (rh_outfile_open_private(&fs, sched, "replay schedule", err))
        return -1;
    if (rh_outfile_open_private(&fi, inputs, "replay inputs", err)) {
        rh_outfile_abort(&fs);
        return -1;
    }
    if (rh_outfile_open_private(&fc, clocks, "replay clock", err)) {
        rh_outfile_abort(&fs);
        rh_outfile_abort(&fi);
        return -1;
    }
    FILE *f = fs.f, *g = fi.f;
    for (int i = 0; i < w->ninputs; i++) {
        int tid;
        unsigned call, word;
        if (rh_witness_clock_input(w->inputs[i].name, &tid, &call, &word) == 0)
            fprintf(fc.f, "%d %u %u %lld\n", tid, call, word, w->inputs[i].value);
    }
    if (rh_outfile_commit(&fc, err)) {
        rh_outfile_abort(&fs);
        rh_outfile_abort(&fi);
        return -1;
    }
    for (int i = 0; i < w->nsteps; i++) /* a step of "times" N is N lines: the same schedule */
        for (unsigned k = 0; k < (w->steps[i].times > 1 ? w->steps[i].times : 1); k++)
            fprintf(f, "%d %u %u\n", w->steps[i].thread, w->steps[i].line, w->steps[i].col);
    /* the runtime serves __VERIFIER_nondet_* values; argc is the argument
     * count, and what bmc models as other calls' results (scanf) a run
     * cannot be given */
    for (int i = 0; i < w->ninputs; i++)
        if (!w->inputs[i].name || strncmp(w->inputs[i].name, "__VERIFIER_nondet", 17) == 0)
            fprintf(g, "%lld\n", w->inputs[i].value);
    if (rh_outfile_commit(&fs, err)) {
        rh_outfile_abort(&fi);
        return -1;
    }
    return rh_outfile_commit(&fi, err);
}

int rh_dyn_witness_argc(const rh_witness *w)
{
    for (int i = 0; i < w->ninputs; i++)
        if (w->inputs[i].name && strcmp(w->inputs[i].name, "argc") == 0)
            return w->inputs[i].value >= 1 && w->inputs[i].value <= RH_DYN_MAX_ARGC
                       ? (int)w->inputs[i].value : -1;
    return 1;
}
