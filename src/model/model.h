/* model.h - the program model every engine shares: the linked, normalised
 * LLVM module plus tables of what matters to race detection.
 *
 * Contract: rh_model_build reads the module once and fills
 *   - funcs:    every function with a body, with its direct callees;
 *   - accesses: one record per (instruction, pointer operand) that touches
 *               memory: loads, stores, atomic read-modify-writes and
 *               compare-exchanges, and the memory-library calls of the
 *               concurrency table (memcpy gives a write and a read record);
 *   - syncs:    every call the concurrency table gives a meaning to that is a
 *               thread or synchronisation operation, plus calls of unknown
 *               external functions and indirect calls (op RH_OP_NONE), so
 *               engines can see what they cannot model;
 *   - threads:  thread entry points named by a direct create call with a
 *               constant start routine.
 * Records keep LLVMValueRefs so engines can walk the IR themselves; the
 * program owns the module and context and frees them in rh_model_free.
 */
#ifndef RH_MODEL_H
#define RH_MODEL_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <stdint.h>
#include <stdio.h>

#include "concurrency.h"

/* A source position; file is interned in the program (never freed early). */
typedef struct rh_srcloc {
    const char *file;
    unsigned line, col;
} rh_srcloc;

typedef enum rh_access_kind { RH_ACC_READ = 1, RH_ACC_WRITE = 2, RH_ACC_RMW = 3 } rh_access_kind;

typedef struct rh_access {
    LLVMValueRef inst;      /* the load/store/atomic/call instruction */
    LLVMValueRef ptr;       /* the address accessed */
    rh_access_kind kind;
    uint64_t size;          /* bytes; 0 when not a constant: then size_value, or when
                               that is NULL too, the whole object (free, strcpy, %s) */
    LLVMValueRef size_value;/* byte count operand of a memory call, or NULL */
    unsigned atomic : 1;    /* atomic instruction: never races with another atomic */
    unsigned is_volatile : 1;
    unsigned from_call : 1; /* made by a memory-library call */
    unsigned assumed : 1;   /* made by a function nobody defines, by the stated assumption
                               that it touches what its arguments reach: never a must-race */
    unsigned lock_word : 1; /* a lock operation's access of the lock's own memory (its first
                               4 bytes): lock and unlock read it, init and destroy write it,
                               so a lock call races with a free, destroy, init or plain write
                               of the lock and never with another lock call */
    rh_srcloc loc;
    rh_srcloc *inlined_at;  /* chain of call sites this code was inlined into */
    int ninlined;
    int func;               /* index into funcs */
} rh_access;

typedef struct rh_sync {
    LLVMValueRef inst;             /* the call */
    const rh_conc_entry *entry;    /* meaning; NULL for unknown/indirect calls */
    const char *callee;            /* callee name, NULL when indirect */
    rh_srcloc loc;
    int func;
} rh_sync;

typedef struct rh_function {
    LLVMValueRef fn;
    const char *name;
    rh_srcloc loc;           /* where it is defined */
    int atomic;              /* __VERIFIER_atomic_*: runs without interruption */
    int first_access, naccesses;  /* slice of accesses */
    int first_sync, nsyncs;       /* slice of syncs */
    int *callees;            /* direct callees with bodies (indices) */
    int ncallees;
    int has_indirect_calls;
} rh_function;

typedef struct rh_thread_entry {
    int func;           /* start routine */
    int create_sync;    /* the create call in syncs */
} rh_thread_entry;

typedef struct rh_program {
    LLVMContextRef ctx;
    LLVMModuleRef mod;
    LLVMTargetDataRef td;
    rh_conc_table conc;
    int ilp32;
    rh_function *funcs;
    int nfuncs;
    rh_access *accesses;
    int naccesses;
    rh_sync *syncs;
    int nsyncs;
    rh_thread_entry *threads;
    int nthreads;
    int main_func;          /* index of main, -1 when missing */
    char **strings;         /* interned file names */
    int nstrings;
} rh_program;

