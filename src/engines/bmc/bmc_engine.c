/* bmc_engine.c - the bmc engine's driver (rh_bmc_run): iterative deepening
 * over the loop unwinding and the number of rounds, small bounds first so
 * shallow races come fast; per bound one Z3 context holding the bounded
 * program, its lazy schedule and the race monitor.
 *
 * Verdicts: a satisfying assignment is a real execution prefix of the
 * program (bounds only cut executions, as assumptions), so it is a race with
 * counterexample evidence.  Race-free needs an unsatisfiable formula with no
 * cut at all (every loop and recursion fully unwound, every thread instance
 * present, nothing unsupported) and enough rounds for every interleaving of
 * the bounded program; anything less is unknown, with the bounds stated.
 */
#include "bmc.h"
#include "bmc_policy.h"
#include "bmc_prefix.h"
#include "bmc_region.h"
#include "bmc_walk.h"
#include "util/outfile.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RACES 16 /* distinct racing line pairs reported */

typedef enum outcome { OUT_UNKNOWN, OUT_RACE, OUT_UNSAT } outcome;

typedef struct attempt {
    unsigned unwind, rounds;
    unsigned concrete;   /* iterations of loops whose trip count is concrete */
    int thread_cap;      /* thread instances that run, 0: all (rh_bmc_ctx) */
    int idle;            /* instances the cap left idle */
    int cut, inexact, fatal;
    int deferred;        /* the mixed class's query ran out of its share (find_races) */
    int mixed_costly;    /* it did at smaller bounds: no search there for more races */
    int cut_concrete_only; /* every cut was such a loop's */
    int threads, positions, needed_rounds;
    unsigned assertions;
    long nodes;          /* distinct terms of the formula (bmc_size.c) */
    int checks;          /* solver calls */
    double solve_time, encode_time;
    char note[512];
} attempt;

/* Rounds that cover every interleaving of the bounded program.  An
 * interleaving is a sequence of segments, each of one thread and ending
 * with a position a context can be made to end with; a thread with v such
 * positions has at most v segments.  Laid out greedily on the round-robin
 * order (a segment stays in the round of the one before it when its thread
 * comes later in the order, else it starts the next round), it needs one
 * round more than the descents of the sequence: a descent follows a
 * segment of a thread other than the first and precedes one of a thread
 * other than the last, so there are at most as many as the segments of
 * all threads but the first, and of all threads but the last.  A context
 * ending in markers or thread-local accesses ends, to the same effect,
 * with the visible position before them (or its markers and locals move to
 * the thread's previous context), so only visible positions count; inside
 * an atomic section they count too, since the section's end marker, where
 * the context may end, is not counted. */
static int needed_rounds(const rh_bmc_ctx *c)
{
    int total = 0, first = 0, last = 0;
    for (int t = 0; t < c->nthreads; t++) {
        int v = 0;
        for (int i = 0; i < c->threads[t].npos; i++) {
            const rh_bmc_pos *p = &c->threads[t].pos[i];
            v += !rh_bmc_is_false((rh_bmc_ctx *)c, p->guard) && p->kind != RH_BMC_P_NOP &&
                 !(p->flags & RH_BMC_PF_LOCAL);
        }
        total += v;
        if (t == 0)
            first = v;
        if (t == c->nthreads - 1)
            last = v;
    }
    int all_but_first = total - first, all_but_last = total - last;
    return (all_but_first < all_but_last ? all_but_first : all_but_last) + 1;
}

void rh_bmc_ctx_free(rh_bmc_ctx *c)
{
    rh_bmc_free_threads(c);
    rh_bmc_prefix_free(c);
    rh_bmc_tsd_free(c);
    rh_bmc_named_free(c);
    for (int i = 0; i < c->ninputs; i++)
        free(c->inputs[i].name);
    free(c->inputs);
    free(c->scans);
    for (int i = 0; i < c->nobjs; i++)
        free(c->objs[i].name), free(c->objs[i].init_bytes);
    free(c->objs);
    rh_map_free(&c->objmap);
    rh_map_free(&c->ptrvars);
    rh_map_free(&c->undefs);
    if (c->regions) {
        rh_bmc_regions_free(c->regions);
        free(c->regions);
    }
}

