/* cli.c - parsing racehunt's command line (values checked in cli_check.c). */
#include "cli.h"
#include "cli_check.h"
#include "cli_link.h"
#include "cli_env.h"
#include "frontend/flags.h"
#include "result/filter.h"
#include "report/report.h"
#include "util/input.h"
#include "util/outfile.h"
#include "util/text_escape.h"
#include "util/util.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <llvm-c/Core.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <z3.h>


static const char usage[] =
    "usage: racehunt [OPTIONS] FILE... [-- COMPILER-AND-LINK-FLAGS]\n"
    "       racehunt [OPTIONS] -p BUILD_DIR\n"
    "       racehunt run [OPTIONS] FILE... [-- PROGRAM-ARGS]\n"
    "       racehunt replay WITNESS.json\n"
    "\n"
    "Finds data races in C programs that use POSIX threads. FILE is C source or\n"
    "text preprocessed by gcc -E or clang -E (.i, or any name: line markers tell);\n"
    "several files are compiled and linked as one program.\n"
    "After --, -l -L -Wl, -Xlinker, -pthread and library files go to the dynamic\n"
    "engine's link step, everything else to the compiler.\n"
    "\n"
    "options:\n"
    "  --engine=auto|static|bmc|dynamic  analysis engine (default auto)\n"
    "  --format=text|json|sarif|html     report format (default text)\n"
    "  -o FILE                           write the report to FILE\n"
    "  --timeout=SECONDS                 time budget for the analysis (default 30)\n"
    "  -p BUILD_DIR                      analyse BUILD_DIR/compile_commands.json (or that file)\n"
    "  --program=NAME[,NAME...]          analyse only these programs of a build with several mains\n"
    "  --entry=FUNC[,FUNC...]|all-external  analyse a library without main: each FUNC runs as\n"
    "                                    threads of its own, any number, all at once\n"
    "  --svcomp                          SV-COMP mode: last line RESULT: true|false(no-data-race)|unknown\n"
    "  --data-model=ILP32|LP64           compile for 32 or 64 bits (default LP64)\n"
    "  --model=FILE                      extra concurrency-model entries (lock wrappers, ...)\n"
    "  --strict                          no assumption about functions nobody defines: unknown\n"
    "  --may                             also list possible (may) races of the static engine\n"
    "  --witness=FILE                    write the witness of the first confirmed race to FILE\n"
    "  --unwind=K --rounds=R             bmc bounds (default: iterative deepening)\n"
    "  --bmc-encoding=auto|lazy|po       bmc: lazy sequentialization, then partial order (auto,\n"
    "                                    the default), or one of them\n"
    "  --runs=N --seed=S --strategy=pct|random|fifo   dynamic engine runs\n"
    "  --arg=VALUE                       an argument of the program in the dynamic engine's runs\n"
    "  --stdin=FILE                      the program's standard input in those runs (default /dev/null)\n"
    "  --inputs=solver|seed              dynamic engine: inputs (argv, stdin, nondet) chosen by\n"
    "                                    dynamic symbolic execution, or from the seed (default)\n"
    "                                    (repeat for each; the witness records them)\n"
    "  --no-allow-undefined              fail the dynamic engine's build on functions no source or\n"
    "                                    library defines (by default they are left out and a call\n"
    "                                    of one ends that run)\n"
    "  -j, --jobs=N                      parallel jobs (default 2)\n"
    "  -l LIB, -L DIR, --link=FLAG       link the dynamic engine's build with LIB, DIR, FLAG\n"
    "  --dump-model                      print the program model and stop\n"
    "  --from-report=FILE                re-render a saved JSON report in --format\n"
    "  --suppressions=FILE               hide races FILE's rules match (TSan syntax: race:PATTERN)\n"
    "  --baseline=REPORT                 report only races not in REPORT (earlier JSON or SARIF)\n"
    "  --exitcode=N                      exit code when races are reported (default 1)\n"
    "  --allow-compiler-plugins          keep compiler options that load plugins or write\n"
    "                                    files (dropped otherwise; --engine=dynamic and run only)\n"
    "  --stats                           print where the time went\n"
    "  -v, --verbose                     say what is happening on stderr\n"
    "  --version, -h, --help\n"
    "\n"
    "Options are also read from ./.racehunt and RACEHUNT_OPTIONS (in that order,\n"
    "the command line last), e.g. RACEHUNT_OPTIONS='--suppressions=race.supp'.\n"
    "\n"
    "exit codes: 0 race-free (proved) or every race suppressed, 1 (--exitcode) races\n"
    "reported, 2 error, 3 unknown\n";

