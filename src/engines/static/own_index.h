/* own_index.h - arrays whose elements each thread instance indexes by its
 * own id, which the paper reports as races and we do not.
 *
 * Two accesses to one array (same base, same element type) are disjoint
 * when the first variable index of both is the id of their thread instance
 * and the ids differ: two instances of a thread created once per iteration
 * of a counted loop with the loop counter as id, or two threads whose id
 * ranges do not meet.  The id is the argument passed by value, or the
 * integer it points to when the only write of that cell stored the id,
 * or a field of the element &base[i] it points to when the only write of
 * that field in any element stored i into element i (other fields of the
 * elements may be written, inside their elements), or of a fresh block
 * the create loop allocates and stores its counter into per iteration.
 * Contract: a cheap syntactic check; "no" whenever in doubt.
 */
#ifndef RH_STATIC_OWN_INDEX_H
#define RH_STATIC_OWN_INDEX_H

#include "static_ctx.h"

int rh_own_index_disjoint(rh_static *s, int a1, int t1, int a2, int t2);
/* Whether access ac of thread t addresses the thread's argument plus a
 * constant (*off) inside its start routine, so the create call says
 * exactly what it points to for this thread. */
int rh_own_thread_arg(rh_static *s, const rh_access *ac, int t, int64_t *off);

/* The one store into field [f, f + size) of what thread t's create
 * passes, when the value it stores is indexed by the create loop's
 * counter i: index_of gives the index a stored value uses (NULL: none).
 * Either the argument is &base[i] and the one write that may touch that
 * field of any element of base is a store into base[i]'s field, or the
 * argument is a block the loop allocates per iteration and the one write
 * that may touch that field of any of its blocks is a store through the
 * block's value, at most once per iteration (frees aside in both); the
 * store dominates the create.  *distinct: each instance has its own i.
 * Else NULL. */
LLVMValueRef rh_own_field_store(rh_static *s, int t, int64_t f, uint64_t size,
                                LLVMValueRef (*index_of)(rh_static *, LLVMValueRef), int *distinct);
/* An element address A[i].f... (own_index.c's element_field): its base,
 * variable index, element type and constant offset inside the element. */
int rh_own_element_field(rh_static *s, LLVMValueRef g, LLVMValueRef *base, LLVMValueRef *idx, LLVMTypeRef *elem,
                         int64_t *off);
/* Whether [off, off + size) lies inside one element of type t. */
int rh_own_inside_element(rh_static *s, LLVMTypeRef t, int64_t off, uint64_t size);

/* Whether access a of thread t indexes an array, at its first variable
 * index, by its own id, the id being the counter of the counted loop that
 * creates t once per iteration, passed by value: *root and *pos say which
 * array (as same_array compares them), *iv is that loop's counter. */
int rh_own_counter_access(rh_static *s, int a, int t, LLVMValueRef *root, int *pos, LLVMValueRef *iv);
/* Whether access a of thread t stays inside element i of array base (of
 * element type elem), the element the create loop with counter *iv passes
 * as &base[i] once per iteration. */
int rh_own_element_access(rh_static *s, int a, int t, LLVMValueRef *base, LLVMTypeRef *elem, LLVMValueRef *iv);
/* Whether two first variable indices (root GEP, position) index one array. */
int rh_own_same_array(rh_static *s, LLVMValueRef g1, int p1, LLVMValueRef g2, int p2);
/* The first variable index of address g, casts stripped, with its
 * position and root GEP; NULL when it has none. */
LLVMValueRef rh_own_first_variable_index(LLVMValueRef g, int *pos, LLVMValueRef *root);

/* Frees what the checks above cached per thread in s. */
void rh_own_index_free(rh_static *s);

#endif
