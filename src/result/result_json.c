/* result_json.c - a result as JSON and back: the body of the JSON report
 * (schema "racehunt-report", version 3: version 1 plus the races grouped
 * per memory location (2), plus each race's evidence tier and its reason,
 * and what an access is (3)), and the reader that takes it back, so engines
 * that run in another process (the portfolio forks) hand over their races
 * with everything the report formats need.
 */
#include "result_json.h"
#include "group.h"
#include "witness_file.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

static json_t *loc_json(const char *func, const char *file, unsigned line, unsigned col)
{
    return json_pack("{s:s?, s:s, s:I, s:I}", "function", func, "file", file ? file : "?",
                     "line", (json_int_t)line, "column", (json_int_t)col);
}

/* What version 3 adds to an access: only what is so (a volatile access,
 * an assumed one, one in code no other thread entry runs, one whose address
 * has one target, one a join may precede, the library call that makes it). */
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
    if (a->one_object)
        json_object_set_new(j, "one_object", json_true());
    if (a->updated)
        json_object_set_new(j, "updated", json_true());
    if (a->after_join)
        json_object_set_new(j, "after_join", json_true());
    if (a->after_create)
        json_object_set_new(j, "after_create", json_true());
    if (a->lock_call_before)
        json_object_set_new(j, "lock_call_before", json_true());
    if (a->lock_call_earlier)
        json_object_set_new(j, "lock_call_earlier", json_true());
    if (a->unjoined_before)
        json_object_set_new(j, "unjoined_before", json_true());
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

/* The locations folded into counts, so that a later stage's race at one
 * of them takes it out of the count (rh_groups_count_possible). */
static json_t *folded_json(const rh_result *res)
{
    json_t *a = json_array();
    for (int i = 0; i < res->nfolded; i++) {
        const struct rh_folded *f = &res->folded[i];
        json_array_append_new(a, json_pack("{s:s?, s:s?, s:I, s:I, s:i}", "program", f->program,
                                           "object", f->object, "offset_lo", (json_int_t)f->offset_lo,
                                           "offset_hi", (json_int_t)f->offset_hi, "races", f->nraces));
    }
    return a;
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
    if (g->ordered_by)
        json_object_set_new(j, "ordered_by", json_string(g->ordered_by));
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
    if (r->ordered_by)
        json_object_set_new(j, "ordered_by", json_string(r->ordered_by));
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
    rh_race_counts n = rh_race_count(res, with_may);
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
    if (res->nfolded)
        json_object_set_new(j, "possible_folded", folded_json(res));
    return j;
}

/* The summary's counts of possible races not listed: what the folded
 * locations account for is theirs, the rest a number. */
static void read_counts(rh_result *res, json_t *j)
{
    json_t *f, *counts = json_object_get(j, "counts");
    size_t i;
    json_array_foreach(json_object_get(j, "possible_folded"), i, f)
        rh_result_add_folded(res, json_string_value(json_object_get(f, "program")),
                             json_string_value(json_object_get(f, "object")),
                             (long)json_integer_value(json_object_get(f, "offset_lo")),
                             (long)json_integer_value(json_object_get(f, "offset_hi")),
                             (int)json_integer_value(json_object_get(f, "races")));
    int races, locations;
    rh_groups_count_possible(res, 1, &races, &locations); /* the folded ones only, as yet */
    res->possible_unlisted = (int)json_integer_value(json_object_get(counts, "possible_not_listed")) - races;
    res->possible_unlisted_locations =
        (int)json_integer_value(json_object_get(counts, "possible_locations_not_listed")) - locations;
}

static char *dup_or_null(const char *s) { return s ? rh_xstrdup(s) : NULL; }
static const char *str_or(json_t *j, const char *dflt)
{
    const char *s = json_string_value(j);
    return s ? s : dflt;
}

static void frame_from_json(rh_frame *f, json_t *j)
{
    const char *func = json_string_value(json_object_get(j, "function"));
    const char *file = json_string_value(json_object_get(j, "file"));
    f->func = rh_xstrdup(func ? func : "?");
    f->loc.file = rh_xstrdup(file ? file : "?");
    f->loc.line = (unsigned)json_integer_value(json_object_get(j, "line"));
    f->loc.col = (unsigned)json_integer_value(json_object_get(j, "column"));
}

