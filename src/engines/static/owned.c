/* owned.c - objects owned by one thread instance: an address that never
 * leaves the SSA values of the thread that made it (see owned.h).
 */
#include "owned.h"
#include "cfg.h"
#include "model/libspec.h"

#include <stdlib.h>
#include <string.h>

#define MAX_VALUES 4096 /* values one walk follows before it calls the object escaped */

typedef struct walk {
    rh_static *s;
    rh_map seen;
    RH_VEC(LLVMValueRef) work;
    LLVMValueRef ret_ok;   /* a function whose returns hand the block to its caller (a wrapper) */
    LLVMValueRef root_fn;  /* (b): the creating function */
    int handoff;           /* (b): one start argument of a create in root_fn is allowed */
    LLVMValueRef create;   /* (b): that create */
    RH_VEC(LLVMValueRef) top; /* (b): instructions of root_fn using a tracked value */
    RH_VEC(LLVMValueRef) toint; /* addresses turned integers */
    int nseen;
} walk;

static void track(walk *w, LLVMValueRef v)
{
    if (rh_map_get_ptr(&w->seen, v, 0))
        return;
    rh_map_put_ptr(&w->seen, v, 1);
    w->nseen++;
    rh_vec_push(&w->work, v);
}

static int function_of(const rh_static *s, LLVMValueRef inst)
{
    return rh_pt_func_index(&s->pt, LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst)));
}

/* Whether some effect of the row names argument k: the library reads or
 * writes it during the call (sigaction copies *act), so keeps nothing. */
static int effect_names(const rh_effect *ef, int n, int k)
{
    for (int i = 0; i < n; i++)
        if (ef[i].arg == k || (ef[i].rest && k > ef[i].arg))
            return 1;
    return 0;
}

/* Whether a call that stores pointers through argument ef->arg (strtol's
 * end, strtok_r's save pointer, getline's buffer) may store one to the
 * tracked argument k: it stores into its other arguments or new objects,
 * so only when k is not its destination (a null destination stores
 * nothing).  No library function stores the address of its out-parameter
 * into that out-parameter. */
static int pointer_stored(walk *w, LLVMValueRef call, const rh_effect *ef, int k)
{
    unsigned nargs = (unsigned)LLVMGetNumArgOperands(call);
    if (ef->rest || ef->arg >= (int)nargs)
        return 1;
    LLVMValueRef dst = LLVMGetOperand(call, (unsigned)ef->arg);
    if (LLVMIsAConstantPointerNull(dst))
        return 0;
    if (ef->arg != k)
        return 1;
    for (unsigned i = 0; i < nargs; i++) /* the stored pointer may point into any other argument */
        if ((int)i != k && rh_map_get_ptr(&w->seen, LLVMGetOperand(call, i), 0))
            return 1;
    return 0;
}

/* A library call given a tracked value as argument k: 0 keeps nothing,
 * 1 escapes, 2 returns a pointer into it (tracked too). */
static int library_use(walk *w, LLVMValueRef call, const rh_conc_entry *e, int k)
{
    switch (e->op) {
    case RH_OP_THREAD_CREATE:
        if (k == e->obj)
            return 0;
        if (k == e->obj2 && w->handoff && !w->create &&
            LLVMGetBasicBlockParent(LLVMGetInstructionParent(call)) == w->root_fn) {
            w->create = call;
            return 0;
        }
        return 1;
    case RH_OP_FREE:
        return k == e->obj ? 0 : 1;
    case RH_OP_REALLOC:
        return k == e->obj ? 2 : 1;
    case RH_OP_LOCK_INIT: case RH_OP_LOCK_DESTROY: case RH_OP_LOCK: case RH_OP_UNLOCK:
    case RH_OP_COND_SIGNAL: case RH_OP_COND_BROADCAST: case RH_OP_BARRIER_INIT: case RH_OP_BARRIER_WAIT:
    case RH_OP_SEM_INIT: case RH_OP_SEM_WAIT: case RH_OP_SEM_POST:
        return k == e->obj ? 0 : 1;
    case RH_OP_COND_WAIT:
        return k == e->obj || k == e->obj2 ? 0 : 1;
    case RH_OP_MEMORY: case RH_OP_PURE:
        break;
    default:
        return 1;
    }
    const rh_libspec_row *row = rh_libspec_of(e);
    if (row && row->container != RH_CT_NONE) /* keeps what it is given; a list call returns its nodes */
        return k > 0 ? 1 : row->container == RH_CT_LIST_ADD || row->container == RH_CT_LIST_WALK ? 2 : 0;
    rh_effect ef[RH_MAX_EFFECTS];
    int n = rh_libspec_effects(e, ef);
    for (int i = 0; i < n; i++)
        if (ef[i].ptrs && pointer_stored(w, call, &ef[i], k))
            return 1;
    if ((e->flags & RH_F_CALLBACK) || ((e->flags & RH_F_KEEPS) && k == e->obj2) ||
        ((e->flags & (RH_F_REGISTER | RH_F_NOTIFY)) && !effect_names(ef, n, k)))
        return 1;
    return k == e->obj && LLVMGetTypeKind(LLVMTypeOf(call)) == LLVMPointerTypeKind ? 2 : 0;
}

