/* bmc_size.c - the size of a bounded program's formula, for --stats: the
 * distinct terms (a DAG count, shared subterms once) of a solver's
 * assertions, so encodings and bounds can be compared by what the solver
 * receives rather than by the number of assertions, which says little
 * (one assertion may hold a read's whole if-then-else chain).
 */
#include "bmc.h"
#include "util/hashmap.h"

#include <stdlib.h>

/* Pushes a's unvisited arguments; counts a. */
static long visit(Z3_context z, rh_map *seen, Z3_ast a, Z3_ast **stack, long *n, long *cap)
{
    if (rh_map_get(seen, Z3_get_ast_id(z, a), 0))
        return 0;
    rh_map_put(seen, Z3_get_ast_id(z, a), 1);
    if (Z3_get_ast_kind(z, a) != Z3_APP_AST)
        return 1;
    Z3_app app = Z3_to_app(z, a);
    unsigned k = Z3_get_app_num_args(z, app);
    for (unsigned i = 0; i < k; i++) {
        if (*n == *cap) {
            *cap = *cap ? 2 * *cap : 1024;
            *stack = rh_xrealloc(*stack, (size_t)*cap * sizeof **stack);
        }
        (*stack)[(*n)++] = Z3_get_app_arg(z, app, i);
    }
    return 1;
}

long rh_bmc_formula_nodes(rh_bmc_ctx *c, Z3_solver s)
{
    Z3_context z = c->z;
    Z3_ast_vector v = Z3_solver_get_assertions(z, s);
    Z3_ast_vector_inc_ref(z, v);
    rh_map seen = {0};
    Z3_ast *stack = NULL;
    long n = 0, cap = 0, nodes = 0;
    for (unsigned i = 0; i < Z3_ast_vector_size(z, v); i++) {
        nodes += visit(z, &seen, Z3_ast_vector_get(z, v, i), &stack, &n, &cap);
        while (n > 0) {
            Z3_ast a = stack[--n];
            nodes += visit(z, &seen, a, &stack, &n, &cap);
        }
    }
    free(stack);
    rh_map_free(&seen);
    Z3_ast_vector_dec_ref(z, v);
    return nodes;
}
