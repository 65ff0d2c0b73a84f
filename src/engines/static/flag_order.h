/* flag_order.h - the order a release store gives to an acquire load that
 * observed it: message passing through an atomic flag (`data = 42;
 * atomic_store_explicit(&flag, 1, release);` in one thread, `while
 * (!atomic_load_explicit(&flag, acquire)) ; use(data);` in another); and
 * the same through a flag read and written under one lock (`lock(m);
 * ready = 1; signal; unlock(m)` after writing the data, `lock(m); while
 * (!ready) wait(c, m); unlock(m); use(data)`).  (sem_order.h is the same
 * rule for semaphores.)
 *
 * A flag: a location F (one points-to location at a known offset, with a
 * size) of a global whose initialiser is all zero, read by some load whose
 * value is compared, such that every write that may touch F's bytes (any
 * model access that writes) is a store of exactly F of a non-zero integer
 * constant, and no lock call's word overlaps F.  So F reads non-zero only
 * after one of those stores, and a load that read non-zero read one of
 * them.  F is "plain" when one of its stores is not a `store atomic` with
 * release ordering or stronger.
 *
 * The lockset dataflow carries two sets per thread: flag_seen (must) and
 * flag_stored (may: a store to F may have run in this thread;
 * RH_FLAGORD_ANY after a call the analysis does not follow).  An element
 * of flag_seen says that on every path here a load of exactly F (the
 * load's only target) read a non-zero value (the branch edge that says
 * so, atomic_ops.h), and how that load is ordered after the store it
 * read:
 *   (F, acquire): the load is atomic with acquire ordering or stronger and
 *     F is not plain: the store it read is a release store;
 *   (F, lock m): a lock call's lock m (a pthread mutex, rwlock or spin
 *     lock, a semaphore lock: not an atomic section or a once routine)
 *     was held in write mode at the load (nothing runs between the load
 *     and the branch); it orders when every store to F was made holding m
 *     in write mode (checked on what the run saw).
 * At every store to F the storer is recorded as free unless F is not
 * plain and (F, acquire) is in its flag_seen.
 *
 * The rule, and why it is sound.  Access x of thread t1 and access y of
 * thread t2 (t1 != t2) are ordered, y before x, when for a flag F:
 *   1. an element of F that orders is in t1's flag_seen at x;
 *   2. neither F nor RH_FLAGORD_ANY is in t2's flag_stored at y, and t2
 *      is a single-instance thread;
 *   3. every free store to F is t2's.
 * Proof: the load before x read non-zero, so it read some store S to F (F
 * starts 0, every store writes non-zero), and S happens before x: by
 * acquire, S is a release store that the acquire load read (synchronises-
 * with); by lock m, S's critical section on m comes before the load's (a
 * load cannot read a store that happens after it), so S's unlock happens
 * before the load's lock.  If S is free, it is t2's (3), and every store
 * of t2 comes after y in t2's program order (2): y happens before S.  If
 * S is not free, F is not plain and S's thread saw F by acquire before S
 * (an acquire load that read an earlier release store S' happens before
 * S); by induction on the stores in modification order some free store of
 * t2 happens before S.  Relaxed atomics order nothing: a relaxed load is
 * no acquire, and a plain store makes the flag plain.
 *
 * Contract: rh_flagord_find reads the model and the solved points-to sets
 * (NULL when there is no flag); the lockset analysis calls rh_flagord_reset
 * at the start of each run, rh_flagord_edge on every branch edge,
 * rh_flagord_store at every store and rh_flagord_unknown at every call it
 * does not analyse; race_pairs calls rh_flagord_orders after the run.
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

/* Edge succ of branch term: a flag a load surely read non-zero on it
 * enters s's flag_seen (with how it orders). */
void rh_flagord_edge(const rh_flagord *fo, rh_ls *ls, LLVMValueRef term, unsigned succ, rh_ls_state *s);
/* A store of thread ls->cur_thread: a store to a flag enters s's
 * flag_stored, and the locks s holds are kept for the flag. */
void rh_flagord_store(rh_flagord *fo, rh_ls *ls, LLVMValueRef store, rh_ls_state *s);
/* An unanalysed call: it may store any flag; what was seen stays seen. */
void rh_flagord_unknown(const rh_ls_state *entry, rh_ls_state *exit);

/* Whether rules 1-3 order access y (thread t2, facts py) before access x
 * (thread t1, facts px). */
int rh_flagord_orders(const rh_flagord *fo, const rh_tg *tg, const rh_ls_per *px, int t1, const rh_ls_per *py,
                      int t2);
/* Locations used as flags, for --stats. */
int rh_flagord_count(const rh_flagord *fo);

#endif
