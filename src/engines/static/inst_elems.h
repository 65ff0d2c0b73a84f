/* inst_elems.h - a create wrapper called in a counted loop of main with
 * `&base[i]` as the start argument (i the loop's counter): each instance
 * of the record thread (instance_args.h) gets an element of its own.
 *
 * main runs once (its address is taken nowhere), the loop is entered
 * once (its preheader lies on no cycle) and the call runs once per round
 * (no path leads from it back to it without passing the header), so the
 * counter takes a distinct value in every round and instance k's
 * parameter points at element k.
 * Two accesses of the thread through that parameter at constant offsets
 * inside one element (d + size <= the element's size) touch different
 * bytes in different instances.  An access of main through `&base[i]`
 * with the same counter, at a constant offset inside the element, that
 * cannot run after the call before the loop's header runs again, touches
 * element i before instance i starts (or another instance's element).
 *
 * The element may hold the instance's id: when every write that may touch
 * the object is a store of the counter i itself into `&base[i]` at the
 * bytes the thread loads through its parameter (dominating the call in
 * its round), or outside them, and no create's handle may reach it,
 * instance k's load reads its own counter k: ids of two instances differ.
 * An access through `&arr[id]` plus a constant inside the element then
 * touches element k of arr in instance k: two instances' such accesses
 * are apart, and main's access through `&arr[i]` with the create loop's
 * counter that cannot run after the call before the header runs again
 * touches element i before instance i starts (or another element).
 *
 * Contract: pure; rh_ie_find fills e for call when the pattern is there
 * (else 0); the other two answer for one access pair; "no" when in doubt.
 */
#ifndef RH_STATIC_INST_ELEMS_H
#define RH_STATIC_INST_ELEMS_H

#include "static_ctx.h"

typedef struct rh_ie {
    LLVMValueRef call, base, iv;
    LLVMBasicBlockRef header;
    LLVMTypeRef etype;
    int64_t esize; /* bytes per element; 0: not such a call */
} rh_ie;

int rh_ie_find(rh_static *s, LLVMValueRef call, LLVMValueRef arg, rh_ie *e);
/* Whether the constant range [off, off + size) lies in one element. */
int rh_ie_inside(const rh_ie *e, int64_t off, int64_t size);
/* Whether main's access am through `&base[i]` precedes the call in its
 * round by the rule above (the thread's access is checked by the caller). */
int rh_ie_before_start(rh_static *s, const rh_ie *e, int am);

struct rh_ia;
/* The call whose instance's own counter value v (a load through the
 * instance's parameter, extended) is, by the rule above; else NULL. */
const rh_ie *rh_ie_id_load(rh_static *s, const struct rh_ia *ia, LLVMValueRef v);
/* For access a through `&arr[id] + c` with such an id: its call, *base and
 * *et (arr and its element type); else NULL. */
const rh_ie *rh_ie_id_indexed(rh_static *s, const struct rh_ia *ia, int a, LLVMValueRef *base, LLVMTypeRef *et);
/* The same for a pointer and a size. */
const rh_ie *rh_ie_id_indexed_ptr(rh_static *s, const struct rh_ia *ia, LLVMValueRef ptr, int64_t size,
                                  LLVMValueRef *base, LLVMTypeRef *et);
/* Whether ptr is `&base[i] + c`, base of element type et, i e's counter. */
int rh_ie_round_elem(rh_static *s, const rh_ie *e, LLVMValueRef ptr, LLVMValueRef base, LLVMTypeRef et);
/* Whether two accesses of the thread are through `&arr[id]` of one arr. */
int rh_ie_indexed_apart(rh_static *s, const struct rh_ia *ia, int a1, int a2);
/* Whether main's access am through `&arr[i]` precedes the thread's access
 * at through `&arr[id]` by the rule above. */
int rh_ie_indexed_before(rh_static *s, const struct rh_ia *ia, int am, int at);

#endif
