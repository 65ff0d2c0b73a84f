/* race_pairs.c - clusters accesses by object and checks every pair of each
 * cluster against the may- and must-race conditions (see race_pairs.h).
 */
#include "race_pairs.h"
#include "annotations.h"
#include "barrier_phases.h"
#include "record_joins.h"
#include "arg_blocks.h"
#include "loc_model.h"
#include "mhp.h"
#include "must_race.h"
#include "own_index.h"
#include "forwarded_args.h"
#include "joined_elements.h"
#include "field_ptrs.h"
#include "flag_order.h"
#include "fresh_pairs.h"
#include "linear_moves.h"
#include "refcount_free.h"
#include "sem_order.h"
#include "sym_locks.h"
#include "model/src_names.h"
#include "result/names.h"

#include <stdlib.h>
#include <string.h>

#define WHOLE_LO (INT64_MIN / 4)
#define WHOLE_HI (INT64_MAX / 4)

typedef struct acc_ref {
    int a;
    int t; /* the one thread this reference is for, -1 for all threads running the access */
    int64_t lo, hi; /* byte range inside the object */
    int solo;       /* the one single-instance thread that runs it, or -1 */
} acc_ref;

typedef RH_VEC(acc_ref) ref_vec;

typedef struct cand {
    int a1, a2, t1, t2;
    uint32_t obj;
    int64_t lo, hi;
    int must;
} cand;

/* --may lists at most this many possible races per location (object and
 * byte range), so that one location with thousands of pairs (a sink of
 * imprecise pointers) cannot hide the others, and at most
 * RH_STATIC_MAX_MAY in all (a report nobody reads past that, and its JSON
 * must reach the portfolio before the deadline). */
#define RH_STATIC_MAX_MAY_PER_LOC 200
#define RH_STATIC_MAX_MAY 10000

typedef struct pairs {
    rh_static *s;
    ref_vec *by_obj;
    RH_VEC(cand) cands;
    rh_map by_key; /* hash of the two source locations -> candidate */
    rh_map decided; /* access pairs already a candidate on some object */
    int proof_lost;    /* race freedom can no longer be proved: only must-races matter */
    int may_capped;    /* --may found RH_STATIC_MAX_MAY possible races and stopped looking */
    rh_map per_loc; /* location key -> possible races found there (--may) */
    rh_map vol;     /* location key -> whether every access there is a volatile scalar */
    int locs_capped;   /* locations that reached RH_STATIC_MAX_MAY_PER_LOC */
    unsigned char *must_part; /* per access: may be part of a must-race */
    unsigned long polls;      /* work done, for polling the budget: a pair skipped on */
    unsigned long next_poll;  /* sight counts 1, a pair checked RH_CHECKED_PAIR_COST */
    rh_fresh *fresh;          /* accesses through their own frame's allocation (fresh_pairs.c) */
    rh_lm *linear;            /* accesses through blocks popped from a locked list (linear_moves.c) */
} pairs;

#define RH_CHECKED_PAIR_COST 16 /* see check_refs */
#define MAX_CALLERS 64  /* per-thread parameter targets: call sites looked at */
#define MAX_PER_THREAD 8 /* threads an access is split over */

/* The parameter ptr is plus constant GEPs and casts (*off), or NULL. */
static LLVMValueRef param_of(rh_static *s, LLVMValueRef v, int64_t *off)
{
    *off = 0;
    for (int d = 0; d < 16 && LLVMIsAInstruction(v); d++) {
        LLVMOpcode op = LLVMGetInstructionOpcode(v);
        int64_t o;
        if (op == LLVMGetElementPtr && rh_pt_gep_offset(&s->pt, v, &o))
            *off += o;
        else if (op != LLVMBitCast && op != LLVMAddrSpaceCast)
            return NULL;
        v = LLVMGetOperand(v, 0);
    }
    return LLVMIsAArgument(v) ? v : NULL;
}

/* What parameter prm may point to when thread t runs its function: the
 * union over the direct calls in functions t runs (a context-insensitive
 * parameter merges every thread's arguments: init(p) called by two
 * threads on their own blocks); an argument that is itself a parameter of
 * the caller is followed back to the caller's callers the same way.  0
 * when a function on the way may be entered otherwise (through a pointer,
 * as a thread or once routine). */
#define MAX_PARAM_DEPTH 4 /* parameters passed on as arguments: callers followed back */

