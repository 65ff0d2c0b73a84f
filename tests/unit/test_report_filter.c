/* test_report_filter.c - unit tests of what reports do with names and
 * races before they are written: LLVM names mapped to source names,
 * TSan's suppression patterns, fingerprints that survive line moves but
 * not edits of the racy line, and one location for one object however
 * many words each engine names it with. */
#include "check.h"
#include "result/fingerprint.h"
#include "result/group.h"
#include "result/result_json.h"
#include "result/names.h"
#include "util/srclines.h"
#include "util/inputs.h"
#include "result/suppress.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


/* Cleaning once gives want; cleaning again changes nothing (reports read
 * back from JSON pass through rh_result_add_race a second time). */
static int cleans_to(const char *in, const char *want)
{
    char *got = rh_names_clean(in), *again = rh_names_clean(got);
    int ok = strcmp(got, want) == 0 && strcmp(again, got) == 0;
    free(again);
    if (!ok)
        fprintf(stderr, "  '%s' -> '%s', expected '%s'\n", in, got, want);
    free(got);
    return ok;
}

static void test_names(void)
{
    CHECK(cleans_to("global '.str.142'", "a string literal"));
    CHECK(cleans_to("global '.str'", "a string literal"));
    CHECK(cleans_to("read global '.str.3' at x", "read a string literal at x"));
    CHECK(cleans_to("global 'counter'", "global 'counter'"));
    CHECK(cleans_to("global 'counter.1'", "global 'counter'"));
    CHECK(cleans_to("global 'worker.count'", "static 'count' of worker"));
    CHECK(cleans_to("global '__const.main.tab'", "the initializer of 'tab' in main"));
    CHECK(cleans_to("global '__func__.main'", "__func__ of main"));
    CHECK(cleans_to("global '.compoundliteral.2'", "a compound literal"));
    CHECK(cleans_to("local 'x.addr' of f", "parameter 'x' of f"));
    CHECK(cleans_to("local 'buf' of f", "local 'buf' of f"));
    CHECK(cleans_to("local 'tmp' of f", "local 'tmp' of f")); /* may be the user's */
    CHECK(cleans_to("local '5' of f", "a local variable of f"));
    CHECK(cleans_to("local 'agg.tmp3' of f", "a temporary of f"));
    CHECK(cleans_to("stack object 'n.addr'", "parameter 'n'"));
    CHECK(cleans_to("mutex in global 'm'", "mutex in global 'm'"));
    CHECK(cleans_to("heap object allocated at a.c:3:4", "heap object allocated at a.c:3:4"));
    CHECK(cleans_to("global 'unterminated", "global 'unterminated"));
    /* a witness step's text: quotes but no lead, copied as it is; a lead
     * after such quotes is still cleaned */
    CHECK(cleans_to("write '*address'", "write '*address'"));
    CHECK(cleans_to("write '*p' of global 'main.hits'", "write '*p' of static 'hits' of main"));
    CHECK(cleans_to("", ""));
    char *n = rh_names_source_name("static 'count' of worker");
    CHECK(n && strcmp(n, "count") == 0);
    free(n);
    CHECK(rh_names_source_name("a string literal") == NULL);
    rh_race r;
    memset(&r, 0, sizeof r);
    r.a.func = rh_xstrdup("helper.1"), r.b.func = rh_xstrdup("worker");
    r.object = rh_xstrdup("global 'main.hits'");
    rh_names_clean_race(&r);
    CHECK(strcmp(r.a.func, "helper") == 0 && strcmp(r.b.func, "worker") == 0);
    CHECK(strcmp(r.object, "static 'hits' of main") == 0);
    rh_race_free(&r);
}

static void test_patterns(void)
{
    CHECK(rh_supp_pattern_match("counter", "counter"));
    CHECK(rh_supp_pattern_match("count", "my_counter_x")); /* anywhere, as TSan */
    CHECK(rh_supp_pattern_match("^count", "counter"));
    CHECK(!rh_supp_pattern_match("^count", "my_counter"));
    CHECK(rh_supp_pattern_match("ter$", "counter"));
    CHECK(!rh_supp_pattern_match("ter$", "counters"));
    CHECK(rh_supp_pattern_match("^w*er$", "worker"));
    CHECK(rh_supp_pattern_match("src/*.c", "/home/u/src/lib/a.c"));
    CHECK(!rh_supp_pattern_match("^a*b$", "aXbY"));
    CHECK(rh_supp_pattern_match("*", "x"));
    CHECK(!rh_supp_pattern_match("x", ""));
    CHECK(!rh_supp_pattern_match("x", NULL));
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
}

