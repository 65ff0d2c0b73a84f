/* race.h - the one race record every engine produces and every output
 * format reads, and the result of an analysis (verdict + races + notes).
 *
 * Contract: records own all their strings (copies), so a result outlives
 * the program model and the engine that made it.  rh_result_free frees all.
 */
#ifndef RH_RACE_H
#define RH_RACE_H

#include "model/model.h"
#include "util/options.h"

typedef enum rh_verdict { RH_UNKNOWN = 0, RH_RACE, RH_RACE_FREE } rh_verdict;

/* What a race rests on, weakest first (doc/design.md, soundness discipline). */
typedef enum rh_evidence {
    RH_EV_MAY = 0,       /* static may-race: possible, not shown */
    RH_EV_MUST,          /* static must-race: likely, not shown by an execution */
    RH_EV_SEEN,          /* dynamic: seen unordered in a run, but a call the runtime does not
                            model (sigwait, a signal) ran between the accesses and may order
                            them (the race's caveat names it): likely, not confirmed */
    RH_EV_COUNTEREXAMPLE,/* bmc: a satisfying schedule of the bounded program */
    RH_EV_OBSERVED,      /* dynamic: seen under happens-before in a real run */
    RH_EV_REPLAYED,      /* a witness schedule that replayed into the race */
} rh_evidence;

/* One frame of a call stack, innermost first. */
typedef struct rh_frame {
    char *func;
    rh_srcloc loc; /* file owned by the frame (see rh_race_access) */
} rh_frame;

typedef struct rh_race_access {
    char *file;
    unsigned line, col;
    char *func;
    int is_write;
    int atomic;
    unsigned long size;     /* bytes, 0 unknown */
    int thread;             /* engine's thread id; 0 is main */
    char *thread_desc;      /* e.g. "thread T1 (t_fun) created at a.c:20:3", may be NULL */
    char **locks;           /* locks held, as text ("mutex 'm' (write)") */
    int nlocks;
    rh_frame *stack;        /* call stack, innermost first; may be empty */
    int nstack;
    int is_volatile;        /* a volatile access (a flag): ranks below plain data */
    int assumed;            /* made by a function nobody defines, by the stated assumption */
    int own_code;           /* static: its function runs in no other thread entry (the
                               thread's own code, not code it shares), 0 when not or unknown */
    int one_target;         /* static: its address has one target at a known offset (it names
                               its variable, not memory a pointer may reach), 0 when not or unknown */
    int one_object;         /* static: its address points into one object, at any offset (an
                               element of one array by a variable index), 0 when not or unknown */
    int updated;            /* static: a read whose block stores back to the same address with
                               no call between (the read half of `x++`), 0 when not or unknown */
    int after_join;         /* static: a join in its function may have run before it (the
                               threads it races with may be finished), 0 when not or unknown */
    int lock_call_before;   /* static: a lock call of its function runs before it on every path,
                               no unlock call between (some lock is held, named or not) */
    int lock_call_earlier;  /* static: a lock call of its function may run before it (held or
                               released since: a count dropped under a lock, then acted on) */
    int unjoined_before;    /* static: no join call that may name the other side's thread
                               may run before it (none names it, or only joins of its own
                               function that cannot precede it): that thread may still run;
                               computed for the main thread's library calls only */
    int after_create;       /* static: its function created the other side's thread before it
                               in this call, outside any loop around the create (the thread it
                               shares the object with is its own child), 0 when not or unknown */
    char *op;               /* the library call that makes the access ("free", "memcpy"), or NULL */
} rh_race_access;

/* A witness schedule: which thread runs which step, in order. */
typedef struct rh_step {
    int thread;
    char *file;
    unsigned line, col;
    char *what;             /* short description: "read x", "lock m", "create T1"... */
    int timeout;            /* its timed wait times out (a replay makes it time out) */
    unsigned times;         /* it stands for this many steps in a row (0 and 1: once;
                             * witness "times", rh_wit_fold): a loop's thousands of
                             * passes over one line are one step, replayed exactly */
} rh_step;

typedef struct rh_input {
    char *name;             /* e.g. "__VERIFIER_nondet_int#3" */
    long long value;
} rh_input;

/* A unit of the witness's program and the SHA-256 of its content. */
typedef struct rh_witness_source {
    char *file;             /* real path */
    char sha256[65];
} rh_witness_source;

