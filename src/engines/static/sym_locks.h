/* sym_locks.h - symbolic locks: a lock found at a constant distance from
 * the data it protects, addressed through the same base pointer.
 *
 * `lock(&p->mutex); p->datum++;` or `lock(&a[i].m); a[i].x = 0;` protect
 * an element of an array or a struct reached through a pointer that may
 * point to many objects, so the lock is no concrete lock and the must-
 * lockset stays empty (RacerF fails on these, Goblint's symb_locks does
 * not).  Both addresses decompose into one base - an SSA pointer, or a
 * GEP's pointer with its variable indices - plus a constant offset, and
 * the lock is then held at "the accessed element's field at delta from
 * the access".  Two accesses to the same field (same element type, same
 * offset inside it, same size) that both hold a lock at the same delta
 * hold the same lock: overlapping accesses to one field of two different
 * elements would need overlapping elements, which C's effective-type
 * rules exclude.  Against a concrete lock, the delta must meet the
 * concrete lock's own distance from the concrete access.
 *
 * The dataflow keeps (base, lock offset, mode) entries as a must-set; an
 * entry dies when an SSA value of its base is defined again (a loop's
 * next iteration), on any unlock, and around calls that may unlock.
 *
 * Contract: rh_sym_decompose is pure (it interns bases in ls); the rest
 * reads the lockset results.
 */
#ifndef RH_STATIC_SYM_LOCKS_H
#define RH_STATIC_SYM_LOCKS_H

#include "lockset_types.h"

#define RH_SYM_MAX_IDX 4
#define RH_SYM_ANY_LOC UINT64_MAX /* in rh_ls_state.unlocked: any location */

/* A base: a root pointer, or a GEP's pointer with its leading indices up
 * to the last variable one.  Interned: equal bases have one id. */
struct rh_sym_base {
    LLVMValueRef root;
    LLVMTypeRef src;                  /* source element type of a variable GEP, else NULL */
    LLVMValueRef idx[RH_SYM_MAX_IDX]; /* its leading indices, integer casts stripped */
    uint32_t casts[RH_SYM_MAX_IDX];   /* which casts were stripped off each index */
    int nidx;
};

/* Splits pointer v into base + constant offset; 0 if it cannot. */
int rh_sym_decompose(rh_ls *ls, LLVMValueRef v, rh_sym_addr *out);
/* The id of base b, interning it (b may name no address: index keys,
 * idx_locks.h, put NULL in place of a variable index). */
int rh_sym_intern(rh_ls *ls, const rh_sym_base *b);
/* Interned base `base`. */
const rh_sym_base *rh_sym_base_of(const rh_ls *ls, int base);
/* The root value of interned base `base`, and in *nidx its number of
 * variable indices (0: the base is the root itself). */
LLVMValueRef rh_sym_base_root(const rh_ls *ls, int base, int *nidx);
/* An unlock of address v: removes from s->sym the entries whose lock may
 * be at a location v may point to (points-to sets are sound, and locks at
 * two different addresses are two locks: a lock at another offset of the
 * same object, or in an object outside the set, is another lock) and adds
 * those locations to s->unlocked. */
void rh_sym_unlock(rh_ls *ls, LLVMValueRef v, rh_ls_state *s);
/* Removes from sym the entries whose lock may be at a location of
 * `unlocked` (what a callee may have released). */
void rh_sym_released(rh_ls *ls, const rh_sset *unlocked, rh_sset *sym);
/* Removes from s->sym the entries whose base uses the value inst defines. */
void rh_sym_redefined(rh_ls *ls, rh_ls_state *s, LLVMValueRef inst);
/* The symbolic locks held in state s at an access of address a, as
 * deltas (lock offset - access offset, with the mode bit) added to out. */
void rh_sym_held(const rh_ls_state *s, const rh_sym_addr *a, rh_sset *out);
/* Whether lock key `key` (a delta or key with its mode bit) is held in
 * `other` too, one of the two in write mode. */
int rh_sym_key_shared(uint64_t key, const rh_sset *other);
/* Whether accesses a1 (thread record p1) and a2 (p2) to object o, at
 * offsets lo1/lo2 (exact1/exact2 say whether known), hold one lock. */
int rh_sym_protects(const rh_ls *ls, const rh_pt *pt, uint32_t o, int a1, const rh_ls_per *p1, int exact1,
                    int64_t lo1, int a2, const rh_ls_per *p2, int exact2, int64_t lo2);
void rh_sym_free(rh_ls *ls);

#endif
