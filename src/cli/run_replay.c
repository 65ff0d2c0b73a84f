/* run_replay.c - `racehunt run FILE... [-- ARGS]` (one controlled run of
 * the program with its arguments and racehunt's own standard streams, races
 * reported on stderr or in -o) and `racehunt replay WITNESS.json` (rebuild or reuse the
 * instrumented binary, follow the witness's schedule and inputs, print the
 * race it reaches).  Both execute the user's program.
 */
#include "cc/cc.h"
#include "cli.h"
#include "frontend/frontend.h"
#include "result/filter.h"
#include "report/report.h"
#include "result/witness_file.h"
#include "util/text_escape.h"
#include "util/input.h"
#include "util/util.h"
#include "engines/engine.h"
#include "engines/witness/witness.h"
#include "engines/dynamic/dyn.h"
#include "engines/dynamic/dse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* `run` is used as ThreadSanitizer is: suppressions, baseline and --exitcode
 * apply; a replay shows the race it was asked for, whatever they say. */
static int finish(rh_result *res, const rh_options *o)
{
    char err[RH_ERR_MAX];
    int run = strcmp(o->command, "run") == 0;
    int rc = run ? rh_filter_result(res, o, err) : 0;
    if (rc == 0 && run && !o->output) { /* stdout is the program's */
        rc = rh_report_write(res, o, stderr, err);
        fflush(stderr);
    } else if (rc == 0) {
        rc = rh_report_save(res, o, err);
    }
    for (int i = 0; rc == 0 && o->witness_out && i < res->nraces; i++)
        if (res->races[i].witness) {
            rc = rh_witness_save(res->races[i].witness, o->witness_out, err);
            break;
        }
    if (rc)
        return rh_cli_fail(err);
    int shown = 0;
    for (int i = 0; i < res->nraces; i++)
        shown |= res->races[i].hidden == RH_SHOWN;
    if (shown)
        return run ? o->exitcode : RH_EXIT_RACES;
    return res->nraces ? RH_EXIT_RACE_FREE : RH_EXIT_UNKNOWN; /* all hidden, or none seen */
}

/* The witness --witness saves, shortened as the engines' are (a run's
 * arguments are not part of a witness: shortening keeps only schedules
 * that replay without them, else the run's own schedule stays). */
#define RH_RUN_SHORTEN_SECONDS 10.0

static void shorten(rh_dyn_binary *bin, const char *tmp, rh_race *r)
{
    rh_wit_ctx c = {bin, tmp, r->witness->program, r->witness->seed,
                    rh_now() + RH_RUN_SHORTEN_SECONDS, 0};
    int replayed;
    rh_witness *m = rh_wit_minimise(&c, r->witness, &replayed);
    if (m) {
        rh_witness_free(r->witness);
        r->witness = m;
    }
}

static int command_run(const rh_options *o, rh_program *prog, rh_dyn_binary *bin, const char *tmp)
{
    char err[RH_ERR_MAX];
    rh_dyn_runspec spec = {0};
    spec.strategy = o->strategy ? o->strategy : "pct";
    spec.seed = o->seed;
    spec.trace_cap = 100000;
    spec.timeout = o->timeout > 0 ? o->timeout : 60;
    spec.inherit_stdio = 1; /* its streams are its own: `racehunt run ./prog < in > out.gz` */
    spec.max_steps = RH_DYN_NO_STEP_LIMIT; /* the user's run ends when the program does */
    rh_dyn_outcome out;
    fflush(NULL);
    if (rh_dyn_run_once(bin, tmp, &spec, &out, err))
        return rh_cli_fail(err);
    rh_result res = {0};
    res.engine = rh_xstrdup("dynamic");
    char *program = rh_witness_program(o);
    for (int i = 0; i < out.trace.nraces; i++) {
        rh_race r;
        rh_dyn_race_from_obs(bin, &out.trace, i, program, spec.seed, RH_EV_OBSERVED, &r);
        if (i == 0 && o->witness_out && r.witness) /* the witness saved: shortened first */
            shorten(bin, tmp, &r);
        rh_result_add_race(&res, &r);
    }
    if (out.timed_out)
        rh_result_note(&res, "the run exceeded its time limit and was killed");
    else if (strcmp(out.trace.end, "limit") == 0)
        rh_result_note(&res, "the run ended: %s", out.trace.end_detail);
    else if (strcmp(out.trace.end, "crash") == 0) {
        char *c = rh_dyn_crash_text(bin, &out.trace);
        rh_result_note(&res, "the run crashed with %s", c);
        free(c);
    } else if (out.trace.end[0] && strcmp(out.trace.end, "exit") != 0)
        rh_result_note(&res, "the run ended: %s %s", out.trace.end, out.trace.end_detail);
    res.verdict = res.nraces ? RH_RACE : RH_UNKNOWN;
    (void)prog;
    free(program);
    rh_dyn_outcome_free(&out);
    int rc = finish(&res, o);
    rh_result_free(&res);
    return rc;
}

