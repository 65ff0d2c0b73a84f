/* hash.h - the one hash of racehunt, for its engines and for the runtime
 * library inside the programs it runs (header-only, so the runtime needs
 * nothing else of util/).
 *
 * rh_hash64 mixes a 64-bit value (the MurmurHash3 finaliser): the hash of
 * every table keyed by numbers or addresses.  rh_hash_bytes folds bytes
 * into a running 64-bit hash (FNV-1a, start from RH_HASH_SEED), whose
 * result is folded into rh_hash64 where it keys a table.
 *
 * Contract: both are pure and stable across runs and machines, so hashes
 * may name cache entries and fingerprints.
 */
#ifndef RH_UTIL_HASH_H
#define RH_UTIL_HASH_H

#include <stddef.h>
#include <stdint.h>

#define RH_HASH_SEED UINT64_C(0xcbf29ce484222325) /* FNV-1a offset basis */

static inline uint64_t rh_hash64(uint64_t x)
{
    x ^= x >> 33;
    x *= UINT64_C(0xff51afd7ed558ccd);
    x ^= x >> 33;
    x *= UINT64_C(0xc4ceb9fe1a85ec53);
    x ^= x >> 33;
    return x;
}

/* h folded with the n bytes at data. */
static inline uint64_t rh_hash_bytes(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * UINT64_C(1099511628211);
    return h;
}

#endif
