/* dyn.h - the dynamic engine's modules (doc/design.md [Ibing]): instrumenting and
 * building the program (dyn_instrument.c, dyn_build.c), running it under
 * the runtime's scheduler and reading what the runtime wrote (dyn_run.c,
 * dyn_trace.c), and turning findings into race records and witnesses
 * (dyn_report.c).  The engine executes the user's program (README.md).
 *
 * Contract: everything here owns what it allocates and frees it in the
 * matching *_free; errors are returned as -1 with one sentence in err.
 */
#ifndef RH_DYN_H
#define RH_DYN_H

#include "model/model.h"
#include "util/options.h"
#include "result/race.h"

/* One entry of the location table: loc id -> source position. */
typedef struct rh_dyn_loc {
    char *file;
    unsigned line, col;
    char *func;         /* function containing the instruction */
    char *object;       /* "global 'x'" when the address is a global, else NULL */
    char *access;       /* the source's name of what is accessed ("'*acc'"), or NULL */
    char *callee;       /* a call the runtime does not model but that may synchronise, or
                           an annotation that makes races suppressed (its name) */
    const char *frees;  /* a free or realloc call: its name, for reports ("free"), else NULL */
    int lock_class;     /* a lock call: its rh_lock_class, so a report says "mutex 'm'" as the
                           static engine's does (RH_LOCK_NONE: "lock 'm'") */
} rh_dyn_loc;

typedef struct rh_dyn_locs {
    rh_dyn_loc *items;
    int len, cap;
} rh_dyn_locs;

void rh_dyn_locs_free(rh_dyn_locs *l);

/* Clones prog->mod and instruments the clone (calls into the runtime, see
 * src/runtime/rt_abi.h); fills the location table (id 0 is "unknown").
 * Returns the clone, owned by the caller, or NULL with err set. */
LLVMModuleRef rh_dyn_instrument(rh_program *prog, rh_dyn_locs *locs, char *err);

/* Brackets every call of m to a function that may block in the kernel
 * (read, accept, poll, write, fgets, ...; dyn_blocking.c) with the
 * runtime's __rh_cc_block_begin(0) and __rh_cc_block_end(): the calling
 * thread is off the schedule while the call waits.  A run of such a
 * module does not replay a schedule step for step. */
void rh_dyn_wrap_blocking(LLVMModuleRef m);
/* Sends m's direct calls of time, times, clock, clock_gettime and
 * gettimeofday to the runtime's models of them (dyn_clock.c,
 * src/runtime/rt_clock.c): what the clock answers is an input a witness
 * records and its replay serves. */
void rh_dyn_clock_inputs(LLVMModuleRef m);
/* Puts a call of enter(arg) (type tenter) before the call instruction `in`
 * and a call of leave() (type tleave) after it, with the builder b. */
void rh_dyn_bracket_call(LLVMBuilderRef b, LLVMValueRef in, LLVMTypeRef tenter, LLVMValueRef enter,
                         LLVMValueRef arg, LLVMTypeRef tleave, LLVMValueRef leave);

/* The same for the calls that wait for a signal only (sigwait, pause,
 * sigsuspend, ...), for the engine's runs: the waiter is off the schedule
 * until the signal comes, so the others run on (and end the run). */
void rh_dyn_wrap_signal_waits(LLVMModuleRef m);

/* An instrumented executable in the cache, with its location table. */
/* ---- the executable's global variables (dyn_symbols.c) ---- */

typedef struct rh_dyn_syms rh_dyn_syms;
/* The sized symbols of exe that are global variables m defines (never
 * NULL; empty when exe cannot be read). */
rh_dyn_syms *rh_dyn_syms_load(const char *exe, LLVMModuleRef m);
void rh_dyn_syms_free(rh_dyn_syms *t);
/* The program's global variable that addr (an address of a run whose
 * runtime state lay at rt_run, its 'B' line) lies in, and the byte offset
 * in it; NULL when none does or the run's placement is unknown. */
const char *rh_dyn_global_at(const rh_dyn_syms *t, unsigned long rt_run, unsigned long addr,
                             unsigned long *off);

