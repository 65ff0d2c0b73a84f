/* arg_fields.h - per-instance values of the integer fields of the struct
 * each thread instance is given, so that indices computed from them
 * (`data[a->id * 4 + k]`, `for (k = a->lo; k < a->hi; k++) data[k]`) tell
 * two instances' elements apart.
 *
 * A thread created once per iteration k of a counted loop with constant
 * bounds, given &base[i] (i the loop's counter) or a block the loop
 * allocates per iteration: when the one write that may touch field f of
 * any element (block) stores an expression of the counter into the
 * element (block) of its own iteration before the create
 * (rh_own_field_store), instance k reads that expression at k from its
 * field.  Each instance's accesses are then evaluated by int_values
 * (interval and congruence, the loads of such fields bound per instance,
 * loop counters below their bounds inside their loops) and two different
 * instances' byte ranges must not meet.
 *
 * Contract: rh_arg_fields_disjoint says "accesses a1 of thread t1 and a2
 * of thread t2, in two different instances, touch disjoint bytes of one
 * object, or a guard on the fields keeps one of them from running"; "no"
 * whenever in doubt.  Cached per thread in s (freed by rh_arg_fields_free).
 */
#ifndef RH_STATIC_ARG_FIELDS_H
#define RH_STATIC_ARG_FIELDS_H

#include "static_ctx.h"

int rh_arg_fields_disjoint(rh_static *s, int a1, int t1, int a2, int t2);
void rh_arg_fields_free(rh_static *s);

#endif
