/* annotations.h - the annotations programs carry for other race detectors,
 * as one table: ThreadSanitizer's dynamic annotations (functions such as
 * AnnotateBenignRaceSized, which programs declare and link as empty
 * definitions) and Helgrind's client requests (valgrind/helgrind.h, inline
 * assembly that hands Valgrind a request code and up to five words).
 *
 * Contract: each row gives a concurrency-table entry (concurrency.h) its
 * meaning.  Function annotations are looked up by name (rh_annot_lookup,
 * called by rh_conc_lookup).  A Valgrind request is matched by its code
 * and, where the meaning depends on one, an argument (is_w of
 * ANNOTATE_RWLOCK_ACQUIRED, the annotation name that _HG_CLIENTREQ_UNIMP
 * passes as a string): the front end replaces a request it can read by a
 * call of the row's function (src/frontend/vg_requests.c) and the
 * dynamic engine's runtime decodes the requests it meets at run time with
 * the same rows (src/runtime/rt_valgrind.c).  A request no row matches
 * stays what it was: inline assembly (unsupported for static and bmc) and
 * unmodelled synchronisation for the runtime.  Pure data: the runtime
 * library compiles this file too.
 */
#ifndef RH_ANNOTATIONS_H
#define RH_ANNOTATIONS_H

#include "concurrency.h"

/* Valgrind's code of a Helgrind request: VG_USERREQ_TOOL_BASE('H','G') + n. */
#define RH_VG_HG(n) (((unsigned)'H' << 24 | (unsigned)'G' << 16) + (unsigned)(n))
#define RH_VG_HG_CLIENTREQ_UNIMP RH_VG_HG(288)

/* How a row picks among requests of one code: any, the argument `sel_arg`
 * (1-based request word) a constant equal to / not equal to zero, or the
 * string argument naming `unimp`. */
typedef enum rh_annot_sel { RH_SEL_ANY, RH_SEL_ZERO, RH_SEL_NONZERO, RH_SEL_NAME } rh_annot_sel;

typedef struct rh_annot_vg_row {
    unsigned code;      /* request code */
    rh_annot_sel sel;
    int sel_arg;        /* request word 1..5 the selection reads */
    const char *unimp;  /* RH_SEL_NAME: the annotation name of _HG_CLIENTREQ_UNIMP */
    const char *params; /* the request words the row's function takes: 'p' a pointer,
                         * 'i' an integer ("pi": words 1 and 2) */
    rh_conc_entry entry; /* its meaning; entry.name is the function the front end calls */
} rh_annot_vg_row;

/* A request's words 1..5 as far as they are known: vals[k-1] holds word k
 * when known[k-1]; str is word 1 as a C string when it is a constant one
 * (or, at run time, simply the string), else NULL. */
typedef struct rh_annot_words {
    unsigned long vals[5];
    unsigned char known[5];
    const char *str;
} rh_annot_words;

/* The row of a request, or NULL when racehunt does not model it. */
const rh_annot_vg_row *rh_annot_vg_find(unsigned code, const rh_annot_words *w);

/* The entry of a function annotation (AnnotateBenignRaceSized, ...) or of
 * a row's function, or NULL.  Entries apply to program definitions too. */
const rh_conc_entry *rh_annot_lookup(const char *name);

/* The entry of a call of e (flagged RH_F_ISW) whose is_w argument is the
 * constant is_w: a lock in that mode (AnnotateRWLockAcquired.w / .r), or e. */
const rh_conc_entry *rh_annot_mode(const rh_conc_entry *e, int is_w);

#endif