typedef struct rh_dyn_binary {
    char *dir;          /* cache entry */
    char *exe;
    char *locpos;       /* "LINE COL" per loc id, for replay (RH_RT_LOCS) */
    rh_dyn_locs locs;
    int rebuilt_64bit;  /* an ILP32 program was rebuilt as 64-bit code */
    char *auto_libs;    /* -l flags the link step chose itself (rh_dyn_link), or NULL */
    char *left_out;     /* symbols left out of the build (rh_dyn_link), or NULL */
    const char *const *args; /* the program's arguments in every run (--arg), borrowed */
    int nargs;
    const char *stdin_path; /* the program's standard input in every run (--stdin), or NULL */
    const char *const *env; /* --inputs=solver: entries of the runs' environment ("NAME=VALUE",
                             * "NAME": unset), and the index of substitute files
                             * (RH_RT_FILES), borrowed (dse.h's rh_dse_applied) */
    int nenv;
    const char *files_index;
    int cached;         /* reused from the cache */
    int sandboxed;      /* the runs' inputs are racehunt's choice, not the user's: each run
                         * is sandboxed where the machine allows (util/sandbox.h) */
    unsigned dse_goal_sides; /* --inputs=solver: branch sides that may lead to a thread
                              * creation or a candidate pair's access (dse.h) */
    rh_dyn_syms *syms;  /* the executable's symbols, for naming globals in reports */
} rh_dyn_binary;

/* Builds (or reuses) the instrumented binary of prog, the link step ending
 * by `deadline` (rh_now() time; 0: no deadline but the link step's own
 * 300 s).  When the program was loaded for ILP32, it is reloaded from
 * source as 64-bit code. */
int rh_dyn_build(rh_program *prog, const rh_options *o, double deadline, rh_dyn_binary *bin, char *err);
void rh_dyn_binary_free(rh_dyn_binary *bin);

/* ---- the link step (dyn_link.c, dyn_libhints.c) ---- */

/* The runtime library: $RACEHUNT_RUNTIME, else found relative to the
 * racehunt executable (installed: BINDIR/RH_RUNTIME_REL; build tree: next
 * to it), else the build tree's path compiled in.  Owned path or NULL. */
char *rh_dyn_runtime_lib(void);

/* What the link step needs to know of the module, and what it chose. */
typedef struct rh_dyn_linkin {
    char **data_syms;   /* variables the module declares without defining, NULL-terminated */
} rh_dyn_linkin;
typedef struct rh_dyn_linkout {
    char *auto_libs;    /* -l flags the link step chose itself ("-lz -ljansson"), or NULL */
    char *left_out;     /* symbols left out of the build, with the -l flag and Debian
                         * package of those a library hint knows ("f, g (no library known
                         * to racehunt)"), or NULL */
} rh_dyn_linkout;

/* Links bitcode bc with the runtime library lib and the user's link flags
 * (o->ldflags) into exe within `seconds`; temporary files go to tmp.  When
 * symbols stay undefined and rh_dyn_libhint_for knows a library for every
 * one of them, links again with those -l flags; if that succeeds,
 * res->auto_libs (owned) lists them.  When symbols still stay undefined
 * and o->refuse_undefined is not set, links again with stubs for them
 * (rh_dyn_write_stubs) and res->left_out (owned) names them.  Otherwise err
 * names them and, where rh_dyn_libhint_for knows, the -l flag and Debian
 * package that provide them. */
int rh_dyn_link(const char *bc, const char *lib, const rh_options *o, const char *exe,
                const char *tmp, double seconds, const rh_dyn_linkin *in, rh_dyn_linkout *res,
                char *err);

/* dyn_undefined.c: writes to path a C file that defines each of syms: a
 * variable (named in data_syms) as zeroed storage, a function as a call of
 * the runtime's __rh_undefined(name), which ends the run saying so.  -1
 * with err set when a name is not a C identifier or the file cannot be
 * written. */
int rh_dyn_write_stubs(const char *path, char *const *syms, int nsyms, const char *const *data_syms,
                       char *err);
/* The global variables m declares without defining, NULL-terminated; free
 * with rh_dyn_names_free. */
char **rh_dyn_data_decls(LLVMModuleRef m);
void rh_dyn_names_free(char **names);

