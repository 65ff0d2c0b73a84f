/* debuginfo.h - reading LLVM's debug-information types, for the modules
 * that name things by the source's types (the library harness's argument
 * objects, the dynamic engine's struct fields).  LLVM's C API has no
 * getter for a derived type's base type, so it is read as the node's
 * operand 3.
 *
 * Contract: both return NULL when the node has no such operand; neither
 * keeps a reference to what it is given.
 */
#ifndef RH_DEBUGINFO_H
#define RH_DEBUGINFO_H

#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <stddef.h>

/* Operand i of the debug-info node md, or NULL. */
LLVMMetadataRef rh_di_operand(LLVMContextRef ctx, LLVMMetadataRef md, unsigned i);

/* t past typedefs and qualifiers (derived types that are not pointers: a
 * pointer has no name but a size); a pointer type stays.  When named is
 * not NULL, *named and *nlen keep the last typedef name passed, for an
 * anonymous struct known only by its typedef. */
LLVMMetadataRef rh_di_strip(LLVMContextRef ctx, LLVMMetadataRef t, const char **named, size_t *nlen);

#endif
