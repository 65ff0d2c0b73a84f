/* pt_elements.h - the elements an indexed access into a small array inside
 * an object may touch, for the points-to analysis.
 *
 * `s->slots[i]` (slots a [8 x T] field of a struct) has no constant
 * offset, so its location is (object, ANY), and a load at ANY reads every
 * cell of the object: the pointers of every other field of s flow into
 * what the load gives (`s->slots[i]` read the strings and the config
 * that s's other fields point to this way).  This module
 * finds, for such a GEP, the constant offsets of every element it may
 * address, so the points-to analysis loads and stores each element's cell
 * at a constant offset instead.
 *
 * Why that is sound: C allows an index only within its array (or one past
 * its end, which no access dereferences), so the element accessed is one
 * of the count offsets; each of those loads also reads the object's ANY
 * cell, as every load at a constant offset does.  The idioms that index
 * past an array's declared end are left out: an array that is the last
 * field of its struct (a flexible array written as [1] or [N] and
 * over-allocated), arrays of one element, and an index into the pointer
 * itself (`p[i]`, no array type) - those keep offset ANY.
 */
#ifndef RH_STATIC_PT_ELEMENTS_H
#define RH_STATIC_PT_ELEMENTS_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <stdint.h>

#define RH_PT_ELEMENTS_MAX 64 /* a larger array keeps offset ANY (one load per element) */

/* Whether gep (an instruction) has exactly one non-constant index, which
 * steps through an array type of 2..RH_PT_ELEMENTS_MAX elements that is
 * not the last field of a struct, every other index constant; then the
 * element offsets from gep's base pointer are *first + k * *stride for
 * k in [0, *count). */
int rh_pt_elements(LLVMTargetDataRef td, LLVMValueRef gep, int64_t *first, int64_t *stride, int *count);

#endif
