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
    rh_map vals;        /* SSA value of the activation -> its Z3 term */
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

/* A cleanup handler that glibc's pthread_cleanup_push registered on the
 * walked thread (bmc_cancel.c). */
typedef struct rh_bmc_cleanup {
    LLVMValueRef buf;   /* the region's __pthread_unwind_buf_t (an alloca) */
    LLVMValueRef call;  /* routine(arg), the call its sigsetjmp's second return makes */
    Z3_ast fnv, argv;   /* that call's callee and argument at registration (NULL: constants) */
    Z3_ast on;          /* Bool: the paths on which it is registered now */
} rh_bmc_cleanup;

typedef struct rh_bmc_walk {
    rh_bmc_ctx *c;
    int thread;
    rh_bmc_frame *frame;
    Z3_ast exit_guard;  /* paths that ended with pthread_exit */
    Z3_ast exit_val;    /* and the value they passed */
    rh_bmc_tsd_set *tsd; /* the thread's thread-specific values, oldest first */
    int ntsd, tsd_cap;
    /* cancellation (bmc_cancel.c): the thread's state as SSA of the walk */
    Z3_ast cancel_off;  /* Bool: disabled by pthread_setcancelstate (NULL: enabled) */
    Z3_ast cancel_async; /* Bool: asynchronous type (NULL: deferred) */
    rh_bmc_cleanup *cleanup; /* registered handlers, oldest first */
    int ncleanup, cleanup_cap;
    int unwinding;      /* running cleanup handlers: no cancellation point acts */
    Z3_ast unwind_guard, unwind_val; /* paths ending inside cleanup regions, whose
                                      * handlers have not all run yet, and their value */
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
/* Records v as an input the execution reads at inst (a witness lists it
 * under name, which it takes over, when the model takes this path). */
void rh_bmc_add_input(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef inst, char *name, Z3_ast v);
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

/* ---- cancellation and cleanup handlers (bmc_cancel.c) ---- */
/* Whether the program may cancel threads (it calls pthread_cancel): only
 * then do cancellation points act. */
void rh_bmc_cancel_init(rh_bmc_ctx *c);
/* The calls of RH_F_CANCEL rows: pthread_cancel, pthread_testcancel,
 * pthread_setcancel{state,type}, glibc's cleanup regions. */
int rh_bmc_call_cancel(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, const rh_conc_entry *e);
/* A cancellation point (optional: the library may or may not act there);
 * step: the call is a scheduling point of a run, so the check is a step
 * of witnesses. */
int rh_bmc_cancel_point(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, int optional, int step);
/* Ends st's paths as pthread_exit(v) does: the registered cleanup
 * handlers run, newest first, then the thread ends with value v. */
int rh_bmc_thread_exit(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, Z3_ast v);
/* At the end of the thread's walk: the handlers still due run, and the
 * paths that unwound end; frees the walk's handlers. */
int rh_bmc_cleanup_finish(rh_bmc_walk *w);

/* ---- processes (bmc_process.c) ---- */
/* fork: continues as the parent or as the child (whose other threads never run again). */
void rh_bmc_call_fork(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call);
/* wait/waitpid in a process: 1 when call is one of them (then handled). */
int rh_bmc_call_wait(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, const rh_conc_entry *e);

/* ---- functions (bmc_flat.c) ---- */
/* Inlines fn with the given argument terms under st's guard; on return st
 * holds the guard of the paths that returned and *ret their value. */
int rh_bmc_inline(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef fn, Z3_ast *args,
                  unsigned nargs, Z3_ast *ret);

#endif