/* Intrinsics that only touch the memory they are given. */
static int harmless_intrinsic(const char *name)
{
    static const char *const ok[] = {"llvm.lifetime.", "llvm.dbg.", "llvm.memcpy.", "llvm.memmove.",
                                     "llvm.memset.", "llvm.va_start", "llvm.va_end", "llvm.va_copy",
                                     "llvm.invariant.", "llvm.assume", "llvm.prefetch"};
    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++)
        if (!strncmp(name, ok[i], strlen(ok[i])))
            return 1;
    return 0;
}

/* Whether a library call given a va_list keeps nothing of it
 * (vsnprintf, vfprintf, vsyslog). */
static int va_list_consumer(walk *w, LLVMValueRef call, LLVMValueRef v)
{
    const rh_conc_entry *e = rh_model_call_entry(w->s->p, call);
    if (!e || (e->op != RH_OP_MEMORY && e->op != RH_OP_PURE) ||
        (e->flags & (RH_F_CALLBACK | RH_F_KEEPS | RH_F_REGISTER | RH_F_NOTIFY)) || LLVMGetCalledValue(call) == v)
        return 0;
    rh_effect ef[RH_MAX_EFFECTS];
    int n = rh_libspec_effects(e, ef);
    for (int i = 0; i < n; i++)
        if (ef[i].ptrs)
            return 0;
    return 1;
}

static int called_is(LLVMValueRef in, const char *prefix)
{
    LLVMValueRef c = LLVMIsACallInst(in) ? rh_model_called_function(in) : NULL;
    size_t len;
    return c && !strncmp(LLVMGetValueName2(c, &len), prefix, strlen(prefix));
}

/* Whether every use of va_list address v (through casts, decays, program
 * functions taking a va_list and va_copy into another va_list) starts,
 * ends or copies it or hands it to a library call that keeps nothing. */
static int va_list_ok(walk *w, LLVMValueRef v, int depth)
{
    if (depth > 4)
        return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsAGetElementPtrInst(user) || LLVMIsABitCastInst(user)) {
            if (LLVMGetOperand(user, 0) != v || !va_list_ok(w, user, depth + 1))
                return 0;
            continue;
        }
        if (!LLVMIsACallInst(user) || LLVMGetCalledValue(user) == v)
            return 0;
        if (called_is(user, "llvm.va_start") || called_is(user, "llvm.va_end") ||
            called_is(user, "llvm.lifetime.") || called_is(user, "llvm.dbg."))
            continue;
        if (called_is(user, "llvm.va_copy")) { /* the copy must obey the same rules */
            LLVMValueRef dst = LLVMGetOperand(user, 0), base = dst;
            if (dst == v)
                continue; /* copied into */
            while (LLVMIsAGetElementPtrInst(base) || LLVMIsABitCastInst(base))
                base = LLVMGetOperand(base, 0);
            if (!LLVMIsAAllocaInst(base) || !va_list_ok(w, base, depth + 1))
                return 0;
            continue;
        }
        LLVMValueRef callee = rh_model_called_function(user);
        int ci = rh_pt_func_index(&w->s->pt, callee);
        if (ci < 0) {
            if (!callee || !va_list_consumer(w, user, v))
                return 0;
            continue;
        }
        for (unsigned k = 0; k < (unsigned)LLVMGetNumArgOperands(user); k++)
            if (LLVMGetOperand(user, k) == v &&
                (k >= LLVMCountParams(callee) || !va_list_ok(w, LLVMGetParam(callee, k), depth + 1)))
                return 0;
    }
    return 1;
}

/* Whether a variadic program function reads its variadic arguments only
 * by handing its va_list to library calls that keep nothing (a logging
 * function around vsnprintf, also through helpers taking the va_list): a
 * pointer passed to it escapes no further.  (clang reads va_arg through
 * loads of the va_list, which are refused.) */
static int varargs_only_formatted(walk *w, LLVMValueRef fn)
{
    int found = 0;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef in = LLVMGetFirstInstruction(b); in; in = LLVMGetNextInstruction(in))
            if (called_is(in, "llvm.va_start")) {
                LLVMValueRef base = LLVMGetOperand(in, 0);
                while (LLVMIsAGetElementPtrInst(base) || LLVMIsABitCastInst(base))
                    base = LLVMGetOperand(base, 0);
                if (!LLVMIsAAllocaInst(base) || !va_list_ok(w, base, 0))
                    return 0;
                found = 1;
            }
    return found;
}

