/* field_ptrs.h - per-instance pointers handed to threads in a field of
 * their argument: `d[i].buf = &bufs[i]; create(.., &d[i])`, the routine
 * reading `p = d->buf` and writing p[k].  The thread graph sees one
 * thread in several instances and the points-to set of p holds every
 * element of bufs, so every such pair was a possible race.
 *
 * An access of thread t is an element access when it is made through a
 * value loaded from a field f of its start routine's parameter (the
 * routine runs once per instance), plus a constant c: in the routine, or
 * in a helper every use of which is a direct call in the routine passing
 * such a load of one field plus one constant as the parameter the access
 * goes through; and
 *   - t's create passes &base[i], i the counter of a counted loop creating
 *     one thread per iteration (own_index.h: ids), and the one write that
 *     may touch field f of any element of base is a store into base[i]'s
 *     field f, with the same value i, that dominates the create; or the
 *     create passes a block the loop allocates per iteration and the one
 *     write that may touch field f of its blocks is a store through the
 *     block's value, once per iteration, dominating the create
 *     (rh_own_field_store, frees aside): so when instance k starts, its
 *     element or block holds what iteration k stored, and nothing stores
 *     into it again;
 *   - that store's value is &A[i] plus a constant e inside one element
 *     (casts kept: a pointer stored as a pointer-wide integer and cast
 *     back is the same address), with i again the same value, and A is a
 *     global, a parameter of the creating function or a value it computes
 *     outside every cycle (one address in every iteration: the creating
 *     function runs once);
 *   - the access's bytes [e + c, e + c + size) lie inside that element.
 * Instance k then touches element k of A only.  Two element accesses of A
 * (same element type) by two instances of one thread whose ids are
 * distinct are apart (two threads would need two stores into the field,
 * which the one-store rule excludes).  A thread that read its field
 * before the store would race on the field itself, which is compared as
 * usual.
 *
 * Contract: a cheap syntactic check; "no" whenever in doubt.
 */
#ifndef RH_STATIC_FIELD_PTRS_H
#define RH_STATIC_FIELD_PTRS_H

#include "static_ctx.h"

/* Whether access a1 of thread t1 and a2 of t2 touch elements of one array
 * that two different instances never share, by the rule above. */
int rh_field_ptrs_disjoint(rh_static *s, int a1, int t1, int a2, int t2);

#endif
