/* main.c - racehunt's entry point: parse the command line, build the program
 * model, run the engines, write the report, exit with a documented code.
 */
#include "cli.h"
#include "cc/cc.h"
#include "frontend/frontend.h"
#include "portfolio/portfolio.h"
#include "result/filter.h"
#include "result/group.h"
#include "report/report.h"
#include "result/result_json.h"
#include "result/witness_file.h"
#include "util/text_escape.h"
#include "util/inputs.h"
#include "util/cleanup.h"
#include "util/input.h"
#include "util/outfile.h"
#include "util/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The exit code follows the verdict: races only for a race verdict with a
 * race left to report (possible races of --may never make one); 0 when
 * every race was suppressed or baselined, as ThreadSanitizer does. */
static int exit_code(const rh_result *res, const rh_options *o)
{
    if (res->verdict != RH_RACE)
        return res->verdict == RH_RACE_FREE ? RH_EXIT_RACE_FREE : RH_EXIT_UNKNOWN;
    int hidden = 0;
    for (int i = 0; i < res->nraces; i++) {
        if (res->races[i].evidence == RH_EV_MAY)
            continue;
        if (res->races[i].hidden == RH_SHOWN)
            return o->exitcode;
        hidden++;
    }
    return hidden ? RH_EXIT_RACE_FREE : o->exitcode;
}

/* Writes the first witnessed race's schedule where --witness asks for it. */
static int save_witness(const rh_result *res, const rh_options *o, char *err)
{
    if (!o->witness_out)
        return 0;
    if (o->svcomp)
        return strcmp(rh_portfolio_svcomp_answer(res), "false(no-data-race)") == 0 && o->nfiles
                   ? rh_svcomp_witness_save(res, o->files[0], o->ilp32, o->witness_out, err)
                   : 0;
    /* the text report names the file under the first race it shows with a
     * witness; a hidden race's witness only when no shown race has one */
    int first = rh_groups_first_witness(res, o->may);
    if (first >= 0)
        return rh_witness_save(res->races[first].witness, o->witness_out, err);
    for (int i = 0; i < res->nraces; i++)
        if (res->races[i].witness)
            return rh_witness_save(res->races[i].witness, o->witness_out, err);
    return 0;
}

static int report(rh_result *res, const rh_options *o)
{
    char err[RH_ERR_MAX] = "";
    if (rh_filter_result(res, o, err))
        return rh_cli_fail(err);
    int rc = rh_report_save(res, o, err);
    if (rc == 0)
        rc = save_witness(res, o, err);
    if (rc)
        return rh_cli_fail(err);
    if (o->svcomp)
        printf("RESULT: %s\n", rh_portfolio_svcomp_answer(res));
    return exit_code(res, o);
}

/* --from-report: a saved JSON report, written again in another format. */
static int rerender(const rh_options *o)
{
    char err[2 * RH_ERR_MAX] = "";
    json_t *j = rh_input_read_json(o->from_report, "report", err);
    if (!j)
        return rh_cli_fail(err);
    /* the report names files as it likes: only the sources the user gave
     * with it are quoted (util/inputs.h) */
    for (int i = 0; i < o->nfiles; i++)
        rh_inputs_add(o->files[i], NULL, 0);
    rh_result res;
    char inner[RH_ERR_MAX];
    int rc = rh_result_from_json(j, &res, inner);
    json_decref(j);
    if (rc) {
        snprintf(err, sizeof err, "%s: %s", o->from_report, inner);
        return rh_cli_fail(err);
    }
    rc = report(&res, o);
    rh_result_free(&res);
    return rc;
}

/* The result of a run whose compiling outlasted the budget: unknown,
 * with a note saying where the time went. */
static void out_of_time(const char *where, rh_result *res)
{
    res->verdict = RH_UNKNOWN;
    res->engine = rh_xstrdup("front end");
    rh_result_note(res, "%s", where);
}

/* One program of the build: modelled, then analysed by the portfolio. */
static int analyse_program(rh_build *b, int which, const rh_options *o, rh_budget *budget,
                           rh_result *res, char *err)
{
    rh_program prog;
    int rc = rh_build_load(b, which, budget, &prog, err);
    if (rc)
        return rc;
    if (o->dump_model) {
        rh_model_dump(&prog, stdout);
        rh_model_free(&prog);
        return 0;
    }
    rc = rh_portfolio_run(&prog, o, budget, res, err);
    rh_model_free(&prog);
    return rc;
}

/* The programs to analyse: those --program lists, else all the build
 * makes; returns how many (0 and err set for an unknown name). */
