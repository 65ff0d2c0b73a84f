/* bmc.h - the bmc engine's shared data: the bounded ("flat") program that
 * the symbolic walker builds from the IR, and the modules that build,
 * encode and read it back.
 *
 * Contract.  One bounding attempt (unwind K, rounds R) owns one rh_bmc_ctx
 * and one Z3 context.  rh_bmc_flatten turns every thread instance into a
 * list of numbered *positions*: the visible operations (memory accesses,
 * synchronisation, assumptions, path cuts) in a topological order of the
 * unrolled, inlined program, each with the path condition (guard) under
 * which it executes and Z3 terms over the thread's SSA values.  Everything
 * thread-local is plain SSA shared by all rounds, which is what keeps the
 * lazy encoding small.  rh_bmc_schedule then adds the lazy round-robin
 * schedule (doc/design.md [LaDR] Section 3), rh_bmc_monitor the two-phase
 * race monitor's goal (Section 4) for one class of races (bmc_pairs.c keeps
 * it to accesses that may race at all), rh_bmc_witness reads a model back
 * into a race record.
 */
#ifndef RH_BMC_H
#define RH_BMC_H

#include <z3.h>

#include "engines/engine.h"
#include "util/util.h"
#include "util/hashmap.h"

#define RH_BMC_MAX_THREADS 24    /* thread instances per bounded program */
#define RH_BMC_MAX_POSITIONS 40000 /* all threads together: larger is given up */
#define RH_BMC_MAX_WORK 60000L   /* positions x rounds beyond which deepening stops */
#define RH_BMC_CONCRETE_LOOPS 1100 /* iterations of loops whose exit is decided concretely */
#define RH_BMC_CONCRETE_FIRST 32  /* the same, before a bounded program is tried whole */
/* Thread instances (main included) that run in the first attempt; the
 * ones created beyond are created but never run.  A program that starts a
 * pool of twenty workers mostly races between two or three of them, on a
 * formula a fifth the size; the attempt proves nothing, the next one at
 * the same bounds runs every instance. */
#define RH_BMC_FIRST_THREADS 4

typedef enum rh_bmc_pkind {
    RH_BMC_P_LOAD,      /* val (a fresh variable) = memory[addr, size] */
    RH_BMC_P_STORE,     /* memory[addr, size] = val */
    RH_BMC_P_RMW,       /* out = memory[addr]; memory[addr] = op(out, val) */
    RH_BMC_P_CMPXCHG,   /* out = memory[addr]; if out == val: memory[addr] = val2 */
    RH_BMC_P_COPY,      /* memory[addr, len] = memory[addr2, len] */
    RH_BMC_P_SET,       /* memory[addr, len] = byte val */
    RH_BMC_P_LOCK,      /* blocks until the lock word at addr allows; flags below */
    RH_BMC_P_UNLOCK,
    RH_BMC_P_SYNC_SET,  /* sync word at addr = val (lock/semaphore init) */
    RH_BMC_P_SEM_WAIT,
    RH_BMC_P_SEM_POST,
    RH_BMC_P_BAR_INIT,  /* barrier at addr: count 0, participants val */
    RH_BMC_P_BAR_ARRIVE,/* out = arrivals so far, out2 = participants; arrivals++ */
    RH_BMC_P_BAR_WAIT,  /* blocks until arrivals >= val */
    RH_BMC_P_ONCE_TRY,  /* out = once word; once word = 1 if it was 0 */
    RH_BMC_P_ONCE_WAIT, /* blocks until the once word is 2 */
    RH_BMC_P_CREATE,    /* memory[addr] = thread id of instance `thread` */
    RH_BMC_P_JOIN,      /* blocks until the thread whose id is val ended */
    RH_BMC_P_ASSUME,    /* cond must hold when executed */
    RH_BMC_P_KILL,      /* must not be executed: exit, error, bound cut, unsupported */
    RH_BMC_P_NOP,       /* atomic-section markers and the thread's end */
    RH_BMC_P_FREE,      /* free(addr): a write of the whole block for the monitor */
    RH_BMC_P_HB,        /* a happens-before annotation on addr (flag RELEASE: release,
                         * else acquire): no effect on memory, only on the race monitor */
} rh_bmc_pkind;

