/* bmc_state.c - walker states: the path condition plus a hash map from the
 * SSA values of one function activation to their Z3 terms, with copying
 * (a path splits) and merging (paths join at a block).
 */
#include "bmc_walk.h"
#include "util/util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static unsigned slot_of(const rh_bmc_state *s, LLVMValueRef k)
{
    uintptr_t h = (uintptr_t)k;
    h ^= h >> 17;
    h *= UINT64_C(0x9E3779B97F4A7C15);
    return (unsigned)(h >> 7) & (s->cap - 1);
}

void rh_bmc_state_init(rh_bmc_state *s, Z3_ast guard)
{
    memset(s, 0, sizeof *s);
    s->guard = guard;
}

void rh_bmc_state_copy(rh_bmc_state *dst, const rh_bmc_state *src)
{
    *dst = *src;
    if (src->cap) {
        dst->keys = rh_xmalloc(src->cap * sizeof *dst->keys);
        dst->vals = rh_xmalloc(src->cap * sizeof *dst->vals);
        memcpy(dst->keys, src->keys, src->cap * sizeof *dst->keys);
        memcpy(dst->vals, src->vals, src->cap * sizeof *dst->vals);
    }
    if (src->nloops) {
        dst->loops = rh_xmalloc((size_t)src->nloops * sizeof *dst->loops);
        memcpy(dst->loops, src->loops, (size_t)src->nloops * sizeof *dst->loops);
    }
}

void rh_bmc_state_free(rh_bmc_state *s)
{
    free(s->keys);
    free(s->vals);
    free(s->loops);
    memset(s, 0, sizeof *s);
}

static void grow(rh_bmc_state *s)
{
    rh_bmc_state old = *s;
    s->cap = old.cap ? 2 * old.cap : 64;
    s->keys = rh_xcalloc(s->cap, sizeof *s->keys);
    s->vals = rh_xcalloc(s->cap, sizeof *s->vals);
    s->len = 0;
    for (unsigned i = 0; i < old.cap; i++)
        if (old.keys[i])
            rh_bmc_state_set(s, old.keys[i], old.vals[i]);
    free(old.keys);
    free(old.vals);
}

void rh_bmc_state_set(rh_bmc_state *s, LLVMValueRef k, Z3_ast v)
{
    if (2 * (s->len + 1) > s->cap)
        grow(s);
    unsigned i = slot_of(s, k);
    while (s->keys[i] && s->keys[i] != k)
        i = (i + 1) & (s->cap - 1);
    if (!s->keys[i])
        s->len++;
    s->keys[i] = k;
    s->vals[i] = v;
}

Z3_ast rh_bmc_state_get(const rh_bmc_state *s, LLVMValueRef k)
{
    if (!s->cap)
        return NULL;
    unsigned i = slot_of(s, k);
    while (s->keys[i]) {
        if (s->keys[i] == k)
            return s->vals[i];
        i = (i + 1) & (s->cap - 1);
    }
    return NULL;
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
    for (unsigned i = 0; i < src->cap; i++) {
        if (!src->keys[i])
            continue;
        Z3_ast cur = rh_bmc_state_get(dst, src->keys[i]);
        /* A value only one side defined cannot be used after the join
         * (SSA dominance), so either term will do. */
        if (!cur)
            rh_bmc_state_set(dst, src->keys[i], src->vals[i]);
        else if (!Z3_is_eq_ast(c->z, cur, src->vals[i]))
            rh_bmc_state_set(dst, src->keys[i], rh_bmc_ite(c, src->guard, src->vals[i], cur));
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