/* Builds the model of a linked, normalised module.  Takes ownership of ctx
 * and mod (and of conc's user entries).  Returns 0, or -1 with err set. */
int rh_model_build(rh_program *p, LLVMContextRef ctx, LLVMModuleRef mod, rh_conc_table conc,
                   int ilp32, char *err);
void rh_model_free(rh_program *p);

/* Index of the function whose value is fn, or -1. */
int rh_model_func_index(const rh_program *p, LLVMValueRef fn);

/* Debug location of an instruction (file "?" and line 0 when it has none). */
rh_srcloc rh_model_inst_loc(rh_program *p, LLVMValueRef inst);

/* The concurrency-table entry of a call instruction, or NULL. */
const rh_conc_entry *rh_model_call_entry(const rh_program *p, LLVMValueRef call);

/* The called function of a direct call (after stripping casts), or NULL. */
LLVMValueRef rh_model_called_function(LLVMValueRef call);

/* Whether fn's address is a value anywhere in the program: a use other
 * than the callee of a direct call (a thread start routine, a callback, a
 * function table in a global).  A function pointer can equal only such a
 * function: computing another's address is undefined behaviour. */
int rh_model_address_taken(LLVMValueRef fn);

/* Whether v is the null pointer constant (NULL, a null function pointer). */
int rh_model_null(LLVMValueRef v);

/* The text of a constant C string operand (a constant global's
 * initializer), or NULL. */
const char *rh_model_const_string(LLVMValueRef v);
/* fn's first parameter, or NULL when it has none (a start routine declared
 * `void *run()`: LLVMGetParam would read past its parameters). */
static inline LLVMValueRef rh_model_first_param(LLVMValueRef fn)
{
    return fn && LLVMCountParams(fn) > 0 ? LLVMGetParam(fn, 0) : NULL;
}
/* The calls in m of functions it declares but does not define (library
 * calls), in layout order, collected before the caller sees any, so it may
 * insert instructions around each.  Sets *n; the array is the caller's. */
LLVMValueRef *rh_model_declared_calls(LLVMModuleRef m, int *n);

/* What a scanf-like call (RH_F_SCAN, format at argument fmt_arg) assigns:
 * sizes[k] is the byte size its k-th assigned argument receives (0: a
 * string of unknown length).  Returns the number of assigned arguments, or
 * -1 when the format is not a constant, assigns a pointer (%p), which no
 * engine follows, or has %n, which assigns without counting in the result. */
int rh_model_scan_sizes(const rh_program *p, LLVMValueRef call, int fmt_arg, uint64_t *sizes,
                        int max);
/* The same with %n among the arguments the call writes (an int, or what its
 * length modifier says): every argument it may write, not the result's
 * count. */
int rh_model_scan_writes(const rh_program *p, LLVMValueRef call, int fmt_arg, uint64_t *sizes,
                         int max);

/* The pseudo-global standing for a hidden library state ("libc: strtok's
 * static buffer"), added to the module on first use; per_thread (a row's
 * RH_F_STATE_TLS) makes it a thread-local global, one object per thread. */
LLVMValueRef rh_model_state_global(rh_program *p, const char *state, int per_thread);

/* The hidden state a library-specification entry uses, or NULL (always
 * NULL in --svcomp mode: library state is not program memory there). */
const char *rh_model_row_state(const rh_program *p, const rh_conc_entry *e);

/* Whether calls of callee, declared and defined nowhere and in no table,
 * are analysed by assumption (it touches only memory reachable from its
 * arguments, creates no threads, takes no locks) rather than unsupported:
 * not with --strict or --svcomp, never for names of thread or
 * synchronisation families (rh_conc_may_sync), nor when a lock or shared
 * memory behind a pointer is passed to it (the static engine checks that). */
int rh_model_assumed_external(const rh_program *p, LLVMValueRef callee);

/* Writes the --dump-model listing. */
void rh_model_dump(const rh_program *p, FILE *out);

#endif