enum { OPT_ENGINE = 256, OPT_FORMAT, OPT_TIMEOUT, OPT_SVCOMP, OPT_DATA_MODEL, OPT_DUMP_MODEL,
       OPT_VERSION, OPT_HELP, OPT_MODEL, OPT_MAY, OPT_STATS, OPT_WITNESS, OPT_UNWIND, OPT_ROUNDS,
       OPT_RUNS, OPT_SEED, OPT_STRATEGY, OPT_FROM_REPORT, OPT_LINK, OPT_SUPPRESSIONS, OPT_BASELINE,
       OPT_EXITCODE, OPT_PROGRAM, OPT_ENTRY, OPT_STRICT, OPT_ARG, OPT_STDIN, OPT_ALLOW_PLUGINS,
       OPT_ALLOW_UNDEFINED, OPT_REFUSE_UNDEFINED, OPT_INPUTS, OPT_BMC_ENCODING };

static const struct option long_opts[] = {
    {"engine", required_argument, 0, OPT_ENGINE},   {"format", required_argument, 0, OPT_FORMAT},
    {"timeout", required_argument, 0, OPT_TIMEOUT}, {"svcomp", no_argument, 0, OPT_SVCOMP},
    {"data-model", required_argument, 0, OPT_DATA_MODEL},
    {"dump-model", no_argument, 0, OPT_DUMP_MODEL}, {"version", no_argument, 0, OPT_VERSION},
    {"help", no_argument, 0, OPT_HELP},             {"model", required_argument, 0, OPT_MODEL},
    {"may", no_argument, 0, OPT_MAY},               {"stats", no_argument, 0, OPT_STATS},
    {"witness", required_argument, 0, OPT_WITNESS}, {"unwind", required_argument, 0, OPT_UNWIND},
    {"rounds", required_argument, 0, OPT_ROUNDS},   {"runs", required_argument, 0, OPT_RUNS},
    {"bmc-encoding", required_argument, 0, OPT_BMC_ENCODING},
    {"seed", required_argument, 0, OPT_SEED},       {"strategy", required_argument, 0, OPT_STRATEGY},
    {"from-report", required_argument, 0, OPT_FROM_REPORT},
    {"link", required_argument, 0, OPT_LINK},
    {"suppressions", required_argument, 0, OPT_SUPPRESSIONS},
    {"baseline", required_argument, 0, OPT_BASELINE},
    {"exitcode", required_argument, 0, OPT_EXITCODE},
    {"program", required_argument, 0, OPT_PROGRAM}, {"entry", required_argument, 0, OPT_ENTRY},
    {"strict", no_argument, 0, OPT_STRICT},         {"arg", required_argument, 0, OPT_ARG},
    {"stdin", required_argument, 0, OPT_STDIN},     {"inputs", required_argument, 0, OPT_INPUTS},
    {"allow-compiler-plugins", no_argument, 0, OPT_ALLOW_PLUGINS},
    {"allow-undefined", no_argument, 0, OPT_ALLOW_UNDEFINED},
    {"no-allow-undefined", no_argument, 0, OPT_REFUSE_UNDEFINED},
    {"jobs", required_argument, 0, 'j'},            {"verbose", no_argument, 0, 'v'},
    {0, 0, 0, 0},
};

/* The whole-number options: their names for messages and their ranges. */
static const struct {
    int code;
    const char *name;
    unsigned long long lo, hi;
} whole_opts[] = {
    {OPT_UNWIND, "--unwind", 0, UINT_MAX}, {OPT_ROUNDS, "--rounds", 0, UINT_MAX},
    {OPT_RUNS, "--runs", 1, UINT_MAX},     {OPT_SEED, "--seed", 0, ULONG_MAX},
    {'j', "--jobs", 1, 4096},             {OPT_EXITCODE, "--exitcode", 0, 255},
};

static int set_whole(rh_options *o, int c, const char *arg, char *err)
{
    for (size_t i = 0; i < sizeof whole_opts / sizeof whole_opts[0]; i++) {
        if (whole_opts[i].code != c)
            continue;
        unsigned long long v;
        if (rh_cli_whole(whole_opts[i].name, arg, whole_opts[i].lo, whole_opts[i].hi, &v, err))
            return -1;
        if (c == OPT_UNWIND) o->unwind = (unsigned)v;
        else if (c == OPT_ROUNDS) o->rounds = (unsigned)v;
        else if (c == OPT_RUNS) o->runs = (unsigned)v;
        else if (c == OPT_SEED) o->seed = (unsigned long)v;
        else if (c == OPT_EXITCODE) o->exitcode = (int)v;
        else o->jobs = (int)v;
        return 0;
    }
    return rh_fail(err, "bad usage (see racehunt --help)");
}

