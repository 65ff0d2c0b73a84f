/* reload_bases.h - a pointer read again from the same memory cell, with
 * nothing between the two reads that could let its value change, is the
 * same pointer: `lock(&in->co->m); in->co->n++;` locks and writes one
 * struct although `in->co` is loaded twice (two SSA values), and a
 * symbolic lock (sym_locks.h) on the first load protects accesses through
 * the second.
 *
 * The rule.  Loads L1 and L2 in one function read the same address: the
 * same SSA root (a parameter, a global, an instruction) plus the same
 * constant offset, through casts and constant GEPs, with the same type,
 * neither volatile nor atomic.  L1 comes before L2 in L2's basic block
 * (so every run of L2 follows a run of L1 in the same pass through the
 * block; looking no further than the block keeps the search linear), and
 * between them no instruction
 *   - re-executes the root's definition,
 *   - is a call other than a lock or semaphore acquisition, a pure library
 *     function, a debug intrinsic, or a program function whose own body
 *     (and callees') passes this test,
 *   - is an atomic operation or a fence,
 *   - stores through a pointer that may point to the object the cell lies in.
 * Then every run of
 * L2 reads what the latest run of L1 read, or the program has a data race
 * on the cell earlier than any race concluded on from this: another
 * thread's store S that L2 sees but L1 did not is not ordered before L1 and
 * would have to be ordered before L2, which needs a release by this thread
 * after L1 (so L1 -> S -> L2 in happens-before), and the path has none (the
 * acquisitions it allows release nothing); so S races with L1 or L2, both of
 * which run before the accesses the lock protects.  A race on the cell is
 * reported on its own (its pairs are checked like any other), so a pair
 * this rule hides is never the first race of a run: the verdict stays
 * sound, and a program whose every race is hidden has none.
 *
 * L2's representative is found by walking back in its block to the nearest
 * earlier load of the same cell, stopping at any instruction the rule
 * forbids, and from there on to that load's own representative; a load
 * with none represents itself.
 *
 * Contract: rh_reload_rep(ls, v) returns v unless v is such a load, and
 * then the earliest load of the chain; results are memoised in ls->reload.
 * rh_reload_free releases them.
 */
#ifndef RH_STATIC_RELOAD_BASES_H
#define RH_STATIC_RELOAD_BASES_H

#include "lockset_types.h"

LLVMValueRef rh_reload_rep(rh_ls *ls, LLVMValueRef v);
void rh_reload_free(rh_ls *ls);

#endif
