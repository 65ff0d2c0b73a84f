/* vg_requests.c - Valgrind client requests made plain calls.
 *
 * valgrind.h's request macros store a request code and five words into a
 * local array and hand its address to inline assembly that does nothing
 * outside Valgrind (the result is the default operand).  Engines that read
 * the IR cannot look into assembly, so each request whose code and words
 * the front end can read (one store per word, in the block of the
 * assembly, before it) and that annotations.c knows becomes a call of the
 * row's function, defined here with an empty body: every engine then sees
 * an annotation call with a concurrency-table entry, and the instrumented
 * program runs it.  Requests it cannot read or that no row knows stay
 * assembly (static and bmc: unsupported; runtime: decoded at run time).
 */
#include "frontend.h"
#include "model/annotations.h"
#include "model/model.h"

#include <string.h>

/* The Valgrind preamble of amd64 and x86 (valgrind.h). */
static int is_client_request(LLVMValueRef call)
{
    char *text = LLVMPrintValueToString(call);
    int yes = strstr(text, "rolq $$3,  %rdi ; rolq $$13, %rdi") != NULL ||
              strstr(text, "roll $$3,  %edi ; roll $$13, %edi") != NULL;
    LLVMDisposeMessage(text);
    return yes;
}

/* The slot a store writes: -1 unless ptr is block or a constant GEP into it. */
static int slot_of(LLVMValueRef ptr, LLVMValueRef block)
{
    if (ptr == block)
        return 0;
    if (!LLVMIsAGetElementPtrInst(ptr) || LLVMGetOperand(ptr, 0) != block)
        return -1;
    unsigned n = (unsigned)LLVMGetNumOperands(ptr);
    LLVMValueRef last = LLVMGetOperand(ptr, n - 1);
    for (unsigned i = 1; i + 1 < n; i++)
        if (!LLVMIsAConstantInt(LLVMGetOperand(ptr, i)) || LLVMConstIntGetZExtValue(LLVMGetOperand(ptr, i)))
            return -1;
    return LLVMIsAConstantInt(last) && LLVMConstIntGetZExtValue(last) < 6 ? (int)LLVMConstIntGetZExtValue(last) : -1;
}

/* Whether `st` comes before `call` in call's block. */
static int before_in_block(LLVMValueRef st, LLVMValueRef call)
{
    if (LLVMGetInstructionParent(st) != LLVMGetInstructionParent(call))
        return 0;
    for (LLVMValueRef i = LLVMGetPreviousInstruction(call); i; i = LLVMGetPreviousInstruction(i))
        if (i == st)
            return 1;
    return 0;
}

/* A store of one word into the block through ptr (the block or a GEP
 * into it); 0 when `in` is anything else. */
static int word_store(LLVMValueRef in, LLVMValueRef ptr, LLVMValueRef block, LLVMValueRef call,
                      int seen[6], LLVMValueRef vals[6])
{
    if (!LLVMIsAStoreInst(in) || LLVMGetOperand(in, 1) != ptr || !before_in_block(in, call))
        return 0;
    int k = slot_of(ptr, block);
    if (k < 0 || seen[k]++)
        return 0;
    vals[k] = LLVMGetOperand(in, 0);
    return 1;
}

/* The six values stored into the request block (an alloca whose every use
 * is the call or one store per word, directly or through a GEP); 0 when
 * they cannot be read. */
static int read_block(LLVMValueRef call, LLVMValueRef block, LLVMValueRef vals[6])
{
    int seen[6] = {0};
    for (LLVMUseRef u = LLVMGetFirstUse(block); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (user == call)
            continue;
        if (!LLVMIsAGetElementPtrInst(user)) {
            if (!word_store(user, block, block, call, seen, vals))
                return 0; /* read, passed on or stored somewhere: not a plain request */
            continue;
        }
        for (LLVMUseRef v = LLVMGetFirstUse(user); v; v = LLVMGetNextUse(v))
            if (LLVMGetUser(v) != call && !word_store(LLVMGetUser(v), user, block, call, seen, vals))
                return 0;
    }
    for (int k = 0; k < 6; k++)
        if (seen[k] != 1)
            return 0;
    return 1;
}

static LLVMValueRef strip_ptrtoint(LLVMValueRef v)
{
    if ((LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMPtrToInt) || LLVMIsAPtrToIntInst(v))
        return LLVMGetOperand(v, 0);
    return NULL;
}

