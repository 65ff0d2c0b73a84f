/* wit_trace.c - reading a trace for the witness engine (doc/design.md [Said], §5):
 * which events matter (synchronisation, and accesses to memory more than
 * one thread touches), the locks each access holds, critical sections, a
 * must-happen-before order from fork and join, and the candidate pairs:
 * conflicting accesses of two threads with disjoint locksets that fork/join
 * does not order (the hybrid lockset step; candidates are never reports).
 */
#include "wit.h"
#include "util/util.h"
#include "util/hashmap.h"

#include <stdlib.h>
#include <string.h>

static int is_access(const rh_dyn_event *e)
{
    return e->kind == RH_DYN_READ || e->kind == RH_DYN_WRITE || e->kind == RH_DYN_RMW;
}

static int writes(const rh_dyn_event *e)
{
    return e->kind == RH_DYN_WRITE || e->kind == RH_DYN_RMW;
}

/* Byte address -> the first thread that touched it, or -2 once a second one did. */
static void bo_touch(rh_map *owner, unsigned long a, int tid)
{
    long had = rh_map_get(owner, a, -1);
    if (had == -1)
        rh_map_put(owner, a, tid);
    else if (had != tid)
        rh_map_put(owner, a, -2);
}

static int bo_shared(const rh_map *owner, unsigned long a, unsigned long size)
{
    for (unsigned long k = 0; k < size && k < 64; k++)
        if (rh_map_get(owner, a + k, -1) == -2)
            return 1;
    return size > 64; /* big block accesses are always kept: keeping is safe */
}

static void mark_visible(wit_trace *w)
{
    const rh_dyn_trace *t = w->t;
    rh_map bo = {0};
    for (long i = 0; i < t->nev; i++)
        if (is_access(&t->ev[i]))
            for (unsigned long k = 0; k < t->ev[i].size && k < 64; k++)
                bo_touch(&bo, t->ev[i].addr + k, t->ev[i].tid);
    w->visible = rh_xcalloc((size_t)t->nev + 1, 1);
    w->vis = rh_xcalloc((size_t)t->nev + 1, sizeof *w->vis);
    for (long i = 0; i < t->nev; i++) {
        const rh_dyn_event *e = &t->ev[i];
        int keep = !is_access(e) || bo_shared(&bo, e->addr, e->size);
        if (keep && e->kind != RH_DYN_NOP) {
            w->visible[i] = 1;
            w->vis[w->nvis++] = i;
        }
    }
    rh_map_free(&bo);
}

static void add_section(wit_trace *w, unsigned long lock, int tid, int shared, long acq)
{
    w->sec = rh_xrealloc(w->sec, (size_t)(w->nsec + 1) * sizeof *w->sec);
    w->sec[w->nsec++] = (wit_section){lock, tid, shared, acq, -1};
}

static void close_section(wit_trace *w, unsigned long lock, int tid, long rel)
{
    for (long k = w->nsec - 1; k >= 0; k--)
        if (w->sec[k].lock == lock && w->sec[k].tid == tid && w->sec[k].rel < 0) {
            w->sec[k].rel = rel;
            return;
        }
}

/* Sections, and the exclusive locks each access holds (atomic sections
 * count as one global lock, address 1). */
static void scan_locks(wit_trace *w)
{
    const rh_dyn_trace *t = w->t;
    w->locks = rh_xcalloc((size_t)t->nev + 1, sizeof *w->locks);
    w->nlocks = rh_xcalloc((size_t)t->nev + 1, 1);
    for (long i = 0; i < t->nev; i++) {
        const rh_dyn_event *e = &t->ev[i];
        switch (e->kind) {
        case RH_DYN_LOCK: case RH_DYN_RDLOCK:
            add_section(w, e->addr, e->tid, e->kind == RH_DYN_RDLOCK, i);
            break;
        case RH_DYN_WAKE: add_section(w, (unsigned long)e->aux, e->tid, 0, i); break;
        case RH_DYN_ABEGIN: add_section(w, 1, e->tid, 0, i); break;
        case RH_DYN_UNLOCK: close_section(w, e->addr, e->tid, i); break;
        case RH_DYN_WAIT: close_section(w, (unsigned long)e->aux, e->tid, i); break;
        case RH_DYN_AEND: close_section(w, 1, e->tid, i); break;
        default:
            if (!is_access(e))
                break;
            for (long k = 0; k < w->nsec && w->nlocks[i] < RH_WIT_MAX_LOCKS; k++)
                if (w->sec[k].tid == e->tid && w->sec[k].rel < 0 && !w->sec[k].shared)
                    w->locks[i][w->nlocks[i]++] = w->sec[k].lock;
        }
    }
}

