/* test_pt_solve.c - unit tests of the points-to solver (pt_solve.h) on
 * constraint systems written by hand: each kind of constraint, offsets
 * and the ANY offset, cycles (of copies, and of pointer arithmetic that
 * must end, and of zero weight, which keep their offsets), memcpy cell by
 * cell and out of an array inside a struct, residue offsets of arrays
 * of structs, window cells of arrays, call constraints reported once per
 * function, set explosion, constraints added after a solve, and a budget
 * that runs out.  The expected sets are the least solutions, or (where
 * the solver may lose precision by design) a sound superset of them. */
#include "check.h"
#include "engines/static/pt_solve.h"
#include "util/budget.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>


#define ANY RH_PT_ANY
#define L(o, off) rh_pt_loc((o), (off))

/* Whether node n's set is exactly the n locations given. */
static int set_is(const rh_pts *s, int node, int n, const uint64_t *locs)
{
    const rh_sset *set = rh_pts_set(s, node);
    if (set->n != (uint32_t)n) {
        fprintf(stderr, "  node %d has %u locations, expected %d\n", node, set->n, n);
        return 0;
    }
    for (int i = 0; i < n; i++)
        if (!rh_sset_has(set, locs[i]))
            return 0;
    return 1;
}
#define SET_IS(s, node, ...)                                                                       \
    set_is((s), (node), (int)(sizeof((uint64_t[]){__VA_ARGS__}) / sizeof(uint64_t)),               \
           (uint64_t[]){__VA_ARGS__})

static int has(const rh_pts *s, int node, uint64_t loc)
{
    return rh_sset_has(rh_pts_set(s, node), loc);
}

static int node_with(rh_pts *s, uint64_t loc)
{
    int n = rh_pts_new_node(s);
    rh_pts_add(s, n, loc);
    return n;
}

/* p = &P; *p = &A; l = *p; c = b; c = a */
static void test_copy_load_store(void)
{
    rh_pts s;
    rh_pts_init(&s, NULL, NULL);
    uint32_t A = rh_pts_new_object(&s, 8, 0), B = rh_pts_new_object(&s, 8, 0);
    uint32_t P = rh_pts_new_object(&s, 8, 0);
    int p = node_with(&s, L(P, 0)), a = node_with(&s, L(A, 0)), b = node_with(&s, L(B, 0));
    int l = rh_pts_new_node(&s), c = rh_pts_new_node(&s), unrelated = rh_pts_new_node(&s);
    rh_pts_load(&s, l, p); /* before the store: order does not matter */
    rh_pts_store(&s, p, a);
    rh_pts_copy(&s, c, b, 0);
    rh_pts_copy(&s, c, a, 0);
    CHECK(rh_pts_solve(&s, NULL) == 0);
    CHECK(SET_IS(&s, l, L(A, 0)));
    CHECK(SET_IS(&s, c, L(A, 0), L(B, 0)));
    CHECK(SET_IS(&s, p, L(P, 0)) && SET_IS(&s, a, L(A, 0)));
    CHECK(rh_pts_set(&s, unrelated)->n == 0);
    long cell = rh_pts_find_cell(&s, L(P, 0));
    CHECK(cell >= 0 && SET_IS(&s, (int)cell, L(A, 0)));
    CHECK(rh_pts_find_cell(&s, L(B, 0)) == -1); /* nothing stored to or loaded from B */

    /* a constraint added after solving takes effect on the whole current sets */
    int z = rh_pts_new_node(&s);
    rh_pts_copy(&s, z, c, 0);
    CHECK(rh_pts_solve(&s, NULL) == 0 && SET_IS(&s, z, L(A, 0), L(B, 0)));
    rh_pts_free(&s);
}