typedef struct rh_witness {
    char *program;          /* the analysed file(s), for replay (rh_witness_program) */
    rh_witness_source *sources; /* as a witness file read back records them; */
    int nsources;               /* 0: none read (a witness is written with inputs.h's) */
    rh_step *steps;
    int nsteps;
    rh_input *inputs;
    int ninputs;
    unsigned long seed;     /* dynamic engine seed, 0 if none */
    int race_step_a, race_step_b; /* indices of the racing steps, -1 if unknown */
    int fair;               /* a step's thread yields when it spins or has run a quantum
                             * while another could run (version 3; rt_sched.c) */
    int ordering[2];        /* in memory only, for the minimiser: 1 + the steps of the racing
                             * write and read that alone order this race (rh_race's
                             * ordered_by), the write's thread's and the read's; 0: unknown */
} rh_witness;

/* Why a race found is not reported (result/filter.h): the user said so. */
typedef enum rh_hidden {
    RH_SHOWN = 0,
    RH_HID_RULE,       /* a race: line of --suppressions */
    RH_HID_ANNOTATION, /* a racehunt:benign comment on an access line */
    RH_HID_BASELINE,   /* its fingerprint is in the --baseline report */
} rh_hidden;

/* The evidence tier a report files a race under (result/tier.h decides):
 * confirmed (an execution showed it), likely (strong evidence, shown by
 * default), possible (listed with --may, counted otherwise). */
typedef enum rh_status {
    RH_ST_POSSIBLE = 0,
    RH_ST_LIKELY,
    RH_ST_CONFIRMED,
} rh_status;

typedef struct rh_race {
    rh_race_access a, b;    /* a the earlier access where an engine ordered them (a run, a
                               counterexample): the text report shows b first, TSan's way */
    char *object;           /* "global 'counter'", "heap object allocated at a.c:12", ... */
    long offset_lo, offset_hi; /* byte range [lo, hi) inside the object, -1 unknown */
    char *engine;           /* which engine found it */
    rh_evidence evidence;
    rh_witness *witness;    /* may be NULL */
    char *fingerprint;      /* stable across line moves (result/fingerprint.h), may be NULL */
    rh_hidden hidden;       /* counted in summaries, listed as suppressed in JSON/SARIF */
    char *hidden_by;        /* the rule, annotation or baseline that hid it */
    char *program;          /* the program of a build with several (-p), else NULL */
    int volatile_only;      /* every access to the location is a volatile scalar one (a stop
                               flag): still a race, ranked below unprotected data */
    char *caveat;           /* why evidence that looks confirmed is not (RH_EV_SEEN), or NULL */
    char *ordered_by;       /* the race that alone orders this pair, when its plain accesses
                               were an atomic release and acquire ("the racing read of
                               'msg->ready' at a.c:40:9 in consume"): a hand-made publication
                               whose flag races, fixed with it; NULL when none */
    rh_status status;       /* its evidence tier: set by rh_result_add_race (result/tier.h) */
    char *status_why;       /* why it is in that tier and not higher; NULL when confirmed */
} rh_race;

/* Engine statistics a report may show with --stats. */
typedef struct rh_stat {
    char *name;
    double value;
} rh_stat;

typedef struct rh_result {
    rh_verdict verdict;
    rh_race *races;
    int nraces;
    char **notes;           /* assumptions, unsupported constructs, bounds */
    int nnotes;
    rh_stat *stats;
    int nstats;
    char *engine;           /* engine(s) that decided */
    /* possible races (and their locations) a saved report counted without
     * listing them: a report re-rendered from JSON keeps its summary line */
    int possible_unlisted;
    int possible_unlisted_locations;
    /* the memory locations a stage folded into counts (rh_groups_fold_possible),
     * each with its number of possible races: a later stage's confirmed race
     * at one of them takes it out of the count instead of counting it twice */
    struct rh_folded {
        char *program, *object;
        long offset_lo, offset_hi;
        int nraces;
    } *folded;
    int nfolded;
} rh_result;