static int set_format(rh_options *o, const char *v)
{
    static const struct { const char *name; rh_format f; } formats[] = {
        {"text", RH_FORMAT_TEXT}, {"json", RH_FORMAT_JSON}, {"sarif", RH_FORMAT_SARIF},
        {"html", RH_FORMAT_HTML},
    };
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
        if (strcmp(v, formats[i].name) == 0) {
            o->format = formats[i].f;
            return 0;
        }
    return -1;
}

static void print_version(void)
{
    unsigned maj, min, build, rev, lmaj, lmin, lpatch;
    Z3_get_version(&maj, &min, &build, &rev);
    LLVMGetVersion(&lmaj, &lmin, &lpatch);
    printf("racehunt %s (LLVM %u.%u.%u, Z3 %u.%u.%u)\n", RH_VERSION_STRING, lmaj, lmin, lpatch, maj, min,
           build);
}

/* Link flags come from the command line, after "--", and from
 * RACEHUNT_OPTIONS or .racehunt too: the list grows as they come. */
static void add_ldflag(rh_options *o, const char *flag)
{
    if ((o->nldflags & (o->nldflags + 1)) == 0) /* 0, 1, 3, 7, ...: full */
        o->ldflags = rh_xrealloc(o->ldflags, (size_t)(2 * o->nldflags + 2) * sizeof *o->ldflags);
    o->ldflags[o->nldflags++] = flag;
    o->ldflags[o->nldflags] = NULL;
}

/* Arguments of the program the dynamic engine runs: --arg options, then
 * (racehunt run) the words after "--". */
static void add_run_arg(rh_options *o, const char *arg)
{
    if ((o->nrun_args & (o->nrun_args + 1)) == 0)
        o->run_args = rh_xrealloc(o->run_args, (size_t)(2 * o->nrun_args + 2) * sizeof *o->run_args);
    o->run_args[o->nrun_args++] = arg;
    o->run_args[o->nrun_args] = NULL;
}

/* One option; returns 0, 1 (stop, exit 0) or -1. */
static int apply_option(rh_options *o, int c, const char *arg, char *err)
{
    switch (c) {
    case OPT_ENGINE: o->engine = arg; return rh_cli_engine(arg, err);
    case OPT_FORMAT:
        return set_format(o, arg) ? rh_fail(err, "unknown format '%s' (expected text, json, sarif or html)", arg) : 0;
    case 'o': o->output = arg; return 0;
    case 'p': o->build_dir = arg; return 0;
    case OPT_PROGRAM: o->program = arg; return arg[0] ? 0 : rh_fail(err, "--program needs a name");
    case OPT_ENTRY: o->entry = arg; return arg[0] ? 0 : rh_fail(err, "--entry needs a function name or all-external");
    case OPT_TIMEOUT: return rh_cli_seconds("--timeout", arg, &o->timeout, err);
    case OPT_SVCOMP: o->svcomp = 1; return 0;
    case OPT_STRICT: o->strict = 1; return 0;
    case OPT_DATA_MODEL:
        if (strcmp(arg, "ILP32") != 0 && strcmp(arg, "LP64") != 0)
            return rh_fail(err, "--data-model must be ILP32 or LP64, not '%s'", arg);
        o->ilp32 = strcmp(arg, "ILP32") == 0;
        return 0;
    case OPT_DUMP_MODEL: o->dump_model = 1; return 0;
    case OPT_MODEL: o->model_file = arg; return 0;
    case OPT_MAY: o->may = 1; return 0;
    case OPT_ALLOW_PLUGINS: o->allow_plugins = 1; return 0;
    case OPT_STATS: o->stats = 1; return 0;
    case OPT_WITNESS: o->witness_out = arg; return 0;
    case OPT_FROM_REPORT: o->from_report = arg; return 0;
    case OPT_SUPPRESSIONS: o->suppressions = arg; return 0;
    case OPT_BASELINE: o->baseline = arg; return 0;
    case OPT_STRATEGY: o->strategy = arg; return rh_cli_strategy(arg, err);
    case 'l': case 'L': /* as two arguments, which clang accepts and argv holds */
        add_ldflag(o, c == 'l' ? "-l" : "-L");
        add_ldflag(o, arg);
        return 0;
    case OPT_LINK: add_ldflag(o, arg); return 0;
    case OPT_ARG: add_run_arg(o, arg); return 0;
    case OPT_STDIN:
        o->stdin_file = arg;
        /* a regular file (or /dev/null, the default): a FIFO or a device
         * would make every run wait or read without end */
        return rh_outfile_same_file(arg, "/dev/null") ? 0 : rh_input_check_file(arg, "--stdin file", err);
    case OPT_INPUTS:
        if (strcmp(arg, "solver") != 0 && strcmp(arg, "seed") != 0)
            return rh_fail(err, "--inputs must be solver or seed, not '%s'", arg);
        o->inputs_solver = strcmp(arg, "solver") == 0;
        o->inputs_seed = !o->inputs_solver;
        return 0;
    case OPT_ALLOW_UNDEFINED: o->refuse_undefined = 0; return 0;
    case OPT_BMC_ENCODING:
        if (strcmp(arg, "auto") == 0)
            o->bmc_encoding = RH_BMC_ENC_AUTO;
        else if (strcmp(arg, "lazy") == 0)
            o->bmc_encoding = RH_BMC_ENC_LAZY;
        else if (strcmp(arg, "po") == 0)
            o->bmc_encoding = RH_BMC_ENC_PO;
        else
            return rh_fail(err, "--bmc-encoding must be auto, lazy or po, not '%s'", arg);
        return 0;
    case OPT_REFUSE_UNDEFINED: o->refuse_undefined = 1; return 0;
    case 'v': o->verbose = 1; return 0;
    case OPT_VERSION: print_version(); return 1;
    case OPT_HELP: case 'h': fputs(usage, stdout); return 1;
    case OPT_UNWIND: case OPT_ROUNDS: case OPT_RUNS: case OPT_SEED: case 'j': case OPT_EXITCODE:
        return set_whole(o, c, arg, err);
    default: return rh_fail(err, "bad usage (see racehunt --help)");
    }
}

