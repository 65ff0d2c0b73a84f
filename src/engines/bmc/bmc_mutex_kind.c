/* bmc_mutex_kind.c - which locks of the bounded program are of recursive
 * or error-checking mutexes, made so by a static initializer
 * (PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP and the like) or by
 * pthread_mutex_init with attributes whose type bmc can follow, so the
 * encodings give them an owner (and a recursive one a depth) instead of the
 * plain lock word.
 *
 * A lock is flagged only when every object its address may reach is a
 * mutex of the same such type; a lock that may reach several kinds, a
 * statically initialised one inside a larger object, one initialised with
 * attributes bmc does not follow or re-initialised otherwise is encoded as
 * a plain mutex, whose relock blocks, so that program gets no proof (its
 * executions stay real).  A mutex given its type at run time is taken to
 * have it all along: before its init it is a zeroed (normal) mutex at
 * most, whose relock would block and whose unlock by another thread is
 * undefined, so the type's model has every execution the normal one has.
 */
#include "bmc.h"
#include "bmc_region.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

enum { KIND_NORMAL, KIND_RECURSIVE, KIND_ERRCHECK, KIND_OTHER };

static int is_mutex_type(LLVMTypeRef t)
{
    const char *name = LLVMGetTypeKind(t) == LLVMStructTypeKind ? LLVMGetStructName(t) : NULL;
    return name && strstr(name, "pthread_mutex_t") != NULL;
}

/* glibc's mutex types: 0 normal, 1 recursive, 2 error-checking, 3
 * adaptive (a plain lock to a program). */
static int type_kind(unsigned long long v)
{
    return v == 0 || v == 3 ? KIND_NORMAL : v == 1 ? KIND_RECURSIVE : v == 2 ? KIND_ERRCHECK : KIND_OTHER;
}

/* glibc's static initializers set only __data.__kind, the fifth int:
 * 1 recursive, 2 error-checking, 3 adaptive (a plain lock to a program). */
static int initializer_kind(LLVMValueRef k)
{
    if (LLVMIsNull(k))
        return KIND_NORMAL;
    if (!LLVMIsAConstantStruct(k) || LLVMGetNumOperands(k) < 1)
        return KIND_OTHER;
    LLVMValueRef d = LLVMGetOperand(k, 0);
    if (!LLVMIsAConstantStruct(d) || LLVMGetNumOperands(d) < 5)
        return KIND_OTHER;
    for (int i = 1; i < LLVMGetNumOperands(k); i++)
        if (!LLVMIsNull(LLVMGetOperand(k, i)))
            return KIND_OTHER;
    for (int i = 0; i < LLVMGetNumOperands(d); i++)
        if (i != 4 && !LLVMIsNull(LLVMGetOperand(d, i)))
            return KIND_OTHER;
    LLVMValueRef kind = LLVMGetOperand(d, 4);
    if (!LLVMIsAConstantInt(kind))
        return KIND_OTHER;
    unsigned long long v = LLVMConstIntGetZExtValue(kind);
    return type_kind(v);
}

/* Finds the mutexes with a non-plain initializer inside k; returns the
 * kind when k itself (the whole object) is one recursive or error-checking
 * mutex, else 0. */
static int scan_initializer(rh_bmc_ctx *c, LLVMValueRef k, int whole)
{
    if (LLVMIsNull(k))
        return 0;
    if (is_mutex_type(LLVMTypeOf(k))) {
        int kind = initializer_kind(k);
        if ((kind == KIND_RECURSIVE || kind == KIND_ERRCHECK) && whole)
            return kind;
        if (kind != KIND_NORMAL)
            rh_bmc_unsupported(c, NULL, "a mutex with a static initializer other than a plain, a "
                                        "recursive or an error-checking one, or inside a larger "
                                        "object (modelled as a plain mutex)");
        return 0;
    }
    if (LLVMIsAConstantStruct(k) || LLVMIsAConstantArray(k))
        for (int i = 0; i < LLVMGetNumOperands(k); i++)
            scan_initializer(c, LLVMGetOperand(k, i), 0);
    return 0;
}

/* The position flag of a kind (0 for a plain mutex). */
static unsigned kind_flag(int kind)
{
    return kind == KIND_RECURSIVE ? RH_BMC_PF_RECURSIVE : kind == KIND_ERRCHECK ? RH_BMC_PF_ERRCHECK : 0;
}

static int flag_kind(unsigned flags)
{
    return flags & RH_BMC_PF_RECURSIVE ? KIND_RECURSIVE : flags & RH_BMC_PF_ERRCHECK ? KIND_ERRCHECK : 0;
}