static int thread_param_targets(rh_static *s, LLVMValueRef prm, int t, int64_t off, rh_sset *out, int depth)
{
    LLVMValueRef fn = LLVMGetParamParent(prm);
    unsigned idx = 0, n = 0;
    while (idx < LLVMCountParams(fn) && LLVMGetParam(fn, idx) != prm)
        idx++;
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u), n++) {
        LLVMValueRef call = LLVMGetUser(u);
        if (n >= MAX_CALLERS || !LLVMIsACallInst(call) || LLVMGetCalledValue(call) != fn ||
            idx >= (unsigned)LLVMGetNumArgOperands(call))
            return 0;
        int cf = rh_pt_func_index(&s->pt, LLVMGetBasicBlockParent(LLVMGetInstructionParent(call)));
        if (cf < 0)
            return 0;
        if (!s->tg.threads[t].reach[cf])
            continue;
        int64_t aoff;
        LLVMValueRef arg = LLVMGetOperand(call, idx), aprm = param_of(s, arg, &aoff);
        if (!aprm || depth >= MAX_PARAM_DEPTH || aoff + off <= RH_PT_ANY || aoff + off >= INT32_MAX)
            rh_pt_union_shift(out, rh_pt_of(&s->pt, arg), (int32_t)off);
        else if (!thread_param_targets(s, aprm, t, aoff + off, out, depth + 1)) /* the caller's own parameter */
            return 0;
    }
    return 1;
}

/* Whether access a has targets of its own per thread running it. */
static int split_by_thread(rh_static *s, int a, int t)
{
    int64_t off;
    return rh_own_thread_arg(s, &s->p->accesses[a], t, &off) || param_of(s, s->p->accesses[a].ptr, &off);
}

static void targets_of(rh_static *s, int a, int t, rh_sset *out)
{
    const rh_access *ac = &s->p->accesses[a];
    int64_t off;
    LLVMValueRef prm;
    rh_sset_clear(out);
    if (t >= 0 && s->tg.threads[t].create_arg && rh_own_thread_arg(s, ac, t, &off)) {
        rh_pt_union_shift(out, rh_pt_of(&s->pt, s->tg.threads[t].create_arg), (int32_t)off);
    } else if (!(t >= 0 && (prm = param_of(s, ac->ptr, &off)) && off > RH_PT_ANY && off < INT32_MAX &&
                 thread_param_targets(s, prm, t, off, out, 0))) {
        rh_sset_clear(out);
        rh_sset_copy(out, rh_pt_of(&s->pt, ac->ptr));
    }
}

/* The one single-instance thread that runs access a (for thread t, or
 * for every thread running it when t is -1), or -1. */
static int solo_thread(rh_static *s, int a, int t)
{
    const rh_sset *th = &s->ls.acc[a].threads;
    if (t < 0 && th->n == 1)
        t = (int)th->v[0];
    return t >= 0 && !s->tg.threads[t].multi ? t : -1;
}

/* Whether access a is the release of its block by free or realloc. */
static int releases(const rh_program *p, const rh_access *a)
{
    const rh_conc_entry *e = a->from_call ? rh_model_call_entry(p, a->inst) : NULL;
    return e && (e->op == RH_OP_FREE || e->op == RH_OP_REALLOC) && e->obj >= 0 &&
           (unsigned)e->obj < LLVMGetNumArgOperands(a->inst) && LLVMGetOperand(a->inst, (unsigned)e->obj) == a->ptr;
}

static void add_refs(pairs *pp, int a, int t, const rh_sset *targets)
{
    const rh_access *ac = &pp->s->p->accesses[a];
    int release = ac->from_call && releases(pp->s->p, ac);
    for (uint32_t i = 0; i < targets->n; i++) {
        uint32_t o = rh_pt_loc_obj(targets->v[i]);
        int32_t off = rh_pt_loc_off(targets->v[i]);
        if (!pp->s->shared[o] || rh_loc_read_only(pp->s, o) || (release && !rh_loc_releasable(pp->s, o, off)))
            continue;
        acc_ref r = {a, t, WHOLE_LO, WHOLE_HI, solo_thread(pp->s, a, t)};
        if (off != RH_PT_ANY && ac->size)
            r.lo = off, r.hi = off + (int64_t)ac->size;
        rh_loc_range(pp->s, a, o, off, &r.lo, &r.hi);
        rh_vec_push(&pp->by_obj[o], r);
    }
}

/* Whether access a's references are made per thread running it (else
 * one set of targets serves every thread: more than MAX_PER_THREAD of
 * them, or none with targets of its own). */
static int split_refs(rh_static *s, int a)
{
    const rh_ls_access *r = &s->ls.acc[a];
    int per_thread = 0;
    for (uint32_t i = 0; i < r->threads.n && r->threads.n <= MAX_PER_THREAD; i++)
        per_thread |= split_by_thread(s, a, (int)r->threads.v[i]);
    return per_thread;
}

