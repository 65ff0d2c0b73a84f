/* rt_shadow_side.c - what a shadow cell (rt_fast.h) has no room for, kept
 * beside it: the earlier reads of a cell, by the cell's address, and the
 * annotation that hides an access's records, by the access's event (an
 * ignore region's accesses as runs of events).  Few cells have either
 * (reads by several threads with no order between them; ignore and
 * new-memory annotations), so a 32-byte cell for all is worth a look-up
 * for those.  The fast path's rare cases are here too, out of line.  The
 * tables are open-addressing tables of nonzero keys; only the token holder
 * runs runtime code (rt.h): no lock.
 */
#include "rt_fast.h"
#include "util/hash.h"

#include <stdlib.h>

typedef struct side {
    uintptr_t *key, *val;
    size_t cap, n;
} side;

static side more_tab, hidden_tab;

static size_t slot_of(const side *s, uintptr_t k)
{
    size_t i = (size_t)rh_hash64(k) & (s->cap - 1);
    while (s->key[i] && s->key[i] != k)
        i = (i + 1) & (s->cap - 1);
    return i;
}

static void side_grow(side *s)
{
    side old = *s;
    s->cap = old.cap ? 2 * old.cap : 1024;
    s->key = calloc(s->cap, sizeof *s->key);
    s->val = calloc(s->cap, sizeof *s->val);
    if (!s->key || !s->val)
        abort();
    for (size_t i = 0; i < old.cap; i++)
        if (old.key[i]) {
            size_t j = slot_of(s, old.key[i]);
            s->key[j] = old.key[i];
            s->val[j] = old.val[i];
        }
    free(old.key);
    free(old.val);
}

static uintptr_t side_get(const side *s, uintptr_t k)
{
    if (!s->cap)
        return 0;
    size_t i = slot_of(s, k);
    return s->key[i] ? s->val[i] : 0;
}

static void side_put(side *s, uintptr_t k, uintptr_t v)
{
    if (2 * (s->n + 1) > s->cap)
        side_grow(s);
    size_t i = slot_of(s, k);
    if (!s->key[i])
        s->n++;
    s->key[i] = k;
    s->val[i] = v;
}

/* Removes k, moving back the entries after it that its slot displaced
 * (linear probing's deletion, no tombstones). */
static void side_del(side *s, uintptr_t k)
{
    if (!s->cap)
        return;
    size_t i = slot_of(s, k), m = s->cap - 1;
    if (!s->key[i])
        return;
    s->n--;
    for (size_t j = (i + 1) & m; s->key[j]; j = (j + 1) & m) {
        size_t home = (size_t)rh_hash64(s->key[j]) & m;
        /* j's entry may move to i when its home is not in (i, j] */
        if ((j > i && (home <= i || home > j)) || (j < i && home <= i && home > j)) {
            s->key[i] = s->key[j];
            s->val[i] = s->val[j];
            i = j;
        }
    }
    s->key[i] = 0;
    s->val[i] = 0;
}

rt_more *rt_more_of(const rt_cell *c)
{
    return (rt_more *)side_get(&more_tab, (uintptr_t)c);
}

void rt_more_set(rt_cell *c, rt_more *m)
{
    if (m) {
        side_put(&more_tab, (uintptr_t)c, (uintptr_t)m);
        c->w.bits |= RT_ACC_MORE;
    } else {
        side_del(&more_tab, (uintptr_t)c);
        c->w.bits &= ~RT_ACC_MORE;
    }
}

uint32_t rt_site_slow(const rt_thread *t, uint32_t loc)
{
    return rt_depot(t->node, loc);
}

int rt_fast_read_more(const rt_thread *t, const rt_cell *c, uint32_t clock, int atomic)
{
    const rt_more *m = rt_more_of(c);
    for (uint32_t i = 0; i < m->n; i++)
        if (m->a[i].tid == (uint32_t)t->id)
            return rt_same_epoch(t, &m->a[i], clock, atomic);
    return 0;
}

/* The accesses of ignore regions, a run of events a line: every access in
 * [lo, hi] that is hidden and not in hidden_tab is hidden by loc.  Runs
 * are appended in the order of the events, so that a region of a million
 * accesses is one line, not a million entries. */
typedef struct hidden_run {
    uint32_t lo, hi, loc;
} hidden_run;
static hidden_run *runs;
static size_t nruns, capruns;

uint32_t rt_hidden_loc(uint32_t ev)
{
    uint32_t loc = (uint32_t)side_get(&hidden_tab, (uintptr_t)ev + 1);
    if (loc)
        return loc;
    size_t lo = 0, hi = nruns; /* the last run starting at or before ev */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (runs[mid].lo <= ev)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo && ev <= runs[lo - 1].hi ? runs[lo - 1].loc : 0;
}

void rt_hidden_put(uint32_t ev, uint32_t loc)
{
    side_put(&hidden_tab, (uintptr_t)ev + 1, loc);
}

/* Another thread's access hidden by another annotation in between starts
 * a new run, so a run never covers a hidden access of another loc. */
void rt_hidden_run(uint32_t ev, uint32_t loc)
{
    if (nruns && runs[nruns - 1].loc == loc && runs[nruns - 1].hi <= ev) {
        runs[nruns - 1].hi = ev;
        return;
    }
    if (nruns == capruns) {
        capruns = capruns ? 2 * capruns : 64;
        if (!(runs = realloc(runs, capruns * sizeof *runs)))
            abort();
    }
    runs[nruns++] = (hidden_run){ev, ev, loc};
}
