/* dyn_private.h - the accesses the instrumentation leaves out (dyn_instrument.c).
 *
 * Not instrumented: plain (non-atomic) loads and stores of memory only the
 * accessing thread can reach (rh_dyn_private_object): a stack object, a block
 * fresh from malloc/calloc (fresh_allocators), the C library's thread-local
 * slot of errno or of a ctype table pointer (thread_slots) or a static
 * thread-local variable whose address is only ever loaded from, stored into, compared
 * or offset (getelementptr), and passed to no call but free, the hooks
 * that only record it (recording_hooks) and parameters of the module's
 * functions whose uses are of the same kinds, or merged (phi, select)
 * into a value whose uses are - never to another call, stored as a value,
 * returned or turned into an integer.  Such a parameter of an internal
 * function that every caller passes such an object is private too (a
 * callee runs in its caller's thread), and so is a merge of private
 * objects only.  Another thread could reach such an object only through its
 * address, and none leaves those uses, so no access to it can race and
 * leaving it out hides none (a freed block's history is cleared anyway: its next
 * owner starts anew).  Nor are loads of constant globals (const tables,
 * string literals; rh_dyn_read_only_object) nor of the C library's ctype
 * tables through the pointer its slot holds (table_slots; a pointer to
 * const): writing one is undefined, so nothing a load of it could race
 * with exists.
 *
 * Nor is a plain load or store that repeats an earlier access (covered,
 * rh_dyn_covered_accesses): the earlier one, a load or store, or a store
 * when the later one is a store, is of the same address (the same value,
 * or the same offsets and casts of the same values) and at least as many
 * bytes, on the same source line, and runs on every path to the later one with no call, fence or
 * atomic between (in the same basic block, or along a chain of blocks
 * each of which has the one before as its only predecessor).  The thread's clock moves only
 * at such a synchronising step, so both accesses are of one epoch: any
 * access of another thread that is concurrent with the later one is
 * concurrent with the earlier one too, is checked against its record
 * (before it, or at the other thread's own hook after it) and races with
 * it on the same bytes, so the race is reported on the same line (a
 * report names each racing line; only the column may be the earlier
 * access's); a store repeats only a store, since a read would not conflict
 * with another thread's read.  ThreadSanitizer leaves the same accesses
 * out.  The later access is then no scheduling point: a switch between the
 * two would only move another thread's access between two of one epoch.
 */
#ifndef RH_DYN_PRIVATE_H
#define RH_DYN_PRIVATE_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

/* Whether ptr points into an object only its own thread can reach: a stack
 * object, a fresh heap block or an internal thread-local variable whose
 * address never leaves the uses above (a bounded walk: past its bound, 0). */
int rh_dyn_private_object(LLVMValueRef ptr);

/* Whether ptr points into a constant global (a const table, a string
 * literal): nothing writes it, so a load of it races with nothing. */
int rh_dyn_read_only_object(LLVMValueRef ptr);

/* Marks, for each of fn's instructions insts[0..n) (in block order, as
 * LLVMGetFirstInstruction walks them), whether it is a plain load or
 * store that repeats an earlier access (the rule above): 1 at its index
 * in the array returned (rh_xmalloc'd, n bytes; all 0 when insts is not
 * that list or fn has over 4096 blocks). */
char *rh_dyn_covered_accesses(LLVMTargetDataRef td, LLVMValueRef fn, LLVMValueRef *insts, size_t n);

#endif