static void collect(pairs *pp)
{
    rh_static *s = pp->s;
    rh_sset targets = {0};
    for (int a = 0; a < s->p->naccesses; a++) {
        const rh_ls_access *r = &s->ls.acc[a];
        if (!r->seen)
            continue;
        if (!split_refs(s, a)) {
            targets_of(s, a, -1, &targets);
            add_refs(pp, a, -1, &targets);
            continue;
        }
        for (uint32_t i = 0; i < r->threads.n; i++) {
            targets_of(s, a, (int)r->threads.v[i], &targets);
            add_refs(pp, a, (int)r->threads.v[i], &targets);
        }
    }
    rh_sset_free(&targets);
}

static uint64_t loc_hash(const rh_srcloc *l)
{
    uint64_t h = rh_hash_bytes(RH_HASH_SEED, l->file, strlen(l->file));
    return rh_hash64(h ^ ((uint64_t)l->line << 20) ^ l->col);
}

static void add_cand(pairs *pp, const cand *c)
{
    const rh_access *x = &pp->s->p->accesses[c->a1], *y = &pp->s->p->accesses[c->a2];
    uint64_t hx = loc_hash(&x->loc), hy = loc_hash(&y->loc);
    uint64_t key = rh_hash64(hx < hy ? hx * 31 + hy : hy * 31 + hx);
    long i = rh_map_get(&pp->by_key, key, -1);
    if (i < 0) {
        rh_map_put(&pp->by_key, key, (long)pp->cands.len);
        rh_vec_push(&pp->cands, *c);
    } else if (c->must && !pp->cands.items[i].must) {
        pp->cands.items[i] = *c;
    }
}

/* Accesses inside SV-COMP atomic sections never race, with anything
 * (SV-COMP's convention, which the bmc and dynamic engines follow too). */
static int in_atomic_section(const rh_ls_per *p)
{
    return rh_sset_has(&p->must, rh_ls_elem(RH_LS_ATOMIC, 1));
}

/* Checks one pair of accesses to object o over the threads running them;
 * returns whether it became a candidate. */
static int check_pair(pairs *pp, uint32_t o, const acc_ref *x, const acc_ref *y)
{
    rh_static *s = pp->s;
    const rh_ls_access *rx = &s->ls.acc[x->a], *ry = &s->ls.acc[y->a];
    cand c = {x->a, y->a, -1, -1, o, x->lo > y->lo ? x->lo : y->lo, x->hi < y->hi ? x->hi : y->hi, 0};
    if (rh_handover_ordered(s->handover, o, x->a, y->a) || rh_loc_fields_apart(s, x->a, y->a) ||
        rh_fresh_apart(pp->fresh, x->a, y->a) || rh_lm_apart(pp->linear, x->a, y->a) || rh_rc_ordered(s->refcount, o, x->a, y->a))
        return 0;
    for (uint32_t i = 0; i < rx->threads.n; i++)
        for (uint32_t j = 0; j < ry->threads.n; j++) {
            int t1 = (int)rx->threads.v[i], t2 = (int)ry->threads.v[j];
            if ((x->t >= 0 && x->t != t1) || (y->t >= 0 && y->t != t2))
                continue;
            const rh_ls_per *px = rh_ls_per_thread(&s->ls, x->a, t1), *py = rh_ls_per_thread(&s->ls, y->a, t2);
            if (!px || !py || in_atomic_section(px) || in_atomic_section(py) ||
                (t2 == 0 && px->main_joined) || (t1 == 0 && py->main_joined) ||
                (t1 == 0 && rh_rj_ended(s->record_joins, x->a, t2)) ||
                (t2 == 0 && rh_rj_ended(s->record_joins, y->a, t1)) ||
                rh_rj_apart(s->record_joins, o, x->a, t1, y->a, t2) ||
                rh_ab_ordered(s->arg_blocks, o, x->a, t1, y->a, t2) ||
                rh_bp_ordered(s->barrier_phases, x->a, t1, y->a, t2) ||
                rh_ls_protects(&px->must, &py->must) ||
                rh_ls_creation_protects(&s->ls, &px->must, t1, t2) ||
                rh_ls_creation_protects(&s->ls, &py->must, t2, t1) ||
                rh_ls_creation_disjoint(&s->ls, t1, t2) || rh_ls_once_orders(px, py) ||
                rh_mhp_lock_ordered(&s->tg, &s->ls, px, t1, py, t2) ||
                rh_semord_orders(s->ls.semord, &s->tg, px, t1, py, t2) ||
                rh_semord_orders(s->ls.semord, &s->tg, py, t2, px, t1) ||
                rh_flagord_orders(s->ls.flagord, &s->tg, px, t1, py, t2) ||
                rh_flagord_orders(s->ls.flagord, &s->tg, py, t2, px, t1) ||
                rh_sym_protects(&s->ls, &s->pt, o, x->a, px, x->lo > WHOLE_LO, x->lo, y->a, py, y->lo > WHOLE_LO,
                                y->lo) ||
                !rh_mhp_may_parallel(&s->tg, &s->ls, x->a, t1, y->a, t2))
                continue;
            if (rh_own_index_disjoint(s, x->a, t1, y->a, t2) || rh_field_ptrs_disjoint(s, x->a, t1, y->a, t2) ||
                rh_joined_elements_apart(s, x->a, t1, y->a, t2) || rh_forwarded_elements_apart(s, x->a, t1, y->a, t2))
                continue;
            c.t1 = t1, c.t2 = t2;
            if (s->must && rh_must_check(s->must, x->a, t1, y->a, t2)) {
                c.must = 1;
                add_cand(pp, &c);
                return 1;
            }
        }
    if (c.t1 >= 0)
        add_cand(pp, &c);
    return c.t1 >= 0;
}

