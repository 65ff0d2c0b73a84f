/* handover.h - heap records handed over with their thread: a record a
 * function allocates, fills and passes as the start argument of the thread
 * it creates (the handle of a thread wrapper, `struct job *j = malloc(..);
 * j->fn = fn; pthread_create(&j->tid, 0, start, j)`), which the thread
 * reads through its parameter and whoever joins the thread through
 * `j->tid` reads or frees afterwards.  Unlike owned.h, the record's
 * address may be stored anywhere (returned to the wrapper's caller, kept in
 * a local of main): what is checked is every access to it, not its uses.
 *
 * A heap object o (a fresh allocation site, or an allocation wrapper's
 * call) is a handed-over record when, in the function F holding its site,
 * one create call C passes exactly the site's value as the start argument,
 * C cannot run twice without the allocation running again, and every
 * thread C starts has a start routine that runs only as a thread created
 * by such calls (its address is used by create calls only).  An access to
 * o is then ordered with every other such access when it is one of:
 *   (i)   in F, through the site's value (casts and constant GEPs), and not
 *         reachable from C without the allocation running again (C's
 *         failure branch excluded: pthread calls succeed): it touches the
 *         record of its own call before that call's thread exists;
 *   (ii)  in the start routine, through its parameter: the thread's own
 *         record, which no other instance receives;
 *   (iii) through a value X after a join, dominating the access in its
 *         function, of the handle loaded from X at C's handle offset, when
 *         C is the only write that may reach that field of o (or C writes
 *         a local of F that only loads C dominates read, and one store in
 *         F copies such a load into that field of the site's value): the
 *         thread holding X has ended; or an access record_joins.h marks as one
 *         on a record whose thread has been joined.
 * (i) happens before its own thread's (ii), both before (iii) on the same
 * record; two classified accesses on different records never overlap.
 * Accesses outside these classes are compared as usual.
 *
 * Contract: rh_handover_build reads the points-to sets, thread graph and
 * model; rh_handover_ordered(h, o, a1, a2) says the two accesses to object
 * o never race by the rule above (0 when o is no such record).
 */
#ifndef RH_STATIC_HANDOVER_H
#define RH_STATIC_HANDOVER_H

#include "static_ctx.h"

typedef struct rh_handover rh_handover;

/* One handed-over record: its allocation, the create passing it, the
 * function holding both, the offset of the thread handle inside it, and
 * whether only that create writes the handle (joins through it name the
 * record's thread). */
typedef struct rh_handover_record {
    uint32_t obj;
    LLVMValueRef site, create, fn;
    int64_t handle_off;
    LLVMValueRef handle_store; /* the store copying the handle into the record after the create
                                  (created into a local first), or NULL: the create writes it */
    int joinable;
} rh_handover_record;

rh_handover *rh_handover_build(rh_static *s);
/* The records found (n of them), valid until rh_handover_free. */
const rh_handover_record *rh_handover_records(const rh_handover *h, int *n);
/* Whether `target` may run after the create (its failure branch excluded:
 * pthread calls succeed) before `wall` runs again, in their one function. */
int rh_handover_after_create(LLVMValueRef create, LLVMValueRef wall, LLVMValueRef target);
/* Marks access a as one on a record of object obj whose thread has been
 * joined (record_joins.h found it so): class (iii) for that record. */
void rh_handover_mark_joined(rh_handover *h, uint32_t obj, int a);
/* Whether every use of the function's address is the start routine
 * operand of a create call (it never runs as a plain call). */
int rh_handover_only_started(rh_static *s, LLVMValueRef fn);
/* The value v is computed from by casts and constant GEPs (*off: their
 * offset, -1 when an index is not constant). */
LLVMValueRef rh_handover_root(rh_pt *pt, LLVMValueRef v, int64_t *off);
int rh_handover_ordered(rh_handover *h, uint32_t o, int a1, int a2);
void rh_handover_free(rh_handover *h);

#endif
