/* bmc_named.c - named semaphores (sem_open, sem_unlink) and happens-before
 * annotations in the bounded program.
 *
 * Named semaphores.  Names are the string constants at the calls (a name
 * built at run time ends the path with a note).  Each name has a table word
 * in memory holding the semaphore the name denotes now (0: none): sem_open
 * with O_CREAT makes a new semaphore when there is none, with the initial
 * value of its call, and otherwise returns the named one; sem_unlink clears
 * the word, so a later sem_open makes a new semaphore while earlier handles
 * keep theirs.  The three steps of a sem_open are one atomic block.  Like
 * every pthread call, sem_open is assumed to succeed (the static engine's
 * and bmc's stated assumption): O_EXCL on an existing name and a name
 * without O_CREAT that does not exist are paths that do not happen.  A
 * semaphore another process left behind under the name (which sem_open
 * without O_EXCL may open, with any value) is not modelled, so such a call
 * gives up the proof.  sem_close does not synchronise (a pure call).
 *
 * Annotations (AnnotateHappensBefore/After, __tsan_release/acquire) are
 * positions of their own that only the race monitor reads (bmc_sched.c).
 */
#include "bmc_walk.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

#define SEM_SIZE 32     /* sizeof(sem_t) on the targets racehunt supports */
#define LINUX_O_CREAT 0100
#define LINUX_O_EXCL 0200

typedef struct rh_bmc_named {
    char *name;
    uint64_t word; /* the table word: the semaphore the name denotes, or 0 */
} rh_bmc_named;

static uint64_t name_word(rh_bmc_ctx *c, const char *name)
{
    for (int i = 0; i < c->nnamed; i++)
        if (strcmp(c->named[i].name, name) == 0)
            return c->named[i].word;
    c->named = rh_xrealloc(c->named, (size_t)(c->nnamed + 1) * sizeof *c->named);
    rh_bmc_named *n = &c->named[c->nnamed++];
    n->name = rh_xstrdup(name);
    n->word = rh_bmc_alloc(c, RH_BMC_O_NAMED_SEM_TABLE, 8, NULL);
    return n->word;
}

/* The string constant argument k of call, or NULL. */
static const char *const_name(LLVMValueRef call, unsigned k)
{
    return k < LLVMGetNumArgOperands(call) ? rh_model_const_string(LLVMGetOperand(call, k)) : NULL;
}

/* Appends a position of kind k at addr that the monitor does not watch. */
static rh_bmc_pos *emit_at(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, rh_bmc_pkind k,
                           Z3_ast addr, const char *what)
{
    rh_bmc_pos *p = rh_bmc_posp(w, rh_bmc_emit(w, st, k, call, what));
    p->addr = addr;
    p->size = w->c->aw / 8;
    p->len = rh_bmc_bv(w->c, p->size, w->c->aw);
    return p;
}

