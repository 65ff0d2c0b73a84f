/* dyn_private.c - which accesses the dynamic engine may leave
 * uninstrumented because no other thread can reach what they touch
 * (dyn_private.h has the rule).  An escape walk over the SSA uses of an
 * address, written here rather than taken from LLVM's capture tracking,
 * which the C API does not expose.
 */
#include "dyn_private.h"
#include "runtime/rt_abi.h"

#include <string.h>

static int is_offset(LLVMValueRef v)
{
    if (LLVMIsAGetElementPtrInst(v))
        return 1;
    return LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMGetElementPtr;
}

static const char *called_name(LLVMValueRef call)
{
    LLVMValueRef f = LLVMGetCalledValue(call);
    size_t len = 0;
    return f && LLVMIsAFunction(f) ? LLVMGetValueName2(f, &len) : "";
}

/* racehunt's hooks that only record an address, never hand it to program
 * code (__rh_thread_prepare, for one, passes its argument to a thread). */
static const char *const recording_hooks[] = {"__rh_access", "__rh_sync_pre", "__rh_sync_post"};

static int recording_hook(LLVMValueRef call)
{
    const char *name = called_name(call);
    if (rh_rt_access_hook(name)) /* __rh_access and its forms */
        return 1;
    for (size_t i = 0; i < sizeof recording_hooks / sizeof *recording_hooks; i++)
        if (strcmp(name, recording_hooks[i]) == 0)
            return 1;
    return 0;
}

/* Calls that use an address without keeping or passing it on: debug and
 * lifetime markers, the recording hooks, and free (the block ends there). */
static int harmless_call(LLVMValueRef call)
{
    const char *name = called_name(call);
    return strncmp(name, "llvm.lifetime.", 14) == 0 || strncmp(name, "llvm.dbg.", 9) == 0 ||
           recording_hook(call) || strcmp(name, "free") == 0;
}

/* Whether v is only passed to racehunt's hooks. */
static int only_hooks_use(LLVMValueRef v)
{
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u))
        if (!LLVMIsACallInst(LLVMGetUser(u)) || !recording_hook(LLVMGetUser(u)))
            return 0;
    return 1;
}

/* Uses the escape walk may still visit for one access: a bound on its
 * compile time (past it, the access is instrumented). */
static int escape_budget;

static int address_stays(LLVMValueRef v, int depth);

/* Merges (phi, select) under check, one stack per question: a merge met
 * again inside its own check is a loop (a pointer swapped between two
 * buffers each round) that adds no object and no use, so it is taken as
 * holding while the first visit checks the rest. */
typedef struct merge_stack {
    LLVMValueRef v[32];
    int n;
} merge_stack;
static merge_stack stays_merges, private_merges;

static int on_stack(const merge_stack *m, LLVMValueRef v)
{
    for (int i = 0; i < m->n; i++)
        if (m->v[i] == v)
            return 1;
    return 0;
}

static int is_merge(LLVMValueRef v)
{
    return LLVMIsAPHINode(v) || LLVMIsASelectInst(v);
}

/* Whether the uses of merge v keep the address (address_stays). */
static int merge_stays(LLVMValueRef v, int depth)
{
    if (on_stack(&stays_merges, v))
        return 1;
    if (stays_merges.n == 32)
        return 0;
    stays_merges.v[stays_merges.n++] = v;
    int ok = address_stays(v, depth + 1);
    stays_merges.n--;
    return ok;
}

/* Whether a direct call passes v only to parameters of a function of the
 * module whose own uses keep it (the function runs in the caller's
 * thread, so an address it does not let go of stays there). */
static int stays_in_callee(LLVMValueRef call, LLVMValueRef v, int depth)
{
    LLVMValueRef f = LLVMGetCalledValue(call);
    if (!f || f == v || !LLVMIsAFunction(f) || LLVMIsDeclaration(f))
        return 0;
    unsigned nargs = (unsigned)LLVMGetNumArgOperands(call), nparams = LLVMCountParams(f);
    for (unsigned k = 0; k < nargs; k++)
        if (LLVMGetOperand(call, k) == v &&
            (k >= nparams || !address_stays(LLVMGetParam(f, k), depth + 1)))
            return 0;
    return 1;
}

/* Whether every use of address v only loads from it, stores into it,
 * compares it, offsets it into an address of the same kind or passes it
 * to a parameter that does the same (depth bounds the walk). */
static int address_stays(LLVMValueRef v, int depth)
{
    if (depth > 16)
        return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (--escape_budget < 0)
            return 0;
        if (LLVMIsALoadInst(user) || LLVMIsAICmpInst(user))
            continue;
        if (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 0) != v)
            continue; /* stored into, not stored */
        if (LLVMIsACallInst(user) && (harmless_call(user) || stays_in_callee(user, v, depth)))
            continue;
        if (is_merge(user) && merge_stays(user, depth))
            continue;
        if (LLVMIsAPtrToIntInst(user) && only_hooks_use(user))
            continue; /* the allocation hook's copy of the address */
        if (is_offset(user) && LLVMGetOperand(user, 0) == v && address_stays(user, depth + 1))
            continue;
        return 0;
    }
    return 1;
}

