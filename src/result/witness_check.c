/* witness_check.c - validating a witness file before `racehunt replay`
 * runs anything.  The reader in witness_file.c is lenient because it also
 * reads witnesses embedded in the portfolio's reports; a file a user hands
 * to replay must be checked strictly, or a schedule of nonsense (no steps,
 * a thread 99, a line -5) is "followed" by the fallback scheduler into
 * whatever race the program has and looks confirmed.
 *
 * The witness schema has no thread list: threads are numbered in creation
 * order (main is T0), so the threads a witness may name are T0 and one per
 * step that creates a thread ("create ..." steps, as every engine writes).
 *
 * A witness records its program's units with their SHA-256 ("sources"):
 * after the front end built the program again, a unit that changed, or a
 * witness edited to name other files, is refused.  A witness written
 * before the hashes were recorded is replayed with a note saying its
 * sources are not checked.
 */
#include "util/inputs.h"
#include "witness_file.h"
#include "util/sha256.h"
#include "util/util.h"

#include <ctype.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

/* Lines, columns and thread numbers are read into 32-bit fields: a larger
 * number (2^32 + 3) would wrap into a line that exists. */
#define RH_WITNESS_MAX_NUMBER INT32_MAX
/* A run has at most this many arguments (the dynamic engine's
 * RH_DYN_MAX_ARGC): an "argc" input outside 1..this is no run. */
#define RH_WITNESS_MAX_ARGC 64

static int in_range(json_t *x)
{
    return json_is_integer(x) && json_integer_value(x) >= 0 &&
           json_integer_value(x) <= RH_WITNESS_MAX_NUMBER;
}

/* A JSON string with no NUL inside (C would see a shorter one). */
static int plain_string(json_t *x)
{
    return json_is_string(x) && strlen(json_string_value(x)) == json_string_length(x);
}

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
    if (!in_range(thread))
        return rh_fail(err, "step %zu names thread %lld, which no run has", i,
                       (long long)json_integer_value(thread));
    if (!plain_string(file))
        return rh_fail(err, "step %zu has no file", i);
    /* line 0 is a step without a source position (a thread's start); a
     * negative line is never one */
    if (!json_is_integer(line))
        return rh_fail(err, "step %zu has no line number", i);
    if (!in_range(line))
        return rh_fail(err, "step %zu is at line %lld, which no source has", i,
                       (long long)json_integer_value(line));
    if (col && !in_range(col))
        return rh_fail(err, "step %zu has a bad column", i);
    if (what && !plain_string(what))
        return rh_fail(err, "step %zu has a bad \"what\"", i);
    json_t *timeout = json_object_get(s, "timeout");
    if (timeout && !json_is_boolean(timeout))
        return rh_fail(err, "step %zu has a bad \"timeout\" (true or false)", i);
    json_t *times = json_object_get(s, "times");
    if (times && (!json_is_integer(times) || json_integer_value(times) < 1 ||
                  json_integer_value(times) > RH_WITNESS_MAX_TIMES))
        return rh_fail(err, "step %zu has a bad \"times\" (1 to %d)", i, RH_WITNESS_MAX_TIMES);
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
        if (k == 1 && json_integer_value(x) == json_integer_value(json_array_get(race, 0)))
            return rh_fail(err, "race record names step %lld twice (a race is two steps)",
                           (long long)json_integer_value(x));
        json_t *s = json_array_get(steps, (size_t)json_integer_value(x));
        if (json_integer_value(json_object_get(s, "line")) <= 0)
            return rh_fail(err, "racing step %lld has no source line",
                           (long long)json_integer_value(x));
    }
    return 0;
}

/* "inputs": the values of nondeterministic choices, each {name, value};
 * an "argc" a run can have. */
static int check_inputs(json_t *inputs, char *err)
{
    if (!inputs)
        return 0;
    if (!json_is_array(inputs))
        return rh_fail(err, "\"inputs\" is not a list");
    for (size_t i = 0; i < json_array_size(inputs); i++) {
        json_t *in = json_array_get(inputs, i), *name = json_object_get(in, "name");
        json_t *value = json_object_get(in, "value");
        if (!json_is_object(in) || !plain_string(name) || !json_is_integer(value))
            return rh_fail(err, "input %zu is not {\"name\": STRING, \"value\": INTEGER}", i);
        if (strcmp(json_string_value(name), "argc") == 0 &&
            (json_integer_value(value) < 1 || json_integer_value(value) > RH_WITNESS_MAX_ARGC))
            return rh_fail(err, "input %zu: argc %lld is outside 1..%d", i,
                           (long long)json_integer_value(value), RH_WITNESS_MAX_ARGC);
        int tid;
        unsigned call, word;
        if (strncmp(json_string_value(name), "clock:", 6) == 0 &&
            rh_witness_clock_input(json_string_value(name), &tid, &call, &word))
            return rh_fail(err, "input %zu: a clock input is named \"clock:THREAD:CALL:WORD\"", i);
    }
    return 0;
}

