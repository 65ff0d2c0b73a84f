/* sym_locks.c - symbolic locks (see sym_locks.h): decomposing addresses
 * into base + offset, the dataflow's entries and the race-pair test.
 *
 * State entries (rh_ls_state.sym): base << 33 | (uint32)lock offset << 1 | write.
 * Per-access deltas (rh_ls_per.sym): (uint32)(lock offset - access offset) << 1 | write.
 */
#include "sym_locks.h"
#include "settled_ptrs.h"
#include "reload_bases.h"

#include <stdlib.h>
#include <string.h>

#define MAX_IDX RH_SYM_MAX_IDX

/* Index v without its integer casts, and in *casts the chain of casts
 * (kind and width) that was stripped: two indices are one value only when
 * both are the same value cast the same way ((unsigned char)k and k are
 * different elements once k is 256). */
static LLVMValueRef strip_index(LLVMValueRef v, uint32_t *casts)
{
    uint32_t h = 0;
    while (LLVMIsAInstruction(v) && (LLVMGetInstructionOpcode(v) == LLVMZExt ||
                                     LLVMGetInstructionOpcode(v) == LLVMSExt ||
                                     LLVMGetInstructionOpcode(v) == LLVMTrunc)) {
        h = (uint32_t)rh_hash64((uint64_t)h << 32 | (uint64_t)LLVMGetInstructionOpcode(v) << 16 |
                                LLVMGetIntTypeWidth(LLVMTypeOf(v)));
        v = LLVMGetOperand(v, 0);
    }
    *casts = h;
    return v;
}

static int same_base(const rh_sym_base *a, const rh_sym_base *b)
{
    if (a->root != b->root || a->src != b->src || a->nidx != b->nidx)
        return 0;
    for (int i = 0; i < a->nidx; i++)
        if (a->idx[i] != b->idx[i] || a->casts[i] != b->casts[i])
            return 0;
    return 1;
}

int rh_sym_intern(rh_ls *ls, const rh_sym_base *b)
{
    uint64_t h = rh_hash64((uint64_t)(uintptr_t)b->root ^ rh_hash64((uint64_t)(uintptr_t)b->src));
    for (int i = 0; i < b->nidx; i++)
        h = rh_hash64(h ^ (uint64_t)(uintptr_t)b->idx[i] ^ b->casts[i]);
    for (;; h++) { /* open addressing over the hash: equal hashes of different bases probe on */
        long id = rh_map_get(&ls->sym_base_of, h, -1);
        if (id < 0)
            break;
        if (same_base(&ls->sym_bases[id], b))
            return (int)id;
    }
    if (ls->nsym_bases == ls->capsym_bases) {
        ls->capsym_bases = ls->capsym_bases ? 2 * ls->capsym_bases : 16;
        ls->sym_bases = rh_xrealloc(ls->sym_bases, (size_t)ls->capsym_bases * sizeof *ls->sym_bases);
    }
    ls->sym_bases[ls->nsym_bases] = *b;
    rh_map_put(&ls->sym_base_of, h, ls->nsym_bases);
    return ls->nsym_bases++;
}

/* Steps type t by one constant index k: *off grows by the step. */
static LLVMTypeRef step(LLVMTargetDataRef td, LLVMTypeRef t, int64_t k, int64_t *off)
{
    if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
        if (k < 0 || k >= (int64_t)LLVMCountStructElementTypes(t))
            return NULL;
        *off += (int64_t)LLVMOffsetOfElement(td, t, (unsigned)k);
        return LLVMStructGetTypeAtIndex(t, (unsigned)k);
    }
    if (LLVMGetTypeKind(t) != LLVMArrayTypeKind && LLVMGetTypeKind(t) != LLVMVectorTypeKind)
        return NULL;
    LLVMTypeRef e = LLVMGetElementType(t);
    *off += k * (int64_t)LLVMABISizeOfType(td, e);
    return e;
}

/* A GEP with a variable index: the base is its pointer and leading
 * indices up to the last variable one; the rest is a constant offset
 * inside the element that index selects. */
