/* frontend.c - compiles units with clang-16 (compile.c, several at a
 * time), links their bitcode and runs the normalisation pipeline, then
 * hands the module to the model builder.
 */
#include "frontend.h"
#include "entry.h"
#include "programs.h"
#include "util/inputs.h"
#include "util/cleanup.h"
#include "util/proc.h"
#include "util/outfile.h"
#include "util/util.h"

#include <dirent.h>
#include <errno.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/Error.h>
#include <llvm-c/Linker.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static int load_bitcode(LLVMContextRef ctx, const char *path, const char *file, LLVMModuleRef *m,
                        char *err)
{
    LLVMMemoryBufferRef buf;
    if (rh_frontend_read_bitcode(path, file, &buf, err))
        return -1;
    int bad = LLVMParseBitcodeInContext2(ctx, buf, m);
    LLVMDisposeMemoryBuffer(buf);
    return bad ? rh_fail(err, "%s: clang-16 produced unreadable bitcode", file) : 0;
}

/* A program has its main, or a library gets one from --entry; without
 * --entry, every externally visible function is an entry (all-external)
 * and *library says so, for the note the report gives. */
static int program_main(const rh_options *o, const char *what, LLVMModuleRef mod, int *library,
                        char *err)
{
    int nentries;
    *library = 0;
    if (rh_frontend_defines_main(mod) && o->entry)
        return rh_fail(err, "--entry is for libraries: the program has its own main");
    if (rh_frontend_defines_main(mod))
        return 0;
    if (rh_entry_harness(mod, o->entry ? o->entry : "all-external", &nentries, err)) {
        if (!o->entry)
            return rh_fail(err, "%s: no main function, and no externally visible function to run "
                                "as a library's entry point", what);
        return -1;
    }
    *library = !o->entry;
    if (o->verbose)
        fprintf(stderr, "racehunt: %d entry functions run as threads of their own\n", nentries);
    return 0;
}

/* Seconds clang may take for one unit: what is left of the budget. */
static double compile_seconds(const rh_budget *budget)
{
    return budget ? rh_budget_left(budget) + 0.001 : 300;
}

typedef struct rh_job {
    pid_t pid;
    int fd;   /* the child's error sentence comes through this pipe */
    int unit;
} rh_job;

/* Waits for one running job; returns -1 with err set when it failed. */
static int reap_job(rh_job *job, char *err)
{
    int st = 0;
    ssize_t n = read(job->fd, err, RH_ERR_MAX - 1);
    err[n > 0 ? n : 0] = '\0';
    close(job->fd);
    while (waitpid(job->pid, &st, 0) < 0 && errno == EINTR)
        ;
    rh_cleanup_remove_child(job->pid);
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
        return 0;
    return err[0] ? -1 : rh_fail(err, "compiling a unit failed");
}

static int start_job(const rh_options *o, rh_budget *budget, const rh_tu_list *units,
                     const char *tmp, int i, rh_job *job, char *err)
{
    int fds[2];
    if (pipe(fds))
        return rh_fail(err, "cannot create a pipe: %s", strerror(errno));
    fflush(NULL);
    pid_t self = getpid();
    job->pid = fork();
    if (job->pid < 0)
        return rh_fail(err, "cannot fork: %s", strerror(errno));
    if (job->pid == 0) {
        rh_die_with_parent(self); /* no compile outlives racehunt */
        close(fds[0]);
        char *bc = rh_xasprintf("%s/unit%d.bc", tmp, i), msg[RH_ERR_MAX] = "";
        int rc = rh_frontend_compile(o, &units->items[i], bc, compile_seconds(budget), msg);
        if (rc && write(fds[1], msg, strlen(msg)) < 0)
            rc = 1;
        _exit(rc ? 1 : 0);
    }
    setpgid(job->pid, job->pid);
    rh_cleanup_add_child(job->pid);
    close(fds[1]);
    job->fd = fds[0];
    job->unit = i;
    return 0;
}

/* Compiles every unit to tmp/unitN.bc, up to o->jobs at a time. */
static int compile_all(const rh_options *o, rh_budget *budget, const rh_tu_list *units,
                       const char *tmp, char *err)
{
    if (units->len == 1) {
        char *bc = rh_xasprintf("%s/unit0.bc", tmp);
        int rc = rh_frontend_compile(o, &units->items[0], bc, compile_seconds(budget), err);
        free(bc);
        return rc;
    }
    int jobs = o->jobs > 0 ? o->jobs : 1, running = 0, next = 0, done = 0, rc = 0;
    rh_job *pool = rh_xcalloc((size_t)jobs, sizeof *pool);
    while (running > 0 || (next < units->len && rc == 0)) {
        if (rc == 0 && next < units->len && running < jobs) {
            if (start_job(o, budget, units, tmp, next, &pool[running], err))
                rc = -1;
            else
                running++, next++;
            continue;
        }
        char msg[RH_ERR_MAX];
        if (reap_job(&pool[0], msg) && rc == 0)
            rc = -1, memcpy(err, msg, RH_ERR_MAX);
        if (budget)
            rh_budget_progress(budget, ++done, units->len);
        memmove(pool, pool + 1, (size_t)--running * sizeof *pool);
    }
    free(pool);
    return rc;
}

