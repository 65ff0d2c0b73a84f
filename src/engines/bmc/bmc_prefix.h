/* bmc_prefix.h - main's deterministic prefix run concretely (bmc_prefix.c).
 *
 * Contract.  rh_bmc_prefix runs, over the flattened program (before the
 * regions are made), main's positions from its first one up to the first it
 * cannot run exactly: a thread creation, a lock, an input, a bound's cut,
 * anything whose guard or operands are not numbers once the loads before
 * it are known.  Those positions run in every execution, alone and in that
 * order (no other thread exists yet), so their effect is a constant: the
 * memory accesses among them leave thread 0, their objects start with the
 * contents they left (rh_bmc_object's init and init_bytes, and mem0), and
 * their loaded values replace the load variables in every remaining term.
 * Positions run but kept (synchronisation-word settings, markers) touch no
 * object's memory, so their order against the removed ones is immaterial.
 * When nothing runs, or RACEHUNT_BMC_PREFIX=0, the program is unchanged.
 * rh_bmc_prefix_refs gives the objects whose addresses an object's
 * prefix contents hold (for the regions, as an initializer's references);
 * rh_bmc_prefix_assert asserts the loaded values into a solver (a safety
 * net: a term that still names a removed load keeps its value).
 */
#ifndef RH_BMC_PREFIX_H
#define RH_BMC_PREFIX_H

#include "bmc.h"

/* Runs the prefix and rewrites c; returns the positions removed. */
int rh_bmc_prefix(rh_bmc_ctx *c);
/* Adds to bits (a bitset over c's objects) the objects object o's prefix
 * contents point into; nothing when o kept its initial contents. */
void rh_bmc_prefix_refs(rh_bmc_ctx *c, int o, uint64_t *bits);
/* The same for the values overlapping [a, a + n) of object o; 0 (bits
 * unchanged) when o kept its initial contents. */
int rh_bmc_prefix_refs_at(rh_bmc_ctx *c, int o, uint64_t a, uint64_t n, uint64_t *bits);
void rh_bmc_prefix_assert(rh_bmc_ctx *c, Z3_solver s);
void rh_bmc_prefix_free(rh_bmc_ctx *c);

#endif
