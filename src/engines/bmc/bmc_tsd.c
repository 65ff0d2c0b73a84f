/* bmc_tsd.c - thread-specific data (pthread_key_*, C11 tss_*) in the
 * bounded program.
 *
 * A key is a number: each key creation in the bounded program stores a
 * constant of its own (1, 2, ...) into the caller's key variable, a watched
 * write like any library write.  A thread's values are thread-private, so
 * they are not memory at all but SSA of the thread's walk, like its
 * registers: a set appends (path guard, key term, value) to the walk's
 * list, and a get is the value of the newest set on the path whose key
 * equals its own, NULL when there is none (every thread starts with NULL
 * for every key, also for keys created after it started).  Keys are never
 * reused, so a key created after a delete starts NULL everywhere too.
 *
 * Destructors: when a thread ends (returns from its start routine or calls
 * pthread_exit, not when main returns, which exits the process), a key's
 * destructor runs in that thread with the value, for values that are not
 * NULL; the slot is cleared first.  Encoded are destructors that are known
 * functions, one running destructor per thread exit, and not after
 * pthread_key_delete (a shadow word per key says it was deleted); a second
 * one (whose order the library chooses) and a destructor that stores a new
 * value (the library would run another round) end the path with a note,
 * and a key with a destructor created after the walk encoded the end of a
 * thread holding values (its destructor is missing there) gives up the
 * proof.
 */
#include "bmc_walk.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

#define MAX_KEYS 64 /* key creations per bounded program */

typedef struct rh_bmc_key {
    uint64_t id;
    LLVMValueRef destructor; /* a function with a body, or NULL */
    LLVMValueRef site;
} rh_bmc_key;

static void set_result(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, Z3_ast v)
{
    unsigned bits = rh_bmc_type_bits(w->c, LLVMTypeOf(call));
    if (bits && v)
        rh_bmc_state_set(st, call, rh_bmc_resize(w->c, v, bits, 0));
}

/* The thread's value for key now: the newest set whose key is equal. */
static Z3_ast tsd_value(rh_bmc_walk *w, Z3_ast key)
{
    rh_bmc_ctx *c = w->c;
    Z3_ast v = rh_bmc_bv(c, 0, c->aw);
    for (int i = 0; i < w->ntsd; i++) {
        rh_bmc_tsd_set *s = &w->tsd[i];
        Z3_ast same = rh_bmc_and(c, s->guard, rh_bmc_fold(c, Z3_mk_eq(c->z, s->key, key)));
        v = rh_bmc_ite(c, same, s->val, v);
    }
    return v;
}

static void tsd_store(rh_bmc_walk *w, Z3_ast guard, Z3_ast key, Z3_ast val)
{
    if (w->ntsd == w->tsd_cap) {
        w->tsd_cap = w->tsd_cap ? 2 * w->tsd_cap : 8;
        w->tsd = rh_xrealloc(w->tsd, (size_t)w->tsd_cap * sizeof *w->tsd);
    }
    w->tsd[w->ntsd++] = (rh_bmc_tsd_set){guard, key, val};
}

/* The destructor argument: NULL, or a function with a body. */
static int known_destructor(LLVMValueRef d, LLVMValueRef *fn)
{
    *fn = NULL;
    if (rh_model_null(d))
        return 1;
    while (d && LLVMIsAConstantExpr(d) && LLVMGetNumOperands(d) > 0)
        d = LLVMGetOperand(d, 0);
    if (!d || !LLVMIsAFunction(d) || LLVMIsDeclaration(d) || LLVMCountParams(d) != 1)
        return 0;
    *fn = d;
    return 1;
}