static char *fingerprint_of(const char *path, unsigned la, unsigned ca, unsigned lb, unsigned cb)
{
    rh_race r;
    memset(&r, 0, sizeof r);
    r.a.file = r.b.file = (char *)path;
    r.a.func = r.b.func = "worker";
    r.a.line = la, r.b.line = lb;
    r.a.col = ca, r.b.col = cb;
    r.a.is_write = 1;
    rh_srclines *src = rh_srclines_new();
    char *fp = rh_fingerprint_race(&r, src);
    rh_srclines_free(src);
    return fp;
}

static void test_fingerprints(void)
{
    char dir[] = "/tmp/rh_fp_XXXXXX";
    if (!mkdtemp(dir)) {
        CHECK(!"mkdtemp");
        return;
    }
    char *p1 = rh_xasprintf("%s/a.c", dir), *p2 = rh_xasprintf("%s/b/a.c", dir);
    char *sub = rh_xasprintf("%s/b", dir);
    mkdir(sub, 0700);
    write_file(p1, "int x;\nvoid worker(void) {\n  x++; // RACE\n  y = x;\n}\n");
    write_file(p2, "int x;\n\n\n/* moved */\nvoid worker(void)\n{\n\tx ++ ;\n  y =  x; /* c */\n}\n");
    char *f0 = fingerprint_of(p1, 3, 3, 4, 7); /* not an input yet: no line read */
    rh_inputs_add(p1, NULL, 0);
    rh_inputs_add(p2, NULL, 0);
    char *f1 = fingerprint_of(p1, 3, 3, 4, 7), *f2 = fingerprint_of(p2, 7, 2, 8, 8);
    char *f3 = fingerprint_of(p2, 8, 8, 7, 2), *f5 = fingerprint_of(p2, 7, 2, 8, 3);
    CHECK(strlen(f1) == 16);
    CHECK(strcmp(f0, f1) != 0); /* only an allowed input's text goes into it */
    CHECK(rh_inputs_has(p1) && !rh_inputs_has("/etc/passwd"));
    CHECK(strcmp(f1, f2) == 0); /* lines moved, spacing and comments changed */
    CHECK(strcmp(f2, f3) != 0); /* the write is on the other line: another race */
    CHECK(strcmp(f2, f5) != 0); /* y, not x, on the second line: another race */
    write_file(p2, "int x;\nvoid worker(void) {\n  x += 2;\n  y = x;\n}\n");
    char *f4 = fingerprint_of(p2, 3, 3, 4, 7);
    CHECK(strcmp(f1, f4) != 0); /* the racy line itself changed */
    unlink(p1), unlink(p2), rmdir(sub), rmdir(dir);
    free(f0), free(f1), free(f2), free(f3), free(f4), free(f5), free(p1), free(p2), free(sub);
}

static void race_on(rh_result *res, const char *object, long lo, long hi, unsigned line, rh_status st)
{
    rh_race r;
    memset(&r, 0, sizeof r);
    r.object = rh_xstrdup(object);
    r.engine = rh_xstrdup("static");
    r.offset_lo = lo, r.offset_hi = hi;
    r.status = st;
    r.evidence = st == RH_ST_CONFIRMED ? RH_EV_OBSERVED : RH_EV_MAY;
    r.a.file = rh_xstrdup("a.c"), r.b.file = rh_xstrdup("a.c");
    r.a.line = line, r.b.line = line + 1;
    r.a.is_write = 1;
    r.b.thread = 1;
    res->races = rh_xrealloc(res->races, (size_t)(res->nraces + 1) * sizeof *res->races);
    res->races[res->nraces++] = r;
}

