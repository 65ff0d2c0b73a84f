/* pt_elements.c - the element offsets of an indexed access into a small
 * array inside an object (see pt_elements.h for why they are sound). */
#include "pt_elements.h"

static int const_index(LLVMValueRef v, int64_t *out)
{
    if (!LLVMIsAConstantInt(v))
        return 0;
    *out = LLVMConstIntGetSExtValue(v);
    return 1;
}

/* Whether the GEP v (instruction or constant expression) ends by picking
 * the last field of a struct: an array reached through it may be a
 * flexible one (clang indexes `s->items[i]` as a GEP of the field, then
 * one of the array). */
static int ends_in_last_field(LLVMValueRef v)
{
    if (!LLVMIsAGetElementPtrInst(v) &&
        !(LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMGetElementPtr))
        return 0;
    LLVMTypeRef t = LLVMGetGEPSourceElementType(v);
    int n = LLVMGetNumOperands(v), last = 0;
    int64_t ci;
    for (int i = 2; i < n; i++) {
        LLVMTypeKind k = LLVMGetTypeKind(t);
        if (k == LLVMStructTypeKind) {
            if (!const_index(LLVMGetOperand(v, (unsigned)i), &ci))
                return 1; /* cannot tell: take it for one */
            last = ci + 1 == (int64_t)LLVMCountStructElementTypes(t);
            t = LLVMStructGetTypeAtIndex(t, (unsigned)ci);
        } else if (k == LLVMArrayTypeKind) {
            last = 0;
            t = LLVMGetElementType(t);
        } else {
            return 1;
        }
    }
    return last;
}

int rh_pt_elements(LLVMTargetDataRef td, LLVMValueRef gep, int64_t *first, int64_t *stride, int *count)
{
    LLVMTypeRef t = LLVMGetGEPSourceElementType(gep);
    int n = LLVMGetNumOperands(gep), var = 0;
    int64_t off = 0, ci;
    if (n < 3 || !const_index(LLVMGetOperand(gep, 1), &ci) || !LLVMTypeIsSized(t))
        return 0; /* p[i] on the pointer itself: no array bounds it */
    off = ci * (int64_t)LLVMABISizeOfType(td, t);
    /* whether t is the last field of the struct it came from */
    int last_field = ends_in_last_field(LLVMGetOperand(gep, 0));
    for (int i = 2; i < n; i++) {
        LLVMValueRef idx = LLVMGetOperand(gep, (unsigned)i);
        LLVMTypeKind k = LLVMGetTypeKind(t);
        if (k == LLVMStructTypeKind) {
            if (!const_index(idx, &ci))
                return 0;
            off += (int64_t)LLVMOffsetOfElement(td, t, (unsigned)ci);
            last_field = ci + 1 == (int64_t)LLVMCountStructElementTypes(t);
            t = LLVMStructGetTypeAtIndex(t, (unsigned)ci);
            continue;
        }
        if (k != LLVMArrayTypeKind)
            return 0;
        LLVMTypeRef et = LLVMGetElementType(t);
        int64_t esz = LLVMTypeIsSized(et) ? (int64_t)LLVMABISizeOfType(td, et) : 0;
        if (const_index(idx, &ci)) {
            off += ci * esz;
        } else {
            unsigned len = LLVMGetArrayLength(t);
            if (var++ || last_field || len < 2 || len > RH_PT_ELEMENTS_MAX || esz <= 0)
                return 0;
            *stride = esz, *count = (int)len;
        }
        last_field = 0;
        t = et;
    }
    if (var != 1)
        return 0;
    *first = off; /* every constant part, before and after the index */
    return 1;
}