/* A mutex init with a followed type gives its objects that type; two
 * types for one object leave it plain (KIND_OTHER until the end). */
static void typed_init(rh_bmc_ctx *c, rh_bmc_pos *p, char *kind, int *objs)
{
    int n = 0, k = flag_kind(p->flags);
    if (!k)
        return;
    rh_bmc_objset(c, c->regions, p->addr, objs, &n);
    for (int j = 0; j < n; j++)
        kind[objs[j]] = kind[objs[j]] == KIND_NORMAL || kind[objs[j]] == k ? (char)k : KIND_OTHER;
}

/* Any other (re-)initialisation of a typed mutex (pthread_mutex_init
 * without attributes, which leaves a plain mutex): every lock of it is
 * then encoded as a plain one, which explores fewer executions, never
 * more; so are the mutexes given two types. */
static void reinit(rh_bmc_ctx *c, rh_bmc_pos *p, char *kind, int *objs)
{
    int n = 0, hit = 0;
    rh_bmc_objset(c, c->regions, p->addr, objs, &n);
    for (int j = 0; j < n; j++)
        if (kind[objs[j]] == KIND_OTHER || (kind[objs[j]] && !flag_kind(p->flags)))
            kind[objs[j]] = KIND_NORMAL, hit = 1;
    if (hit)
        rh_bmc_unsupported(c, p->inst, "a recursive or error-checking mutex re-initialised as "
                                       "another type (modelled as a plain mutex)");
}

/* How many mutexes a value of type t holds (2 standing for more). */
static int mutexes_in(LLVMTypeRef t, int depth)
{
    if (is_mutex_type(t))
        return 1;
    if (depth > 8)
        return 2;
    int n = 0;
    switch (LLVMGetTypeKind(t)) {
    case LLVMArrayTypeKind:
        n = LLVMGetArrayLength(t) ? mutexes_in(LLVMGetElementType(t), depth + 1) : 0;
        return n && LLVMGetArrayLength(t) > 1 ? 2 : n;
    case LLVMStructTypeKind:
        for (unsigned i = 0; i < LLVMCountStructElementTypes(t) && n < 2; i++)
            n += mutexes_in(LLVMStructGetTypeAtIndex(t, i), depth + 1);
        return n > 2 ? 2 : n;
    default:
        return 0;
    }
}

/* Whether object o is a variable holding exactly one mutex: then no plain
 * mutex lies beside the typed one, which the lock positions reaching the
 * object cannot tell apart. */
static int single_mutex(const rh_bmc_ctx *c, int o)
{
    LLVMValueRef v = o < c->nobjs ? c->objs[o].val : NULL;
    LLVMTypeRef t = !v ? NULL : LLVMIsAGlobalVariable(v) ? LLVMGlobalGetValueType(v)
                   : LLVMIsAAllocaInst(v) ? LLVMGetAllocatedType(v) : NULL;
    return t && mutexes_in(t, 0) == 1;
}

/* Flags a lock position whose objects are all mutexes of one type; one
 * that may reach some and something else costs the proof.  Where an
 * object may hold other mutexes, untyped ones may be among them, whose
 * unlock by another thread (undefined, but glibc frees a normal mutex so)
 * must free it: the position frees on any unlock then, as a plain one. */
static void classify(rh_bmc_ctx *c, rh_bmc_pos *p, char *kind, int *objs)
{
    int n = 0, same = 0, k = 0;
    rh_bmc_objset(c, c->regions, p->addr, objs, &n);
    for (int j = 0; j < n; j++)
        if (kind[objs[j]])
            k = kind[objs[j]];
    for (int j = 0; j < n; j++)
        same += kind[objs[j]] == k;
    if (!k)
        return;
    /* a condition wait on a recursive mutex held more than once is
     * undefined; an error-checking one is held once */
    int wait = p->what && strncmp(p->what, "wait:", 5) == 0;
    if (same < n || (p->flags & RH_BMC_PF_SHARED) || (wait && k == KIND_RECURSIVE)) {
        rh_bmc_unsupported(c, p->inst, "a lock that may reach a recursive or error-checking mutex "
                                       "and something else, or a condition wait on a recursive one "
                                       "(modelled as a plain mutex)");
        return;
    }
    p->flags |= kind_flag(k);
    for (int j = 0; j < n; j++)
        if (!single_mutex(c, objs[j]))
            p->flags |= RH_BMC_PF_STRAY;
    /* what an error-checking mutex's relock (EDEADLK), timed lock or
     * unlock by another thread (EPERM) returns is not encoded (0); a
     * trylock's is (EBUSY, even for the holder) */
    int used = p->inst && LLVMGetFirstUse(p->inst) && !(p->flags & RH_BMC_PF_TRY);
    if (k == KIND_ERRCHECK && !wait && (used || (p->flags & RH_BMC_PF_TIMED)))
        rh_bmc_unsupported(c, p->inst, "the result of an error-checking mutex's lock or unlock");
}