/* Fields: constant offsets keep cells apart; ANY stands for every offset. */
static void test_offsets(void)
{
    rh_pts s;
    rh_pts_init(&s, NULL, NULL);
    uint32_t A = rh_pts_new_object(&s, 8, 0), B = rh_pts_new_object(&s, 8, 0);
    uint32_t Q = rh_pts_new_object(&s, 16, 0);
    int q = node_with(&s, L(Q, 0)), a = node_with(&s, L(A, 0)), b = node_with(&s, L(B, 0));
    int f = rh_pts_new_node(&s), qa = rh_pts_new_node(&s), out = rh_pts_new_node(&s);
    rh_pts_copy(&s, f, q, 8);      /* f = &q->second */
    rh_pts_copy(&s, qa, q, ANY);   /* qa = &q[i] */
    rh_pts_copy(&s, out, q, 100);  /* past the end of a sized object */
    rh_pts_store(&s, f, a);        /* q->second = &A */
    int first = rh_pts_new_node(&s), second = rh_pts_new_node(&s);
    rh_pts_load(&s, first, q);     /* q->first */
    rh_pts_load(&s, second, f);    /* q->second */
    CHECK(rh_pts_solve(&s, NULL) == 0);
    CHECK(SET_IS(&s, f, L(Q, 8)) && SET_IS(&s, qa, L(Q, ANY)) && SET_IS(&s, out, L(Q, ANY)));
    CHECK(rh_pts_set(&s, first)->n == 0 && SET_IS(&s, second, L(A, 0)));

    rh_pts_store(&s, qa, b); /* q[i] = &B: every field may now hold &B */
    int any = rh_pts_new_node(&s);
    rh_pts_load(&s, any, qa);
    CHECK(rh_pts_solve(&s, NULL) == 0);
    CHECK(SET_IS(&s, first, L(B, 0)));          /* a load at an offset reads the ANY cell */
    CHECK(SET_IS(&s, second, L(A, 0), L(B, 0)));
    CHECK(SET_IS(&s, any, L(A, 0), L(B, 0)));   /* a load at ANY reads every cell */
    rh_pts_free(&s);
}

/* An array of 24-byte structs {id; job; name} indexed by a variable:
 * `&ws[i]` is a residue location (0 mod 24), its fields 8 and 16 mod 24
 * keep their cells apart inside the solver; once solved, the residues
 * read as ANY and their cells as the ANY cell. */
static void test_residues(void)
{
    rh_pts s;
    rh_pts_init(&s, NULL, NULL);
    uint32_t W = rh_pts_new_object(&s, 0, 0), J = rh_pts_new_object(&s, 8, 0);
    uint32_t N = rh_pts_new_object(&s, 8, 0), D = rh_pts_new_object(&s, 24, 0);
    int ws = node_with(&s, L(W, 0)), j = node_with(&s, L(J, 0)), n = node_with(&s, L(N, 0));
    int e = rh_pts_new_node(&s), fj = rh_pts_new_node(&s), fn = rh_pts_new_node(&s);
    rh_pts_copy(&s, e, ws, rh_pt_res(0, 24));  /* e = &ws[i] */
    rh_pts_copy(&s, fj, e, 8);                  /* &ws[i].job */
    rh_pts_copy(&s, fn, ws, rh_pt_res(16, 24)); /* &ws[k].name in one GEP */
    rh_pts_store(&s, fj, j);
    rh_pts_store(&s, fn, n);
    int lj = rh_pts_new_node(&s), l32 = rh_pts_new_node(&s), l40 = rh_pts_new_node(&s);
    int lany = rh_pts_new_node(&s), coarse = rh_pts_new_node(&s), lcoarse = rh_pts_new_node(&s);
    rh_pts_load(&s, lj, fj);                                   /* w->job */
    rh_pts_load(&s, l32, node_with(&s, L(W, 32)));             /* ws[1].job */
    rh_pts_load(&s, l40, node_with(&s, L(W, 40)));             /* ws[1].name */
    rh_pts_load(&s, lany, node_with(&s, L(W, ANY)));
    rh_pts_copy(&s, coarse, fj, rh_pt_res(0, 16)); /* 8 mod 24 plus a multiple of 16: 0 mod 8 */
    rh_pts_load(&s, lcoarse, coarse);
    int d = node_with(&s, L(D, 0)), d8 = rh_pts_new_node(&s), d16 = rh_pts_new_node(&s);
    rh_pts_memcpy(&s, d, e);                                   /* d = ws[i] */
    rh_pts_load(&s, d8, node_with(&s, L(D, 8)));
    rh_pts_load(&s, d16, node_with(&s, L(D, 16)));
    CHECK(rh_pts_solve(&s, NULL) == 0);
    CHECK(SET_IS(&s, lj, L(J, 0)) && SET_IS(&s, l32, L(J, 0)) && SET_IS(&s, l40, L(N, 0)));
    CHECK(SET_IS(&s, lany, L(J, 0), L(N, 0)) && SET_IS(&s, lcoarse, L(J, 0), L(N, 0)));
    CHECK(SET_IS(&s, d8, L(J, 0)) && SET_IS(&s, d16, L(N, 0)));
    /* what the analyses see: (W, ANY), and the ANY cell holds both */
    CHECK(SET_IS(&s, e, L(W, ANY)) && SET_IS(&s, fj, L(W, ANY)) && SET_IS(&s, coarse, L(W, ANY)));
    long any = rh_pts_find_cell(&s, L(W, ANY));
    CHECK(any >= 0 && has(&s, (int)any, L(J, 0)) && has(&s, (int)any, L(N, 0)));
    const rh_sset *cells = &s.objs[W].cells;
    for (uint32_t k = 0; k < cells->n; k++)
        CHECK(!rh_pt_is_res((int32_t)(uint32_t)(cells->v[k] >> 32)));
    /* a constraint added after solving makes no residue */
    int late = rh_pts_new_node(&s);
    rh_pts_copy(&s, late, ws, rh_pt_res(8, 24));
    CHECK(rh_pts_solve(&s, NULL) == 0 && SET_IS(&s, late, L(W, ANY)));
    rh_pts_free(&s);
}

