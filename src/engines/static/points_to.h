/* points_to.h - the static engine's points-to analysis (RacerF's backend,
 * paper Section 4, in the style of Andersen).
 *
 * Sensitivity choices (why: scale to 100k-line programs, stay sound):
 *   - inclusion-based (Andersen), flow- and context-insensitive: one
 *     points-to set per SSA value and per abstract memory cell;
 *   - field-sensitive on constant offsets: a location is (object, byte
 *     offset); a non-constant index gives offset RH_PT_ANY, which stands
 *     for every offset of the object, so reads and writes at ANY meet every
 *     cell of the object;
 *   - one abstract object per global, per alloca, per allocation call site
 *     (a call of an allocation wrapper counts as one: allocation-site
 *     context) and per function (function pointers); whether an object is strong
 *     (one concrete object) is decided later by the thread graph, which
 *     knows how often a site runs;
 *   - integers carry points-to sets too, so pointers cast to integers and
 *     back keep their targets; arithmetic on them gives offset ANY;
 *   - indirect calls and thread start routines are resolved on the fly,
 *     so a thread's argument flows into its entry function's parameter;
 *   - calls of unknown external functions return a fresh "external" object
 *     per call site plus whatever their pointer arguments point to.
 * Contract: rh_pt_build extracts the constraints of every function with a
 * body and solves them; afterwards the sets are read-only.
 */
#ifndef RH_STATIC_POINTS_TO_H
#define RH_STATIC_POINTS_TO_H

#include "../../model/model.h"
#include "../../util/budget.h"
#include "../../util/util.h"
#include "sset.h"

typedef enum rh_pt_kind { RH_PT_GLOBAL, RH_PT_LOCAL, RH_PT_HEAP, RH_PT_FUNC, RH_PT_EXTERN } rh_pt_kind;

typedef struct rh_pt_object {
    rh_pt_kind kind;
    LLVMValueRef site; /* the global, alloca, allocation call, function or external call */
    int func;          /* model function holding the site (FUNC: the function itself), or -1 */
    uint64_t size;     /* bytes, 0 when unknown */
    int thread_local_; /* _Thread_local global or per-thread external (errno) */
    rh_sset cells;     /* nodes of the memory cells of this object */
} rh_pt_object;

#define RH_PT_ANY INT32_MIN

static inline uint64_t rh_pt_loc(uint32_t obj, int32_t off)
{
    return ((uint64_t)obj << 32) | (uint32_t)off;
}
static inline uint32_t rh_pt_loc_obj(uint64_t l)
{
    return (uint32_t)(l >> 32);
}
static inline int32_t rh_pt_loc_off(uint64_t l)
{
    return (int32_t)(uint32_t)l;
}

typedef struct rh_pt_constraint rh_pt_constraint;

typedef struct rh_pt {
    rh_program *p;
    rh_pt_object *objs;
    int nobjs, capobjs;
    rh_ptrmap obj_of_site;   /* site value -> object id */
    rh_ptrmap node_of_value; /* LLVMValueRef -> node */
    rh_ptrmap func_of_value; /* function -> model index + 1 (the model's lookup is linear) */
    rh_u64map node_of_cell;  /* location -> node */
    rh_sset *pts;            /* per node */
    int *stamp;              /* pass in which a node last changed */
    int nnodes, capnodes;
    int *ret_node;           /* per model function, -1 until needed */
    unsigned char *wrapper;  /* per model function: 0 unknown, 1 deciding, 2 allocation wrapper, 3 not */
    LLVMValueRef *wrapper_site; /* per model function: a wrapper's allocation site */
    unsigned char *wrapper_depth; /* per model function: how many wrappers it nests */
    rh_pt_constraint *cons;
    int ncons, capcons;
    int pass, cell_pass;     /* solver pass, last pass that changed a cell */
    int untracked;           /* pointer-producing instructions it could not model */
    LLVMValueRef first_untracked;
    long steps;
} rh_pt;

int rh_pt_build(rh_pt *pt, rh_program *p, rh_budget *budget);
void rh_pt_free(rh_pt *pt);

/* Model index of a function with a body, or -1; constant time. */
int rh_pt_func_index(const rh_pt *pt, LLVMValueRef fn);

/* Points-to set of any value (constants included); never NULL. */
const rh_sset *rh_pt_of(rh_pt *pt, LLVMValueRef v);

/* Model indices of the functions with bodies a call may invoke (direct or
 * through a pointer) into *out (caller frees).  *unresolved is set when the
 * callee may be something the analysis cannot see: no target at all, or
 * an external function reached through a pointer. */
int rh_pt_call_targets(rh_pt *pt, LLVMValueRef call, int **out, int *unresolved);
/* Same for a function-pointer value (thread start routines, once routines). */
int rh_pt_fn_targets(rh_pt *pt, LLVMValueRef fnptr, int **out, int *unresolved);

/* Constant byte offset of a GEP (instruction or constant expression).
 * Returns 0 and sets *off to RH_PT_ANY when an index is not constant. */
int rh_pt_gep_offset(rh_pt *pt, LLVMValueRef gep, int64_t *off);

/* s ⊇ { (o, off + d) | (o, off) ∈ t }; d may be RH_PT_ANY.  Returns whether s grew. */
int rh_pt_union_shift(rh_sset *s, const rh_sset *t, int32_t d);

/* "global 'x'", "local 'buf' of main", "heap object allocated at a.c:3:9" (caller frees). */
char *rh_pt_object_desc(rh_pt *pt, uint32_t obj);

#endif
