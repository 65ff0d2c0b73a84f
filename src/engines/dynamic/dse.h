/* dse.h - dynamic symbolic execution for the dynamic engine (--inputs=solver;
 * papers/003 Ibing, SymCC, SAGE): a concolic build of the program
 * (dse_instrument.c) records, in each run, the branch conditions over its
 * inputs (argc and argv bytes, standard input, __VERIFIER_nondet_* values;
 * src/runtime/rt_sym_abi.h); the search (dse_search.c) solves negated
 * branch conditions with Z3 for new inputs and runs the schedule search on
 * each input that reaches new code.
 *
 * Contract: nothing here changes a build or a run unless --inputs=solver
 * is given; errors are -1 with one sentence in err.
 */
#ifndef RH_DSE_H
#define RH_DSE_H

#include <llvm-c/Core.h>
#include "util/options.h"
#include "result/race.h"

/* Adds the expression-building calls (rt_sym_abi.h) to m, which
 * rh_dyn_instrument made: after it, a run with RH_RT_SYM set writes its
 * symbolic branches.  Each branch side that may lead to a goal is marked
 * (the search flips those first): a thread creation, or an access at one
 * of goal_locs[0..ngoals) (rh_dyn_instrument's location ids of the static
 * candidate pairs' accesses); *goal_sides (when not NULL) counts the sides
 * marked.  Code it does not model stays concrete; -1 with err set only
 * when the result does not verify (a racehunt bug). */
int rh_dse_instrument(LLVMModuleRef m, const unsigned *goal_locs, int ngoals, unsigned *goal_sides,
                      char *err);

/* Adds the coverage marks of the thread entry functions to m (dse_cover.c;
 * rt_sym_abi.h's C, c and r records); rh_dse_instrument calls it last. */
void rh_dse_cover(LLVMModuleRef m);

/* An environment variable of an input: value NULL when it is not set. */
typedef struct rh_dse_env {
    char *name, *value;
} rh_dse_env;

/* A file of an input (one the program opens for reading), when present
 * its content. */
typedef struct rh_dse_file {
    char *path;
    unsigned char *data;
    size_t n;
    int present;
} rh_dse_file;

/* One input of the program: its arguments, its standard input, the
 * values of its __VERIFIER_nondet_* calls in order, the environment
 * variables and files it asked for. */
typedef struct rh_dse_input {
    char **args;            /* argv[1..], owned */
    int nargs;
    unsigned char *in;      /* standard input, owned */
    size_t nin;
    long long *nondet;
    int nnondet;
    rh_dse_env *env;
    int nenv;
    rh_dse_file *files;
    int nfiles;
} rh_dse_input;

/* An input's environment and files as the runs get them: the words a
 * witness's program carries (--env=NAME=VALUE, --env-unset=NAME,
 * --file-hex=HEX:PATH), the entries the run's environment gets ("NAME=VALUE",
 * or "NAME" to unset it) and the index of substitute files the runtime
 * reads (RH_RT_FILES, rt_sym_env.c; NULL when there is none). */
typedef struct rh_dse_applied {
    char **words;
    int nwords;
    char **env;
    int nenv;
    char *files_index;
} rh_dse_applied;

/* What the search asks of the engine (dynamic_engine.c): runs of the
 * current input, and whether the verdict is settled. */
typedef struct rh_dse_hooks {
    void *sess;
    /* Makes in the input of the runs that follow (args, stdin_path, the
     * nondet values file, environment and files, and the witness's
     * program string); ap stays valid until the next call. */
    void (*use_input)(void *sess, const rh_dse_input *in, const char *stdin_path,
                      const char *inputs_file, const rh_dse_applied *ap);
    /* Run number i of the current input; sym_log: where the concolic run
     * writes its log (NULL: an ordinary run); *threads: threads it created. */
    int (*run)(void *sess, unsigned long i, const char *strategy, const char *sym_log,
               int *threads, char *err);
    int (*settled)(void *sess);
    /* Runs of the current input directed at the static engine's candidate
     * pairs (dyn_directed.c), until deadline; *runs: how many it made. */
    int (*directed)(void *sess, double deadline, unsigned long *runs, char *err);
} rh_dse_hooks;

/* The search, until deadline (rh_now() time) or the hooks say settled;
 * tmp is a private directory for its files.  Stats and notes go to res. */
int rh_dse_search(const rh_dse_hooks *h, const rh_options *o, const char *tmp, double deadline,
                  rh_result *res, char *err);

#endif

/* ---- a concolic run's log, as Z3 terms (dse_log.c) ---- */

#include <z3.h>
#include "runtime/rt_sym_abi.h"

typedef struct rh_dse_branch {
    unsigned site;          /* as logged: branch << 2 | leads-to-create flags */
    int taken;
    Z3_ast cond;            /* Bool: the branch's condition is true */
} rh_dse_branch;

typedef struct rh_dse_var {
    unsigned var;           /* rt_sym_abi.h's numbering */
    int bits;
    unsigned long long value; /* this run's value */
    Z3_ast term;
} rh_dse_var;

/* Where a run's scanf number was (an S record, rt_sym_abi.h). */
typedef struct rh_dse_scan {
    unsigned k;             /* variable RH_SYM_SCANF + k */
    long off, len;          /* its text in standard input */
    unsigned size;          /* bytes stored */
    int is_signed;
    unsigned long long value; /* this run's */
} rh_dse_scan;

typedef struct rh_dse_log {
    Z3_context z;
    rh_dse_branch *br;
    int nbr;
    Z3_ast *pins;           /* Bool terms that held and are kept */
    int npins;
    rh_dse_var *vars;
    int nvars;
    char capped[32];        /* the runtime's E record: what capped the recording, or "" */
    char *env_name[RH_SYM_ENV_SLOTS];   /* I records: the slots' names, owned (NULL: none) */
    char *file_path[RH_SYM_FILE_SLOTS];
    long cover_sites, cover_entries;    /* the C record, -1 when the run wrote none */
    unsigned *cover;        /* c records: SITE << 1 | DIR */
    int ncover;
    unsigned *ran;          /* r records */
    int nran;
    rh_dse_scan *scans;     /* S records, in stream order */
    int nscans;
} rh_dse_log;

/* Reads the log at path into a fresh Z3 context; -1 with err set when it
 * cannot be read (a malformed record ends the reading there). */
int rh_dse_log_read(const char *path, rh_dse_log *log, char *err);
void rh_dse_log_free(rh_dse_log *log);

/* Sets the environment variables and files of c (a copy of the input log
 * ran) from log's slots, the model's values first (dse_slots.c). */
void rh_dse_child_slots(const rh_dse_log *log, Z3_model m, rh_dse_input *c);

/* ---- inputs in witnesses (dse_input.c) ---- */

/* The witness words of in's environment and files (rh_dse_applied). */
void rh_dse_input_words(const rh_dse_input *in, rh_dse_applied *ap);
/* Fills ap's env and files_index from words (a witness's, or the search's
 * own), writing the files' contents under dir; -1 with err set when a
 * word is malformed or a file cannot be written. */
int rh_dse_apply_words(const char *const *words, int n, const char *dir, rh_dse_applied *ap,
                       char *err);
void rh_dse_applied_free(rh_dse_applied *ap);

/* n bytes as lowercase hex, a new string */
char *rh_dse_hex(const unsigned char *b, size_t n);
/* Writes the bytes hex spells to dir/stdin.bin; the path (owned) in *path.
 * -1 with err set when hex is not hex or the file cannot be written. */
int rh_dse_stdin_file(const char *hex, const char *dir, char **path, char *err);