/* A pair of accesses that is a candidate on one object need not be checked
 * on the next: whether it is a must-race does not depend on the object,
 * and it is reported once.  (Pairs split by thread are always checked.)
 * Imprecise points-to sets put thousands of accesses on hundreds of
 * objects, so this is what keeps the enumeration near the number of
 * access pairs. */
static void check_once(pairs *pp, uint32_t o, const acc_ref *x, const acc_ref *y)
{
    if (pp->proof_lost && !(pp->must_part[x->a] && pp->must_part[y->a]))
        return;
    uint64_t key = x->a < y->a ? ((uint64_t)(uint32_t)x->a << 32) | (uint32_t)y->a
                               : ((uint64_t)(uint32_t)y->a << 32) | (uint32_t)x->a;
    if (x->t >= 0 || y->t >= 0)
        check_pair(pp, o, x, y);
    else if (!rh_map_get(&pp->decided, key, 0) && check_pair(pp, o, x, y))
        rh_map_put(&pp->decided, key, 1);
    /* Without --may nobody reads the possible races: once one is found (or
     * a construct forbids a proof anyway), only pairs that can still be
     * must-races change the verdict.  With --may the search for possible
     * races ends at the number a report lists: past it, on programs whose
     * points-to sets put thousands of accesses on one object, the pairs
     * took the whole budget (zmap, siege) and nobody reads that many. */
    if (!pp->proof_lost && pp->cands.len > 0 && (!pp->s->o->may || pp->cands.len >= RH_STATIC_MAX_MAY))
        pp->proof_lost = 1, pp->may_capped = pp->s->o->may;
}

/* check_once, unless the location the pair would be on (o and the bytes
 * both touch) already has RH_STATIC_MAX_MAY_PER_LOC possible races. */
static void check_capped(pairs *pp, uint32_t o, const acc_ref *x, const acc_ref *y)
{
    if (!pp->s->o->may || pp->proof_lost) {
        check_once(pp, o, x, y);
        return;
    }
    int64_t lo = x->lo > y->lo ? x->lo : y->lo, hi = x->hi < y->hi ? x->hi : y->hi;
    uint64_t key = rh_hash64(rh_hash64(((uint64_t)o << 20) ^ (uint64_t)lo) ^ (uint64_t)hi);
    long n = rh_map_get(&pp->per_loc, key, 0);
    if (n >= RH_STATIC_MAX_MAY_PER_LOC)
        return;
    size_t before = pp->cands.len;
    check_once(pp, o, x, y);
    if (pp->cands.len > before) {
        rh_map_put(&pp->per_loc, key, n + 1);
        pp->locs_capped += n + 1 == RH_STATIC_MAX_MAY_PER_LOC;
    }
}

/* A lock call's access of its lock word (model.h) meets a plain load or
 * store only where both byte ranges are known: an element's lock taken
 * through a pointer at an unknown offset of its table must not pair with
 * every field of every element.  Frees, library writes and other lock
 * calls' inits and destroys touch the word wherever it is. */
static int lock_word_apart(const acc_ref *x, const rh_access *ax, const acc_ref *y, const rh_access *ay)
{
    if (ax->lock_word == ay->lock_word)
        return 0;
    const acc_ref *plain = ax->lock_word ? y : x;
    const rh_access *ap = ax->lock_word ? ay : ax;
    return !ap->from_call && (x->lo == WHOLE_LO || y->lo == WHOLE_LO || plain->hi == WHOLE_HI);
}

/* Checks the pairs of refs v[0..n) of object o; stops early (returns 0)
 * when the budget is over, or when the proof was lost and full is set (the
 * caller goes on with the refs that can still be must-races). */
