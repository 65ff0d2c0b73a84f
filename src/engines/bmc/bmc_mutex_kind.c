/* bmc_mutex_kind.c - which locks of the bounded program are of recursive
 * mutexes (PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP), so the encodings give
 * them an owner and a depth instead of the plain lock word.
 *
 * A lock is flagged RH_BMC_PF_RECURSIVE only when every object its address
 * may reach is a recursive mutex; a lock that may reach both kinds, a
 * recursive mutex inside a larger object, an error-checking one or one
 * re-initialised at run time is encoded as a plain mutex, whose relock
 * blocks, so that program gets no proof (its executions stay real).
 */
#include "bmc.h"
#include "bmc_region.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

enum { KIND_NORMAL, KIND_RECURSIVE, KIND_OTHER };

static int is_mutex_type(LLVMTypeRef t)
{
    const char *name = LLVMGetTypeKind(t) == LLVMStructTypeKind ? LLVMGetStructName(t) : NULL;
    return name && strstr(name, "pthread_mutex_t") != NULL;
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
    return v == 0 || v == 3 ? KIND_NORMAL : v == 1 ? KIND_RECURSIVE : KIND_OTHER;
}

/* Finds the mutexes with a non-plain initializer inside k; returns 1 when
 * k itself (the whole object) is one recursive mutex. */
static int scan_initializer(rh_bmc_ctx *c, LLVMValueRef k, int whole)
{
    if (LLVMIsNull(k))
        return 0;
    if (is_mutex_type(LLVMTypeOf(k))) {
        int kind = initializer_kind(k);
        if (kind == KIND_RECURSIVE && whole)
            return 1;
        if (kind != KIND_NORMAL)
            rh_bmc_unsupported(c, NULL, "a mutex with a static initializer other than a plain or a "
                                        "recursive one, or inside a larger object (modelled as a "
                                        "plain mutex)");
        return 0;
    }
    if (LLVMIsAConstantStruct(k) || LLVMIsAConstantArray(k))
        for (int i = 0; i < LLVMGetNumOperands(k); i++)
            scan_initializer(c, LLVMGetOperand(k, i), 0);
    return 0;
}

/* A re-initialisation (pthread_mutex_init, which leaves a plain mutex
 * unless given attributes) of a recursive mutex: every lock of it is then
 * encoded as a plain one, which explores fewer executions, never more. */
static void reinit(rh_bmc_ctx *c, rh_bmc_pos *p, char *recursive, int *objs)
{
    int n = 0, hit = 0;
    rh_bmc_objset(c, c->regions, p->addr, objs, &n);
    for (int k = 0; k < n; k++)
        if (recursive[objs[k]])
            recursive[objs[k]] = 0, hit = 1;
    if (hit)
        rh_bmc_unsupported(c, p->inst, "a re-initialised recursive mutex (modelled as a plain mutex)");
}

/* Flags a lock position whose objects are all recursive mutexes; one that
 * may reach some and something else costs the proof. */
static void classify(rh_bmc_ctx *c, rh_bmc_pos *p, char *recursive, int *objs)
{
    int n = 0, nrec = 0;
    rh_bmc_objset(c, c->regions, p->addr, objs, &n);
    for (int k = 0; k < n; k++)
        nrec += recursive[objs[k]];
    if (nrec == 0)
        return;
    /* a condition wait on a recursive mutex held more than once is undefined */
    int wait = p->what && strncmp(p->what, "wait:", 5) == 0;
    if (nrec == n && !wait && !(p->flags & RH_BMC_PF_SHARED))
        p->flags |= RH_BMC_PF_RECURSIVE;
    else
        rh_bmc_unsupported(c, p->inst, "a lock that may reach a recursive mutex and something else, "
                                       "or a condition wait on one (modelled as a plain mutex)");
}

/* Calls f on every reachable position of kind k. */
static void each_pos(rh_bmc_ctx *c, rh_bmc_pkind k, char *recursive, int *objs,
                     void (*f)(rh_bmc_ctx *, rh_bmc_pos *, char *, int *))
{
    for (int t = 0; t < c->nthreads; t++)
        for (int i = 0; i < c->threads[t].npos; i++) {
            rh_bmc_pos *p = &c->threads[t].pos[i];
            if (p->kind == k && p->addr && !rh_bmc_is_false(c, p->guard))
                f(c, p, recursive, objs);
        }
}

void rh_bmc_mutex_kinds(rh_bmc_ctx *c)
{
    char *recursive = rh_xcalloc((size_t)c->nobjs + 1, 1);
    int any = 0;
    for (LLVMValueRef g = LLVMGetFirstGlobal(c->prog->mod); g; g = LLVMGetNextGlobal(g)) {
        LLVMValueRef init = LLVMGetInitializer(g);
        if (!init || !scan_initializer(c, init, 1))
            continue;
        long o = rh_map_get_ptr(&c->objmap, g, -1);
        if (o >= 0 && o < c->regions->nobj)
            recursive[o] = 1, any = 1;
        else
            rh_bmc_unsupported(c, NULL, "a recursive mutex outside the bounded program's objects");
    }
    if (any) {
        int *objs = rh_xcalloc((size_t)c->regions->nobj + 1, sizeof *objs);
        each_pos(c, RH_BMC_P_SYNC_SET, recursive, objs, reinit);
        each_pos(c, RH_BMC_P_LOCK, recursive, objs, classify);
        each_pos(c, RH_BMC_P_UNLOCK, recursive, objs, classify);
        free(objs);
    }
    free(recursive);
}
