/* wrappers.c - thread-create wrappers are inlined into their callers.
 *
 * A wrapper is a function that passes its own parameter to pthread_create
 * (or any create call of the concurrency table) as the thread handle or
 * the start routine: my_create(&id, fn, arg) { return pthread_create(...); }.
 * Left alone, every thread it starts shares one create call, so the threads
 * of different call sites are one abstract thread that may run in several
 * instances and whose handle is no single variable: joins cannot be matched
 * and races are reported between threads that never overlap.  Inlined, each
 * call site is a create call of its own, as if the wrapper were a macro.
 * Inlining keeps every access and its source location, so no engine loses
 * anything.  A function passing its parameters on to a wrapper becomes one
 * once the wrapper is inlined into it, so the caller marks and inlines in
 * rounds.
 */
#include "frontend.h"

#include <string.h>

static int uses_param(LLVMValueRef call, int k, LLVMValueRef fn)
{
    if (k < 0 || k >= (int)LLVMGetNumArgOperands(call))
        return 0;
    LLVMValueRef a = LLVMGetOperand(call, (unsigned)k);
    return LLVMIsAArgument(a) && LLVMGetParamParent(a) == fn;
}

/* Whether fn creates a thread from its parameters (and does not call itself). */
static int is_wrapper(LLVMValueRef fn, const rh_conc_table *t)
{
    int creates = 0;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
            if (LLVMGetInstructionOpcode(i) != LLVMCall)
                continue;
            LLVMValueRef callee = LLVMGetCalledValue(i);
            if (callee == fn)
                return 0;
            if (!LLVMIsAFunction(callee))
                continue;
            size_t n;
            const char *name = LLVMGetValueName2(callee, &n);
            const rh_conc_entry *e = rh_conc_lookup(t, name, !LLVMIsDeclaration(callee));
            if (e && e->op == RH_OP_THREAD_CREATE && (uses_param(i, e->obj, fn) || uses_param(i, e->fn, fn)))
                creates = 1;
        }
    return creates;
}

int rh_frontend_mark_create_wrappers(LLVMModuleRef m, const rh_conc_table *t)
{
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    unsigned noinline = LLVMGetEnumAttributeKindForName("noinline", 8);
    unsigned always = LLVMGetEnumAttributeKindForName("alwaysinline", 12);
    int n = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
        size_t len;
        const char *name = LLVMGetValueName2(fn, &len);
        if (LLVMIsDeclaration(fn) || LLVMIsFunctionVarArg(LLVMGlobalGetValueType(fn)) ||
            strcmp(name, "main") == 0 || LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, always) ||
            !is_wrapper(fn, t))
            continue;
        LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, noinline);
        LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(ctx, always, 0));
        n++;
    }
    return n;
}
