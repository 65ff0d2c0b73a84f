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
 */
#ifndef RH_DYN_PRIVATE_H
#define RH_DYN_PRIVATE_H

#include <llvm-c/Core.h>

/* Whether ptr points into an object only its own thread can reach: a stack
 * object, a fresh heap block or an internal thread-local variable whose
 * address never leaves the uses above (a bounded walk: past its bound, 0). */
int rh_dyn_private_object(LLVMValueRef ptr);

/* Whether ptr points into a constant global (a const table, a string
 * literal): nothing writes it, so a load of it races with nothing. */
int rh_dyn_read_only_object(LLVMValueRef ptr);

#endif