static Z3_lbool check_until(rh_bmc_ctx *c, Z3_solver s, attempt *a, double until)
{
    double left = (until < c->deadline ? until : c->deadline) - rh_now();
    if (left < 0.05)
        return Z3_L_UNDEF;
    Z3_params p = Z3_mk_params(c->z);
    Z3_params_inc_ref(c->z, p);
    Z3_params_set_uint(c->z, p, Z3_mk_string_symbol(c->z, "timeout"), (unsigned)(left * 1000));
    Z3_solver_set_params(c->z, s, p);
    Z3_params_dec_ref(c->z, p);
    double t0 = rh_now();
    Z3_lbool r = Z3_solver_check(c->z, s);
    a->solve_time += rh_now() - t0;
    a->checks++;
    if (c->opt->verbose)
        fprintf(stderr, "bmc: check %s in %.2fs\n", r == Z3_L_TRUE ? "sat" : r == Z3_L_FALSE ? "unsat" : "unknown",
                rh_now() - t0);
    if (r == Z3_L_UNDEF && !a->note[0])
        snprintf(a->note, sizeof a->note, "the solver gave up: %s", Z3_solver_get_reason_unknown(c->z, s));
    return r;
}

static Z3_lbool check(rh_bmc_ctx *c, Z3_solver s, attempt *a)
{
    return check_until(c, s, a, c->deadline);
}

/* Once a race is found, the search for more ends this long before the
 * deadline: the races found still need their replay to be confirmed
 * (rh_bmc_confirm builds the instrumented program and runs its schedules:
 * one to two seconds on a quiet machine), and the verdict is already
 * decided.  A further race the reserve hides is said in a note. */
#define RH_BMC_REPLAY_RESERVE 5.0

/* Once a race is found the verdict is decided; more racing lines are a
 * bonus, so each further check gets at most this multiple of the time the
 * first race took (but at least the floor), not the rest of the budget:
 * the unsatisfiable last check costs several times a satisfiable one (19 s
 * after 7 s on tests/bmc/aba_*), while a further race comes about as fast
 * as the first (3.1 s after 2.6 s on region_move_between_lists_race).
 * The floor is for a first race found at once: on the bit-blasting solver
 * (bmc_solver.c) a check after a blocking clause starts over, and the
 * second race of wrapchain_pair_same_cell_race took 1.8-2.0 s after a
 * first of 0.3-0.4 s at load 5, past a floor of 2 s (more under ASan). */
#define RH_BMC_MORE_FACTOR 1.5
#define RH_BMC_MORE_FLOOR 6.0

/* A new solver (bmc_solver.c) holding s's assertions.  Z3's default solver preprocesses
 * a formula with its bit-vector tactics only on the first check; a check
 * after more assertions runs incrementally without them, many times slower
 * on these formulas (6 s against over 60 s on tests/bmc/aba_*). */
static Z3_solver copy_of(rh_bmc_ctx *c, Z3_solver s)
{
    Z3_ast_vector v = Z3_solver_get_assertions(c->z, s);
    Z3_ast_vector_inc_ref(c->z, v);
    Z3_solver n = rh_bmc_solver(c, v);
    Z3_solver_inc_ref(c->z, n);
    for (unsigned i = 0; i < Z3_ast_vector_size(c->z, v); i++)
        Z3_solver_assert(c->z, n, Z3_ast_vector_get(c->z, v, i));
    Z3_ast_vector_dec_ref(c->z, v);
    return n;
}

static Z3_solver fresh_copy(rh_bmc_ctx *c, Z3_solver s)
{
    Z3_solver n = copy_of(c, s);
    Z3_solver_dec_ref(c->z, s);
    return n;
}

/* A program that may cancel threads is searched with cancellation points
 * acting only on pending cancellations (bmc_cancel.c: its models are real
 * executions), and proved race-free with them acting freely.  Returns the
 * solver of the search; *proof keeps the full formula (NULL otherwise).
 * An assertion, not an assumption: Z3 skips its bit-vector preprocessing
 * when it checks under assumptions. */
static Z3_solver ordered(rh_bmc_ctx *c, Z3_solver s, Z3_solver *proof)
{
    *proof = NULL;
    if (!c->cancel_free)
        return s;
    *proof = copy_of(c, s);
    Z3_solver n = fresh_copy(c, s);
    Z3_solver_assert(c->z, n, Z3_mk_not(c->z, c->cancel_free));
    return n;
}