static int check_refs(pairs *pp, uint32_t o, const acc_ref *v, size_t n, int full)
{
    const rh_access *acc = pp->s->p->accesses;
    size_t group_end = 0;
    for (size_t i = 0; i < n; i++) {
        /* refs come sorted by solo thread (sort_refs): those of one
         * single-instance thread run in program order and never race with
         * each other, so a ref of one starts past its group */
        if (i == group_end)
            for (group_end = i + 1; group_end < n && v[group_end].solo == v[i].solo;)
                group_end++;
        for (size_t j = v[i].solo >= 0 ? group_end : i; j < n; j++) {
            /* a pair skipped on sight costs little next to reading the
             * clock; a checked one (locksets, orders, must-race) may cost
             * milliseconds on a loaded machine, where 256 of them between
             * two readings overran the stage's end and lost its report */
            if (++pp->polls >= pp->next_poll) {
                pp->next_poll = pp->polls + 256;
                if (rh_budget_over(pp->s->budget)) {
                    pp->s->out_of_time = 1;
                    return 0;
                }
            }
            if (full && pp->proof_lost)
                return 0;
            const acc_ref *x = &v[i], *y = &v[j];
            const rh_access *ax = &acc[x->a], *ay = &acc[y->a];
            if (ax->kind == RH_ACC_READ && ay->kind == RH_ACC_READ)
                continue;
            if ((ax->atomic && ay->atomic) || x->hi <= y->lo || y->hi <= x->lo || lock_word_apart(x, ax, y, ay))
                continue;
            /* two releases of one block are a double free (undefined), and
             * a block freed and allocated again in between is ordered by the
             * allocator: two releases never race */
            if (ax->from_call && ay->from_call && releases(pp->s->p, ax) && releases(pp->s->p, ay))
                continue;
            check_capped(pp, o, x, y);
            pp->polls += RH_CHECKED_PAIR_COST;
        }
    }
    return 1;
}

static int cmp_ref(const void *a, const void *b)
{
    const acc_ref *x = a, *y = b;
    if (x->solo != y->solo)
        return x->solo < y->solo ? -1 : 1;
    if (x->a != y->a)
        return x->a < y->a ? -1 : 1;
    if (x->t != y->t)
        return x->t < y->t ? -1 : 1;
    return (x->lo > y->lo) - (x->lo < y->lo);
}

/* Groups each object's refs by solo thread (check_refs skips pairs within
 * a group); on lmdb, whose main creates no thread, the pairs of one
 * thread with itself took the whole budget. */
static void sort_refs(pairs *pp)
{
    for (int o = 0; o < pp->s->pt.nobjs; o++)
        if (pp->by_obj[o].len > 1) /* an empty vector has no array to give qsort */
            qsort(pp->by_obj[o].items, pp->by_obj[o].len, sizeof *pp->by_obj[o].items, cmp_ref);
}

static void check_object(pairs *pp, uint32_t o)
{
    const ref_vec *v = &pp->by_obj[o];
    if (!pp->proof_lost && check_refs(pp, o, v->items, v->len, 1))
        return;
    if (pp->s->out_of_time)
        return;
    ref_vec some = {0}; /* the proof is lost: only refs that can be in a must-race */
    for (size_t i = 0; i < v->len; i++)
        if (pp->must_part[v->items[i].a])
            rh_vec_push(&some, v->items[i]);
    check_refs(pp, o, some.items, some.len, 0);
    rh_vec_free(&some);
}

/* Whether a join call of access a's function may have run before it: the
 * threads it races with may be finished (a join in a loop over a thread
 * array, which the analysis does not count as surely joined). */
static int after_join(const rh_program *p, const rh_access *ac)
{
    const rh_function *f = &p->funcs[ac->func];
    for (int i = f->first_sync; i < f->first_sync + f->nsyncs; i++)
        if (p->syncs[i].entry && p->syncs[i].entry->op == RH_OP_THREAD_JOIN &&
            rh_cfg_may_follow(p->syncs[i].inst, ac->inst))
            return 1;
    return 0;
}

/* Whether access a, in thread t's run of its function, follows the call
 * that created thread `other` in that same call: the create is in a's
 * function, may run before a, and a cannot run before it again (a and the
 * create are not on one cycle, so a is not the setup of a later
 * iteration's child).  The other thread is then a child of this very
 * call, and an object a names is the one the child was given. */
static int after_create(const rh_static *s, int a, int other)
{
    LLVMValueRef create = s->tg.threads[other].create, inst = s->p->accesses[a].inst;
    if (!create || !inst ||
        LLVMGetBasicBlockParent(LLVMGetInstructionParent(create)) !=
            LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst)))
        return 0;
    return rh_cfg_may_follow(create, inst) && !rh_cfg_may_follow(inst, create);
}

/* Whether a lock call of access ac's function runs before it on every path
 * with no unlock call of that function on a path from the lock to it: some
 * lock is held there, whichever lock the analysis could name (one of a
 * block the call reaches through a pointer loaded again, of an object with
 * many instances, is in no must-lockset). */
