/* loc_model.c - field-precise byte ranges of accesses whose address
 * starts at their object, and read-only objects (see loc_model.h).
 */
#include "loc_model.h"
#include "pt_gep.h"

#include <stdint.h>

#define MAX_CHAIN 16

/* Where a pointer may point inside its object: a start offset in
 * [lo, hi], and the bytes [blo, bhi) that arithmetic on it stays in. */
typedef struct span {
    int64_t lo, hi, blo, bhi;
} span;

static int64_t type_bytes(rh_static *s, LLVMTypeRef t)
{
    return LLVMTypeIsSized(t) ? (int64_t)LLVMABISizeOfType(s->p->td, t) : -1;
}

static int const_index(LLVMValueRef v, int64_t *c)
{
    if (!LLVMIsAConstantInt(v))
        return 0;
    *c = LLVMConstIntGetSExtValue(v);
    return *c > -(1LL << 40) && *c < (1LL << 40);
}

static int is_gep(LLVMValueRef v)
{
    if (LLVMIsAInstruction(v))
        return LLVMGetInstructionOpcode(v) == LLVMGetElementPtr;
    return LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMGetElementPtr;
}

static int is_cast(LLVMValueRef v)
{
    LLVMOpcode op = LLVMIsAInstruction(v) ? LLVMGetInstructionOpcode(v)
                    : LLVMIsAConstantExpr(v) ? LLVMGetConstOpcode(v)
                                             : (LLVMOpcode)0;
    return op == LLVMBitCast || op == LLVMAddrSpaceCast;
}

/* p->lo and p->hi moved by k elements of esz bytes; 0 on overflow. */
static int shift(span *p, int64_t k, int64_t esz)
{
    int64_t d;
    return !__builtin_mul_overflow(k, esz, &d) && !__builtin_add_overflow(p->lo, d, &p->lo) &&
           !__builtin_add_overflow(p->hi, d, &p->hi);
}

/* One index into an array of n elements of esz bytes: the element stays
 * inside the array, unless the array may be a trailing flexible one. */
static int index_array(span *p, int64_t n, int64_t esz, LLVMValueRef idx, int64_t objsize)
{
    int64_t alo = p->lo, ahi = objsize, c, len;
    if (n > 1 && (__builtin_mul_overflow(n, esz, &len) || __builtin_add_overflow(p->hi, len, &ahi)))
        return 0;
    if (const_index(idx, &c)) {
        if (!shift(p, c, esz))
            return 0;
    } else {
        p->hi = ahi - (esz > 0 ? esz : 1);
    }
    p->blo = alo, p->bhi = ahi;
    return 1;
}

/* Applies one GEP to *p; 0 when it says nothing. */
static int apply_gep(rh_static *s, LLVMValueRef gep, span *p, int64_t objsize)
{
    LLVMTypeRef t = LLVMGetGEPSourceElementType(gep);
    int n = LLVMGetNumOperands(gep);
    int64_t sz = type_bytes(s, t), c;
    if (n < 2 || sz < 0)
        return 0;
    if (const_index(LLVMGetOperand(gep, 1), &c)) {
        if (!shift(p, c, sz))
            return 0;
    } else {
        p->lo = p->blo, p->hi = p->bhi - 1;
    }
    for (int i = 2; i < n; i++) {
        LLVMValueRef idx = LLVMGetOperand(gep, (unsigned)i);
        LLVMTypeKind k = LLVMGetTypeKind(t);
        if (k == LLVMStructTypeKind) {
            if (!const_index(idx, &c) || c < 0 || c >= (int64_t)LLVMCountStructElementTypes(t))
                return 0;
            if (!shift(p, 1, (int64_t)LLVMOffsetOfElement(s->p->td, t, (unsigned)c)))
                return 0;
            t = LLVMStructGetTypeAtIndex(t, (unsigned)c);
            /* arithmetic on a field pointer is not bounded by the field
             * (byte loops over a struct): the whole object */
            p->blo = 0, p->bhi = objsize;
        } else if (k == LLVMArrayTypeKind) {
            LLVMTypeRef e = LLVMGetElementType(t);
            int64_t esz = type_bytes(s, e);
            if (esz < 0)
                return 0;
            if (!index_array(p, (int64_t)LLVMGetArrayLength(t), esz, idx, objsize))
                return 0;
            t = e;
        } else {
            return 0;
        }
    }
    return 1;
}

/* The span of ptr inside obj when its address expression starts at obj's
 * site; 0 otherwise. */
static int span_of(rh_static *s, LLVMValueRef ptr, uint32_t obj, span *out)
{
    const rh_pt_object *o = &s->pt.objs[obj];
    int64_t objsize = (int64_t)o->size;
    LLVMValueRef chain[MAX_CHAIN];
    int n = 0;
    LLVMValueRef v = ptr;
    if (objsize <= 0 || (o->kind != RH_PT_GLOBAL && o->kind != RH_PT_LOCAL))
        return 0;
    while (v != o->site) {
        if (n == MAX_CHAIN || !(is_gep(v) || is_cast(v)))
            return 0;
        chain[n++] = v;
        v = LLVMGetOperand(v, 0);
    }
    span p = {0, 0, 0, objsize};
    for (int i = n - 1; i >= 0; i--) {
        if (is_gep(chain[i]) && !apply_gep(s, chain[i], &p, objsize))
            return 0;
        if (p.lo < 0 || p.hi >= objsize || p.lo > p.hi)
            return 0; /* (and every value stays in [0, objsize) from here on) */
    }
    *out = p;
    return 1;
}

