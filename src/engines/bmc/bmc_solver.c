/* bmc_solver.c - the solver the lazy encoding's queries run on: Z3's
 * bit-vector preprocessing, then bit-blasting to its SAT solver, and Z3's
 * general SMT solver only for a formula that keeps arrays or lambdas
 * (reads of addresses in no object, bulk copies of symbolic length).
 *
 * Only for a pure bit-vector formula (Z3's probe is-qfbv); anything else,
 * floating point above all (whose encoding the SAT path does not take, and
 * whose SMT fallback was 20 times slower than the default solver on a
 * program multiplying doubles), gets Z3's default solver.
 *
 * Why not Z3's default solver: on these formulas its QF_BV strategy spends
 * much of its time in and-inverter graph rewriting before the SAT solver
 * runs (measured on the checks' own formulas, CPU seconds, default ->
 * this chain: a heap list race 5.2 -> 1.4 s, sat; a thread array's
 * unsatisfiable first bound 23.4 -> 10.8 s).  Like the default solver on a
 * first check it is not incremental; the driver copies a solver before
 * each query anyway (bmc_engine.c copy_of).  RACEHUNT_BMC_TACTIC=0 gives
 * the default solver back, for measuring.
 */
#include "bmc.h"

#include <stdlib.h>

static Z3_tactic keep(Z3_context z, Z3_tactic t)
{
    Z3_tactic_inc_ref(z, t);
    return t;
}

static Z3_tactic named(Z3_context z, const char *name)
{
    return keep(z, Z3_mk_tactic(z, name));
}

static Z3_tactic then(Z3_context z, Z3_tactic a, Z3_tactic b)
{
    Z3_tactic t = keep(z, Z3_tactic_and_then(z, a, b));
    Z3_tactic_dec_ref(z, a);
    Z3_tactic_dec_ref(z, b);
    return t;
}

/* Whether the formula of these assertions is pure QF_BV. */
static int pure_bv(Z3_context z, Z3_ast_vector v)
{
    Z3_goal g = Z3_mk_goal(z, false, false, false);
    Z3_goal_inc_ref(z, g);
    for (unsigned i = 0; i < Z3_ast_vector_size(z, v); i++)
        Z3_goal_assert(z, g, Z3_ast_vector_get(z, v, i));
    Z3_probe p = Z3_mk_probe(z, "is-qfbv");
    Z3_probe_inc_ref(z, p);
    double r = Z3_probe_apply(z, p, g);
    Z3_probe_dec_ref(z, p);
    Z3_goal_dec_ref(z, g);
    return r != 0.0;
}

Z3_solver rh_bmc_solver(rh_bmc_ctx *c, Z3_ast_vector v)
{
    Z3_context z = c->z;
    const char *env = getenv("RACEHUNT_BMC_TACTIC");
    if ((env && env[0] == '0') || !pure_bv(z, v))
        return Z3_mk_solver(z);
    static const char *const pre[] = {"simplify", "propagate-values", "solve-eqs", "elim-uncnstr",
                                      "simplify"};
    Z3_tactic t = named(z, pre[0]);
    for (size_t i = 1; i < sizeof pre / sizeof *pre; i++)
        t = then(z, t, named(z, pre[i]));
    /* fail-if-undecided: a goal the SAT solver could not take whole (arrays
     * left) fails the branch, and the SMT solver gets the simplified goal */
    Z3_tactic bv = then(z, named(z, "bit-blast"), then(z, named(z, "sat"), named(z, "fail-if-undecided")));
    Z3_tactic smt = named(z, "smt");
    Z3_tactic last = keep(z, Z3_tactic_or_else(z, bv, smt));
    Z3_tactic_dec_ref(z, bv);
    Z3_tactic_dec_ref(z, smt);
    t = then(z, t, last);
    Z3_solver s = Z3_mk_solver_from_tactic(z, t);
    Z3_tactic_dec_ref(z, t);
    return s;
}

/* The encoding's store: a solver that only keeps what is asserted.  Z3's
 * default solver rewrites each assertion as it arrives, and the memory
 * chain's assertions share ever larger terms: on a 21-thread pool program
 * (879 positions) asserting took 28 s of encoding.  Every query runs on a
 * copy made by rh_bmc_solver (bmc_engine.c copy_of), never on this one. */
Z3_solver rh_bmc_store_solver(rh_bmc_ctx *c)
{
    Z3_tactic skip = Z3_mk_tactic(c->z, "skip");
    Z3_tactic_inc_ref(c->z, skip);
    Z3_solver s = Z3_mk_solver_from_tactic(c->z, skip);
    Z3_tactic_dec_ref(c->z, skip);
    return s;
}
