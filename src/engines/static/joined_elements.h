/* joined_elements.h - the creator's use of element k of an array right
 * after joining thread instance k, inside the join loop.
 *
 * `for (i..) create(&th[i], work, i);` where instance k touches only
 * results[k] (its own id, own_index.h), then
 * `for (i..) { join(th[i]); total += results[i]; }`: in iteration k of the
 * join loop, instance k has ended (the join of th[k], which the create loop
 * filled with instance k's handle, dominates the use), and every other
 * instance touches another element.  So the use and the instances'
 * accesses to that array never race, although some instances still run.
 *
 * The same holds for an array of records, each holding an instance's
 * handle and data, when instance k is given &jobs[k] and stays inside it:
 * `join(jobs[i].th); total += jobs[i].out;`.
 *
 * Required: the join is one of thread_handles.c's element joins (a join
 * in every iteration of a counted loop over the handle array of one create
 * loop with the same range, nothing else writing the handles); the
 * thread's id is that create loop's counter passed by value, or its
 * argument that loop's &base[i] (own_index.h); the creator's access
 * indexes the same array at the same position (stays inside one element
 * of the same base) by the join loop's counter and is dominated by the
 * join.
 *
 * Contract: a cheap syntactic check; "no" whenever in doubt.
 */
#ifndef RH_STATIC_JOINED_ELEMENTS_H
#define RH_STATIC_JOINED_ELEMENTS_H

#include "static_ctx.h"

/* Whether accesses a1 (thread t1) and a2 (thread t2) are the creator's use
 * of a joined instance's element and an instance's access to its own
 * element, in either order. */
int rh_joined_elements_apart(rh_static *s, int a1, int t1, int a2, int t2);

#endif