static int variable_gep(rh_ls *ls, LLVMValueRef gep, rh_sym_addr *out, int64_t off)
{
    unsigned n = LLVMGetNumIndices(gep);
    int last = -1;
    for (unsigned i = 0; i < n; i++)
        if (!LLVMIsAConstantInt(LLVMGetOperand(gep, i + 1)))
            last = (int)i;
    if (last >= MAX_IDX)
        return 0;
    rh_sym_base b = {rh_reload_rep(ls, LLVMGetOperand(gep, 0)), LLVMGetGEPSourceElementType(gep), {0}, {0}, last + 1};
    LLVMTypeRef t = b.src;
    int64_t inner = 0, skip = 0;
    for (int i = 0; i <= last; i++) {
        LLVMValueRef idx = LLVMGetOperand(gep, (unsigned)i + 1);
        b.idx[i] = strip_index(idx, &b.casts[i]);
        int64_t k = LLVMIsAConstantInt(idx) ? LLVMConstIntGetSExtValue(idx) : 0;
        if (i > 0 && !(t = step(ls->p->td, t, k, &skip)))
            return 0;
    }
    out->type = t; /* the element the last variable index selects */
    for (unsigned i = (unsigned)last + 1; i < n; i++)
        if (!(t = step(ls->p->td, t, LLVMConstIntGetSExtValue(LLVMGetOperand(gep, i + 1)), &inner)))
            return 0;
    out->base = rh_sym_intern(ls, &b);
    out->off = off + inner;
    return 1;
}

/* The innermost GEP of an access's address, at offset o from its
 * pointer: when that points to one struct (offset inside it), the access
 * is a field of that struct wherever the struct is embedded, so accesses
 * through a pointer to the struct and through a pointer to what embeds it
 * compare as the same field (rh_sym_protects). */
static void inner_struct(rh_ls *ls, LLVMValueRef gep, int64_t o, rh_sym_addr *out)
{
    LLVMTypeRef t = LLVMGetGEPSourceElementType(gep);
    if (LLVMGetTypeKind(t) != LLVMStructTypeKind || !LLVMTypeIsSized(t))
        return;
    int64_t size = (int64_t)LLVMABISizeOfType(ls->p->td, t);
    if (o >= 0 && o < size)
        out->inner = t, out->inner_off = o;
}

int rh_sym_decompose(rh_ls *ls, LLVMValueRef v, rh_sym_addr *out)
{
    int64_t off = 0;
    LLVMTypeRef type = NULL;
    out->inner = NULL, out->inner_off = 0;
    for (int d = 0; d < 16 && LLVMIsAInstruction(v); d++) {
        LLVMOpcode op = LLVMGetInstructionOpcode(v);
        int64_t o;
        if (op == LLVMBitCast || op == LLVMAddrSpaceCast) {
            v = LLVMGetOperand(v, 0);
        } else if (op == LLVMGetElementPtr && rh_pt_gep_offset(ls->pt, v, &o)) {
            if (!type && !out->inner)
                inner_struct(ls, v, o, out);
            off += o, type = LLVMGetGEPSourceElementType(v);
            v = LLVMGetOperand(v, 0);
        } else if (op == LLVMGetElementPtr) {
            return variable_gep(ls, v, out, off);
        } else {
            break;
        }
    }
    rh_sym_base b = {rh_reload_rep(ls, v), NULL, {0}, {0}, 0}; /* a reload is its first load */
    out->base = rh_sym_intern(ls, &b);
    out->type = type;
    out->off = off;
    return 1;
}

const rh_sym_base *rh_sym_base_of(const rh_ls *ls, int base)
{
    return &ls->sym_bases[base];
}

LLVMValueRef rh_sym_base_root(const rh_ls *ls, int base, int *nidx)
{
    *nidx = ls->sym_bases[base].nidx;
    return ls->sym_bases[base].root;
}

static int base_uses(const rh_sym_base *b, LLVMValueRef v)
{
    if (b->root == v)
        return 1;
    for (int i = 0; i < b->nidx; i++)
        if (b->idx[i] == v)
            return 1;
    return 0;
}