/* Races are searched in two classes, each one query per race: two plain
 * accesses first, then a plain and an atomic one (two atomic accesses
 * never race).  The plain query is the cheap one: in lock-free code most
 * watched accesses are atomic, and the combined query weighs each of them
 * as a side of every race in every context.  A bounded program that is cut
 * (or lacks rounds) proves nothing, and the next bounds contain all its
 * executions, so there the mixed query gets at most a multiple of the time
 * the plain one took; when that runs out the attempt is "deferred": no
 * race found, and the next bounds search that class again. */
#define RH_BMC_DEFER_FACTOR 1.0
#define RH_BMC_DEFER_FLOOR 0.5

static void debug_dump(rh_bmc_ctx *c, Z3_solver s);

/* The size of the first query's formula (--stats), and its dump. */
static void formula_size(rh_bmc_ctx *c, Z3_solver s, attempt *a)
{
    Z3_ast_vector v = Z3_solver_get_assertions(c->z, s);
    Z3_ast_vector_inc_ref(c->z, v);
    a->assertions = Z3_ast_vector_size(c->z, v);
    Z3_ast_vector_dec_ref(c->z, v);
    if (c->opt->stats)
        a->nodes = rh_bmc_formula_nodes(c, s);
    debug_dump(c, s);
}

typedef struct hunt {
    unsigned lines[2 * MAX_RACES];
    int nlines, found;
    int broken;          /* a model gave no witness */
    double first;        /* seconds the first race took */
} hunt;

/* One class's races until none is left with a line not yet reported (or
 * until `cap`, an absolute time, when no race is found yet; 0: none). */
static outcome hunt_class(rh_bmc_ctx *c, Z3_solver s, rh_bmc_enc *e, attempt *a, rh_result *res,
                          hunt *h, double cap)
{
    Z3_solver_inc_ref(c->z, s);
    for (;;) {
        double t0 = rh_now();
        double more = RH_BMC_MORE_FACTOR * h->first, until = c->deadline - RH_BMC_REPLAY_RESERVE;
        if (more < RH_BMC_MORE_FLOOR)
            more = RH_BMC_MORE_FLOOR;
        if (t0 + more < until)
            until = t0 + more;
        if (!h->found && cap > 0)
            until = cap;
        Z3_lbool r = h->found || cap > 0 ? check_until(c, s, a, until) : check(c, s, a);
        if (r == Z3_L_UNDEF && h->found) /* the solver's reason is about the cut search, not the verdict */
            snprintf(a->note, sizeof a->note, "the search for races beyond the %d found stopped "
                     "after %.1f s (%.1f times the %.1f s the first took, and the replay's "
                     "reserve, bound it)", h->found, rh_now() - t0, RH_BMC_MORE_FACTOR, h->first);
        if (r != Z3_L_TRUE) {
            Z3_solver_dec_ref(c->z, s);
            return h->found ? OUT_RACE : r == Z3_L_FALSE ? OUT_UNSAT : OUT_UNKNOWN;
        }
        Z3_model m = Z3_solver_get_model(c->z, s);
        Z3_model_inc_ref(c->z, m);
        unsigned la, lb;
        int rc = rh_bmc_witness(c, m, e, res, &la, &lb);
        Z3_model_dec_ref(c->z, m);
        if (rc || h->found + 1 == MAX_RACES) {
            Z3_solver_dec_ref(c->z, s);
            h->found += !rc;
            h->broken = rc;
            return rc && !h->found ? OUT_UNKNOWN : OUT_RACE;
        }
        if (!h->found++)
            h->first = rh_now() - t0;
        h->lines[h->nlines++] = la;
        h->lines[h->nlines++] = lb;
        rh_bmc_block_lines(c, s, e, h->lines, h->nlines);
        s = fresh_copy(c, s);
    }
}

/* Finds races in both classes until none is left with a line not yet
 * reported.  *sp becomes the solver of the formula without the monitor's
 * goal, each class's queries copies of it. */
