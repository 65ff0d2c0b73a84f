/* thread_graph.h - the thread-creation graph (RacerF Section 5.1).
 *
 * Threads are abstracted by (create call, start routine); main is thread 0.
 * Start routines come from the points-to analysis, so threads started
 * through function pointers and thread-create wrappers are found.  A thread
 * is "multi" when several instances of it may exist: its create call may
 * run more than once per instance of its creator (in a loop, in a function
 * called from several places or in a loop), or its creator is multi, or
 * several threads reach its create call.
 *
 * A handler registered with the library (signal, sigaction, atexit) is a
 * thread too, "async": created where it is registered, in any number of
 * instances, never joined.  A signal may arrive in any thread at any time
 * after, and C11 makes the handler's accesses unordered with the code it
 * interrupts; an atexit handler runs beside threads still running at exit.
 *
 * Contract: after rh_tg_build, each thread knows the functions it may
 * execute (reach) and those it executes at most once per instance (once).
 */
#ifndef RH_STATIC_THREAD_GRAPH_H
#define RH_STATIC_THREAD_GRAPH_H

#include "cfg.h"
#include "points_to.h"

typedef enum rh_tg_edge_kind { RH_TG_CALL, RH_TG_CREATE, RH_TG_ONCE } rh_tg_edge_kind;

/* A call instruction and the functions (with bodies) it may reach. */
typedef struct rh_tg_edge {
    LLVMValueRef inst;
    rh_tg_edge_kind kind;
    int *targets;
    int ntargets;
    int unresolved; /* may call something the analysis cannot see */
    int async;      /* CREATE: a handler registered with the library (signal, atexit) */
} rh_tg_edge;

typedef struct rh_tg_thread {
    int func;             /* entry function */
    int parent;           /* creating thread; -1 for main or when several threads create it */
    LLVMValueRef create;  /* the create call, NULL for main */
    LLVMValueRef create_arg; /* the argument that call passes the routine, or NULL
                              * (looked up once: the pair search asks per pair) */
    int multi;
    int async;            /* a registered handler: may run at any time after, or never */
    unsigned char *reach; /* per model function: may run in this thread */
    unsigned char *once;  /* per model function: runs at most once per instance */
    int *funcs, nfuncs;   /* the functions of reach, as a list */
    char *desc;           /* "main thread", "thread T1 (worker) created at a.c:3:5" */
} rh_tg_thread;

typedef struct rh_tg {
    rh_program *p;
    rh_tg_edge **edges; /* per function */
    int *nedges;
    rh_map edge_of_inst; /* call instruction -> its rh_tg_edge */
    rh_tg_thread *threads;
    int nthreads;
    int *nthreads_of_func; /* how many threads may run each function */
} rh_tg;

/* Returns 0, or -1 when the program has no main. */
int rh_tg_build(rh_tg *g, rh_program *p, rh_pt *pt, const rh_cfg *cfg);
void rh_tg_free(rh_tg *g);

/* Whether thread a is a proper ancestor of thread d (d's creator chain). */
int rh_tg_ancestor(const rh_tg *g, int a, int d);
/* Whether some thread on t's creator chain has no one known creator (or
 * the chain does not lead to main): its ancestry is not known. */
int rh_tg_unknown_origin(const rh_tg *g, int t);
/* The call edge of an instruction in function f, or NULL. */
const rh_tg_edge *rh_tg_edge_of(const rh_tg *g, int f, LLVMValueRef inst);
/* Whether object o is one concrete object (strong): a global, or a local or
 * heap object whose site runs once in a single thread that is not multi. */
int rh_tg_object_strong(const rh_tg *g, const rh_pt *pt, const rh_cfg *cfg, uint32_t o);

#endif
