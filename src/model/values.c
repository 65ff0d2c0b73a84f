/* values.c - small questions about LLVM values that every part of the
 * model builder asks (which function a call calls, a null constant, a
 * constant string).  Kept apart from model.c so that its parts
 * (model_lib.c) use them without depending on the orchestrator.
 */
#include "model.h"

#include <llvm-c/Core.h>
#include "util/util.h"

#include <stddef.h>

LLVMValueRef rh_model_called_function(LLVMValueRef call)
{
    LLVMValueRef v = LLVMGetCalledValue(call);
    while (v && LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMBitCast)
        v = LLVMGetOperand(v, 0);
    if (v && LLVMIsAGlobalAlias(v))
        v = LLVMAliasGetAliasee(v);
    return v && LLVMIsAFunction(v) ? v : NULL;
}

int rh_model_null(LLVMValueRef v)
{
    return v && LLVMIsConstant(v) && LLVMIsNull(v);
}

const char *rh_model_const_string(LLVMValueRef v)
{
    while (v && LLVMIsAConstantExpr(v) && LLVMGetNumOperands(v) > 0)
        v = LLVMGetOperand(v, 0);
    if (!v || !LLVMIsAGlobalVariable(v) || !LLVMIsGlobalConstant(v) || !LLVMGetInitializer(v))
        return NULL;
    LLVMValueRef init = LLVMGetInitializer(v);
    size_t len;
    return LLVMIsConstantString(init) ? LLVMGetAsString(init, &len) : NULL;
}

LLVMValueRef *rh_model_declared_calls(LLVMModuleRef m, int *n)
{
    RH_VEC(LLVMValueRef) calls = {0};
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
                LLVMValueRef callee = LLVMIsACallInst(in) ? rh_model_called_function(in) : NULL;
                if (callee && LLVMIsDeclaration(callee))
                    rh_vec_push(&calls, in);
            }
    *n = (int)calls.len;
    return calls.items;
}
