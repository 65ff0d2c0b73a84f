/* pt_gep.h - address arithmetic for the points-to analysis's constraint
 * builder (points_to.c, pt_alloc.c); rh_pt_gep_offset and
 * rh_pt_union_shift, which other analyses use too, are in points_to.h.
 */
#ifndef RH_PT_GEP_H
#define RH_PT_GEP_H

#include "points_to.h"

/* An offset as the solver keeps it: RH_PT_ANY when too far to be exact. */
int32_t rh_pt_clamp_off(int64_t off);
/* The ABI size of t, 0 when it has none (points_to.c). */
uint64_t rh_pt_type_size(rh_pt *pt, LLVMTypeRef t);
/* The value of integer constant v, constant expressions included (-O0
 * computes offsetof as sub (0, ptrtoint (gep null, ...))); 1 when known. */
int rh_pt_const_int(rh_pt *pt, LLVMValueRef v, int64_t *out, int depth);
/* Whether v is a GEP, instruction or constant expression. */
int rh_pt_is_gep(LLVMValueRef v);
/* Walks the indices of GEP g from its base: *arr_lo and *arr_hi receive
 * the bytes of the array the last array index stepped into, relative to
 * the base, and *var whether that index was not a constant (and only
 * constants before it).  Returns 0 when g steps into no sized array that
 * way, or steps on past a variable index into an array. */
int rh_pt_gep_array(rh_pt *pt, LLVMValueRef g, int64_t *arr_lo, int64_t *arr_hi, int *var);
/* Whether src points somewhere inside an array at an index the analysis
 * does not know: *base is then a pointer the array's bytes [*lo, *hi) are
 * relative to (`&s->buf[i]`, or `s->buf + i`). */
int rh_pt_array_window(rh_pt *pt, LLVMValueRef src, LLVMValueRef *base, int64_t *lo, int64_t *hi);

#endif