/* Calls f on every reachable position of kind k. */
static void each_pos(rh_bmc_ctx *c, rh_bmc_pkind k, char *kind, int *objs,
                     void (*f)(rh_bmc_ctx *, rh_bmc_pos *, char *, int *))
{
    for (int t = 0; t < c->nthreads; t++)
        for (int i = 0; i < c->threads[t].npos; i++) {
            rh_bmc_pos *p = &c->threads[t].pos[i];
            if (p->kind == k && p->addr && !rh_bmc_is_false(c, p->guard))
                f(c, p, kind, objs);
        }
}

void rh_bmc_mutex_kinds(rh_bmc_ctx *c)
{
    char *kind = rh_xcalloc((size_t)c->nobjs + 1, 1);
    int any = 0;
    for (LLVMValueRef g = LLVMGetFirstGlobal(c->prog->mod); g; g = LLVMGetNextGlobal(g)) {
        LLVMValueRef init = LLVMGetInitializer(g);
        int k = init ? scan_initializer(c, init, 1) : 0;
        if (!k)
            continue;
        long o = rh_map_get_ptr(&c->objmap, g, -1);
        if (o >= 0 && o < c->regions->nobj)
            kind[o] = (char)k, any = 1;
        else
            rh_bmc_unsupported(c, NULL, "a recursive or error-checking mutex outside the bounded "
                                        "program's objects");
    }
    for (int t = 0; t < c->nthreads; t++)
        for (int i = 0; i < c->threads[t].npos; i++)
            any |= c->threads[t].pos[i].kind == RH_BMC_P_SYNC_SET &&
                   flag_kind(c->threads[t].pos[i].flags) != 0;
    if (any) {
        int *objs = rh_xcalloc((size_t)c->regions->nobj + 1, sizeof *objs);
        each_pos(c, RH_BMC_P_SYNC_SET, kind, objs, typed_init);
        each_pos(c, RH_BMC_P_SYNC_SET, kind, objs, reinit);
        each_pos(c, RH_BMC_P_LOCK, kind, objs, classify);
        each_pos(c, RH_BMC_P_UNLOCK, kind, objs, classify);
        free(objs);
    }
    free(kind);
}

/* ---- pthread_mutex_init's attributes ---- */

static int called(LLVMValueRef user, const char *name)
{
    LLVMValueRef fn = LLVMIsACallInst(user) ? rh_model_called_function(user) : NULL;
    size_t n;
    return fn && strcmp(LLVMGetValueName2(fn, &n), name) == 0;
}

/* The type an attributes object gives: followed only for a local or
 * global object used by nothing but the pthread_mutexattr calls below and
 * mutex inits, whose settype calls all give one constant type.  Which of
 * them runs first does not matter: the type's model covers the plain
 * mutex it might otherwise be (the file's comment). */
int rh_bmc_attr_kind(rh_bmc_ctx *c, LLVMValueRef call)
{
    (void)c;
    if (!called(call, "pthread_mutex_init") || LLVMGetNumArgOperands(call) < 2)
        return LLVMGetNumArgOperands(call) >= 2 && !LLVMIsNull(LLVMGetOperand(call, 1)) ? -1 : 0;
    LLVMValueRef attr = LLVMGetOperand(call, 1);
    if (LLVMIsNull(attr))
        return 0;
    if (!LLVMIsAAllocaInst(attr) && !LLVMIsAGlobalVariable(attr))
        return -1;
    int kind = KIND_NORMAL, typed = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(attr); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (called(user, "pthread_mutex_init") && LLVMGetOperand(user, 1) == attr &&
            LLVMGetOperand(user, 0) != attr)
            continue;
        if (called(user, "pthread_mutexattr_init") || called(user, "pthread_mutexattr_destroy"))
            continue;
        if (!called(user, "pthread_mutexattr_settype") || LLVMGetOperand(user, 0) != attr ||
            !LLVMIsAConstantInt(LLVMGetOperand(user, 1)))
            return -1;
        int k = type_kind(LLVMConstIntGetZExtValue(LLVMGetOperand(user, 1)));
        if (k == KIND_OTHER || (typed && k != kind))
            return -1;
        kind = k, typed = 1;
    }
    return (int)kind_flag(kind);
}
