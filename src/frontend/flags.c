/* flags.c - classifies gcc/clang command-line flags for the front end (see
 * flags.h): one table of the options racehunt treats specially, matched by
 * exact spelling or by prefix.
 */
#include "flags.h"

#include "util/text_escape.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { EXACT, PREFIX, SEPARATE } match;

/* SEPARATE: the exact spelling takes the next argument as its value, and
 * any longer spelling carries it joined (-I dir and -Idir). */
static const struct {
    const char *name;
    match how;
    rh_flag_kind kind;
} table[] = {
    /* the preprocessor's input: what the unit's text becomes */
    {"-D", SEPARATE, RH_FLAG_PREPROC},         {"-U", SEPARATE, RH_FLAG_PREPROC},
    {"-I", SEPARATE, RH_FLAG_PREPROC},         {"-include", SEPARATE, RH_FLAG_PREPROC},
    {"-imacros", SEPARATE, RH_FLAG_PREPROC},   {"-isystem", SEPARATE, RH_FLAG_PREPROC},
    {"-iquote", SEPARATE, RH_FLAG_PREPROC},    {"-idirafter", SEPARATE, RH_FLAG_PREPROC},
    {"-iprefix", SEPARATE, RH_FLAG_PREPROC},   {"-iwithprefix", SEPARATE, RH_FLAG_PREPROC},
    {"-iwithprefixbefore", SEPARATE, RH_FLAG_PREPROC},
    {"-isysroot", SEPARATE, RH_FLAG_PREPROC},  {"--sysroot", SEPARATE, RH_FLAG_PREPROC},
    {"-Xpreprocessor", SEPARATE, RH_FLAG_PREPROC},
    {"-Wp,", PREFIX, RH_FLAG_PREPROC},         {"-nostdinc", EXACT, RH_FLAG_PREPROC},
    {"-undef", EXACT, RH_FLAG_PREPROC},        {"-trigraphs", EXACT, RH_FLAG_PREPROC},
    {"-imultilib", SEPARATE, RH_FLAG_PREPROC}, {"-A", SEPARATE, RH_FLAG_PREPROC},
    {"-include-pch", SEPARATE, RH_FLAG_DROP},
    {"-x", SEPARATE, RH_FLAG_LANG},
    /* kept, named only because their value is the next argument */
    {"-target", SEPARATE, RH_FLAG_KEEP},       {"-arch", SEPARATE, RH_FLAG_KEEP},
    /* the build's outputs and dependency files */
    {"-o", SEPARATE, RH_FLAG_DROP},            {"-c", EXACT, RH_FLAG_DROP},
    {"-S", EXACT, RH_FLAG_DROP},               {"-E", EXACT, RH_FLAG_DROP},
    {"-MF", SEPARATE, RH_FLAG_DROP},           {"-MT", SEPARATE, RH_FLAG_DROP},
    {"-MQ", SEPARATE, RH_FLAG_DROP},           {"-MJ", SEPARATE, RH_FLAG_DROP},
    {"-M", PREFIX, RH_FLAG_DROP},              {"-dump", PREFIX, RH_FLAG_DROP},
    {"-aux-info", SEPARATE, RH_FLAG_UNSAFE},   {"-save-temps", PREFIX, RH_FLAG_UNSAFE},
    {"-pipe", EXACT, RH_FLAG_DROP},            {"-v", EXACT, RH_FLAG_DROP},
    {"-###", EXACT, RH_FLAG_DROP},             {"-fsyntax-only", EXACT, RH_FLAG_DROP},
    /* warnings, debug information and optimisation: racehunt sets its own */
    {"-W", PREFIX, RH_FLAG_DROP},              {"-w", EXACT, RH_FLAG_DROP},
    {"-pedantic", PREFIX, RH_FLAG_DROP},       {"-g", PREFIX, RH_FLAG_DROP},
    {"-O", PREFIX, RH_FLAG_DROP},              {"--param", SEPARATE, RH_FLAG_DROP},
    {"-fdiagnostics", PREFIX, RH_FLAG_DROP},   {"-fcolor-diagnostics", EXACT, RH_FLAG_DROP},
    {"-fno-color-diagnostics", EXACT, RH_FLAG_DROP},
    {"-fmessage-length", PREFIX, RH_FLAG_DROP},
    {"-fdebug-prefix-map", PREFIX, RH_FLAG_DROP},
    {"-ffile-prefix-map", PREFIX, RH_FLAG_DROP},
    {"-fmacro-prefix-map", PREFIX, RH_FLAG_DROP},
    {"-fopt-info", PREFIX, RH_FLAG_DROP},      {"-fdump", PREFIX, RH_FLAG_UNSAFE},
    {"-frecord-gcc-switches", EXACT, RH_FLAG_DROP},
    {"-flto", PREFIX, RH_FLAG_DROP},           {"-fno-lto", EXACT, RH_FLAG_DROP},
    /* instrumentation and hardening: code racehunt must not see */
    {"-fsanitize", PREFIX, RH_FLAG_DROP},      {"-fno-sanitize", PREFIX, RH_FLAG_DROP},
    {"-fprofile", PREFIX, RH_FLAG_UNSAFE},     {"-fno-profile", PREFIX, RH_FLAG_DROP},
    {"-fcoverage", PREFIX, RH_FLAG_UNSAFE},    {"-ftest-coverage", EXACT, RH_FLAG_UNSAFE},
    {"--coverage", EXACT, RH_FLAG_UNSAFE},     {"-finstrument-functions", PREFIX, RH_FLAG_DROP},
    {"-fstack-protector", PREFIX, RH_FLAG_DROP},
    {"-fno-stack-protector", EXACT, RH_FLAG_DROP},
    {"-fcf-protection", PREFIX, RH_FLAG_DROP}, {"-fstack-clash-protection", EXACT, RH_FLAG_DROP},
    {"-fpatchable-function-entry", PREFIX, RH_FLAG_DROP},
    {"-Xclang", SEPARATE, RH_FLAG_DROP},       {"-mllvm", SEPARATE, RH_FLAG_DROP},       {"-Xassembler", SEPARATE, RH_FLAG_DROP},
    /* options that load code into clang or have it write files of its own:
     * a project under analysis is not trusted to run code in racehunt */
    {"-fplugin", PREFIX, RH_FLAG_UNSAFE},      {"-fpass-plugin", PREFIX, RH_FLAG_UNSAFE},
    {"-load", SEPARATE, RH_FLAG_UNSAFE},       {"--config", SEPARATE, RH_FLAG_UNSAFE},
    {"-B", SEPARATE, RH_FLAG_UNSAFE},          {"--prefix", SEPARATE, RH_FLAG_UNSAFE},
    {"-fproc-stat-report", PREFIX, RH_FLAG_UNSAFE},
    {"-ftime-trace", PREFIX, RH_FLAG_UNSAFE},  {"-fcrash-diagnostics", PREFIX, RH_FLAG_UNSAFE},
    {"-fstack-usage", EXACT, RH_FLAG_UNSAFE},  {"-fcallgraph-info", PREFIX, RH_FLAG_UNSAFE},
    {"-save-stats", PREFIX, RH_FLAG_UNSAFE},   {"--save-stats", PREFIX, RH_FLAG_UNSAFE},
    {"-fsave-optimization-record", PREFIX, RH_FLAG_UNSAFE},
    {"-foptimization-record-file", PREFIX, RH_FLAG_UNSAFE},
    {"-fmodules-cache-path", PREFIX, RH_FLAG_UNSAFE},
    {"-ftime-report", PREFIX, RH_FLAG_DROP},
    /* the link step */
    {"-Xlinker", SEPARATE, RH_FLAG_DROP},      {"-l", SEPARATE, RH_FLAG_DROP},
    {"-L", SEPARATE, RH_FLAG_DROP},            {"-T", SEPARATE, RH_FLAG_DROP},
    {"-z", SEPARATE, RH_FLAG_DROP},            {"-u", SEPARATE, RH_FLAG_DROP},
    {"-shared", EXACT, RH_FLAG_DROP},          {"-static", PREFIX, RH_FLAG_DROP},
    {"-rdynamic", EXACT, RH_FLAG_DROP},        {"-pie", EXACT, RH_FLAG_DROP},
    {"-no-pie", EXACT, RH_FLAG_DROP},          {"-nostdlib", EXACT, RH_FLAG_DROP},
    {"-nodefaultlibs", EXACT, RH_FLAG_DROP},   {"-nostartfiles", EXACT, RH_FLAG_DROP},
    {"-s", EXACT, RH_FLAG_DROP},               {"-e", SEPARATE, RH_FLAG_DROP},
};

