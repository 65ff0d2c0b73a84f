/* sset.h - the sets the static engine shares: sorted sets of 64-bit
 * values (points-to sets, locksets, thread sets).  Its hash maps are
 * util/hashmap.h's rh_map, which this header brings in.
 *
 * Contract: a zero-initialised rh_sset is the empty set; every operation
 * keeps the items sorted and unique.  Functions that change a set return
 * whether it changed, so fixpoint loops can stop.
 */
#ifndef RH_STATIC_SSET_H
#define RH_STATIC_SSET_H

#include <stddef.h>
#include <stdint.h>

#include "util/hashmap.h"

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

#endif
