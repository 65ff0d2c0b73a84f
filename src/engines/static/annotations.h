/* annotations.h - races the program's annotations call benign or ignored
 * (AnnotateBenignRaceSized, VALGRIND_HG_DISABLE_CHECKING, ignore-reads and
 * -writes regions; model/annotations.c), for the static engine.
 *
 * Contract: such a race is still found and reported, marked suppressed by
 * the annotation (rh_race.hidden, hidden_by "AnnotateBenignRaceSized at
 * f.c:12"), and only when the analysis shows the annotation covers it:
 *   - benign range: the annotated address has one target, a global at a
 *     known offset, with a constant size, and every byte range where the
 *     targets the two accesses may touch meet overlaps it (ThreadSanitizer's
 *     rule: the race touches annotated memory);
 *   - ignore region: one of the accesses follows an ignore-begin of its
 *     kind on the straight-line path to it in its function, with no
 *     matching end and no call in between.
 * Anything else is reported as it is: a race-hiding annotation never hides
 * what the analysis has not pinned down.  New-memory annotations
 * (AnnotateNewMemory, VALGRIND_HG_CLEAN_MEMORY) are ignored: forgetting
 * accesses would only remove races.
 */
#ifndef RH_STATIC_ANNOTATIONS_H
#define RH_STATIC_ANNOTATIONS_H

#include "static_ctx.h"

typedef struct rh_static_annot rh_static_annot;

/* The benign ranges of the program (notes for annotations it cannot pin). */
rh_static_annot *rh_static_annot_build(rh_static *s);
/* Marks r (accesses a1 and a2) suppressed when an annotation covers it. */
void rh_static_annot_label(rh_static *s, const rh_static_annot *an, int a1, int a2, rh_race *r);
void rh_static_annot_free(rh_static_annot *an);

#endif
