/* sset.h - small containers the static engine shares: sorted sets of
 * 64-bit values (points-to sets, locksets, thread sets) and a hash map
 * keyed by 64-bit integers.
 *
 * Contract: a zero-initialised rh_sset is the empty set; every operation
 * keeps the items sorted and unique.  Functions that change a set return
 * whether it changed, so fixpoint loops can stop.  rh_u64map maps any
 * 64-bit key (including 0) to a long.
 */
#ifndef RH_STATIC_SSET_H
#define RH_STATIC_SSET_H

#include <stddef.h>
#include <stdint.h>

typedef struct rh_sset {
    uint64_t *v;
    uint32_t n, cap;
} rh_sset;

int rh_sset_add(rh_sset *s, uint64_t x);
int rh_sset_remove(rh_sset *s, uint64_t x);
int rh_sset_has(const rh_sset *s, uint64_t x);
/* Index of the first item >= x (s->n when none). */
uint32_t rh_sset_lower_bound(const rh_sset *s, uint64_t x);
/* out := out ++ (t \ s), t's order kept (out may be NULL); returns |t \ s|. */
uint32_t rh_sset_minus(const rh_sset *t, const rh_sset *s, rh_sset *out);
/* s := s ∪ t */
int rh_sset_union(rh_sset *s, const rh_sset *t);
/* s := s ∩ t */
int rh_sset_intersect(rh_sset *s, const rh_sset *t);
int rh_sset_equal(const rh_sset *a, const rh_sset *b);
void rh_sset_copy(rh_sset *dst, const rh_sset *src);
void rh_sset_clear(rh_sset *s);
void rh_sset_free(rh_sset *s);
uint64_t rh_sset_hash(const rh_sset *s);

typedef struct rh_u64map {
    uint64_t *keys;
    long *vals;
    unsigned char *used;
    size_t cap, len;
} rh_u64map;

void rh_u64map_put(rh_u64map *m, uint64_t key, long val);
long rh_u64map_get(const rh_u64map *m, uint64_t key, long dflt);
void rh_u64map_free(rh_u64map *m);
uint64_t rh_hash64(uint64_t x);

#endif
