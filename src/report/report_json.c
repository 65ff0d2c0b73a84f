/* report_json.c - the JSON report (schema "racehunt-report", version 3:
 * version 1 plus the races grouped per memory location (2), plus each
 * race's evidence tier and its reason, and what an access is (3)), the dispatch
 * over formats, and witness files (schema "racehunt-witness").
 */
#include "filter.h"
#include "group.h"
#include "inputs.h"
#include "report.h"
#include "../util/input.h"
#include "../util/outfile.h"
#include "../util/util.h"

#include <stdlib.h>
#include <string.h>

#define RH_REPORT_SCHEMA_VERSION 3

static json_t *loc_json(const char *func, const char *file, unsigned line, unsigned col)
{
    return json_pack("{s:s?, s:s, s:I, s:I}", "function", func, "file", file ? file : "?",
                     "line", (json_int_t)line, "column", (json_int_t)col);
}

/* What version 3 adds to an access: only what is so (a volatile access,
 * an assumed one, one in code no other thread entry runs, one whose address has one target, one a join may precede, the library call that makes it). */
static void access_extras(json_t *j, const rh_race_access *a)
{
    if (a->is_volatile)
        json_object_set_new(j, "volatile", json_true());
    if (a->assumed)
        json_object_set_new(j, "assumed", json_true());
    if (a->own_code)
        json_object_set_new(j, "own_code", json_true());
    if (a->one_target)
        json_object_set_new(j, "one_target", json_true());
    if (a->after_join)
        json_object_set_new(j, "after_join", json_true());
    if (a->op)
        json_object_set_new(j, "operation", json_string(a->op));
}

static json_t *access_json(const rh_race_access *a)
{
    json_t *locks = json_array(), *stack = json_array();
    for (int i = 0; i < a->nlocks; i++)
        json_array_append_new(locks, json_string(a->locks[i]));
    json_array_append_new(stack, loc_json(a->func, a->file, a->line, a->col));
    for (int i = 0; i < a->nstack; i++)
        json_array_append_new(stack, loc_json(a->stack[i].func, a->stack[i].loc.file,
                                              a->stack[i].loc.line, a->stack[i].loc.col));
    json_t *j = json_pack("{s:s, s:I, s:I, s:s?, s:s, s:b, s:I, s:i, s:s?, s:o, s:o}", "file", a->file,
                     "line", (json_int_t)a->line, "column", (json_int_t)a->col, "function", a->func,
                     "kind", a->is_write ? "write" : "read", "atomic", a->atomic, "size",
                     (json_int_t)a->size, "thread", a->thread, "thread_desc", a->thread_desc,
                     "locks", locks, "stack", stack);
    access_extras(j, a);
    return j;
}

/* An access as a group lists it: where, what, who, under which locks. */
static json_t *group_access_json(const rh_race_access *a)
{
    json_t *locks = json_array();
    for (int i = 0; i < a->nlocks; i++)
        json_array_append_new(locks, json_string(a->locks[i]));
    json_t *j = json_pack("{s:s, s:I, s:I, s:s?, s:s, s:b, s:I, s:i, s:s?, s:o}", "file", a->file,
                     "line", (json_int_t)a->line, "column", (json_int_t)a->col, "function", a->func,
                     "kind", a->is_write ? "write" : "read", "atomic", a->atomic, "size",
                     (json_int_t)a->size, "thread", a->thread, "thread_desc", a->thread_desc,
                     "locks", locks);
    access_extras(j, a);
    return j;
}

static json_t *strings_json(const char *const *v, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_string(v[i]));
    return a;
}

static json_t *group_json(const rh_group *g, int rank)
{
    json_t *acc = json_array(), *races = json_array();
    for (int i = 0; i < g->naccesses; i++)
        json_array_append_new(acc, group_access_json(g->accesses[i]));
    for (int i = 0; i < g->nraces; i++)
        json_array_append_new(races, json_integer(g->races[i]));
    json_t *j = json_pack("{s:i, s:s?, s:[I,I], s:s, s:s, s:i, s:s?, s:s?, s:o, s:o, s:o, s:o}",
                          "rank", rank, "object", g->object, "offset", (json_int_t)g->offset_lo,
                          (json_int_t)g->offset_hi, "status", rh_group_status(g), "evidence",
                          rh_evidence_name(g->best), "tier", g->tier, "reason", g->reason,
                          "fingerprint", g->fingerprint, "threads",
                          strings_json(g->threads, g->nthreads), "locks",
                          strings_json(g->locks, g->nlocks), "accesses", acc, "races", races);
    if (g->program)
        json_object_set_new(j, "program", json_string(g->program));
    return j;
}