static int lock_call_before(const rh_program *p, const rh_access *ac)
{
    if (!ac->inst)
        return 0;
    const rh_function *f = &p->funcs[ac->func];
    int end = f->first_sync + f->nsyncs;
    for (int i = f->first_sync; i < end; i++) {
        if (!p->syncs[i].entry || p->syncs[i].entry->op != RH_OP_LOCK ||
            !rh_cfg_dominates(p->syncs[i].inst, ac->inst))
            continue;
        int released = 0;
        for (int k = f->first_sync; k < end && !released; k++)
            released = p->syncs[k].entry && p->syncs[k].entry->op == RH_OP_UNLOCK &&
                       rh_cfg_may_follow(p->syncs[i].inst, p->syncs[k].inst) &&
                       rh_cfg_may_follow(p->syncs[k].inst, ac->inst);
        if (!released)
            return 1;
    }
    return 0;
}

/* Whether a lock call of ac's function may run before it. */
static int lock_call_earlier(const rh_program *p, const rh_access *ac)
{
    const rh_function *f = &p->funcs[ac->func];
    for (int i = f->first_sync; ac->inst && i < f->first_sync + f->nsyncs; i++)
        if (p->syncs[i].entry && p->syncs[i].entry->op == RH_OP_LOCK && rh_cfg_may_follow(p->syncs[i].inst, ac->inst))
            return 1;
    return 0;
}

/* Whether two points-to sets share an object. */
static int share_object(const rh_sset *x, const rh_sset *y)
{
    for (uint32_t i = 0; i < x->n; i++)
        for (uint32_t j = 0; j < y->n; j++)
            if (rh_pt_loc_obj(x->v[i]) == rh_pt_loc_obj(y->v[j]))
                return 1;
    return 0;
}

/* Whether no join call of the program that may name thread t may run
 * before access a: a join names t unless its handle is loaded from memory
 * that shares no object with the cell t's create writes its handle to (a
 * handle that is no such load, a parameter of a join wrapper, may name
 * any thread); one that names t counts only when it is in a's function
 * and cannot run before a (joins elsewhere may run before it). */
static int unjoined_before(rh_static *s, int t, int a)
{
    LLVMValueRef at = s->p->accesses[a].inst;
    LLVMValueRef fn = at ? LLVMGetBasicBlockParent(LLVMGetInstructionParent(at)) : NULL;
    LLVMValueRef create = s->tg.threads[t].create;
    const rh_conc_entry *ce = create ? rh_model_call_entry(s->p, create) : NULL;
    if (!ce || ce->op != RH_OP_THREAD_CREATE || ce->obj < 0 || s->tg.threads[t].async)
        return 0;
    rh_sset cell = {0};
    rh_sset_copy(&cell, rh_pt_of(&s->pt, LLVMGetOperand(create, (unsigned)ce->obj)));
    int unjoined = cell.n > 0;
    for (int i = 0; unjoined && i < s->p->nsyncs; i++) {
        const rh_sync *y = &s->p->syncs[i];
        if (!y->entry || y->entry->op != RH_OP_THREAD_JOIN)
            continue;
        LLVMValueRef h = y->entry->obj >= 0 ? LLVMGetOperand(y->inst, (unsigned)y->entry->obj) : NULL;
        const rh_sset *from = h && LLVMIsALoadInst(h) ? rh_pt_of(&s->pt, LLVMGetOperand(h, 0)) : NULL;
        if (from && from->n && !share_object(&cell, from))
            continue; /* names other threads only */
        unjoined = fn && LLVMGetBasicBlockParent(LLVMGetInstructionParent(y->inst)) == fn &&
                !rh_cfg_may_follow(y->inst, at);
    }
    rh_sset_free(&cell);
    return unjoined;
}

/* Access a's one target when thread t runs it (a location, pt_solve.h),
 * or NO_SOLE_TARGET when it has none or several; *one_object: whether its
 * targets are all in one object. */
#define NO_SOLE_TARGET UINT64_MAX
static uint64_t sole_target(rh_static *s, int a, int t, int *one_object)
{
    rh_sset targets = {0};
    /* the targets the pair was found with: a thread's own narrower set
     * would name one target where the pair is with another object */
    targets_of(s, a, split_refs(s, a) ? t : -1, &targets);
    uint64_t l = targets.n == 1 ? targets.v[0] : NO_SOLE_TARGET;
    *one_object = targets.n > 0;
    for (uint32_t i = 1; i < targets.n; i++)
        *one_object &= rh_pt_loc_obj(targets.v[i]) == rh_pt_loc_obj(targets.v[0]);
    rh_sset_free(&targets);
    return l;
}

/* Whether access a reads what its block then stores back to the same
 * address with no call between (the read half of `x++`: an update made
 * under whatever lock the store holds). */