/* The number of elements of the array a GEP steps into at an unknown
 * index (as rh_pt_array_window finds it), -1 when it is not one. */
static int64_t window_elements(LLVMValueRef ptr)
{
    int64_t c;
    if (!is_gep(ptr))
        return -1;
    LLVMValueRef inner = LLVMGetOperand(ptr, 0);
    if (LLVMGetNumOperands(ptr) == 2 && is_gep(inner) &&
        LLVMGetTypeKind(LLVMGetGEPSourceElementType(inner)) == LLVMArrayTypeKind)
        return (int64_t)LLVMGetArrayLength(LLVMGetGEPSourceElementType(inner)); /* `s->buf + i` */
    LLVMTypeRef t = LLVMGetGEPSourceElementType(ptr);
    for (int i = 2; i < LLVMGetNumOperands(ptr); i++) { /* `&s->buf[i]` */
        LLVMValueRef idx = LLVMGetOperand(ptr, (unsigned)i);
        if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
            if (!const_index(idx, &c))
                return -1;
            t = LLVMStructGetTypeAtIndex(t, (unsigned)c);
        } else if (LLVMGetTypeKind(t) == LLVMArrayTypeKind) {
            if (!const_index(idx, &c))
                return (int64_t)LLVMGetArrayLength(t);
            t = LLVMGetElementType(t);
        } else {
            return -1;
        }
    }
    return -1;
}

/* The bytes of obj an access through ptr stays in when ptr steps at an
 * unknown index into an array inside an object reached through a pointer
 * (`l->buf + l->len`, `&h->slots[i]`): the array's bytes, from the one
 * offset the array's base has in obj.  An array of 0 or 1 elements, or
 * one that ends where the object does, may be a trailing flexible array:
 * it reaches the end of the object. */
static int window_of(rh_static *s, LLVMValueRef ptr, uint32_t obj, int64_t *lo, int64_t *hi)
{
    LLVMValueRef base;
    int64_t wlo, whi, objsize = (int64_t)s->pt.objs[obj].size;
    if (window_elements(ptr) < 2 || !rh_pt_array_window(&s->pt, ptr, &base, &wlo, &whi) || wlo < 0)
        return 0;
    const rh_sset *bp = rh_pt_of(&s->pt, base);
    int32_t boff = RH_PT_ANY;
    for (uint32_t i = 0; i < bp->n; i++) {
        if (rh_pt_loc_obj(bp->v[i]) != obj)
            continue;
        int32_t o = rh_pt_loc_off(bp->v[i]);
        if (o == RH_PT_ANY || (boff != RH_PT_ANY && o != boff))
            return 0;
        boff = o;
    }
    if (boff == RH_PT_ANY || boff < 0)
        return 0;
    *lo = boff + wlo;
    *hi = objsize > 0 && boff + whi < objsize ? boff + whi : INT64_MAX;
    return 1;
}

void rh_loc_range(rh_static *s, int a, uint32_t obj, int32_t off, int64_t *lo, int64_t *hi)
{
    const rh_access *ac = &s->p->accesses[a];
    span p;
    int64_t nlo, nhi;
    if (off != RH_PT_ANY && ac->size)
        return;
    if (span_of(s, ac->ptr, obj, &p)) {
        int64_t objsize = (int64_t)s->pt.objs[obj].size;
        nlo = p.lo, nhi = ac->size && ac->size <= (uint64_t)objsize ? p.hi + (int64_t)ac->size : objsize;
        if (nhi > objsize)
            nhi = objsize;
    } else if (!window_of(s, ac->ptr, obj, &nlo, &nhi)) {
        return;
    }
    /* only ever narrower: the points-to range is sound on its own, and a
     * chain this module misread must not move it elsewhere */
    if (nlo < *lo)
        nlo = *lo;
    if (nhi > *hi)
        nhi = *hi;
    if (nlo < nhi)
        *lo = nlo, *hi = nhi;
}

/* The bytes [*lo, *hi) inside the innermost struct type the address
 * expression of ptr (one GEP, casts around it) passes through, and that
 * type; NULL when the address is no field of a struct element. */
