/* instance_args.h - the start argument each instance of a counted record
 * thread receives (record_joins.h), and the objects only one instance
 * reaches through it.
 *
 * A create wrapper W(.., arg, ..) stores its parameter `arg` into field F
 * of its fresh record before the create C (on every path), and the
 * record's start routine (a trampoline only ever started) calls through a
 * pointer, with the value it loads from field F of its own record as
 * argument r, routines that no other call reaches and whose address is
 * used only as an argument of W.  When that store is the only write that
 * may reach field F of any record, such a routine's parameter r holds, in
 * the instance call k of W started, the value call k passed as `arg`;
 * a function whose every call passes (casts and constant GEPs of) such a
 * parameter holds it too.  A call outside loops runs once (record_joins.h:
 * its function runs once), so an object that the argument of call k may
 * denote and the argument of no other call may, is reached through those
 * parameters by instance k alone: two accesses of the thread to it, both
 * through them, are made by one thread in program order.  A call in a
 * loop that passes a fresh allocation of its own function, and cannot run
 * again before that allocation runs again, gives each of its instances a
 * block of its own: two instances never reach one block through them.
 * The allocation's value may be passed (or accessed) through a load of
 * the cell it was stored into, when slot_forward.h's rh_fwd_current reads
 * the load as that value.
 * A call whose instances never overlap one another (each starts when the
 * last one its handle cell named has ended, record_joins.h) is as good as
 * one instance for an object only its argument may denote.
 * An access of that function through the allocation's value that cannot
 * run after the call before the allocation runs again touches a block
 * whose instance has not started: it happens before every access of the
 * thread through those parameters to a block of that allocation.  Arguments into
 * one object at constant offsets (`&a[0]`, `&a[1]`) are apart the same
 * way when the two accesses lie at constant distances from the parameter
 * with known sizes and no two instances' bytes overlap.
 * A call in a counted loop of main passing `&base[i]` gives each instance
 * an element of its own (inst_elems.h).
 * Blocks the instance reaches through a field of its own argument block
 * are its own too when one store fills that field with a fresh block of
 * each round (inst_fields.h).
 *
 * Contract: rh_ia_find fills ia for the wrapper calls of one counted
 * record (0 when the pattern is not there, ia then unused);
 * rh_ia_one_instance says whether accesses a1 and a2 of the record's
 * thread to object o are made by one instance; rh_ia_free frees ia.
 */
#ifndef RH_STATIC_INSTANCE_ARGS_H
#define RH_STATIC_INSTANCE_ARGS_H

#include "handover.h"
#include "inst_elems.h"

typedef struct rh_ia {
    unsigned long *params; /* per model function: bit q, parameter q holds the instance's argument */
    const rh_sset **args;  /* per wrapper call: the points-to set of the argument it passes */
    unsigned char *once;   /* per wrapper call: it runs at most once (not in a loop) */
    LLVMValueRef *fresh;   /* per wrapper call: the fresh allocation each of its runs passes, or NULL */
    LLVMValueRef *calls;   /* the wrapper calls */
    unsigned char *serial; /* per wrapper call: its instances never overlap one another (record_joins.c) */
    rh_ie *elems;          /* per wrapper call: `&base[i]` of main's counted loop (inst_elems.h) */
    int ncalls;
    unsigned q;            /* the wrapper's parameter the argument comes in */
} rh_ia;

int rh_ia_find(rh_static *s, const rh_handover_record *rec, LLVMValueRef *calls, int ncalls, rh_ia *ia);
int rh_ia_one_instance(rh_static *s, const rh_ia *ia, uint32_t o, int a1, int a2);
/* Whether access am of the creating function to o happens before access
 * at of the record's thread to o by the rule above. */
int rh_ia_before_start(rh_static *s, const rh_ia *ia, uint32_t o, int am, int at);
/* Whether value v is (casts and constant GEPs of) a parameter that holds
 * the instance's argument. */
int rh_ia_through_param(rh_static *s, const rh_ia *ia, LLVMValueRef v);
/* Whether only one call's argument may denote o and that call gives each
 * of its instances o to itself (it runs once, its instances never
 * overlap, or it passes a fresh block of its round). */
int rh_ia_own_arg_block(rh_static *s, const rh_ia *ia, uint32_t o);
/* rh_handover_root of v, followed through loads that slot_forward.h reads
 * as the current value of what their function stored in the cell. */
LLVMValueRef rh_ia_current_root(rh_static *s, LLVMValueRef v);
/* Whether store st is the only write (frees aside) and no create's
 * handle may reach the pointer-sized field at off of object obj. */
int rh_ia_field_unique(rh_static *s, uint32_t obj, LLVMValueRef st, int64_t off);
void rh_ia_free(rh_ia *ia);

#endif
