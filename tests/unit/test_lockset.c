/* test_lockset.c - unit tests of the lockset lattice of the static engine
 * (lockset.h): the mode bit of lockset elements, the queries that compare
 * locksets, and the must/may locksets the dataflow computes over
 * tests/unit/data/lockset_sample.c, where paths join with a lock held on
 * one side only (must intersects, may unites) and locks are released. */
#include "check.h"
#include "sample.h"
#include "engines/static/cfg.h"
#include "engines/static/lockset.h"
#include "engines/static/points_to.h"
#include "engines/static/thread_graph.h"
#include "frontend/frontend.h"
#include "model/model.h"
#include "util/budget.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static rh_sset set_of(int n, const uint64_t *v)
{
    rh_sset s = {0};
    for (int i = 0; i < n; i++)
        rh_sset_add(&s, v[i]);
    return s;
}
#define SET(...) set_of((int)(sizeof((uint64_t[]){__VA_ARGS__}) / sizeof(uint64_t)), (uint64_t[]){__VA_ARGS__})

/* Two read-mode holders of a rwlock do not exclude each other; a writer
 * excludes everyone. */
static void test_queries(void)
{
    CHECK(rh_ls_elem(3, 1) == 7 && rh_ls_elem(3, 0) == 6);
    rh_sset r1 = SET(rh_ls_elem(1, 0)), w1 = SET(rh_ls_elem(1, 1)), w2 = SET(rh_ls_elem(2, 1));
    rh_sset mixed = SET(rh_ls_elem(1, 0), rh_ls_elem(2, 1)), empty = {0};
    CHECK(!rh_ls_protects(&r1, &r1));
    CHECK(rh_ls_protects(&r1, &w1) && rh_ls_protects(&w1, &r1) && rh_ls_protects(&w1, &w1));
    CHECK(!rh_ls_protects(&w1, &w2) && !rh_ls_protects(&w1, &empty) && !rh_ls_protects(&empty, &w1));
    CHECK(rh_ls_protects(&mixed, &w2) && !rh_ls_protects(&mixed, &r1));
    CHECK(rh_ls_share_any(&r1, &r1) && rh_ls_share_any(&r1, &w1) && !rh_ls_share_any(&r1, &w2));

    /* pthread_once: what runs inside the routine (holding the control's
     * pseudo-lock 5) is ordered before what follows a returned pthread_once */
    rh_ls_per in = {0}, after = {0}, other = {0};
    in.must = SET(rh_ls_elem(5, 1));
    after.once_done = SET(5);
    CHECK(rh_ls_once_orders(&in, &after) && rh_ls_once_orders(&after, &in));
    CHECK(!rh_ls_once_orders(&other, &after) && !rh_ls_once_orders(&in, &other));
    rh_sset *sets[] = {&r1, &w1, &w2, &mixed, &in.must, &after.once_done};
    for (size_t i = 0; i < sizeof sets / sizeof *sets; i++)
        rh_sset_free(sets[i]);
}

/* "mutex 'm', mutex 'n'": the descriptions of a lockset's elements. */
static char *describe(rh_ls *ls, const rh_sset *set)
{
    char *out = rh_xstrdup("");
    for (uint32_t i = 0; i < set->n; i++) {
        char *d = rh_ls_elem_desc(ls, set->v[i]);
        char *next = rh_xasprintf("%s%s%s", out, i ? ", " : "", d);
        free(d), free(out);
        out = next;
    }
    return out;
}

/* The write to global `var`: its locksets, described. */
static int written_under(rh_ls *ls, const rh_program *p, const char *var, const char *must,
                         const char *may)
{
    for (int i = 0; i < p->naccesses; i++) {
        const rh_access *a = &p->accesses[i];
        size_t len;
        if (a->kind != RH_ACC_WRITE || !LLVMIsAGlobalVariable(a->ptr) ||
            strcmp(LLVMGetValueName2(a->ptr, &len), var) != 0)
            continue;
        char *got_must = describe(ls, &ls->acc[i].must), *got_may = describe(ls, &ls->acc[i].may);
        int ok = ls->acc[i].threads.n == 2 && strcmp(got_must, must) == 0 &&
                 (!may || strcmp(got_may, may) == 0);
        if (!ok)
            fprintf(stderr, "  %s: must {%s} may {%s} in %u threads, expected must {%s} may {%s}\n",
                    var, got_must, got_may, ls->acc[i].threads.n, must, may ? may : "...");
        free(got_must), free(got_may);
        return ok;
    }
    fprintf(stderr, "  no write to %s in the model\n", var);
    return 0;
}

static void test_dataflow(const char *dir)
{
    rh_program p;
    char *file = load_sample(dir, "lockset_sample.c", "static", 0, &p);
    if (!file)
        return;
    rh_pt pt;
    rh_cfg cfg;
    rh_tg tg;
    rh_ls ls;
    memset(&pt, 0, sizeof pt), memset(&cfg, 0, sizeof cfg), memset(&tg, 0, sizeof tg);
    memset(&ls, 0, sizeof ls);
    rh_budget budget;
    rh_budget_init(&budget, rh_now(), 120, 0);
    CHECK(rh_pt_build(&pt, &p, &budget) == 0);
    rh_cfg_build(&cfg, &p);
    CHECK(rh_tg_build(&tg, &p, &pt, &cfg) == 0);
    rh_ls_run(&ls, &p, &pt, &tg, &cfg, &budget);
    CHECK(!ls.timeout);
    CHECK(written_under(&ls, &p, "at_start", "", ""));
    CHECK(written_under(&ls, &p, "both", "mutex 'm'", "mutex 'm'"));
    CHECK(written_under(&ls, &p, "inner", "mutex 'm', mutex 'n'", "mutex 'm', mutex 'n'"));
    CHECK(written_under(&ls, &p, "joined", "mutex 'm'", "mutex 'm', mutex 'n'"));
    CHECK(written_under(&ls, &p, "released", "", "mutex 'n'"));
    CHECK(written_under(&ls, &p, "after", "", NULL)); /* may: path-insensitive, n or nothing */
    /* after `after`, n stays in the may-set (the unlock's condition is not tracked) */
    CHECK(written_under(&ls, &p, "exclusive", "rwlock 'rw' (write)", NULL));
    CHECK(written_under(&ls, &p, "shared_read", "rwlock 'rw' (read)", NULL));
    rh_ls_free(&ls);
    rh_tg_free(&tg);
    rh_cfg_free(&cfg);
    rh_pt_free(&pt);
    rh_model_free(&p);
    free(file);
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "tests";
    test_queries();
    test_dataflow(dir);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
