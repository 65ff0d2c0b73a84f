/* bmc_state.c - walker states: the path condition plus a map (rh_map) from the
 * SSA values of one function activation to their Z3 terms, with copying
 * (a path splits) and merging (paths join at a block).
 */
#include "bmc_walk.h"
#include "util/util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void rh_bmc_state_init(rh_bmc_state *s, Z3_ast guard)
{
    memset(s, 0, sizeof *s);
    s->guard = guard;
}

void rh_bmc_state_copy(rh_bmc_state *dst, const rh_bmc_state *src)
{
    *dst = *src;
    rh_map_copy(&dst->vals, &src->vals);
    if (src->nloops) {
        dst->loops = rh_xmalloc((size_t)src->nloops * sizeof *dst->loops);
        memcpy(dst->loops, src->loops, (size_t)src->nloops * sizeof *dst->loops);
    }
}

void rh_bmc_state_free(rh_bmc_state *s)
{
    rh_map_free(&s->vals);
    free(s->loops);
    memset(s, 0, sizeof *s);
}

void rh_bmc_state_set(rh_bmc_state *s, LLVMValueRef k, Z3_ast v)
{
    rh_map_put_ptr(&s->vals, k, (long)(intptr_t)v);
}

Z3_ast rh_bmc_state_get(const rh_bmc_state *s, LLVMValueRef k)
{
    return (Z3_ast)(intptr_t)rh_map_get_ptr(&s->vals, k, 0);
}

static void merge_loops(rh_bmc_state *dst, const rh_bmc_state *src)
{
    for (int j = 0; j < src->nloops; j++) {
        int found = 0;
        for (int i = 0; i < dst->nloops; i++)
            if (dst->loops[i].from == src->loops[j].from && dst->loops[i].to == src->loops[j].to) {
                if (src->loops[j].count > dst->loops[i].count)
                    dst->loops[i].count = src->loops[j].count;
                found = 1;
            }
        if (!found) {
            dst->loops = rh_xrealloc(dst->loops, (size_t)(dst->nloops + 1) * sizeof *dst->loops);
            dst->loops[dst->nloops++] = src->loops[j];
        }
    }
}

void rh_bmc_state_merge(rh_bmc_ctx *c, rh_bmc_state *dst, const rh_bmc_state *src)
{
    uint64_t key;
    long val;
    for (size_t pos = 0; rh_map_next(&src->vals, &pos, &key, &val);) {
        Z3_ast cur = (Z3_ast)(intptr_t)rh_map_get(&dst->vals, key, 0), v = (Z3_ast)(intptr_t)val;
        /* A value only one side defined cannot be used after the join
         * (SSA dominance), so either term will do. */
        if (!cur)
            rh_map_put(&dst->vals, key, val);
        else if (!Z3_is_eq_ast(c->z, cur, v))
            rh_map_put(&dst->vals, key, (long)(intptr_t)rh_bmc_ite(c, src->guard, v, cur));
    }
    if (src->atomic != dst->atomic) {
        /* Atomic-section depth differs between joining paths: keep the
         * larger (fewer context switches), which only loses executions. */
        c->inexact = 1;
        if (src->atomic > dst->atomic)
            dst->atomic = src->atomic;
    }
    merge_loops(dst, src);
    dst->guard = rh_bmc_or(c, dst->guard, src->guard);
}