/* "program": the words of rh_witness_program, a list (or, in an older
 * witness, one string of blank-separated words). */
static int check_program(json_t *program, char *err)
{
    if (plain_string(program) && *json_string_value(program))
        return 0;
    if (!json_is_array(program) || json_array_size(program) == 0)
        return rh_fail(err, "the witness names no program to replay");
    for (size_t i = 0; i < json_array_size(program); i++) {
        if (!plain_string(json_array_get(program, i)) ||
            !*json_string_value(json_array_get(program, i)))
            return rh_fail(err, "word %zu of \"program\" is not a file name or option", i);
        if (rh_witness_input_word(json_string_value(json_array_get(program, i)), err) < 0)
            return -1; /* an environment variable or file the solver chose, malformed */
    }
    return 0;
}

/* "sources": the units and their SHA-256, each {file, sha256}. */
static int check_sources(json_t *sources, char *err)
{
    if (!sources)
        return 0;
    if (!json_is_array(sources))
        return rh_fail(err, "\"sources\" is not a list");
    for (size_t i = 0; i < json_array_size(sources); i++) {
        json_t *src = json_array_get(sources, i), *hash = json_object_get(src, "sha256");
        int ok = plain_string(json_object_get(src, "file")) && plain_string(hash) &&
                 json_string_length(hash) == 64;
        for (size_t k = 0; ok && k < 64; k++)
            ok = isxdigit((unsigned char)json_string_value(hash)[k]);
        if (!ok)
            return rh_fail(err, "source %zu is not {\"file\": PATH, \"sha256\": 64 hex digits}", i);
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
    if (!json_is_integer(version) || json_integer_value(version) < RH_WITNESS_OLDEST_VERSION ||
        json_integer_value(version) > RH_WITNESS_SCHEMA_VERSION)
        return rh_fail(err, "witness version is not %d to %d", RH_WITNESS_OLDEST_VERSION,
                       RH_WITNESS_SCHEMA_VERSION);
    json_t *seed = json_object_get(j, "seed");
    if (check_program(program, err) || check_inputs(json_object_get(j, "inputs"), err) ||
        check_sources(json_object_get(j, "sources"), err))
        return -1;
    if (seed && (!json_is_integer(seed) || json_integer_value(seed) < 0))
        return rh_fail(err, "\"seed\" is not a whole number of 0 or more");
    json_t *fair = json_object_get(j, "fair");
    if (fair && !json_is_boolean(fair))
        return rh_fail(err, "\"fair\" is not true or false");
    if (!json_is_array(steps) || json_array_size(steps) == 0)
        return rh_fail(err, "the witness has no steps");
    int ncreate = 0;
    json_int_t total = 0; /* steps once "times" is spelled out: the replay's schedule */
    for (size_t i = 0; i < json_array_size(steps); i++) {
        int c = check_step(json_array_get(steps, i), i, err);
        if (c < 0)
            return -1;
        ncreate += c;
        json_t *times = json_object_get(json_array_get(steps, i), "times");
        total += times ? json_integer_value(times) : 1;
    }
    if (total > RH_WITNESS_MAX_TIMES)
        return rh_fail(err, "the witness's steps repeated (\"times\") come to more than %d",
                       RH_WITNESS_MAX_TIMES);
    if (check_threads(steps, ncreate, err))
        return -1;
    return check_race(json_object_get(j, "race"), json_array_size(steps), steps, err);
}

/* Whether the program built has unit `file` (a real path). */
static int builds(const char *file)
{
    for (int i = 0; i < rh_inputs_nunits(); i++)
        if (strcmp(rh_inputs_unit(i), file) == 0)
            return 1;
    return 0;
}

int rh_witness_check_sources(const rh_witness *w, char *err)
{
    if (w->nsources == 0)
        return 1;
    for (int i = 0; i < w->nsources; i++) {
        char hex[65];
        if (!builds(w->sources[i].file))
            return rh_fail(err, "the witness names %s, which its program does not build (was the "
                                "witness edited?)", w->sources[i].file);
        if (rh_sha256_file(w->sources[i].file, hex) != 0)
            return rh_fail(err, "%s: cannot be read to check it against the witness",
                           w->sources[i].file);
        if (strcasecmp(hex, w->sources[i].sha256) != 0)
            return rh_fail(err, "%s changed since the witness was written (its SHA-256 differs); "
                                "analyse the program again for a new witness", w->sources[i].file);
    }
    for (int i = 0; i < rh_inputs_nunits(); i++) {
        int named = 0;
        for (int k = 0; k < w->nsources && !named; k++)
            named = strcmp(w->sources[k].file, rh_inputs_unit(i)) == 0;
        if (!named)
            return rh_fail(err, "the program builds %s, which the witness does not name (was the "
                                "witness edited?)", rh_inputs_unit(i));
    }
    return 0;
}
