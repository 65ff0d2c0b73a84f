/* report_sarif.c - SARIF 2.1.0 output for GitHub code scanning and IDEs:
 * one result per memory location with races (result/group.h), its
 * example race's first access as the location, every other access to it
 * as a related location (the example's second access first), and the
 * first witness schedule as a code flow with one thread flow per thread.
 *
 * Code scanning's rules shape it: files are named relative to %SRCROOT%
 * (the current directory) so alerts land on the repository's files; each
 * result carries partialFingerprints (the smallest fingerprint of its
 * races, fingerprint.h; a location with one race keeps that race's) so an
 * alert follows its location across commits, and the fingerprints of all
 * its races as a property (what --baseline reads); a result keeps at most RH_SARIF_FLOW_MAX
 * thread-flow locations (GitHub keeps 1,000) and a file at most
 * RH_SARIF_FLOWS_TOTAL, so thousands of races stay well under the 10 MB
 * upload limit.  Suppressed and baselined races are no results (GitHub
 * shows results with SARIF suppressions as open alerts); the run's
 * properties count them, and the JSON report lists them.
 */
#include "result/fingerprint.h"
#include "result/group.h"
#include "report.h"

#include <jansson.h>
#include "util/util.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define RH_SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"
#define RH_SARIF_FLOW_MAX 1000     /* thread-flow locations per result */
#define RH_SARIF_FLOWS_TOTAL 20000 /* per file: about 4 MB of flows */
#define RH_SARIF_RELATED_MAX 100   /* related locations per result (GitHub shows 100) */
#define RH_SARIF_RESULTS_MAX 10000 /* results per file (GitHub rejects more) */

typedef struct sarif_ctx {
    const char *root;    /* the current directory, ending in '/' */
    int flow_budget;     /* thread-flow locations left for this file */
    int flows_cut;       /* results whose witness was shortened or left out */
    int related_cut;     /* accesses left out of relatedLocations */
    int results_cut;     /* locations left out for RH_SARIF_RESULTS_MAX */
} sarif_ctx;

/* RFC 3986: everything but unreserved characters and '/' percent-encoded. */
static char *uri_encode(const char *lead, const char *path)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t n = strlen(lead), k = n;
    char *u = rh_xmalloc(n + 3 * strlen(path) + 1);
    memcpy(u, lead, n);
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
            strchr("-._~/", *p)) {
            u[k++] = (char)*p;
        } else {
            u[k++] = '%', u[k++] = hex[*p >> 4], u[k++] = hex[*p & 15];
        }
    }
    u[k] = '\0';
    return u;
}

/* Files under the current directory relative to %SRCROOT%, others as
 * absolute file: URIs. */
static json_t *artifact(const sarif_ctx *c, const char *file)
{
    if (!file || !*file || strcmp(file, "?") == 0)
        return json_pack("{s:s}", "uri", "unknown");
    while (strncmp(file, "./", 2) == 0)
        file += 2;
    size_t rl = c->root ? strlen(c->root) : 0;
    const char *rel = NULL;
    char *abs = NULL;
    if (file[0] == '/' && rl && strncmp(file, c->root, rl) == 0)
        rel = file + rl;
    else if (file[0] == '/')
        abs = rh_xstrdup(file);
    else if (strncmp(file, "../", 3) == 0 && rl)
        abs = rh_xasprintf("%s%s", c->root, file);
    else
        rel = file;
    char *uri = rel ? uri_encode("", rel) : uri_encode("file://", abs);
    json_t *a = json_pack("{s:s}", "uri", uri);
    if (rel)
        json_object_set_new(a, "uriBaseId", json_string("%SRCROOT%"));
    free(uri);
    free(abs);
    return a;
}

