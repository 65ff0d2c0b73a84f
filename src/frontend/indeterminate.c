/* indeterminate.c - an uninitialised local holds one indeterminate value.
 *
 * `int x; if (x) create(...); ...; if (x) join(...);` tests one value
 * twice: whatever x holds, it holds it at both tests (SV-COMP reads such a
 * local as one nondeterministic value).  mem2reg turns every read of an
 * uninitialised local into its own `undef`, which may differ from use to
 * use, and the correlation is lost.  So before promotion, every scalar
 * local that mem2reg will promote first gets a `freeze undef` stored into
 * it: a value that is arbitrary but the same at every read, named
 * "indeterminate.VAR" after the local (a compiler temporary's is just
 * "indeterminate").  Locals written before every read
 * just get a dead freeze.
 */
#include "frontend.h"

#include <stdio.h>

/* Whether mem2reg promotes a (only loaded, stored into, never escaping). */
static int promotable(LLVMValueRef a)
{
    for (LLVMUseRef u = LLVMGetFirstUse(a); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsALoadInst(user) && !LLVMGetVolatile(user))
            continue;
        if (LLVMIsAStoreInst(user) && !LLVMGetVolatile(user) && LLVMGetOperand(user, 1) == a &&
            LLVMGetOperand(user, 0) != a)
            continue;
        return 0;
    }
    return 1;
}

/* Whether the local's name is one a C program can give (the compiler's
 * own temporaries are "atomic-temp", "agg.tmp", unnamed ...): only those
 * are named, since a witness tells the user which variable it chose. */
static int source_name(const char *var, size_t n)
{
    if (n == 0 || (var[0] >= '0' && var[0] <= '9'))
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!(var[i] == '_' || (var[i] >= 'a' && var[i] <= 'z') || (var[i] >= 'A' && var[i] <= 'Z') ||
              (var[i] >= '0' && var[i] <= '9')))
            return 0;
    return 1;
}

static void freeze_function(LLVMBuilderRef b, LLVMValueRef fn)
{
    LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
    LLVMValueRef last = NULL;
    for (LLVMValueRef in = LLVMGetFirstInstruction(entry); in && LLVMIsAAllocaInst(in);
         in = LLVMGetNextInstruction(in))
        last = in;
    for (LLVMValueRef a = LLVMGetFirstInstruction(entry); a && LLVMIsAAllocaInst(a);
         a = LLVMGetNextInstruction(a)) {
        LLVMTypeRef t = LLVMGetAllocatedType(a);
        LLVMTypeKind k = LLVMGetTypeKind(t);
        if ((k != LLVMIntegerTypeKind && k != LLVMPointerTypeKind) || !promotable(a))
            continue;
        LLVMValueRef next = LLVMGetNextInstruction(last);
        if (!next)
            return;
        LLVMPositionBuilderBefore(b, next);
        size_t n;
        const char *var = LLVMGetValueName2(a, &n);
        char name[160]; /* the variable's name travels with its value: bmc names it in witnesses */
        snprintf(name, sizeof name, source_name(var, n) ? "indeterminate.%s" : "indeterminate", var);
        LLVMValueRef v = LLVMBuildFreeze(b, LLVMGetUndef(t), name);
        LLVMBuildStore(b, v, a);
    }
}

void rh_frontend_freeze_uninitialised(LLVMModuleRef m)
{
    LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
        if (!LLVMIsDeclaration(fn))
            freeze_function(b, fn);
    LLVMDisposeBuilder(b);
}