/* After "--": link flags to the dynamic engine's link step, the rest (and
 * -pthread, which means something to both) to the compiler, what would
 * load code into clang or have it write files included (units.c drops it
 * unless --allow-compiler-plugins). */
static void split_tail(rh_options *o, char **tail, int ntail)
{
    for (int i = 0; i < ntail;) {
        int both, n;
        rh_flag_kind k = rh_flag_classify(tail, ntail, i, &n);
        /* the front end decides on these; an option's value (-Xclang X.so) is
         * never a link input */
        if (k == RH_FLAG_UNSAFE || (n == 2 && rh_cli_link_flag(tail, i, ntail, &both) == 0)) {
            for (int w = 0; w < n; w++)
                o->cflags[o->ncflags++] = tail[i + w];
            i += n;
            continue;
        }
        n = rh_cli_link_flag(tail, i, ntail, &both);
        for (int k = 0; k < n; k++)
            add_ldflag(o, tail[i + k]);
        if (n == 0 || both)
            o->cflags[o->ncflags++] = tail[i];
        i += n ? n : 1;
    }
}

/* A source named twice (x.c ./x.c, or through a link) is one unit: analysing
 * it twice would link two copies and report every race twice. */
static void drop_repeated_files(rh_options *o)
{
    int n = 0;
    for (int i = 0; i < o->nfiles; i++) {
        int seen = 0;
        for (int k = 0; k < n && !seen; k++)
            seen = rh_outfile_same_file(o->files[k], o->files[i]);
        if (!seen)
            o->files[n++] = o->files[i];
    }
    o->nfiles = n;
}

/* Parses argv[1..argc) with getopt; *rest is the index of the first word
 * that is not an option (getopt moves them to the end). */
static int parse_words(rh_options *o, int argc, char **argv, int *rest, char *err)
{
    optind = 0; /* glibc: start afresh, as every source is a new argv */
    opterr = 0;
    int c, rc = 0;
    while (rc == 0 && (c = getopt_long(argc, argv, "o:p:j:vhl:L:", long_opts, NULL)) != -1)
        rc = c == '?' ? rh_fail(err, "unknown or incomplete option '%s' (see racehunt --help)",
                                argv[optind - 1])
                      : apply_option(o, c, optarg, err);
    *rest = optind;
    return rc;
}