static int read_of_update(const rh_access *ac)
{
    if (ac->kind != RH_ACC_READ || !LLVMIsALoadInst(ac->inst))
        return 0;
    for (LLVMValueRef i = LLVMGetNextInstruction(ac->inst); i; i = LLVMGetNextInstruction(i)) {
        if (LLVMIsACallInst(i))
            return 0;
        if (LLVMIsAStoreInst(i) && LLVMGetOperand(i, 1) == ac->ptr)
            return 1;
    }
    return 0;
}

static void fill_access(rh_static *s, rh_race_access *out, int a, int t, uint64_t sole, int one_object)
{
    rh_race_access_from_model(out, s->p, &s->p->accesses[a]);
    out->thread = t;
    out->thread_desc = rh_xstrdup(s->tg.threads[t].desc);
    out->own_code = s->tg.nthreads_of_func[s->p->accesses[a].func] == 1;
    out->after_join = after_join(s->p, &s->p->accesses[a]);
    out->one_target = sole != NO_SOLE_TARGET && rh_pt_loc_off(sole) != RH_PT_ANY;
    out->one_object = out->one_target || one_object;
    out->updated = read_of_update(&s->p->accesses[a]);
    const rh_ls_per *pr = rh_ls_per_thread(&s->ls, a, t);
    const rh_sset *must = pr ? &pr->must : &s->ls.acc[a].must;
    out->locks = rh_xcalloc(must->n + 1, sizeof *out->locks);
    for (uint32_t i = 0; i < must->n; i++)
        out->locks[out->nlocks++] = rh_ls_elem_desc(&s->ls, must->v[i]);
    out->lock_call_before = lock_call_before(s->p, &s->p->accesses[a]);
    out->lock_call_earlier = lock_call_earlier(s->p, &s->p->accesses[a]);
}

/* Whether every access to c's location (its object's refs that overlap
 * the bytes) is a volatile scalar one; cached per location. */
static int volatile_only(pairs *pp, const cand *c)
{
    uint64_t key = rh_hash64(rh_hash64(((uint64_t)c->obj << 20) ^ (uint64_t)c->lo) ^ (uint64_t)c->hi);
    long v = rh_map_get(&pp->vol, key, -1);
    if (v >= 0)
        return (int)v;
    const ref_vec *refs = &pp->by_obj[c->obj];
    v = 1;
    for (size_t i = 0; i < refs->len && v; i++)
        if (refs->items[i].lo < c->hi && c->lo < refs->items[i].hi)
            v = rh_loc_volatile_scalar(pp->s, refs->items[i].a);
    rh_map_put(&pp->vol, key, v);
    return (int)v;
}

/* The member of a global's own debug type that holds all of bytes
 * [lo, hi), or NULL (a range across members, an object without a type). */
static char *global_member(rh_static *s, uint32_t obj, int64_t lo, int64_t hi)
{
    LLVMValueRef g = s->pt.objs[obj].site;
    if (!g || !LLVMIsAGlobalVariable(g) || lo < 0 || hi <= lo || hi >= WHOLE_HI)
        return NULL;
    LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(g));
    LLVMMetadataRef t = rh_src_debug_var_type(ctx, rh_src_debug_var(g)), m;
    char *first = rh_src_member_at(ctx, t, lo, &m), *last = rh_src_member_at(ctx, t, hi - 1, &m);
    int one = first && last && strcmp(first, last) == 0;
    free(last);
    if (!one)
        free(first);
    return one ? first : NULL;
}

/* The field access a names, when its address has one target (sole), c's
 * object at c's first byte, and it spans c's bytes: then the type it
 * reaches the object through is the object's there. */
static char *access_member(rh_static *s, const cand *c, int a, uint64_t sole)
{
    const rh_access *ac = &s->p->accesses[a];
    int exact = ac->ptr && ac->size && (int64_t)ac->size == c->hi - c->lo && sole != NO_SOLE_TARGET &&
                rh_pt_loc_obj(sole) == c->obj && rh_pt_loc_off(sole) == c->lo;
    char *name = exact ? rh_src_access_name(s->p->td, ac->ptr) : NULL;
    char *field = rh_src_field_of(name);
    free(name);
    return field;
}

/* The object a pair is on, with the field its bytes are (model/src_names.h)
 * when that is certain: a global's own type at the bytes, or for a heap
 * block the type an access reaches exactly those bytes through ("heap
 * object allocated at a.c:9:3, field 'len'", as the dynamic engine names
 * it).  A library's object is one thing to the program (localtime's
 * struct tm), and a pointer that may reach other objects says nothing of
 * this one. */