static void test_groups(void)
{
    rh_result res;
    memset(&res, 0, sizeof res);
    /* a run's long name and the static engine's short one of the same bytes */
    race_on(&res, "heap object allocated at a.c:9:3 in xmalloc, called from load at a.c:20:5, "
            "field 'len'", 8, 12, 30, RH_ST_CONFIRMED);
    race_on(&res, "heap object allocated at a.c:9:3", 8, 12, 40, RH_ST_LIKELY);
    race_on(&res, "heap object allocated at a.c:9:3", 16, 20, 50, RH_ST_LIKELY); /* another field */
    race_on(&res, "heap object allocated at a.c:19:3", 8, 12, 60, RH_ST_LIKELY); /* another object */
    /* a path with " in " and a number in it: the site is the whole "FILE:LINE:COL" */
    race_on(&res, "heap object allocated at src in 2:x/a.c:9:3 in xmalloc", 8, 12, 62, RH_ST_CONFIRMED);
    race_on(&res, "heap object allocated at src in 2:x/a.c:9:3", 8, 12, 64, RH_ST_LIKELY);
    race_on(&res, "heap object allocated at src in 2:x/b.c:9:3", 8, 12, 66, RH_ST_LIKELY);
    race_on(&res, "global 'slots', field 'hits'", 136, 144, 70, RH_ST_CONFIRMED);
    race_on(&res, "global 'slots'", 136, 144, 80, RH_ST_LIKELY);
    rh_groups gs;
    rh_groups_build(&gs, &res, 1);
    CHECK(gs.n == 6);
    int heap = -1, slots = -1, spaced = 0;
    for (int i = 0; i < gs.n; i++) {
        const char *o = gs.items[i].object;
        if (gs.items[i].offset_lo == 8 && strncmp(o, "heap object allocated at a.c:9:3", 32) == 0)
            heap = i;
        if (gs.items[i].offset_lo == 136)
            slots = i;
        if (strstr(gs.items[i].object, "x/a.c:9:3"))
            spaced += gs.items[i].nraces == 2 && strstr(gs.items[i].object, "xmalloc");
    }
    CHECK(spaced == 1);
    CHECK(heap >= 0 && gs.items[heap].nraces == 2 && strstr(gs.items[heap].object, "field 'len'"));
    CHECK(slots >= 0 && gs.items[slots].nraces == 2 &&
          strcmp(gs.items[slots].object, "global 'slots', field 'hits'") == 0);
    rh_groups_free(&gs);
    rh_result_free(&res);
}

/* Possible races past the first kept ones become counts, whole locations
 * at a time, and the summary's counts stay what they were. */
static void test_fold_possible(void)
{
    rh_result res;
    memset(&res, 0, sizeof res);
    race_on(&res, "global 'a'", 0, 4, 10, RH_ST_LIKELY);
    race_on(&res, "global 'a'", 0, 4, 12, RH_ST_POSSIBLE); /* beside a likely one: kept */
    race_on(&res, "global 'b'", 0, 4, 20, RH_ST_POSSIBLE);
    race_on(&res, "global 'c'", 0, 4, 30, RH_ST_POSSIBLE);
    race_on(&res, "global 'c'", 0, 4, 32, RH_ST_POSSIBLE);
    race_on(&res, "global 'd'", 0, 4, 40, RH_ST_POSSIBLE);
    int races, locs, races_after, locs_after;
    rh_groups_count_possible(&res, 0, &races, &locs);
    CHECK(races == 4 && locs == 3);
    rh_groups_fold_possible(&res, 1);
    rh_groups_count_possible(&res, 0, &races_after, &locs_after);
    CHECK(races_after == races && locs_after == locs);
    /* the first possible location in the report's order is kept, the other two folded */
    CHECK(res.nfolded == 2 && res.nraces + res.folded[0].nraces + res.folded[1].nraces == 6);
    int likely_kept = 0;
    for (int i = 0; i < res.nraces; i++)
        likely_kept += strcmp(res.races[i].object, "global 'a'") == 0;
    CHECK(likely_kept == 2);
    rh_groups_count_possible(&res, 1, &races, &locs); /* --may: the folded ones still counted */
    CHECK(races == res.folded[0].nraces + res.folded[1].nraces && locs == 2);
    /* through JSON, as a stage sends it: the same counts */
    json_t *j = rh_result_to_json(&res, 1);
    rh_result back = {0};
    char err[256];
    CHECK(rh_result_from_json(j, &back, err) == 0);
    rh_groups_count_possible(&back, 1, &races_after, &locs_after);
    CHECK(races_after == races && locs_after == 2);
    /* a later stage confirms a race at a folded location: counted once, as confirmed */
    int folded_races = back.folded[0].nraces;
    race_on(&back, back.folded[0].object, 0, 4, 50, RH_ST_CONFIRMED);
    rh_groups_count_possible(&back, 1, &races_after, &locs_after);
    CHECK(races_after == races - folded_races && locs_after == 1);
    json_decref(j);
    rh_result_free(&back);
    rh_result_free(&res);
}

int main(void)
{
    test_names();
    test_patterns();
    test_fingerprints();
    test_groups();
    test_fold_possible();
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
