/* pt_merge.c - merges nodes of the points-to solver's graph: the nodes of
 * a cycle of unshifted copy edges (they end with one set), and the nodes
 * whose sets exploded into the blob (unified, their edges compacted).
 * Split from pt_solve.c, whose worklist and representatives it uses
 * through rh_pts_find and rh_pts_enqueue.
 */
#include "pt_solve.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

#define APPEND(to, from)                                                                           \
    do {                                                                                           \
        for (size_t i_ = 0; i_ < (from).len; i_++)                                                 \
            rh_vec_push(&(to), (from).items[i_]);                                                  \
        rh_vec_free(&(from));                                                                      \
    } while (0)

/* out := a \ b (sorted merge) */
static void set_minus(rh_sset *out, const rh_sset *a, const rh_sset *b)
{
    uint32_t j = 0;
    for (uint32_t i = 0; i < a->n; i++) {
        while (j < b->n && b->v[j] < a->v[i])
            j++;
        if (j < b->n && b->v[j] == a->v[i])
            continue;
        if (out->n == out->cap) {
            out->cap = out->cap ? 2 * out->cap : 8;
            out->v = rh_xrealloc(out->v, out->cap * sizeof *out->v);
        }
        out->v[out->n++] = a->v[i];
    }
}

/* Merges node n into node r: r takes n's constraints, and what either has
 * not pushed through the other's constraints becomes r's delta. */
static void merge(rh_pts *s, int r, int n)
{
    rh_sset only_n = {0}, only_r = {0};
    set_minus(&only_n, &s->pts[n], &s->pts[r]);
    set_minus(&only_r, &s->pts[r], &s->pts[n]);
    rh_sset_union(&s->delta[r], &s->delta[n]);
    rh_sset_union(&s->delta[r], &only_n);
    rh_sset_union(&s->delta[r], &only_r);
    rh_sset_union(&s->pts[r], &only_n);
    rh_sset_free(&only_n), rh_sset_free(&only_r);
    rh_sset_free(&s->pts[n]), rh_sset_free(&s->delta[n]);
    rh_pts_node *a = &s->nodes[r], *b = &s->nodes[n];
    APPEND(a->copies, b->copies);
    APPEND(a->loads, b->loads);
    APPEND(a->stores, b->stores);
    APPEND(a->memcpys, b->memcpys);
    APPEND(a->calls, b->calls);
    APPEND(a->wstores, b->wstores);
    APPEND(a->wloads, b->wloads);
    s->rep[n] = r;
    s->merged++;
    if (s->delta[r].n)
        rh_pts_enqueue(s, r);
}

/* Constant-shift edges on cycles of non-zero weight become any-offset
 * edges, and their sources push their whole sets along them again. */
static void break_positive_cycles(rh_pts *s, int *comp, int *rank)
{
    if (!rh_pts_find_cycles(s, 1, comp, rank))
        return;
    char *zero = rh_pts_zero_weight_components(s, comp);
    for (int u = 0; u < s->nnodes; u++) {
        if (s->rep[u] != u || comp[u] < 0 || zero[comp[u]])
            continue;
        int changed = 0;
        for (size_t i = 0; i < s->nodes[u].copies.len; i++) {
            rh_pts_edge *e = &s->nodes[u].copies.items[i];
            if (e->shift != 0 && e->shift != RH_PT_ANY && comp[rh_pts_find(s, e->dst)] == comp[u]) {
                e->shift = RH_PT_ANY, changed = 1;
            }
        }
        if (changed && s->pts[u].n) {
            rh_sset_union(&s->delta[u], &s->pts[u]);
            rh_pts_enqueue(s, u);
        }
    }
    free(zero);
}

/* Breaks positive-weight cycles, then finds the cycles of unshifted copy
 * edges and merges each into one node. */
