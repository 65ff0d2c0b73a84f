/* forwarded_args.h - array elements handed to each thread instance inside
 * a start record, through a trampoline.
 *
 * A create wrapper packs the user's routine and argument into a record it
 * allocates per call (`r->fn = fn; r->arg = arg; create(th, tramp, r)`),
 * and the trampoline calls the routine with the record's argument
 * (`fn(r->arg)`, often after freeing r).  Called from a counted loop with
 * `&slots[i]`, instance k's routine receives &slots[k] only: the record is
 * fresh per iteration and the one store into its argument field stores
 * &slots[i] (own_index.h's rh_own_field_store: once per iteration, the
 * counter's values distinct per instance).  An access of the thread whose
 * address is a constant offset from the forwarded value, and stays
 * inside one element, then touches only its instance's element: two
 * instances of the thread never meet there.
 *
 * The forwarded value is a load of the start routine's parameter plus a
 * constant F, made in the start routine (which runs only as that, once per
 * instance: thread_graph.h's once), or a parameter of a function every
 * possible call of which (direct, or through a pointer the thread graph
 * resolves, with no unresolved pointer call anywhere that could reach it)
 * passes such a value with the same F; followed FA_DEPTH calls deep.
 *
 * Contract: a cheap syntactic check; "no" whenever in doubt.
 */
#ifndef RH_STATIC_FORWARDED_ARGS_H
#define RH_STATIC_FORWARDED_ARGS_H

#include "static_ctx.h"

/* Whether accesses a1 and a2 of two instances of thread t (t1 == t2)
 * touch the elements their own records forwarded, which differ. */
int rh_forwarded_elements_apart(rh_static *s, int a1, int t1, int a2, int t2);

#endif