/* flags of a position */
#define RH_BMC_PF_ATOMIC 0x01   /* the access is atomic (never races with atomic) */
#define RH_BMC_PF_SHARED 0x02   /* LOCK: reader mode */
#define RH_BMC_PF_TRY 0x04      /* LOCK/SEM_WAIT: may fail instead of blocking; out = result */
#define RH_BMC_PF_TIMED 0x08    /* like TRY, and may fail even when free */
#define RH_BMC_PF_NOSWITCH 0x10 /* inside an atomic section: no context switch after it */
#define RH_BMC_PF_CUT 0x20      /* KILL made by a bound: unwinding assumption */
#define RH_BMC_PF_END 0x40      /* NOP that is the thread's end */
#define RH_BMC_PF_RACE 0x80     /* an access the race monitor watches */
#define RH_BMC_PF_READ2 0x100   /* COPY: the source range is a watched read too */
#define RH_BMC_PF_SECTION 0x200 /* inside a __VERIFIER_atomic section: SV-COMP's
                                 * tasks count such accesses as never racing */
#define RH_BMC_PF_RELAXED 0x400 /* a relaxed atomic access: it orders nothing,
                                 * so the monitor looks through it */
#define RH_BMC_PF_LOCAL 0x800   /* an access to objects no other thread touches */
#define RH_BMC_PF_RELEASE 0x1000 /* HB: the release side of the annotation */
#define RH_BMC_PF_BENIGN 0x2000 /* NOP: a benign-race annotation on [addr, addr+len) (bmc_annot.c) */
#define RH_BMC_PF_FORGET 0x4000 /* NOP: a new-memory annotation on [addr, addr+len) (bmc_annot.c) */
#define RH_BMC_PF_IGN_R 0x8000  /* NOP: an ignore-region annotation of the thread's reads */
#define RH_BMC_PF_IGN_W 0x10000 /* ... of its writes */
#define RH_BMC_PF_IGN_END 0x20000 /* ... that ends the region (else begins it) */
#define RH_BMC_PF_RECURSIVE 0x40000 /* LOCK/UNLOCK of a recursive mutex (bmc_mutex_kind.c) */
#define RH_BMC_PF_ERRCHECK 0x80000  /* LOCK/UNLOCK of an error-checking mutex (the same);
                                     * on a SYNC_SET, a mutex init of that type, as
                                     * RH_BMC_PF_RECURSIVE is */
#define RH_BMC_PF_STRAY 0x100000    /* UNLOCK of those two that frees the mutex even when
                                     * another thread holds it: the object may hold a plain
                                     * mutex too (bmc_mutex_kind.c) */

typedef struct rh_bmc_pos {
    rh_bmc_pkind kind;
    unsigned flags;
    Z3_ast guard;        /* Bool: the path reaches it */
    Z3_ast addr, addr2;  /* address bit-vectors */
    Z3_ast len;          /* byte count (address width), for every memory kind */
    unsigned size;       /* constant byte count of LOAD/STORE/RMW/CMPXCHG */
    unsigned align;      /* their address's alignment in bytes (0 or 1: none known) */
    Z3_ast val, val2;    /* operands; LOAD: the loaded value variable */
    Z3_ast out, out2;    /* results read from memory (fresh variables) */
    Z3_ast cond;         /* ASSUME: Bool */
    int rmw_op;          /* LLVMAtomicRMWBinOp */
    unsigned fail;       /* LOCK/SEM_WAIT that may fail: the call's result when it does */
    int thread;          /* CREATE: the instance created */
    int blk_start, blk_end; /* atomic block (0-based positions) around it */
    LLVMValueRef inst;   /* the instruction, NULL for markers */
    rh_srcloc loc;
    const char *what;    /* static description for witnesses */
} rh_bmc_pos;

typedef struct rh_bmc_thread {
    int func;            /* start routine, index into prog->funcs */
    int idle;            /* beyond the attempt's thread_cap: created, never run */
    int parent, create_pos; /* creating thread and position (-1 for main) */
    Z3_ast arg;          /* argument of the start routine */
    Z3_ast retval;       /* value it returns (pthread_join's out value) */
    rh_bmc_pos *pos;
    int npos, cap;
    int end_pos;         /* the END marker */
    rh_map tls;       /* thread-local global -> address of this thread's copy */
} rh_bmc_thread;

