/* sset.c - sorted 64-bit sets and a 64-bit keyed hash map for the static
 * engine (see sset.h).  Sets are plain sorted arrays: the sets the analysis
 * builds are small, and merging sorted arrays is cache friendly.
 */
#include "sset.h"
#include "../../util/util.h"

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

/* Items of t not in s.  A small t against a large s (a delta meeting a
 * points-to set) is looked up item by item: a linear walk of s would cost
 * |s| per delta, which dominated the points-to solver on large programs. */
static uint32_t count_new(const rh_sset *s, const rh_sset *t)
{
    uint32_t extra = 0;
    if ((uint64_t)t->n * 16 < s->n) {
        for (uint32_t j = 0; j < t->n; j++)
            extra += !rh_sset_has(s, t->v[j]);
        return extra;
    }
    uint32_t i = 0, j = 0;
    while (j < t->n) {
        if (i < s->n && s->v[i] < t->v[j])
            i++;
        else if (i < s->n && s->v[i] == t->v[j])
            i++, j++;
        else
            extra++, j++;
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
    uint32_t extra = count_new(s, t);
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

uint64_t rh_hash64(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

uint64_t rh_sset_hash(const rh_sset *s)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ s->n;
    for (uint32_t i = 0; i < s->n; i++)
        h = rh_hash64(h ^ s->v[i]);
    return h;
}

static void map_resize(rh_u64map *m)
{
    rh_u64map big = {0};
    big.cap = m->cap ? m->cap * 2 : 64;
    big.keys = rh_xcalloc(big.cap, sizeof *big.keys);
    big.vals = rh_xcalloc(big.cap, sizeof *big.vals);
    big.used = rh_xcalloc(big.cap, 1);
    for (size_t i = 0; i < m->cap; i++)
        if (m->used[i])
            rh_u64map_put(&big, m->keys[i], m->vals[i]);
    rh_u64map_free(m);
    *m = big;
}

void rh_u64map_put(rh_u64map *m, uint64_t key, long val)
{
    if (2 * (m->len + 1) > m->cap)
        map_resize(m);
    size_t i = rh_hash64(key) & (m->cap - 1);
    while (m->used[i] && m->keys[i] != key)
        i = (i + 1) & (m->cap - 1);
    if (!m->used[i])
        m->len++;
    m->used[i] = 1;
    m->keys[i] = key;
    m->vals[i] = val;
}

long rh_u64map_get(const rh_u64map *m, uint64_t key, long dflt)
{
    if (!m->cap)
        return dflt;
    size_t i = rh_hash64(key) & (m->cap - 1);
    while (m->used[i]) {
        if (m->keys[i] == key)
            return m->vals[i];
        i = (i + 1) & (m->cap - 1);
    }
    return dflt;
}

void rh_u64map_free(rh_u64map *m)
{
    free(m->keys);
    free(m->vals);
    free(m->used);
    memset(m, 0, sizeof *m);
}
