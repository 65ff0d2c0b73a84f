/* baseline.c - reading the fingerprints of an earlier report (see
 * baseline.h). */
#include "baseline.h"
#include "fingerprint.h"
#include "result_json.h"
#include "util/input.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

static void add(rh_baseline *b, const char *fp)
{
    b->fps = rh_xrealloc(b->fps, (size_t)(b->n + 1) * sizeof *b->fps);
    b->fps[b->n++] = rh_xstrdup(fp);
}

static int from_sarif(rh_baseline *b, json_t *doc)
{
    size_t i, k;
    json_t *run, *res;
    json_array_foreach(json_object_get(doc, "runs"), i, run)
        json_array_foreach(json_object_get(run, "results"), k, res) {
            const char *fp = json_string_value(
                json_object_get(json_object_get(res, "partialFingerprints"), RH_FINGERPRINT_KEY));
            if (fp)
                add(b, fp);
            /* a result is a memory location: its races' fingerprints (report_sarif.c) */
            size_t j;
            json_t *more;
            json_array_foreach(json_object_get(json_object_get(res, "properties"), "raceFingerprints"),
                               j, more)
                if (json_string_value(more))
                    add(b, json_string_value(more));
        }
    return 0;
}

static int from_report(rh_baseline *b, json_t *doc, rh_srclines *src, char *err)
{
    rh_result res;
    if (rh_result_from_json(doc, &res, err))
        return -1;
    rh_fingerprint_result(&res, src);
    for (int i = 0; i < res.nraces; i++)
        add(b, res.races[i].fingerprint);
    rh_result_free(&res);
    return 0;
}

static int cmp(const void *x, const void *y)
{
    return strcmp(*(char *const *)x, *(char *const *)y);
}

int rh_baseline_load(rh_baseline *b, const char *path, rh_srclines *src, char *err)
{
    memset(b, 0, sizeof *b);
    json_t *doc = rh_input_read_json(path, "baseline", err);
    if (!doc)
        return -1;
    char inner[RH_ERR_MAX] = "";
    int rc = json_object_get(doc, "runs") ? from_sarif(b, doc) : from_report(b, doc, src, inner);
    json_decref(doc);
    if (rc) {
        rh_baseline_free(b);
        return rh_fail(err, "%s: the baseline is %s (expected racehunt's JSON or SARIF report)",
                       path, inner);
    }
    if (b->n) /* an empty baseline has no array at all */
        qsort(b->fps, (size_t)b->n, sizeof *b->fps, cmp);
    return 0;
}

int rh_baseline_has(const rh_baseline *b, const char *fingerprint)
{
    return fingerprint && b->n && bsearch(&fingerprint, b->fps, (size_t)b->n, sizeof *b->fps, cmp) != NULL;
}

void rh_baseline_free(rh_baseline *b)
{
    for (int i = 0; i < b->n; i++)
        free(b->fps[i]);
    free(b->fps);
    memset(b, 0, sizeof *b);
}