static json_t *race_json(const rh_race *r)
{
    json_t *j = json_pack("{s:s, s:s, s:b, s:s, s:s?, s:s?, s:[I,I], s:[o,o]}", "engine",
                          r->engine, "evidence", rh_evidence_name(r->evidence), "confirmed",
                          rh_evidence_confirmed(r->evidence), "status", rh_status_name(r->status),
                          "status_reason", r->status_why, "object", r->object, "offset",
                          (json_int_t)r->offset_lo, (json_int_t)r->offset_hi, "accesses",
                          access_json(&r->a), access_json(&r->b));
    if (r->caveat)
        json_object_set_new(j, "caveat", json_string(r->caveat));
    if (r->fingerprint)
        json_object_set_new(j, "fingerprint", json_string(r->fingerprint));
    if (r->program)
        json_object_set_new(j, "program", json_string(r->program));
    if (r->volatile_only)
        json_object_set_new(j, "volatile_only", json_true());
    if (r->hidden != RH_SHOWN)
        json_object_set_new(j, "suppressed", json_pack("{s:s, s:s?}", "kind",
                                                       rh_hidden_name(r->hidden), "by", r->hidden_by));
    if (r->witness)
        json_object_set_new(j, "witness", rh_witness_to_json(r->witness));
    return j;
}

json_t *rh_result_to_json(const rh_result *res, int with_may)
{
    json_t *races = json_array(), *notes = json_array(), *stats = json_object();
    json_t *groups = json_array();
    rh_groups gs;
    rh_groups_build(&gs, res, with_may);
    /* a group names its races by their index in "races", which lists only listed races */
    int *index = rh_xcalloc((size_t)res->nraces + 1, sizeof *index);
    for (int i = 0, n = 0; i < res->nraces; i++)
        if (rh_race_listed(&res->races[i], with_may)) {
            json_t *r = race_json(&res->races[i]);
            if (gs.group_of[i] >= 0)
                json_object_set_new(r, "group", json_integer(gs.group_of[i]));
            json_array_append_new(races, r);
            index[i] = n++;
        }
    for (int i = 0; i < gs.n; i++) {
        for (int k = 0; k < gs.items[i].nraces; k++)
            gs.items[i].races[k] = index[gs.items[i].races[k]];
        json_array_append_new(groups, group_json(&gs.items[i], i + 1));
    }
    free(index);
    json_t *assumptions = json_array();
    for (int i = 0; i < res->nnotes; i++) {
        json_array_append_new(notes, json_string(res->notes[i]));
        if (rh_note_assumption(res->notes[i]))
            json_array_append_new(assumptions, json_string(rh_note_assumption(res->notes[i])));
    }
    for (int i = 0; i < res->nstats; i++)
        json_object_set_new(stats, res->stats[i].name, json_real(res->stats[i].value));
    rh_filter_counts n = rh_filter_count(res, with_may);
    int nposs, nposs_loc;
    rh_groups_count_possible(res, with_may, &nposs, &nposs_loc);
    json_t *j = json_pack("{s:s, s:i, s:s, s:s?, s:{s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i}, s:o, s:o, s:o, s:o}",
                          "schema", "racehunt-report", "version", RH_REPORT_SCHEMA_VERSION,
                          "verdict", rh_verdict_name(res->verdict), "engine", res->engine, "counts",
                          "reported", n.reported, "suppressed", n.suppressed, "baselined",
                          n.baselined, "locations", gs.n, "locations_confirmed", gs.confirmed,
                          "locations_likely", gs.likely, "possible_not_listed", nposs,
                          "possible_locations_not_listed", nposs_loc,
                          "groups", groups, "races", races, "notes", notes, "stats", stats);
    rh_groups_free(&gs);
    json_object_set_new(j, "assumptions", assumptions);
    return j;
}