static void access_from_json(rh_race_access *a, json_t *j)
{
    memset(a, 0, sizeof *a);
    const char *file = json_string_value(json_object_get(j, "file"));
    a->file = rh_xstrdup(file ? file : "?");
    a->line = (unsigned)json_integer_value(json_object_get(j, "line"));
    a->col = (unsigned)json_integer_value(json_object_get(j, "column"));
    a->func = dup_or_null(json_string_value(json_object_get(j, "function")));
    const char *kind = json_string_value(json_object_get(j, "kind"));
    a->is_write = kind && strcmp(kind, "write") == 0;
    a->atomic = json_is_true(json_object_get(j, "atomic"));
    a->size = (unsigned long)json_integer_value(json_object_get(j, "size"));
    a->thread = (int)json_integer_value(json_object_get(j, "thread"));
    a->thread_desc = dup_or_null(json_string_value(json_object_get(j, "thread_desc")));
    a->is_volatile = json_is_true(json_object_get(j, "volatile"));
    a->assumed = json_is_true(json_object_get(j, "assumed"));
    a->own_code = json_is_true(json_object_get(j, "own_code"));
    a->one_target = json_is_true(json_object_get(j, "one_target"));
    a->one_object = json_is_true(json_object_get(j, "one_object"));
    a->updated = json_is_true(json_object_get(j, "updated"));
    a->after_join = json_is_true(json_object_get(j, "after_join"));
    a->after_create = json_is_true(json_object_get(j, "after_create"));
    a->lock_call_before = json_is_true(json_object_get(j, "lock_call_before"));
    a->lock_call_earlier = json_is_true(json_object_get(j, "lock_call_earlier"));
    a->unjoined_before = json_is_true(json_object_get(j, "unjoined_before"));
    a->op = dup_or_null(json_string_value(json_object_get(j, "operation")));
    json_t *locks = json_object_get(j, "locks"), *stack = json_object_get(j, "stack");
    a->locks = rh_xcalloc(json_array_size(locks), sizeof *a->locks);
    for (size_t i = 0; i < json_array_size(locks); i++)
        a->locks[a->nlocks++] = rh_xstrdup(str_or(json_array_get(locks, i), "?"));
    /* stack[0] repeats the access itself (see race_json) */
    size_t n = json_array_size(stack);
    a->stack = rh_xcalloc(n, sizeof *a->stack);
    for (size_t i = 1; i < n; i++)
        frame_from_json(&a->stack[a->nstack++], json_array_get(stack, i));
}

static rh_evidence evidence_from_name(const char *name)
{
    for (int e = RH_EV_MAY; e <= RH_EV_REPLAYED; e++)
        if (name && strcmp(name, rh_evidence_name((rh_evidence)e)) == 0)
            return (rh_evidence)e;
    return RH_EV_MAY;
}

static int race_from_json(rh_race *r, json_t *j, char *err)
{
    json_t *acc = json_object_get(j, "accesses"), *off = json_object_get(j, "offset");
    if (json_array_size(acc) != 2)
        return rh_fail(err, "a race without its two accesses");
    memset(r, 0, sizeof *r);
    access_from_json(&r->a, json_array_get(acc, 0));
    access_from_json(&r->b, json_array_get(acc, 1));
    r->object = dup_or_null(json_string_value(json_object_get(j, "object")));
    r->program = dup_or_null(json_string_value(json_object_get(j, "program")));
    r->offset_lo = (long)json_integer_value(json_array_get(off, 0));
    r->offset_hi = (long)json_integer_value(json_array_get(off, 1));
    const char *engine = json_string_value(json_object_get(j, "engine"));
    r->engine = rh_xstrdup(engine ? engine : "?");
    r->evidence = evidence_from_name(json_string_value(json_object_get(j, "evidence")));
    r->fingerprint = dup_or_null(json_string_value(json_object_get(j, "fingerprint")));
    r->volatile_only = json_is_true(json_object_get(j, "volatile_only"));
    r->caveat = dup_or_null(json_string_value(json_object_get(j, "caveat")));
    r->ordered_by = dup_or_null(json_string_value(json_object_get(j, "ordered_by")));
    json_t *hid = json_object_get(j, "suppressed");
    r->hidden = rh_hidden_from_name(json_string_value(json_object_get(hid, "kind")));
    if (r->hidden != RH_SHOWN)
        r->hidden_by = dup_or_null(json_string_value(json_object_get(hid, "by")));
    json_t *w = json_object_get(j, "witness");
    if (w && !(r->witness = rh_witness_from_json(w, err))) {
        rh_race_free(r);
        return -1;
    }
    return 0;
}

static rh_verdict verdict_from_name(const char *name)
{
    if (name && strcmp(name, "race") == 0)
        return RH_RACE;
    if (name && strcmp(name, "race-free") == 0)
        return RH_RACE_FREE;
    return RH_UNKNOWN;
}

int rh_result_from_json(json_t *j, rh_result *res, char *err)
{
    memset(res, 0, sizeof *res);
    const char *schema = json_string_value(json_object_get(j, "schema"));
    if (!schema || strcmp(schema, "racehunt-report") != 0)
        return rh_fail(err, "not a racehunt report");
    res->verdict = verdict_from_name(json_string_value(json_object_get(j, "verdict")));
    res->engine = dup_or_null(json_string_value(json_object_get(j, "engine")));
    json_t *races = json_object_get(j, "races"), *notes = json_object_get(j, "notes");
    for (size_t i = 0; i < json_array_size(races); i++) {
        rh_race r;
        if (race_from_json(&r, json_array_get(races, i), err)) {
            rh_result_free(res);
            return -1;
        }
        rh_result_add_race(res, &r);
    }
    for (size_t i = 0; i < json_array_size(notes); i++)
        rh_result_note(res, "%s", str_or(json_array_get(notes, i), ""));
    const char *key;
    json_t *v;
    json_object_foreach(json_object_get(j, "stats"), key, v)
        rh_result_stat(res, key, json_number_value(v));
    read_counts(res, j);
    return 0;
}
