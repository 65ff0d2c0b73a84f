/* report_text.c - the human-readable report: one block per memory
 * location (result/group.h), confirmed locations first.  A block opens
 * with its example race laid out like the ThreadSanitizer reports C
 * developers know (both accesses with stacks, threads, locks held), then
 * lists every access to the location one line each, so a variable with
 * hundreds of racing pairs is one block, not hundreds.
 */
#include "result/group.h"
#include "report.h"
#include "util/text_escape.h"

#include <stdlib.h>
#include <string.h>

/* Every name and string from the program passes through tx: escaped
 * (rh_text_escape), valid for the next TX_RING calls, which is more
 * than any one fprintf here prints. */
#define TX_RING 16

static const char *tx(const char *s)
{
    static char *ring[TX_RING];
    static unsigned next;
    unsigned k = next++ % TX_RING;
    free(ring[k]);
    ring[k] = rh_text_escape(s ? s : "?");
    return ring[k];
}

/* "Write of size 8 by ...", "Previous free of heap object allocated at
 * a.c:12:5 by ..." (a free names what it frees). */
static void text_access(const rh_race_access *a, const char *lead, const rh_group *g, FILE *out)
{
    char *what = rh_access_what(a);
    if (!*lead)
        what[0] = (char)(what[0] - 'a' + 'A');
    fprintf(out, "  %s%s%s", lead, *lead ? " " : "", tx(what));
    if (a->op && strcmp(a->op, "free") == 0 && g->object)
        fprintf(out, " of %s", tx(g->object));
    fprintf(out, " by ");
    free(what);
    if (a->thread_desc)
        fprintf(out, "%s:\n", tx(a->thread_desc));
    else
        fprintf(out, "%s:\n", a->thread == 0 ? "main thread" : "another thread");
    fprintf(out, "    #0 %s %s:%u:%u\n", tx(a->func), tx(a->file), a->line, a->col);
    for (int i = 0; i < a->nstack; i++)
        fprintf(out, "    #%d %s %s:%u:%u\n", i + 1, tx(a->stack[i].func), tx(a->stack[i].loc.file),
                a->stack[i].loc.line, a->stack[i].loc.col);
    fprintf(out, "    locks held: ");
    if (!a->nlocks)
        fprintf(out, "none");
    for (int i = 0; i < a->nlocks; i++)
        fprintf(out, "%s%s", i ? ", " : "", tx(a->locks[i]));
    fprintf(out, "\n");
}

/* What the evidence of the location's best race is, after its name. */
static const char *evidence_phrase(rh_evidence e)
{
    switch (e) {
    case RH_EV_MAY: return "may-race, not confirmed";
    case RH_EV_MUST: return "must-race, not confirmed by an execution";
    case RH_EV_SEEN: return "seen in a run that a call the runtime does not model may order";
    case RH_EV_COUNTEREXAMPLE: return "confirmed by a bounded model checking counterexample";
    case RH_EV_OBSERVED: return "observed in an execution";
    case RH_EV_REPLAYED: return "witness schedule replayed";
    }
    return "?";
}

/* What the SUMMARY line calls a race: only a confirmed one is a "data race". */
static const char *summary_kind(rh_status s)
{
    return s == RH_ST_POSSIBLE ? "possible data race" : s == RH_ST_LIKELY ? "likely data race" : "data race";
}

/* A short witness is shown as the interleaving it is (long ones only by
 * their length: a schedule of thousands of steps is read with replay). */
#define RH_TEXT_WITNESS_STEPS 24

static void text_witness_steps(const rh_witness *w, FILE *out)
{
    if (w->nsteps > RH_TEXT_WITNESS_STEPS)
        return;
    for (int i = 0; i < w->nsteps; i++) {
        const rh_step *s = &w->steps[i];
        char times[32] = "";
        if (s->times > 1)
            snprintf(times, sizeof times, " (%u times)", s->times);
        fprintf(out, "    step %d: T%d %s at %s:%u:%u%s%s\n", i, s->thread,
                tx(s->what ? s->what : "runs"), tx(s->file), s->line, s->col, times,
                i == w->race_step_a || i == w->race_step_b ? "  <- racing access" : "");
    }
}

