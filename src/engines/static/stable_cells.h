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
 * qualifies too when the context was made with a points-to solution,
 * when the load is in main run once and every write access of the program
 * (stores, memory and library calls, writes assumed of undefined
 * functions) whose targets may meet the load's bytes lies in main with no
 * path from the load to it: other pointers reach the bytes, so the writes
 * are found by where they point, not by the root's uses.
 *
 * Contract: reads the IR, and the points-to sets of the context (a NULL
 * context, or one made without a solution: escaped roots never qualify);
 * "no" whenever in doubt.  No state outside the context: each run of the
 * engine makes its own (rh_cfg.stable) and frees it.
 */
#ifndef RH_STATIC_STABLE_CELLS_H
#define RH_STATIC_STABLE_CELLS_H

#include "cfg.h"

struct rh_pt;
typedef struct rh_stable rh_stable;

/* A context over the run's points-to solution (pt may be NULL); it caches
 * answers and must be freed before the solution. */
rh_stable *rh_stable_new(struct rh_pt *pt, const rh_program *p);
void rh_stable_free(rh_stable *st);
/* Whether load v (an instruction) reads a stable cell. */
int rh_stable_load(rh_stable *st, LLVMValueRef v);
/* Whether two stable loads of one function surely read the same value:
 * the same type from the same constant address of the same root. */
int rh_stable_same(rh_stable *st, LLVMValueRef a, LLVMValueRef b);

#endif
