/* po_engine.c - the bmc engine's driver for the partial-order encoding
 * (--bmc-encoding=po, po_encode.h): deepening over the loop unwinding
 * only, since the encoding bounds no context switch.
 *
 * Verdicts: a model of the race with no mixed-width sharing (bad false) is
 * an SC execution prefix ending in the race, reported with the schedule
 * its order gives and replayed as bmc's races are.  Race-free needs the
 * race query and the mixed-width query both unsatisfiable, with no cut
 * (every loop and recursion unwound fully, every thread instance present)
 * and nothing under-approximated or unsupported; anything else is unknown.
 */
#include "bmc.h"
#include "bmc_prefix.h"
#include "bmc_region.h"
#include "bmc_walk.h"
#include "po_encode.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PO_MAX_RACES 16       /* distinct racing line pairs reported */
#define PO_REPLAY_RESERVE 5.0 /* seconds kept for the replay once a race is found */

typedef enum po_out { PO_UNKNOWN, PO_RACE, PO_UNSAT } po_out;

typedef struct po_try {
    unsigned unwind, concrete;
    int cut, cut_concrete_only, inexact, fatal;
    int threads, positions;
    long terms, nrf;
    double solve_time;
    char note[512];
} po_try;

static Z3_lbool check(rh_bmc_ctx *c, Z3_solver s, po_try *a, double until)
{
    double left = (until < c->deadline ? until : c->deadline) - rh_now();
    if (left < 0.05 || rh_cancelled())
        return Z3_L_UNDEF;
    Z3_params p = Z3_mk_params(c->z);
    Z3_params_inc_ref(c->z, p);
    Z3_params_set_uint(c->z, p, Z3_mk_string_symbol(c->z, "timeout"), (unsigned)(left * 1000));
    Z3_solver_set_params(c->z, s, p);
    Z3_params_dec_ref(c->z, p);
    double t0 = rh_now();
    Z3_lbool r = Z3_solver_check(c->z, s);
    a->solve_time += rh_now() - t0;
    if (c->opt->verbose)
        fprintf(stderr, "bmc-po: check %s in %.2fs\n",
                r == Z3_L_TRUE ? "sat" : r == Z3_L_FALSE ? "unsat" : "unknown", rh_now() - t0);
    if (r == Z3_L_UNDEF && !a->note[0])
        snprintf(a->note, sizeof a->note, "the solver gave up: %s", Z3_solver_get_reason_unknown(c->z, s));
    return r;
}

/* A new solver with s's assertions and f (a fresh solver gets Z3's
 * bit-vector preprocessing, which incremental checks skip). */
static Z3_solver copy_with(rh_bmc_ctx *c, Z3_solver s, Z3_ast f)
{
    Z3_solver n = Z3_mk_solver(c->z);
    Z3_solver_inc_ref(c->z, n);
    Z3_ast_vector v = Z3_solver_get_assertions(c->z, s);
    Z3_ast_vector_inc_ref(c->z, v);
    for (unsigned i = 0; i < Z3_ast_vector_size(c->z, v); i++)
        Z3_solver_assert(c->z, n, Z3_ast_vector_get(c->z, v, i));
    Z3_ast_vector_dec_ref(c->z, v);
    Z3_solver_assert(c->z, n, f);
    return n;
}

/* Races until none is left on a line not yet reported. */
static po_out find_races(rh_bmc_ctx *c, Z3_solver base, rh_bmc_enc *e, rh_po_enc *pe, po_try *a,
                         rh_result *res)
{
    Z3_ast goal = rh_bmc_and(c, e->race, rh_bmc_not(c, pe->bad));
    Z3_solver s = copy_with(c, base, goal);
    unsigned lines[2 * PO_MAX_RACES];
    int nlines = 0, found = 0;
    po_out out = PO_UNKNOWN;
    for (;;) {
        Z3_lbool r = check(c, s, a, found ? c->deadline - PO_REPLAY_RESERVE : c->deadline);
        if (r != Z3_L_TRUE) {
            out = found ? PO_RACE : r == Z3_L_FALSE ? PO_UNSAT : PO_UNKNOWN;
            break;
        }
        Z3_model m = Z3_solver_get_model(c->z, s);
        Z3_model_inc_ref(c->z, m);
        unsigned la, lb;
        rh_po_schedule_from_model(c, m, e, pe);
        int rc = rh_bmc_witness(c, m, e, res, &la, &lb);
        for (int t = 0; t < c->nthreads; t++)
            free(e->cs[t]);
        free(e->cs);
        e->cs = NULL;
        Z3_model_dec_ref(c->z, m);
        if (rc || found + 1 == PO_MAX_RACES) {
            out = rc && !found ? PO_UNKNOWN : PO_RACE;
            break;
        }
        found++;
        lines[nlines++] = la;
        lines[nlines++] = lb;
        Z3_solver n = copy_with(c, s, rh_bmc_true(c));
        Z3_solver_dec_ref(c->z, s);
        s = n;
        rh_bmc_block_lines(c, s, e, lines, nlines);
    }
    Z3_solver_dec_ref(c->z, s);
    if (out != PO_UNSAT)
        return out;
    /* no race among the executions the encoding pairs exactly: a proof
     * only when no execution shares bytes between mixed widths */
    s = copy_with(c, base, pe->bad);
    Z3_lbool r = check(c, s, a, c->deadline);
    Z3_solver_dec_ref(c->z, s);
    if (r == Z3_L_TRUE)
        snprintf(a->note, sizeof a->note, "accesses of different widths share bytes, which the "
                 "partial-order encoding does not pair (no proof)");
    return r == Z3_L_FALSE ? PO_UNSAT : PO_UNKNOWN;
}