/* Why the replay is not a confirmation: where the run left the schedule,
 * or that it followed it and still met no race at the witness's lines. */
static void note_not_reached(rh_result *res, const rh_witness *w, const rh_wit_follow *f,
                             int departed)
{
    const rh_step *a = &w->steps[w->race_step_a], *b = &w->steps[w->race_step_b];
    if (departed) {
        const rh_step *s = &w->steps[f->depart_step];
        rh_result_note(res, "not reached: the run departed from the witness schedule at step %ld "
                            "(thread T%d, %s:%u), %lu departures in all",
                       f->depart_step, s->thread, s->file, s->line, f->diverged);
    }
    rh_result_note(res, "the replay did not reach the witness's race (%s:%u and %s:%u)", a->file,
                   a->line, b->file, b->line);
}

/* A race counts as replayed only when the run reached it at the witness's
 * lines without leaving the schedule before the later racing step: the
 * fallback scheduler after a departure finds races on its own. */
static int command_replay(const rh_options *o, const rh_witness *w, rh_dyn_binary *bin,
                          const char *tmp)
{
    char err[RH_ERR_MAX];
    rh_wit_ctx c = {bin, tmp, w->program, w->seed, rh_now() + (o->timeout > 0 ? o->timeout : 60), 0};
    rh_race race;
    rh_wit_follow f = {0, -1};
    int hit = rh_wit_replay(&c, w, &race, &f, err);
    if (hit < 0)
        return rh_cli_fail(err);
    long last = w->race_step_a > w->race_step_b ? w->race_step_a : w->race_step_b;
    int departed = f.depart_step >= 0 && f.depart_step <= last && f.depart_step < w->nsteps;
    if (hit && departed) {
        rh_race_free(&race);
        hit = 0;
    }
    rh_result res = {0};
    res.engine = rh_xstrdup("dynamic");
    if (hit)
        rh_result_add_race(&res, &race);
    else
        note_not_reached(&res, w, &f, departed);
    res.verdict = hit ? RH_RACE : RH_UNKNOWN;
    int rc = finish(&res, o);
    rh_result_free(&res);
    return rc;
}

/* An XML file (an SV-COMP GraphML witness): its first non-blank byte is '<'. */
static int is_xml(const char *path)
{
    char err[RH_ERR_MAX];
    char *text = rh_input_read_file(path, "witness", NULL, err); /* errors: rh_witness_load's */
    int xml = text && text[strspn(text, " \t\r\n")] == '<';
    free(text);
    return xml;
}

/* A witness names a program racehunt cc built by its executable: its
 * units again (rh_cc_expand_inputs), into arrays of the replay's own, since
 * the expansion replaces po->files and appends to po->ldflags. */
static int expand_replay_inputs(rh_options *po, const char ***own_files, char *err)
{
    *own_files = rh_xcalloc((size_t)po->nfiles + 1, sizeof **own_files);
    if (po->nfiles)
        memcpy(*own_files, po->files, (size_t)po->nfiles * sizeof **own_files);
    po->files = *own_files;
    const char **ld = rh_xcalloc((size_t)po->nldflags + 1, sizeof *ld);
    if (po->nldflags)
        memcpy(ld, po->ldflags, (size_t)po->nldflags * sizeof *ld);
    po->ldflags = ld;
    return rh_cc_expand_inputs(po, err);
}

static void free_replay_inputs(rh_options *po, const char **own_files)
{
    free(po->files == own_files ? own_files : (void *)po->files); /* expansion freed own_files */
    free(po->ldflags);
}

