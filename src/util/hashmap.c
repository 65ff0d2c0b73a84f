/* hashmap.c - the 64-bit keyed map (see hashmap.h). */
#include "hashmap.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* Pointers and Z3 terms are stored as long values. */
_Static_assert(sizeof(long) >= sizeof(void *), "rh_map values hold pointers");

/* Keeps the load at most one half, so probe runs stay short. */
static void map_grow(rh_map *m)
{
    rh_map big = {0};
    big.cap = m->cap ? m->cap * 2 : 64;
    big.keys = rh_xcalloc(big.cap, sizeof *big.keys);
    big.vals = rh_xcalloc(big.cap, sizeof *big.vals);
    big.used = rh_xcalloc(big.cap, 1);
    for (size_t i = 0; i < m->cap; i++)
        if (m->used[i])
            rh_map_put(&big, m->keys[i], m->vals[i]);
    rh_map_free(m);
    *m = big;
}

void rh_map_put(rh_map *m, uint64_t key, long val)
{
    if (2 * (m->len + 1) > m->cap)
        map_grow(m);
    size_t i = rh_hash64(key) & (m->cap - 1);
    while (m->used[i] && m->keys[i] != key)
        i = (i + 1) & (m->cap - 1);
    if (!m->used[i])
        m->len++;
    m->used[i] = 1;
    m->keys[i] = key;
    m->vals[i] = val;
}

long rh_map_get(const rh_map *m, uint64_t key, long dflt)
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

void rh_map_copy(rh_map *dst, const rh_map *src)
{
    *dst = *src;
    if (!src->cap)
        return;
    dst->keys = rh_xmalloc(src->cap * sizeof *dst->keys);
    dst->vals = rh_xmalloc(src->cap * sizeof *dst->vals);
    dst->used = rh_xmalloc(src->cap);
    memcpy(dst->keys, src->keys, src->cap * sizeof *dst->keys);
    memcpy(dst->vals, src->vals, src->cap * sizeof *dst->vals);
    memcpy(dst->used, src->used, src->cap);
}

int rh_map_next(const rh_map *m, size_t *pos, uint64_t *key, long *val)
{
    for (; *pos < m->cap; ++*pos)
        if (m->used[*pos]) {
            *key = m->keys[*pos];
            *val = m->vals[*pos];
            ++*pos;
            return 1;
        }
    return 0;
}

void rh_map_free(rh_map *m)
{
    free(m->keys);
    free(m->vals);
    free(m->used);
    memset(m, 0, sizeof *m);
}