/* `for (;;) p = p + 4` over an object of unknown size must end, with p
 * pointing anywhere in it; a cycle of plain copies ends with equal sets. */
static void test_cycles(void)
{
    rh_pts s;
    rh_pts_init(&s, NULL, NULL);
    uint32_t R = rh_pts_new_object(&s, 0, 0), A = rh_pts_new_object(&s, 8, 0);
    uint32_t B = rh_pts_new_object(&s, 8, 0);
    int x = node_with(&s, L(R, 0));
    rh_pts_copy(&s, x, x, 4);
    int u = node_with(&s, L(A, 0)), v = rh_pts_new_node(&s), w = node_with(&s, L(B, 0));
    rh_pts_copy(&s, v, u, 0);
    rh_pts_copy(&s, w, v, 0);
    rh_pts_copy(&s, u, w, 0);
    CHECK(rh_pts_solve(&s, NULL) == 0);
    CHECK(has(&s, x, L(R, 0)) || has(&s, x, L(R, ANY)));
    CHECK(has(&s, x, L(R, ANY)) && rh_pts_set(&s, x)->n <= RH_PTS_MAX_OFFSETS + 2);
    CHECK(SET_IS(&s, u, L(A, 0), L(B, 0)) && SET_IS(&s, v, L(A, 0), L(B, 0)) &&
          SET_IS(&s, w, L(A, 0), L(B, 0)));
    rh_pts_free(&s);
}

/* *dst = *src, cell by cell: offsets are kept for a struct copy. */
static void test_memcpy(void)
{
    rh_pts s;
    rh_pts_init(&s, NULL, NULL);
    uint32_t A = rh_pts_new_object(&s, 8, 0), B = rh_pts_new_object(&s, 8, 0);
    uint32_t S = rh_pts_new_object(&s, 16, 0), D = rh_pts_new_object(&s, 16, 0);
    int a = node_with(&s, L(A, 0)), b = node_with(&s, L(B, 0));
    int sp = node_with(&s, L(S, 0)), sp8 = rh_pts_new_node(&s);
    int dp = node_with(&s, L(D, 0)), dp8 = rh_pts_new_node(&s);
    rh_pts_copy(&s, sp8, sp, 8);
    rh_pts_copy(&s, dp8, dp, 8);
    rh_pts_store(&s, sp, a);
    rh_pts_memcpy(&s, dp, sp); /* before the second field is written */
    rh_pts_store(&s, sp8, b);
    int d0 = rh_pts_new_node(&s), d8 = rh_pts_new_node(&s);
    rh_pts_load(&s, d0, dp);
    rh_pts_load(&s, d8, dp8);
    CHECK(rh_pts_solve(&s, NULL) == 0);
    CHECK(SET_IS(&s, d0, L(A, 0)) && SET_IS(&s, d8, L(B, 0)));
    rh_pts_free(&s);
}

/* A vector with its header before its data: h = v - 16; v = h + 16 is a
 * cycle of weight 0, which keeps its offsets exact (the header load reads
 * the header cell only); a cycle of weight 8 still ends, at ANY. */