static LLVMTypeRef field_bytes(rh_static *s, LLVMValueRef ptr, uint64_t size, int64_t *lo, int64_t *hi)
{
    while (is_cast(ptr))
        ptr = LLVMGetOperand(ptr, 0);
    if (!is_gep(ptr) || size == 0)
        return NULL;
    LLVMTypeRef t = LLVMGetGEPSourceElementType(ptr), st = NULL;
    int64_t off = 0, end = -1, c;
    for (int i = 2; i < LLVMGetNumOperands(ptr) && end < 0; i++) {
        LLVMValueRef idx = LLVMGetOperand(ptr, (unsigned)i);
        LLVMTypeKind k = LLVMGetTypeKind(t);
        if (k == LLVMStructTypeKind) {
            if (!const_index(idx, &c) || c < 0 || c >= (int64_t)LLVMCountStructElementTypes(t))
                return NULL;
            if (LLVMIsPackedStruct(t) || type_bytes(s, t) <= 0)
                return NULL;
            st = t, off = 0; /* a struct entered: offsets count from its start */
            off += (int64_t)LLVMOffsetOfElement(s->p->td, t, (unsigned)c);
            t = LLVMStructGetTypeAtIndex(t, (unsigned)c);
        } else if (k == LLVMArrayTypeKind && st) {
            int64_t esz = type_bytes(s, LLVMGetElementType(t)), n = (int64_t)LLVMGetArrayLength(t);
            if (esz <= 0 || n <= 1)
                return NULL; /* a trailing flexible array reaches past its struct */
            if (const_index(idx, &c) && c >= 0 && c < n)
                off += c * esz, t = LLVMGetElementType(t);
            else
                end = off + n * esz; /* a variable index stays in the array */
        } else if (k == LLVMArrayTypeKind) {
            t = LLVMGetElementType(t); /* outside any struct yet: an array of elements */
        } else {
            return NULL;
        }
    }
    if (LLVMGetNumOperands(ptr) == 2 && LLVMGetTypeKind(t) == LLVMStructTypeKind)
        return NULL; /* p[i] as a whole: not one field */
    if (!st)
        return NULL;
    *lo = off, *hi = end >= 0 ? end : off + (int64_t)size;
    return *hi <= type_bytes(s, st) ? st : NULL;
}

LLVMTypeRef rh_loc_field_bytes(rh_static *s, LLVMValueRef ptr, uint64_t size, int64_t *lo, int64_t *hi)
{
    return field_bytes(s, ptr, size, lo, hi);
}

int rh_loc_fields_apart(rh_static *s, int a1, int a2)
{
    const rh_access *x = &s->p->accesses[a1], *y = &s->p->accesses[a2];
    int64_t l1, h1, l2, h2;
    LLVMTypeRef t1 = field_bytes(s, x->ptr, x->size, &l1, &h1);
    LLVMTypeRef t2 = t1 ? field_bytes(s, y->ptr, y->size, &l2, &h2) : NULL;
    return t1 && t1 == t2 && (h1 <= l2 || h2 <= l1);
}

/* Whether integer v as wide as a pointer: narrower ones lost address bits. */
static int pointer_wide(rh_static *s, LLVMValueRef v)
{
    LLVMTypeRef t = LLVMTypeOf(v);
    return LLVMGetTypeKind(t) == LLVMPointerTypeKind ||
           (LLVMGetTypeKind(t) == LLVMIntegerTypeKind &&
            LLVMGetIntTypeWidth(t) >= 8 * LLVMPointerSize(s->p->td));
}

LLVMValueRef rh_loc_base_offset(rh_static *s, LLVMValueRef v, int64_t *off)
{
    *off = 0;
    for (int d = 0; d < 16 && LLVMIsAInstruction(v); d++) {
        LLVMOpcode op = LLVMGetInstructionOpcode(v);
        int64_t o;
        if (op == LLVMGetElementPtr && rh_pt_gep_offset(&s->pt, v, &o)) {
            *off += o, v = LLVMGetOperand(v, 0);
        } else if (op == LLVMBitCast || op == LLVMAddrSpaceCast ||
                   ((op == LLVMPtrToInt || op == LLVMIntToPtr) && pointer_wide(s, v) &&
                    pointer_wide(s, LLVMGetOperand(v, 0)))) {
            v = LLVMGetOperand(v, 0);
        } else if ((op == LLVMAdd || op == LLVMSub) && pointer_wide(s, v) &&
                   const_index(LLVMGetOperand(v, 1), &o)) {
            *off += op == LLVMAdd ? o : -o, v = LLVMGetOperand(v, 0);
        } else if (op == LLVMAdd && pointer_wide(s, v) && const_index(LLVMGetOperand(v, 0), &o)) {
            *off += o, v = LLVMGetOperand(v, 1);
        } else {
            break;
        }
    }
    return v;
}

int rh_loc_read_only(const rh_static *s, uint32_t obj)
{
    const rh_pt_object *o = &s->pt.objs[obj];
    return o->kind == RH_PT_GLOBAL && o->site && LLVMIsAGlobalVariable(o->site) && LLVMIsGlobalConstant(o->site);
}

int rh_loc_releasable(const rh_static *s, uint32_t obj, int32_t off)
{
    rh_pt_kind k = s->pt.objs[obj].kind;
    return (k == RH_PT_HEAP || k == RH_PT_EXTERN) && (off == 0 || off == RH_PT_ANY);
}

int rh_loc_volatile_scalar(const rh_static *s, int a)
{
    const rh_access *ac = &s->p->accesses[a];
    return ac->is_volatile && !ac->from_call && ac->size > 0 && ac->size <= 8;
}
