/* mhp.h - may-happen-in-parallel queries (RacerF Section 6.2, active
 * threads) over the results of the synchronisation dataflow.
 *
 * Two accesses of different threads may run in parallel unless one thread
 * is an ancestor of the other and the descendant is surely not running at
 * the ancestor's access (not created yet, or surely joined), or the two
 * threads descend from different children of a common ancestor that
 * created one child only after surely joining the other.  Two accesses of
 * the same thread run in parallel only when the thread is multi.
 */
#ifndef RH_STATIC_MHP_H
#define RH_STATIC_MHP_H

#include "lockset.h"

int rh_mhp_may_parallel(const rh_tg *g, const rh_ls *ls, int a1, int t1, int a2, int t2);
/* Whether a lock held without a break since a thread's creation orders one
 * access before the other (lock history, see mhp.c). */
int rh_mhp_lock_ordered(const rh_tg *g, const rh_ls *ls, const rh_ls_per *p1, int t1, const rh_ls_per *p2,
                        int t2);

#endif
