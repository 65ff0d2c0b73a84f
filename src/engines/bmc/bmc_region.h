/* bmc_region.h - the objects an address term may point into (bmc_region.c).
 *
 * Contract: after rh_bmc_regions_init over a flattened program, every
 * address any execution of the bounded program computes lies in one of the
 * objects rh_bmc_objset returns for its term, or the program has undefined
 * behaviour there (an out-of-bounds or wild pointer); an empty set means no
 * object (null and wild pointers), which the caller keeps in a region of its
 * own.  A loaded pointer gets the objects the values written where it reads
 * name (bmc_region_flow.c); pointers the model could not follow are given
 * the escaped objects.
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
    /* The pointers loaded from memory (bmc_region.c, "Loaded pointers"):
     * when flow is set, a load's value may point into lsets[r] only, r the
     * record loadrec maps its variable to (minus one); else escaped. */
    int flow;
    rh_map loadrec;
    struct rh_bmc_loadrec *loads;
    int nloads;
    uint64_t *lsets;
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

/* ---- shared by bmc_region.c and bmc_region_flow.c ---- */
/* The set of addr's objects as a bitset of g->nwords words, valid until
 * the next call; rh_bmc_regions_forget drops the sets computed so far. */
const uint64_t *rh_bmc_region_bits(rh_bmc_ctx *c, rh_bmc_regions *g, Z3_ast addr);
void rh_bmc_regions_forget(rh_bmc_regions *g);
/* Adds the objects initializer k refers to into bits; 0 when k was too
 * deep or wide to follow whole (bits then lacks some). */
int rh_bmc_init_refs(rh_bmc_ctx *c, uint64_t *bits, LLVMValueRef k, int depth);
/* Computes the loaded pointers' sets (lsets) and sets g->flow, or leaves
 * flow 0 when the program is too large for it. */
void rh_bmc_regions_flow(rh_bmc_ctx *c, rh_bmc_regions *g);

/* ---- bmc_valueset.c ---- */
#define RH_BMC_VALUESET_MAX 8
/* The values bit-vector term e can take when it is made of numerals by
 * if-then-else, addition, subtraction and multiplication, into out (room
 * for RH_BMC_VALUESET_MAX): their count, or -1 (other terms, or more). */
int rh_bmc_value_set(rh_bmc_ctx *c, Z3_ast e, uint64_t *out);

#endif