typedef struct rh_dyn_libhint {
    const char *pattern;    /* fnmatch(3) glob over symbol names */
    const char *flag;       /* -lz */
    const char *package;    /* zlib1g-dev */
} rh_dyn_libhint;

/* The library that probably defines sym, or NULL when racehunt cannot tell. */
const rh_dyn_libhint *rh_dyn_libhint_for(const char *sym);

/* The -l flag of the library a header implies (dyn_libheaders.c: path ends
 * in "/zlib.h": "-lz"), or NULL. */
const char *rh_dyn_header_lib(const char *path);

/* ---- traces: what one run of the runtime reported (dyn_trace.c) ---- */

typedef enum rh_dyn_ev_kind {
    RH_DYN_READ, RH_DYN_WRITE, RH_DYN_RMW, RH_DYN_LOCK, RH_DYN_RDLOCK, RH_DYN_UNLOCK,
    RH_DYN_CREATE, RH_DYN_BEGIN, RH_DYN_END, RH_DYN_JOIN, RH_DYN_WAIT, RH_DYN_WAKE,
    RH_DYN_SIGNAL, RH_DYN_BROADCAST, RH_DYN_SEMWAIT, RH_DYN_SEMPOST, RH_DYN_BARRIER,
    RH_DYN_DEPART, RH_DYN_ABEGIN, RH_DYN_AEND, RH_DYN_ONCE, RH_DYN_NONDET, RH_DYN_NOP,
    RH_DYN_TIMEOUT, /* a timed wait timed out: addr its object, aux a join's thread */
    RH_DYN_OTHER
} rh_dyn_ev_kind;

typedef struct rh_dyn_event {
    int tid;
    unsigned loc;
    rh_dyn_ev_kind kind;
    int atomic;
    unsigned long addr, size;
    long long value;
    long aux;           /* create/join: thread; access: 1 when value is known */
    int step;           /* ends a scheduling point */
} rh_dyn_event;

typedef struct rh_dyn_obs {     /* one race the runtime saw */
    unsigned long addr, size;
    unsigned long ev[2];
    int tid[2];
    unsigned loc[2];
    int write[2], atomic[2];
    unsigned *stack[2];
    int nstack[2];
    unsigned long *locks;       /* held by the later access */
    int nlocks;
    unsigned hide;              /* loc of the annotation that makes it suppressed, or 0 */
    unsigned ordered_by;        /* loc of a racing read that alone orders the pair, or 0
                                   (src/runtime/rt_shadow.c, ordering_race) */
    unsigned *ordered_stack;    /* that read's call sites, innermost first */
    int nordered_stack;
    /* a replay's: schedule lines taken when it was met (-1: not a replay),
     * whether no scheduling point came since the last was taken, and the
     * departures so far (rt_shadow.c's 'S' line; wit_group.c) */
    long sched_pos;
    int sched_fresh;
    unsigned long sched_div;
    unsigned long sched_visits; /* the later thread's visits to its line since (cut replays) */
} rh_dyn_obs;

typedef struct rh_dyn_trace {
    rh_dyn_event *ev;
    long nev;
    rh_dyn_obs *races;
    int nraces;
    struct { int tid, parent; unsigned loc; unsigned *stack; int nstack; } *threads; /* stack:
                               the creator's call sites, innermost first */
    int nthreads;
    struct { unsigned loc, bits; long long value; } *inputs;
    int ninputs;
    struct { int tid; unsigned call, word; long long value; } *clocks; /* the clock's answers
                               (rt_clock.c), in the order served */
    int nclocks;
    char end[32];       /* exit, cutoff, deadlock, assume, error, crash, or "" */
    char *end_detail;
    unsigned long steps, diverged;
    long depart_step;       /* schedule step of the first departure (replay), -1 if none */
    long followed;          /* schedule lines a cut replay took before any departure ('P') */
    unsigned long choices;  /* points where another thread could have run (PCT's k) */
    unsigned *unmodelled;   /* locs of calls that may synchronise unmodelled, as run */
    int nunmodelled;
    struct { unsigned loc[2], by; } *held_back; /* races such a call (loc by) may order */
    int nheld_back;
    rh_dyn_obs *seen;       /* those races in full ('Q' lines): reported as likely */
    unsigned *seen_by;      /* per seen race: the call's loc */
    int nseen;
    struct rh_dyn_heap_block { unsigned long addr, off, size; unsigned loc; unsigned *stack; int nstack; } *heap;
                            /* addresses in heap blocks: the allocating call, its call sites */
    int nheap;
    unsigned long rt_addr;  /* where the runtime's state lay in this run ('B'), 0 unknown */
} rh_dyn_trace;

