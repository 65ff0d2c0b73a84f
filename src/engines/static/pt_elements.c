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

int rh_pt_elements(LLVMTargetDataRef td, LLVMValueRef gep, int64_t *first, int64_t *stride, int *count)
{
    LLVMTypeRef t = LLVMGetGEPSourceElementType(gep);
    int n = LLVMGetNumOperands(gep), var = 0;
    int64_t off = 0, ci;
    if (n < 3 || !const_index(LLVMGetOperand(gep, 1), &ci) || !LLVMTypeIsSized(t))
        return 0; /* p[i] on the pointer itself: no array bounds it */
    off = ci * (int64_t)LLVMABISizeOfType(td, t);
    int last_field = 0; /* whether t is the last field of the struct it came from */
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