void rh_report_json(const rh_result *res, const rh_options *o, FILE *out)
{
    json_t *j = rh_result_to_json(res, o->may);
    json_dumpf(j, out, JSON_INDENT(2));
    fputc('\n', out);
    json_decref(j);
}

int rh_report_write(const rh_result *res, const rh_options *o, FILE *out, char *err)
{
    switch (o->format) {
    case RH_FORMAT_TEXT: rh_report_text(res, o, out); return 0;
    case RH_FORMAT_JSON: rh_report_json(res, o, out); return 0;
    case RH_FORMAT_SARIF: rh_report_sarif(res, o, out); return 0;
    case RH_FORMAT_HTML: rh_report_html(res, o, out); return 0;
    default: return rh_fail(err, "this output format is not available yet");
    }
}

/* The program's words as a list: a path with blanks stays one word. */
static json_t *program_to_json(const rh_witness *w)
{
    if (!w->program)
        return NULL;
    int n = 0;
    char **words = rh_witness_program_split(w->program, &n);
    json_t *list = json_array();
    for (int i = 0; i < n; i++) {
        json_array_append_new(list, json_string(words[i]));
        free(words[i]);
    }
    free(words);
    return list;
}

/* The units and their hashes: those of this run's program (inputs.h), else
 * those the witness was read with (a re-rendered report keeps them). */
static json_t *sources_to_json(const rh_witness *w)
{
    json_t *list = json_array();
    for (int i = 0; i < rh_inputs_nunits(); i++)
        if (rh_inputs_unit_sha256(i))
            json_array_append_new(list, json_pack("{s:s, s:s}", "file", rh_inputs_unit(i),
                                                  "sha256", rh_inputs_unit_sha256(i)));
    for (int i = 0; json_array_size(list) == 0 && i < w->nsources; i++)
        json_array_append_new(list, json_pack("{s:s, s:s}", "file", w->sources[i].file,
                                              "sha256", w->sources[i].sha256));
    if (json_array_size(list) == 0) {
        json_decref(list);
        return NULL;
    }
    return list;
}

int rh_report_save(const rh_result *res, const rh_options *o, char *err)
{
    rh_outfile out;
    if (rh_outfile_open(&out, o->output, "report", err))
        return -1;
    if (rh_report_write(res, o, out.f, err)) {
        rh_outfile_abort(&out);
        return -1;
    }
    return rh_outfile_commit(&out, err);
}

json_t *rh_witness_to_json(const rh_witness *w)
{
    json_t *steps = json_array(), *inputs = json_array();
    for (int i = 0; i < w->nsteps; i++) {
        const rh_step *s = &w->steps[i];
        json_t *step = json_pack("{s:i, s:s, s:I, s:I, s:s}", "thread", s->thread, "file",
                                 s->file ? s->file : "?", "line", (json_int_t)s->line, "column",
                                 (json_int_t)s->col, "what", s->what ? s->what : "");
        if (s->timeout) /* only then: older witnesses and readers know no such field */
            json_object_set_new(step, "timeout", json_true());
        json_array_append_new(steps, step);
    }
    for (int i = 0; i < w->ninputs; i++)
        json_array_append_new(inputs, json_pack("{s:s, s:I}", "name", w->inputs[i].name, "value",
                                                (json_int_t)w->inputs[i].value));
    json_t *j = json_pack("{s:s, s:i, s:o*, s:I, s:o, s:o, s:[i,i]}", "schema", "racehunt-witness",
                          "version", RH_WITNESS_SCHEMA_VERSION, "program", program_to_json(w),
                          "seed", (json_int_t)w->seed, "steps", steps, "inputs", inputs, "race",
                          w->race_step_a, w->race_step_b);
    json_t *sources = sources_to_json(w);
    if (sources)
        json_object_set_new(j, "sources", sources);
    return j;
}

static int step_from_json(rh_step *s, json_t *j)
{
    const char *file = NULL, *what = NULL;
    json_int_t line = 0, col = 0;
    int timeout = 0;
    if (json_unpack(j, "{s:i, s?s, s?I, s?I, s?s, s?b}", "thread", &s->thread, "file", &file,
                    "line", &line, "column", &col, "what", &what, "timeout", &timeout))
        return -1;
    s->timeout = timeout;
    s->file = rh_xstrdup(file ? file : "?");
    s->what = rh_xstrdup(what ? what : "");
    s->line = (unsigned)line;
    s->col = (unsigned)col;
    return 0;
}

