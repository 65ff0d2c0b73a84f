/* result_parse.c - reading a JSON report back into a result, so engines
 * that run in another process (the portfolio forks) hand over their races
 * with everything the report formats need.
 */
#include "report.h"
#include "../util/util.h"

#include <stdlib.h>
#include <string.h>

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
    a->after_join = json_is_true(json_object_get(j, "after_join"));
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
    return 0;
}