void rh_bmc_call_sem_open(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, const rh_conc_entry *e)
{
    rh_bmc_ctx *c = w->c;
    const char *name = const_name(call, 0);
    LLVMValueRef fl = LLVMGetNumArgOperands(call) > 1 ? LLVMGetOperand(call, 1) : NULL;
    if (!name || !fl || !LLVMIsAConstantInt(fl)) {
        rh_bmc_unsupported_kill(w, st, call, "a sem_open whose name or flags are not constants");
        return;
    }
    unsigned long long flags = LLVMConstIntGetZExtValue(fl);
    int creat = (flags & LINUX_O_CREAT) != 0, excl = creat && (flags & LINUX_O_EXCL);
    Z3_ast value = creat && e->size >= 0 && e->size < (int)LLVMGetNumArgOperands(call)
                       ? rh_bmc_value(w, st, LLVMGetOperand(call, (unsigned)e->size)) : NULL;
    if (creat && !value) {
        rh_bmc_unsupported_kill(w, st, call, "a sem_open without a known initial value");
        return;
    }
    if (!excl)
        rh_bmc_no_proof(c, call, "a sem_open without O_EXCL (it may open a semaphore another "
                                    "process left behind, with any value)");
    Z3_ast word = rh_bmc_bv(c, name_word(c, name), c->aw);
    Z3_ast fresh = rh_bmc_bv(c, rh_bmc_alloc(c, RH_BMC_O_NAMED_SEM, SEM_SIZE, NULL), c->aw);
    rh_bmc_pos *p = emit_at(w, st, call, RH_BMC_P_LOAD, word, "sem_open: look up the name");
    p->val = rh_bmc_fresh(c, "named", c->aw);
    p->flags |= RH_BMC_PF_NOSWITCH;
    rh_map_put_ptr(&c->ptrvars, p->val, 1);
    Z3_ast cur = p->val, none = Z3_mk_eq(c->z, cur, rh_bmc_bv(c, 0, c->aw));
    /* success assumed: O_EXCL needs no semaphore of that name, no O_CREAT one */
    if (excl || !creat) {
        int i = rh_bmc_emit(w, st, RH_BMC_P_ASSUME, call, "sem_open succeeds");
        rh_bmc_posp(w, i)->cond = excl ? none : rh_bmc_not(c, none);
        rh_bmc_posp(w, i)->flags |= creat ? RH_BMC_PF_NOSWITCH : 0; /* the last of the block */
    }
    Z3_ast g = st->guard;
    if (creat) {
        st->guard = rh_bmc_and(c, g, none);
        p = emit_at(w, st, call, RH_BMC_P_SYNC_SET, fresh, "sem_open: create");
        p->val = rh_bmc_resize(c, value, 32, 0);
        p->flags |= RH_BMC_PF_NOSWITCH;
        p = emit_at(w, st, call, RH_BMC_P_STORE, word, "sem_open: name it");
        p->val = fresh;
        st->guard = g;
    }
    Z3_ast r = creat ? rh_bmc_ite(c, none, fresh, cur) : cur;
    unsigned bits = rh_bmc_type_bits(c, LLVMTypeOf(call));
    if (bits)
        rh_bmc_state_set(st, call, rh_bmc_resize(c, r, bits, 0));
}

void rh_bmc_call_sem_unlink(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call)
{
    rh_bmc_ctx *c = w->c;
    const char *name = const_name(call, 0);
    if (!name) {
        rh_bmc_unsupported_kill(w, st, call, "a sem_unlink whose name is not a constant");
        return;
    }
    rh_bmc_pos *p = emit_at(w, st, call, RH_BMC_P_STORE, rh_bmc_bv(c, name_word(c, name), c->aw),
                            "sem_unlink");
    p->val = rh_bmc_bv(c, 0, c->aw);
    unsigned bits = rh_bmc_type_bits(c, LLVMTypeOf(call));
    if (bits)
        rh_bmc_state_set(st, call, rh_bmc_bv(c, 0, bits));
}

void rh_bmc_named_free(rh_bmc_ctx *c)
{
    for (int i = 0; i < c->nnamed; i++)
        free(c->named[i].name);
    free(c->named);
    c->named = NULL;
    c->nnamed = 0;
}

void rh_bmc_call_hb(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, const rh_conc_entry *e)
{
    rh_bmc_ctx *c = w->c;
    Z3_ast a = e->obj >= 0 && e->obj < (int)LLVMGetNumArgOperands(call)
                   ? rh_bmc_value(w, st, LLVMGetOperand(call, (unsigned)e->obj)) : NULL;
    if (!a) {
        rh_bmc_unsupported_kill(w, st, call, "a happens-before annotation on an unknown address");
        return;
    }
    int rel = e->op == RH_OP_HB_RELEASE;
    rh_bmc_pos *p = rh_bmc_posp(w, rh_bmc_emit(w, st, RH_BMC_P_HB, call, rel ? "hb release" : "hb acquire"));
    p->addr = rh_bmc_resize(c, a, c->aw, 0);
    p->flags |= rel ? RH_BMC_PF_RELEASE : 0;
    c->hb++;
}