typedef struct rh_bmc_input {
    char *name;          /* __VERIFIER_nondet_int#3 */
    Z3_ast var;
    Z3_ast guard;
    rh_srcloc loc;
    int thread, pos;     /* the position it happens before (for ordering) */
} rh_bmc_input;

/* The name of an uninitialised local's value among a witness's inputs:
 * "uninitialised 'x' of main#3" (a run is not given it: its stack decides). */
#define RH_BMC_UNINIT_INPUT "uninitialised"

/* A scanf call on standard input, for the text a witness gives a run
 * (bmc_stdin.c): its result is c->inputs[input], its conversions store val. */
#define RH_BMC_SCAN_MAX 16
typedef struct rh_bmc_scan {
    int input;
    const char *fmt;     /* the format, a constant of the module */
    int n;
    unsigned char size[RH_BMC_SCAN_MAX];
    Z3_ast val[RH_BMC_SCAN_MAX];
} rh_bmc_scan;

/* What an object of the flat address space is: the program's own memory, or
 * a table the encoding keeps for modelled library state. */
typedef enum rh_bmc_okind {
    RH_BMC_O_GLOBAL,
    RH_BMC_O_FUNCTION,
    RH_BMC_O_STACK,
    RH_BMC_O_HEAP,
    RH_BMC_O_THREAD_LOCAL,
    RH_BMC_O_LIBRARY,        /* storage a library call hands out */
    RH_BMC_O_CANCEL_PENDING, /* one pending-cancellation word per thread */
    RH_BMC_O_NAMED_SEM_TABLE,
    RH_BMC_O_NAMED_SEM,
    RH_BMC_O_TSD_KEYS
} rh_bmc_okind;

/* The words a witness uses for an object of kind k ("heap", "library storage"). */
const char *rh_bmc_okind_name(rh_bmc_okind k);

/* One global object's place in the flat address space. */
typedef struct rh_bmc_object {
    LLVMValueRef val;    /* global, function or NULL */
    uint64_t addr, size;
    rh_bmc_okind kind;
    char *name;
    /* A global's initial contents alone (bmc_layout.c): NULL when they are
     * all zero (every other object starts zero), else init_bytes when every
     * byte is a known number and the object is small, else init as an
     * array over zero memory.  Reads of one object never need mem0's other
     * initialisers. */
    unsigned char *init_bytes;
    Z3_ast init;
} rh_bmc_object;

struct rh_bmc_regions; /* bmc_region.h */

typedef struct rh_bmc_ctx {
    rh_program *prog;
    const rh_options *opt;
    Z3_context z;
    unsigned aw;           /* address width in bits */
    unsigned iw;           /* width of memory indices: the low bits of addresses */
    unsigned unwind, rounds;
    unsigned concrete_loops; /* iterations of loops whose exit is decided concretely */
    double deadline;
    rh_bmc_thread threads[RH_BMC_MAX_THREADS];
    int nthreads;
    rh_bmc_input *inputs;
    int ninputs;
    rh_bmc_scan *scans;    /* scanf calls on standard input */
    int nscans;
    Z3_ast argc;           /* main's argc, NULL when main takes none (a witness input) */
    rh_bmc_object *objs;
    int nobjs;
    rh_map objmap;      /* LLVMValueRef -> index in objs */
    rh_map ptrvars;     /* fresh variables that hold pointers read from memory */
    rh_map undefs;      /* undef constant (one per type) -> its Z3 variable */
    struct rh_bmc_prefix *prefix; /* main's prefix run concretely (bmc_prefix.h), or NULL */
    struct rh_bmc_regions *regions; /* objects each address may reach: made once the
                                     * program is bounded, shared by its users */
    uint64_t next_stack, next_heap;
    Z3_ast mem0;           /* initial memory */
    int npositions;
    int fresh;             /* counter for fresh variable names */
    int cut;               /* a bound cut real behaviour (positions flagged CUT) */
    int thread_cap;        /* instances that run (main included), 0: all; later
                            * ones are created but never run (bmc_flat.c) */
    int idle_threads;      /* instances left idle by it */
    int ncuts, ncuts_concrete; /* cuts, and those of loops decided concretely */
    int inexact;           /* something was under-approximated: no race-free */
    int fatal;             /* the encoding cannot be trusted at all: unknown */
    int fences;            /* the program has fences: relaxed accesses may order */
    char note[512];        /* first unsupported construct, with its location */
    int nnondet;           /* __VERIFIER_nondet_* inputs named so far ("name#N") */
    int nuninit;           /* uninitialised locals named so far, numbered apart */
    struct rh_bmc_key *keys; /* thread-specific data keys created (bmc_tsd.c) */
    int nkeys;
    uint64_t key_base;     /* shadow words of the keys (deleted or not) */
    int tsd_ended;         /* a thread holding thread-specific values was ended */
    struct rh_bmc_named *named; /* named semaphores by name (bmc_named.c) */
    int nnamed;
    int hb;                /* happens-before annotation positions */
    int cancel;            /* the program calls pthread_cancel (bmc_cancel.c) */
    uint64_t cancel_base;  /* its pending-cancellation words, one per thread instance */
    Z3_ast cancel_free;    /* Bool: cancellation points act by a free choice, not by the
                            * pending word: the over-approximation proofs use (bmc_cancel.c) */
    struct rh_bmc_fork *forks; /* fork positions taken as the child (bmc_process.c) */
    int nforks;
} rh_bmc_ctx;

