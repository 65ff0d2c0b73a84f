/* slot_forward.h - a pointer stored into a memory cell and read back from
 * the same cell by the same function before anything else may write it:
 * `*slot = malloc(..); (*slot)->id = id; create(.., *slot)`, where the
 * record is kept in an array or an out-parameter and every later use
 * reloads it (mem2reg keeps no such cell in a register).
 *
 * A load L is forwarded to the value of store S when, on every path that
 * reaches L, S is the last instruction before it that may touch the cell:
 * both address the cell by one expression (the same SSA value, or GEPs and
 * integer casts with the same operands, compared structurally, and no path
 * goes back past the definition of a value the address is computed from:
 * in a loop's previous iteration the same SSA index was another), neither is
 * atomic or volatile, and between them there is no store or read-modify-
 * write whose points-to set may reach the cell's object, no call (a call
 * may write the cell or synchronise), and no fence.  Without a call, an
 * atomic or a fence between them this thread performs no acquire, so a
 * write of another thread that L could read instead of S's value would be
 * unordered with L: a data race on the cell itself, which the analysis
 * reports on the cell's object.  On every execution whose cell does not
 * race, L reads what S stored.
 *
 * Contract: pure; reads the instructions and the solved points-to sets.
 */
#ifndef RH_STATIC_SLOT_FORWARD_H
#define RH_STATIC_SLOT_FORWARD_H

#include "points_to.h"

/* The value L reads, when a store forwards it by the rule above; else NULL. */
LLVMValueRef rh_fwd_stored(rh_pt *pt, LLVMValueRef load);

/* The value V that L reads, as rh_fwd_stored, when moreover V at L is the
 * value the store stored: V is not an instruction, or V has one store
 * among its uses and no path from V's definition reaches L without
 * passing that store (in a loop, `parts[i] = malloc(..)` then a reload of
 * parts[i]: the allocation cannot run again between the store and the
 * load).  L may then be read as the SSA value V itself; else NULL. */
LLVMValueRef rh_fwd_current(rh_pt *pt, LLVMValueRef load);

#endif
