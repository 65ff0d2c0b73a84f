/* settled_ptrs.h - locks named through a settled global pointer: a global
 * pointer every write of which the main thread makes while no other
 * thread runs, `latch_t red_lock; ... lock(&red_lock->mu); red++;`.
 *
 * Such a lock is no concrete lock when one allocation site (a lock
 * wrapper's malloc, called once per lock) makes every lock object, and no
 * symbolic lock of the access either (the data is elsewhere), so neither
 * the must-lockset nor sym_locks.h protects `red`.  What does is that the
 * pointer cannot change while a thread other than main lives: every write
 * of G happens in main with the may-active set empty, so each other
 * thread's whole life lies between two writes and every load of G it
 * makes returns one value.  Two threads whose accesses may run in
 * parallel are both alive at once, hence see the same value, and a lock
 * at offset k from `load G` is one lock in both.  Main's own loads may
 * precede a write (a stale value held across it), so main's accesses get
 * no key.
 *
 * G is settled when it is a global defined in the program, every use of
 * it is a load's address, a store's address, or an argument of a defined
 * function whose parameter in turn is only a load's or a store's address
 * (an out-parameter such as `make(&G)`), and every such store is a model
 * access the lockset analysis saw only in main (thread 0), with no thread
 * possibly active.  No other pointer can then reach G's bytes.
 *
 * Contract: rh_sp_held only adds keys to `out`, a set of per-access
 * symbolic deltas (rh_ls_per.sym), for a thread other than main; keys
 * have bits 63 and 62 set, which neither a delta nor an index key
 * (idx_locks.h) has.  rh_sp_protects and rh_sp_key_settled are called
 * after the lockset run (they read its access results); rh_sym_protects
 * asks rh_sp_protects first and leaves the keys out of its delta
 * comparison.
 */
#ifndef RH_STATIC_SETTLED_PTRS_H
#define RH_STATIC_SETTLED_PTRS_H

#include "lockset_types.h"

/* Adds to out the keys of the symbolic locks in state s (of thread
 * ls->cur_thread) whose base is one load of a global pointer. */
void rh_sp_held(rh_ls *ls, const rh_ls_state *s, rh_sset *out);
/* Whether the per-access symbolic sets k1 and k2 of two accesses that
 * may touch the same bytes share a key of a settled global, one side in
 * write mode: then they hold one lock, whatever their fields and sizes. */
int rh_sp_protects(const rh_ls *ls, const rh_sset *k1, const rh_sset *k2);
/* Whether key (an element of rh_ls_per.sym) is a settled-pointer key. */
int rh_sp_is_key(uint64_t key);
/* Whether the global of settled-pointer key `key` is settled. */
int rh_sp_key_settled(const rh_ls *ls, uint64_t key);

#endif