static char *object_name(rh_static *s, const cand *c, const uint64_t sole[2])
{
    char *obj = rh_pt_object_desc(&s->pt, c->obj);
    int global = rh_names_is_program_global(obj);
    if (!global && strncmp(obj, "heap object ", 12) != 0)
        return obj;
    char *field = global ? global_member(s, c->obj, c->lo, c->hi) : access_member(s, c, c->a1, sole[0]);
    if (!field && !global)
        field = access_member(s, c, c->a2, sole[1]);
    if (!field)
        return obj;
    char *named = rh_xasprintf("%s, field '%s'", obj, field);
    free(obj);
    free(field);
    return named;
}

static void emit(pairs *pp, const cand *c)
{
    rh_static *s = pp->s;
    rh_race r;
    memset(&r, 0, sizeof r);
    int one[2];
    uint64_t sole[2] = {sole_target(s, c->a1, c->t1, &one[0]), sole_target(s, c->a2, c->t2, &one[1])};
    fill_access(s, &r.a, c->a1, c->t1, sole[0], one[0]);
    fill_access(s, &r.b, c->a2, c->t2, sole[1], one[1]);
    /* Only the main thread's library calls (a free, a destroy) are asked (tier.c). */
    r.a.unjoined_before = c->t1 == 0 && r.a.op && c->t2 > 0 && unjoined_before(s, c->t2, c->a1);
    r.b.unjoined_before = c->t2 == 0 && r.b.op && c->t1 > 0 && unjoined_before(s, c->t1, c->a2);
    r.a.after_create = after_create(s, c->a1, c->t2);
    r.b.after_create = after_create(s, c->a2, c->t1);
    r.object = object_name(s, c, sole);
    r.offset_lo = c->lo <= WHOLE_LO ? -1 : (long)c->lo;
    r.offset_hi = c->hi >= WHOLE_HI ? -1 : (long)c->hi;
    r.engine = rh_xstrdup("static");
    r.evidence = c->must ? RH_EV_MUST : RH_EV_MAY;
    r.volatile_only = volatile_only(pp, c);
    if (s->annot)
        rh_static_annot_label(s, s->annot, c->a1, c->a2, &r);
    rh_result_add_race(s->res, &r);
    if (c->must)
        s->nmust++;
    else
        s->nmay++;
}

void rh_static_race_pairs(rh_static *s)
{
    pairs pp;
    memset(&pp, 0, sizeof pp);
    pp.s = s;
    pp.by_obj = rh_xcalloc((size_t)s->pt.nobjs + 1, sizeof *pp.by_obj);
    pp.must_part = rh_xcalloc((size_t)s->p->naccesses + 1, 1);
    for (int a = 0; a < s->p->naccesses; a++)
        pp.must_part[a] = (unsigned char)rh_must_may_take_part(s->must, a);
    pp.proof_lost = !s->o->may && s->unsupported > 0;
    pp.fresh = rh_fresh_new(s);
    pp.linear = rh_lm_build(s);
    collect(&pp);
    sort_refs(&pp);
    for (int o = 0; o < s->pt.nobjs && !s->out_of_time; o++) {
        rh_budget_progress(s->budget, o, s->pt.nobjs);
        check_object(&pp, (uint32_t)o);
    }
    /* Must-races first; past RH_STATIC_MAX_MAY records the possible races
     * are counted, not listed (a report nobody can read, and its JSON
     * would not reach the portfolio before the deadline). */
    for (size_t i = 0; i < pp.cands.len; i++)
        if (pp.cands.items[i].must)
            emit(&pp, &pp.cands.items[i]);
    int listed = 0;
    for (size_t i = 0; i < pp.cands.len; i++) {
        if (pp.cands.items[i].must)
            continue;
        if (listed++ < RH_STATIC_MAX_MAY)
            emit(&pp, &pp.cands.items[i]);
        else
            s->nmay++;
    }
    s->may_partial = pp.proof_lost && !pp.may_capped;
    if (listed > RH_STATIC_MAX_MAY)
        rh_result_note(s->res, "static: %d more possible races are not listed", listed - RH_STATIC_MAX_MAY);
    if (pp.locs_capped)
        rh_result_note(s->res, "static: the search for possible races stopped at %d per location on %d location(s) "
                               "(more may exist there)", RH_STATIC_MAX_MAY_PER_LOC, pp.locs_capped);
    if (pp.may_capped)
        rh_result_note(s->res, "static: the search for possible races stopped after %d (more may exist; "
                               "must-races were still searched for)", RH_STATIC_MAX_MAY);
    for (int o = 0; o < s->pt.nobjs; o++)
        rh_vec_free(&pp.by_obj[o]);
    free(pp.by_obj);
    rh_vec_free(&pp.cands);
    rh_map_free(&pp.by_key);
    rh_map_free(&pp.decided);
    rh_map_free(&pp.per_loc);
    rh_map_free(&pp.vol);
    free(pp.must_part);
    rh_fresh_free(pp.fresh);
    rh_lm_free(pp.linear);
    rh_src_names_forget();
}
