/* witness_file.c - witness files (schema "racehunt-witness"): a witness
 * as JSON and back, saved whole or not at all, and loaded for replay after
 * the strict check of witness_check.c.  Reports embed the same JSON.
 */
#include "witness_file.h"
#include "util/input.h"
#include "util/inputs.h"
#include "util/outfile.h"
#include "util/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

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
        if (s->times > 1) /* likewise */
            json_object_set_new(step, "times", json_integer((json_int_t)s->times));
        json_array_append_new(steps, step);
    }
    for (int i = 0; i < w->ninputs; i++)
        json_array_append_new(inputs, json_pack("{s:s, s:I}", "name", w->inputs[i].name, "value",
                                                (json_int_t)w->inputs[i].value));
    json_t *j = json_pack("{s:s, s:i, s:o*, s:I, s:o, s:o, s:[i,i]}", "schema", "racehunt-witness",
                          "version", RH_WITNESS_SCHEMA_VERSION, "program", program_to_json(w),
                          "seed", (json_int_t)w->seed, "steps", steps, "inputs", inputs, "race",
                          w->race_step_a, w->race_step_b);
    if (w->fair) /* only then: a schedule without it replays as it always did */
        json_object_set_new(j, "fair", json_true());
    json_t *sources = sources_to_json(w);
    if (sources)
        json_object_set_new(j, "sources", sources);
    return j;
}

static int step_from_json(rh_step *s, json_t *j)
{
    const char *file = NULL, *what = NULL;
    json_int_t line = 0, col = 0, times = 1;
    int timeout = 0;
    if (json_unpack(j, "{s:i, s?s, s?I, s?I, s?s, s?b, s?I}", "thread", &s->thread, "file", &file,
                    "line", &line, "column", &col, "what", &what, "timeout", &timeout, "times",
                    &times))
        return -1;
    s->timeout = timeout;
    s->times = times > 1 && times <= RH_WITNESS_MAX_TIMES ? (unsigned)times : 1;
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
    w->fair = json_is_true(json_object_get(j, "fair"));
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

int rh_witness_clock_input(const char *name, int *tid, unsigned *call, unsigned *word)
{
    if (!name || strncmp(name, "clock:", 6) != 0)
        return -1;
    unsigned long v[3];
    const char *p = name + 6;
    for (int k = 0; k < 3; k++) { /* three fields of at most 6 digits, nothing else */
        char *end;
        if (!isdigit((unsigned char)*p) || (v[k] = strtoul(p, &end, 10)) > 999999 || end - p > 6 ||
            *end != (k < 2 ? ':' : '\0'))
            return -1;
        p = end + (k < 2);
    }
    *tid = (int)v[0], *call = (unsigned)v[1], *word = (unsigned)v[2];
    return 0;
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