static outcome find_races(rh_bmc_ctx *c, Z3_solver *sp, rh_bmc_enc *e, attempt *a, rh_result *res)
{
    Z3_solver proof, base = *sp = ordered(c, *sp, &proof);
    /* the over-approximation first: when it has no race, neither has the program */
    if (proof)
        rh_bmc_monitor(c, proof, e, RH_BMC_ANY);
    Z3_lbool over = proof ? check(c, proof, a) : Z3_L_TRUE;
    if (over != Z3_L_TRUE) {
        Z3_solver_dec_ref(c->z, proof);
        return over == Z3_L_FALSE ? OUT_UNSAT : OUT_UNKNOWN;
    }
    int provable = !c->cut && !c->inexact && !c->fatal && (int)c->rounds >= needed_rounds(c);
    hunt h;
    memset(&h, 0, sizeof h);
    outcome out = OUT_UNSAT;
    double plain = 0;
    for (int cls = 0; cls < 2 && out != OUT_UNKNOWN && h.found < MAX_RACES && !h.broken; cls++) {
        if (cls == 1 && h.found && a->mixed_costly) {
            /* the verdict is decided, and this query took longer than its
             * share at smaller bounds: more lines would cost more than the
             * race did */
            snprintf(a->note, sizeof a->note, "races between an atomic and a plain access were not "
                     "searched for beyond the %d found (that search ran out of its share of time "
                     "at smaller bounds)", h.found);
            break;
        }
        Z3_solver s = copy_of(c, base);
        rh_bmc_monitor(c, s, e, cls ? RH_BMC_MIXED : RH_BMC_PLAIN);
        if (cls == 0)
            formula_size(c, s, a);
        if (h.nlines)
            rh_bmc_block_lines(c, s, e, h.lines, h.nlines);
        double t0 = rh_now(), cap = 0;
        if (cls == 1 && !provable) {
            cap = RH_BMC_DEFER_FACTOR * plain;
            cap = t0 + (cap < RH_BMC_DEFER_FLOOR ? RH_BMC_DEFER_FLOOR : cap);
        }
        outcome o = hunt_class(c, s, e, a, res, &h, cap);
        Z3_solver_dec_ref(c->z, s);
        if (cls == 0)
            plain = rh_now() - t0;
        if (o == OUT_UNKNOWN && cap > 0 && !h.found && !h.broken && rh_now() < c->deadline && !rh_cancelled()) {
            a->deferred = 1;
            a->note[0] = 0;
            o = OUT_UNSAT;
        }
        if (o == OUT_RACE || (o == OUT_UNKNOWN && !h.found))
            out = o;
    }
    if (out == OUT_UNSAT && proof)
        rh_bmc_no_proof(c, NULL, "a race when cancellation points act freely (race freedom "
                                 "is proved on that over-approximation: cancelling orders "
                                 "nothing), which no execution within these bounds shows");
    if (proof)
        Z3_solver_dec_ref(c->z, proof);
    return out;
}

/* Why an attempt ended early: the portfolio cancelled it, or its time ran out. */
static const char *why_stopped(void)
{
    return rh_cancelled() ? "stopped (the verdict was decided)" : "time ran out";
}

/* The race monitor finds a racy pair where the two accesses run next to
 * each other, with only what orders nothing between them.  That is
 * complete when every value one thread passes to another travels through
 * a race or through something that orders (a lock, a release/acquire or
 * seq_cst atomic): the first race of an execution can then be moved next
 * to its partner.  Relaxed atomics pass values without ordering anything:
 * the second access may run only after a back-and-forth of relaxed flags
 * between the threads (data=1; f1=1 | if f1: g=1 | if g: f2=1 | if f2:
 * read data), which no single switch shows, and fences do not change that
 * where they are not on the path.  So no proof with relaxed atomics; their
 * races are still found. */
static void relaxed_no_proof(rh_bmc_ctx *c, const char *why)
{
    for (int t = 0; t < c->nthreads; t++)
        for (int i = 0; i < c->threads[t].npos; i++) {
            const rh_bmc_pos *p = &c->threads[t].pos[i];
            if ((p->flags & RH_BMC_PF_RELAXED) && !(p->flags & RH_BMC_PF_LOCAL) &&
                !rh_bmc_is_false(c, p->guard)) {
                rh_bmc_no_proof(c, p->inst, why);
                return;
            }
        }
}

/* Freed memory is never reused in the bounded program (bmc_call.c), so a
 * compare-and-swap never sees a pointer to a freed block come back as a
 * new block at the same address: the ABA executions of a lock-free
 * structure that frees and allocates nodes are not explored.  Their races
 * are still found where they show without reuse; no proof then. */
