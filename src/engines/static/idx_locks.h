/* idx_locks.h - index-keyed locks: a lock array guarding a parallel data
 * array element by element, `lock(&m[i]); d[i]++; unlock(&m[i]);`.
 *
 * The lock is no concrete lock (i varies) and not at a constant distance
 * from the data (m and d are different objects), so neither the must-
 * lockset nor a symbolic lock (sym_locks.h) protects d[i].  What does is
 * that the lock's index and the access's index are one value: when two
 * such accesses touch the same bytes of d, they touch one element of d,
 * so their indices are equal, and so are the locks they hold.
 *
 * The rule, for an access whose address is base B + variable index v
 * (one variable GEP index, every other index constant) + offset c inside
 * the element of size S, holding a symbolic lock whose base is a global
 * lock array L with the same index v (same SSA value cast the same way,
 * every other index constant) at offset k inside L's element:
 *   - c >= 0 and c + size <= S, so the access stays inside element v;
 *   - every target of B (the points-to solution) is at one known offset
 *     r of its object, so two accesses to one object through bases with
 *     the same r start their arrays at one address;
 *   - L is a constant (a global, or a constant address inside one): the
 *     same v is the same lock in every thread.
 * The access then holds the index key (L's pattern, k, B's pattern): the
 * bases with the variable index taken out, B's root replaced by r.  Two accesses to one object
 * with one key and overlapping bytes have equal v, hence one lock.  The
 * symbolic lock's own rules keep it a must-lock (it dies when v or the
 * base is defined again, on any unlock and around calls that may
 * unlock).
 *
 * Contract: rh_idx_held only adds index keys to `out`, a set of per-access
 * symbolic deltas (rh_ls_per.sym); keys have bit 63 set, so no delta
 * equals one, and rh_sym_protects compares them as it compares deltas
 * (equal keys on both sides, one of them a write lock).
 */
#ifndef RH_STATIC_IDX_LOCKS_H
#define RH_STATIC_IDX_LOCKS_H

#include "lockset_types.h"

/* Adds to out the index keys of the symbolic locks in state s that guard
 * access a (address acc, `size` bytes) by its index. */
void rh_idx_held(rh_ls *ls, const rh_ls_state *s, const rh_sym_addr *acc, uint64_t size, rh_sset *out);

#endif
