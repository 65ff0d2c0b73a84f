/* frontend.c - compiles units with clang-16 (compile.c, several at a
 * time), links their bitcode and runs the normalisation pipeline, then
 * hands the module to the model builder.
 */
#include "frontend.h"
#include "../util/cleanup.h"
#include "../util/proc.h"
#include "../util/util.h"

#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/Error.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* Only these passes run: promotion of non-escaping locals to SSA values.
 * Anything stronger (instcombine, GVN, LICM, simplifycfg's hoisting) may
 * delete, merge or move the shared accesses races consist of. */
static const char normalise_pipeline[] = "mem2reg";

char *rh_frontend_clang(void)
{
    const char *env = getenv("RACEHUNT_CLANG");
    char *p = rh_proc_which(env ? env : "clang-16");
    if (!p && !env)
        p = rh_proc_which("/usr/lib/llvm-16/bin/clang");
    return p;
}

char *rh_frontend_tmpdir(char *err)
{
    const char *base = getenv("TMPDIR");
    char *tmpl = rh_xasprintf("%s/racehunt-XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(tmpl)) {
        rh_fail(err, "cannot create a temporary directory in %s: %s", base ? base : "/tmp",
                strerror(errno));
        free(tmpl);
        return NULL;
    }
    rh_cleanup_add_dir(tmpl); /* removed even if racehunt is interrupted */
    return tmpl;
}

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb, (void)flag, (void)ftw;
    return remove(path);
}

void rh_frontend_rmdir(const char *dir)
{
    if (!dir)
        return;
    nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
    rh_cleanup_remove_dir(dir);
}

static int load_bitcode(LLVMContextRef ctx, const char *path, const char *file, LLVMModuleRef *m,
                        char *err)
{
    LLVMMemoryBufferRef buf;
    char *msg = NULL;
    if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg)) {
        rh_fail(err, "%s: cannot read the compiled bitcode: %s", file, msg ? msg : "?");
        LLVMDisposeMessage(msg);
        return -1;
    }
    int bad = LLVMParseBitcodeInContext2(ctx, buf, m);
    LLVMDisposeMemoryBuffer(buf);
    return bad ? rh_fail(err, "%s: clang-16 produced unreadable bitcode", file) : 0;
}

static int normalise(LLVMModuleRef m, const rh_conc_table *conc, char *err)
{
    LLVMPassBuilderOptionsRef opts = LLVMCreatePassBuilderOptions();
    rh_frontend_freeze_uninitialised(m);
    LLVMErrorRef e = LLVMRunPasses(m, normalise_pipeline, NULL, opts);
    for (int round = 0; round < 4 && !e && rh_frontend_mark_create_wrappers(m, conc); round++)
        e = LLVMRunPasses(m, "always-inline,mem2reg", NULL, opts);
    LLVMDisposePassBuilderOptions(opts);
    if (e) {
        char *msg = LLVMGetErrorMessage(e);
        rh_fail(err, "normalising the program failed: %s", msg);
        LLVMDisposeErrorMessage(msg);
        return -1;
    }
    return 0;
}

static int has_main(LLVMModuleRef m)
{
    LLVMValueRef f = LLVMGetNamedFunction(m, "main");
    return f && !LLVMIsDeclaration(f);
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

/* Compiles and links every unit into *out (owned by ctx). */
static int build_module(const rh_options *o, rh_budget *budget, const rh_tu_list *units,
                        const char *tmp, LLVMContextRef ctx, LLVMModuleRef *out, char *err)
{
    if (compile_all(o, budget, units, tmp, err))
        return -1;
    char diag[RH_ERR_MAX] = "";
    LLVMContextSetDiagnosticHandler(ctx, link_diagnostic, diag);
    LLVMModuleRef linked = NULL;
    for (int i = 0; i < units->len; i++) {
        char *bc = rh_xasprintf("%s/unit%d.bc", tmp, i);
        LLVMModuleRef m = NULL;
        int rc = load_bitcode(ctx, bc, units->items[i].file, &m, err);
        free(bc);
        if (rc == 0 && !linked)
            linked = m;
        else if (rc == 0 && LLVMLinkModules2(linked, m))
            rc = rh_fail(err, "%s: cannot be linked with the other units: %s", units->items[i].file,
                         diag[0] ? diag : "conflicting definitions");
        if (rc) {
            if (linked)
                LLVMDisposeModule(linked);
            return -1;
        }
    }
    LLVMContextSetDiagnosticHandler(ctx, NULL, NULL);
    *out = linked;
    return 0;
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

int rh_frontend_load(const rh_options *o, rh_budget *budget, rh_program *prog, char *err)
{
    rh_tu_list units;
    rh_conc_table conc = {0};
    conc.strict = o->strict;
    conc.svcomp = o->svcomp;
    if (o->model_file && rh_conc_load_file(&conc, o->model_file, err)) {
        rh_conc_free(&conc);
        return -1;
    }
    if (rh_frontend_units(o, &units, err)) {
        rh_conc_free(&conc);
        return -1;
    }
    note_skipped(&units);
    char *tmp = rh_frontend_tmpdir(err);
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef mod = NULL;
    if (budget)
        rh_budget_stage(budget, "frontend.compile");
    int rc = tmp ? build_module(o, budget, &units, tmp, ctx, &mod, err) : -1;
    if (rc && budget && rh_budget_left(budget) <= 0) {
        rh_budget_ran_out(budget);
        rc = RH_FRONTEND_OUT_OF_TIME;
    }
    if (rc == 0 && budget)
        rh_budget_stage(budget, "frontend.normalise");
    if (rc == 0 && !has_main(mod))
        rc = rh_fail(err, "%s: no main function: racehunt analyses whole programs",
                     units.len == 1 ? units.items[0].file : "the linked program");
    if (rc == 0)
        rc = normalise(mod, &conc, err);
    rh_frontend_rmdir(tmp);
    free(tmp);
    rh_frontend_units_free(&units);
    if (rc) {
        if (mod)
            LLVMDisposeModule(mod);
        LLVMContextDispose(ctx);
        rh_conc_free(&conc);
        return rc == RH_FRONTEND_OUT_OF_TIME ? rc : -1;
    }
    if (budget)
        rh_budget_stage(budget, "frontend.model");
    rc = rh_model_build(prog, ctx, mod, conc, o->ilp32, err);
    if (budget)
        rh_budget_end_stage(budget);
    return rc;
}
