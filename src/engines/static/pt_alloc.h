/* pt_alloc.h - allocation-site context for the points-to analysis
 * (points_to.c; internal to it): allocation wrappers, and allocators
 * reached through pointers.
 *
 * A strict wrapper (rh_pt_wrapper_site: only ever called directly, its
 * block from malloc or another strict wrapper) gives each of its calls an
 * object of its own.  Programs that let the user replace the
 * allocator do neither: `app_alloc(n)` calls `cfg.alloc(ctx, n)`, a
 * pointer set to a function `default_alloc` that calls malloc, so every
 * block of the program was the one object of malloc's call in it,
 * and every pair of unrelated blocks a may-race.  This module extends
 * allocation-site context to them:
 *   - an allocator is a function whose every return gives back NULL or the
 *     result of one call in it, which is malloc-like, a direct call of an
 *     allocator, or a call through a pointer; its address may be taken,
 *     but never passed to a function without a body (a library could call
 *     it where the analysis cannot see);
 *   - each call of an allocator (direct, or through a pointer found to
 *     reach one) that is not itself an allocator's own call gets a heap
 *     object of its own; inside the allocator the block is any of its
 *     callers' objects (pushed down nested allocators and pointer
 *     targets as they are found), so what it does to the block is seen on
 *     each;
 *   - a call through a pointer that reaches malloc itself gets a heap
 *     object per call site instead of an opaque external one;
 *   - what an allocator's pointer call may return that is no fresh block
 *     (a target that is no allocator) flows to every caller ("leak").
 * Why it is sound: an object per call site only names blocks apart that
 * are different blocks (each run of the call allocates anew); every
 * return of an allocator is covered (a fresh block is one of its callers'
 * objects, anything else flows through the leak), and calls this module
 * cannot see (from a library) are excluded by the address rule.  These
 * objects are not findable by site (obj_of_site): must-analyses, which
 * take a call's object as the one block it returns, do not use them,
 * since a pointer call may also return a non-fresh block.
 */
#ifndef RH_STATIC_PT_ALLOC_H
#define RH_STATIC_PT_ALLOC_H

#include "points_to.h"

/* The strict allocation wrappers (only ever called directly, block from
 * malloc or another strict wrapper): the wrapper's allocation site, or
 * NULL.  Other analyses read pt->wrapper_site for them. */
LLVMValueRef rh_pt_wrapper_site(rh_pt *pt, int f);
/* An allocation call (library, or of a strict wrapper) in function fi:
 * the objects its result may point to. */
void rh_pt_alloc_site(rh_pt *pt, LLVMValueRef call, int fi, uint64_t size);

void rh_pt_alloc_init(rh_pt *pt);
void rh_pt_alloc_free(rh_pt *pt);

/* Whether call (a library allocation in function fi) is an allocator's own
 * call, whose objects are its callers' (pushed here); else the caller
 * gives it an object of its own. */
int rh_pt_alloc_own_site(rh_pt *pt, LLVMValueRef call, int fi);
/* A direct call in function caller of function callee: 1 when callee is
 * an allocator and the call is wired here. */
int rh_pt_alloc_direct(rh_pt *pt, LLVMValueRef call, int caller, int callee);
/* A call through a pointer in function caller found to reach function
 * object fobj: 1 when that target allocates and the call is wired here. */
int rh_pt_alloc_indirect(rh_pt *pt, LLVMValueRef call, int caller, uint32_t fobj);

/* points_to.c's builders this module uses. */
int rh_ptb_value_node(rh_pt *pt, LLVMValueRef v);
int rh_ptb_ret_node(rh_pt *pt, int func);
uint32_t rh_ptb_object(rh_pt *pt, rh_pt_kind kind, LLVMValueRef site, int func, uint64_t size, int mapped);
void rh_ptb_wire_params(rh_pt *pt, LLVMValueRef call, int callee);

#endif
