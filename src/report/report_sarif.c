/* report_sarif.c - SARIF 2.1.0 output for GitHub code scanning and IDEs:
 * one result per race, the first access as its location, the second as a
 * related location, and the witness schedule as a code flow with one
 * thread flow per thread.
 */
#include "report.h"
#include "../util/util.h"

#include <stdlib.h>

#define RH_SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"

/* SARIF regions are 1-based; line or column 0 means "unknown" here. */
static json_t *physical(const char *file, unsigned line, unsigned col)
{
    json_t *loc = json_pack("{s:{s:s}}", "artifactLocation", "uri", file ? file : "unknown");
    if (line) {
        json_t *region = json_pack("{s:I}", "startLine", (json_int_t)line);
        if (col)
            json_object_set_new(region, "startColumn", json_integer(col));
        json_object_set_new(loc, "region", region);
    }
    return loc;
}

static json_t *location(const rh_race_access *a, const char *text)
{
    json_t *l = json_pack("{s:o}", "physicalLocation", physical(a->file, a->line, a->col));
    if (a->func)
        json_object_set_new(l, "logicalLocations",
                            json_pack("[{s:s, s:s}]", "name", a->func, "kind", "function"));
    if (text)
        json_object_set_new(l, "message", json_pack("{s:s}", "text", text));
    return l;
}

static char *describe(const rh_race_access *a)
{
    char *locks = rh_xstrdup("");
    for (int i = 0; i < a->nlocks; i++) {
        char *more = rh_xasprintf("%s%s%s", locks, i ? ", " : "", a->locks[i]);
        free(locks);
        locks = more;
    }
    char *s = rh_xasprintf("%s of size %lu in %s by %s (locks held: %s)", a->is_write ? "write" : "read",
                           a->size, a->func ? a->func : "?",
                           a->thread_desc ? a->thread_desc : a->thread ? "another thread" : "the main thread",
                           a->nlocks ? locks : "none");
    free(locks);
    return s;
}

/* The witness as a code flow: one thread flow per thread, steps in
 * global execution order (executionOrder), racing steps marked essential. */
static json_t *code_flow(const rh_witness *w)
{
    int max_thread = 0;
    for (int i = 0; i < w->nsteps; i++)
        max_thread = w->steps[i].thread > max_thread ? w->steps[i].thread : max_thread;
    json_t *flows = json_array();
    for (int t = 0; t <= max_thread; t++) {
        json_t *locs = json_array();
        for (int i = 0; i < w->nsteps; i++) {
            const rh_step *s = &w->steps[i];
            if (s->thread != t)
                continue;
            json_t *l = json_pack("{s:{s:o, s:{s:s}}, s:i}", "location", "physicalLocation",
                                  physical(s->file, s->line, s->col), "message", "text",
                                  s->what ? s->what : "", "executionOrder", i + 1);
            if (i == w->race_step_a || i == w->race_step_b)
                json_object_set_new(l, "importance", json_string("essential"));
            json_array_append_new(locs, l);
        }
        char id[32];
        snprintf(id, sizeof id, "T%d", t);
        if (json_array_size(locs))
            json_array_append_new(flows, json_pack("{s:s, s:o}", "id", id, "locations", locs));
        else
            json_decref(locs);
    }
    return json_pack("[{s:{s:s}, s:o}]", "message", "text", "witness schedule", "threadFlows", flows);
}

static const char *level(rh_evidence e)
{
    return rh_evidence_confirmed(e) ? "error" : e == RH_EV_MUST ? "warning" : "note";
}

static json_t *result_json(const rh_race *r)
{
    char *da = describe(&r->a), *db = describe(&r->b);
    char *text = rh_xasprintf("Data race (%s, %s engine) on %s: %s, conflicting with %s.",
                              rh_evidence_name(r->evidence), r->engine,
                              r->object ? r->object : "shared memory", da, db);
    json_t *related = location(&r->b, db);
    json_object_set_new(related, "id", json_integer(1));
    json_t *res = json_pack("{s:s, s:i, s:s, s:{s:s}, s:[o], s:[o], s:{s:s, s:s, s:b}}", "ruleId",
                            "data-race", "ruleIndex", 0, "level", level(r->evidence), "message",
                            "text", text, "locations", location(&r->a, NULL), "relatedLocations",
                            related, "properties", "evidence", rh_evidence_name(r->evidence),
                            "engine", r->engine, "confirmed", rh_evidence_confirmed(r->evidence));
    if (r->witness && r->witness->nsteps)
        json_object_set_new(res, "codeFlows", code_flow(r->witness));
    free(da);
    free(db);
    free(text);
    return res;
}

void rh_report_sarif(const rh_result *res, const rh_options *o, FILE *out)
{
    json_t *results = json_array();
    for (int i = 0; i < res->nraces; i++)
        if (res->races[i].evidence != RH_EV_MAY || o->may)
            json_array_append_new(results, result_json(&res->races[i]));
    json_t *rule = json_pack(
        "{s:s, s:s, s:{s:s}, s:{s:s}, s:{s:s}}", "id", "data-race", "name", "DataRace",
        "shortDescription", "text", "Two threads access the same memory without synchronisation",
        "fullDescription", "text",
        "Two accesses to overlapping memory from different threads, at least one a write, not both "
        "atomic, and not ordered by thread creation/join, locks or other synchronisation.",
        "defaultConfiguration", "level", "error");
    json_t *run = json_pack("{s:{s:{s:s, s:s, s:[o]}}, s:o, s:{s:s, s:s}}", "tool", "driver",
                            "name", "racehunt", "version", RH_VERSION_STRING, "rules", rule,
                            "results", results, "properties", "verdict",
                            rh_verdict_name(res->verdict), "engine", res->engine ? res->engine : "");
    json_t *doc = json_pack("{s:s, s:s, s:[o]}", "$schema", RH_SARIF_SCHEMA, "version", "2.1.0",
                            "runs", run);
    json_dumpf(doc, out, JSON_INDENT(2));
    fputc('\n', out);
    json_decref(doc);
}