/* The options of .racehunt and RACEHUNT_OPTIONS: options only, no files. */
static int parse_env(rh_options *o, const char *argv0, char *err)
{
    rh_cli_env *env = rh_xcalloc(1, sizeof *env);
    o->owned = env; /* options point into its words */
    if (rh_cli_env_load(env, err))
        return -1;
    int rc = 0;
    for (int i = 0; rc == 0 && i < env->nsrc; i++) {
        const rh_cli_source *src = &env->src[i];
        char **words = rh_xcalloc((size_t)src->nwords + 2, sizeof *words);
        words[0] = (char *)argv0;
        if (src->nwords) /* an empty .racehunt has no word array */
            memcpy(words + 1, src->words, (size_t)src->nwords * sizeof *words);
        int rest;
        char inner[RH_ERR_MAX] = "";
        rc = parse_words(o, src->nwords + 1, words, &rest, inner);
        if (rc == 0 && o->allow_plugins) /* a project's .racehunt is not the user */
            rc = rh_fail(inner, "--allow-compiler-plugins is taken from the command line only");
        if (rc == 0 && rest <= src->nwords)
            rc = rh_fail(inner, "'%s' is not an option (input files go on the command line)",
                         words[rest]);
        if (rc < 0)
            rh_fail(err, "%s: %s", src->origin, inner);
        free(words);
    }
    return rc;
}

void rh_cli_free(rh_options *o)
{
    if (o->owned)
        rh_cli_env_free(o->owned);
    free(o->owned);
    free(o->files);
    free(o->ldflags);
    free(o->run_args);
    o->owned = NULL;
    o->files = NULL;
    o->ldflags = NULL;
    o->run_args = NULL;
}

int rh_cli_parse(int argc, char **argv, rh_options *o, char *err)
{
    memset(o, 0, sizeof *o);
    o->start = rh_now();
    o->engine = "auto";
    o->jobs = 2;
    o->exitcode = RH_EXIT_RACES;
    int first = 1;
    if (argc > 1 && (strcmp(argv[1], "run") == 0 || strcmp(argv[1], "replay") == 0))
        o->command = argv[first++];
    int split = argc; /* everything after "--" is compiler flags or program arguments */
    for (int i = first; i < argc; i++)
        if (strcmp(argv[i], "--") == 0) {
            split = i;
            break;
        }
    char **tail = argv + split + (split < argc);
    int ntail = split < argc ? argc - split - 1 : 0;
    /* files and compiler flags share one block, freed with o->files */
    o->files = rh_xcalloc(2 * (size_t)argc + 2, sizeof *o->files);
    o->cflags = o->files + argc + 1;
    int run = o->command && strcmp(o->command, "run") == 0;
    if (!run)
        split_tail(o, tail, ntail);
    int sub_argc = split - first + 1;
    char **sub_argv = rh_xcalloc((size_t)sub_argc + 1, sizeof *sub_argv);
    sub_argv[0] = argv[0];
    for (int i = 1; i < sub_argc; i++)
        sub_argv[i] = argv[first + i - 1];
    int rest = sub_argc, rc = parse_env(o, argv[0], err);
    if (rc == 0)
        rc = parse_words(o, sub_argc, sub_argv, &rest, err);
    for (int i = 0; rc == 0 && run && i < ntail; i++)
        add_run_arg(o, tail[i]);
    if (rc == 0) {
        o->nfiles = sub_argc - rest;
        for (int i = 0; i < o->nfiles; i++)
            o->files[i] = sub_argv[rest + i];
        if (o->nfiles == 0 && !o->build_dir && !o->from_report)
            rc = rh_fail(err, "no input file (usage: racehunt [OPTIONS] FILE..., see --help)");
    }
    if (rc == 0 && o->allow_plugins && !run && strcmp(o->engine, "dynamic") != 0)
        rc = rh_fail(err, "--allow-compiler-plugins applies to the dynamic engine's build only "
                          "(use it with --engine=dynamic or racehunt run)");
    if (rc == 0 && o->output)
        rc = rh_cli_writable(o->output, "report", err);
    if (rc == 0 && o->witness_out)
        rc = rh_cli_writable(o->witness_out, "witness", err);
    if (rc == 0)
        rc = rh_cli_outputs(o, err);
    if (rc == 0)
        rc = rh_filter_check(o, err);
    if (rc == 0)
        drop_repeated_files(o);
    free(sub_argv);
    return rc;
}

int rh_cli_fail(const char *msg)
{
    fflush(stdout);
    char *line = rh_text_escape(msg); /* names in it come from the project */
    fprintf(stderr, "racehunt: error: %s\n", line);
    free(line);
    return RH_EXIT_ERROR;
}
