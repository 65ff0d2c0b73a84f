/* bmc_confirm.c - a counterexample is reported as a confirmed race only
 * when its schedule replays into the race: each one is replayed
 * in the dynamic engine's runtime, shortened as the dynamic engine's
 * witnesses are (wit_minimise.c), and one that does not replay is reported
 * as a likely race with a note and without its schedule, never as confirmed;
 * one that could not be replayed (no time left, the program does not link)
 * is a likely race that keeps its schedule.
 *
 * A witness whose scanf calls read standard input carries the text that
 * makes them return what the counterexample says (bmc_stdin.c); the runs
 * read it.  Why a counterexample may still not replay although it satisfies
 * the bounded program: it reads an uninitialised local whose value the
 * solver chose (a run gets whatever the stack holds), or a library result
 * bmc models as arbitrary that no text gives, or
 * the race crosses a call the runtime does not model (pthread_cancel,
 * glibc's cleanup regions), which a run holds back rather than observes.
 * This runs the program, as `racehunt replay` would.
 */
#include "bmc.h"
#include "frontend/frontend.h"
#include "util/util.h"
#include "engines/witness/witness.h"
#include "engines/dynamic/dse.h"

#include <stdlib.h>
#include <string.h>

#define RH_BMC_CONFIRM_SECONDS 6.0 /* at most per counterexample */

/* The standard input r's witness carries for scanf (--stdin-hex in its
 * program, bmc_stdin.c), written to a file of tmp; NULL when none. */
static char *witness_stdin(const rh_race *r, const char *tmp)
{
    if (!r->witness->program)
        return NULL;
    rh_options words = {0};
    char **tokens, *path = NULL, err[RH_ERR_MAX];
    int ntokens;
    rh_witness_program_parse(r->witness->program, &words, &tokens, &ntokens);
    if (words.stdin_hex && rh_dse_stdin_file(words.stdin_hex, tmp, &path, err))
        path = NULL; /* replayed without it: not confirmed, said so */
    for (int i = 0; i < ntokens; i++)
        free(tokens[i]);
    free(tokens);
    return path;
}

/* The uninitialised locals w's execution reads, with the values bmc chose
 * ("'mode' of main = 123456, ..."), or NULL. */
static char *uninitialised_reads(const rh_witness *w)
{
    char *list = rh_xstrdup(""); /* ", a = 1, b = 2" while it grows */
    const size_t skip = strlen(RH_BMC_UNINIT_INPUT " ");
    for (int i = 0; i < w->ninputs; i++) {
        const char *name = w->inputs[i].name;
        if (!name || strncmp(name, RH_BMC_UNINIT_INPUT " ", skip) != 0)
            continue;
        char *one = rh_xasprintf(", %.*s = %lld", (int)strcspn(name + skip, "#"), name + skip,
                                 w->inputs[i].value);
        size_t n = strlen(one);
        int again = 0; /* one local in a loop unwound: said once per value */
        for (const char *p = strstr(list, one); p && !again; p = strstr(p + 1, one))
            again = p[n] == ',' || p[n] == 0;
        char *item = again ? rh_xstrdup(list) : rh_xasprintf("%s%s", list, one);
        free(one);
        free(list);
        list = item;
    }
    char *out = list[0] ? rh_xstrdup(list + 2) : NULL;
    free(list);
    return out;
}

/* Replays (and shortens) the witness of r; 1 replayed, 0 not, -1 unknown. */
static int confirm_one(const rh_dyn_binary *bin, const char *tmp, double deadline, rh_race *r)
{
    double end = rh_now() + RH_BMC_CONFIRM_SECONDS;
    rh_wit_ctx c = {bin, tmp, r->witness->program, r->witness->seed, end < deadline ? end : deadline, 0};
    int replayed;
    rh_witness *m = rh_wit_minimise(&c, r->witness, &replayed);
    if (m) {
        rh_witness_free(r->witness);
        r->witness = m;
    }
    return replayed;
}

void rh_bmc_confirm(rh_program *prog, const rh_options *o, double deadline, rh_result *res, int first)
{
    int todo = 0;
    for (int i = first; i < res->nraces; i++)
        todo += res->races[i].evidence == RH_EV_COUNTEREXAMPLE && res->races[i].witness;
    if (!todo)
        return;
    char err[RH_ERR_MAX];
    rh_dyn_binary bin;
    char *tmp = NULL;
    if (rh_dyn_build(prog, o, deadline, &bin, err) || !(tmp = rh_frontend_tmpdir(err))) {
        rh_result_note(res, "bmc: the counterexamples were not replayed (%s): reported as likely, "
                            "with their schedules", err);
        for (int i = first; i < res->nraces; i++)
            if (res->races[i].evidence == RH_EV_COUNTEREXAMPLE)
                res->races[i].evidence = RH_EV_MUST;
        rh_dyn_binary_free(&bin);
        return;
    }
    rh_dyn_note_containment(res, "bmc");
    int unchecked = 0, downgraded = 0;
    for (int i = first; i < res->nraces; i++) {
        rh_race *r = &res->races[i];
        if (r->evidence != RH_EV_COUNTEREXAMPLE || !r->witness)
            continue;
        char *in = witness_stdin(r, tmp);
        const char *given = bin.stdin_path;
        if (in)
            bin.stdin_path = in;
        int ok = rh_now() < deadline && !rh_cancelled() ? confirm_one(&bin, tmp, deadline, r) : -1;
        bin.stdin_path = given;
        free(in);
        if (ok == 0) { /* satisfies the bounded program, but no run shows it */
            char *uninit = uninitialised_reads(r->witness);
            char *why = uninit ? rh_xasprintf("it reads uninitialised locals, whose values bmc chose "
                                              "and a run's stack decides: %s", uninit)
                               : rh_xstrdup("it may rest on an uninitialised value or a library "
                                            "result a run cannot be given, or cross a call the "
                                            "runtime does not model, such as pthread_cancel or a "
                                            "cleanup region");
            r->evidence = RH_EV_MUST;
            rh_witness_free(r->witness); /* a schedule that reaches nothing is no witness */
            r->witness = NULL;
            downgraded++;
            rh_result_note(res, "bmc: the counterexample of the race at %s:%u and %s:%u did not "
                                "replay (%s): reported as likely, not confirmed",
                           r->a.file, r->a.line, r->b.file, r->b.line, why);
            free(why);
            free(uninit);
        }
        if (ok < 0) /* a schedule no run has followed yet confirms nothing */
            r->evidence = RH_EV_MUST, unchecked++;
    }
    if (unchecked)
        rh_result_note(res, "bmc: %d counterexample(s) were not replayed before the time budget "
                            "ran out: reported as likely, with their schedules", unchecked);
    (void)downgraded;
    rh_frontend_rmdir(tmp);
    free(tmp);
    rh_dyn_binary_free(&bin);
}