static void test_zero_weight_cycle(void)
{
    rh_pts s;
    rh_pts_init(&s, NULL, NULL);
    uint32_t V = rh_pts_new_object(&s, 0, 0), W = rh_pts_new_object(&s, 0, 0);
    uint32_t A = rh_pts_new_object(&s, 8, 0), B = rh_pts_new_object(&s, 8, 0);
    int v = node_with(&s, L(V, 16)), h = rh_pts_new_node(&s), back = rh_pts_new_node(&s);
    rh_pts_copy(&s, h, v, -16);
    rh_pts_copy(&s, back, h, 16);
    rh_pts_copy(&s, v, back, 0);
    rh_pts_store(&s, v, node_with(&s, L(A, 0)));     /* v[0] = &A */
    rh_pts_store(&s, h, node_with(&s, L(B, 0)));     /* the header: not a pointer of the data */
    int data = rh_pts_new_node(&s), head = rh_pts_new_node(&s);
    rh_pts_load(&s, data, v);
    rh_pts_load(&s, head, h);
    int w = node_with(&s, L(W, 16)), wh = rh_pts_new_node(&s), wback = rh_pts_new_node(&s);
    rh_pts_copy(&s, wh, w, -16);
    rh_pts_copy(&s, wback, wh, 24);
    rh_pts_copy(&s, w, wback, 0);
    CHECK(rh_pts_solve(&s, NULL) == 0);
    CHECK(SET_IS(&s, v, L(V, 16)) && SET_IS(&s, h, L(V, 0)));
    CHECK(SET_IS(&s, data, L(A, 0)) && SET_IS(&s, head, L(B, 0)));
    CHECK(has(&s, w, L(W, ANY)) && rh_pts_set(&s, w)->n <= RH_PTS_MAX_OFFSETS + 2);
    rh_pts_free(&s);
}

/* A copy out of a char array inside a struct (memmove(d, &s->buf[i], n))
 * copies the cells of the array's bytes only, not the struct's pointer
 * fields; a pointer stored inside the array is copied (to an unknown
 * offset of the destination). */
static void test_memcpy_window(void)
{
    rh_pts s;
    rh_pts_init(&s, NULL, NULL);
    uint32_t S = rh_pts_new_object(&s, 64, 0), D = rh_pts_new_object(&s, 64, 0);
    uint32_t A = rh_pts_new_object(&s, 8, 0), B = rh_pts_new_object(&s, 8, 0);
    int sp = node_with(&s, L(S, 0)), in_buf = node_with(&s, L(S, 24));
    int dp = node_with(&s, L(D, 0)), dany = node_with(&s, L(D, ANY));
    rh_pts_store(&s, sp, node_with(&s, L(A, 0)));      /* s->ptr = &A, outside the array */
    rh_pts_memcpy_window(&s, dany, sp, 16, 48);        /* the array: bytes [16, 48) */
    int d0 = rh_pts_new_node(&s);
    rh_pts_load(&s, d0, dp);
    CHECK(rh_pts_solve(&s, NULL) == 0);
    CHECK(rh_pts_set(&s, d0)->n == 0);
    rh_pts_store(&s, in_buf, node_with(&s, L(B, 0))); /* a pointer inside the array */
    CHECK(rh_pts_solve(&s, NULL) == 0);
    CHECK(SET_IS(&s, d0, L(B, 0)));
    rh_pts_free(&s);
}

/* s->table[i] = &B at an unknown i writes a window cell of the table's
 * bytes: a load of s->config (outside the table) does not read it, a load
 * of an element at a constant index, one at an unknown index and one at
 * ANY do; a window created after its readers reaches them too. */
static void test_window_cells(void)
{
    rh_pts s;
    rh_pts_init(&s, NULL, NULL);
    uint32_t S = rh_pts_new_object(&s, 1024, 0), A = rh_pts_new_object(&s, 8, 0);
    uint32_t B = rh_pts_new_object(&s, 8, 0);
    int sp = node_with(&s, L(S, 0)), sp16 = node_with(&s, L(S, 16)), sany = node_with(&s, L(S, ANY));
    rh_pts_store(&s, sp, node_with(&s, L(A, 0))); /* s->config = &A */
    int config = rh_pts_new_node(&s), elem = rh_pts_new_node(&s), some = rh_pts_new_node(&s);
    int any = rh_pts_new_node(&s);
    rh_pts_load(&s, config, sp);
    rh_pts_load(&s, elem, sp16);
    rh_pts_load_window(&s, some, sp, 8, 808);
    rh_pts_load(&s, any, sany);
    rh_pts_store_window(&s, sp, node_with(&s, L(B, 0)), 8, 808); /* s->table[i] = &B */
    CHECK(rh_pts_solve(&s, NULL) == 0);
    CHECK(SET_IS(&s, config, L(A, 0)));
    CHECK(SET_IS(&s, elem, L(B, 0)) && SET_IS(&s, some, L(B, 0)));
    CHECK(SET_IS(&s, any, L(A, 0), L(B, 0)));
    rh_pts_free(&s);
}