/* A fork that continues as the child at position pos of thread: from then
 * on, the threads that existed before it never run again (bmc_sched.c). */
typedef struct rh_bmc_fork {
    int thread, pos;
} rh_bmc_fork;

/* ---- bmc_expr.c: Z3 helpers with constant folding, layout, constants ---- */
Z3_sort rh_bmc_bv_sort(rh_bmc_ctx *c, unsigned bits);
Z3_ast rh_bmc_bv(rh_bmc_ctx *c, uint64_t v, unsigned bits);
Z3_ast rh_bmc_true(rh_bmc_ctx *c);
Z3_ast rh_bmc_false(rh_bmc_ctx *c);
int rh_bmc_is_false(rh_bmc_ctx *c, Z3_ast b);
int rh_bmc_is_true(rh_bmc_ctx *c, Z3_ast b);
Z3_ast rh_bmc_and(rh_bmc_ctx *c, Z3_ast a, Z3_ast b);
Z3_ast rh_bmc_or(rh_bmc_ctx *c, Z3_ast a, Z3_ast b);
Z3_ast rh_bmc_not(rh_bmc_ctx *c, Z3_ast a);
Z3_ast rh_bmc_ite(rh_bmc_ctx *c, Z3_ast g, Z3_ast a, Z3_ast b);
Z3_ast rh_bmc_fold(rh_bmc_ctx *c, Z3_ast e); /* simplifies when all leaves are numerals */
Z3_ast rh_bmc_fresh(rh_bmc_ctx *c, const char *prefix, unsigned bits);
unsigned rh_bmc_width(rh_bmc_ctx *c, Z3_ast bv);
Z3_ast rh_bmc_resize(rh_bmc_ctx *c, Z3_ast bv, unsigned bits, int sign);
Z3_ast rh_bmc_nonzero(rh_bmc_ctx *c, Z3_ast bv);   /* Bool */
Z3_ast rh_bmc_bool_bv(rh_bmc_ctx *c, Z3_ast b);    /* Bool -> bv1 */
/* Bits an IR type occupies as a value (pointers: address width); 0 if unsupported. */
unsigned rh_bmc_type_bits(rh_bmc_ctx *c, LLVMTypeRef t);
uint64_t rh_bmc_type_size(rh_bmc_ctx *c, LLVMTypeRef t); /* ABI allocation size */
/* The memory index of an address (its low c->iw bits). */
Z3_ast rh_bmc_index(rh_bmc_ctx *c, Z3_ast addr);
/* Reads `bytes` bytes at addr from mem, little-endian; and the store. */
Z3_ast rh_bmc_mem_load(rh_bmc_ctx *c, Z3_ast mem, Z3_ast addr, unsigned bytes);
Z3_ast rh_bmc_mem_store(rh_bmc_ctx *c, Z3_ast mem, Z3_ast addr, Z3_ast val, unsigned bytes);
/* Assigns addresses to globals and functions and builds mem0.  -1 when an
 * initializer cannot be encoded (note set). */
