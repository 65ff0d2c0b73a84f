/* test_model.c - unit tests of the concurrency table and the program model:
 * builds the model of tests/unit/data/model_sample.c (64 and 32 bit) and
 * checks the records its lines must produce. */
#include "check.h"
#include "sample.h"
#include "frontend/frontend.h"
#include "model/concurrency.h"
#include "model/model.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static void test_table(void)
{
    const rh_conc_entry *e = rh_conc_lookup(NULL, "pthread_mutex_lock", 0);
    CHECK(e && e->op == RH_OP_LOCK && e->obj == 0 && !(e->flags & RH_F_TRY));
    CHECK(rh_conc_lookup(NULL, "pthread_mutex_lock", 1) == NULL); /* a program's own function */
    e = rh_conc_lookup(NULL, "pthread_rwlock_tryrdlock", 0);
    CHECK(e && (e->flags & RH_F_SHARED) && (e->flags & RH_F_TRY) && e->success == 0);
    e = rh_conc_lookup(NULL, "pthread_create", 0);
    CHECK(e && e->op == RH_OP_THREAD_CREATE && e->fn == 2 && e->obj2 == 3);
    e = rh_conc_lookup(NULL, "__VERIFIER_nondet_uint", 0);
    CHECK(e && e->op == RH_OP_NONDET);
    e = rh_conc_lookup(NULL, "__VERIFIER_atomic_acquire", 1);
    CHECK(e && e->op == RH_OP_ATOMIC_CALL);
    e = rh_conc_lookup(NULL, "llvm.memcpy.p0.p0.i64", 0);
    CHECK(e && e->op == RH_OP_MEMORY && e->size == 2);
    CHECK(rh_conc_lookup(NULL, "some_unknown_function", 0) == NULL);
    e = rh_conc_lookup(NULL, "__isoc99_sscanf", 0);
    CHECK(e && e->op == RH_OP_MEMORY && (e->flags & RH_F_SCAN) && e->obj2 == 1);
    CHECK(strcmp(rh_conc_op_name(RH_OP_COND_WAIT), "cond-wait") == 0);
    /* cancellation: the machinery stays unmodelled for the other engines */
    e = rh_conc_lookup(NULL, "pthread_cancel", 0);
    CHECK(e && e->op == RH_OP_UNMODELLED && (e->flags & RH_F_CANCEL) && e->success == RH_CANCEL_SEND);
    e = rh_conc_lookup(NULL, "__sigsetjmp", 0);
    CHECK(e && e->op == RH_OP_UNMODELLED && e->success == RH_CANCEL_SETJMP);
    CHECK(rh_conc_cancel_point("pthread_join") == RH_CP_MANDATORY);
    CHECK(rh_conc_cancel_point("usleep") == RH_CP_MANDATORY);
    CHECK(rh_conc_cancel_point("printf") == RH_CP_OPTIONAL);
    CHECK(rh_conc_cancel_point("pthread_mutex_lock") == RH_CP_NONE);
}

static const rh_access *access_at(const rh_program *p, unsigned line, rh_access_kind kind, int nth)
{
    for (int i = 0; i < p->naccesses; i++)
        if (p->accesses[i].loc.line == line && p->accesses[i].kind == kind && nth-- == 0)
            return &p->accesses[i];
    return NULL;
}

static const rh_sync *sync_at(const rh_program *p, unsigned line)
{
    for (int i = 0; i < p->nsyncs; i++)
        if (p->syncs[i].loc.line == line)
            return &p->syncs[i];
    return NULL;
}

static void test_model(const char *dir, int ilp32)
{
    rh_program p;
    char *file = load_sample(dir, "model_sample.c", "auto", ilp32, &p);
    if (!file)
        return;
    CHECK(p.nthreads == 2 && p.main_func >= 0);
    const rh_access *a = access_at(&p, 23, RH_ACC_WRITE, 0);
    CHECK(a && a->size == 4 && !a->atomic && LLVMIsAGlobalVariable(a->ptr));
    a = access_at(&p, 24, RH_ACC_RMW, 0);
    CHECK(a && a->atomic);
    a = access_at(&p, 29, RH_ACC_WRITE, 0);
    CHECK(a && a->from_call && a->size == 16);
    CHECK(access_at(&p, 29, RH_ACC_READ, 0) != NULL);
    a = access_at(&p, 40, RH_ACC_WRITE, 0);
    CHECK(a && a->size == (ilp32 ? 4u : 8u));
    CHECK(access_at(&p, 53, RH_ACC_WRITE, 0) != NULL);
    const rh_sync *s = sync_at(&p, 25);
    CHECK(s && s->entry && s->entry->op == RH_OP_LOCK && (s->entry->flags & RH_F_TRY));
    s = sync_at(&p, 27);
    CHECK(s && s->entry && (s->entry->flags & RH_F_SHARED));
    s = sync_at(&p, 36);
    CHECK(s && s->entry && s->entry->op == RH_OP_COND_WAIT);
    s = sync_at(&p, 50);
    CHECK(s && s->entry && s->entry->op == RH_OP_THREAD_CREATE);
    /* sscanf writes what its conversions assign, sized by the conversion */
    uint64_t want[] = {ilp32 ? 4u : 8u, 2, 3, 8, 0};
    for (int k = 0; k < 5; k++) {
        a = access_at(&p, 67, RH_ACC_WRITE, k);
        CHECK(a && a->from_call && a->size == want[k]);
    }
    CHECK(access_at(&p, 67, RH_ACC_WRITE, 5) == NULL);
    a = access_at(&p, 68, RH_ACC_WRITE, 0); /* %p: unreadable, an unsized write */
    uint64_t sizes[4];
    CHECK(a && a->size == 0 && rh_model_scan_sizes(&p, a->inst, 1, sizes, 4) == -1);
    int atomic_fn = 0;
    for (int i = 0; i < p.nfuncs; i++)
        atomic_fn += p.funcs[i].atomic;
    CHECK(atomic_fn == 1);
    rh_model_free(&p);
    free(file);
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "tests";
    test_table();
    test_model(dir, 0);
    test_model(dir, 1);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