/* SARIF regions are 1-based; line or column 0 means "unknown" here. */
static json_t *physical(const sarif_ctx *c, const char *file, unsigned line, unsigned col)
{
    json_t *loc = json_pack("{s:o}", "artifactLocation", artifact(c, file));
    if (line) {
        json_t *region = json_pack("{s:I}", "startLine", (json_int_t)line);
        if (col)
            json_object_set_new(region, "startColumn", json_integer(col));
        json_object_set_new(loc, "region", region);
    }
    return loc;
}

static json_t *location(const sarif_ctx *c, const rh_race_access *a, const char *text)
{
    json_t *l = json_pack("{s:o}", "physicalLocation", physical(c, a->file, a->line, a->col));
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
    char *what = rh_access_what(a);
    char *s = rh_xasprintf("%s in %s by %s (locks held: %s)", what, a->func ? a->func : "?",
                           a->thread_desc ? a->thread_desc : a->thread ? "another thread" : "the main thread",
                           a->nlocks ? locks : "none");
    free(locks);
    free(what);
    return s;
}

/* The steps [*lo, *hi) a code flow shows: all that fit, or else the last
 * `room` up to the later racing step, which are what leads into the race. */
static void flow_window(const rh_witness *w, int room, int *lo, int *hi)
{
    int last = w->race_step_a > w->race_step_b ? w->race_step_a : w->race_step_b;
    *lo = 0, *hi = w->nsteps;
    if (w->nsteps <= room)
        return;
    if (last >= 0 && last < w->nsteps)
        *hi = last + 1;
    *lo = *hi > room ? *hi - room : 0;
}

static json_t *thread_flow(const sarif_ctx *c, const rh_witness *w, int t, int lo, int hi)
{
    json_t *locs = json_array();
    for (int i = lo; i < hi; i++) {
        const rh_step *s = &w->steps[i];
        if (s->thread != t)
            continue;
        char *text = s->times > 1 ? rh_xasprintf("%s (%u times)", s->what ? s->what : "", s->times)
                                  : rh_xstrdup(s->what ? s->what : "");
        json_t *l = json_pack("{s:{s:o, s:{s:s}}, s:i}", "location", "physicalLocation",
                              physical(c, s->file, s->line, s->col), "message", "text", text,
                              "executionOrder", i + 1);
        free(text);
        if (i == w->race_step_a || i == w->race_step_b)
            json_object_set_new(l, "importance", json_string("essential"));
        json_array_append_new(locs, l);
    }
    if (json_array_size(locs) == 0) {
        json_decref(locs);
        return NULL;
    }
    char id[32];
    snprintf(id, sizeof id, "T%d", t);
    return json_pack("{s:s, s:o}", "id", id, "locations", locs);
}

/* The witness as a code flow: one thread flow per thread, steps in global
 * execution order (executionOrder), racing steps marked essential.  NULL
 * when the file's budget of flow locations is spent. */
static json_t *code_flow(sarif_ctx *c, const rh_witness *w)
{
    int room = c->flow_budget < RH_SARIF_FLOW_MAX ? c->flow_budget : RH_SARIF_FLOW_MAX, lo, hi;
    if (room <= 0) {
        c->flows_cut++;
        return NULL;
    }
    flow_window(w, room, &lo, &hi);
    c->flow_budget -= hi - lo;
    c->flows_cut += hi - lo < w->nsteps;
    int max_thread = 0;
    for (int i = lo; i < hi; i++)
        max_thread = w->steps[i].thread > max_thread ? w->steps[i].thread : max_thread;
    json_t *flows = json_array();
    for (int t = 0; t <= max_thread; t++) {
        json_t *f = thread_flow(c, w, t, lo, hi);
        if (f)
            json_array_append_new(flows, f);
    }
    char *text = hi - lo < w->nsteps
                     ? rh_xasprintf("witness schedule: steps %d to %d of %d (the earlier steps are "
                                    "in the JSON report's witness)", lo + 1, hi, w->nsteps)
                     : rh_xasprintf("witness schedule (%d steps)", w->nsteps);
    json_t *cf = json_pack("[{s:{s:s}, s:o}]", "message", "text", text, "threadFlows", flows);
    free(text);
    return cf;
}

