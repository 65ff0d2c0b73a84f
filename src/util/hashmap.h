/* hashmap.h - the one hash map of racehunt, over the one hash (hash.h).
 *
 * rh_map maps 64-bit keys (any value, 0 included) to a long, by open
 * addressing with linear probing.  Pointer keys go through the _ptr forms.
 * Written here rather than taken from a Debian package: GLib's GHashTable
 * boxes 64-bit keys and brings in a runtime library, uthash needs an
 * allocated entry per key, and the points-to solver and the bmc walker keep
 * millions of small integer entries and copy whole maps when a path splits,
 * which flat arrays do in three memcpy calls.  The runtime library
 * (src/runtime) keeps tables of its own over the same hash: it runs inside
 * the program under test, links nothing of util/ but hash.h, and removes
 * entries (freed blocks), which rh_map does not.
 *
 * Contract: a zero-initialised rh_map is empty and needs no allocation
 * until the first put; rh_map_free returns it to that state.  Allocation
 * failure aborts (rh_xmalloc).  Iteration order is unspecified but depends
 * only on the keys put and their order, never on addresses of the map.
 */
#ifndef RH_UTIL_HASHMAP_H
#define RH_UTIL_HASHMAP_H

#include "util/hash.h"

#include <stddef.h>
#include <stdint.h>

typedef struct rh_map {
    uint64_t *keys;
    long *vals;
    unsigned char *used;
    size_t cap, len; /* cap: 0 or a power of two; len: keys stored */
} rh_map;

void rh_map_put(rh_map *m, uint64_t key, long val);
/* The value stored for key, or dflt when there is none. */
long rh_map_get(const rh_map *m, uint64_t key, long dflt);
/* dst := a copy of src (dst's previous contents are not freed). */
void rh_map_copy(rh_map *dst, const rh_map *src);
/* Walks the entries: start with *pos = 0; returns 0 when there are no more. */
int rh_map_next(const rh_map *m, size_t *pos, uint64_t *key, long *val);
void rh_map_free(rh_map *m);

static inline void rh_map_put_ptr(rh_map *m, const void *key, long val)
{
    rh_map_put(m, (uint64_t)(uintptr_t)key, val);
}

static inline long rh_map_get_ptr(const rh_map *m, const void *key, long dflt)
{
    return rh_map_get(m, (uint64_t)(uintptr_t)key, dflt);
}

#endif
