/* owned.h - objects that belong to one thread instance (escape per thread
 * instance), which escape.c, reading the flow-insensitive points-to sets,
 * may call shared.
 *
 * An object's address lives in SSA values until a store puts it into
 * memory; only through memory (or a thread's start argument) can another
 * thread get it.  So an object is owned by the instance that made it when
 * every value derived from its address (casts, GEPs, phis, selects, the
 * parameters of the program functions it is passed to, what realloc or
 * strchr-like calls return of it) is only loaded from, stored to, compared,
 * subtracted from another of its addresses, freed, or handed to a library
 * call that neither keeps it nor may store a pointer to it (a call storing
 * pointers through it as its out-parameter, strtol's end, stores pointers
 * to other objects), or to a variadic program function whose va_list only
 * reaches such library calls (a logging wrapper around vsnprintf):
 *   (a) an alloca (a thread's own stack object, also of main), or a heap
 *       object whose allocation result (or wrapper's) stays so: it is only
 *       ever touched by the thread instance whose frame made it;
 *   (b) a heap object handed to one thread instance: the same holds in the
 *       creating function except for exactly one thread-create call that
 *       passes it as the start argument, no use of it (nor that create) can
 *       run after the create before the allocation runs again, and the
 *       start routine's parameter stays so too.  Everything the creator
 *       did to the block happens before the create, and each create gets a
 *       block of its own (a create in a loop or in a wrapper called many
 *       times pairs with the allocation of its own iteration or call).
 * A value passed to an indirect call the thread graph cannot resolve, to an
 * unknown external function, as a variadic argument of a program function,
 * or returned (except from an allocation wrapper's own site) escapes.
 *
 * Contract: rh_owned_unshare clears s->shared for every object of (a) or
 * (b); it never sets a flag.  Owned objects never race, so their pairs are
 * not checked at all.
 */
#ifndef RH_STATIC_OWNED_H
#define RH_STATIC_OWNED_H

#include "static_ctx.h"

void rh_owned_unshare(rh_static *s);

/* Whether an allocation site makes a fresh block each time it runs (an
 * allocator call, or a call of a wrapper that returns what one allocated). */
int rh_owned_fresh_site(rh_static *s, LLVMValueRef site);

#endif