/* Confirmed races are errors; a likely race a warning; a possible one a note. */
static const char *level(rh_status s)
{
    return s == RH_ST_CONFIRMED ? "error" : s == RH_ST_LIKELY ? "warning" : "note";
}

/* The example's second access, then every other access but the first. */
static json_t *related_json(sarif_ctx *c, const rh_group *g, const rh_race *ex)
{
    json_t *rel = json_array();
    char *db = describe(&ex->b);
    json_array_append_new(rel, location(c, &ex->b, db));
    free(db);
    for (int i = 0; i < g->naccesses; i++) {
        const rh_race_access *a = g->accesses[i];
        if (a == &ex->a || a == &ex->b)
            continue;
        if ((int)json_array_size(rel) >= RH_SARIF_RELATED_MAX) {
            c->related_cut++;
            continue;
        }
        char *d = describe(a);
        json_array_append_new(rel, location(c, a, d));
        free(d);
    }
    for (size_t i = 0; i < json_array_size(rel); i++)
        json_object_set_new(json_array_get(rel, i), "id", json_integer((json_int_t)i + 1));
    return rel;
}

static json_t *group_properties(const rh_result *res, const rh_group *g, int rank)
{
    const rh_race *ex = &res->races[g->races[0]];
    json_t *fps = json_array();
    for (int i = 0; i < g->nraces; i++)
        if (res->races[g->races[i]].fingerprint)
            json_array_append_new(fps, json_string(res->races[g->races[i]].fingerprint));
    json_t *p = json_pack("{s:s, s:s, s:b, s:s, s:i, s:i, s:i, s:o}", "evidence",
                          rh_evidence_name(g->best), "engine", ex->engine, "confirmed",
                          rh_evidence_confirmed(g->best), "status", rh_group_status(g), "rank",
                          rank, "accesses", g->naccesses, "racingPairs", g->nraces,
                          "raceFingerprints", fps);
    if (g->program)
        json_object_set_new(p, "program", json_string(g->program));
    return p;
}

static json_t *result_json(sarif_ctx *c, const rh_result *res, const rh_group *g, int rank,
                           int baselined)
{
    const rh_race *ex = &res->races[g->races[0]];
    char *da = describe(&ex->a), *db = describe(&ex->b);
    char *text = rh_xasprintf("%s data race (%s, %s engine) on %s: %d access%s in %d racing pair%s; "
                              "for example %s, conflicting with %s.%s%s%s%s",
                              g->status == RH_ST_CONFIRMED ? "Confirmed"
                              : g->status == RH_ST_LIKELY  ? "Likely"
                                                           : "Possible",
                              rh_evidence_name(g->best), ex->engine,
                              g->object ? g->object : "shared memory", g->naccesses,
                              g->naccesses == 1 ? "" : "es", g->nraces, g->nraces == 1 ? "" : "s",
                              da, db, g->reason ? " Not confirmed: " : "", g->reason ? g->reason : "",
                              g->ordered_by ? " Ordered only by another race: " : "",
                              g->ordered_by ? g->ordered_by : "");
    json_t *r = json_pack("{s:s, s:i, s:s, s:{s:s}, s:[o], s:o, s:o}", "ruleId", "data-race",
                          "ruleIndex", 0, "level", level(g->status), "message", "text", text,
                          "locations", location(c, &ex->a, NULL), "relatedLocations",
                          related_json(c, g, ex), "properties", group_properties(res, g, rank));
    if (g->fingerprint)
        json_object_set_new(r, "partialFingerprints",
                            json_pack("{s:s}", RH_FINGERPRINT_KEY, g->fingerprint));
    if (baselined) /* a baseline was given and this location's races are not in it */
        json_object_set_new(r, "baselineState", json_string("new"));
    for (int i = 0; i < g->nraces; i++) {
        const rh_witness *w = res->races[g->races[i]].witness;
        json_t *flow = w && w->nsteps ? code_flow(c, w) : NULL;
        if (flow) {
            json_object_set_new(r, "codeFlows", flow);
            break;
        }
    }
    free(da);
    free(db);
    free(text);
    return r;
}