static void reuse_no_proof(rh_bmc_ctx *c)
{
    int frees = 0, cas = 0;
    const rh_bmc_pos *at = NULL;
    for (int t = 0; t < c->nthreads; t++)
        for (int i = 0; i < c->threads[t].npos; i++) {
            const rh_bmc_pos *p = &c->threads[t].pos[i];
            if (rh_bmc_is_false(c, p->guard))
                continue;
            frees |= p->kind == RH_BMC_P_FREE;
            if (p->kind == RH_BMC_P_CMPXCHG && !at)
                cas = 1, at = p;
        }
    if (frees && cas)
        rh_bmc_no_proof(c, at->inst, "a compare-and-swap in a program that frees memory (freed "
                                     "blocks are never reused in the bounded program, so ABA "
                                     "through a reused address is not explored)");
}

/* For debugging the encoding: RACEHUNT_BMC_FLAT lists the positions of
 * the bounded program on stderr ("terse": without formulas). */
static void debug_positions(rh_bmc_ctx *c)
{
    const char *flat = getenv("RACEHUNT_BMC_FLAT");
    int terse = flat && strcmp(flat, "terse") == 0;
    for (int t = 0; flat && t < c->nthreads; t++)
        for (int i = 0; i < c->threads[t].npos; i++) {
            rh_bmc_pos *p = &c->threads[t].pos[i];
            /* Z3_ast_to_string's buffer lives until its next call: one a line */
            char *guard = rh_xstrdup(terse ? "-" : Z3_ast_to_string(c->z, p->guard));
            fprintf(stderr, "T%d #%d %s line %u flags %x [%d,%d] guard %s addr %s\n", t, i + 1, p->what,
                    p->loc.line, p->flags, p->blk_start, p->blk_end, guard,
                    p->addr && !terse ? Z3_ast_to_string(c->z, p->addr) : "-");
            free(guard);
        }
}

/* RACEHUNT_BMC_DUMP=FILE: the solver's assertions, in SMT-LIB. */
static void debug_dump(rh_bmc_ctx *c, Z3_solver s)
{
    const char *dump = getenv("RACEHUNT_BMC_DUMP");
    rh_outfile out;
    char err[RH_ERR_MAX];
    if (dump && rh_outfile_open(&out, dump, "solver dump", err) == 0) {
        fputs(Z3_solver_to_string(c->z, s), out.f);
        if (rh_outfile_commit(&out, err))
            fprintf(stderr, "racehunt: %s\n", err);
    } else if (dump) {
        fprintf(stderr, "racehunt: %s\n", err);
    }
}

int rh_bmc_ctx_open(rh_bmc_ctx *c, rh_program *prog, const rh_options *o, unsigned unwind,
                    unsigned rounds, unsigned concrete, int thread_cap, double deadline,
                    const char *relaxed_why)
{
    memset(c, 0, sizeof *c);
    c->prog = prog;
    c->opt = o;
    c->aw = 8 * LLVMPointerSize(prog->td);
    c->iw = 32;
    c->unwind = unwind;
    c->rounds = rounds;
    c->concrete_loops = concrete;
    c->thread_cap = thread_cap;
    c->deadline = deadline;
    Z3_config cfg = Z3_mk_config();
    Z3_set_param_value(cfg, "model", "true");
    c->z = Z3_mk_context(cfg);
    Z3_del_config(cfg);
    Z3_set_error_handler(c->z, NULL);
    if (rh_bmc_layout(c) != 0 || rh_bmc_flatten(c) != 0 || c->fatal)
        return 0;
    rh_bmc_prefix(c);
    c->regions = rh_xmalloc(sizeof *c->regions);
    rh_bmc_regions_init(c, c->regions);
    rh_bmc_mark_local(c);
    rh_bmc_mutex_kinds(c);
    relaxed_no_proof(c, relaxed_why);
    return 1;
}