/* Follows argument k of a call of a program function into its parameter. */
static int into_callee(walk *w, LLVMValueRef fn, unsigned k)
{
    if (k >= LLVMCountParams(fn)) /* a variadic argument: read back through memory */
        return !LLVMIsFunctionVarArg(LLVMGlobalGetValueType(fn)) || !varargs_only_formatted(w, fn);
    track(w, LLVMGetParam(fn, k));
    return 0;
}

/* A call using tracked value v; 1 when v escapes. */
static int call_use(walk *w, LLVMValueRef call, LLVMValueRef v)
{
    rh_static *s = w->s;
    if (LLVMGetCalledValue(call) == v)
        return 1;
    LLVMValueRef callee = rh_model_called_function(call);
    size_t len;
    const char *name = callee ? LLVMGetValueName2(callee, &len) : NULL;
    if (name && !strncmp(name, "llvm.", 5))
        return !harmless_intrinsic(name);
    const rh_conc_entry *e = rh_model_call_entry(s->p, call);
    int f = function_of(s, call);
    unsigned nargs = (unsigned)LLVMGetNumArgOperands(call);
    for (unsigned k = 0; k < nargs; k++) {
        if (LLVMGetOperand(call, k) != v)
            continue;
        if (e) {
            int r = library_use(w, call, e, (int)k);
            if (r == 1)
                return 1;
            if (r == 2)
                track(w, call);
            continue;
        }
        int ci = rh_pt_func_index(&s->pt, callee);
        if (ci >= 0) {
            if (into_callee(w, callee, k))
                return 1;
            continue;
        }
        const rh_tg_edge *ed = f >= 0 ? rh_tg_edge_of(&s->tg, f, call) : NULL;
        if (callee || !ed || ed->unresolved || ed->kind != RH_TG_CALL)
            return 1; /* an unknown external function, or an unresolved pointer */
        for (int i = 0; i < ed->ntargets; i++)
            if (into_callee(w, s->p->funcs[ed->targets[i]].fn, k))
                return 1;
    }
    return 0;
}

/* Whether an address turned integer is only subtracted from another
 * address of the object (p - start): the difference is no address. */
static int only_differences(walk *w, LLVMValueRef toint)
{
    for (LLVMUseRef u = LLVMGetFirstUse(toint); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef sub = LLVMGetUser(u);
        if (!LLVMIsAInstruction(sub) || LLVMGetInstructionOpcode(sub) != LLVMSub)
            return 0;
        for (unsigned i = 0; i < 2; i++) {
            LLVMValueRef x = LLVMGetOperand(sub, i);
            if (!LLVMIsAInstruction(x) || LLVMGetInstructionOpcode(x) != LLVMPtrToInt ||
                !rh_map_get_ptr(&w->seen, LLVMGetOperand(x, 0), 0))
                return 0;
        }
    }
    return 1;
}

/* One user of tracked value v; 1 when v escapes through it. */
static int use_escapes(walk *w, LLVMValueRef user, LLVMValueRef v)
{
    if (!LLVMIsAInstruction(user))
        return 1;
    if (w->root_fn && LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)) == w->root_fn)
        rh_vec_push(&w->top, user);
    switch (LLVMGetInstructionOpcode(user)) {
    case LLVMLoad:
    case LLVMICmp:
        return 0;
    case LLVMStore:
        return LLVMGetOperand(user, 0) == v;
    case LLVMAtomicRMW:
    case LLVMAtomicCmpXchg:
        for (int i = 1; i < LLVMGetNumOperands(user); i++)
            if (LLVMGetOperand(user, (unsigned)i) == v)
                return 1;
        return 0;
    case LLVMGetElementPtr:
        if (LLVMGetOperand(user, 0) != v)
            return 1;
        track(w, user);
        return 0;
    case LLVMPHI:
    case LLVMSelect:
        if (w->root_fn && LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)) == w->root_fn)
            return 1; /* (b): a block carried over to another iteration */
        if (LLVMGetInstructionOpcode(user) == LLVMSelect && LLVMGetOperand(user, 0) == v)
            return 1;
        track(w, user);
        return 0;
    case LLVMBitCast:
    case LLVMAddrSpaceCast:
        track(w, user);
        return 0;
    case LLVMPtrToInt: /* judged once every derived value is known (walk_escapes) */
        rh_vec_push(&w->toint, user);
        return 0;
    case LLVMRet:
        return LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)) != w->ret_ok;
    case LLVMCall:
        return call_use(w, user, v);
    default:
        return 1;
    }
}

