/* record_loops.h - a create wrapper called in a counted loop that puts
 * each record into its own element of a local array, and the loops that
 * join them all: `for (i = 0; i < n; i++) if (!spawn(fn, a, &th[i]))
 * th[i] = NULL; ... for (i = 0; i < n; i++) if (th[i]) wait(th[i]);`
 * (record_joins.h counts the instances; this finds the loops).
 *
 * The group is accepted when the wrapper's one call site S lies in a
 * counted loop L1 of its function m (outside any inner cycle, L1 entered
 * once per run of m), its out-parameter is `&arr[i]` with i L1's
 * induction variable and arr a local array of m used only by element
 * addresses that are loaded from, stored to, or passed to S.  A join loop
 * is a counted loop over the same range whose every iteration, on every
 * path back to its header, joins the record loaded from `arr[j]` (j its
 * induction variable) or takes the edge where that record is null; it is
 * left only through its header's test.  Leaving a join loop after S ran
 * ends every instance S started.  Null stores into `arr[i]` on S's zero
 * edge (when zero means no thread) or before S in the same iteration keep
 * the group; any other store while an instance may run loses it.
 *
 * Contract: rh_rl_find fills g for call S (is_join says whether a call
 * joins a record value with the handle at off); the queries read g only.
 */
#ifndef RH_STATIC_RECORD_LOOPS_H
#define RH_STATIC_RECORD_LOOPS_H

#include "static_ctx.h"

#define RH_RL_MAX_LOOPS 4

typedef int (*rh_rl_is_join)(rh_static *s, LLVMValueRef call, LLVMValueRef rec, int64_t off);

typedef struct rh_rl_group {
    const rh_cfg *cfg;
    LLVMValueRef call, arr;          /* S and the array */
    LLVMBasicBlockRef header;       /* L1's header */
    LLVMBasicBlockRef zero_block;   /* entered only when S returned 0, or NULL */
    LLVMBasicBlockRef exit_from[RH_RL_MAX_LOOPS], exit_to[RH_RL_MAX_LOOPS]; /* join loops' exit edges */
    LLVMValueRef joins[RH_RL_MAX_LOOPS]; /* each join loop's join call */
    int nloops;
} rh_rl_group;

/* zero_means_none: S returns 0 only when it started no thread. */
int rh_rl_find(rh_static *s, LLVMValueRef call, unsigned q, int64_t off, int zero_means_none,
               rh_rl_is_join is_join, rh_rl_group *g);
/* The successor a conditional branch takes when v is zero or null (a
 * test of v against 0, through one negation); *v is set; -1 when none. */
int rh_rl_zero_edge(LLVMValueRef br, LLVMValueRef *v);
/* Whether the edge from b to sb leaves a join loop. */
int rh_rl_exit_edge(const rh_rl_group *g, LLVMBasicBlockRef b, LLVMBasicBlockRef sb);
/* Whether store st into the array keeps the group (a null store S's
 * zero edge or the same iteration before S allows). */
int rh_rl_store_ok(const rh_rl_group *g, LLVMValueRef st);
/* Whether st writes an element of the array. */
int rh_rl_stores_into(const rh_rl_group *g, LLVMValueRef st);
/* Whether record value v (a load of an element) at instruction `at` was
 * joined before in the same join-loop iteration. */
int rh_rl_joined_at(const rh_rl_group *g, LLVMValueRef v, LLVMValueRef at);

#endif
