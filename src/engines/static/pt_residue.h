/* pt_residue.h - residue offsets of the points-to solver: "r plus an
 * unknown multiple of m", what `&a[i].f` gives over an array of m-byte
 * elements (the encoding is in pt_solve.h).
 *
 * Why: with only constant offsets and ANY, a thread handed `&ws[i]` is at
 * (ws, ANY), and a load of `w->job` at ANY reads every cell of ws: the
 * pointers of every field of every element (the job, the names, the
 * result lists) flow into `job`, and from there into everything loaded
 * through it.  A residue keeps the field: `w->job` reads the cells whose
 * offsets may be the job field of some element.
 *
 * Why that is sound: it is exact address arithmetic, not a type rule.
 * A GEP's offset is its constants plus its variable indices times their
 * element sizes, so it is congruent to the constants modulo the common
 * divisor of those sizes, whatever the memory holds; sums and
 * differences of such offsets are congruent modulo the common divisor of
 * their moduli.  Two offsets may be equal only when they are congruent
 * modulo that divisor.  A modulus of 1 (a char index) is ANY.
 *
 * Contract: the arithmetic takes offsets or shifts, each constant or a
 * residue (never ANY); rh_pts_finish_residues runs once solving stops.
 */
#ifndef RH_STATIC_PT_RESIDUE_H
#define RH_STATIC_PT_RESIDUE_H

#include "pt_solve.h"

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

/* a + b - c, at least one of them a residue: a residue modulo the common
 * divisor of their moduli, or RH_PT_ANY when that divisor is 1 or none of
 * them is a residue. */
int32_t rh_pt_res_add(int32_t a, int32_t b, int32_t c);
/* Whether offsets a and b may be the same offset. */
int rh_pt_res_meet(int32_t a, int32_t b);
/* The residue shift of a GEP instruction with variable indices (its
 * constants plus an unknown multiple of the common divisor of the sizes
 * its variables step over), or RH_PT_ANY. */
int32_t rh_pt_gep_residue(LLVMTargetDataRef td, LLVMValueRef gep);
/* The cells of object o at residue offsets: [*lo, *hi) of its cell keys
 * (residues sort between ANY and the negative offsets). */
void rh_pts_residue_cells(const rh_pts *s, uint32_t o, uint32_t *lo, uint32_t *hi);
/* Hides the residues from the analyses that read the solution: each
 * object's residue cells are merged into its ANY cell (what every load
 * from the object reads) and every set names (obj, ANY) for a residue
 * location; later constraints make no residues. */
void rh_pts_finish_residues(rh_pts *s);

#endif
