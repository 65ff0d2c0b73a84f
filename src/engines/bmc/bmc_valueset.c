/* bmc_valueset.c - the few values an address term can take when it is
 * built from numerals alone: a pointer returned by a function with error
 * paths is an if-then-else of its object's address and null, and a field
 * address adds a numeral to it.  Such a term is no numeral, so without this
 * the memory model and the loaded-pointer sets (bmc_region_flow.c) treat
 * it as any address of its object: every write into the object becomes a
 * candidate of every read (a thread pool's context read through the
 * pointer its constructor returned: most of a 1.6 M-term formula).
 */
#include "bmc_region.h"

static int add_value(uint64_t *out, int n, int max, uint64_t v)
{
    for (int k = 0; k < n; k++)
        if (out[k] == v)
            return n;
    if (n >= max)
        return -1;
    out[n] = v;
    return n + 1;
}

/* Combines the value sets of the two operands of a binary operation. */
static int combine(Z3_decl_kind op, const uint64_t *a, int na, const uint64_t *b, int nb,
                   uint64_t mask, uint64_t *out, int max)
{
    int n = 0;
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++) {
            uint64_t v = op == Z3_OP_BADD ? a[i] + b[j] : op == Z3_OP_BSUB ? a[i] - b[j] : a[i] * b[j];
            if ((n = add_value(out, n, max, v & mask)) < 0)
                return -1;
        }
    return n;
}

/* visits: what is left of the nodes one term may visit (shared subterms
 * are visited once per path). */
static int value_set(rh_bmc_ctx *c, Z3_ast e, uint64_t *out, int max, int *visits)
{
    Z3_context z = c->z;
    uint64_t v;
    if (Z3_is_numeral_ast(z, e))
        return Z3_get_numeral_uint64(z, e, &v) ? add_value(out, 0, max, v) : -1;
    if (--*visits < 0 || Z3_get_ast_kind(z, e) != Z3_APP_AST)
        return -1;
    Z3_app app = Z3_to_app(z, e);
    Z3_decl_kind op = Z3_get_decl_kind(z, Z3_get_app_decl(z, app));
    unsigned w = Z3_get_bv_sort_size(z, Z3_get_sort(z, e));
    uint64_t mask = w >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << w) - 1;
    uint64_t a[RH_BMC_VALUESET_MAX], b[RH_BMC_VALUESET_MAX];
    if (op == Z3_OP_ITE) {
        int na = value_set(c, Z3_get_app_arg(z, app, 1), a, max, visits);
        int nb = na < 0 ? -1 : value_set(c, Z3_get_app_arg(z, app, 2), b, max, visits);
        if (nb < 0)
            return -1;
        int n = 0;
        for (int k = 0; k < na && n >= 0; k++)
            n = add_value(out, n, max, a[k]);
        for (int k = 0; k < nb && n >= 0; k++)
            n = add_value(out, n, max, b[k]);
        return n;
    }
    if ((op != Z3_OP_BADD && op != Z3_OP_BSUB && op != Z3_OP_BMUL) || Z3_get_app_num_args(z, app) < 2)
        return -1;
    int n = value_set(c, Z3_get_app_arg(z, app, 0), out, max, visits);
    for (unsigned i = 1; i < Z3_get_app_num_args(z, app) && n >= 0; i++) {
        int na = n, nb = value_set(c, Z3_get_app_arg(z, app, i), b, max, visits);
        if (nb < 0)
            return -1;
        for (int k = 0; k < na; k++)
            a[k] = out[k];
        n = combine(op, a, na, b, nb, mask, out, max);
    }
    return n;
}

int rh_bmc_value_set(rh_bmc_ctx *c, Z3_ast e, uint64_t *out)
{
    if (!e || Z3_get_sort_kind(c->z, Z3_get_sort(c->z, e)) != Z3_BV_SORT)
        return -1;
    int visits = 256;
    return value_set(c, e, out, RH_BMC_VALUESET_MAX, &visits);
}
