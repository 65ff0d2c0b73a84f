/* bmc_region.h - the objects an address term may point into (bmc_region.c).
 *
 * Contract: after rh_bmc_regions_init over a flattened program, every
 * address any execution of the bounded program computes lies in one of the
 * objects rh_bmc_objset returns for its term, or the program has undefined
 * behaviour there (an out-of-bounds or wild pointer); an empty set means no
 * object (null and wild pointers), which the caller keeps in a region of its
 * own.  Pointers the model could not follow are given the escaped objects.
 */
#ifndef RH_BMC_REGION_H
#define RH_BMC_REGION_H

#include "bmc.h"

typedef struct rh_bmc_regions {
    int nobj;             /* objects covered (c->nobjs when made) */
    unsigned nwords;      /* words per bitset */
    rh_map memo;       /* Z3 ast id + 1 -> set index */
    uint64_t *sets;
    long nsets, cap;
    uint64_t *escaped;    /* objects whose address is stored somewhere */
    int uses_escaped;
} rh_bmc_regions;

int rh_bmc_regions_init(rh_bmc_ctx *c, rh_bmc_regions *g);
void rh_bmc_regions_free(rh_bmc_regions *g);
/* Fills out[0..*n) with the object indices addr may fall into; out must
 * hold g->nobj entries. */
void rh_bmc_objset(rh_bmc_ctx *c, rh_bmc_regions *g, Z3_ast addr, int *out, int *n);
/* Flags RH_BMC_PF_LOCAL every read, write or atomic update whose objects
 * no other thread instance can touch (and stops watching it for races);
 * uses c->regions. */
void rh_bmc_mark_local(rh_bmc_ctx *c);

#endif
