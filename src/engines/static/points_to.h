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
 *     context, also for allocators called through pointers, pt_alloc.h)
 *     and per function (function pointers); whether an object is strong
 *     (one concrete object) is decided later by the thread graph, which
 *     knows how often a site runs;
 *   - integers as wide as a pointer carry points-to sets too, so pointers
 *     cast to integers and back keep their targets; arithmetic on them
 *     gives offset ANY.  Narrower integers and floating-point values carry
 *     none (sound: they cannot hold an address whole), so a counter, a
 *     length or a hash computed from an address never ties unrelated
 *     pointers' sets together.  Where C says an integer is a number and
 *     not an address, it carries no set either (each split is sound: the
 *     address it would drop reaches the same place through the other
 *     operand): the difference of two addresses (a ptrdiff_t: a pointer
 *     made from it again gets its object from the base it is added to),
 *     the right operand of a subtraction, the index of a GEP whose base is
 *     a pointer the analysis tracks (C11 6.5.6p8: the result stays in the
 *     base's object; only `(char *)0 + addr` takes its address from the
 *     index), and the integer result of a C library memory function
 *     (strlen, memcmp: a length or an order);
 *   - a load or store at a variable index into a small array inside an
 *     object touches that array's elements only (pt_elements.h), not
 *     every cell of the object; into a larger one, a window cell of the
 *     array's bytes (rh_pts_store_window); and a copy out of an array at a
 *     variable index copies the array's cells only (rh_pts_memcpy_window).
 *     Sound because an element pointer stays inside its array (C11
 *     6.5.6p8, the subobject bound _FORTIFY_SOURCE=2 checks); before, a
 *     table of pointers in a struct made every field of it point to
 *     everything in the table;
 *   - inside the solver, a GEP with variable indices over m-byte elements
 *     (`&ws[i]`, `&ws[i].job`) gives a residue offset, "r plus a multiple
 *     of m" (pt_solve.h), not ANY: loads and stores through it touch only
 *     the cells of that field of every element, so a thread handed
 *     `&ws[i]` reads `w->job` without reading every pointer of the array.
 *     Exact arithmetic, so sound whatever the types; the solved sets show
 *     such a location as (obj, ANY) and its cells as the ANY cell;
 *   - indirect calls and thread start routines are resolved on the fly,
 *     so a thread's argument flows into its entry function's parameter;
 *   - calls of unknown external functions return a fresh "external" object
 *     per call site plus whatever their pointer arguments point to, but
 *     for string literals (a format, a key: memory nothing writes, that
 *     leads nowhere);
 *   - a library row's pointer stores go where its effects say (libspec.h
 *     "pK<SRC": strtol's end into its string, strtok_r's cursor into its
 *     string or the one the cursor held, getline's buffer new or old);
 *   - realloc returns its site's object or the old block, and copies the
 *     old block's cells into its site's object only (no old block is ever
 *     copied into another, so blocks a shared realloc wrapper resizes keep
 *     their own pointers);
 *   - container functions (GLib's lists and hash tables, pt_containers.h)
 *     hand back what was put in them: a list node per append site holding
 *     its data, a map's kept keys and values, not anywhere into every
 *     argument as an unknown function's result;
 *   - a phi takes nothing along a branch on constants that is never taken
 *     (pt_edges.h: g_new0's dead one-byte branch);
 *   - a NUL-terminated string holds no pointer (8-byte pointers, whose
 *     user-space addresses have zero top bytes): storage a library call
 *     makes keeps none to, and copies none from, an argument it reads only
 *     as a string, and strcpy-like copies copy no pointer cells.
 * Contract: rh_pt_build extracts the constraints of every function with a
 * body and solves them; afterwards the sets are read-only.
 */
#ifndef RH_STATIC_POINTS_TO_H
#define RH_STATIC_POINTS_TO_H

#include "model/model.h"
#include "util/budget.h"
#include "util/util.h"
#include "pt_solve.h"
#include "sset.h"

typedef enum rh_pt_kind { RH_PT_GLOBAL, RH_PT_LOCAL, RH_PT_HEAP, RH_PT_FUNC, RH_PT_EXTERN } rh_pt_kind;

typedef struct rh_pt_object {
    rh_pt_kind kind;
    LLVMValueRef site; /* the global, alloca, allocation call, function or external call */
    int func;          /* model function holding the site (FUNC: the function itself), or -1 */
    uint64_t size;     /* bytes, 0 when unknown */
    int thread_local_; /* _Thread_local global or per-thread external (errno) */
    int origin;        /* EXTERN: RH_PT_ORIGIN_*, what made it */
} rh_pt_object;

/* What an EXTERN object stands for. */
#define RH_PT_ORIGIN_CALL 0     /* a call's result, or main's argv (site: the call or parameter) */
#define RH_PT_ORIGIN_LIBVAR 1   /* the storage a C library variable points to (site: the variable) */
#define RH_PT_ORIGIN_VARARGS 2  /* the variadic arguments of a function (site: the function) */
#define RH_PT_ORIGIN_TSD 3      /* the thread-specific values (site: the first pthread_*specific call) */

typedef struct rh_pt_call rh_pt_call;

typedef struct rh_pt {
    rh_program *p;
    rh_pt_object *objs;      /* object ids are the solver's */
    int nobjs, capobjs;
    rh_pts s;                /* nodes, cells and their sets */
    rh_map obj_of_site;   /* site value -> object id */
    rh_map node_of_value; /* LLVMValueRef -> node */
    rh_map func_of_value; /* function -> model index + 1 (the model's lookup is linear) */
    int *ret_node;           /* per model function, -1 until needed */
    int results_node;        /* what threads return or pass to pthread_exit, which a join's
                              * result cell receives; -1 until needed */
    unsigned char *wrapper;  /* per model function: 0 unknown, 1 deciding, 2 allocation wrapper, 3 not */
    LLVMValueRef *wrapper_site; /* per model function: a wrapper's allocation site */
    unsigned char *wrapper_depth; /* per model function: how many wrappers it nests */
    uint32_t *varargs_obj;   /* per model function: its variadic object + 1, 0 until made */
    uint32_t tsd_obj;        /* the thread-specific values' object + 1, 0 until made */
    RH_VEC(struct rh_pt_call) calls; /* indirect calls and thread creations */
    struct rh_pt_alloc *alloc; /* allocators reached through pointers (pt_alloc.h) */
    rh_map block_live;       /* basic block -> 1 may run, 2 never runs (pt_edges.c) */
    int untracked;           /* pointer-producing instructions it could not model */
    LLVMValueRef first_untracked;
} rh_pt;

/* Builds and solves the constraints: 0, or -1 when the budget ran out
 * first (the sets are then incomplete and must not be used for proofs). */
int rh_pt_build(rh_pt *pt, rh_program *p, rh_budget *budget);
void rh_pt_free(rh_pt *pt);

/* Model index of a function with a body, or -1; constant time. */
int rh_pt_func_index(const rh_pt *pt, LLVMValueRef fn);

/* Points-to set of any value (constants included); never NULL. */
const rh_sset *rh_pt_of(rh_pt *pt, LLVMValueRef v);

/* Whether an access of `size` bytes at offset off (RH_PT_ANY: unknown;
 * size 0: the whole object) may meet bytes [lo, hi) of the same object. */
static inline int rh_pt_bytes_meet(int32_t off, uint64_t size, int64_t lo, int64_t hi)
{
    return off == RH_PT_ANY || size == 0 || ((int64_t)off < hi && lo < (int64_t)off + (int64_t)size);
}

/* Whether ptr may reach bytes [lo, hi) of object o with an access of
 * `size` bytes (0: the whole object); a target at an unknown offset of o
 * may reach any of its bytes. */
int rh_pt_may_touch(rh_pt *pt, LLVMValueRef ptr, uint32_t o, int64_t lo, int64_t hi, uint64_t size);

/* Model indices of the functions with bodies a call may invoke (direct or
 * through a pointer) into *out (caller frees).  *unresolved is set when the
 * callee may be something the analysis cannot see: no target at all, or
 * an external function reached through a pointer. */
int rh_pt_call_targets(rh_pt *pt, LLVMValueRef call, int **out, int *unresolved);
/* Same for a function-pointer value (thread start routines, once routines). */
int rh_pt_fn_targets(rh_pt *pt, LLVMValueRef fnptr, int **out, int *unresolved);
/* Same for the functions stored anywhere in the objects ptr points to
 * (sigaction's handler, a sigevent's notification function): data
 * pointers there are no targets, and no function at all (SIG_IGN) is none
 * and resolved; memory it cannot see into, or an external function
 * stored there, is unresolved. */
int rh_pt_stored_fn_targets(rh_pt *pt, LLVMValueRef ptr, int **out, int *unresolved);

/* Constant byte offset of a GEP (instruction or constant expression).
 * Returns 0 and sets *off to RH_PT_ANY when an index is not constant. */
int rh_pt_gep_offset(rh_pt *pt, LLVMValueRef gep, int64_t *off);

/* s ⊇ { (o, off + d) | (o, off) ∈ t }; d may be RH_PT_ANY.  Returns whether
 * s grew.  For the analyses that read the solved sets (no canonicalising). */
int rh_pt_union_shift(rh_sset *s, const rh_sset *t, int32_t d);

/* The set of a node (a cell node from rh_pt_cells or rh_pt_cell). */
static inline const rh_sset *rh_pt_node_set(const rh_pt *pt, int node)
{
    return rh_pts_set(&pt->s, node);
}
/* The cells of an object: (offset << 32) | node each. */
static inline const rh_sset *rh_pt_cells(const rh_pt *pt, uint32_t obj)
{
    return &pt->s.objs[obj].cells;
}
/* The cell node of a location, or -1 when nothing ever touched it. */
static inline long rh_pt_cell(const rh_pt *pt, uint64_t loc)
{
    return rh_pts_find_cell(&pt->s, loc);
}

/* "global 'x'", "local 'buf' of main", "heap object allocated at a.c:3:9" (caller frees). */
char *rh_pt_object_desc(rh_pt *pt, uint32_t obj);

#endif