/* Fork/join clocks: program order plus create->begin and end->join only. */
static void scan_fork_join(wit_trace *w)
{
    const rh_dyn_trace *t = w->t;
    int n = w->nthreads;
    uint32_t **vc = rh_xcalloc((size_t)n, sizeof *vc);
    for (int k = 0; k < n; k++)
        vc[k] = rh_xcalloc((size_t)n, sizeof **vc);
    w->fj = rh_xcalloc((size_t)t->nev + 1, sizeof *w->fj);
    for (long i = 0; i < t->nev; i++) {
        const rh_dyn_event *e = &t->ev[i];
        if (e->tid < 0 || e->tid >= n)
            continue;
        uint32_t *c = vc[e->tid];
        c[e->tid]++;
        if (e->kind == RH_DYN_CREATE && e->aux > 0 && e->aux < n)
            memcpy(vc[e->aux], c, (size_t)n * sizeof *c);
        if (e->kind == RH_DYN_JOIN && e->aux > 0 && e->aux < n)
            for (int k = 0; k < n; k++)
                c[k] = c[k] > vc[e->aux][k] ? c[k] : vc[e->aux][k];
        if (is_access(e) && w->visible[i]) {
            w->fj[i] = rh_xmalloc((size_t)n * sizeof *c);
            memcpy(w->fj[i], c, (size_t)n * sizeof *c);
        }
        if (e->kind == RH_DYN_CREATE || e->kind == RH_DYN_JOIN)
            c[e->tid]++;
    }
    for (int k = 0; k < n; k++)
        free(vc[k]);
    free(vc);
}

static int common_lock(const wit_trace *w, long a, long b)
{
    for (int i = 0; i < w->nlocks[a]; i++)
        for (int j = 0; j < w->nlocks[b]; j++)
            if (w->locks[a][i] == w->locks[b][j])
                return 1;
    return 0;
}

static int candidate(const wit_trace *w, long a, long b)
{
    const rh_dyn_event *x = &w->t->ev[a], *y = &w->t->ev[b];
    if (x->tid == y->tid || !(writes(x) || writes(y)) || (x->atomic && y->atomic))
        return 0;
    if (x->addr + x->size <= y->addr || y->addr + y->size <= x->addr)
        return 0;
    if (common_lock(w, a, b))
        return 0;
    /* a must happen before b: b's fork/join clock has seen a */
    return !(w->fj[a] && w->fj[b] && w->fj[a][x->tid] <= w->fj[b][x->tid]);
}

static int seen_pair(const wit_trace *w, long a, long b)
{
    unsigned la = w->t->ev[a].loc, lb = w->t->ev[b].loc;
    for (int k = 0; k < w->ncand; k++) {
        unsigned ca = w->t->ev[w->cand[k][0]].loc, cb = w->t->ev[w->cand[k][1]].loc;
        if ((ca == la && cb == lb) || (ca == lb && cb == la))
            return 1;
    }
    return 0;
}

static void find_candidates(wit_trace *w)
{
    for (long j = 0; j < w->nvis && w->ncand < RH_WIT_MAX_CANDIDATES; j++) {
        long b = w->vis[j];
        if (!is_access(&w->t->ev[b]))
            continue;
        /* the nearest earlier conflicting access: the likeliest to be movable */
        for (long i = j - 1; i >= 0; i--) {
            long a = w->vis[i];
            if (is_access(&w->t->ev[a]) && candidate(w, a, b)) {
                if (!seen_pair(w, a, b)) {
                    w->cand[w->ncand][0] = a;
                    w->cand[w->ncand++][1] = b;
                }
                break;
            }
        }
    }
}

int wit_trace_init(wit_trace *w, const rh_dyn_trace *t)
{
    memset(w, 0, sizeof *w);
    w->t = t;
    for (long i = 0; i < t->nev; i++) {
        /* a failed try-lock's outcome is not modelled, nor a timeout (a
         * reordering could meet its lock free, where the wait cannot time out) */
        if ((t->ev[i].kind == RH_DYN_NOP && !t->ev[i].aux) || t->ev[i].kind == RH_DYN_OTHER ||
            t->ev[i].kind == RH_DYN_TIMEOUT)
            return -1;
        if (t->ev[i].tid + 1 > w->nthreads)
            w->nthreads = t->ev[i].tid + 1;
    }
    mark_visible(w);
    if (w->nvis > RH_WIT_MAX_VISIBLE)
        return -1;
    w->begin = rh_xcalloc((size_t)w->nthreads + 1, sizeof *w->begin);
    w->end = rh_xcalloc((size_t)w->nthreads + 1, sizeof *w->end);
    for (int k = 0; k < w->nthreads; k++)
        w->begin[k] = w->end[k] = -1;
    for (long i = 0; i < t->nev; i++) {
        if (t->ev[i].kind == RH_DYN_BEGIN)
            w->begin[t->ev[i].tid] = i;
        if (t->ev[i].kind == RH_DYN_END)
            w->end[t->ev[i].tid] = i;
    }
    scan_locks(w);
    scan_fork_join(w);
    find_candidates(w);
    return 0;
}

void wit_trace_free(wit_trace *w)
{
    if (w->fj)
        for (long i = 0; i < w->t->nev; i++)
            free(w->fj[i]);
    free(w->fj);
    free(w->visible);
    free(w->vis);
    free(w->begin);
    free(w->end);
    free(w->sec);
    free(w->locks);
    free(w->nlocks);
    memset(w, 0, sizeof *w);
}
