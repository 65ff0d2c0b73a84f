/* nonnull_params.h - pointer parameters that no call passes null, and the
 * branches that test them against null, which then never run.
 *
 * `void init_event(struct event *e, const char *name) { if (name == NULL)
 * { unnamed_id++; ... } ... }` with every caller passing a string literal:
 * the counter is never touched, yet a path-insensitive analysis sees two
 * threads incrementing it.  A parameter is non-null when the function's
 * address is used by direct calls only (no pointer call, no thread start
 * or callback can pass it anything else), and every such call that some
 * thread may run (thread_graph.h's reach: a call in a function no thread
 * runs never happens) passes a non-null value: the address of a global,
 * a function, a string literal or a local (alloca), an in-bounds GEP or a
 * cast of such a value, or a parameter of its caller that is non-null by
 * the same rule (a greatest fixpoint: a recursive call that forwards the
 * parameter keeps it).  An in-bounds GEP of a non-null pointer is non-null
 * (reaching address 0 from a valid object would be undefined).  A branch
 * on `param == NULL` or `(uintptr_t)param == 0` (or their negation) then
 * has a dead edge: the lockset dataflow enters nothing through it, so its
 * accesses are never recorded.
 *
 * Contract: rh_nn_find reads the program, the points-to function indices
 * and the thread graph; the result is immutable (may be NULL: no fact).
 */
#ifndef RH_STATIC_NONNULL_PARAMS_H
#define RH_STATIC_NONNULL_PARAMS_H

#include "thread_graph.h"

typedef struct rh_nn rh_nn;

rh_nn *rh_nn_find(rh_program *p, rh_pt *pt, const rh_tg *tg);
/* Whether successor succ of the conditional branch term never runs. */
int rh_nn_edge_dead(const rh_nn *nn, LLVMValueRef term, unsigned succ);
/* How many branch edges were found dead (for --stats). */
int rh_nn_count(const rh_nn *nn);
void rh_nn_free(rh_nn *nn);

#endif
