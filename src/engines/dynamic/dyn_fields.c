/* dyn_fields.c - the name of the struct field a byte offset falls in,
 * read from the program's debug information, so that a report says
 * 'acc->balance' rather than "byte 40 of '*acc'".
 *
 * The variable the address comes from (a global, or a local's stack slot
 * with its llvm.dbg.declare) has a debug type; past typedefs, qualifiers
 * and (for a pointer read from the variable) one pointer, a structure's
 * members give names, offsets and sizes.  Nested structures are followed
 * (a.b.c).  Anything else gives no name, never a wrong one.
 */
#include "dyn.h"
#include "util/debuginfo.h"
#include "util/util.h"

#include <llvm-c/DebugInfo.h>

#include <stdlib.h>
#include <string.h>

#define RH_FIELD_DEPTH 8

/* The debug variable of a global or of a local's stack slot, or NULL. */
static LLVMMetadataRef variable_of(LLVMContextRef ctx, LLVMValueRef v)
{
    if (LLVMIsAGlobalVariable(v)) {
        size_t n = 0;
        LLVMValueMetadataEntry *md = LLVMGlobalCopyAllMetadata(v, &n);
        LLVMMetadataRef var = NULL;
        for (unsigned i = 0; i < n && !var; i++)
            if (LLVMValueMetadataEntriesGetKind(md, i) == LLVMGetMDKindIDInContext(ctx, "dbg", 3))
                var = LLVMDIGlobalVariableExpressionGetVariable(LLVMValueMetadataEntriesGetMetadata(md, i));
        if (md)
            LLVMDisposeValueMetadataEntries(md);
        return var;
    }
    if (!LLVMIsAAllocaInst(v))
        return NULL;
    LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(v));
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
            LLVMValueRef callee = LLVMIsACallInst(i) ? LLVMGetCalledValue(i) : NULL;
            size_t len = 0;
            const char *name = callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : "";
            if (len != 17 || strcmp(name, "llvm.dbg.declare") != 0)
                continue;
            LLVMValueRef wrapped = LLVMGetOperand(i, 0), slot = NULL; /* ValueAsMetadata(alloca) */
            if (LLVMGetMDNodeNumOperands(wrapped) == 1)
                LLVMGetMDNodeOperands(wrapped, &slot);
            if (slot == v)
                return LLVMValueAsMetadata(LLVMGetOperand(i, 1));
        }
    return NULL;
}

/* "balance" or "hdr.len" for byte off of structure type t, or NULL. */
static char *member_at(LLVMContextRef ctx, LLVMMetadataRef t, long long off, int depth)
{
    t = rh_di_strip(ctx, t, NULL, NULL);
    if (!t || depth > RH_FIELD_DEPTH || LLVMGetMetadataKind(t) != LLVMDICompositeTypeMetadataKind)
        return NULL;
    LLVMMetadataRef elems = rh_di_operand(ctx, t, 4);
    if (!elems)
        return NULL;
    LLVMValueRef ev = LLVMMetadataAsValue(ctx, elems);
    unsigned n = LLVMGetMDNodeNumOperands(ev);
    LLVMValueRef *ops = rh_xcalloc(n + 1, sizeof *ops);
    LLVMGetMDNodeOperands(ev, ops);
    char *name = NULL;
    for (unsigned i = 0; i < n && !name; i++) {
        LLVMMetadataRef m = ops[i] ? LLVMValueAsMetadata(ops[i]) : NULL;
        if (!m || LLVMGetMetadataKind(m) != LLVMDIDerivedTypeMetadataKind)
            continue;
        long long lo = (long long)(LLVMDITypeGetOffsetInBits(m) / 8);
        long long size = (long long)(LLVMDITypeGetSizeInBits(m) / 8);
        size_t len;
        const char *mname = LLVMDITypeGetName(m, &len);
        if (!len || off < lo || off >= lo + (size ? size : 1))
            continue;
        if (len >= 2 && mname[0] == '_' && mname[1] == '_')
            break; /* the implementation's insides (pthread_mutex_t's __data): no name */
        char *inner = member_at(ctx, rh_di_operand(ctx, m, 3), off - lo, depth + 1);
        name = inner ? rh_xasprintf("%.*s.%s", (int)len, mname, inner) : rh_xasprintf("%.*s", (int)len, mname);
        free(inner);
    }
    free(ops);
    return name;
}

char *rh_dyn_field_name(LLVMValueRef var, int through_pointer, long long off)
{
    LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(var));
    LLVMMetadataRef dv = variable_of(ctx, var);
    LLVMMetadataRef t = dv ? rh_di_strip(ctx, rh_di_operand(ctx, dv, 3), NULL, NULL) : NULL;
    if (t && through_pointer) { /* the variable holds a pointer to the structure */
        if (LLVMGetMetadataKind(t) != LLVMDIDerivedTypeMetadataKind)
            return NULL;
        t = rh_di_operand(ctx, t, 3);
    }
    return t ? member_at(ctx, t, off, 0) : NULL;
}
