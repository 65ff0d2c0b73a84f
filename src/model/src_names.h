/* src_names.h - what an address denotes in the words of the source, read
 * off LLVM values with the program's debug information (src_names.c) and
 * the debug information's variables and types (src_debuginfo.c).  Both
 * engines name with it: the dynamic engine its instrumented accesses
 * (witness steps, locks, the field of a heap object), the static engine the
 * field of the object a candidate pair is on.
 *
 * Contract: every function returns NULL rather than a wrong name; strings
 * returned are new (the caller frees them); nothing is kept of the values
 * given except a cache of one function's debug intrinsics, which
 * rh_src_names_forget drops.
 */
#ifndef RH_SRC_NAMES_H
#define RH_SRC_NAMES_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

/* What the address ptr denotes: "'x'", "'*p'", "'pool->queue.len'",
 * "byte 8 of '*acc'", "an element of 'a'"; NULL when it has no such name. */
char *rh_src_access_name(LLVMTargetDataRef td, LLVMValueRef ptr);

/* The member an access name ends in: "busy" of "'w->pool->busy'" (the
 * last pointer's member), "outd" of "'g.outd'"; NULL when it names none. */
char *rh_src_field_of(const char *access_name);

/* rh_src_debug_var: the variable v is (a global's, an alloca's through
 * llvm.dbg.declare, a register's through llvm.dbg.value), or NULL; its
 * name and its type past typedefs and qualifiers.  rh_src_pointee_type:
 * what pointer type t points to, NULL when t is no pointer.
 * rh_src_member_at: the member of structure type t byte off falls in,
 * "balance" or "hdr.len", with its type in *mtype, or NULL. */
LLVMMetadataRef rh_src_debug_var(LLVMValueRef v);
char *rh_src_debug_var_name(LLVMContextRef ctx, LLVMMetadataRef dv);
LLVMMetadataRef rh_src_debug_var_type(LLVMContextRef ctx, LLVMMetadataRef dv);
LLVMMetadataRef rh_src_pointee_type(LLVMContextRef ctx, LLVMMetadataRef t);
char *rh_src_member_at(LLVMContextRef ctx, LLVMMetadataRef t, long long off, LLVMMetadataRef *mtype);

/* Drops the cache of one function's debug intrinsics: a caller that has
 * named what it wanted of a module calls it before the module may be
 * disposed (a later function at the same address would find stale
 * entries). */
void rh_src_names_forget(void);

#endif
