/* pt_cycles.c - finds the cycles of unshifted copy edges in the points-to
 * solver's graph (Tarjan's algorithm, iteratively: the graphs of real
 * programs have paths far deeper than the C stack).
 *
 * Why: every node on a cycle of unshifted edges ends with the same set, so
 * the solver merges each into one node; a constant-shift edge on a cycle
 * (a positive-weight cycle, `p = p + 1` in a loop) would make ever new
 * offsets, so the solver turns it into an any-offset edge, unless every
 * cycle of its component has weight zero (rh_pts_zero_weight_components).
 * It searches whenever the number of edges has doubled.
 */
#include "pt_solve.h"
#include "util/util.h"

#include <stdlib.h>

typedef struct frame {
    int node;
    size_t edge; /* next out-edge to look at */
} frame;

static int rep_of(const rh_pts *s, int n)
{
    while (s->rep[n] != n)
        n = s->rep[n];
    return n;
}

/* Pops the component rooted at u off the stack; records it when it has
 * more than one node. */
static int pop_component(int u, int *stack, int *sp, char *on, int *comp, int *rank, int order)
{
    int size = 0, w;
    do {
        w = stack[--*sp];
        on[w] = 0;
        comp[w] = u;
        rank[w] = order;
        size++;
    } while (w != u);
    if (size == 1)
        comp[u] = -1;
    return size > 1;
}

int rh_pts_find_cycles(const rh_pts *s, int with_shifts, int *comp, int *rank)
{
    int n = s->nnodes, counter = 0, sp = 0, ncycles = 0, order = n; /* sinks come out first */
    int *idx = rh_xcalloc((size_t)n + 1, sizeof *idx), *low = rh_xmalloc(((size_t)n + 1) * sizeof *low);
    int *stack = rh_xmalloc(((size_t)n + 1) * sizeof *stack);
    char *on = rh_xcalloc((size_t)n + 1, 1);
    frame *fs = rh_xmalloc(((size_t)n + 1) * sizeof *fs);
    for (int v = 0; v < n; v++)
        comp[v] = -1, rank[v] = 0;
    for (int v = 0; v < n; v++) {
        if (s->rep[v] != v || idx[v])
            continue;
        int top = 0;
        fs[top++] = (frame){v, 0};
        idx[v] = low[v] = ++counter, stack[sp++] = v, on[v] = 1;
        while (top > 0) {
            frame *f = &fs[top - 1];
            int u = f->node;
            if (f->edge < s->nodes[u].copies.len) {
                rh_pts_edge e = s->nodes[u].copies.items[f->edge++];
                int w = rep_of(s, e.dst);
                if ((e.shift != 0 && !(with_shifts && e.shift != RH_PT_ANY)) || w == u)
                    continue;
                if (!idx[w]) {
                    idx[w] = low[w] = ++counter, stack[sp++] = w, on[w] = 1;
                    fs[top++] = (frame){w, 0};
                } else if (on[w] && idx[w] < low[u]) {
                    low[u] = idx[w];
                }
                continue;
            }
            top--;
            if (top > 0 && low[u] < low[fs[top - 1].node])
                low[fs[top - 1].node] = low[u];
            if (low[u] == idx[u])
                ncycles += pop_component(u, stack, &sp, on, comp, rank, --order);
        }
    }
    free(idx), free(low), free(stack), free(on), free(fs);
    return ncycles;
}

/* Which components of comp have only zero-weight cycles: potentials are
 * given along the component's constant-shift edges from one root (each
 * node is reached from it: a component is strongly connected over those
 * edges), and a component is zero-weight when every such edge u -> v
 * has pot(v) = pot(u) + shift.  Then a location entering the component
 * at offset o reaches node v at o + pot(v) - pot(entry) only: finitely
 * many offsets, so its shifts stay exact.  That is the shape of a vector
 * with its header before its data (`h = (size_t *)v - 2; v = (void *)(h + 2)`,
 * `realloc(v - 16, n) + 16`), which made every pointer stored in one
 * lose its offset.  Returns zero[comp] = 1 for those components. */
char *rh_pts_zero_weight_components(const rh_pts *s, const int *comp)
{
    char *zero = rh_xcalloc((size_t)s->nnodes + 1, 1), *seen = rh_xcalloc((size_t)s->nnodes + 1, 1);
    char *root_done = rh_xcalloc((size_t)s->nnodes + 1, 1);
    int64_t *pot = rh_xcalloc((size_t)s->nnodes + 1, sizeof *pot);
    int *stack = rh_xmalloc(((size_t)s->nnodes + 1) * sizeof *stack);
    for (int r = 0; r < s->nnodes; r++) {
        if (s->rep[r] != r || comp[r] < 0 || root_done[comp[r]])
            continue;
        root_done[comp[r]] = 1, zero[comp[r]] = 1;
        int sp = 0;
        stack[sp++] = r, seen[r] = 1;
        while (sp) {
            int u = stack[--sp];
            for (size_t i = 0; i < s->nodes[u].copies.len; i++) {
                rh_pts_edge e = s->nodes[u].copies.items[i];
                int v = rep_of(s, e.dst);
                if (e.shift == RH_PT_ANY || comp[v] != comp[r])
                    continue;
                if (!seen[v])
                    seen[v] = 1, pot[v] = pot[u] + e.shift, stack[sp++] = v;
                else if (pot[v] != pot[u] + e.shift)
                    zero[comp[r]] = 0;
            }
        }
    }
    free(seen), free(root_done), free(pot), free(stack);
    return zero;
}
