/* pt_residue.c - residue offsets of the points-to solver: their
 * arithmetic, the residue shift of a GEP, and hiding them once solved
 * (pt_residue.h). */
#include "pt_residue.h"

#include <stdlib.h>
#include <string.h>

static int64_t gcd64(int64_t a, int64_t b)
{
    while (b) {
        int64_t t = a % b;
        a = b, b = t;
    }
    return a < 0 ? -a : a;
}

/* Splits an offset or shift into its value and modulus (0: constant). */
static int64_t split(int32_t off, int64_t *m)
{
    if (rh_pt_is_res(off)) {
        *m = rh_pt_res_mod(off);
        return rh_pt_res_rem(off);
    }
    *m = 0;
    return off;
}

int32_t rh_pt_res_add(int32_t a, int32_t b, int32_t c)
{
    int64_t ma, mb, mc, x = split(a, &ma), y = split(b, &mb), z = split(c, &mc);
    int64_t m = gcd64(gcd64(ma, mb), mc);
    return m < 2 || m > RH_PTS_MAX_MODULUS ? RH_PT_ANY : rh_pt_res(x % m + y % m - z % m, m);
}

int rh_pt_res_meet(int32_t a, int32_t b)
{
    if (!rh_pt_is_res(a) && !rh_pt_is_res(b))
        return a == b;
    int64_t ma, mb, x = split(a, &ma), y = split(b, &mb);
    int64_t m = gcd64(ma, mb);
    return m < 2 || ((x - y) % m + m) % m == 0;
}

int32_t rh_pt_gep_residue(LLVMTargetDataRef td, LLVMValueRef gep)
{
    LLVMTypeRef t = LLVMGetGEPSourceElementType(gep);
    int n = LLVMGetNumOperands(gep);
    int64_t sum = 0, m = 0;
    for (int i = 1; i < n; i++) {
        LLVMValueRef idx = LLVMGetOperand(gep, (unsigned)i);
        int is_const = LLVMIsAConstantInt(idx) != NULL;
        int64_t ci = is_const ? LLVMConstIntGetSExtValue(idx) : 0;
        if (i > 1 && LLVMGetTypeKind(t) == LLVMStructTypeKind) {
            if (!is_const)
                return RH_PT_ANY;
            sum += (int64_t)LLVMOffsetOfElement(td, t, (unsigned)ci);
            t = LLVMStructGetTypeAtIndex(t, (unsigned)ci);
            continue;
        }
        if (i > 1) {
            if (LLVMGetTypeKind(t) != LLVMArrayTypeKind)
                return RH_PT_ANY; /* a vector's elements need not be size multiples apart */
            t = LLVMGetElementType(t);
        }
        int64_t size = LLVMTypeIsSized(t) ? (int64_t)LLVMABISizeOfType(td, t) : 0;
        if (size <= 0 || size > (1 << 30) || (!is_const && size > RH_PTS_MAX_MODULUS) ||
            ci > (1 << 30) || ci < -(1 << 30))
            return RH_PT_ANY;
        if (is_const)
            sum += ci * size;
        else
            m = gcd64(m, size);
        if (sum > (1 << 30) || sum < -(1 << 30))
            return RH_PT_ANY;
    }
    return m < 2 || m > RH_PTS_MAX_MODULUS ? RH_PT_ANY : rh_pt_res(sum, m);
}

void rh_pts_residue_cells(const rh_pts *s, uint32_t o, uint32_t *lo, uint32_t *hi)
{
    const rh_sset *c = &s->objs[o].cells;
    int32_t end = RH_PT_RES_BASE + ((RH_PTS_MAX_MODULUS + 1) << 12);
    *lo = rh_sset_lower_bound(c, (uint64_t)(uint32_t)RH_PT_RES_BASE << 32);
    *hi = rh_sset_lower_bound(c, (uint64_t)(uint32_t)end << 32);
}

/* Residue locations become (obj, ANY); the set stays sorted, as residue
 * offsets sort right after ANY. */
static void residues_to_any(rh_sset *set)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < set->n; i++) {
        uint64_t l = set->v[i];
        if (rh_pt_is_res(rh_pt_loc_off(l)))
            l = rh_pt_loc(rh_pt_loc_obj(l), RH_PT_ANY);
        if (k == 0 || set->v[k - 1] != l)
            set->v[k++] = l;
    }
    set->n = k;
}

void rh_pts_finish_residues(rh_pts *s)
{
    for (int o = 0; o < s->nobjs; o++) {
        uint32_t lo, hi;
        rh_pts_residue_cells(s, (uint32_t)o, &lo, &hi);
        if (lo == hi)
            continue;
        RH_VEC(int) nodes = {0};
        rh_sset *c = &s->objs[o].cells;
        for (uint32_t k = lo; k < hi; k++)
            rh_vec_push(&nodes, (int)(uint32_t)c->v[k]);
        memmove(c->v + lo, c->v + hi, (c->n - hi) * sizeof *c->v);
        c->n -= hi - lo;
        int any = rh_pts_rep(s, rh_pts_cell(s, rh_pt_loc((uint32_t)o, RH_PT_ANY)));
        for (size_t i = 0; i < nodes.len; i++) {
            int n = rh_pts_rep(s, nodes.items[i]);
            if (n != any)
                rh_sset_union(&s->pts[any], &s->pts[n]);
        }
        rh_vec_free(&nodes);
    }
    s->no_residues = 1;
    for (int n = 0; n < s->nnodes; n++)
        if (s->rep[n] == n)
            residues_to_any(&s->pts[n]), residues_to_any(&s->delta[n]);
}
