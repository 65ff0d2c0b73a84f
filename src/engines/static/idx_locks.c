/* idx_locks.c - index-keyed locks (see idx_locks.h): a lock array element
 * and a data array element selected by one index value.
 *
 * Key layout: 1 << 63 | lock pattern << 42 | access pattern << 22 |
 * lock offset << 1 | write; a pattern is a base interned with NULL in
 * place of its variable index (and a NULL root for the access side).
 */
#include "idx_locks.h"

#include "points_to.h"
#include "pt_solve.h"
#include "sym_locks.h"

#define PATTERN_LIMIT (1u << 20)
#define OFFSET_LIMIT (1u << 21)

/* The position of b's one variable index, or -1 (none, or several). */
static int only_variable(const rh_sym_base *b)
{
    int at = -1;
    for (int i = 0; i < b->nidx; i++)
        if (!LLVMIsAConstantInt(b->idx[i])) {
            if (at >= 0)
                return -1;
            at = i;
        }
    return at;
}

/* The one offset every address root may hold has in its object, or -1
 * (unknown, several, or none): two such roots that reach one object are
 * one address. */
static int64_t root_offset(rh_pt *pt, LLVMValueRef root)
{
    if (LLVMGetTypeKind(LLVMTypeOf(root)) != LLVMPointerTypeKind)
        return -1;
    const rh_sset *ts = rh_pt_of(pt, root);
    if (!ts->n)
        return -1;
    int32_t off = rh_pt_loc_off(ts->v[0]);
    for (uint32_t i = 1; i < ts->n; i++)
        if (rh_pt_loc_off(ts->v[i]) != off)
            return -1;
    return off == RH_PT_ANY || off < 0 ? -1 : off;
}

/* The pattern of base b without its variable index at `at`, or -1 when
 * the id does not fit a key.  For the access side (root_off >= 0) the
 * root gives way to its offset in its object, kept in the index's cast
 * slot. */
static long pattern(rh_ls *ls, const rh_sym_base *b, int at, int64_t root_off)
{
    rh_sym_base p = *b;
    p.idx[at] = NULL, p.casts[at] = 0;
    if (root_off >= 0)
        p.root = NULL, p.casts[at] = (uint32_t)root_off;
    int id = rh_sym_intern(ls, &p);
    return id >= 0 && (unsigned)id < PATTERN_LIMIT ? id : -1;
}

/* The access side of a key: its pattern, or -1 when the access is not
 * one element of a data array at a variable index; *at and *ab tell
 * which index. */
static long access_pattern(rh_ls *ls, const rh_sym_addr *acc, uint64_t size, rh_sym_base *ab, int *at)
{
    *ab = *rh_sym_base_of(ls, acc->base); /* a copy: interning a pattern moves the bases */
    *at = only_variable(ab);
    if (*at < 0 || !acc->type || !LLVMTypeIsSized(acc->type) || size == 0 || acc->off < 0)
        return -1;
    if ((uint64_t)acc->off + size > LLVMABISizeOfType(ls->p->td, acc->type))
        return -1;
    int64_t root_off = root_offset(ls->pt, ab->root);
    return root_off < 0 ? -1 : pattern(ls, ab, *at, root_off);
}

void rh_idx_held(rh_ls *ls, const rh_ls_state *s, const rh_sym_addr *acc, uint64_t size, rh_sset *out)
{
    if (!s->sym.n)
        return;
    rh_sym_base ab, lb; /* copies: every pattern interned may move the bases */
    int at = -1;
    long ap = -1;
    int tried = 0;
    for (uint32_t i = 0; i < s->sym.n; i++) {
        uint64_t e = s->sym.v[i];
        lb = *rh_sym_base_of(ls, (int)(e >> 33));
        int lat = only_variable(&lb);
        uint32_t loff = (uint32_t)(e >> 1);
        if (lat < 0 || !LLVMIsAConstant(lb.root) || loff >= OFFSET_LIMIT)
            continue;
        if (!tried)
            ap = access_pattern(ls, acc, size, &ab, &at), tried = 1;
        if (ap < 0)
            return;
        if (lb.idx[lat] != ab.idx[at] || lb.casts[lat] != ab.casts[at])
            continue; /* guarded by another index value */
        long lp = pattern(ls, &lb, lat, -1);
        if (lp >= 0)
            rh_sset_add(out, (uint64_t)1 << 63 | (uint64_t)lp << 42 | (uint64_t)ap << 22 | (uint64_t)loff << 1 |
                                 (e & 1));
    }
}
