/* po_encode.h - bmc's partial-order encoding (--bmc-encoding=po): the
 * bounded program of rh_bmc_flatten as events with order variables and a
 * reads-from relation, which bounds no context switch (the approach of the
 * partial-order bounded verifiers, doc/design.md [PO]).
 *
 * Contract.  rh_po_encode asserts on s, for a flattened rh_bmc_ctx, the
 * executions of the bounded program under sequential consistency:
 *   - every position (t, i) has an integer order o[t][i], strictly
 *     increasing along its thread, and a thread's first one after the
 *     position that creates it; thread t executes the prefix of its
 *     positions below stop[t] (a free variable: any execution prefix, so
 *     deadlocks and blocked threads are included) whose guards hold;
 *   - every memory and synchronisation access reads from the latest write
 *     of the same address before it in the order, or from the initial
 *     memory when there is none (reads-from choice variables, from-read and
 *     coherence constraints: SC, which plain accesses of a race-free
 *     program show, C11 7.17.3p21); locks, semaphores and once controls are
 *     accesses of their sync words, blocking as assumptions on the values
 *     read; joins wait for the joined thread's end; atomic sections are
 *     contiguous in the order.
 * Reads-from pairs only accesses of the same address and width.  bad is a
 * Bool that holds when two executed accesses share bytes without having
 * the same address and width, where that pairing is incomplete: a model
 * with bad is no execution, and a proof needs bad unsatisfiable.
 *
 * The race (e->race, not asserted): two watched accesses of different
 * threads, one a write, not both atomic, overlapping, that are the last two
 * events of the execution (every other executed position is ordered before
 * a time T, the racing ones and the rest of their atomic sections at or
 * after it).  In an SC execution that is adjacency, the definition of a
 * race; every adjacent pair has such a model, so unsat is race freedom of
 * the bounded program.  e's sel1, sel2 and watch tables are filled as
 * rh_bmc_schedule fills them (rh_bmc_block_lines works on them); e->cs is
 * left NULL until rh_po_schedule_from_model makes it.
 *
 * Returns 0, or -1 when the program has a construct the encoding does not
 * model (c->note names it), its size exceeds RH_PO_MAX_TERMS, or the
 * deadline passed.
 */
#ifndef RH_PO_ENCODE_H
#define RH_PO_ENCODE_H

#include "bmc.h"

#define RH_PO_MAX_TERMS 400000L /* reads-from, from-read and ordering constraints */

typedef struct rh_po_enc {
    Z3_ast **ord;       /* ord[t][i]: the position's place in the order (Int) */
    Z3_ast *stop;       /* per thread: positions below it may execute (Int) */
    Z3_ast bad;         /* Bool: mixed-width accesses to shared bytes happened */
    long terms;         /* constraints made (formula size) */
    long nrf;           /* reads-from choice variables */
} rh_po_enc;

int rh_po_encode(rh_bmc_ctx *c, Z3_solver s, rh_bmc_enc *e, rh_po_enc *po);
void rh_po_free(rh_bmc_ctx *c, rh_po_enc *po);

/* Turns a model of the race into the context form rh_bmc_witness reads:
 * the executed positions sorted by their order, cut into segments of one
 * thread, laid out on round-robin rounds; sets e->cs and c->rounds. */
void rh_po_schedule_from_model(rh_bmc_ctx *c, Z3_model m, rh_bmc_enc *e, rh_po_enc *po);

/* po_engine.c: rh_bmc_run for --bmc-encoding=po (deepening over the
 * unwinding only; a proof needs unsat with nothing cut). */
int rh_po_run(rh_program *prog, const rh_options *o, rh_budget *budget, rh_result *res, char *err);

#endif