/* Allocators whose result is a block no other pointer reaches yet. */
static const char *const fresh_allocators[] = {"malloc", "calloc", "aligned_alloc", "memalign",
                                               "valloc", "strdup", "strndup"};

static int fresh_allocation(LLVMValueRef v)
{
    if (!LLVMIsACallInst(v))
        return 0;
    const char *name = called_name(v);
    for (size_t i = 0; i < sizeof fresh_allocators / sizeof *fresh_allocators; i++)
        if (strcmp(name, fresh_allocators[i]) == 0)
            return 1;
    return 0;
}

/* C library calls whose result is the address of a slot of the calling
 * thread's own: glibc keeps errno and the pointers to the locale's
 * character tables in thread-local storage. */
static const char *const thread_slots[] = {"__errno_location", "__ctype_b_loc",
                                           "__ctype_tolower_loc", "__ctype_toupper_loc"};
/* Of those, the slots that point to a table of the C library's locale
 * data, which programs read through a pointer to const and never write. */
static const char *const table_slots[] = {"__ctype_b_loc", "__ctype_tolower_loc",
                                          "__ctype_toupper_loc"};

static int call_to_one_of(LLVMValueRef v, const char *const *names, size_t n)
{
    if (!LLVMIsACallInst(v))
        return 0;
    const char *name = called_name(v);
    for (size_t i = 0; i < n; i++)
        if (strcmp(name, names[i]) == 0)
            return 1;
    return 0;
}

static int private_at(LLVMValueRef ptr, int depth);

static int internal(LLVMValueRef g)
{
    return LLVMGetLinkage(g) == LLVMInternalLinkage || LLVMGetLinkage(g) == LLVMPrivateLinkage;
}

/* Whether parameter arg of an internal function receives only private
 * objects: every use of the function is a direct call in this module
 * passing one (other units cannot call it; a thread start or a pointer
 * to it is a use of another kind). */
static int private_param(LLVMValueRef arg, int depth)
{
    LLVMValueRef f = LLVMGetParamParent(arg);
    unsigned k = 0;
    while (k < LLVMCountParams(f) && LLVMGetParam(f, k) != arg)
        k++;
    if (!internal(f) || !LLVMGetFirstUse(f) || depth > 16)
        return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef call = LLVMGetUser(u);
        if (!LLVMIsACallInst(call) || LLVMGetCalledValue(call) != f ||
            k >= (unsigned)LLVMGetNumArgOperands(call) || !private_at(LLVMGetOperand(call, k), depth + 1))
            return 0;
    }
    return 1;
}

/* Whether every value merge ptr may take is private. */
static int private_merge(LLVMValueRef ptr, int depth)
{
    if (on_stack(&private_merges, ptr))
        return 1;
    if (private_merges.n == 32 || depth > 16)
        return 0;
    private_merges.v[private_merges.n++] = ptr;
    int ok = 1;
    if (LLVMIsAPHINode(ptr))
        for (unsigned i = 0; ok && i < LLVMCountIncoming(ptr); i++)
            ok = private_at(LLVMGetIncomingValue(ptr, i), depth + 1);
    else
        ok = private_at(LLVMGetOperand(ptr, 1), depth + 1) && private_at(LLVMGetOperand(ptr, 2), depth + 1);
    private_merges.n--;
    return ok;
}

static int private_at(LLVMValueRef ptr, int depth)
{
    for (int i = 0; i < 16 && is_offset(ptr); i++)
        ptr = LLVMGetOperand(ptr, 0);
    if (is_merge(ptr))
        return private_merge(ptr, depth);
    if (LLVMIsAArgument(ptr))
        return address_stays(ptr, depth) && private_param(ptr, depth);
    int local = LLVMIsAAllocaInst(ptr) != NULL || fresh_allocation(ptr) ||
                call_to_one_of(ptr, thread_slots, sizeof thread_slots / sizeof *thread_slots);
    /* a thread-local variable other units can name may have its address
     * taken there (racehunt cc instruments one unit at a time) */
    int tls = LLVMIsAGlobalVariable(ptr) && LLVMIsThreadLocal(ptr) && internal(ptr);
    return (local || tls) && address_stays(ptr, depth);
}

int rh_dyn_private_object(LLVMValueRef ptr)
{
    escape_budget = 4096;
    return private_at(ptr, 0);
}

int rh_dyn_read_only_object(LLVMValueRef ptr)
{
    for (int i = 0; i < 16 && is_offset(ptr); i++)
        ptr = LLVMGetOperand(ptr, 0);
    if (LLVMIsALoadInst(ptr)) /* (*__ctype_b_loc())[c]: a table of the locale */
        return call_to_one_of(LLVMGetOperand(ptr, 0), table_slots,
                              sizeof table_slots / sizeof *table_slots);
    return LLVMIsAGlobalVariable(ptr) && LLVMIsGlobalConstant(ptr);
}