/* The words of a witness file's program list, as rh_witness_program's string. */
static char *program_from_json(json_t *list)
{
    size_t n = json_array_size(list);
    const char **words = rh_xcalloc(n + 1, sizeof *words);
    for (size_t i = 0; i < n; i++) {
        const char *word = json_string_value(json_array_get(list, i));
        words[i] = word ? word : "";
    }
    char *s = rh_witness_program_join(words, (int)n);
    free(words);
    return s;
}

/* "sources" as read; malformed entries (rh_witness_check refuses them in a
 * witness file) are left out of a report read back. */
static void sources_from_json(rh_witness *w, json_t *list)
{
    size_t n = json_array_size(list);
    w->sources = n ? rh_xcalloc(n, sizeof *w->sources) : NULL;
    for (size_t i = 0; i < n; i++) {
        const char *file = NULL, *hash = NULL;
        if (json_unpack(json_array_get(list, i), "{s:s, s:s}", "file", &file, "sha256", &hash) ||
            strlen(hash) != 64)
            continue;
        w->sources[w->nsources].file = rh_xstrdup(file);
        memcpy(w->sources[w->nsources++].sha256, hash, 65);
    }
}

rh_witness *rh_witness_from_json(json_t *j, char *err)
{
    const char *schema = NULL, *program = NULL;
    json_t *steps = NULL, *inputs = NULL;
    json_int_t seed = 0;
    rh_witness *w = rh_xcalloc(1, sizeof *w);
    w->race_step_a = w->race_step_b = -1;
    json_t *prog = NULL;
    if (json_unpack(j, "{s:s, s?o, s?I, s:o, s?o, s?[ii]}", "schema", &schema, "program", &prog,
                    "seed", &seed, "steps", &steps, "inputs", &inputs, "race", &w->race_step_a,
                    &w->race_step_b) ||
        strcmp(schema, "racehunt-witness") != 0 || !json_is_array(steps)) {
        rh_fail(err, "not a racehunt witness (expected schema \"racehunt-witness\" with steps)");
        rh_witness_free(w);
        return NULL;
    }
    program = json_string_value(prog); /* an older witness: words separated by blanks */
    w->program = program             ? rh_xstrdup(program)
                 : json_is_array(prog) ? program_from_json(prog)
                                       : NULL;
    sources_from_json(w, json_object_get(j, "sources"));
    w->seed = (unsigned long)seed;
    w->steps = rh_xcalloc(json_array_size(steps), sizeof *w->steps);
    for (size_t i = 0; i < json_array_size(steps); i++, w->nsteps++)
        if (step_from_json(&w->steps[i], json_array_get(steps, i))) {
            rh_fail(err, "witness step %zu is malformed", i);
            rh_witness_free(w);
            return NULL;
        }
    w->inputs = rh_xcalloc(json_array_size(inputs), sizeof *w->inputs);
    for (size_t i = 0; i < json_array_size(inputs); i++) {
        const char *name = NULL;
        json_int_t v = 0;
        if (json_unpack(json_array_get(inputs, i), "{s:s, s:I}", "name", &name, "value", &v))
            continue;
        w->inputs[w->ninputs].name = rh_xstrdup(name);
        w->inputs[w->ninputs++].value = v;
    }
    return w;
}

int rh_witness_save(const rh_witness *w, const char *path, char *err)
{
    rh_outfile out;
    if (rh_outfile_open(&out, path, "witness", err))
        return -1;
    json_t *j = rh_witness_to_json(w);
    int rc = json_dumpf(j, out.f, JSON_INDENT(2));
    json_decref(j);
    if (rc) {
        rh_outfile_abort(&out);
        return rh_fail(err, "%s: cannot write the witness", path);
    }
    return rh_outfile_commit(&out, err);
}

rh_witness *rh_witness_load(const char *path, char *err)
{
    json_t *j = rh_input_read_json(path, "witness", err);
    if (!j)
        return NULL;
    char inner[RH_ERR_MAX];
    rh_witness *w = rh_witness_check(j, inner) ? NULL : rh_witness_from_json(j, inner);
    json_decref(j);
    if (!w)
        rh_fail(err, "%s: %s", path, inner);
    return w;
}
