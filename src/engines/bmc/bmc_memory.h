/* bmc_memory.h - memory of the bounded program as Z3 arrays, one per object
 * (bmc_region.h says which objects an address can reach), plus one for
 * addresses in no object and one for synchronisation words.
 *
 * Contract: rh_bmc_mem_effect applies the effect of one position when its
 * activity condition holds, in the sequential order the caller chooses (the
 * lazy schedule's context order); reads constrain the position's result
 * variables, blocking operations add their assumptions, both as implications
 * from the activity condition.
 */
#ifndef RH_BMC_MEMORY_H
#define RH_BMC_MEMORY_H

#include "bmc_region.h"

typedef struct rh_bmc_mem {
    rh_bmc_ctx *c;
    Z3_solver s;
    rh_bmc_regions reg;
    Z3_ast *arr;   /* per object, then "no object", then sync words */
    int nobj;
    int *objs, *objs2; /* scratch for object sets */
} rh_bmc_mem;

void rh_bmc_mem_init(rh_bmc_ctx *c, Z3_solver s, rh_bmc_mem *m);
void rh_bmc_mem_effect(rh_bmc_mem *m, int t, int i, Z3_ast act);
void rh_bmc_mem_free(rh_bmc_mem *m);

#endif
