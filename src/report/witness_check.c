/* witness_check.c - validating a witness file before `racehunt replay`
 * runs anything.  The reader in report_json.c is lenient because it also
 * reads witnesses embedded in the portfolio's reports; a file a user hands
 * to replay must be checked strictly, or a schedule of nonsense (no steps,
 * a thread 99, a line -5) is "followed" by the fallback scheduler into
 * whatever race the program has and looks confirmed.
 *
 * The witness schema has no thread list: threads are numbered in creation
 * order (main is T0), so the threads a witness may name are T0 and one per
 * step that creates a thread ("create ..." steps, as every engine writes).
 */
#include "report.h"
#include "../util/util.h"

#include <string.h>

/* Counts the steps that create a thread; -1 with err when a step is bad. */
static int check_step(json_t *s, size_t i, char *err)
{
    json_t *thread = json_object_get(s, "thread"), *line = json_object_get(s, "line");
    json_t *file = json_object_get(s, "file"), *col = json_object_get(s, "column");
    json_t *what = json_object_get(s, "what");
    if (!json_is_object(s))
        return rh_fail(err, "step %zu is not an object", i);
    if (!json_is_integer(thread))
        return rh_fail(err, "step %zu has no thread number", i);
    if (json_integer_value(thread) < 0)
        return rh_fail(err, "step %zu names thread %lld, which no run has", i,
                       (long long)json_integer_value(thread));
    if (!json_is_string(file))
        return rh_fail(err, "step %zu has no file", i);
    /* line 0 is a step without a source position (a thread's start); a
     * negative line is never one */
    if (!json_is_integer(line))
        return rh_fail(err, "step %zu has no line number", i);
    if (json_integer_value(line) < 0)
        return rh_fail(err, "step %zu is at line %lld, which no source has", i,
                       (long long)json_integer_value(line));
    if (col && (!json_is_integer(col) || json_integer_value(col) < 0))
        return rh_fail(err, "step %zu has a bad column", i);
    if (what && !json_is_string(what))
        return rh_fail(err, "step %zu has a bad \"what\"", i);
    return what && strncmp(json_string_value(what), "create", 6) == 0;
}

/* The threads named exist: T0 and one per create step. */
static int check_threads(json_t *steps, int ncreate, char *err)
{
    for (size_t i = 0; i < json_array_size(steps); i++) {
        json_int_t t = json_integer_value(json_object_get(json_array_get(steps, i), "thread"));
        if (t > ncreate)
            return rh_fail(err, "step %zu names thread %lld, but the witness's steps create only "
                                "threads T0..T%d", i, (long long)t, ncreate);
    }
    return 0;
}

/* The race record names two steps with source lines. */
static int check_race(json_t *race, size_t nsteps, json_t *steps, char *err)
{
    if (!json_is_array(race) || json_array_size(race) != 2)
        return rh_fail(err, "no race record (\"race\": [STEP, STEP])");
    for (size_t k = 0; k < 2; k++) {
        json_t *x = json_array_get(race, k);
        if (!json_is_integer(x) || json_integer_value(x) < 0 ||
            (size_t)json_integer_value(x) >= nsteps)
            return rh_fail(err, "race record names no step of the witness (steps 0..%zu)",
                           nsteps - 1);
        json_t *s = json_array_get(steps, (size_t)json_integer_value(x));
        if (json_integer_value(json_object_get(s, "line")) <= 0)
            return rh_fail(err, "racing step %lld has no source line",
                           (long long)json_integer_value(x));
    }
    return 0;
}

int rh_witness_check(json_t *j, char *err)
{
    json_t *schema = json_object_get(j, "schema"), *version = json_object_get(j, "version");
    json_t *program = json_object_get(j, "program"), *steps = json_object_get(j, "steps");
    if (!json_is_object(j) || !json_is_string(schema) ||
        strcmp(json_string_value(schema), "racehunt-witness") != 0)
        return rh_fail(err, "not a racehunt witness (expected schema \"racehunt-witness\")");
    if (!json_is_integer(version) || json_integer_value(version) != RH_WITNESS_SCHEMA_VERSION)
        return rh_fail(err, "witness version is not %d", RH_WITNESS_SCHEMA_VERSION);
    if (!json_is_string(program) || !*json_string_value(program))
        return rh_fail(err, "the witness names no program to replay");
    if (!json_is_array(steps) || json_array_size(steps) == 0)
        return rh_fail(err, "the witness has no steps");
    int ncreate = 0;
    for (size_t i = 0; i < json_array_size(steps); i++) {
        int c = check_step(json_array_get(steps, i), i, err);
        if (c < 0)
            return -1;
        ncreate += c;
    }
    if (check_threads(steps, ncreate, err))
        return -1;
    return check_race(json_object_get(j, "race"), json_array_size(steps), steps, err);
}