int rh_dyn_trace_parse(const char *text, rh_dyn_trace *t);
/* Appends the events of a binary event file (len bytes of rh_rt_event
 * records, src/runtime/rt_abi.h) to t, after any it has. */
void rh_dyn_trace_add_events(rh_dyn_trace *t, const void *data, size_t len);
void rh_dyn_trace_free(rh_dyn_trace *t);

/* ---- runs (dyn_run.c) ---- */

#define RH_DYN_NO_STEP_LIMIT (~0ul)

typedef struct rh_dyn_runspec {
    const char *strategy;      /* pct | random | fifo | replay */
    unsigned long seed;
    unsigned long pct_k;
    int pct_d;
    unsigned long max_steps;   /* 0: the default; RH_DYN_NO_STEP_LIMIT: none */
    unsigned long trace_cap;   /* events to log */
    const char *sched_file;    /* replay */
    const char *inputs_file;
    const char *clocks_file;   /* replay: the clock's answers (RH_RT_CLOCKS), or NULL */
    char *const *args;         /* program arguments, may be NULL */
    int nargs;
    double timeout;
    int no_time_limit;         /* the runtime sets itself no limit below timeout: a run whose
                                  report says how far it got is as good killed (wit_group.c) */
    int passthrough;           /* keep the program's output (for the engine's notes) */
    int inherit_stdio;         /* the program's streams are racehunt's own, byte for byte
                                  (racehunt run; rh_proc_caps.inherit_stdio) */
    const char *target;        /* a directed run's pair (RH_RT_TARGET), or NULL */
    const char *sym_log;       /* a concolic run's log (RH_RT_SYM, dse.h), or NULL */
    const char *stdin_path;    /* the program's standard input instead of bin's, or NULL */
} rh_dyn_runspec;

typedef struct rh_dyn_outcome {
    rh_dyn_trace trace;
    int timed_out, exited, status;
    char *out, *errout;        /* program output when passthrough */
} rh_dyn_outcome;

int rh_dyn_run_once(const rh_dyn_binary *bin, const char *workdir, const rh_dyn_runspec *spec,
                    rh_dyn_outcome *res, char *err);
void rh_dyn_outcome_free(rh_dyn_outcome *res);
/* Says in res how the runs' processes were contained (proc.h): the stat
 * ENGINE.containment.pid_namespace or ENGINE.containment.process_group,
 * and a note when it is the process-group fallback. */
void rh_dyn_note_containment(rh_result *res, const char *engine);

/* ---- directed runs at the static engine's candidates (dyn_directed.c) ---- */

int rh_dyn_ncandidates(void);
/* "a.c:12 and a.c:30", a new string */
char *rh_dyn_candidate_text(int k);
/* candidate k's runtime target (RH_RT_TARGET: loc ids of its two lines,
 * "A,A;B,B"), or NULL when the build has no access at one of them */
char *rh_dyn_target_spec(const rh_dyn_binary *bin, int k);
/* 1 when race o of a run is candidate k's pair of lines */
int rh_dyn_candidate_met(int k, const rh_dyn_binary *bin, const rh_dyn_obs *o);
/* The ids of bin's locations at a line of any candidate pair (*n of them),
 * an array the caller frees. */
unsigned *rh_dyn_candidate_locs(const rh_dyn_binary *bin, int *n);
/* The same as rh_dyn_target_spec and rh_dyn_candidate_met for any pair of
 * lines (file[i]:line[i], in either order). */
char *rh_dyn_pair_target(const rh_dyn_binary *bin, char *const file[2], const unsigned line[2]);
int rh_dyn_obs_at(const rh_dyn_binary *bin, const rh_dyn_obs *o, char *const file[2],
                  const unsigned line[2]);

