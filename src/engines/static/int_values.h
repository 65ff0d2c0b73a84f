/* int_values.h - one interval and congruence value analysis over the
 * integers that decide which array element or which branch a thread uses.
 *
 * A value is abstracted as every integer x with lo <= x <= hi and
 * x = rem (mod mod) (mod >= 1; mod 1 says nothing).  rh_iv_eval computes it
 * for an SSA integer value from its defining expression: constants,
 * `+ - *`, shifts and masks by constants, `/ %` by positive constants,
 * casts that keep the value, selects and the counters of counted loops
 * (loops.h), also loops whose start and bound are expressions
 * (`for (k = id * C; k < (id + 1) * C; k++)`: every value of k lies in
 * [start, bound], and where `at` runs inside the loop, below the bound);
 * every leaf the caller binds (a thread's id) is one known integer, and a
 * load the caller's hook knows (a field of a thread's own struct) is its
 * value.  Anything else - a load, a call, an unknown phi - is any value.
 * `id << 1 | 1`, `id + k * T` (k a loop counter) and `n & 7` therefore get
 * values precise enough to tell two threads' elements apart.
 *
 * Arithmetic is taken over the integers: an index whose computation wraps
 * addresses outside its array, which is undefined behaviour, so two
 * in-bounds accesses are described exactly.  An operation whose bounds
 * overflow int64 gives any value.
 *
 * Contract: pure (reads the IR and the CFG only); rh_iv_guard_excludes
 * says "the instruction cannot run with these leaves" only when a branch
 * whose one edge leads to it surely goes the other way.
 */
#ifndef RH_STATIC_INT_VALUES_H
#define RH_STATIC_INT_VALUES_H

#include "cfg.h"

typedef struct rh_ival {
    int64_t lo, hi;   /* inclusive bounds */
    int64_t mod, rem; /* x = rem (mod mod), 0 <= rem < mod */
} rh_ival;

/* Values bound to leaves: v (casts looked through) is exactly `value`. */
typedef struct rh_iv_env {
    const rh_cfg *cfg;
    LLVMValueRef leaf[2];
    int64_t value[2];
    int nleaves;
    LLVMValueRef cell;  /* when set, a load of an integer from it (casts looked through) */
    int64_t cell_value; /* reads cell_value */
    LLVMValueRef at;    /* when set, values are wanted where this instruction runs: a
                         * loop counter there passed its loop's test (see eval_counter) */
    /* when set, may bound a load other than of cell (1: *out holds every value it reads) */
    int (*load)(const struct rh_iv_env *env, LLVMValueRef load, rh_ival *out);
    void *ctx;          /* for load */
} rh_iv_env;

void rh_iv_eval(const rh_iv_env *env, LLVMValueRef v, rh_ival *out);
/* The byte offset of address ptr from the pointer its chain of GEPs and
 * pointer casts starts at (*root), each index evaluated under env; 0 when
 * a GEP steps through a type other than a struct or an array. */
int rh_iv_address(const rh_iv_env *env, LLVMTargetDataRef td, LLVMValueRef ptr, LLVMValueRef *root, rh_ival *out);
/* Whether [x, x + n1) and [y, y + n2) may overlap for some x in a and y in b. */
int rh_iv_ranges_meet(const rh_ival *a, uint64_t n1, const rh_ival *b, uint64_t n2);
/* Whether two abstract values share an integer. */
int rh_iv_may_meet(const rh_ival *a, const rh_ival *b);
/* Whether the value depends on a bound leaf (so that it may differ between
 * two bindings). */
int rh_iv_uses_leaf(const rh_iv_env *env, LLVMValueRef v);
/* Whether instruction in, in function f, cannot run under env: it lies
 * behind the one edge of a conditional branch on an integer comparison
 * whose abstract outcome is surely the other edge. */
int rh_iv_guard_excludes(const rh_iv_env *env, LLVMValueRef in);

/* The predicate of `b pr' a` that means `a pr b` (the operands swapped). */
LLVMIntPredicate rh_icmp_swapped(LLVMIntPredicate pr);
/* The predicate that means !(a pr b). */
LLVMIntPredicate rh_icmp_negated(LLVMIntPredicate pr);

#endif