static int key_create(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, const rh_conc_entry *e)
{
    rh_bmc_ctx *c = w->c;
    Z3_ast out = rh_bmc_value(w, st, LLVMGetOperand(call, (unsigned)e->obj));
    LLVMValueRef d = NULL;
    if (!out || (e->fn < (int)LLVMGetNumArgOperands(call) &&
                 !known_destructor(LLVMGetOperand(call, (unsigned)e->fn), &d))) {
        rh_bmc_unsupported_kill(w, st, call, "a thread-specific data key whose destructor is not a known function");
        return 0;
    }
    if (c->nkeys == MAX_KEYS) {
        rh_bmc_unsupported_kill(w, st, call, "more thread-specific data keys than the bmc engine keeps");
        return 0;
    }
    if (!c->keys)
        c->keys = rh_xcalloc(MAX_KEYS, sizeof *c->keys);
    if (d && c->tsd_ended)
        rh_bmc_no_proof(c, call, "a thread-specific data key with a destructor created after a thread "
                                    "that holds values ended in the bounded program");
    rh_bmc_key *k = &c->keys[c->nkeys++];
    k->id = (uint64_t)c->nkeys, k->destructor = d, k->site = call;
    /* pthread_key_t and tss_t are unsigned int */
    int i = rh_bmc_emit(w, st, RH_BMC_P_STORE, call, "key create");
    rh_bmc_pos *p = rh_bmc_posp(w, i);
    p->addr = out;
    p->size = 4;
    p->len = rh_bmc_bv(c, 4, c->aw);
    p->val = rh_bmc_bv(c, k->id, 32);
    p->flags |= RH_BMC_PF_RACE;
    set_result(w, st, call, rh_bmc_bv(c, 0, 32));
    return 0;
}

int rh_bmc_call_tsd(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, const rh_conc_entry *e)
{
    rh_bmc_ctx *c = w->c;
    if (e->fn >= 0)
        return key_create(w, st, call, e);
    Z3_ast key = rh_bmc_value(w, st, LLVMGetOperand(call, (unsigned)e->obj));
    Z3_ast val = e->obj2 >= 0 ? rh_bmc_value(w, st, LLVMGetOperand(call, (unsigned)e->obj2)) : NULL;
    if (!key || (e->obj2 >= 0 && !val)) {
        rh_bmc_unsupported_kill(w, st, call, "thread-specific data the bmc engine cannot resolve");
        return 0;
    }
    key = rh_bmc_resize(c, key, 32, 0);
    if (e->obj2 < 0) {
        set_result(w, st, call, tsd_value(w, key));
        return 0;
    }
    if (!rh_bmc_is_false(c, st->guard))
        tsd_store(w, st->guard, key, rh_bmc_resize(c, val, c->aw, 0));
    set_result(w, st, call, rh_bmc_bv(c, 0, 32));
    return 0;
}

/* Where key k's "deleted" word lives: one shadow word per key, 2 once
 * pthread_key_delete ran (a destructor then no longer runs). */
static Z3_ast key_word(rh_bmc_ctx *c, Z3_ast key)
{
    if (!c->key_base)
        c->key_base = rh_bmc_alloc(c, RH_BMC_O_TSD_KEYS, 4 * (MAX_KEYS + 1), NULL);
    Z3_ast off = Z3_mk_bvmul(c->z, rh_bmc_resize(c, key, c->aw, 0), rh_bmc_bv(c, 4, c->aw));
    return rh_bmc_fold(c, Z3_mk_bvadd(c->z, rh_bmc_bv(c, c->key_base, c->aw), off));
}

void rh_bmc_tsd_delete(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call)
{
    rh_bmc_ctx *c = w->c;
    Z3_ast key = LLVMGetNumArgOperands(call) ? rh_bmc_value(w, st, LLVMGetOperand(call, 0)) : NULL;
    if (!key) {
        rh_bmc_unsupported_kill(w, st, call, "a thread-specific data key the bmc engine cannot resolve");
        return;
    }
    int i = rh_bmc_emit(w, st, RH_BMC_P_SYNC_SET, call, "key delete");
    rh_bmc_posp(w, i)->addr = key_word(c, rh_bmc_resize(c, key, 32, 0));
    rh_bmc_posp(w, i)->val = rh_bmc_bv(c, 2, 32);
    set_result(w, st, call, rh_bmc_bv(c, 0, 32));
}

/* Runs key k's destructor under st's guard when the value is not NULL and
 * the key was not deleted; st's guard becomes the paths that go on to the
 * thread's end. */
