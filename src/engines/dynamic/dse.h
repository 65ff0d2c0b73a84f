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
 * symbolic branches.  Code it does not model stays concrete; -1 with err
 * set only when the result does not verify (a racehunt bug). */
int rh_dse_instrument(LLVMModuleRef m, char *err);

/* One input of the program: its arguments, its standard input and the
 * values of its __VERIFIER_nondet_* calls in order. */
typedef struct rh_dse_input {
    char **args;            /* argv[1..], owned */
    int nargs;
    unsigned char *in;      /* standard input, owned */
    size_t nin;
    long long *nondet;
    int nnondet;
} rh_dse_input;

/* What the search asks of the engine (dynamic_engine.c): runs of the
 * current input, and whether the verdict is settled. */
typedef struct rh_dse_hooks {
    void *sess;
    /* Makes in the input of the runs that follow (args, stdin_path, the
     * nondet values file, and the witness's program string). */
    void (*use_input)(void *sess, const rh_dse_input *in, const char *stdin_path,
                      const char *inputs_file);
    /* Run number i of the current input; sym_log: where the concolic run
     * writes its log (NULL: an ordinary run); *threads: threads it created. */
    int (*run)(void *sess, unsigned long i, const char *strategy, const char *sym_log,
               int *threads, char *err);
    int (*settled)(void *sess);
} rh_dse_hooks;

/* The search, until deadline (rh_now() time) or the hooks say settled;
 * tmp is a private directory for its files.  Stats and notes go to res. */
int rh_dse_search(const rh_dse_hooks *h, const rh_options *o, const char *tmp, double deadline,
                  rh_result *res, char *err);

#endif

/* ---- a concolic run's log, as Z3 terms (dse_log.c) ---- */

#include <z3.h>

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

typedef struct rh_dse_log {
    Z3_context z;
    rh_dse_branch *br;
    int nbr;
    Z3_ast *pins;           /* Bool terms that held and are kept */
    int npins;
    rh_dse_var *vars;
    int nvars;
    char capped[32];        /* the runtime's E record: what capped the recording, or "" */
} rh_dse_log;

/* Reads the log at path into a fresh Z3 context; -1 with err set when it
 * cannot be read (a malformed record ends the reading there). */
int rh_dse_log_read(const char *path, rh_dse_log *log, char *err);
void rh_dse_log_free(rh_dse_log *log);

/* ---- inputs in witnesses (dse_input.c) ---- */

/* n bytes as lowercase hex, a new string */
char *rh_dse_hex(const unsigned char *b, size_t n);
/* Writes the bytes hex spells to dir/stdin.bin; the path (owned) in *path.
 * -1 with err set when hex is not hex or the file cannot be written. */
int rh_dse_stdin_file(const char *hex, const char *dir, char **path, char *err);
