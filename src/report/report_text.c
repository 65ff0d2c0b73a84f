/* report_text.c - the human-readable report, laid out like the data race
 * reports C developers know from ThreadSanitizer: both accesses with their
 * stacks, the threads, the object and the locks held.
 */
#include "filter.h"
#include "report.h"

static void text_access(const rh_race_access *a, const char *lead, FILE *out)
{
    const char *kind = a->is_write ? (*lead ? "write" : "Write") : (*lead ? "read" : "Read");
    fprintf(out, "  %s%s%s of size %lu%s by ", lead, *lead ? " " : "", kind, a->size,
            a->atomic ? " (atomic)" : "");
    if (a->thread_desc)
        fprintf(out, "%s:\n", a->thread_desc);
    else
        fprintf(out, "%s:\n", a->thread == 0 ? "main thread" : "another thread");
    fprintf(out, "    #0 %s %s:%u:%u\n", a->func ? a->func : "?", a->file, a->line, a->col);
    for (int i = 0; i < a->nstack; i++)
        fprintf(out, "    #%d %s %s:%u:%u\n", i + 1, a->stack[i].func, a->stack[i].loc.file,
                a->stack[i].loc.line, a->stack[i].loc.col);
    fprintf(out, "    locks held: ");
    if (!a->nlocks)
        fprintf(out, "none");
    for (int i = 0; i < a->nlocks; i++)
        fprintf(out, "%s%s", i ? ", " : "", a->locks[i]);
    fprintf(out, "\n");
}

static const char *headline(rh_evidence e)
{
    switch (e) {
    case RH_EV_MAY: return "possible data race (may-race, not confirmed)";
    case RH_EV_MUST: return "likely data race (must-race, not confirmed by an execution)";
    case RH_EV_COUNTEREXAMPLE: return "data race (confirmed by a bounded model checking counterexample)";
    case RH_EV_OBSERVED: return "data race (observed in an execution)";
    case RH_EV_REPLAYED: return "data race (witness schedule replayed)";
    }
    return "data race";
}

/* What the SUMMARY line calls a race: only a confirmed one is a "data race". */
static const char *summary_kind(rh_evidence e)
{
    return e == RH_EV_MAY ? "possible data race" : e == RH_EV_MUST ? "likely data race" : "data race";
}

/* saved_as: the file --witness writes this race's witness to, or NULL. */
static void text_race(const rh_race *r, const char *saved_as, FILE *out)
{
    fprintf(out, "==================\n");
    fprintf(out, "WARNING: racehunt: %s [%s engine]\n", headline(r->evidence), r->engine);
    text_access(&r->a, "", out);
    text_access(&r->b, "Previous", out);
    if (r->object) {
        fprintf(out, "  Location is %s", r->object);
        if (r->offset_lo >= 0)
            fprintf(out, ", bytes [%ld, %ld)", r->offset_lo, r->offset_hi);
        fprintf(out, "\n");
    }
    if (r->witness && saved_as)
        fprintf(out, "  Witness: a schedule of %d steps reaches this race; replay it with\n"
                     "    racehunt replay %s\n", r->witness->nsteps, saved_as);
    else if (r->witness)
        fprintf(out, "  Witness: a schedule of %d steps reaches this race (save it with "
                     "--witness=FILE, replay it with racehunt replay FILE)\n", r->witness->nsteps);
    fprintf(out, "SUMMARY: racehunt: %s %s:%u:%u in %s\n", summary_kind(r->evidence), r->a.file,
            r->a.line, r->a.col, r->a.func ? r->a.func : "?");
}

void rh_report_text(const rh_result *res, const rh_options *o, FILE *out)
{
    int shown = 0, saved = o->svcomp; /* SV-COMP mode writes a GraphML witness instead */
    for (int i = 0; i < res->nraces; i++) {
        const rh_race *r = &res->races[i];
        if (!rh_race_reported(r, o->may))
            continue;
        /* --witness saves the first witness (main.c) */
        text_race(r, r->witness && !saved ? o->witness_out : NULL, out);
        saved |= r->witness != NULL;
        shown++;
    }
    if (shown)
        fprintf(out, "==================\n");
    for (int i = 0; i < res->nnotes; i++)
        fprintf(out, "note: %s\n", res->notes[i]);
    if (o->stats)
        for (int i = 0; i < res->nstats; i++)
            fprintf(out, "stat: %s = %g\n", res->stats[i].name, res->stats[i].value);
    rh_filter_counts n = rh_filter_count(res, o->may);
    fprintf(out, "racehunt: %d race%s reported", shown, shown == 1 ? "" : "s");
    if (n.suppressed || o->suppressions)
        fprintf(out, ", %d suppressed", n.suppressed);
    if (n.baselined || o->baseline)
        fprintf(out, ", %d in the baseline", n.baselined);
    fprintf(out, "; verdict: %s%s%s", rh_verdict_name(res->verdict), res->engine ? " by " : "",
            res->engine ? res->engine : "");
    for (int i = 0, k = 0; i < res->nnotes; i++)
        if (rh_note_assumption(res->notes[i]))
            fprintf(out, "%s%s", k++ ? "; and " : ", assuming ", rh_note_assumption(res->notes[i]));
    fputc('\n', out);
}
