/* flag_order.h - the order a release store gives to an acquire load that
 * observed it: message passing through an atomic flag (`data = 42;
 * atomic_store_explicit(&flag, 1, release);` in one thread, `while
 * (!atomic_load_explicit(&flag, acquire)) ; use(data);` in another).
 * (sem_order.h is the same rule for semaphores.)
 *
 * A flag: a location F (one points-to location at a known offset, with a
 * size) of a global whose initialiser is all zero, read by some acquire
 * load, such that every write that may touch F's bytes (any model access
 * that writes) is a `store atomic` of exactly F, of a non-zero integer
 * constant, with release ordering or stronger, and no lock call's word
 * overlaps F.  So F reads non-zero only after one of those stores, and a
 * load that read non-zero read one of them.
 *
 * The lockset dataflow carries two sets of flags per thread: flag_seen
 * (must: on every path here an acquire (or seq_cst) load of exactly F, the
 * load's only target, read a non-zero value: the branch edge that says so,
 * atomic_ops.h) and flag_stored (may: a store to F may have run in this
 * thread; RH_FLAGORD_ANY after a call the analysis does not follow).  At
 * every store to F the storer is recorded as free when F is not in its
 * flag_seen.
 *
 * The rule, and why it is sound.  Access x of thread t1 and access y of
 * thread t2 (t1 != t2) are ordered, y before x, when for a flag F:
 *   1. F is in t1's flag_seen at x;
 *   2. neither F nor RH_FLAGORD_ANY is in t2's flag_stored at y, and t2
 *      is a single-instance thread;
 *   3. every free store to F is t2's.
 * Proof: the load before x read non-zero, so it read some store S to F (F
 * starts 0, every store writes non-zero); S is a release store and the
 * load an acquire load: S synchronises-with the load, so S happens before
 * x.  If S is free, it is t2's (3), and every store of t2 comes after y in
 * t2's program order (2): y happens before S.  If S is not free, its
 * thread saw F before S (an acquire load that read an earlier store S'
 * happens before S); by induction on the stores in modification order
 * (S' precedes S: a store is read only after it is made), some free store
 * of t2 happens before S.  Relaxed atomics and plain accesses order
 * nothing and make F no flag.
 *
 * Contract: rh_flagord_find reads the model and the solved points-to sets
 * (NULL when there is no flag); the lockset analysis calls rh_flagord_reset
 * at the start of each run, rh_flagord_edge on every branch edge,
 * rh_flagord_store at every store and rh_flagord_unknown at every call it
 * does not analyse; race_pairs calls rh_flagord_orders.
 */
#ifndef RH_STATIC_FLAG_ORDER_H
#define RH_STATIC_FLAG_ORDER_H

#include "lockset_types.h"

#define RH_FLAGORD_ANY UINT32_MAX /* a flag not known */

typedef struct rh_flagord rh_flagord;

rh_flagord *rh_flagord_find(rh_program *p, rh_pt *pt);
void rh_flagord_free(rh_flagord *fo);
/* Forgets the free stores recorded by an earlier lockset run. */
void rh_flagord_reset(rh_flagord *fo);

/* Edge succ of branch term: a flag an acquire load surely read non-zero
 * on it enters s's flag_seen. */
void rh_flagord_edge(const rh_flagord *fo, rh_pt *pt, LLVMValueRef term, unsigned succ, rh_ls_state *s);
/* A store of thread `thread`: a store to a flag enters s's flag_stored. */
void rh_flagord_store(rh_flagord *fo, rh_pt *pt, LLVMValueRef store, int thread, rh_ls_state *s);
/* An unanalysed call: it may store any flag; what was seen stays seen. */
void rh_flagord_unknown(const rh_ls_state *entry, rh_ls_state *exit);

/* Whether rules 1-3 order access y (thread t2, facts py) before access x
 * (thread t1, facts px). */
int rh_flagord_orders(const rh_flagord *fo, const rh_tg *tg, const rh_ls_per *px, int t1, const rh_ls_per *py,
                      int t2);
/* Locations used as flags, for --stats. */
int rh_flagord_count(const rh_flagord *fo);

#endif