static outcome run_attempt(rh_program *prog, const rh_options *o, double deadline, attempt *a,
                           rh_result *res)
{
    rh_bmc_ctx c;
    outcome out = OUT_UNKNOWN;
    if (rh_bmc_ctx_open(&c, prog, o, a->unwind, a->rounds, a->concrete, a->thread_cap, deadline,
                        "relaxed atomics (a race may need several switches between threads "
                        "that pass values through them)")) {
        reuse_no_proof(&c);
        a->threads = c.nthreads;
        a->positions = c.npositions;
        a->needed_rounds = needed_rounds(&c);
        Z3_solver s = rh_bmc_store_solver(&c);
        Z3_solver_inc_ref(c.z, s);
        rh_bmc_prefix_assert(&c, s);
        debug_positions(&c);
        rh_bmc_enc e;
        double te = rh_now();
        int stopped = rh_bmc_schedule(&c, s, &e);
        a->encode_time = rh_now() - te;
        if (stopped) {
            snprintf(c.note, sizeof c.note, "%s while encoding unwinding %u, %u rounds", why_stopped(),
                     c.unwind, c.rounds);
            rh_bmc_enc_free(&c, &e);
            Z3_solver_dec_ref(c.z, s);
            goto done;
        }
        out = find_races(&c, &s, &e, a, res);
        rh_bmc_enc_free(&c, &e);
        Z3_solver_dec_ref(c.z, s);
    } else if (!c.note[0] && (rh_now() > deadline || rh_cancelled())) {
        snprintf(c.note, sizeof c.note, "%s while bounding the program", why_stopped());
    } else if (!c.note[0]) {
        snprintf(c.note, sizeof c.note, "the bounded program exceeds %d positions",
                 RH_BMC_MAX_POSITIONS);
        c.fatal = 1;
    }
done:
    if (Z3_get_error_code(c.z) != Z3_OK && out != OUT_RACE) {
        snprintf(c.note, sizeof c.note, "Z3 reported: %s", Z3_get_error_msg(c.z, Z3_get_error_code(c.z)));
        out = OUT_UNKNOWN;
        c.fatal = 1;
    }
    a->cut = c.cut;
    a->idle = c.idle_threads;
    a->cut_concrete_only = c.cut && c.ncuts == c.ncuts_concrete;
    a->inexact = c.inexact;
    a->fatal = c.fatal || out == OUT_UNKNOWN;
    if (c.note[0])
        memcpy(a->note, c.note, sizeof a->note);
    rh_bmc_ctx_free(&c);
    Z3_del_context(c.z);
    return out;
}

static void stats(rh_result *res, const attempt *a, int attempts, double t0)
{
    rh_result_stat(res, "bmc.attempts", attempts);
    rh_result_stat(res, "bmc.unwind", a->unwind);
    rh_result_stat(res, "bmc.rounds", a->rounds);
    rh_result_stat(res, "bmc.thread_instances", a->threads);
    rh_result_stat(res, "bmc.positions", a->positions);
    rh_result_stat(res, "bmc.formula_assertions", a->assertions);
    if (a->nodes)
        rh_result_stat(res, "bmc.formula_nodes", (double)a->nodes);
    rh_result_stat(res, "bmc.solver_seconds", a->solve_time);
    rh_result_stat(res, "bmc.total_seconds", rh_now() - t0);
}

/* --stats: each bounding attempt's size and times, named by its bounds
 * (bmc.uK.rR.*; a repeat at the same bounds with loops unwound fully is
 * .full), so where the time goes shows per configuration. */
static void attempt_stats(rh_result *res, const attempt *a)
{
    static const char *const names[] = {"positions", "formula_assertions", "formula_nodes",
                                        "encode_seconds", "solver_checks", "solver_seconds"};
    double v[] = {a->positions, a->assertions, (double)a->nodes, a->encode_time, a->checks, a->solve_time};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        char name[96];
        snprintf(name, sizeof name, "bmc.u%u.r%u%s.%s", a->unwind, a->rounds,
                 a->concrete >= RH_BMC_CONCRETE_LOOPS ? ".full" : "", names[i]);
        rh_result_stat(res, name, v[i]);
    }
}

/* The next bounds of the deepening, or 0 when there are none. */
static int next_bounds(attempt *a, const attempt *last, unsigned kmax, unsigned rmax)
{
    unsigned k = last->unwind, r = last->rounds;
    a->concrete = last->concrete;
    /* Loops with a known trip count are first unwound only a little, so a
     * race in their first iterations is found on a small formula; once
     * nothing else is cut, they are unwound fully at the same bounds. */
    if (last->cut_concrete_only && last->concrete < RH_BMC_CONCRETE_LOOPS) {
        a->unwind = k, a->rounds = r, a->concrete = RH_BMC_CONCRETE_LOOPS;
        return 1;
    }
    /* Without a cut more unwinding changes nothing: only rounds can help. */
    if (!last->cut) {
        a->unwind = k, a->rounds = r + 1;
        return r < rmax;
    }
    if (k >= kmax && r >= rmax)
        return 0;
    /* Rounds before unwinding, up to two more than the unwinding: a loop's
     * further iteration in a race mostly waits for another thread (a retry
     * after a failed compare-and-swap, a spin on a flag), which takes
     * context switches anyway, and a round grows the formula less than an
     * unwinding does ((1,2), (1,3), (2,3), (2,4), ...). */
    if (r <= k + 1 && r < rmax)
        r++;
    else if (k < kmax)
        k = k < 4 ? k + 1 : k + k / 2 > kmax ? kmax : k + k / 2;
    else
        r++;
    a->unwind = k, a->rounds = r;
    return 1;
}

