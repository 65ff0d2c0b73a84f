/* options.h - everything the command line says, in one plain struct that
 * every module reads and none writes after parsing.
 */
#ifndef RH_OPTIONS_H
#define RH_OPTIONS_H

typedef enum rh_format { RH_FORMAT_TEXT, RH_FORMAT_JSON, RH_FORMAT_SARIF, RH_FORMAT_HTML } rh_format;

/* --bmc-encoding: auto (lazy, then partial order), lazy or po */
enum { RH_BMC_ENC_AUTO, RH_BMC_ENC_LAZY, RH_BMC_ENC_PO };

typedef struct rh_options {
    const char *command;      /* NULL (analyse), "run" or "replay" */
    const char *engine;       /* auto | static | bmc | dynamic */
    rh_format format;
    const char *output;       /* -o FILE, NULL for stdout */
    double timeout;           /* seconds for the whole analysis, 0 = default */
    double start;             /* rh_now() when racehunt started: the budget counts from here */
    int svcomp;               /* SV-COMP conventions and RESULT line */
    int strict;               /* --strict: functions nobody defines make verdicts unknown */
    int ilp32;                /* --data-model=ILP32 */
    int dump_model;
    int may;                  /* also list may-races (static engine) */
    int stats;
    int verbose;
    const char **files;       /* inputs (.c, .i), in command-line order */
    int nfiles;
    const char **program_files; /* the inputs as given when racehunt cc executables among them
                                   became their units in files (witnesses name these), or NULL */
    int nprogram_files;
    const char **cflags;      /* compiler flags after "--", passed to clang */
    int ncflags;
    const char **ldflags;     /* link flags (-l -L -Wl, ... after "--", -l, -L, --link) for
                                 the dynamic engine's link step; shares files' allocation */
    int nldflags;
    const char *build_dir;    /* -p DIR: read DIR/compile_commands.json */
    const char *program;      /* --program NAME[,NAME...]: programs of a build with several mains */
    const char *entry;        /* --entry FUNC,...|all-external: a library's entry points */
    const char *model_file;   /* --model FILE: user concurrency-model entries */
    const char *witness_out;  /* --witness FILE */
    const char *from_report;  /* --from-report FILE: re-render a saved JSON report */
    unsigned unwind;          /* bmc: loop unwinding bound (0 = default) */
    unsigned rounds;          /* bmc: round-robin rounds (0 = default) */
    int bmc_encoding;         /* --bmc-encoding: RH_BMC_ENC_* (engines/bmc/bmc_policy.h) */
    unsigned runs;            /* dynamic: number of runs (0 = default) */
    unsigned long seed;       /* dynamic: first seed */
    const char *strategy;     /* dynamic: pct | random | fifo */
    int jobs;                 /* parallel jobs for -p */
    const char **run_args;    /* arguments of the program the dynamic engine runs (--arg; run:
                               * also the words after --), NULL-terminated, owned */
    int nrun_args;
    int refuse_undefined;     /* --no-allow-undefined: the dynamic engine's build fails on
                               * functions and variables nobody defines, instead of leaving
                               * them out (by default a call of one ends that run) */
    int inputs_solver;        /* --inputs=solver: the dynamic engine's inputs come from
                               * dynamic symbolic execution (engines/dynamic/dse.h) */
    int inputs_seed;          /* --inputs=seed: never from the solver, not even when every
                               * run exits before creating a thread */
    const char *stdin_hex;    /* a witness's standard input, in hex (--stdin-hex in its program) */
    const char *const *input_words; /* a witness's environment and files (--env=, --env-unset=,
                               * --file-hex= in its program; engines/dynamic/dse.h) */
    int ninput_words;
    const char *stdin_file;   /* --stdin FILE: the program's standard input in the dynamic
                               * engine's runs (default /dev/null) */
    const char *suppressions; /* --suppressions FILE: TSan-syntax rules hiding known races */
    const char *baseline;     /* --baseline REPORT: report only races not in REPORT */
    int exitcode;             /* --exitcode N: exit code when races are reported (default 1) */
    int allow_plugins;        /* --allow-compiler-plugins: keep the options that load code into
                               * clang or have it write files (flags.h's RH_FLAG_UNSAFE);
                               * the dynamic engine's build only, from the command line only */
    void *owned;              /* words of RACEHUNT_OPTIONS and .racehunt that options point
                               * into; rh_cli_free releases them */
} rh_options;

#endif