int rh_bmc_layout(rh_bmc_ctx *c);
uint64_t rh_bmc_alloc(rh_bmc_ctx *c, rh_bmc_okind kind, uint64_t size, LLVMValueRef site);
/* Bytes an object may be accessed at: its size, or a heap block's slot. */
uint64_t rh_bmc_object_span(const rh_bmc_ctx *c, const rh_bmc_object *o);
/* The object holding a concrete address, or NULL. */
const rh_bmc_object *rh_bmc_object_at(const rh_bmc_ctx *c, uint64_t addr);
/* A constant (including constant expressions); NULL when unsupported. */
Z3_ast rh_bmc_const(rh_bmc_ctx *c, LLVMValueRef v);
/* Where the sync word of the object at addr lives (a shadow region). */
Z3_ast rh_bmc_sync_addr(rh_bmc_ctx *c, Z3_ast addr, unsigned word);
/* Flags the locks of recursive mutexes RH_BMC_PF_RECURSIVE (bmc_mutex_kind.c);
 * needs c->regions. */
void rh_bmc_mutex_kinds(rh_bmc_ctx *c);
/* The type pthread_mutex_init's attributes give (call is the init): 0 for a
 * plain mutex, RH_BMC_PF_RECURSIVE or RH_BMC_PF_ERRCHECK, or -1 when the
 * attributes are not followed (bmc_mutex_kind.c). */
int rh_bmc_attr_kind(rh_bmc_ctx *c, LLVMValueRef call);
/* A recursive mutex's sync word w, as thread t locks it: whether the lock
 * may pass (free, or held by t) and the word it leaves. */
void rh_bmc_rec_lock(rh_bmc_ctx *c, int t, Z3_ast w, Z3_ast *ok, Z3_ast *nv);
/* ... and the word t's unlock leaves (unchanged unless t holds it; with
 * stray, a free word when another thread holds it). */
Z3_ast rh_bmc_rec_unlock(rh_bmc_ctx *c, int t, Z3_ast w, int stray);
/* An error-checking mutex, in the same word with depth 1: its holder's
 * relock passes (EDEADLK) and leaves it held once, so one unlock frees it,
 * its holder's trylock fails (EBUSY); rh_bmc_rec_unlock is its unlock. */
void rh_bmc_errchk_lock(rh_bmc_ctx *c, int t, Z3_ast w, int try, Z3_ast *ok, Z3_ast *nv);
/* Records an unsupported construct: the first one becomes the note. */
void rh_bmc_unsupported(rh_bmc_ctx *c, LLVMValueRef inst, const char *what);
/* Records a construct the encoding explores but cannot prove race-free
 * (no proof, executions still explored); the first becomes the note. */
void rh_bmc_no_proof(rh_bmc_ctx *c, LLVMValueRef inst, const char *what);

/* ---- bmc_engine.c: what both encodings' drivers (bmc_engine.c, po_engine.c)
 * do around one bounded program. */
/* Sets c up for one bounded program (unwind, rounds, concrete loop
 * iterations): a Z3 context, then the front end (layout, flattening,
 * regions, locals) and the no-proof checks both encodings share
 * (relaxed_why: the note when a relaxed atomic is reachable).  1 when the
 * bounded program is ready to encode; either way c holds a Z3 context and
 * is released with rh_bmc_ctx_free and Z3_del_context. */
int rh_bmc_ctx_open(rh_bmc_ctx *c, rh_program *prog, const rh_options *o, unsigned unwind,
                    unsigned rounds, unsigned concrete, int thread_cap, double deadline,
                    const char *relaxed_why);
/* Frees what the context's front end built (threads, objects, maps, regions). */
void rh_bmc_ctx_free(rh_bmc_ctx *c);

/* ---- bmc_ops.c: the value of a pure operation (arithmetic, comparison,
 * cast, GEP, select, extract/insertvalue, floating point) of an instruction
 * or constant expression over its operand terms; NULL when unsupported. */
Z3_ast rh_bmc_op(rh_bmc_ctx *c, LLVMValueRef v, LLVMOpcode op, Z3_ast *ops, unsigned nops);

/* ---- bmc_flat.c / bmc_inst.c / bmc_call.c: the bounded program ---- */
int rh_bmc_flatten(rh_bmc_ctx *c);
void rh_bmc_free_threads(rh_bmc_ctx *c);