static void location_name(const rh_group *g, FILE *out)
{
    fprintf(out, "%s", g->object ? tx(g->object) : "shared memory");
    if (g->offset_lo >= 0)
        fprintf(out, ", bytes [%ld, %ld)", g->offset_lo, g->offset_hi);
}

/* Every access to the location, one line each, and the threads once. */
static void text_accesses(const rh_group *g, FILE *out)
{
    char name[256];
    fprintf(out, "  Threads (%d):", g->nthreads);
    for (int i = 0; i < g->nthreads; i++)
        fprintf(out, "%s %s", i ? ";" : "", tx(g->threads[i]));
    fprintf(out, "\n  Accesses (%d, in %d racing pair%s):\n", g->naccesses, g->nraces,
            g->nraces == 1 ? "" : "s");
    for (int i = 0; i < g->naccesses; i++) {
        const rh_race_access *a = g->accesses[i];
        char *what = rh_access_what(a);
        fprintf(out, "    %s:%u:%u %s in %s by %s, locks held: ", tx(a->file), a->line, a->col, tx(what),
                tx(a->func), tx(rh_group_thread_name(a, name, sizeof name)));
        free(what);
        for (int l = 0; l < a->nlocks; l++)
            fprintf(out, "%s%s", l ? ", " : "", tx(a->locks[l]));
        fprintf(out, "%s\n", a->nlocks ? "" : "none");
    }
}

/* The first witnessed race of the group shows its witness; saved is the
 * race --witness writes (main.c: the first reported one with a witness). */
static void text_witness(const rh_group *g, const rh_result *res, int saved, const char *path,
                         FILE *out)
{
    for (int i = 0; i < g->nraces; i++) {
        const rh_witness *w = res->races[g->races[i]].witness;
        if (!w)
            continue;
        if (g->races[i] == saved && path)
            fprintf(out, "  Witness: a schedule of %d steps reaches %s race; replay it with\n"
                         "    racehunt replay %s\n", w->nsteps, i ? "one" : "this", tx(path));
        else
            fprintf(out, "  Witness: a schedule of %d steps reaches %s race (save it with "
                         "--witness=FILE, replay it with racehunt replay FILE)\n", w->nsteps,
                    i ? "one" : "this");
        char *input = rh_witness_input_text(w);
        if (input)
            fprintf(out, "  Input of the run: %s\n", tx(input));
        free(input);
        text_witness_steps(w, out);
        return;
    }
}

static void text_group(const rh_group *g, const rh_result *res, int saved, const char *path,
                       FILE *out)
{
    const rh_race *r = &res->races[g->races[0]];
    fprintf(out, "==================\n");
    fprintf(out, "WARNING: racehunt: %s on ", summary_kind(g->status));
    location_name(g, out);
    fprintf(out, " (%s) [%s engine]\n", evidence_phrase(g->best), tx(r->engine));
    /* TSan's order: the later access, then the earlier one as "Previous";
     * an engine that ordered them gives the earlier as a (dynamic: the run's
     * order, bmc: the counterexample's) */
    text_access(&r->b, "", g, out);
    text_access(&r->a, "Previous", g, out);
    fprintf(out, "  Location is ");
    location_name(g, out);
    fprintf(out, "\n");
    if (g->program)
        fprintf(out, "  In program %s\n", tx(g->program));
    if (g->nraces > 1 || g->naccesses > 2)
        text_accesses(g, out);
    text_witness(g, res, saved, path, out);
    if (g->reason)
        fprintf(out, "  Why not confirmed: %s\n", tx(g->reason));
    if (g->ordered_by)
        fprintf(out, "  Ordered only by another race: %s. Were its plain accesses an atomic "
                     "release and acquire, that race would be gone and this one with it.\n",
                tx(g->ordered_by));
    /* TSan's "SUMMARY: ... data race FILE:LINE in FUNC", then the location */
    fprintf(out, "SUMMARY: racehunt: %s %s:%u:%u in %s on ", summary_kind(g->status), tx(r->b.file),
            r->b.line, r->b.col, tx(r->b.func));
    location_name(g, out);
    fprintf(out, " (%d access%s, %d racing pair%s)\n", g->naccesses, g->naccesses == 1 ? "" : "es",
            g->nraces, g->nraces == 1 ? "" : "s");
}

