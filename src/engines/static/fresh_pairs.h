/* fresh_pairs.h - pairs of accesses that each touch a block an allocation
 * returned in their own frame, so never the same block in two threads.
 *
 * In SSA form a use of a value reads what the latest execution of its
 * definition in the same frame produced.  So an access whose address is
 * an allocation's result plus GEPs and pointer casts only (`req->id`
 * right after `req = malloc(...)`, `buf[i]` of a local array) touches the
 * block that allocation returned in the access's own frame: each
 * execution of an allocator call returns a block no other live block
 * shares, and each frame of a local array is its own object.  Two such
 * accesses, from whichever allocations, are therefore either in one frame
 * (one thread, ordered by program order) or in two frames, whose
 * executions of their allocations differ and so returned different blocks
 * (a block freed and allocated again is ordered by the allocator: a free
 * happens before the allocation that reuses it).  Two accesses in
 * different threads are always in different frames.  Whatever else the
 * block meets through memory (a table it is published in, a thread it is
 * handed to) is not concluded on here: only the pair of two such accesses
 * is.
 *
 * The address may also be loaded from a local (a struct kept in memory,
 * `r.list = malloc(n); ... r.list[i] = x`) when the local's address never
 * leaves its frame (only loads, stores to it, comparisons, constant GEPs
 * and casts use it) and every store that meets the loaded bytes stores
 * exactly there a value made from one fresh allocation: the load then
 * gives a block that allocation returned in this frame.
 *
 * Fresh allocations are those of rh_owned_fresh_site (malloc, calloc and
 * wrappers returning what they allocated; never realloc, which may return
 * its argument), a table of library allocators the program declares but
 * does not define (strdup, glib's g_malloc family), and allocas; a phi or
 * select all of whose incoming values are such (after GEPs and casts, or
 * that phi again) is one too, named by the phi: it is a block one of them
 * returned in this frame.  Other phis, loads and integer round trips end
 * the chain: the address may then be another frame's.
 *
 * Unpublished accesses.  A plain load or store through a library
 * allocation's value (or an alloca's, or a phi of library allocations used
 * by nothing else), by GEPs and casts, that no path reaches from a use
 * letting the address leave the frame (stored as a value, passed to a
 * call, returned, merged into another phi, turned into an integer) without
 * running the allocation again, touches a block no other thread has the
 * address of yet (`m = malloc(..); m->val = v; lock; head = m; unlock`):
 * it races with nothing.  A program's own allocation wrapper counts only
 * when it publishes nothing: each of its returns gives a value new in each
 * run (or null through a phi), used by nothing but loads and stores
 * through it, null tests and the return (`xmalloc` exiting on failure);
 * any other wrapper may publish the block before returning it.  A stale
 * pointer to an earlier block at the same address would be a use after
 * free (undefined behaviour, assumed absent).
 *
 * Contract: rh_fresh_apart(f, a1, a2) is 1 only when both accesses'
 * addresses are made, by GEPs and casts (and at most one load from such
 * a local), from fresh allocations of their own frames, or one of them is
 * unpublished; the pair then never races.
 */
#ifndef RH_STATIC_FRESH_PAIRS_H
#define RH_STATIC_FRESH_PAIRS_H

#include "static_ctx.h"

typedef struct rh_fresh rh_fresh;

rh_fresh *rh_fresh_new(rh_static *s);
int rh_fresh_apart(const rh_fresh *f, int a1, int a2);
void rh_fresh_free(rh_fresh *f);

#endif