static int chosen_programs(const rh_build *b, const rh_options *o, int *which, char *err)
{
    int n = 0;
    if (!o->program) {
        for (n = 0; n < rh_build_nprograms(b); n++)
            which[n] = n;
        return n;
    }
    char *names = rh_xstrdup(o->program), *save = NULL;
    for (char *name = strtok_r(names, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
        int k = 0;
        while (k < rh_build_nprograms(b) && strcmp(rh_build_program(b, k), name) != 0)
            k++;
        if (k == rh_build_nprograms(b)) {
            n = rh_fail(err, "--program=%s: no unit with main makes a program of that name", name);
            break;
        }
        int again = 0;
        for (int i = 0; i < n; i++)
            again |= which[i] == k;
        if (!again)
            which[n++] = k;
    }
    free(names);
    return n;
}

/* Each program of a build with several gets an equal share of the time
 * left, and its races say which program they belong to. */
static int analyse_programs(rh_build *b, const int *which, int n, const rh_options *o,
                            rh_budget *budget, rh_result *res)
{
    for (int k = 0; k < n; k++) {
        const char *name = rh_build_program(b, which[k]);
        rh_options po = *o;
        po.program = name;
        rh_budget share = rh_budget_share(budget, 1.0 / (n - k));
        rh_result part = {0};
        char err[RH_ERR_MAX] = "";
        if (n > 1 && o->dump_model)
            printf("; program %s\n", name);
        if (analyse_program(b, which[k], &po, &share, &part, err)) {
            rh_result_free(&part);
            part = (rh_result){0};
            if (n == 1)
                return rh_cli_fail(err);
            rh_result_note(&part, "not analysed: %s", err);
        }
        rh_result_absorb(res, &part, name);
    }
    return 0;
}

static int analyse(const rh_options *o)
{
    if (o->from_report)
        return rerender(o);
    char err[RH_ERR_MAX] = "";
    rh_budget budget;
    rh_portfolio_budget(o, &budget);
    rh_build *b;
    rh_result res = {0};
    int rc = rh_build_open(o, &budget, &b, err);
    if (rc == RH_FRONTEND_OUT_OF_TIME) {
        out_of_time(err, &res);
    } else if (rc == 0 && (rh_build_nprograms(b) > 1 || (o->program && rh_build_nprograms(b)))) {
        int *which = rh_xcalloc((size_t)rh_build_nprograms(b), sizeof *which);
        int n = chosen_programs(b, o, which, err);
        rc = n <= 0 ? -1 : analyse_programs(b, which, n, o, &budget, &res);
        free(which);
    } else if (rc == 0) {
        rc = analyse_program(b, rh_build_nprograms(b) == 1 ? 0 : -1, o, &budget, &res, err);
    }
    if (rc == 0 && rh_build_implicit(b))
        rh_result_note(&res, "the sources call %s without a declaration (an implicit int function): "
                             "racehunt gave the calls the C library's result type from the system "
                             "headers (a 64-bit build of the sources as written cuts the result to "
                             "32 bits); include the header that declares them", rh_build_implicit(b));
    if (rc == 0 && !o->entry && rh_build_library(b))
        rh_result_note(&res, "no main function: analysed as a library, every externally visible "
                             "function an entry point (as --entry=all-external) that runs in any "
                             "number of threads at once; name the entry points with --entry=FUNC,...");
    else if (rc == 0 && o->entry)
        rh_result_note(&res, "analysed as a library: each entry function (--entry=%s) runs in any "
                             "number of threads at once, with arguments that may alias as far as "
                             "their types allow", o->entry);
    rh_budget_finish(&budget);
    rh_build_close(b);
    if (rc == RH_FRONTEND_OUT_OF_TIME)
        rc = 0;
    if (rc == 0 && o->dump_model)
        rc = RH_EXIT_RACE_FREE;
    else if (rc == 0)
        rc = report(&res, o);
    else if (rc != RH_EXIT_ERROR)
        rc = rh_cli_fail(err);
    rh_result_free(&res);
    return rc;
}

int main(int argc, char **argv)
{
    rh_outfile_hold_std_fds();
    rh_options o;
    char err[RH_ERR_MAX] = "";
    if (rh_cc_wanted(argc, argv))
        return rh_cc_main(argc, argv);
    int rc = rh_cli_parse(argc, argv, &o, err);
    if (rc == 0 && rh_cc_expand_inputs(&o, err))
        rc = -1;
    if (rc < 0) {
        rh_cli_free(&o);
        return o.svcomp ? (rh_cli_fail(err), puts("RESULT: unknown"), RH_EXIT_ERROR) : rh_cli_fail(err);
    }
    if (rc > 0) {
        rh_cli_free(&o);
        return rh_outfile_close_stdout(err) ? rh_cli_fail(err) : 0;
    }
    rh_cleanup_install(); /* from here on an interrupted racehunt leaves nothing behind */
    if (o.command && strcmp(o.command, "run") == 0 && o.inputs_solver) {
        /* not one run with the user's streams but many, with inputs the
         * solver chooses from the arguments given on: the dynamic engine's
         * concolic search (engines/dynamic/dse.h), reported as analyses are */
        o.command = NULL;
        o.engine = "dynamic";
    }
    rc = o.command ? rh_dynamic_command(&o) : analyse(&o);
    if (rc == RH_EXIT_ERROR && o.svcomp)
        puts("RESULT: unknown");
    rh_cli_free(&o);
    /* a report that never reached standard output (a full disk, /dev/full)
     * is a failed run, not a silent one */
    if (rh_outfile_close_stdout(err) && rc != RH_EXIT_ERROR)
        rc = rh_cli_fail(err);
    return rc;
}
