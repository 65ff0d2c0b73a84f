/* main.c - racehunt's entry point: parse the command line, build the program
 * model, run the engines, write the report, exit with a documented code.
 */
#include "cli.h"
#include "frontend/frontend.h"
#include "portfolio/portfolio.h"
#include "report/filter.h"
#include "report/report.h"
#include "util/cleanup.h"
#include "util/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(const char *msg)
{
    fflush(stdout);
    fprintf(stderr, "racehunt: error: %s\n", msg);
    return RH_EXIT_ERROR;
}

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
    for (int shown = 1; shown >= 0; shown--)
        for (int i = 0; i < res->nraces; i++)
            if (res->races[i].witness && (!shown || rh_race_reported(&res->races[i], o->may)))
                return rh_witness_save(res->races[i].witness, o->witness_out, err);
    return 0;
}

static int report(rh_result *res, const rh_options *o)
{
    char err[RH_ERR_MAX] = "";
    FILE *out = stdout;
    if (rh_filter_result(res, o, err))
        return fail(err);
    if (o->output && !(out = fopen(o->output, "w"))) {
        snprintf(err, sizeof err, "%s: cannot write the report: %s", o->output, strerror(errno));
        return fail(err);
    }
    int rc = rh_report_write(res, o, out, err);
    if (out != stdout)
        fclose(out);
    if (rc == 0)
        rc = save_witness(res, o, err);
    if (rc)
        return fail(err);
    if (o->svcomp)
        printf("RESULT: %s\n", rh_portfolio_svcomp_answer(res));
    return exit_code(res, o);
}

/* --from-report: a saved JSON report, written again in another format. */
static int rerender(const rh_options *o)
{
    char err[2 * RH_ERR_MAX] = "";
    json_error_t jerr;
    json_t *j = json_load_file(o->from_report, 0, &jerr);
    if (!j) {
        snprintf(err, sizeof err, "%s: cannot read the report: %s", o->from_report, jerr.text);
        return fail(err);
    }
    rh_result res;
    char inner[RH_ERR_MAX];
    int rc = rh_result_from_json(j, &res, inner);
    json_decref(j);
    if (rc) {
        snprintf(err, sizeof err, "%s: %s", o->from_report, inner);
        return fail(err);
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

static int analyse(const rh_options *o)
{
    if (o->from_report)
        return rerender(o);
    char err[RH_ERR_MAX] = "";
    rh_budget budget;
    rh_portfolio_budget(o, &budget);
    rh_program prog;
    rh_result res = {0};
    int rc = rh_frontend_load(o, &budget, &prog, err);
    if (rc == RH_FRONTEND_OUT_OF_TIME) {
        rh_budget_finish(&budget);
        out_of_time(err, &res);
        rc = report(&res, o);
        rh_result_free(&res);
        return rc;
    }
    if (rc) {
        rh_budget_finish(&budget);
        return fail(err);
    }
    if (o->dump_model) {
        rh_budget_finish(&budget);
        rh_model_dump(&prog, stdout);
        rh_model_free(&prog);
        return RH_EXIT_RACE_FREE;
    }
    rc = rh_portfolio_run(&prog, o, &budget, &res, err);
    rh_budget_finish(&budget);
    rc = rc ? fail(err) : report(&res, o);
    rh_result_free(&res);
    rh_model_free(&prog);
    return rc;
}

int main(int argc, char **argv)
{
    rh_options o;
    char err[RH_ERR_MAX] = "";
    int rc = rh_cli_parse(argc, argv, &o, err);
    if (rc < 0) {
        rh_cli_free(&o);
        return o.svcomp ? (fail(err), puts("RESULT: unknown"), RH_EXIT_ERROR) : fail(err);
    }
    if (rc > 0) {
        rh_cli_free(&o);
        return 0;
    }
    rh_cleanup_install(); /* from here on an interrupted racehunt leaves nothing behind */
    rc = o.command ? rh_dynamic_command(&o) : analyse(&o);
    if (rc == RH_EXIT_ERROR && o.svcomp)
        puts("RESULT: unknown");
    rh_cli_free(&o);
    return rc;
}
