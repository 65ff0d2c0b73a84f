/* stable_cells.h - loads that read a value nothing changes after them: a
 * local or global cell every write of which precedes, in the one function
 * that makes them all, the load, so that every such load in one run of
 * that function reads one value whatever the threads do.
 *
 * Loops bounded by a field of a struct (`for (i = 0; i < cfg.n; i++)`
 * reloads cfg.n each round) are counted loops only when that reload reads
 * the same value each round, and a create loop and a join loop over the
 * same bound run the same rounds only when both loads read one value.
 *
 * A cell is the bytes a constant address names in a root: a local
 * (alloca) or a global defined in the program.  The root qualifies when
 * every use of its address, through GEPs and casts, is a load's or a
 * store's address or the destination or source of memcpy/memset (never
 * stored, passed to a call or turned into an integer: then no other
 * pointer reaches its bytes), and every write to it lies in the load's
 * function with no path from the load to the write.  A local belongs to
 * one run of its function; a written global only to main, which runs
 * once (its address is taken nowhere); an unwritten global to nobody.
 *
 * A root whose address is stored or passed to a call (`job->cfg = &cfg`)
 * qualifies too while the engine has registered its points-to solution,
 * when the load is in main run once and every write access of the program
 * (stores, memory and library calls, writes assumed of undefined
 * functions) whose targets may meet the load's bytes lies in main with no
 * path from the load to it: other pointers reach the bytes, so the writes
 * are found by where they point, not by the root's uses.
 *
 * Contract: reads the IR, and the points-to sets registered by
 * rh_stable_use_points_to (NULL: escaped roots never qualify);
 * "no" whenever in doubt.
 */
#ifndef RH_STATIC_STABLE_CELLS_H
#define RH_STATIC_STABLE_CELLS_H

#include "cfg.h"

struct rh_pt;

/* Registers the run's points-to solution (NULL to forget it before it is
 * freed). */
void rh_stable_use_points_to(struct rh_pt *pt, const rh_program *p);
/* Whether load v (an instruction) reads a stable cell. */
int rh_stable_load(LLVMValueRef v);
/* Whether two stable loads of one function surely read the same value:
 * the same type from the same constant address of the same root. */
int rh_stable_same(LLVMValueRef a, LLVMValueRef b);

#endif