/* The linker reports conflicts through the context's diagnostic handler;
 * keep its first message for our one-line error instead of stderr. */
static void link_diagnostic(LLVMDiagnosticInfoRef info, void *ctx)
{
    char *first = ctx;
    if (first[0])
        return;
    char *msg = LLVMGetDiagInfoDescription(info);
    snprintf(first, RH_ERR_MAX, "%s", msg);
    LLVMDisposeMessage(msg);
}

/* Links the units `sel` (nsel of them; all units when sel is NULL) into
 * *out (owned by ctx). */
static int link_units(const rh_tu_list *units, const int *sel, int nsel, const char *tmp,
                      LLVMContextRef ctx, LLVMModuleRef *out, char *err)
{
    char diag[RH_ERR_MAX] = "";
    LLVMContextSetDiagnosticHandler(ctx, link_diagnostic, diag);
    LLVMModuleRef linked = NULL;
    int rc = 0;
    for (int k = 0; rc == 0 && k < (sel ? nsel : units->len); k++) {
        int i = sel ? sel[k] : k;
        char *bc = rh_xasprintf("%s/unit%d.bc", tmp, i);
        LLVMModuleRef m = NULL;
        rc = load_bitcode(ctx, bc, units->items[i].file, &m, err);
        free(bc);
        if (rc == 0 && !linked)
            linked = m;
        else if (rc == 0 && LLVMLinkModules2(linked, m))
            rc = rh_fail(err, "%s: cannot be linked with the other units: %s", units->items[i].file,
                         diag[0] ? diag : "conflicting definitions");
    }
    LLVMContextSetDiagnosticHandler(ctx, NULL, NULL);
    if (rc && linked)
        LLVMDisposeModule(linked);
    *out = rc ? NULL : linked;
    return rc;
}

/* Units of the database in another language are named, never silently
 * left out: the functions they define are unknown code to the engines. */
static void note_skipped(const rh_tu_list *units)
{
    if (units->nskipped == 0)
        return;
    fprintf(stderr, "racehunt: note: not analysed (racehunt analyses C; what they define is "
                    "treated as unknown functions):");
    for (int i = 0; i < units->nskipped; i++)
        fprintf(stderr, "%s %s", i ? "," : "", units->skipped[i]);
    fputc('\n', stderr);
}

/* The files clang read for each unit (the unit itself, through a line
 * marker when it was gcc-preprocessed, and its headers) are what reports
 * may quote (util/inputs.h). */
static void allow_inputs(const rh_tu_list *units, const char *tmp)
{
    static const char *const outs[] = {"%s/unit%d.bc.d", "%s/unit%d.bc.pp.d"};
    for (int i = 0; i < units->len; i++) {
        rh_inputs_add(units->items[i].file, units->items[i].dir, 1);
        for (size_t k = 0; k < sizeof outs / sizeof outs[0]; k++) {
            char *d = rh_xasprintf(outs[k], tmp, i);
            rh_frontend_allow_deps(d, units->items[i].dir);
            free(d);
        }
    }
}

struct rh_build {
    const rh_options *o;
    rh_tu_list units;
    char *tmp;             /* unitN.bc of every unit */
    rh_prog_units *progs;  /* units that define main, with what they link */
    int nprogs;
    int library;           /* the last program loaded had no main: all-external entries */
    char *implicit;        /* library functions called undeclared, given their real type */
};

/* Program names are only needed, and only computed, when the units hold
 * more than one main or the user named a program. */
static int find_programs(rh_build *b, char *err)
{
    LLVMContextRef ctx = LLVMContextCreate();
    int rc = rh_programs_find(ctx, b->tmp, &b->units, &b->progs, &b->nprogs, err);
    LLVMContextDispose(ctx);
    return rc;
}

/* The database's sources and the response files read are inputs too:
 * never an output's path (the command line's are checked by cli.c). */
static int outputs_not_inputs(const rh_options *o, const rh_tu_list *u, char *err)
{
    const char *outs[] = {o->output, o->witness_out};
    for (int i = 0; i < u->len + u->nread; i++) {
        const char *in = i < u->len ? u->items[i].file : u->read[i - u->len];
        for (int k = 0; k < 2; k++)
            if (outs[k] && rh_outfile_same_file(outs[k], in))
                return rh_fail(err, "%s: racehunt reads this file: it will not write the %s over "
                                    "it", outs[k], k ? "witness" : "report");
    }
    return 0;
}