/* ---- bmc_sched.c: lazy schedule, memory and race monitor ---- */
typedef struct rh_bmc_enc {
    Z3_ast **cs;         /* cs[t][r]: last position (1-based) run in context (t, r) */
    Z3_ast k1, k2;       /* the two contexts of the race */
    Z3_ast sel1, sel2;   /* which watched range is the first / second access */
    int nwatch;          /* watched ranges */
    int *watch_thread, *watch_pos, *watch_second; /* per range id */
    Z3_ast race;         /* the goal */
    struct rh_bmc_side *sides; /* the two racing accesses' variables (bmc_sched.c) */
    unsigned char **partnered; /* rh_bmc_partnered, once for every class's monitor */
    unsigned cbits;      /* width of the context and position numbers */
} rh_bmc_enc;
/* The bounded program, its lazy schedule and what the race monitor needs
 * whatever races it looks for, without the goal; -1 when time ran out. */
int rh_bmc_schedule(rh_bmc_ctx *c, Z3_solver s, rh_bmc_enc *e);
/* Classes of races the monitor looks for: two plain accesses, a plain and
 * an atomic one, or any (two atomic accesses never race). */
#define RH_BMC_ANY 0
#define RH_BMC_PLAIN 1
#define RH_BMC_MIXED 2
/* Adds the race monitor's goal for races of class cls to s (a solver
 * holding rh_bmc_schedule's formula); e's watched ranges are then its. */
void rh_bmc_monitor(rh_bmc_ctx *c, Z3_solver s, rh_bmc_enc *e, int cls);
void rh_bmc_enc_free(rh_bmc_ctx *c, rh_bmc_enc *e);
/* Requires a new race to involve a watched line outside `lines` (file:line
 * pairs as "line" numbers of positions' inst locations). */
void rh_bmc_block_lines(rh_bmc_ctx *c, Z3_solver s, rh_bmc_enc *e, const unsigned *lines, int n);

/* ---- bmc_pairs.c: the watched ranges that may race at all ---- */
/* Per thread and position, bit 0 (the accessed range) and bit 1 (a copy's
 * source range) set when the range has a possible partner in another
 * thread instance; a range without one races in no execution.  Needs
 * c->regions; freed with rh_bmc_partnered_free. */
unsigned char **rh_bmc_partnered(rh_bmc_ctx *c);
void rh_bmc_partnered_free(rh_bmc_ctx *c, unsigned char **keep);

/* ---- bmc_solver.c: a new solver for a lazy encoding's query of the
 * assertions v (not incremental; the caller asserts v and takes its
 * reference) ---- */
Z3_solver rh_bmc_solver(rh_bmc_ctx *c, Z3_ast_vector v);
/* The solver the encoding asserts into: it keeps the assertions for
 * copies and is never checked itself. */
Z3_solver rh_bmc_store_solver(rh_bmc_ctx *c);

/* ---- bmc_size.c: distinct terms of s's assertions (--stats) ---- */
long rh_bmc_formula_nodes(rh_bmc_ctx *c, Z3_solver s);

/* ---- bmc_stdin.c: the standard input of a counterexample ---- */
/* Records the scanf call on standard input whose result is the input made
 * last, with its format and the values its n conversions store. */
void rh_bmc_scan_record(rh_bmc_ctx *c, const char *fmt, const uint64_t *sizes, const Z3_ast *vals, int n);
/* The text that makes the scanf calls of w's inputs (in w's order) return
 * and store what model m says (malloc'd, *len bytes), or NULL when w reads
 * no such call or no text gives those results. */
char *rh_bmc_stdin_text(rh_bmc_ctx *c, Z3_model m, const rh_witness *w, size_t *len);

/* ---- bmc_witness.c: model -> race record with witness ---- */
/* a's value in model m as an unsigned number; 0 when a is NULL or m gives
 * it no numeral (a witness then shows 0, never fails). */
uint64_t rh_bmc_eval_u64(rh_bmc_ctx *c, Z3_model m, Z3_ast a);
int rh_bmc_witness(rh_bmc_ctx *c, Z3_model m, rh_bmc_enc *e, rh_result *res, unsigned *line_a,
                   unsigned *line_b);

/* Replays the witnesses of res's counterexamples from index `first` on
 * (bmc_confirm.c): shortened when they replay into their race, downgraded
 * to likely races with a note when they do not.  Runs the program. */
void rh_bmc_confirm(rh_program *prog, const rh_options *o, double deadline, rh_result *res, int first);

#endif