void rh_sym_redefined(rh_ls *ls, rh_ls_state *s, LLVMValueRef inst)
{
    for (uint32_t i = 0; i < s->sym.n;)
        if (base_uses(&ls->sym_bases[s->sym.v[i] >> 33], inst))
            rh_sset_remove(&s->sym, s->sym.v[i]);
        else
            i++;
}

/* Adds the locations v may point to (any, when the set is empty). */
static void add_locations(rh_ls *ls, LLVMValueRef v, rh_sset *locs)
{
    const rh_sset *pts = rh_pt_of(ls->pt, v);
    if (!pts->n)
        rh_sset_add(locs, RH_SYM_ANY_LOC);
    rh_sset_union(locs, pts);
}

/* Whether an unlock of location u may release a lock at (obj, off). */
static int may_meet(const rh_sset *unlocked, uint32_t obj, int64_t off)
{
    for (uint32_t i = 0; i < unlocked->n; i++) {
        uint64_t u = unlocked->v[i];
        if (rh_pt_loc_obj(u) == obj &&
            (off == RH_PT_ANY || rh_pt_loc_off(u) == RH_PT_ANY || rh_pt_loc_off(u) == off))
            return 1;
    }
    return 0;
}

/* Whether the lock of state entry e may lie at a location of `unlocked`:
 * two locks at different addresses are different locks. */
static int may_be_released(rh_ls *ls, uint64_t e, const rh_sset *unlocked)
{
    const rh_sym_base *b = &ls->sym_bases[e >> 33];
    if (!unlocked->n)
        return 0;
    if (!b->root || rh_sset_has(unlocked, RH_SYM_ANY_LOC))
        return 1;
    const rh_sset *pts = rh_pt_of(ls->pt, b->root);
    if (!pts->n)
        return 1;
    int64_t delta = (int32_t)(uint32_t)(e >> 1);
    for (uint32_t i = 0; i < pts->n; i++) {
        int32_t o = rh_pt_loc_off(pts->v[i]);
        int64_t off = b->nidx || o == RH_PT_ANY ? RH_PT_ANY : o + delta; /* a variable index: anywhere */
        if (may_meet(unlocked, rh_pt_loc_obj(pts->v[i]), off))
            return 1;
    }
    return 0;
}

void rh_sym_released(rh_ls *ls, const rh_sset *unlocked, rh_sset *sym)
{
    for (uint32_t i = 0; i < sym->n;)
        if (may_be_released(ls, sym->v[i], unlocked))
            rh_sset_remove(sym, sym->v[i]);
        else
            i++;
}

void rh_sym_unlock(rh_ls *ls, LLVMValueRef v, rh_ls_state *s)
{
    rh_sset objs = {0};
    add_locations(ls, v, &objs);
    rh_sym_released(ls, &objs, &s->sym);
    rh_sset_union(&s->unlocked, &objs);
    rh_sset_free(&objs);
}

void rh_sym_held(const rh_ls_state *s, const rh_sym_addr *a, rh_sset *out)
{
    for (uint32_t i = 0; i < s->sym.n; i++) {
        uint64_t e = s->sym.v[i];
        if ((int)(e >> 33) != a->base)
            continue;
        int32_t lock_off = (int32_t)(uint32_t)(e >> 1);
        rh_sset_add(out, (uint64_t)(uint32_t)(lock_off - (int32_t)a->off) << 1 | (e & 1));
    }
}

int rh_sym_key_shared(uint64_t key, const rh_sset *other)
{
    uint64_t base = key & ~(uint64_t)1;
    return rh_sset_has(other, base | 1) || ((key & 1) && rh_sset_has(other, base));
}

/* Whether deltas d1 and d2 share a lock, one side in write mode
 * (settled-pointer keys are rh_sp_protects's). */
static int share_delta(const rh_sset *d1, const rh_sset *d2)
{
    for (uint32_t i = 0; i < d1->n; i++)
        if (!rh_sp_is_key(d1->v[i]) && rh_sym_key_shared(d1->v[i], d2))
            return 1;
    return 0;
}