int rh_build_open(const rh_options *o, rh_budget *budget, rh_build **out, char *err)
{
    rh_build *b = rh_xcalloc(1, sizeof *b);
    b->o = o;
    *out = b;
    if (rh_frontend_units(o, &b->units, err))
        return -1;
    if (outputs_not_inputs(o, &b->units, err))
        return -1;
    note_skipped(&b->units);
    if (!(b->tmp = rh_frontend_tmpdir(err)))
        return -1;
    if (budget)
        rh_budget_stage(budget, "frontend.compile");
    if (compile_all(o, budget, &b->units, b->tmp, err)) {
        if (budget && rh_budget_left(budget) <= 0) {
            rh_budget_ran_out(budget);
            return RH_FRONTEND_OUT_OF_TIME;
        }
        return -1;
    }
    allow_inputs(&b->units, b->tmp);
    if (b->units.len > 1 || o->program)
        return find_programs(b, err);
    return 0;
}

int rh_build_nprograms(const rh_build *b)
{
    return b->nprogs;
}

const char *rh_build_program(const rh_build *b, int i)
{
    return b->progs[i].name;
}

/* The units program `which` links: all units when there is one program
 * (or none: the error names the missing main), else its own. */
static int program_units(const rh_build *b, int which, const int **sel, int *nsel, char *err)
{
    *sel = NULL, *nsel = b->units.len;
    if (which < 0 && b->nprogs > 1) {
        char names[RH_ERR_MAX / 2] = "";
        for (int i = 0; i < b->nprogs && strlen(names) < sizeof names - 64; i++)
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "",
                     b->progs[i].name);
        return rh_fail(err, "%d units define main (%s): choose one with --program=NAME",
                       b->nprogs, names);
    }
    if (which >= 0 && b->nprogs > 1)
        *sel = b->progs[which].units, *nsel = b->progs[which].nunits;
    return 0;
}

/* The --model rows name argument positions: each must be a parameter of
 * every function of the program the row applies to. */
static int check_model_arity(LLVMModuleRef mod, const rh_conc_table *conc, char *err)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(mod); conc->nuser && f; f = LLVMGetNextFunction(f))
        if (rh_conc_check_arity(conc, LLVMGetValueName(f), LLVMCountParams(f), err))
            return -1;
    return 0;
}

int rh_build_load(rh_build *b, int which, rh_budget *budget, rh_program *prog, char *err)
{
    const int *sel;
    int nsel;
    if (program_units(b, which, &sel, &nsel, err))
        return -1;
    rh_conc_table conc = {0};
    conc.strict = b->o->strict;
    conc.svcomp = b->o->svcomp;
    if (b->o->model_file && rh_conc_load_file(&conc, b->o->model_file, err)) {
        rh_conc_free(&conc);
        return -1;
    }
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef mod = NULL;
    int rc = link_units(&b->units, sel, nsel, b->tmp, ctx, &mod, err);
    if (rc == 0) {
        free(b->implicit);
        b->implicit = rh_frontend_fix_implicit(mod, b->tmp);
    }
    if (rc == 0)
        rc = check_model_arity(mod, &conc, err);
    if (rc == 0 && budget)
        rh_budget_stage(budget, "frontend.normalise");
    rc = rc ? rc : program_main(b->o, b->units.len == 1 ? b->units.items[0].file : "the linked program",
                                mod, &b->library, err);
    if (rc == 0)
        rc = rh_frontend_normalise(mod, &conc, err);
    if (rc) {
        if (mod)
            LLVMDisposeModule(mod);
        LLVMContextDispose(ctx);
        rh_conc_free(&conc);
        return -1;
    }
    if (budget)
        rh_budget_stage(budget, "frontend.model");
    rc = rh_model_build(prog, ctx, mod, conc, b->o->ilp32, err);
    if (budget)
        rh_budget_end_stage(budget);
    return rc;
}

int rh_build_library(const rh_build *b)
{
    return b && b->library;
}

const char *rh_build_implicit(const rh_build *b)
{
    return b ? b->implicit : NULL;
}

void rh_build_close(rh_build *b)
{
    if (!b)
        return;
    if (b->tmp)
        rh_frontend_rmdir(b->tmp);
    free(b->tmp);
    free(b->implicit);
    rh_programs_free(b->progs, b->nprogs);
    rh_frontend_units_free(&b->units);
    free(b);
}

/* The one program the options name: with --program, that one; else the
 * only one the units make. */
int rh_frontend_load(const rh_options *o, rh_budget *budget, rh_program *prog, char *err)
{
    rh_build *b;
    int rc = rh_build_open(o, budget, &b, err), which = -1;
    if (rc == 0 && o->program && (which = rh_programs_select(b->progs, b->nprogs, o->program)) < 0)
        rc = rh_fail(err, "--program=%s: no unit with main makes a program of that name", o->program);
    if (rc == 0)
        rc = rh_build_load(b, which, budget, prog, err);
    rh_build_close(b);
    return rc;
}
