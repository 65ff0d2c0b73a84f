/* bmc_walk.h - the symbolic walker that bounds the program: one walk per
 * thread instance inlines calls and unrolls loops (CBMC-style: blocks in IR
 * order, states merged at join points, back edges unwound), turning every
 * visible operation into a position of the thread (bmc.h).
 *
 * Contract: a state is the path condition plus the SSA values of the current
 * function activation; the walker owns states and frees them.  Instruction
 * and call handlers (bmc_inst.c, bmc_call.c) either update the state or end
 * the path with a KILL position (unsupported construct, bound cut, exit).
 * They return -1 only for an internal failure or an exceeded budget.
 */
#ifndef RH_BMC_WALK_H
#define RH_BMC_WALK_H

#include "bmc.h"

typedef struct rh_bmc_loop {
    int from, to;   /* the back edge, as block indices */
    int count;      /* times it was taken on this path */
} rh_bmc_loop;

typedef struct rh_bmc_state {
    Z3_ast guard;
    LLVMValueRef *keys; /* SSA values of the activation: open addressing */
    Z3_ast *vals;
    unsigned cap, len;
    int atomic;         /* depth of atomic sections */
    rh_bmc_loop *loops;
    int nloops;
} rh_bmc_state;

typedef struct rh_bmc_frame {
    LLVMValueRef fn;
    struct rh_bmc_frame *up;
} rh_bmc_frame;

/* One pthread_setspecific of the walked thread: under guard, the thread's
 * value for key became val (bmc_tsd.c). */
typedef struct rh_bmc_tsd_set {
    Z3_ast guard, key, val;
} rh_bmc_tsd_set;

typedef struct rh_bmc_walk {
    rh_bmc_ctx *c;
    int thread;
    rh_bmc_frame *frame;
    Z3_ast exit_guard;  /* paths that ended with pthread_exit */
    Z3_ast exit_val;    /* and the value they passed */
    rh_bmc_tsd_set *tsd; /* the thread's thread-specific values, oldest first */
    int ntsd, tsd_cap;
} rh_bmc_walk;

/* ---- states (bmc_state.c) ---- */
void rh_bmc_state_init(rh_bmc_state *s, Z3_ast guard);
void rh_bmc_state_copy(rh_bmc_state *dst, const rh_bmc_state *src);
void rh_bmc_state_free(rh_bmc_state *s);
void rh_bmc_state_set(rh_bmc_state *s, LLVMValueRef k, Z3_ast v);
Z3_ast rh_bmc_state_get(const rh_bmc_state *s, LLVMValueRef k);
/* Merges src into dst, which becomes the join of both paths (guards are
 * exclusive, so a value that differs becomes ite(src.guard, src, dst)). */
void rh_bmc_state_merge(rh_bmc_ctx *c, rh_bmc_state *dst, const rh_bmc_state *src);

/* ---- values and positions (bmc_inst.c) ---- */
/* The term of an operand: constant, argument or earlier instruction. */
Z3_ast rh_bmc_value(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef v);
/* Appends a position of kind k under the current guard; returns its index. */
int rh_bmc_emit(rh_bmc_walk *w, rh_bmc_state *st, rh_bmc_pkind k, LLVMValueRef inst,
                const char *what);
rh_bmc_pos *rh_bmc_posp(rh_bmc_walk *w, int i);
/* Appends a watched read of `bytes` bytes at addr; its value is a fresh
 * variable.  Valid until the next position is emitted. */
rh_bmc_pos *rh_bmc_emit_load(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef inst, Z3_ast addr,
                             unsigned bytes);
/* Ends the path: a KILL position (flags: RH_BMC_PF_CUT for bound cuts). */
void rh_bmc_kill(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef inst, unsigned flags,
                 const char *what);
/* Ends the path at an unsupported construct, which is named in the note. */
void rh_bmc_unsupported_kill(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef inst,
                             const char *what);
/* Executes one non-terminator, non-phi instruction. */
int rh_bmc_exec(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef inst);

/* ---- calls (bmc_call.c) ---- */
int rh_bmc_call(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call);

/* ---- thread-specific data (bmc_tsd.c) ---- */
/* pthread_key_create/tss_create, pthread_{get,set}specific, tss_{get,set}. */
int rh_bmc_call_tsd(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, const rh_conc_entry *e);
/* The key destructors a thread runs when it ends on st's paths; frees the
 * walk's values. */
int rh_bmc_tsd_exit(rh_bmc_walk *w, rh_bmc_state *st);
void rh_bmc_tsd_free(rh_bmc_ctx *c);
/* pthread_key_delete/tss_delete: the key's destructor no longer runs. */
void rh_bmc_tsd_delete(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call);

/* ---- named semaphores and annotations (bmc_named.c) ---- */
void rh_bmc_call_sem_open(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, const rh_conc_entry *e);
void rh_bmc_call_sem_unlink(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call);
/* bmc_annot.c: benign-race, ignore and new-memory annotations. */
void rh_bmc_call_annot(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, const rh_conc_entry *e);
void rh_bmc_call_hb(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, const rh_conc_entry *e);
void rh_bmc_named_free(rh_bmc_ctx *c);

/* ---- functions (bmc_flat.c) ---- */
/* Inlines fn with the given argument terms under st's guard; on return st
 * holds the guard of the paths that returned and *ret their value. */
int rh_bmc_inline(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef fn, Z3_ast *args,
                  unsigned nargs, Z3_ast *ret);

#endif