/* racehunt replay: loads the witness o names and the program it records
 * into *po (its files into *files, racehunt cc's units into *own_files).
 * Returns 0, or the failing exit status with the error reported and
 * nothing left to free. */
static int load_replay(const rh_options *o, rh_witness **wp, rh_options *po, char ***files, int *nfiles,
                       const char ***own_files)
{
    char err[RH_ERR_MAX];
    rh_witness *w;
    if (o->nfiles != 1)
        return rh_cli_fail("usage: racehunt replay WITNESS.json");
    if (is_xml(o->files[0])) {
        snprintf(err, sizeof err, "%s is an SV-COMP GraphML witness (what --svcomp --witness "
                 "writes); racehunt replay reads the JSON witness that --witness=FILE writes "
                 "without --svcomp", o->files[0]);
        return rh_cli_fail(err);
    }
    if (!(w = rh_witness_load(o->files[0], err)))
        return rh_cli_fail(err);
    if (!w->program || !*w->program) {
        rh_witness_free(w);
        return rh_cli_fail("the witness names no program to replay");
    }
    rh_witness_program_parse(w->program, po, files, nfiles);
    if (expand_replay_inputs(po, own_files, err)) {
        rh_witness_free(w);
        free_replay_inputs(po, *own_files);
        for (int i = 0; i < *nfiles; i++)
            free((*files)[i]);
        free(*files);
        return rh_cli_fail(err);
    }
    *wp = w;
    return 0;
}

int rh_dynamic_command(const rh_options *o)
{
    char err[RH_ERR_MAX];
    int replay = strcmp(o->command, "replay") == 0;
    rh_witness *w = NULL;
    rh_options po = *o;
    char **files = NULL;
    const char **own_files = NULL; /* po.files, replaced by racehunt cc's units when expanded */
    int nfiles = 0;
    int failed = replay ? load_replay(o, &w, &po, &files, &nfiles, &own_files) : 0;
    if (failed)
        return failed;
    rh_program prog;
    rh_dyn_binary bin = {0};
    char *tmp = NULL;
    int rc = rh_frontend_load(&po, NULL, &prog, err);
    if (rc == 0) {
        int checked = replay ? rh_witness_check_sources(w, err) : 0;
        if (checked == 1)
            fprintf(stderr, "racehunt: note: %s records no source hashes (an older witness): "
                            "its program's files are not checked\n", o->files[0]);
        if (replay && po.ninput_words)
            po.inputs_solver = 1; /* files the solver chose: the build with its models (dse.h) */
        rc = checked < 0 ? -1 : rh_dyn_build(&prog, &po, 0, &bin, err);
        bin.args = po.run_args, bin.nargs = po.nrun_args; /* run: --arg and after --; replay: the witness's */
        /* a witness is input from elsewhere: its arguments may name a file the
         * program writes, so a replay's writes land in a sandbox (sandbox.h) */
        bin.sandboxed = replay;
        if (rc == 0 && !(tmp = rh_frontend_tmpdir(err)))
            rc = -1;
        char *in_path = NULL; /* the input a --inputs=solver witness carries */
        if (rc == 0 && replay && po.stdin_hex && !(rc = rh_dse_stdin_file(po.stdin_hex, tmp, &in_path, err)))
            bin.stdin_path = in_path;
        rh_dse_applied applied = {0}; /* ... and its environment and files */
        if (rc == 0 && replay && po.ninput_words &&
            !(rc = rh_dse_apply_words(po.input_words, po.ninput_words, tmp, &applied, err))) {
            bin.env = (const char *const *)applied.env, bin.nenv = applied.nenv;
            bin.files_index = applied.files_index;
        }
        if (rc == 0)
            rc = replay ? command_replay(o, w, &bin, tmp) : command_run(&po, &prog, &bin, tmp);
        else
            rc = rh_cli_fail(err);
        free(in_path);
        rh_dse_applied_free(&applied);
        rh_dyn_binary_free(&bin);
        rh_model_free(&prog);
    } else {
        rc = rh_cli_fail(err);
    }
    rh_frontend_rmdir(tmp);
    free(tmp);
    for (int i = 0; i < nfiles; i++)
        free(files[i]);
    free(files);
    if (own_files)
        free_replay_inputs(&po, own_files);
    rh_witness_free(w);
    return rc;
}