/* The assumptions a verdict rests on: one short one is named, more are
 * counted (the notes above, "assumption: ...", list them). */
static void text_assumptions(const rh_result *res, FILE *out)
{
    int nnotes, n = rh_assumption_count(res, &nnotes);
    for (int i = 0; n == 1 && i < res->nnotes; i++)
        if (rh_note_assumption(res->notes[i]))
            fprintf(out, ", assuming %s", tx(rh_note_assumption(res->notes[i])));
    if (n > 1)
        fprintf(out, ", assuming %d functions behave as the note%s starting \"assumption:\" say%s", n,
                nnotes == 1 ? "" : "s", nnotes == 1 ? "s" : "");
}

/* The last line: the locations shown by tier, the possible ones counted
 * with the command that lists them, the races and the verdict.  A result
 * with only possible races never says "0 memory locations". */
static void text_summary(const rh_result *res, const rh_options *o, const rh_groups *gs, FILE *out)
{
    int nposs, nposs_loc;
    rh_groups_count_possible(res, o->may, &nposs, &nposs_loc);
    rh_race_counts n = rh_race_count(res, o->may);
    int ordered = 0;
    for (int i = 0; i < gs->n; i++)
        ordered += gs->items[i].ordered_by != NULL;
    if (gs->n || !nposs_loc)
        fprintf(out, "racehunt: %d memory location%s (%d confirmed, %d likely, %d possible%s", gs->n,
                gs->n == 1 ? "" : "s", gs->confirmed, gs->likely, gs->n - gs->confirmed - gs->likely,
                ordered ? "; " : "); ");
    if (ordered)
        fprintf(out, "%d of them ordered only by another race); ", ordered);
    else if (!gs->n && nposs_loc)
        fprintf(out, "racehunt: no confirmed or likely race; ");
    fprintf(out, "%d race%s reported", n.reported, n.reported == 1 ? "" : "s");
    if (n.suppressed || o->suppressions)
        fprintf(out, ", %d suppressed", n.suppressed);
    if (n.baselined || o->baseline)
        fprintf(out, ", %d in the baseline", n.baselined);
    if (nposs_loc) {
        fprintf(out, "; %d possible race%s at %d more memory location%s not listed (list them with "
                     "racehunt --may", nposs, nposs == 1 ? "" : "s", nposs_loc, nposs_loc == 1 ? "" : "s");
        if (o->build_dir)
            fprintf(out, " -p %s", tx(o->build_dir));
        for (int i = 0; i < o->nfiles && i < 3; i++)
            fprintf(out, " %s", tx(o->files[i]));
        fprintf(out, "%s)", o->nfiles > 3 ? " ..." : "");
    }
    fprintf(out, "; verdict: %s%s%s", rh_verdict_name(res->verdict), res->engine ? " by " : "",
            res->engine ? tx(res->engine) : "");
    text_assumptions(res, out);
    fputc('\n', out);
}

void rh_report_text(const rh_result *res, const rh_options *o, FILE *out)
{
    rh_groups gs;
    rh_groups_build(&gs, res, o->may);
    /* SV-COMP mode writes a GraphML witness instead */
    int saved = o->svcomp ? -1 : rh_groups_witness_of(&gs, res);
    for (int i = 0; i < gs.n; i++)
        text_group(&gs.items[i], res, saved, o->witness_out, out);
    if (gs.n)
        fprintf(out, "==================\n");
    for (int i = 0; i < res->nnotes; i++)
        fprintf(out, "note: %s\n", tx(res->notes[i]));
    if (o->stats)
        for (int i = 0; i < res->nstats; i++)
            fprintf(out, "stat: %s = %g\n", tx(res->stats[i].name), res->stats[i].value);
    text_summary(res, o, &gs, out);
    rh_groups_free(&gs);
}
