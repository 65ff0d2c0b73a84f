/* own_index.h - arrays whose elements each thread instance indexes by its
 * own id, which the paper reports as races and we do not.
 *
 * Two accesses of two instances of one multi thread to an array object are
 * disjoint when both index the array by the same value that is different
 * in every instance: the thread argument itself (an integer id passed by
 * value, or a pointer to a distinct element per create call) or a value
 * loaded from the instance's own argument struct.
 * Contract: a cheap syntactic check; "no" whenever in doubt.
 */
#ifndef RH_STATIC_OWN_INDEX_H
#define RH_STATIC_OWN_INDEX_H

#include "static_ctx.h"

int rh_own_index_disjoint(rh_static *s, int a1, int a2, uint32_t obj);

#endif
