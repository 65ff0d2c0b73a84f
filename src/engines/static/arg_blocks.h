/* arg_blocks.h - blocks handed to one thread instance through chains of
 * wrapper calls, and the accesses of other threads that cannot meet that
 * instance's.
 *
 * A record thread (handover.h: create wrapper W allocates a record, stores
 * its argument parameter into a field of it and starts a trampoline that
 * passes that field to the routine, instance_args.h) receives in each
 * instance the argument its W run was given.  Here the argument is a heap
 * block that each W run receives alone, and W stores the record into a
 * field of that very block (`W(run, t, &t->job)`), so the block names its
 * instance: joining the handle of the record read back from the block's
 * field ends the one instance that may touch the block through its
 * parameter.  The analysis needs no count of the calls, nor that their
 * functions run once: it reasons per block, so a wrapper that allocates
 * the block and calls W may itself be called anywhere, any number of
 * times, also from loops.
 *
 * A block of object o reaches at most one W run when every W call whose
 * argument may denote o is a chain call: its argument is (constant GEPs
 * and casts of) a root value R of its own function that is either a fresh
 * allocation (owned.h) the call cannot run again before, or a parameter of
 * a function every use of which is a direct call passing a root of the
 * same kind at that position, made outside loops of its function (the
 * call string is followed up at most AB_DEPTH functions); and no root value
 * is passed by two chain calls.  Each chain call's out-parameter (W's,
 * record_joins.h) is R plus one constant offset F for all of them, no
 * other W call's out-parameter may touch bytes [F, F+8) of o, and no
 * write but W's stores through its out-parameter (frees aside) and no
 * create's handle may touch them.
 *
 * An access `am` of a thread other than the record thread, whose address
 * is (constant GEPs and casts of) an SSA value v, is then ordered with every
 * access of the record thread to o through the parameters holding its
 * argument when:
 *   (a) every path of its function from v's definition to am passes a
 *       join of the handle of the record loaded from v's field F (directly
 *       or through a function joining its parameter's handle on every
 *       path), or a call passing v to a function that makes such a join of
 *       its parameter on every path (join wrappers nested up to AB_DEPTH),
 *       or the edge where v is null, or v's definition again; or
 *   (b) v is the root of a chain call k in am's function and every path
 *       from k to am passes v's definition again, a join as in (a), v's
 *       null edge, or the edge where k returned 0 when its callee returns
 *       0 only on paths that started no thread (W by record_joins.h's
 *       rule; a chain function when every return its chain call may reach
 *       gives a non-zero constant or that call's result, the call being
 *       such a call): am runs before its block's instance starts, or in
 *       a run where it never started.
 * Two accesses of the record thread to o, both through those parameters,
 * touch the block of their own instance: one block, one instance, program
 * order.
 * A block freed and allocated again is ordered by the allocator; a thread
 * touching a freed block would be undefined behaviour, assumed absent.
 *
 * Contract: rh_ab_build reads the handed-over records; rh_ab_ordered says
 * whether accesses a1 (thread t1) and a2 (thread t2) to object o never
 * race by the rule above (0 when it does not apply); rh_ab_free frees.
 */
#ifndef RH_STATIC_ARG_BLOCKS_H
#define RH_STATIC_ARG_BLOCKS_H

#include "handover.h"

typedef struct rh_arg_blocks rh_arg_blocks;

rh_arg_blocks *rh_ab_build(rh_static *s, rh_handover *h);
int rh_ab_ordered(rh_arg_blocks *ab, uint32_t o, int a1, int t1, int a2, int t2);
void rh_ab_free(rh_arg_blocks *ab);

#endif