/* ---- how a run ended (dyn_ending.c) ---- */

typedef enum rh_dyn_ending {
    RH_DYN_END_EXIT,       /* the program exited (the runtime reported it) */
    RH_DYN_END_CRASH,      /* a signal the runtime caught: SIGSEGV, SIGABRT, ... */
    RH_DYN_END_NO_REPORT,  /* exited, but the runtime's report has no end: _exit(), or the
                              program closed the runtime's descriptors */
    RH_DYN_END_KILLED,     /* a signal the runtime does not catch, before any report */
    RH_DYN_END_TIME,       /* racehunt killed it at its time limit */
    RH_DYN_END_CUTOFF,     /* the runtime ended it at its step or time limit */
    RH_DYN_END_UNDEFINED,  /* it called a function left out of the build */
    RH_DYN_END_OTHER       /* deadlock, assume, limit, error */
} rh_dyn_ending;

rh_dyn_ending rh_dyn_ending_of(const rh_dyn_outcome *out);

/* 1 when out ended before creating a thread, took no nondet input and
 * ended by exit, crash, an unreported exit or signal, or a call of a
 * function left out of the build: a run of the same
 * binary and arguments ends the same way whatever the schedule, so more
 * runs show nothing (only the environment, time or rand() could differ). */
int rh_dyn_ending_repeats(const rh_dyn_outcome *out);

/* "SIGSEGV (segmentation fault: ...)" or "signal N".  A new string. */
char *rh_dyn_signal_text(int sig);

/* A crash of trace t (END crash) in words: its signal, the crashing
 * thread and its last instrumented point (the faulting access when an
 * access faulted) as file:line:col in func().  A new string. */
char *rh_dyn_crash_text(const rh_dyn_binary *bin, const rh_dyn_trace *t);

/* The first lines (at most 3, about 190 characters) of what the run
 * printed, stderr first, quoted; NULL when it printed nothing or the run
 * was made without passthrough.  A new string. */
char *rh_dyn_output_head(const rh_dyn_outcome *out);

/* How the run ended, as a clause: "exited with status 2 after 14 steps;
 * its output began \"usage: ...\"", "crashed with SIGSEGV (...) in the
 * main thread T0, at or just after a.c:9:5 in main()".  A new string. */
char *rh_dyn_ending_text(const rh_dyn_binary *bin, const rh_dyn_outcome *out);

/* ---- findings (dyn_report.c) ---- */

/* Names of thread tid in a trace: "main thread" / "thread T2 created at f.c:3:5". */
char *rh_dyn_thread_desc(const rh_dyn_binary *bin, const rh_dyn_trace *t, int tid);

/* A race record for observation i of trace t, with a witness built from the
 * trace's schedule when the trace covers it.  `program` names the inputs. */
/* The same for t->seen[i]: evidence RH_EV_SEEN, no witness (no replay
 * can show a race an unmodelled call may order), the call as its caveat. */
void rh_dyn_race_from_seen(const rh_dyn_binary *bin, const rh_dyn_trace *t, int i,
                           const char *program, rh_race *out);
void rh_dyn_race_from_obs(const rh_dyn_binary *bin, const rh_dyn_trace *t, int i,
                          const char *program, unsigned long seed, rh_evidence ev, rh_race *out);

/* The witness of a schedule prefix: steps of t up to event `upto`, its inputs. */
rh_witness *rh_dyn_witness(const rh_dyn_binary *bin, const rh_dyn_trace *t, long upto,
                           const char *program, unsigned long seed, long ev_a, long ev_b);

/* Writes a witness's schedule, nondet inputs and the clock's answers
 * (inputs "clock:T:K:W") as runtime replay files. */
int rh_dyn_write_replay(const rh_witness *w, const char *sched, const char *inputs,
                        const char *clocks, char *err);

/* The argc a witness's run needs (its input "argc", bmc's choice), 1
 * when it names none, -1 when no run can have it (over RH_DYN_MAX_ARGC). */
#define RH_DYN_MAX_ARGC 64
int rh_dyn_witness_argc(const rh_witness *w);

#endif
