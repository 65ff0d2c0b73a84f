/* pt_cycles.c - finds the cycles of unshifted copy edges in the points-to
 * solver's graph (Tarjan's algorithm, iteratively: the graphs of real
 * programs have paths far deeper than the C stack).
 *
 * Why: every node on a cycle of unshifted edges ends with the same set, so
 * the solver merges each into one node; a constant-shift edge on a cycle
 * (a positive-weight cycle, `p = p + 1` in a loop) would make ever new
 * offsets, so the solver turns it into an any-offset edge.  It searches
 * whenever the number of edges has doubled.
 */
#include "pt_solve.h"

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