static po_out attempt(rh_program *prog, const rh_options *o, double deadline, po_try *a, rh_result *res)
{
    rh_bmc_ctx c;
    po_out out = PO_UNKNOWN;
    /* relaxed atomics order nothing: two accesses they separate may race in C11 without
     * being adjacent in any SC execution, so the adjacency query proves nothing then */
    if (rh_bmc_ctx_open(&c, prog, o, a->unwind, 1, a->concrete, 0, deadline,
                        "relaxed atomics (a race need not be adjacent in an SC execution)")) {
        a->threads = c.nthreads, a->positions = c.npositions;
        Z3_solver s = Z3_mk_solver(c.z);
        Z3_solver_inc_ref(c.z, s);
        rh_bmc_prefix_assert(&c, s);
        rh_bmc_enc e;
        rh_po_enc pe;
        if (rh_po_encode(&c, s, &e, &pe) == 0)
            out = find_races(&c, s, &e, &pe, a, res);
        else
            c.fatal = 1;
        a->terms = pe.terms, a->nrf = pe.nrf;
        rh_po_free(&c, &pe);
        rh_bmc_enc_free(&c, &e);
        Z3_solver_dec_ref(c.z, s);
    } else if (!c.note[0]) {
        snprintf(c.note, sizeof c.note, rh_now() > deadline || rh_cancelled()
                 ? "time ran out while bounding the program" : "the bounded program is too large");
        c.fatal = 1;
    }
    if (Z3_get_error_code(c.z) != Z3_OK && out != PO_RACE) {
        snprintf(c.note, sizeof c.note, "Z3 reported: %s", Z3_get_error_msg(c.z, Z3_get_error_code(c.z)));
        out = PO_UNKNOWN;
        c.fatal = 1;
    }
    a->cut = c.cut;
    a->cut_concrete_only = c.cut && c.ncuts == c.ncuts_concrete;
    a->inexact = c.inexact;
    a->fatal = c.fatal || out == PO_UNKNOWN;
    if (c.note[0] && !a->note[0])
        memcpy(a->note, c.note, sizeof a->note);
    rh_bmc_ctx_free(&c);
    Z3_del_context(c.z);
    return out;
}

static void stats(rh_result *res, const po_try *a, int attempts, double t0)
{
    rh_result_stat(res, "bmc.attempts", attempts);
    rh_result_stat(res, "bmc.unwind", a->unwind);
    rh_result_stat(res, "bmc.thread_instances", a->threads);
    rh_result_stat(res, "bmc.positions", a->positions);
    rh_result_stat(res, "bmc.formula_assertions", (double)a->terms);
    rh_result_stat(res, "bmc.po_reads_from", (double)a->nrf);
    rh_result_stat(res, "bmc.solver_seconds", a->solve_time);
    rh_result_stat(res, "bmc.total_seconds", rh_now() - t0);
}

/* The next unwinding: loops of known trip count fully first, then more. */
static int next_unwind(po_try *a, const po_try *last, unsigned kmax)
{
    unsigned k = last->unwind;
    a->concrete = last->concrete;
    a->unwind = k;
    if (last->cut_concrete_only && last->concrete < RH_BMC_CONCRETE_LOOPS) {
        a->concrete = RH_BMC_CONCRETE_LOOPS;
        return 1;
    }
    if (k >= kmax)
        return 0;
    a->unwind = k < 4 ? k + 1 : k + k / 2 > kmax ? kmax : k + k / 2;
    return 1;
}

int rh_po_run(rh_program *prog, const rh_options *o, rh_budget *budget, rh_result *res, char *err)
{
    (void)err;
    double deadline = budget->deadline, t0 = rh_now();
    unsigned kmax = o->unwind ? o->unwind : 64;
    po_try a;
    memset(&a, 0, sizeof a);
    a.unwind = 1, a.concrete = RH_BMC_CONCRETE_FIRST;
    int attempts = 0;
    res->verdict = RH_UNKNOWN;
    for (;;) {
        po_try cur = a;
        po_out out = attempt(prog, o, deadline, &cur, res);
        attempts++;
        if (o->verbose)
            fprintf(stderr, "bmc-po: unwind %u: %s, %d threads, %d positions, %ld constraints, %ld reads-from, "
                    "solver %.2fs%s%s%s %s\n", cur.unwind,
                    out == PO_RACE ? "race" : out == PO_UNSAT ? "unsat" : "unknown", cur.threads,
                    cur.positions, cur.terms, cur.nrf, cur.solve_time, cur.cut ? " cut" : "",
                    cur.inexact ? " inexact" : "", cur.fatal ? " fatal" : "", cur.note);
        if (cur.note[0])
            rh_result_note(res, "bmc: %s", cur.note);
        if (out == PO_RACE) {
            rh_bmc_confirm(prog, o, deadline, res, 0);
            res->verdict = RH_RACE;
            stats(res, &cur, attempts, t0);
            return 0;
        }
        if (out == PO_UNSAT && !cur.cut && !cur.inexact && !cur.fatal) {
            res->verdict = RH_RACE_FREE;
            rh_result_note(res, "bmc: no race in any interleaving (every loop unwound fully; "
                                "partial-order encoding, no bound on context switches)");
            stats(res, &cur, attempts, t0);
            return 0;
        }
        if (cur.fatal || out == PO_UNKNOWN || !cur.cut || rh_now() >= deadline || rh_cancelled() ||
            !next_unwind(&a, &cur, kmax)) {
            if (!rh_cancelled())
                rh_result_note(res, "bmc: no race found with unwinding %u%s", cur.unwind,
                               cur.cut ? " (some loops or recursion cut by the bound)" : "");
            stats(res, &cur, attempts, t0);
            return 0;
        }
    }
}
