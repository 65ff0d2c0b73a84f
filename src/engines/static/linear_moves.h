/* linear_moves.h - objects moved through a locked linked list: a job a
 * producer allocates and pushes onto a list under a lock, which exactly
 * one consumer pops (loads the head and unlinks it under the same lock)
 * and then uses without the lock.
 *
 * The fact is linearity: every node reachable from a list head has one
 * incoming pointer among the list's cells (the heads and the nodes' next
 * fields), so a pop, which loads a head and stores the node's next back
 * into it while the lock is held throughout, makes the node unreachable,
 * and no later pop can return it; only a push of a block that has never
 * been in the list makes a node reachable.  Each popped block therefore
 * belongs to the frame that popped it, and two accesses through two pops'
 * values touch different blocks (a block freed and allocated again is
 * ordered by the allocator and the lock, as for fresh_pairs.h).
 *
 * A pop is (Ld, N, S): Ld loads a pointer from address A; N loads the
 * pointer at constant offset k of Ld's value (the node's next field); S
 * stores N's value into A (the same SSA address, casts aside).  No call,
 * store or atomic lies on a path from Ld to S, and Ld and S hold one lock
 * L in write mode, so nothing else writes A between them.  The cells are
 * every location A may denote (heads) and every location N may read
 * (next fields).  Every write that may touch a cell (frees aside, a block
 * may be freed by its owner) must be one of:
 *   - a pop's S;
 *   - a store of null (or a memset of zero);
 *   - a store through a popped value (below): the node is unreachable and
 *     stays so, whatever it stores;
 *   - a store of the value of a fresh allocation D (malloc, calloc, a
 *     wrapper returning its own block, rh_owned_fresh_site) of the
 *     store's function, when no path leads from one such store of D's
 *     value to another (or itself) without D running again: each block
 *     enters the list cells at most once;
 *   - a store of a popped value (below) under L: a requeue puts back a
 *     node that was unreachable since its pop; the push-back and every
 *     call passing the node down to one are re-push points, and a value
 *     is popped at a point only when no path reaches it from a re-push
 *     point without its pop running again (so each pop's node is pushed
 *     back at most once, and the popper's accesses end there); also a
 *     push helper's parameter every call of which passes a fresh value
 *     (counted as a fresh store at that call) or a popped one (a re-push
 *     point there);
 *   - a push link: a store of the value of PL, a load of a head address A2,
 *     into offset k' of a fresh value v, followed in its block by a store
 *     of v into A2, with no call, atomic or other store between PL and
 *     that store, and L held at PL.
 * Writes to heads hold L; writes to next fields hold L too unless they go
 * through a popped value or through a fresh value no store of it into the
 * cells may precede (the node is not reachable yet).
 *
 * An access is through a popped value when its address is made by GEPs and
 * casts from a pop's Ld and every path from Ld to it (not passing Ld
 * again) passes S or the edge on which Ld's value is null (a null
 * dereference is undefined); or from a parameter of a function whose every
 * use is a direct call passing such a value there (3 calls deep).  A
 * consumer that only reads the head (no unlink) makes no pop, so its
 * accesses are compared as usual.
 *
 * Contract: rh_lm_build reads the points-to sets, CFG, locksets and model;
 * rh_lm_apart(m, a1, a2) is 1 only when both accesses go through popped
 * values under the rule above (any write breaking it turns the module
 * off); such a pair never races.  --stats counts the accesses classified
 * (static.popped_accesses).
 */
#ifndef RH_STATIC_LINEAR_MOVES_H
#define RH_STATIC_LINEAR_MOVES_H

#include "static_ctx.h"

typedef struct rh_lm rh_lm;

rh_lm *rh_lm_build(rh_static *s);
int rh_lm_apart(const rh_lm *m, int a1, int a2);
void rh_lm_free(rh_lm *m);

#endif