int rh_bmc_lazy_run(rh_program *prog, const rh_options *o, rh_budget *budget, rh_result *res,
                    char *err)
{
    double deadline = budget->deadline;
    (void)err;
    double t0 = rh_now();
    unsigned kmax = o->unwind ? o->unwind : 64, rmax = o->rounds ? o->rounds : 12;
    attempt a;
    memset(&a, 0, sizeof a);
    a.unwind = 1, a.rounds = 2, a.concrete = RH_BMC_CONCRETE_FIRST, a.thread_cap = RH_BMC_FIRST_THREADS;
    if (a.rounds > rmax)
        a.rounds = rmax;
    if (a.unwind > kmax)
        a.unwind = kmax;
    int attempts = 0;
    res->verdict = RH_UNKNOWN;
    for (;;) {
        attempt cur = a;
        outcome out = run_attempt(prog, o, deadline, &cur, res);
        a.mixed_costly |= cur.deferred;
        attempts++;
        if (o->stats)
            attempt_stats(res, &cur);
        if (o->verbose)
            fprintf(stderr, "bmc: unwind %u rounds %u: %s, %d threads, %d positions, %u assertions, "
                    "solver %.2fs%s%s%s%s %s\n", cur.unwind, cur.rounds,
                    out == OUT_RACE ? "race" : out == OUT_UNSAT ? "unsat" : "unknown", cur.threads,
                    cur.positions, cur.assertions, cur.solve_time, cur.deferred ? " deferred" : "",
                    cur.cut ? " cut" : "",
                    cur.inexact ? " inexact" : "", cur.fatal ? " fatal" : "", cur.note);
        if (cur.note[0])
            rh_result_note(res, "bmc: %s", cur.note);
        if (out == OUT_RACE) {
            double tr = rh_now();
            rh_bmc_confirm(prog, o, deadline, res, 0);
            rh_result_stat(res, "bmc.replay_seconds", rh_now() - tr);
            res->verdict = RH_RACE;
            stats(res, &cur, attempts, t0);
            return 0;
        }
        int exhaustive = out == OUT_UNSAT && !cur.cut && !cur.inexact && !cur.fatal &&
                         (int)cur.rounds >= cur.needed_rounds;
        if (exhaustive) {
            res->verdict = RH_RACE_FREE;
            rh_result_note(res, "bmc: no race in any interleaving (every loop unwound fully, %u rounds)",
                           cur.rounds);
            stats(res, &cur, attempts, t0);
            return 0;
        }
        /* Z3 does not always stop at its time limit on very large formulas:
         * stay below the sizes where that was seen */
        int stop = cur.fatal || out == OUT_UNKNOWN || rh_now() >= deadline || rh_cancelled() ||
                   (long)cur.positions * cur.rounds > RH_BMC_MAX_WORK;
        /* Threads were left idle: the same bounds with every thread next. */
        if (!stop && cur.idle) {
            a.unwind = cur.unwind, a.rounds = cur.rounds, a.concrete = cur.concrete;
            a.thread_cap = 0;
            continue;
        }
        if (stop || !next_bounds(&a, &cur, kmax, rmax)) {
            if (!rh_cancelled())
                rh_result_note(res, "bmc: no race found with unwinding %u and %u rounds%s%s", cur.unwind,
                               cur.rounds, cur.cut ? " (some loops or recursion cut by the bound)" : "",
                               cur.deferred ? "; races between an atomic and a plain access were "
                                              "searched for there only briefly" : "");
            stats(res, &cur, attempts, t0);
            return 0;
        }
        /* When the bounded program is complete, jump to the rounds that
         * decide it if that is affordable. */
        if (out == OUT_UNSAT && !cur.cut && !cur.inexact && cur.needed_rounds <= (int)rmax &&
            cur.needed_rounds <= 16 && (int)a.rounds < cur.needed_rounds)
            a.rounds = (unsigned)cur.needed_rounds;
    }
}
