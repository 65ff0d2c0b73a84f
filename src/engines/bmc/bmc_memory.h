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
    rh_bmc_regions *reg;  /* the context's */
    struct rh_bmc_wlist *lists; /* per object, then "no object", then sync words */
    int nobj;
    rh_map memo;          /* hash of (address, object, list length, alignment) -> newest memo entry */
    struct rh_bmc_memo *memos; /* the byte each such read gave, chained per hash */
    long nmemos, capmemos;
    int *objs, *objs2; /* scratch for object sets */
    /* The values the address of the byte being read can take, when it is
     * no numeral but one of a few (bmc_valueset.c); nxv <= 0: not known. */
    uint64_t xv[RH_BMC_VALUESET_MAX];
    int nxv;
} rh_bmc_mem;

/* Needs c->regions (made after the program is bounded). */
void rh_bmc_mem_init(rh_bmc_ctx *c, Z3_solver s, rh_bmc_mem *m);
void rh_bmc_mem_effect(rh_bmc_mem *m, int t, int i, Z3_ast act);
void rh_bmc_mem_free(rh_bmc_mem *m);
/* Bool: addr lies in object o (always true for the two extra regions). */
Z3_ast rh_bmc_mem_inside(rh_bmc_mem *m, int o, Z3_ast addr);

/* ---- bmc_store.c: contents as lists of conditional writes ---- */
/* Where a byte lies in the access it belongs to: the access's address,
 * the byte's index in it, and the alignment (bytes) the address has.  Two
 * accesses whose addresses are aligned to g can only share bytes whose
 * indices agree modulo g, which rules out most byte pairs of pointer-sized
 * accesses through symbolic pointers.  LLVM's `align` on a load or store
 * is a promise of the front end (a misaligned access is undefined, C11
 * 6.3.2.3p7), so the alignment is the instruction's. */
typedef struct rh_bmc_lane {
    Z3_ast base;
    unsigned index, align;
} rh_bmc_lane;

void rh_bmc_store_init(rh_bmc_mem *m);
void rh_bmc_store_free(rh_bmc_mem *m);
/* The byte at address x of object o now; ln may be NULL (alignment 1). */
Z3_ast rh_bmc_store_read(rh_bmc_mem *m, int o, Z3_ast x, const rh_bmc_lane *ln);
void rh_bmc_store_write(rh_bmc_mem *m, int o, Z3_ast cond, Z3_ast x, Z3_ast byte,
                        const rh_bmc_lane *ln);
/* A bulk write of len bytes at dst: a copy from src (which may reach the
 * objects sobjs) or, when src is NULL, a fill with byte fill. */
void rh_bmc_store_bulk(rh_bmc_mem *m, int o, Z3_ast cond, Z3_ast dst, Z3_ast len, Z3_ast src,
                       const int *sobjs, int ns, Z3_ast fill);

#endif