static int matches(const char *arg, size_t k)
{
    size_t n = strlen(table[k].name);
    if (table[k].how == EXACT)
        return strcmp(arg, table[k].name) == 0;
    return strncmp(arg, table[k].name, n) == 0;
}

/* A value handed to another tool (-Wp,A,B  -Xpreprocessor A  -Xclang A)
 * that has it write a file or load code: the preprocessor's -M family and
 * -o, -d dumps, cc1's plugin options. */
static int passes_unsafe(const char *value)
{
    static const char *const bad[] = {"-M", "-o", "-d", "-load", "-plugin", "-add-plugin",
                                      "-fpass-plugin", "-dependency", "-header-include",
                                      "-stats-file", "-ftime-trace", "-save-temps"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
        if (strncmp(value, bad[k], strlen(bad[k])) == 0)
            return 1;
    return 0;
}

/* -Wp,A,B: each comma-separated word is a preprocessor option. */
static int wp_unsafe(const char *arg)
{
    for (const char *p = arg + 3; p && *p;) {
        p++; /* past the comma */
        if (passes_unsafe(p))
            return 1;
        p = strchr(p, ',');
    }
    return 0;
}

rh_flag_kind rh_flag_classify(char **argv, int argc, int i, int *nargs)
{
    const char *arg = argv[i];
    *nargs = 1;
    if (arg[0] != '-' || arg[1] == '\0')
        return RH_FLAG_INPUT;
    /* the longest matching name wins: -include before -I, -MF before -M */
    size_t best = 0, best_len = 0;
    for (size_t k = 0; k < sizeof table / sizeof table[0]; k++)
        if (matches(arg, k) && strlen(table[k].name) > best_len)
            best = k, best_len = strlen(table[k].name);
    if (best_len == 0)
        return RH_FLAG_KEEP;
    if (table[best].how == SEPARATE && arg[best_len] == '\0' && i + 1 < argc)
        *nargs = 2;
    if (strcmp(table[best].name, "-Wp,") == 0 && wp_unsafe(arg))
        return RH_FLAG_UNSAFE;
    if ((strcmp(arg, "-Xpreprocessor") == 0 || strcmp(arg, "-Xclang") == 0) && *nargs == 2 &&
        passes_unsafe(argv[i + 1]))
        return RH_FLAG_UNSAFE;
    return table[best].kind;
}

void rh_flag_note_unsafe(const char *where, char **argv, int i, int n)
{
    char *w = rh_text_escape(where), *a = rh_text_escape(argv[i]);
    char *b = rh_text_escape(n > 1 ? argv[i + 1] : "");
    fprintf(stderr, "racehunt: note: %s: dropped the compiler option %s%s%s (it loads code into "
                    "clang or has it write a file)\n", w, a, n > 1 ? " " : "", b);
    free(w), free(a), free(b);
}
