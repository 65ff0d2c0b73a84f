/* dyn_run.c - one controlled run of the instrumented program: settings go
 * to the runtime through RH_RT_* variables, the child gets a time limit
 * (rh_proc_run kills its whole process group) and resource caps, and the
 * runtime's report file is read back as a trace.
 */
#include "dyn.h"
#include "util/proc.h"
#include "util/sandbox.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Caps on the program under test, so that a program that allocates,
 * writes, creates threads or forks without end cannot take the machine
 * down with it.  A run that reaches the thread or process cap ends there
 * (the runtime says so, and the engine notes it).  The data cap has room
 * for the thread cap: each thread's default 8 MiB stack counts against it. */
#define RH_DYN_CAP_DATA (8ull << 30)
#define RH_DYN_CAP_FILE (1ull << 30)
#define RH_DYN_CAP_THREADS 512
#define RH_DYN_CAP_PROCESSES 64

int rh_dyn_run_once(const rh_dyn_binary *bin, const char *workdir, const rh_dyn_runspec *spec,
                    rh_dyn_outcome *res, char *err)
{
    memset(res, 0, sizeof *res);
    char *outfile = rh_xasprintf("%s/rt.out", workdir);
    char *evfile = rh_xasprintf("%s/rt.ev", workdir); /* events in binary: cheaper both ways */
    char **env = rh_xcalloc(24 + (size_t)bin->nenv, sizeof *env);
    int n = 0;
    env[n++] = rh_xasprintf("RH_RT_OUT=%s", outfile);
    env[n++] = rh_xasprintf("RH_RT_EVENTS=%s", evfile);
    env[n++] = rh_xasprintf("RH_RT_STRATEGY=%s", spec->strategy);
    env[n++] = rh_xasprintf("RH_RT_SEED=%lu", spec->seed);
    env[n++] = rh_xasprintf("RH_RT_PCT_K=%lu", spec->pct_k ? spec->pct_k : 1000);
    env[n++] = rh_xasprintf("RH_RT_PCT_D=%d", spec->pct_d ? spec->pct_d : 3);
    unsigned long steps = spec->max_steps == RH_DYN_NO_STEP_LIMIT ? 0
                          : spec->max_steps                   ? spec->max_steps
                                                              : 200000;
    env[n++] = rh_xasprintf("RH_RT_MAX_STEPS=%lu", steps);
    env[n++] = rh_xasprintf("RH_RT_TRACE=%lu", spec->trace_cap);
    env[n++] = rh_xasprintf("RH_RT_LOCS=%s", bin->locpos);
    env[n++] = rh_xasprintf("RH_RT_SCHED=%s", spec->sched_file ? spec->sched_file : "");
    env[n++] = rh_xasprintf("RH_RT_INPUTS=%s", spec->inputs_file ? spec->inputs_file : "");
    env[n++] = rh_xasprintf("RH_RT_CLOCKS=%s", spec->clocks_file ? spec->clocks_file : "");
    env[n++] = rh_xasprintf("RH_RT_MAX_THREADS=%d", RH_DYN_CAP_THREADS);
    env[n++] = rh_xasprintf("RH_RT_MAX_PROCS=%d", RH_DYN_CAP_PROCESSES);
    if (spec->target)
        env[n++] = rh_xasprintf("RH_RT_TARGET=%s", spec->target);
    if (spec->sym_log)
        env[n++] = rh_xasprintf("RH_RT_SYM=%s", spec->sym_log);
    if (spec->timeout >= 2 && !spec->no_time_limit)
        env[n++] = rh_xasprintf("RH_RT_TIME_LIMIT=%d", (int)spec->timeout - 1);
    if (bin->files_index) /* --inputs=solver: the files and environment its input gives */
        env[n++] = rh_xasprintf("RH_RT_FILES=%s", bin->files_index);
    for (int i = 0; i < bin->nenv; i++)
        env[n++] = rh_xstrdup(bin->env[i]);
    env[n] = NULL;
    /* the runspec's own arguments (a bmc witness's argc), else the user's */
    char *const *args = spec->args ? spec->args : (char *const *)bin->args;
    int nargs = spec->args ? spec->nargs : bin->nargs;
    char **argv = rh_xcalloc((size_t)nargs + 2, sizeof *argv);
    argv[0] = bin->exe;
    for (int i = 0; i < nargs; i++)
        argv[i + 1] = args[i];
    remove(outfile);
    remove(evfile);
    rh_proc_result pr;
    rh_proc_caps caps = {RH_DYN_CAP_DATA, RH_DYN_CAP_FILE, 1,
                         spec->stdin_path ? spec->stdin_path : bin->stdin_path, spec->inherit_stdio,
                         NULL};
    /* arguments racehunt chose (the solver's, bmc's argc) are not the user's:
     * the program may take one for a file to write */
    if ((bin->sandboxed || (spec->args && spec->nargs > 0)) && rh_sandbox_available(NULL))
        caps.sandbox_keep = workdir;
    int rc = rh_proc_run_capped(argv, env, spec->timeout, &caps, &pr, err);
    if (rc == 0) {
        res->timed_out = pr.timed_out;
        res->exited = pr.exited;
        res->status = pr.status;
        char dummy[RH_ERR_MAX];
        char *text = rh_read_file(outfile, NULL, dummy);
        rh_dyn_trace_parse(text ? text : "", &res->trace);
        free(text);
        size_t evlen = 0;
        char *ev = rh_read_file(evfile, &evlen, dummy);
        if (ev)
            rh_dyn_trace_add_events(&res->trace, ev, evlen);
        free(ev);
        if (spec->passthrough) {
            res->out = pr.out, res->errout = pr.errout;
            pr.out = pr.errout = NULL;
        }
        rh_proc_result_free(&pr);
    }
    remove(outfile);
    remove(evfile);
    for (int i = 0; i < n; i++)
        free(env[i]);
    free(env);
    free(argv);
    free(outfile);
    free(evfile);
    return rc;
}

void rh_dyn_outcome_free(rh_dyn_outcome *res)
{
    rh_dyn_trace_free(&res->trace);
    free(res->out);
    free(res->errout);
    memset(res, 0, sizeof *res);
}

void rh_dyn_note_containment(rh_result *res, const char *engine)
{
    const char *why = "";
    const char *kind = rh_proc_containment(&why);
    char name[96];
    snprintf(name, sizeof name, "%s.containment.%s", engine,
             strcmp(kind, "pid-namespace") == 0 ? "pid_namespace" : "process_group");
    rh_result_stat(res, name, 1);
    if (strcmp(kind, "pid-namespace") != 0)
        rh_result_note(res, "%s: the program's processes were contained by their process group "
                            "only (%s); descendants that left it were killed as orphans when "
                            "each run ended", engine, why);
}
