/* debuginfo.c - reading LLVM's debug-information types (see debuginfo.h). */
#include "debuginfo.h"
#include "util.h"

#include <stdlib.h>

LLVMMetadataRef rh_di_operand(LLVMContextRef ctx, LLVMMetadataRef md, unsigned i)
{
    LLVMValueRef v = LLVMMetadataAsValue(ctx, md);
    unsigned n = LLVMGetMDNodeNumOperands(v);
    if (i >= n)
        return NULL;
    LLVMValueRef *ops = rh_xcalloc(n, sizeof *ops);
    LLVMGetMDNodeOperands(v, ops);
    LLVMMetadataRef r = ops[i] ? LLVMValueAsMetadata(ops[i]) : NULL;
    free(ops);
    return r;
}

LLVMMetadataRef rh_di_strip(LLVMContextRef ctx, LLVMMetadataRef t, const char **named, size_t *nlen)
{
    for (int depth = 0; t && depth < 16; depth++) {
        if (LLVMGetMetadataKind(t) != LLVMDIDerivedTypeMetadataKind)
            return t;
        size_t len;
        const char *name = LLVMDITypeGetName(t, &len);
        if (len == 0 && LLVMDITypeGetSizeInBits(t) != 0)
            return t; /* a pointer */
        if (len && named)
            *named = name, *nlen = len;
        t = rh_di_operand(ctx, t, 3); /* base type */
    }
    return t;
}