/* The type object o has, when it is a global or a local. */
static LLVMTypeRef object_type(const rh_pt *pt, uint32_t o)
{
    LLVMValueRef site = pt->objs[o].site;
    if (pt->objs[o].kind == RH_PT_GLOBAL && site && LLVMIsAGlobalVariable(site))
        return LLVMGlobalGetValueType(site);
    if (site && LLVMIsAAllocaInst(site))
        return LLVMGetAllocatedType(site);
    return NULL;
}

/* Whether offset `at` of object o is offset `in` of an element of type t:
 * o is a t or an array (of arrays) of t. */
static int element_field(const rh_ls *ls, const rh_pt *pt, uint32_t o, LLVMTypeRef t, int64_t in, int64_t at)
{
    LLVMTypeRef ot = object_type(pt, o);
    while (ot && ot != t && LLVMGetTypeKind(ot) == LLVMArrayTypeKind)
        ot = LLVMGetElementType(ot);
    if (!t || ot != t)
        return 0;
    int64_t size = (int64_t)LLVMABISizeOfType(ls->p->td, t);
    return size > 0 && at >= in && (at - in) % size == 0;
}

/* Access s (symbolic deltas ds) against access c holding concrete locks
 * `must`, at exact offset lc of o. */
static int sym_vs_concrete(const rh_ls *ls, const rh_pt *pt, uint32_t o, int as, const rh_sset *ds, int exact_s,
                           int64_t off_s, const rh_sset *must, int64_t lc)
{
    const rh_sym_addr *sa = &ls->acc_sym[as];
    if (exact_s ? off_s != lc : !element_field(ls, pt, o, sa->type, sa->off, lc))
        return 0;
    rh_sset cd = {0};
    for (uint32_t i = 0; i < must->n; i++) {
        uint64_t loc = ls->lock_loc[must->v[i] / 2];
        if (must->v[i] / 2 != RH_LS_ATOMIC && rh_pt_loc_obj(loc) == o && rh_pt_loc_off(loc) != RH_PT_ANY)
            rh_sset_add(&cd, (uint64_t)(uint32_t)(int32_t)(rh_pt_loc_off(loc) - lc) << 1 | (must->v[i] & 1));
    }
    int r = share_delta(ds, &cd);
    rh_sset_free(&cd);
    return r;
}

/* Two overlapping accesses to one field of one struct type are the same
 * bytes of the same struct instance (instances of a type never overlap
 * partially), so a lock at one delta from both is one lock: the field is
 * compared at the outermost type of each address and at the innermost
 * struct, whichever both have. */
static int same_field(const rh_sym_addr *s1, const rh_sym_addr *s2)
{
    if (s1->type && s1->type == s2->type && s1->off == s2->off)
        return 1;
    return s1->inner && s1->inner == s2->inner && s1->inner_off == s2->inner_off;
}

int rh_sym_protects(const rh_ls *ls, const rh_pt *pt, uint32_t o, int a1, const rh_ls_per *p1, int exact1,
                    int64_t lo1, int a2, const rh_ls_per *p2, int exact2, int64_t lo2)
{
    if (!p1->sym.n && !p2->sym.n)
        return 0;
    if (p1->sym.n && p2->sym.n && rh_sp_protects(ls, &p1->sym, &p2->sym))
        return 1; /* one lock whatever the two accesses' fields */
    if (ls->p->accesses[a1].size != ls->p->accesses[a2].size)
        return 0;
    if (p1->sym.n && p2->sym.n) {
        const rh_sym_addr *s1 = &ls->acc_sym[a1], *s2 = &ls->acc_sym[a2];
        if (same_field(s1, s2) && share_delta(&p1->sym, &p2->sym))
            return 1;
    }
    if (p1->sym.n && exact2 && sym_vs_concrete(ls, pt, o, a1, &p1->sym, exact1, lo1, &p2->must, lo2))
        return 1;
    return p2->sym.n && exact1 && sym_vs_concrete(ls, pt, o, a2, &p2->sym, exact2, lo2, &p1->must, lo1);
}

void rh_sym_free(rh_ls *ls)
{
    rh_reload_free(ls);
    free(ls->sym_bases);
    rh_map_free(&ls->sym_base_of);
    free(ls->acc_sym);
}
