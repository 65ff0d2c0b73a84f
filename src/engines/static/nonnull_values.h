/* nonnull_values.h - pointers that are surely not null at a point of
 * their function, under the verdict's no-undefined-behaviour assumption.
 *
 * Thread wrappers return a handle, or NULL when pthread_create failed:
 * `if (pthread_create(&t, ...)) h = NULL; else h = wrap(t); return h;`.
 * The caller's `if (h) join(h)` says whether the thread runs only when
 * NULL is the one value that can mean "not created", so the other
 * returned values must be known non-null (path_facts.h).  A pointer is
 * non-null at instruction `at` when it is, through casts and in-bounds
 * GEPs, the address of a local, a function or a defined (not weak)
 * global; a phi of non-null values (each at the end of its incoming
 * block); the result of a direct call of a defined function every return
 * of which returns a non-null value; or a pointer that a load or store
 * through it (or through an in-bounds GEP of it: `h->field = x`) runs
 * before `at` on every path (dereferencing NULL would be undefined), or
 * that a branch tested against NULL on the way to `at` (`if (!h)
 * exit(1);`: the non-null edge leads to a block it alone enters, and that
 * block dominates `at`).  Nothing else is: a malloc result untested.
 *
 * Contract: pure queries of the IR, no state; bounded depth.
 */
#ifndef RH_STATIC_NONNULL_VALUES_H
#define RH_STATIC_NONNULL_VALUES_H

#include <llvm-c/Core.h>

/* Whether pointer v is not null whenever instruction `at` runs. */
int rh_nv_nonnull(LLVMValueRef v, LLVMValueRef at);

#endif
