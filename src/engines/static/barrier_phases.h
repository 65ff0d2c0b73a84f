/* barrier_phases.h - a barrier as a phase separator: what every
 * participant did before its first wait happens before what any
 * participant does after a wait has returned.
 *
 * A barrier B (one concrete object) qualifies when
 *   - exactly one init may touch it, in main, which runs once, before
 *     (dominating) every create of a thread that may wait on it;
 *   - the instances of the threads that may wait on it (main counts when
 *     it waits) are at most B's count N: each thread created by main is
 *     one instance, or as many as the iterations of the counted loop
 *     around its create (`for (i = 0; i < n; i++)`, once per iteration);
 *     N is a constant, or the loop's bound n itself (widened), or n + K.
 * Why it holds: a participant blocks in its first wait until the first
 * round trips, so the first N arrivals are first arrivals of N distinct
 * instances, which with at most N instances means all of them (fewer and
 * the barrier never trips: nothing runs after it).  Every later round's
 * arrivals come after the first round returned.  So an access x of one
 * instance that no wait (nor call that may wait) on B can precede in its
 * start routine happens before an access y of another instance that a
 * wait surely on B dominates in its start routine.
 *
 * Contract: rh_bp_build reads the thread graph, points-to sets and CFG;
 * rh_bp_ordered(b, a1, t1, a2, t2) says access a1 run by thread t1 and a2
 * run by t2 (two instances) are ordered by such a barrier.
 */
#ifndef RH_STATIC_BARRIER_PHASES_H
#define RH_STATIC_BARRIER_PHASES_H

#include "static_ctx.h"

typedef struct rh_barrier_phases rh_barrier_phases;

rh_barrier_phases *rh_bp_build(rh_static *s);
int rh_bp_ordered(const rh_barrier_phases *b, int a1, int t1, int a2, int t2);
void rh_bp_free(rh_barrier_phases *b);

#endif
