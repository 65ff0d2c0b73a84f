/* sset.c - sorted 64-bit sets for the static engine (see sset.h).  Sets
 * are plain sorted arrays: the sets the analysis builds are small, and merging sorted arrays is cache friendly.
 */
#include "sset.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

uint32_t rh_sset_lower_bound(const rh_sset *s, uint64_t x)
{
    uint32_t lo = 0, hi = s->n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (s->v[mid] < x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static void reserve(rh_sset *s, uint32_t n)
{
    if (n <= s->cap)
        return;
    uint32_t cap = s->cap ? s->cap : 4;
    while (cap < n)
        cap *= 2;
    s->v = rh_xrealloc(s->v, cap * sizeof *s->v);
    s->cap = cap;
}

int rh_sset_add(rh_sset *s, uint64_t x)
{
    uint32_t i = rh_sset_lower_bound(s, x);
    if (i < s->n && s->v[i] == x)
        return 0;
    reserve(s, s->n + 1);
    memmove(s->v + i + 1, s->v + i, (s->n - i) * sizeof *s->v);
    s->v[i] = x;
    s->n++;
    return 1;
}

int rh_sset_remove(rh_sset *s, uint64_t x)
{
    uint32_t i = rh_sset_lower_bound(s, x);
    if (i >= s->n || s->v[i] != x)
        return 0;
    memmove(s->v + i, s->v + i + 1, (s->n - i - 1) * sizeof *s->v);
    s->n--;
    return 1;
}

int rh_sset_has(const rh_sset *s, uint64_t x)
{
    uint32_t i = rh_sset_lower_bound(s, x);
    return i < s->n && s->v[i] == x;
}

/* Index of the first item of s at or after from that is >= x:
 * galloping, so that a walk of a sparse t through a large s costs the
 * log of the gaps, while sets that are mostly equal step one by one. */
static uint32_t gallop(const rh_sset *s, uint32_t from, uint64_t x)
{
    uint32_t step = 1, lo = from, hi = from;
    while (hi < s->n && s->v[hi] < x)
        lo = hi + 1, hi = from + step, step *= 2;
    if (hi > s->n)
        hi = s->n;
    const rh_sset range = {s->v + lo, hi - lo, hi - lo}; /* where x belongs */
    return lo + rh_sset_lower_bound(&range, x);
}

/* Walks t through s: the items of t not in s go to out (when not NULL);
 * returns how many there are.  A small delta meeting a large points-to
 * set skips through it (a walk of the large set per delta dominated the
 * points-to solver on large programs). */
uint32_t rh_sset_minus(const rh_sset *t, const rh_sset *s, rh_sset *out)
{
    uint32_t j = 0, extra = 0;
    for (uint32_t i = 0; i < t->n; i++) {
        j = gallop(s, j, t->v[i]);
        if (j < s->n && s->v[j] == t->v[i])
            continue;
        extra++;
        if (out) {
            reserve(out, out->n + 1);
            out->v[out->n++] = t->v[i];
        }
    }
    return extra;
}

/* Merges from the back, in place: only the items above t's smallest new
 * item move, and the array grows geometrically like rh_sset_add's. */
int rh_sset_union(rh_sset *s, const rh_sset *t)
{
    if (t->n == 0 || s == t)
        return 0;
    if (t->n == 1)
        return rh_sset_add(s, t->v[0]);
    uint32_t extra = rh_sset_minus(t, s, NULL);
    if (!extra)
        return 0;
    reserve(s, s->n + extra);
    uint32_t i = s->n, j = t->n, k = s->n + extra;
    while (j > 0 && k > i) {
        if (i > 0 && s->v[i - 1] > t->v[j - 1])
            s->v[--k] = s->v[--i];
        else if (i > 0 && s->v[i - 1] == t->v[j - 1])
            s->v[--k] = s->v[--i], j--;
        else
            s->v[--k] = t->v[--j];
    }
    s->n += extra;
    return 1;
}

int rh_sset_intersect(rh_sset *s, const rh_sset *t)
{
    uint32_t k = 0, j = 0;
    for (uint32_t i = 0; i < s->n; i++) {
        while (j < t->n && t->v[j] < s->v[i])
            j++;
        if (j < t->n && t->v[j] == s->v[i])
            s->v[k++] = s->v[i];
    }
    int changed = k != s->n;
    s->n = k;
    return changed;
}

int rh_sset_equal(const rh_sset *a, const rh_sset *b)
{
    return a->n == b->n && (a->n == 0 || memcmp(a->v, b->v, a->n * sizeof *a->v) == 0);
}

void rh_sset_copy(rh_sset *dst, const rh_sset *src)
{
    if (dst == src)
        return;
    dst->n = 0;
    reserve(dst, src->n);
    if (src->n)
        memcpy(dst->v, src->v, src->n * sizeof *src->v);
    dst->n = src->n;
}

void rh_sset_clear(rh_sset *s)
{
    s->n = 0;
}

void rh_sset_free(rh_sset *s)
{
    free(s->v);
    s->v = NULL;
    s->n = s->cap = 0;
}

uint64_t rh_sset_hash(const rh_sset *s)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ s->n;
    for (uint32_t i = 0; i < s->n; i++)
        h = rh_hash64(h ^ s->v[i]);
    return h;
}