/* Walks every value derived from root; 1 when one escapes. */
static int walk_escapes(walk *w, LLVMValueRef root)
{
    track(w, root);
    while (w->work.len) {
        LLVMValueRef v = w->work.items[--w->work.len];
        if (w->nseen > MAX_VALUES)
            return 1;
        for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u))
            if (use_escapes(w, LLVMGetUser(u), v))
                return 1;
    }
    for (size_t i = 0; i < w->toint.len; i++)
        if (!only_differences(w, w->toint.items[i]))
            return 1;
    return 0;
}

static void walk_reset(walk *w)
{
    rh_map_free(&w->seen);
    rh_vec_free(&w->work);
    rh_vec_free(&w->top);
    rh_vec_free(&w->toint);
    rh_static *s = w->s;
    memset(w, 0, sizeof *w);
    w->s = s;
}

/* The block a wrapper call hands back is its own site's: what the
 * wrapper does to it must not let it escape either. */
static int wrapper_escapes(walk *w, LLVMValueRef call, int depth)
{
    int ci = rh_pt_func_index(&w->s->pt, rh_model_called_function(call));
    if (ci < 0)
        return 0;
    LLVMValueRef inner = w->s->pt.wrapper_site ? w->s->pt.wrapper_site[ci] : NULL;
    if (!inner || depth > 8)
        return 1;
    walk iw = {.s = w->s, .ret_ok = w->s->p->funcs[ci].fn};
    int esc = walk_escapes(&iw, inner) || wrapper_escapes(&iw, inner, depth + 1);
    walk_reset(&iw);
    return esc;
}

int rh_owned_fresh_site(rh_static *s, LLVMValueRef site)
{
    if (!LLVMIsACallInst(site))
        return 0;
    const rh_conc_entry *e = rh_model_call_entry(s->p, site);
    if (e)
        return e->op == RH_OP_ALLOC || e->op == RH_OP_CALLOC;
    int ci = rh_pt_func_index(&s->pt, rh_model_called_function(site));
    return ci >= 0 && s->pt.wrapper_site && s->pt.wrapper_site[ci];
}

static int in_uses(LLVMValueRef in, void *uses)
{
    return rh_map_get_ptr(uses, in, 0) != 0;
}

/* Whether some instruction of `uses` may run after `from` (exclusive)
 * before `site` runs again, inside their one function. */
static int reached_before_site(LLVMValueRef from, LLVMValueRef site, rh_map *uses)
{
    return rh_cfg_reaches_before(from, site, NULL, in_uses, uses);
}

/* (b): the threads the create starts keep their argument to themselves. */
static int start_args_owned(rh_static *s, LLVMValueRef create)
{
    int found = 0;
    for (int t = 1; t < s->tg.nthreads; t++) {
        if (s->tg.threads[t].create != create)
            continue;
        if (s->tg.threads[t].async)
            return 0;
        found = 1;
        LLVMValueRef fn = s->p->funcs[s->tg.threads[t].func].fn;
        if (!LLVMCountParams(fn))
            continue;
        walk tw = {.s = s};
        int esc = walk_escapes(&tw, LLVMGetParam(fn, 0));
        walk_reset(&tw);
        if (esc)
            return 0;
    }
    return found;
}

/* (b) for a heap site whose block leaves only through one create. */
static int handed_to_one_thread(rh_static *s, LLVMValueRef site)
{
    walk w = {.s = s, .handoff = 1, .root_fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(site))};
    int ok = !walk_escapes(&w, site) && w.create && !wrapper_escapes(&w, site, 0);
    if (ok) {
        rh_map uses = {0};
        for (size_t i = 0; i < w.top.len; i++)
            rh_map_put_ptr(&uses, w.top.items[i], 1);
        ok = !reached_before_site(w.create, site, &uses) && start_args_owned(s, w.create);
        rh_map_free(&uses);
    }
    walk_reset(&w);
    return ok;
}

static int owned(rh_static *s, const rh_pt_object *ob)
{
    if (ob->kind == RH_PT_LOCAL && LLVMIsAAllocaInst(ob->site)) {
        walk w = {.s = s};
        int esc = walk_escapes(&w, ob->site);
        walk_reset(&w);
        return !esc;
    }
    if (ob->kind != RH_PT_HEAP || !rh_owned_fresh_site(s, ob->site))
        return 0;
    walk w = {.s = s};
    int esc = walk_escapes(&w, ob->site) || wrapper_escapes(&w, ob->site, 0);
    walk_reset(&w);
    return !esc || handed_to_one_thread(s, ob->site);
}

void rh_owned_unshare(rh_static *s)
{
    int n = 0;
    for (int o = 0; o < s->pt.nobjs; o++)
        if (s->shared[o] && !s->pt.objs[o].thread_local_ && owned(s, &s->pt.objs[o]))
            s->shared[o] = 0, n++;
    rh_result_stat(s->res, "static.owned_objects", n);
}
