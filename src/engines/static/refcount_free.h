/* refcount_free.h - blocks freed by the last holder of an atomic reference
 * count: `if (atomic_fetch_sub(&o->refs, 1) == 1) free(o);` (and the
 * `__atomic_*` / `__sync_*` spellings, `sub_fetch(..) == 0`, the early
 * return form).  Each holder's accesses precede its own decrement, a
 * release; the decrement that reads 1 is an acquire that reads the end of
 * the release sequence of every earlier decrement, so the free after it is
 * ordered after every other holder's accesses.
 *
 * That holds only while no decrement reads 0 or less (an extra release
 * would let a holder touch the block after the free), so the count is
 * counted.  A counted cell is a field (object O, known offset) of a heap
 * object whose every write that may touch its bytes is
 *   - a decrement: an atomicrmw `sub 1` (or `add -1`), acq_rel or seq_cst,
 *     whose address is exactly that cell, in no cycle of its function;
 *   - an init: a plain (non-atomic, so its pairs with the decrements are
 *     checked as usual: a count set after the block is shared is a race)
 *     store of one constant N >= 1 for all inits, through O's allocation
 *     value, that dominates every use of that value that may let it leave
 *     the function (calls, stores of it, returns, phis, casts to integer);
 *   - a free of the block;
 * and the decrements together run at most N times in the whole run: each
 * lies in a function that every thread reaching it runs at most once per
 * instance (thread_graph.h), and the instances of a thread are 1 (main, a
 * thread that is not multi) or, for a create call in the straight body of
 * a counted loop with constant bounds that its creator enters once, the
 * loop's trip count times the creator's instances.  No increments: any
 * other write ends the proof.  Then the values the decrements read are
 * distinct and >= 1, one at most reads 1, and every other precedes it in
 * the count's modification order.
 *
 * A guarded free is a free whose address and a decrement D of a counted
 * cell have one SSA root (casts and GEPs stripped) and that lies behind
 * the edge of D's result saying "read 1" (the edge's target has one
 * predecessor and dominates the free).  Accesses X and F to object O,
 * F a guarded free, are ordered when X is a decrement of the cell, or
 * another guarded free of it (two decrements never both read 1), or when
 * every path from X to a return of its function passes a decrement point
 * of X's own block: a decrement of the cell whose address has X's
 * address's root, or a direct call passing that root to a parameter the
 * callee decrements on every path to its return (three calls deep).  The
 * root must be defined outside every cycle (a parameter, or an
 * instruction in no cycle), so the same value names the same block.
 * A path that ends without returning (exit, abort, pthread_exit) drops
 * that holder's decrement, which only lowers the count of decrements.
 *
 * Contract: rh_rc_build reads the points-to sets, thread graph, cfg and
 * model; rh_rc_ordered(rc, o, a1, a2) says the two accesses to object o
 * never race by the rule above (0 when o has no counted cell).
 */
#ifndef RH_STATIC_REFCOUNT_FREE_H
#define RH_STATIC_REFCOUNT_FREE_H

#include <stdint.h>

struct rh_static;
typedef struct rh_refcount rh_refcount;

rh_refcount *rh_rc_build(struct rh_static *s);
void rh_rc_free(rh_refcount *rc);
int rh_rc_ordered(rh_refcount *rc, uint32_t o, int a1, int a2);
/* How many counted cells were found (for --stats). */
int rh_rc_count(const rh_refcount *rc);

#endif
