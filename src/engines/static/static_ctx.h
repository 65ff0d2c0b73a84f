/* static_ctx.h - the state one run of the static engine shares between its
 * phases (points-to, CFG, thread graph, sync dataflow, escape, race pairs).
 *
 * Contract: static_engine.c builds the phases in that order; later phases
 * only read earlier ones.  Nothing here outlives rh_static_run.
 */
#ifndef RH_STATIC_CTX_H
#define RH_STATIC_CTX_H

#include "util/options.h"
#include "result/race.h"
#include "lockset.h"

typedef struct rh_must rh_must;

typedef struct rh_static {
    rh_program *p;
    const rh_options *o;
    rh_result *res;
    rh_budget *budget;     /* polled by every phase; a phase that stops early sets out_of_time */
    int out_of_time;
    rh_pt pt;
    rh_cfg cfg;
    rh_tg tg;
    rh_ls ls;
    unsigned char *shared; /* per points-to object: reachable by another thread */
    rh_must *must;         /* must-race evidence (NULL: report may-races only) */
    int unsupported;       /* constructs that forbid a proof of race freedom */
    struct rh_static_gap { /* ...grouped by what they are, for one note each (unsupported.c) */
        char *what;
        int call;          /* the calls of undefined functions that do <what> (names) */
        rh_srcloc at[3];   /* the first places */
        int n;
        char **names;      /* rh_static_unsupported_call: the distinct functions, in order met */
        int nnames;
    } gaps[24];
    int ngaps;
    int nmay, nmust;
    int may_partial;       /* without --may, possible races were looked for only until the first */
    const char **assumed;  /* undefined functions analysed by assumption (library_calls.c) */
    int nassumed;
    struct rh_handover *handover; /* records handed over with their thread (handover.c) */
    struct rh_refcount *refcount; /* blocks freed by the last counted holder (refcount_free.c) */
    struct rh_record_joins *record_joins; /* where main has joined them all (record_joins.c) */
    struct rh_arg_blocks *arg_blocks; /* blocks naming their one instance (arg_blocks.c) */
    struct rh_barrier_phases *barrier_phases; /* barriers as phase separators (barrier_phases.c) */
    struct rh_static_annot *annot; /* benign ranges of annotations (annotations.c) */
    unsigned char *sync_objs; /* per points-to object: a lock, condition, barrier, semaphore or
                                 once control (library_calls.c, made on first use) */
    struct rh_own_cache *own_cache; /* per thread: its listed ids and own fields (own_index.c, made on first use) */
    struct rh_arg_fields *arg_fields; /* per thread: its argument's field values (arg_fields.c, made on first use) */
} rh_static;

/* Records a construct the analysis cannot model soundly (a note naming it
 * and where), which turns a would-be race-free verdict into unknown. */
void rh_static_unsupported(rh_static *s, LLVMValueRef inst, const char *what);
/* The same for a call of the undefined function name that may do what the
 * analysis cannot follow (what: "a function pointer", ...): the calls of
 * all functions with the same what make one note, naming the first few
 * functions and counting the rest, instead of a note per function. */
void rh_static_unsupported_call(rh_static *s, LLVMValueRef call, const char *name, const char *what);
/* Scans the functions threads may run for such constructs (unsupported.c). */
void rh_static_find_unsupported(rh_static *s);

/* Library calls (library_calls.c): whether the call hands the library
 * program code or a buffer to keep (recorded as unsupported); whether an
 * undefined function's call is beyond the assumption (unsupported) or
 * records its name for the note rh_static_note_assumptions writes. */
int rh_static_library_unsupported(rh_static *s, LLVMValueRef call, const rh_conc_entry *e);
int rh_static_assumed_call(rh_static *s, LLVMValueRef call, LLVMValueRef callee);
void rh_static_note_assumptions(rh_static *s);

#endif