/* Appends a copy of *r (taking ownership of its contents) and returns it. */
rh_race *rh_result_add_race(rh_result *res, rh_race *r);
void rh_result_note(rh_result *res, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void rh_result_stat(rh_result *res, const char *name, double value);
void rh_result_free(rh_result *res);
/* Records a location folded into counts with its nraces possible races. */
void rh_result_add_folded(rh_result *res, const char *program, const char *object, long lo, long hi,
                          int nraces);
/* Adds from's counted-not-listed races (and folded locations) to to's. */
void rh_result_move_counts(rh_result *to, rh_result *from);
/* Moves part's races (tagged with `program`), notes (prefixed with it)
 * and engines into into, and folds the verdicts: race if either has a
 * race, race-free only if both are.  part is left empty. */
void rh_result_absorb(rh_result *into, rh_result *part, const char *program);

/* What an access does, in a report's words (a new string): "free" for a
 * free (not "a write of size 184"), "write of size 8 (by memcpy)", "read
 * of size 4 (atomic)", "volatile write of size 4". */
char *rh_access_what(const rh_race_access *a);

/* Fills an access from a model access record (location, kind, size, func). */
void rh_race_access_from_model(rh_race_access *out, const rh_program *p, const rh_access *a);

const char *rh_verdict_name(rh_verdict v);
/* Notes that state an assumption a verdict rests on start with this
 * ("assumption: 'lookup' touches only memory reachable from its
 * arguments"); reports show them with the verdict. */
#define RH_ASSUMPTION_PREFIX "assumption: "
/* The assumption a note states (the text after the prefix), or NULL. */
const char *rh_note_assumption(const char *note);
/* How many functions the assumption notes of res name ('quoted' names;
 * an assumption that names none counts as one), and how many notes. */
int rh_assumption_count(const rh_result *res, int *nnotes);
/* "suppression", "annotation", "baseline" ("" for a shown race), and back. */
const char *rh_hidden_name(rh_hidden h);
rh_hidden rh_hidden_from_name(const char *name);
const char *rh_evidence_name(rh_evidence e);
/* "confirmed", "likely", "possible"; and back (unknown names: possible). */
const char *rh_status_name(rh_status s);
rh_status rh_status_from_name(const char *name);
/* Listed in a report: confirmed or likely, or possible ones asked for (--may).
 * Reported: listed and not hidden by a suppression or the baseline. */
int rh_race_listed(const rh_race *r, int with_may);
int rh_race_reported(const rh_race *r, int with_may);
/* Counts of the races a report lists (--may decides whether may-races
 * are listed), by what became of them. */
typedef struct rh_race_counts {
    int reported, suppressed, baselined;
} rh_race_counts;
rh_race_counts rh_race_count(const rh_result *res, int with_may);
/* True when the evidence shows the race really happens (bmc, observed, replayed). */
int rh_evidence_confirmed(rh_evidence e);

/* The program a witness names for `racehunt replay`: the input files
 * (absolute paths), the options that make the program from them (--entry,
 * --program, -p=BUILD) and the arguments its runs had (--arg=), each word
 * with its blanks, control bytes and '%' as %XX, separated by spaces.  The
 * caller frees.  A witness file holds the words as a JSON list. */
char *rh_witness_program(const rh_options *o);
/* Such a string as its words, decoded (n owned strings in an owned array),
 * and back. */
char **rh_witness_program_split(const char *program, int *n);
char *rh_witness_program_join(const char *const *words, int n);
/* Back: sets o's files, run arguments and options from such a string;
 * they point into *tokens (ntokens owned strings, files first, then the
 * arguments), which the caller frees (o->run_args is not to be freed). */
void rh_witness_program_parse(const char *program, rh_options *o, char ***tokens, int *ntokens);
/* The input of w's run in a reader's words ("arguments -v 3; standard input
 * \"go\\n\"; file conf holding 12 bytes"), or NULL when the run had none
 * beyond the program itself.  The caller frees (witness_input.c). */
char *rh_witness_input_text(const rh_witness *w);
/* Whether word is an input word of --inputs=solver (--env=NAME=VALUE,
 * --env-unset=NAME, --file-hex=HEX:PATH; engines/dynamic/dse.h): 1 when it
 * is one, well formed; 0 when it is none; -1 with err set when malformed. */
int rh_witness_input_word(const char *word, char *err);

/* The thread step s creates (the N of its "create TN"), or -1 when s
 * creates none.  The step's text is the one place a witness records a
 * creation, so readers of witnesses ask here rather than parse it. */
int rh_step_created(const rh_step *s);

void rh_witness_free(rh_witness *w);
void rh_race_free(rh_race *r);

#endif