void rh_pts_collapse_cycles(rh_pts *s)
{
    int *comp = rh_xmalloc(((size_t)s->nnodes + 1) * sizeof *comp);
    int *rank = rh_xmalloc(((size_t)s->nnodes + 1) * sizeof *rank);
    break_positive_cycles(s, comp, rank);
    int ncycles = rh_pts_find_cycles(s, 0, comp, rank);
    for (int v = 0; v < s->nnodes; v++)
        s->nodes[v].rank = rank[v];
    s->qlen = 0;      /* the heap is rebuilt under the new ranks */
    for (int v = 0; v < s->nnodes; v++)
        if (s->nodes[v].queued)
            s->nodes[v].queued = 0, rh_pts_enqueue(s, v);
    if (ncycles)
        for (int v = 0; v < s->nnodes && !rh_budget_over(s->budget); v++)
            if (comp[v] >= 0 && comp[v] != v)
                merge(s, rh_pts_find(s, comp[v]), v);
    free(comp), free(rank);
    s->next_cycle_search = 2 * s->edges + 1024;
}

static int cmp_edge(const void *a, const void *b)
{
    const rh_pts_edge *x = a, *y = b;
    return x->dst != y->dst ? (x->dst < y->dst ? -1 : 1) : (x->shift > y->shift) - (x->shift < y->shift);
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Replaces nodes by their representatives, then drops duplicates. */
static void unique_reps(rh_pts *s, int *v, size_t *len, int map)
{
    for (size_t i = 0; map && i < *len; i++)
        v[i] = rh_pts_find(s, v[i]);
    if (*len > 1)
        qsort(v, *len, sizeof *v, cmp_int);
    size_t u = 0;
    for (size_t i = 0; i < *len; i++)
        if (u == 0 || v[u - 1] != v[i])
            v[u++] = v[i];
    *len = u;
}

/* Drops the self-loops and duplicates that unification leaves on n: its
 * loads and stores, once their other ends are unified too, collapse to a
 * few, instead of one per node merged in. */
static void compact_edges(rh_pts *s, int n)
{
    rh_pts_node *nd = &s->nodes[n];
    unique_reps(s, nd->loads.items, &nd->loads.len, 1);
    unique_reps(s, nd->stores.items, &nd->stores.len, 1);
    unique_reps(s, nd->memcpys.items, &nd->memcpys.len, 0);
    unique_reps(s, nd->calls.items, &nd->calls.len, 0);
    size_t k = 0;
    for (size_t i = 0; i < nd->copies.len; i++) {
        rh_pts_edge e = nd->copies.items[i];
        e.dst = rh_pts_find(s, e.dst);
        if (e.dst != n || e.shift != 0)
            nd->copies.items[k++] = e;
    }
    if (k > 1)
        qsort(nd->copies.items, k, sizeof *nd->copies.items, cmp_edge);
    size_t u = 0;
    for (size_t i = 0; i < k; i++)
        if (u == 0 || cmp_edge(&nd->copies.items[u - 1], &nd->copies.items[i]) != 0)
            nd->copies.items[u++] = nd->copies.items[i];
    nd->copies.len = u;
}

/* Unifies the nodes whose sets exploded into the blob. */
void rh_pts_unify_exploded(rh_pts *s)
{
    while (s->exploded.len && !rh_budget_over(s->budget)) {
        int n = rh_pts_find(s, s->exploded.items[--s->exploded.len]);
        if (s->blob < 0)
            s->blob = n;
        int b = rh_pts_find(s, s->blob);
        if (b != n)
            merge(s, b, n);
    }
    int b = rh_pts_find(s, s->blob);
    rh_pts_node *nd = &s->nodes[b];
    size_t size = nd->copies.len + nd->loads.len + nd->stores.len;
    if (size > 2 * s->blob_edges + 1024) { /* amortised: a sort per doubling */
        compact_edges(s, b);
        s->blob_edges = nd->copies.len + nd->loads.len + nd->stores.len;
    }
}
