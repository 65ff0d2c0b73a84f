/* pt_gep.c - address arithmetic as the points-to analysis reads it: the
 * constant byte offset of a GEP (constant expressions included, which -O0
 * code uses for offsetof), and which array a GEP with a variable index
 * steps into.  Split from points_to.c, which builds the constraints.
 */
#include "points_to.h"
#include "pt_gep.h"

int32_t rh_pt_clamp_off(int64_t off)
{
    return off > INT32_MAX / 2 || off < -(INT32_MAX / 2) ? RH_PT_ANY : (int32_t)off;
}

/* The value of an integer constant, constant expressions included: -O0
 * code computes offsetof (container_of, list_entry) as
 * sub (0, ptrtoint (gep null, ...)). */
int rh_pt_const_int(rh_pt *pt, LLVMValueRef v, int64_t *out, int depth)
{
    if (LLVMIsAConstantInt(v)) {
        *out = LLVMConstIntGetSExtValue(v);
        return 1;
    }
    if (!LLVMIsAConstantExpr(v) || depth > 8)
        return 0;
    int64_t a, b;
    LLVMValueRef x = LLVMGetOperand(v, 0);
    switch (LLVMGetConstOpcode(v)) {
    case LLVMPtrToInt:
        return LLVMIsAConstantExpr(x) && LLVMGetConstOpcode(x) == LLVMGetElementPtr &&
               LLVMIsNull(LLVMGetOperand(x, 0)) && rh_pt_gep_offset(pt, x, out);
    case LLVMSExt: case LLVMZExt: case LLVMTrunc:
        return rh_pt_const_int(pt, x, out, depth + 1);
    case LLVMAdd: case LLVMSub: case LLVMMul:
        if (!rh_pt_const_int(pt, x, &a, depth + 1) || !rh_pt_const_int(pt, LLVMGetOperand(v, 1), &b, depth + 1))
            return 0;
        *out = LLVMGetConstOpcode(v) == LLVMAdd ? a + b : LLVMGetConstOpcode(v) == LLVMSub ? a - b : a * b;
        return 1;
    default:
        return 0;
    }
}

int rh_pt_gep_offset(rh_pt *pt, LLVMValueRef gep, int64_t *off)
{
    LLVMTypeRef t = LLVMGetGEPSourceElementType(gep);
    int n = LLVMGetNumOperands(gep);
    int64_t sum = 0;
    for (int i = 1; i < n; i++) {
        LLVMValueRef idx = LLVMGetOperand(gep, (unsigned)i);
        int64_t ci = 0;
        int is_const = rh_pt_const_int(pt, idx, &ci, 0);
        if (i == 1) {
            if (!is_const)
                return *off = RH_PT_ANY, 0;
            sum += ci * (int64_t)rh_pt_type_size(pt, t);
            continue;
        }
        if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
            sum += (int64_t)LLVMOffsetOfElement(pt->p->td, t, (unsigned)ci);
            t = LLVMStructGetTypeAtIndex(t, (unsigned)ci);
            continue;
        }
        t = LLVMGetElementType(t);
        if (!is_const)
            return *off = RH_PT_ANY, 0;
        sum += ci * (int64_t)rh_pt_type_size(pt, t);
    }
    *off = rh_pt_clamp_off(sum);
    return *off != RH_PT_ANY;
}

int rh_pt_union_shift(rh_sset *s, const rh_sset *t, int32_t d)
{
    if (d == 0)
        return rh_sset_union(s, t);
    int changed = 0;
    for (uint32_t i = 0; i < t->n; i++) {
        int32_t off = rh_pt_loc_off(t->v[i]);
        int32_t no = off == RH_PT_ANY || d == RH_PT_ANY ? RH_PT_ANY : rh_pt_clamp_off((int64_t)off + d);
        changed |= rh_sset_add(s, rh_pt_loc(rh_pt_loc_obj(t->v[i]), no));
    }
    return changed;
}

int rh_pt_is_gep(LLVMValueRef v)
{
    return LLVMIsAGetElementPtrInst(v) ||
           (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMGetElementPtr);
}

/* See pt_gep.h. */
int rh_pt_gep_array(rh_pt *pt, LLVMValueRef g, int64_t *arr_lo, int64_t *arr_hi, int *var)
{
    LLVMTypeRef t = LLVMGetGEPSourceElementType(g);
    int n = LLVMGetNumOperands(g), found = 0;
    int64_t off = 0, c;
    *var = 0;
    for (int i = 1; i < n; i++) {
        int is_const = rh_pt_const_int(pt, LLVMGetOperand(g, (unsigned)i), &c, 0);
        if (i == 1) {
            if (!is_const)
                return 0; /* pointer arithmetic: the array is not in this GEP */
            off += c * (int64_t)rh_pt_type_size(pt, t);
        } else if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
            if (!is_const || *var)
                return *var; /* a field of an element at an unknown index: inside the array */
            off += (int64_t)LLVMOffsetOfElement(pt->p->td, t, (unsigned)c);
            t = LLVMStructGetTypeAtIndex(t, (unsigned)c);
        } else if (LLVMGetTypeKind(t) == LLVMArrayTypeKind && LLVMGetArrayLength(t) > 0) {
            if (*var)
                return 1; /* an element of an element: still inside the outer array */
            LLVMTypeRef e = LLVMGetElementType(t);
            found = 1, *arr_lo = off, *arr_hi = off + (int64_t)rh_pt_type_size(pt, t);
            if (is_const)
                off += c * (int64_t)rh_pt_type_size(pt, e);
            else
                *var = 1;
            t = e;
        } else {
            return 0;
        }
    }
    return found;
}

/* Whether src points somewhere inside an array at an index the analysis
 * does not know: *base is then a pointer the array's bytes [*lo, *hi) are
 * relative to.  Either the GEP indexing the array with a variable
 * (`&s->buf[i]`), or pointer arithmetic on a pointer to the array's
 * first element (`s->buf + i`, i.e. `gep (gep s, 0, buf, 0), i`). */
int rh_pt_array_window(rh_pt *pt, LLVMValueRef src, LLVMValueRef *base, int64_t *lo, int64_t *hi)
{
    int var;
    if (!rh_pt_is_gep(src))
        return 0;
    if (rh_pt_gep_array(pt, src, lo, hi, &var))
        return var ? (*base = LLVMGetOperand(src, 0), 1) : 0;
    LLVMValueRef inner = LLVMGetOperand(src, 0);
    if (LLVMGetNumOperands(src) != 2 || !rh_pt_is_gep(inner) || !rh_pt_gep_array(pt, inner, lo, hi, &var) || var)
        return 0;
    *base = LLVMGetOperand(inner, 0);
    return 1;
}