/* The row's function, defined with an empty body on first use. */
static LLVMValueRef row_function(LLVMModuleRef m, const rh_annot_vg_row *r)
{
    LLVMValueRef f = LLVMGetNamedFunction(m, r->entry.name);
    if (f) /* ours, or the program's own of another shape: then the request stays */
        return LLVMCountParams(f) == strlen(r->params) ? f : NULL;
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    LLVMTypeRef params[5];
    unsigned n = (unsigned)strlen(r->params);
    for (unsigned i = 0; i < n && i < 5; i++)
        params[i] = r->params[i] == 'p' ? LLVMPointerTypeInContext(ctx, 0) : LLVMInt64TypeInContext(ctx);
    f = LLVMAddFunction(m, r->entry.name, LLVMFunctionType(LLVMVoidTypeInContext(ctx), params, n, 0));
    LLVMSetLinkage(f, LLVMInternalLinkage);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
    LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(ctx, f, "entry"));
    LLVMBuildRetVoid(b);
    LLVMDisposeBuilder(b);
    return f;
}

/* Word k of the request as the row's parameter type wants it. */
static LLVMValueRef word_arg(LLVMBuilderRef b, LLVMValueRef v, char kind)
{
    LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(v));
    if (kind == 'p') {
        LLVMValueRef p = strip_ptrtoint(v);
        return p ? p : LLVMBuildIntToPtr(b, v, LLVMPointerTypeInContext(ctx, 0), "");
    }
    return LLVMBuildZExtOrBitCast(b, v, LLVMInt64TypeInContext(ctx), "");
}

static int lower_one(LLVMModuleRef m, LLVMValueRef call)
{
    if (LLVMGetNumArgOperands(call) < 2 || !is_client_request(call))
        return 0;
    LLVMValueRef block = LLVMGetOperand(call, 0), vals[6];
    while (LLVMIsAGetElementPtrInst(block) && slot_of(block, LLVMGetOperand(block, 0)) == 0)
        block = LLVMGetOperand(block, 0);
    if (!LLVMIsAAllocaInst(block) || !read_block(call, block, vals) || !LLVMIsAConstantInt(vals[0]))
        return 0;
    rh_annot_words w = {{0}, {0}, NULL};
    for (int k = 0; k < 5; k++)
        if ((w.known[k] = LLVMIsAConstantInt(vals[k + 1]) != NULL))
            w.vals[k] = LLVMConstIntGetZExtValue(vals[k + 1]);
    LLVMValueRef s = strip_ptrtoint(vals[1]);
    w.str = s ? rh_model_const_string(s) : NULL;
    const rh_annot_vg_row *r = rh_annot_vg_find((unsigned)LLVMConstIntGetZExtValue(vals[0]), &w);
    if (!r)
        return 0;
    LLVMValueRef f = row_function(m, r), args[5];
    if (!f)
        return 0;
    LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
    LLVMPositionBuilderBefore(b, call);
    unsigned n = (unsigned)strlen(r->params);
    for (unsigned i = 0; i < n && i < 5; i++)
        args[i] = word_arg(b, vals[i + 1], r->params[i]);
    LLVMValueRef c = LLVMBuildCall2(b, LLVMGlobalGetValueType(f), f, args, n, "");
    unsigned dbg = LLVMGetMDKindIDInContext(LLVMGetModuleContext(m), "dbg", 3);
    if (LLVMGetMetadata(call, dbg))
        LLVMSetMetadata(c, dbg, LLVMGetMetadata(call, dbg));
    LLVMDisposeBuilder(b);
    /* outside Valgrind the request answers its default */
    LLVMValueRef def = LLVMGetOperand(call, 1);
    if (LLVMGetTypeKind(LLVMTypeOf(call)) != LLVMVoidTypeKind && LLVMTypeOf(def) == LLVMTypeOf(call))
        LLVMReplaceAllUsesWith(call, def);
    else if (LLVMGetTypeKind(LLVMTypeOf(call)) != LLVMVoidTypeKind)
        LLVMReplaceAllUsesWith(call, LLVMGetUndef(LLVMTypeOf(call)));
    LLVMInstructionEraseFromParent(call);
    return 1;
}

int rh_frontend_lower_vg_requests(LLVMModuleRef m)
{
    int n = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef in = LLVMGetFirstInstruction(bb), next; in; in = next) {
                next = LLVMGetNextInstruction(in);
                if (LLVMIsACallInst(in) && LLVMIsAInlineAsm(LLVMGetCalledValue(in)))
                    n += lower_one(m, in);
            }
    return n;
}