static json_t *rule_json(void)
{
    return json_pack(
        "{s:s, s:s, s:{s:s}, s:{s:s}, s:{s:s}}", "id", "data-race", "name", "DataRace",
        "shortDescription", "text", "Two threads access the same memory without synchronisation",
        "fullDescription", "text",
        "Two accesses to overlapping memory from different threads, at least one a write, not both "
        "atomic, and not ordered by thread creation/join, locks or other synchronisation.",
        "defaultConfiguration", "level", "error");
}

static json_t *run_properties(const rh_result *res, const rh_options *o, const sarif_ctx *c)
{
    rh_race_counts n = rh_race_count(res, o->may);
    json_t *p = json_pack("{s:s, s:s, s:i, s:i, s:i}", "verdict", rh_verdict_name(res->verdict),
                          "engine", res->engine ? res->engine : "", "reported", n.reported,
                          "suppressed", n.suppressed, "baselined", n.baselined);
    if (c->flows_cut)
        json_object_set_new(p, "witnessesShortened", json_integer(c->flows_cut));
    if (c->related_cut)
        json_object_set_new(p, "accessesNotListed", json_integer(c->related_cut));
    if (c->results_cut)
        json_object_set_new(p, "locationsNotListed", json_integer(c->results_cut));
    json_t *assumptions = json_array();
    for (int i = 0; i < res->nnotes; i++)
        if (rh_note_assumption(res->notes[i]))
            json_array_append_new(assumptions, json_string(rh_note_assumption(res->notes[i])));
    json_object_set_new(p, "assumptions", assumptions);
    return p;
}

void rh_report_sarif(const rh_result *res, const rh_options *o, FILE *out)
{
    char cwd[4096];
    sarif_ctx c = {NULL, RH_SARIF_FLOWS_TOTAL, 0, 0, 0};
    char *root = getcwd(cwd, sizeof cwd) ? rh_xasprintf("%s%s", cwd, strcmp(cwd, "/") ? "/" : "")
                                         : NULL;
    c.root = root;
    json_t *results = json_array();
    rh_groups gs;
    rh_groups_build(&gs, res, o->may);
    for (int i = 0; i < gs.n; i++)
        if (i < RH_SARIF_RESULTS_MAX)
            json_array_append_new(results, result_json(&c, res, &gs.items[i], i + 1,
                                                       o->baseline != NULL));
    c.results_cut = gs.n > RH_SARIF_RESULTS_MAX ? gs.n - RH_SARIF_RESULTS_MAX : 0;
    json_t *run = json_pack("{s:{s:{s:s, s:s, s:[o]}}, s:o}", "tool", "driver", "name",
                            "racehunt", "version", RH_VERSION_STRING, "rules", rule_json(),
                            "results", results);
    if (root) {
        char *uri = uri_encode("file://", root);
        json_object_set_new(run, "originalUriBaseIds",
                            json_pack("{s:{s:s}}", "%SRCROOT%", "uri", uri));
        free(uri);
    }
    json_object_set_new(run, "properties", run_properties(res, o, &c));
    json_object_set_new(json_object_get(run, "properties"), "locations", json_integer(gs.n));
    rh_groups_free(&gs);
    json_t *doc = json_pack("{s:s, s:s, s:[o]}", "$schema", RH_SARIF_SCHEMA, "version", "2.1.0",
                            "runs", run);
    json_dumpf(doc, out, JSON_INDENT(2));
    fputc('\n', out);
    json_decref(doc);
    free(root);
}
