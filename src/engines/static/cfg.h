/* cfg.h - control-flow graphs of the program's functions for the static
 * engine: blocks in layout order, successor lists, and which blocks lie on
 * a cycle (so code that may run more than once per call is known).
 *
 * Contract: rh_cfg_build indexes every function with a body once; block
 * indices are per function, 0 is the entry block.
 */
#ifndef RH_STATIC_CFG_H
#define RH_STATIC_CFG_H

#include "model/model.h"
#include "util/util.h"
#include "util/hashmap.h"

typedef struct rh_cfg_func {
    LLVMBasicBlockRef *blocks;
    int nblocks;
    int *succ_off; /* successors of block b: succ[succ_off[b] .. succ_off[b+1]) */
    int *succ;
    unsigned char *in_cycle;
} rh_cfg_func;

typedef struct rh_cfg {
    rh_cfg_func *f; /* per model function */
    int nfuncs;
    rh_map block_index; /* block -> index in its function */
    struct rh_stable *stable; /* stable cells of the run (stable_cells.h), owned by the engine;
                               * NULL: only cells whose address never escapes are stable */
} rh_cfg;

void rh_cfg_build(rh_cfg *c, const rh_program *p);
void rh_cfg_free(rh_cfg *c);
int rh_cfg_block(const rh_cfg *c, LLVMBasicBlockRef b);
/* Whether the instruction's block lies on a cycle of its function. */
int rh_cfg_inst_in_loop(const rh_cfg *c, int func, LLVMValueRef inst);
/* Whether instruction a runs before instruction b on every path from
 * their function's entry to b (a dominates b). */
int rh_cfg_dominates(LLVMValueRef a, LLVMValueRef b);
/* Whether instruction b may run after instruction a in one call of their
 * function (a path leads from a to b). */
int rh_cfg_may_follow(LLVMValueRef a, LLVMValueRef b);
/* Whether an instruction that hit(in, ctx) accepts may run after `from`
 * (exclusive) and before `site` runs, in their one function: paths stop at
 * site.  When first_edge is not NULL, from's block leaves only by it (the
 * branch taken when a call succeeded). */
int rh_cfg_reaches_before(LLVMValueRef from, LLVMValueRef site, LLVMBasicBlockRef first_edge,
                          int (*hit)(LLVMValueRef in, void *ctx), void *ctx);

#endif