static int run_destructor(rh_bmc_walk *w, rh_bmc_state *st, const rh_bmc_key *k)
{
    rh_bmc_ctx *c = w->c;
    Z3_ast key = rh_bmc_bv(c, k->id, 32), v = tsd_value(w, key);
    Z3_ast runs = rh_bmc_and(c, st->guard, rh_bmc_nonzero(c, v));
    if (rh_bmc_is_false(c, runs))
        return 0;
    /* reads the deleted word (a once-try leaves 2 alone) */
    Z3_ast g = st->guard;
    st->guard = runs;
    int i = rh_bmc_emit(w, st, RH_BMC_P_ONCE_TRY, NULL, "key deleted?");
    rh_bmc_pos *p = rh_bmc_posp(w, i);
    p->addr = key_word(c, key);
    p->out = rh_bmc_fresh(c, "keydel", 32);
    runs = rh_bmc_and(c, runs, rh_bmc_not(c, Z3_mk_eq(c->z, p->out, rh_bmc_bv(c, 2, 32))));
    Z3_ast skip = rh_bmc_and(c, g, rh_bmc_not(c, runs));
    tsd_store(w, runs, key, rh_bmc_bv(c, 0, c->aw)); /* cleared before the call */
    int before = w->ntsd;
    Z3_ast exits = w->exit_guard, ret;
    w->exit_guard = rh_bmc_false(c);
    st->guard = runs;
    Z3_ast args[1] = {v};
    int rc = rh_bmc_inline(w, st, k->destructor, args, 1, &ret);
    if (rc)
        return rc;
    /* pthread_exit inside a destructor ends it like a return */
    Z3_ast done = rh_bmc_or(c, st->guard, w->exit_guard);
    w->exit_guard = exits;
    if (w->ntsd > before) {
        /* the destructor stored values: the library would run another round */
        st->guard = done;
        rh_bmc_unsupported_kill(w, st, NULL, "a thread-specific data destructor that stores a value "
                                             "(the library runs the destructors again)");
        done = rh_bmc_false(c);
    }
    st->guard = rh_bmc_or(c, skip, done);
    return 0;
}

/* Bool: two keys with destructors hold values (the library chooses the
 * order of their destructors). */
static Z3_ast two_destructors(rh_bmc_walk *w)
{
    rh_bmc_ctx *c = w->c;
    Z3_ast one = rh_bmc_false(c), two = rh_bmc_false(c);
    for (int j = 0; j < c->nkeys; j++) {
        if (!c->keys[j].destructor)
            continue;
        Z3_ast held = rh_bmc_nonzero(c, tsd_value(w, rh_bmc_bv(c, c->keys[j].id, 32)));
        two = rh_bmc_or(c, two, rh_bmc_and(c, one, held));
        one = rh_bmc_or(c, one, held);
    }
    return two;
}

int rh_bmc_tsd_exit(rh_bmc_walk *w, rh_bmc_state *st)
{
    rh_bmc_ctx *c = w->c;
    int rc = 0;
    if (w->ntsd && !rh_bmc_is_false(c, st->guard)) {
        /* a key with a destructor created by a thread walked later makes
         * this end incomplete: key_create then gives up the proof */
        c->tsd_ended = 1;
        Z3_ast g = st->guard, two = two_destructors(w);
        st->guard = rh_bmc_and(c, g, two);
        rh_bmc_unsupported_kill(w, st, NULL, "two thread-specific data destructors run at one thread's "
                                             "end (the library chooses their order)");
        st->guard = rh_bmc_and(c, g, rh_bmc_not(c, two));
        for (int j = 0, n = c->nkeys; j < n && !rc; j++)
            if (c->keys[j].destructor)
                rc = run_destructor(w, st, &c->keys[j]);
    }
    free(w->tsd);
    w->tsd = NULL;
    w->ntsd = w->tsd_cap = 0;
    return rc;
}

void rh_bmc_tsd_free(rh_bmc_ctx *c)
{
    free(c->keys);
    c->keys = NULL;
    c->nkeys = 0;
}
