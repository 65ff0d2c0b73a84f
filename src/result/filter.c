/* filter.c - fingerprints, suppressions, annotations and the baseline
 * applied to a result (see filter.h). */
#include "filter.h"
#include "baseline.h"
#include "fingerprint.h"
#include "suppress.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

/* An annotation in the source is the most specific reason, so it is named
 * first; the baseline last, as it says least about why. */
static void hide(rh_race *r, rh_suppressions *supp, const rh_baseline *base,
                 const char *base_path, rh_srclines *src)
{
    char *why;
    if ((why = rh_supp_annotated(r, src))) {
        r->hidden = RH_HID_ANNOTATION;
    } else if (supp && (why = rh_supp_match(supp, r))) {
        r->hidden = RH_HID_RULE;
    } else if (base && rh_baseline_has(base, r->fingerprint)) {
        r->hidden = RH_HID_BASELINE;
        why = rh_xasprintf("in the baseline %s", base_path);
    }
    free(r->hidden_by);
    r->hidden_by = why;
}

int rh_filter_result(rh_result *res, const rh_options *o, char *err)
{
    rh_suppressions supp = {0};
    rh_baseline base = {0};
    rh_srclines *src = rh_srclines_new();
    int rc = 0;
    if (o->suppressions)
        rc = rh_supp_load(&supp, o->suppressions, err);
    if (rc == 0 && o->baseline)
        rc = rh_baseline_load(&base, o->baseline, src, err);
    if (rc == 0) {
        rh_fingerprint_result(res, src);
        for (int i = 0; i < res->nraces; i++)
            if (res->races[i].hidden == RH_SHOWN) /* a re-rendered report keeps its reasons */
                hide(&res->races[i], o->suppressions ? &supp : NULL,
                     o->baseline ? &base : NULL, o->baseline, src);
        for (int i = 0; i < supp.nrules; i++)
            if (supp.rules[i].hits)
                rh_result_note(res, "suppression %s hid %d race%s", supp.rules[i].text,
                               supp.rules[i].hits, supp.rules[i].hits == 1 ? "" : "s");
    }
    rh_supp_free(&supp);
    rh_baseline_free(&base);
    rh_srclines_free(src);
    return rc;
}

int rh_filter_check(const rh_options *o, char *err)
{
    rh_suppressions supp;
    if (o->suppressions && rh_supp_load(&supp, o->suppressions, err))
        return -1;
    if (o->suppressions)
        rh_supp_free(&supp);
    rh_baseline base;
    rh_srclines *src = rh_srclines_new();
    int rc = o->baseline ? rh_baseline_load(&base, o->baseline, src, err) : 0;
    if (o->baseline && rc == 0)
        rh_baseline_free(&base);
    rh_srclines_free(src);
    return rc;
}