typedef struct {
    rh_pts *s;
    int calls[4]; /* per function object: times reported */
    int param, arg;
} call_log;

/* The parameter constraint a call through a pointer adds. */
static void on_call(void *ctx, int id, uint32_t func)
{
    call_log *log = ctx;
    if (id == 42 && func < 4)
        log->calls[func]++;
    rh_pts_copy(log->s, log->param, log->arg, 0);
}

static void test_calls(void)
{
    rh_pts s;
    call_log log = {.s = &s};
    rh_pts_init(&s, on_call, &log);
    uint32_t F = rh_pts_new_object(&s, 0, 1), G = rh_pts_new_object(&s, 0, 1);
    uint32_t A = rh_pts_new_object(&s, 8, 0);
    log.arg = node_with(&s, L(A, 0));
    log.param = rh_pts_new_node(&s);
    int fp = node_with(&s, L(F, 0)), gp = node_with(&s, L(G, 0));
    int fp2 = rh_pts_new_node(&s);
    rh_pts_copy(&s, fp2, fp, 0);
    rh_pts_call(&s, fp2, 42);
    CHECK(rh_pts_solve(&s, NULL) == 0);
    CHECK(log.calls[F] == 1 && log.calls[G] == 0);
    CHECK(SET_IS(&s, log.param, L(A, 0))); /* the constraint on_call added was solved too */
    rh_pts_copy(&s, fp2, gp, 0);            /* a second target appears later */
    CHECK(rh_pts_solve(&s, NULL) == 0);
    CHECK(log.calls[F] == 1 && log.calls[G] == 1);
    rh_pts_free(&s);
}

/* Two sets past RH_PTS_UNIFY_AT are unified: each ends with both. */
static void test_explosion(void)
{
    rh_pts s;
    rh_pts_init(&s, NULL, NULL);
    int n1 = rh_pts_new_node(&s), n2 = rh_pts_new_node(&s), small = rh_pts_new_node(&s);
    uint32_t first = 0, last = 0;
    for (int i = 0; i <= RH_PTS_UNIFY_AT + 1; i++) {
        uint32_t o = rh_pts_new_object(&s, 8, 0);
        if (i == 0)
            first = o;
        last = o;
        if (i <= RH_PTS_UNIFY_AT)
            rh_pts_add(&s, n1, L(o, 0));
        if (i >= 1)
            rh_pts_add(&s, n2, L(o, 0));
    }
    rh_pts_add(&s, small, L(first, 0));
    CHECK(rh_pts_solve(&s, NULL) == 0);
    CHECK(has(&s, n1, L(last, 0)) && has(&s, n2, L(first, 0)));
    CHECK(rh_pts_set(&s, n1)->n == (uint32_t)RH_PTS_UNIFY_AT + 2);
    CHECK(SET_IS(&s, small, L(first, 0))); /* a small set keeps its precision */
    rh_pts_free(&s);
}

/* A solver stopped by its budget says so: its sets are no result. */
static void test_budget(void)
{
    rh_pts s;
    rh_pts_init(&s, NULL, NULL);
    uint32_t A = rh_pts_new_object(&s, 8, 0);
    int a = node_with(&s, L(A, 0)), c = rh_pts_new_node(&s);
    rh_pts_copy(&s, c, a, 0);
    rh_budget spent;
    rh_budget_init(&spent, rh_now() - 10, 1, 0);
    CHECK(rh_pts_solve(&s, &spent) == -1);
    rh_budget ample;
    rh_budget_init(&ample, rh_now(), 60, 0);
    CHECK(rh_pts_solve(&s, &ample) == 0 && SET_IS(&s, c, L(A, 0)));
    rh_pts_free(&s);
}

int main(void)
{
    test_copy_load_store();
    test_offsets();
    test_residues();
    test_cycles();
    test_memcpy();
    test_zero_weight_cycle();
    test_memcpy_window();
    test_window_cells();
    test_calls();
    test_explosion();
    test_budget();
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
