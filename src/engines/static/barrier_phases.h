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
 *     N and the sum of the instances are both a sum of variables plus a
 *     constant (`n`, `n + K`, `np + nc`; loop bounds `n - 1` and main: n),
 *     with the same variables, and the instances' constant at most N's.
 * Why it holds: a participant blocks in its wait until the round trips,
 * so each round holds at most one arrival of each instance, and with at
 * most N instances and a count of N exactly one (fewer and the barrier
 * never trips: nothing runs after it).  So every instance's k-th wait is in
 * round k, and rounds trip in order.  An access x of one instance that at
 * most p waits on B may precede in its start routine (each direct wait
 * outside loops counts once, a call outside loops of a wrapper that
 * returns only after exactly K sure waits counts K, any other wait or call
 * that may wait makes it unbounded) comes before that instance's (p+1)-th arrival; an access y of
 * another instance that p+1 sure waits on B dominate comes after round
 * p+1 tripped.  Then x happens before y: phases before the first wait,
 * between two waits and after the last one are all separated.  The same
 * holds whenever the numbers of waits completed before x and before y
 * always differ: a dataflow counts them as a congruence (exactly, or
 * modulo the waits of a loop's iteration, unknown past a wait that is not
 * surely on B or a call that may wait), so a loop with two waits per
 * iteration keeps its two halves apart in every iteration.
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
