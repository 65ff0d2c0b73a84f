/* pt_solve.c - worklist points-to solver with difference propagation (see
 * pt_solve.h for the design and why).
 *
 * Invariant: every location in a node's set has been, or is queued to be
 * (the node's delta), pushed through every constraint the node has; a
 * constraint added later is applied to the node's whole set at once.  New
 * cells are wired to their object's readers and memcpys from a queue of
 * their own, so no chain of memcpys recurses.
 */
#include "pt_solve.h"
#include "pt_residue.h"

#include <stdlib.h>
#include <string.h>

void rh_pts_init(rh_pts *s, rh_pts_on_call on_call, void *ctx)
{
    memset(s, 0, sizeof *s);
    s->on_call = on_call, s->ctx = ctx;
    s->blob = -1;
}

void rh_pts_free(rh_pts *s)
{
    for (int i = 0; i < s->nnodes; i++) {
        rh_pts_node *n = &s->nodes[i];
        rh_sset_free(&s->pts[i]), rh_sset_free(&s->delta[i]);
        rh_vec_free(&n->copies), rh_vec_free(&n->loads), rh_vec_free(&n->stores);
        rh_vec_free(&n->memcpys), rh_vec_free(&n->calls);
        rh_vec_free(&n->wstores), rh_vec_free(&n->wloads);
    }
    for (int i = 0; i < s->nobjs; i++) {
        rh_sset_free(&s->objs[i].cells);
        rh_sset_free(&s->objs[i].readers), rh_vec_free(&s->objs[i].memcpys);
        rh_vec_free(&s->objs[i].windows), rh_vec_free(&s->objs[i].range_readers);
    }
    for (size_t i = 0; i < s->calls.len; i++)
        rh_sset_free(&s->calls.items[i].done);
    free(s->pts), free(s->delta), free(s->rep), free(s->nodes), free(s->objs), free(s->queue);
    rh_vec_free(&s->memcpys), rh_vec_free(&s->calls), rh_vec_free(&s->new_cells);
    rh_vec_free(&s->collapsed), rh_vec_free(&s->exploded);
    rh_map_free(&s->node_of_cell), rh_map_free(&s->offsets_seen);
    rh_map_free(&s->edges_seen), rh_map_free(&s->watch_seen);
    memset(s, 0, sizeof *s);
}

int rh_pts_new_node(rh_pts *s)
{
    if (s->nnodes == s->capnodes) {
        s->capnodes = s->capnodes ? 2 * s->capnodes : 1024;
        s->pts = rh_xrealloc(s->pts, (size_t)s->capnodes * sizeof *s->pts);
        s->delta = rh_xrealloc(s->delta, (size_t)s->capnodes * sizeof *s->delta);
        s->rep = rh_xrealloc(s->rep, (size_t)s->capnodes * sizeof *s->rep);
        s->nodes = rh_xrealloc(s->nodes, (size_t)s->capnodes * sizeof *s->nodes);
    }
    int id = s->nnodes++;
    memset(&s->pts[id], 0, sizeof *s->pts);
    memset(&s->delta[id], 0, sizeof *s->delta);
    memset(&s->nodes[id], 0, sizeof *s->nodes);
    s->nodes[id].rank = id; /* after every node ranked by a cycle search (ranks < nnodes) */
    s->rep[id] = id;
    return id;
}

uint32_t rh_pts_new_object(rh_pts *s, uint64_t size, int is_func)
{
    if (s->nobjs == s->capobjs) {
        s->capobjs = s->capobjs ? 2 * s->capobjs : 64;
        s->objs = rh_xrealloc(s->objs, (size_t)s->capobjs * sizeof *s->objs);
    }
    rh_pts_object *o = &s->objs[s->nobjs];
    memset(o, 0, sizeof *o);
    o->size = size, o->is_func = is_func;
    o->all = -1;
    return (uint32_t)s->nobjs++;
}

long rh_pts_find_cell(const rh_pts *s, uint64_t loc)
{
    return rh_map_get(&s->node_of_cell, loc, -1);
}

int rh_pts_cell(rh_pts *s, uint64_t loc)
{
    long n = rh_map_get(&s->node_of_cell, loc, -1);
    if (n >= 0)
        return (int)n;
    int id = rh_pts_new_node(s);
    rh_map_put(&s->node_of_cell, loc, id);
    uint64_t key = ((uint64_t)(uint32_t)rh_pt_loc_off(loc) << 32) | (uint32_t)id;
    rh_sset_add(&s->objs[rh_pt_loc_obj(loc)].cells, key);
    rh_vec_push(&s->new_cells, loc);
    return id;
}

static int ranks_before(const rh_pts *s, int a, int b)
{
    return s->nodes[a].rank < s->nodes[b].rank;
}

/* The representative of n, halving the path on the way (merges chain). */
int rh_pts_find(rh_pts *s, int n)
{
    while (s->rep[n] != n) {
        s->rep[n] = s->rep[s->rep[n]];
        n = s->rep[n];
    }
    return n;
}

void rh_pts_enqueue(rh_pts *s, int n)
{
    if (s->nodes[n].queued)
        return;
    if (s->qlen == s->qcap) {
        s->qcap = s->qcap ? 2 * s->qcap : 1024;
        s->queue = rh_xrealloc(s->queue, s->qcap * sizeof *s->queue);
    }
    size_t i = s->qlen++;
    for (; i > 0 && ranks_before(s, n, s->queue[(i - 1) / 2]); i = (i - 1) / 2)
        s->queue[i] = s->queue[(i - 1) / 2];
    s->queue[i] = n;
    s->nodes[n].queued = 1;
}

static int dequeue(rh_pts *s)
{
    int top = s->queue[0], last = s->queue[--s->qlen];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= s->qlen)
            break;
        if (c + 1 < s->qlen && ranks_before(s, s->queue[c + 1], s->queue[c]))
            c++;
        if (!ranks_before(s, s->queue[c], last))
            break;
        s->queue[i] = s->queue[c];
        i = c;
    }
    if (s->qlen)
        s->queue[i] = last;
    s->nodes[top].queued = 0;
    return top;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Sorts t and drops duplicates; already-sorted input (the usual case after
 * a shift, which keeps the order within an object) costs one pass. */
static void sort_unique(rh_sset *t)
{
    for (uint32_t i = 1; i < t->n; i++)
        if (t->v[i] < t->v[i - 1]) {
            qsort(t->v, t->n, sizeof *t->v, cmp_u64);
            break;
        }
    uint32_t k = 0;
    for (uint32_t i = 0; i < t->n; i++)
        if (k == 0 || t->v[k - 1] != t->v[i])
            t->v[k++] = t->v[i];
    t->n = k;
}

/* Whether t holds a location (o, off) with o collapsed and off not ANY.
 * Sorted locations come grouped by object: one look per object. */
static int names_collapsed_cells(const rh_pts *s, const rh_sset *t)
{
    uint32_t last = UINT32_MAX;
    int coll = 0;
    if (!s->ncollapsed)
        return 0;
    for (uint32_t i = 0; i < t->n; i++) {
        uint32_t o = rh_pt_loc_obj(t->v[i]);
        if (o != last)
            last = o, coll = s->objs[o].collapsed;
        if (coll && rh_pt_loc_off(t->v[i]) != RH_PT_ANY)
            return 1;
    }
    return 0;
}

/* Adds t to node n's set; what is new goes to its delta too.  Locations
 * in collapsed objects travel on as (obj, ANY) only. */
static void grow(rh_pts *s, int n, const rh_sset *t)
{
    n = rh_pts_find(s, n);
    rh_sset canon = {0}, added = {0};
    if (names_collapsed_cells(s, t)) {
        rh_sset_copy(&canon, t);
        for (uint32_t k = 0; k < canon.n; k++)
            if (s->objs[rh_pt_loc_obj(canon.v[k])].collapsed)
                canon.v[k] = rh_pt_loc(rh_pt_loc_obj(canon.v[k]), RH_PT_ANY);
        sort_unique(&canon);
        t = &canon;
    }
    rh_sset_minus(t, &s->pts[n], &added);
    rh_sset_free(&canon);
    if (!added.n)
        return;
    rh_sset_union(&s->pts[n], &added);
    rh_sset_union(&s->delta[n], &added);
    rh_sset_free(&added);
    rh_pts_enqueue(s, n);
    if (s->pts[n].n > RH_PTS_UNIFY_AT && !s->nodes[n].exploded && n != s->blob) {
        s->nodes[n].exploded = 1; /* unified from the solver loop, never mid-propagation */
        rh_vec_push(&s->exploded, n);
    }
}

void rh_pts_add(rh_pts *s, int node, uint64_t loc)
{
    rh_sset one = {&loc, 1, 1};
    grow(s, node, &one);
}

/* Offset off + d in object o, canonicalised (pt_solve.h). */
static int32_t shifted(rh_pts *s, uint32_t o, int32_t off, int64_t d)
{
    rh_pts_object *ob = &s->objs[o];
    if (off == RH_PT_ANY || d == RH_PT_ANY || ob->collapsed || ob->is_func)
        return RH_PT_ANY; /* a function has no offsets worth keeping */
    if (rh_pt_is_res(off) || (d >= INT32_MIN && d <= INT32_MAX && rh_pt_is_res((int32_t)d))) { /* finitely many */
        return s->no_residues ? RH_PT_ANY : rh_pt_res_add(off, (int32_t)d, 0);
    }
    int64_t no = (int64_t)off + d;
    if (no < -(INT32_MAX / 2) || no > INT32_MAX / 2)
        return RH_PT_ANY;
    if (ob->size && (no < 0 || (uint64_t)no > ob->size))
        return RH_PT_ANY;
    uint64_t loc = rh_pt_loc(o, (int32_t)no);
    if (d == 0 || rh_map_get(&s->offsets_seen, loc, 0))
        return (int32_t)no;
    if (++ob->noffsets % (RH_PTS_MAX_OFFSETS / 4) == 0)
        s->next_cycle_search = 0; /* many offsets: maybe a positive-weight cycle through memory */
    if (ob->noffsets > RH_PTS_MAX_OFFSETS) {
        ob->collapsed = 1;
        s->ncollapsed++;
        rh_vec_push(&s->collapsed, o); /* its cells are merged from the solver loop */
        return RH_PT_ANY;
    }
    rh_map_put(&s->offsets_seen, loc, 1);
    return (int32_t)no;
}

/* Sorts v[0..n) (one object's locations: few, mostly in order already). */
static void sort_group(uint64_t *v, uint32_t n)
{
    if (n > 32) {
        qsort(v, n, sizeof *v, cmp_u64);
        return;
    }
    for (uint32_t i = 1; i < n; i++)
        for (uint32_t j = i; j > 0 && v[j] < v[j - 1]; j--) {
            uint64_t x = v[j];
            v[j] = v[j - 1], v[j - 1] = x;
        }
}

/* t is sorted, so an object's locations are adjacent and objects come in
 * order: shifting reorders offsets only within an object (one that turns
 * ANY, or negative), so each object's run is sorted on its own instead
 * of the whole set (on dnspod-sr, sorting shifted sets was a third of the
 * solver's time). */
void rh_pts_shift(rh_pts *s, const rh_sset *t, int32_t d, rh_sset *out)
{
    rh_sset_clear(out);
    if (!t->n)
        return;
    if (out->cap < t->n) {
        out->v = rh_xrealloc(out->v, t->n * sizeof *out->v);
        out->cap = t->n;
    }
    uint32_t run = 0, k = 0;
    for (uint32_t i = 0; i <= t->n; i++) {
        if (i == t->n || (i > run && rh_pt_loc_obj(t->v[i]) != rh_pt_loc_obj(t->v[run]))) {
            sort_group(out->v + run, i - run);
            for (uint32_t j = run; j < i; j++) /* drop duplicates (offsets that met at ANY) */
                if (k == 0 || out->v[k - 1] != out->v[j])
                    out->v[k++] = out->v[j];
            run = i;
        }
        if (i == t->n)
            break;
        uint32_t o = rh_pt_loc_obj(t->v[i]);
        out->v[i] = rh_pt_loc(o, shifted(s, o, rh_pt_loc_off(t->v[i]), d));
    }
    out->n = k;
}

/* dst ⊇ locs + shift */
static void push_along(rh_pts *s, const rh_sset *locs, int dst, int32_t shift)
{
    if (shift == 0) {
        grow(s, dst, locs);
        return;
    }
    rh_sset moved = {0};
    rh_pts_shift(s, locs, shift, &moved);
    grow(s, dst, &moved);
    rh_sset_free(&moved);
}

static void add_edge(rh_pts *s, int src, int dst, int32_t shift)
{
    src = rh_pts_find(s, src), dst = rh_pts_find(s, dst);
    if (shift == 0) {
        uint64_t key = ((uint64_t)(uint32_t)src << 32) | (uint32_t)dst;
        if (src == dst || rh_map_get(&s->edges_seen, key, 0))
            return;
        rh_map_put(&s->edges_seen, key, 1);
    }
    rh_vec_push(&s->nodes[src].copies, ((rh_pts_edge){dst, shift}));
    s->edges++;
    if (shift == 0 && s->blob >= 0 && src == rh_pts_find(s, s->blob) && s->pts[src].n > RH_PTS_UNIFY_AT) {
        /* dst would receive the whole unified set: unify it instead of
         * copying (its constraints see the set through the merge) */
        if (!s->nodes[dst].exploded)
            s->nodes[dst].exploded = 1, rh_vec_push(&s->exploded, dst);
        return;
    }
    if (s->pts[src].n) {
        rh_sset all = {0};
        rh_sset_copy(&all, &s->pts[src]); /* grow(dst) may be grow(src)'s array */
        push_along(s, &all, dst, shift);
        rh_sset_free(&all);
    }
}

static void add_reader(rh_pts *s, uint32_t o, int dst, int32_t off)
{
    /* a set: the same load meets the same object again and again */
    rh_sset_add(&s->objs[o].readers, ((uint64_t)(uint32_t)rh_pts_find(s, dst) << 32) | (uint32_t)off);
}

/* dst ⊇ the cells of o a load at offset off (constant or residue) reads
 * besides cell off itself: the residue cells meeting it, and for a
 * residue load the constant cells meeting it, the ANY cell and the
 * windows (which may overlap it). */
static void load_residues(rh_pts *s, uint32_t o, int32_t off, int dst)
{
    uint32_t lo, hi;
    rh_pts_residue_cells(s, o, &lo, &hi);
    for (uint32_t k = lo; k < hi; k++) {
        uint64_t key = s->objs[o].cells.v[k];
        if (rh_pt_res_meet((int32_t)(uint32_t)(key >> 32), off))
            add_edge(s, (int)(uint32_t)key, dst, 0);
    }
    if (!rh_pt_is_res(off))
        return;
    rh_sset cells = {0};
    rh_sset_copy(&cells, &s->objs[o].cells);
    for (uint32_t k = 0; k < cells.n; k++) {
        int32_t ck = (int32_t)(uint32_t)(cells.v[k] >> 32);
        if (ck == RH_PT_ANY || (!rh_pt_is_res(ck) && rh_pt_res_meet(ck, off)))
            add_edge(s, (int)(uint32_t)cells.v[k], dst, 0);
    }
    rh_sset_free(&cells);
}

/* The node every cell of object o flows into: what a read at any offset
 * of o sees.  A load at an unknown offset (an array indexed by a variable,
 * a pointer that lost its offset) from many objects then costs one edge
 * per object instead of one per cell: on real programs those edges were
 * nearly all of the graph (zmap: 5.2 of 5.3 million). */
static int all_cells(rh_pts *s, uint32_t o)
{
    if (s->objs[o].all >= 0)
        return s->objs[o].all;
    int all = rh_pts_new_node(s);
    s->objs[o].all = all; /* before the edges: add_edge makes no cells */
    const rh_sset *cells = &s->objs[o].cells;
    for (uint32_t k = 0; k < cells->n; k++)
        add_edge(s, (int)(uint32_t)cells->v[k], all, 0);
    return all;
}

/* dst ⊇ *l for each location l in locs */
static void load_locs(rh_pts *s, int dst, const rh_sset *locs)
{
    for (uint32_t i = 0; i < locs->n && !rh_budget_over(s->budget); i++) {
        uint32_t o = rh_pt_loc_obj(locs->v[i]);
        int32_t off = rh_pt_loc_off(locs->v[i]);
        if (s->objs[o].is_func)
            continue;
        if (s->objs[o].collapsed) { /* every cell flows into the ANY cell */
            add_reader(s, o, dst, RH_PT_ANY);
            add_edge(s, rh_pts_cell(s, rh_pt_loc(o, RH_PT_ANY)), dst, 0);
            continue;
        }
        if (off == RH_PT_ANY) {
            add_edge(s, all_cells(s, o), dst, 0);
            continue;
        }
        add_reader(s, o, dst, off);
        add_edge(s, rh_pts_cell(s, locs->v[i]), dst, 0);
        load_residues(s, o, off, dst);
        if (rh_pt_is_res(off))
            continue;
        long any = rh_pts_find_cell(s, rh_pt_loc(o, RH_PT_ANY));
        if (any >= 0)
            add_edge(s, (int)any, dst, 0);
        for (size_t w = 0; w < s->objs[o].windows.len; w++) {
            rh_pts_window win = s->objs[o].windows.items[w];
            if (off >= win.lo && off < win.hi)
                add_edge(s, win.node, dst, 0);
        }
    }
}

/* *l ⊇ val for each location l in locs */
static void store_locs(rh_pts *s, const rh_sset *locs, int val)
{
    for (uint32_t i = 0; i < locs->n && !rh_budget_over(s->budget); i++)
        if (!s->objs[rh_pt_loc_obj(locs->v[i])].is_func)
            add_edge(s, val, rh_pts_cell(s, locs->v[i]), 0);
}

/* Where a memcpy to offset cd of object d, reading through source offset
 * cs, puts the source cell at offset ck: cd + (ck - cs).  With a residue
 * among them the difference is one modulo their moduli: a copy from some
 * element of an array of m-byte structs puts the cell at element offset j
 * at cd + j, or at cd + j + m, ... when it copies more than one element. */
static int32_t moved(rh_pts *s, uint32_t d, int32_t cd, int32_t ck, int32_t cs)
{
    if (cs == RH_PT_ANY || ck == RH_PT_ANY || cd == RH_PT_ANY || s->objs[d].collapsed)
        return RH_PT_ANY;
    if (!rh_pt_is_res(cd) && !rh_pt_is_res(ck) && !rh_pt_is_res(cs))
        return shifted(s, d, cd, (int64_t)ck - cs);
    return s->no_residues ? RH_PT_ANY : rh_pt_res_add(cd, ck, cs);
}

/* Copies cell (o, ck) = node cn, read through source location at offset
 * cs, into every destination location (the precise mode). */
static void memcpy_cell(rh_pts *s, const rh_sset *dsts, int32_t cs, int32_t ck, int cn)
{
    for (uint32_t j = 0; j < dsts->n; j++) {
        uint32_t d = rh_pt_loc_obj(dsts->v[j]);
        if (s->objs[d].is_func)
            continue;
        int32_t to = moved(s, d, rh_pt_loc_off(dsts->v[j]), ck, cs);
        add_edge(s, cn, rh_pts_cell(s, rh_pt_loc(d, to)), 0);
    }
}

/* Registers memcpy mc as copying out of object o; returns 1 the first
 * time (its later cells reach mc through wire_new_cell). */
static int watch(rh_pts *s, uint32_t o, int mc)
{
    uint64_t key = ((uint64_t)o << 32) | (uint32_t)mc;
    if (rh_map_get(&s->watch_seen, key, 0))
        return 0;
    rh_map_put(&s->watch_seen, key, 1);
    rh_vec_push(&s->objs[o].memcpys, mc);
    return 1;
}

/* The coarse mode: every cell of every source object flows into one node,
 * which flows into the ANY cell of every destination: |cells| + |dsts|
 * edges instead of their product. */
static void memcpy_coarse(rh_pts *s, int mc, const rh_sset *srcs, const rh_sset *dsts,
                          int switching)
{
    int via = s->memcpys.items[mc].via;
    for (uint32_t i = 0; srcs && i < srcs->n; i++) {
        uint32_t o = rh_pt_loc_obj(srcs->v[i]);
        if (s->objs[o].is_func || (!watch(s, o, mc) && !switching)) /* offsets do not matter */
            continue;
        add_edge(s, all_cells(s, o), via, 0);
    }
    for (uint32_t j = 0; dsts && j < dsts->n; j++) {
        uint32_t d = rh_pt_loc_obj(dsts->v[j]);
        if (!s->objs[d].is_func)
            add_edge(s, via, rh_pts_cell(s, rh_pt_loc(d, RH_PT_ANY)), 0);
    }
}

/* Whether memcpy m, read through source location offset cs, copies the
 * cell at offset ck; *from is the source offset to copy it as (unknown
 * inside a window). */
static int copies_cell(const rh_pts_memcpy_con *m, int32_t cs, int32_t ck, int32_t *from)
{
    *from = cs;
    if (!m->windowed)
        return 1;
    *from = RH_PT_ANY;
    return cs == RH_PT_ANY || ck == RH_PT_ANY || rh_pt_is_res(cs) || rh_pt_is_res(ck) ||
           ((int64_t)ck >= (int64_t)cs + m->win_lo && (int64_t)ck < (int64_t)cs + m->win_hi);
}

/* memcpy constraint mc over source locations srcs and destinations dsts. */
static void memcpy_locs(rh_pts *s, const rh_sset *srcs, const rh_sset *dsts, int mc)
{
    rh_sset cells = {0};
    for (uint32_t i = 0; i < srcs->n; i++) {
        uint32_t o = rh_pt_loc_obj(srcs->v[i]);
        if (s->objs[o].is_func)
            continue;
        watch(s, o, mc);
        rh_sset_copy(&cells, &s->objs[o].cells); /* copying may add cells to o */
        for (uint32_t k = 0; k < cells.n; k++) {
            int32_t ck = (int32_t)(uint32_t)(cells.v[k] >> 32), from;
            if (copies_cell(&s->memcpys.items[mc], rh_pt_loc_off(srcs->v[i]), ck, &from))
                memcpy_cell(s, dsts, from, ck, (int)(uint32_t)cells.v[k]);
        }
    }
    rh_sset_free(&cells);
}

/* Applies memcpy mc with new source locations (srcs) or new destination
 * locations (dsts); NULL stands for the pointer's whole current set.  A
 * memcpy between large sets turns coarse for good (the precise edges it
 * made stay: they are sound, only redundant). */
static void memcpy_apply(rh_pts *s, int mc, const rh_sset *srcs, const rh_sset *dsts)
{
    rh_pts_memcpy_con m = s->memcpys.items[mc];
    m.srcp = rh_pts_find(s, m.srcp), m.dstp = rh_pts_find(s, m.dstp);
    int switching = 0;
    if (m.via < 0 && (uint64_t)s->pts[m.srcp].n * s->pts[m.dstp].n > RH_PTS_MEMCPY_PRECISE) {
        int via = rh_pts_new_node(s);
        s->memcpys.items[mc].via = via;
        srcs = dsts = NULL; /* everything again, through the new node */
        switching = 1;
    }
    rh_sset all_src = {0}, all_dst = {0};
    if (!srcs)
        rh_sset_copy(&all_src, &s->pts[m.srcp]), srcs = &all_src;
    if (!dsts)
        rh_sset_copy(&all_dst, &s->pts[m.dstp]), dsts = &all_dst;
    if (s->memcpys.items[mc].via >= 0)
        memcpy_coarse(s, mc, srcs, dsts, switching);
    else if (dsts->n)
        memcpy_locs(s, srcs, dsts, mc);
    else /* nothing to copy into yet, but the sources must be watched */
        for (uint32_t i = 0; i < srcs->n; i++)
            watch(s, rh_pt_loc_obj(srcs->v[i]), mc);
    rh_sset_free(&all_src), rh_sset_free(&all_dst);
}

static void call_locs(rh_pts *s, int ci, const rh_sset *locs)
{
    for (uint32_t i = 0; i < locs->n; i++) {
        uint32_t o = rh_pt_loc_obj(locs->v[i]);
        if (s->objs[o].is_func && rh_sset_add(&s->calls.items[ci].done, o))
            s->on_call(s->ctx, s->calls.items[ci].id, o); /* may add constraints */
    }
}

void rh_pts_copy(rh_pts *s, int dst, int src, int32_t shift)
{
    add_edge(s, src, dst, shift);
}

/* The current set of node n, copied (applying a constraint may move it). */
static rh_sset current(rh_pts *s, int n)
{
    rh_sset c = {0};
    rh_sset_copy(&c, &s->pts[rh_pts_find(s, n)]);
    return c;
}

void rh_pts_load(rh_pts *s, int dst, int ptr)
{
    ptr = rh_pts_find(s, ptr);
    rh_vec_push(&s->nodes[ptr].loads, dst);
    rh_sset c = current(s, ptr);
    load_locs(s, dst, &c);
    rh_sset_free(&c);
}

void rh_pts_store(rh_pts *s, int ptr, int val)
{
    ptr = rh_pts_find(s, ptr);
    rh_vec_push(&s->nodes[ptr].stores, val);
    rh_sset c = current(s, ptr);
    store_locs(s, &c, val);
    rh_sset_free(&c);
}

void rh_pts_memcpy(rh_pts *s, int dstp, int srcp)
{
    rh_pts_memcpy_window(s, dstp, srcp, 0, 0);
}

void rh_pts_memcpy_window(rh_pts *s, int dstp, int srcp, int32_t lo, int32_t hi)
{
    int mc = (int)s->memcpys.len;
    dstp = rh_pts_find(s, dstp), srcp = rh_pts_find(s, srcp);
    rh_vec_push(&s->memcpys, ((rh_pts_memcpy_con){dstp, srcp, -1, lo < hi, lo, hi}));
    rh_vec_push(&s->nodes[srcp].memcpys, mc);
    if (dstp != srcp)
        rh_vec_push(&s->nodes[dstp].memcpys, mc);
    memcpy_apply(s, mc, NULL, NULL);
}

void rh_pts_call(rh_pts *s, int ptr, int id)
{
    int ci = (int)s->calls.len;
    ptr = rh_pts_find(s, ptr);
    rh_vec_push(&s->calls, ((rh_pts_call_con){ptr, id, {0}}));
    rh_vec_push(&s->nodes[ptr].calls, ci);
    rh_sset c = current(s, ptr);
    call_locs(s, ci, &c);
    rh_sset_free(&c);
}

static void store_window_locs(rh_pts *s, const rh_sset *locs, int val, int32_t lo, int32_t hi);
static void load_window_locs(rh_pts *s, int dst, const rh_sset *locs, int32_t lo, int32_t hi);

/* Pushes node n's delta d through every constraint n has.  Vectors are
 * re-read on every iteration: applying a constraint may add nodes. */
static void propagate(rh_pts *s, int n, const rh_sset *d)
{
    for (size_t i = 0; i < s->nodes[n].copies.len && !rh_budget_over(s->budget); i++) {
        rh_pts_edge e = s->nodes[n].copies.items[i];
        int dst = rh_pts_find(s, e.dst);
        if (dst != n || e.shift != 0) /* a cycle merged into n */
            push_along(s, d, dst, e.shift);
    }
    for (size_t i = 0; i < s->nodes[n].loads.len && !rh_budget_over(s->budget); i++)
        load_locs(s, s->nodes[n].loads.items[i], d);
    for (size_t i = 0; i < s->nodes[n].stores.len && !rh_budget_over(s->budget); i++)
        store_locs(s, d, s->nodes[n].stores.items[i]);
    for (size_t i = 0; i < s->nodes[n].memcpys.len && !rh_budget_over(s->budget); i++) {
        int mc = s->nodes[n].memcpys.items[i];
        if (rh_pts_find(s, s->memcpys.items[mc].srcp) == n)
            memcpy_apply(s, mc, d, NULL);
        if (rh_pts_find(s, s->memcpys.items[mc].dstp) == n)
            memcpy_apply(s, mc, NULL, d);
    }
    for (size_t i = 0; i < s->nodes[n].wstores.len && !rh_budget_over(s->budget); i++) {
        rh_pts_wcon w = s->nodes[n].wstores.items[i];
        store_window_locs(s, d, w.node, w.lo, w.hi);
    }
    for (size_t i = 0; i < s->nodes[n].wloads.len && !rh_budget_over(s->budget); i++) {
        rh_pts_wcon w = s->nodes[n].wloads.items[i];
        load_window_locs(s, w.node, d, w.lo, w.hi);
    }
    for (size_t i = 0; i < s->nodes[n].calls.len; i++)
        call_locs(s, s->nodes[n].calls.items[i], d);
}

static void copy_to_memcpys(rh_pts *s, uint32_t o, int32_t off, int cell);

/* Wires a new cell to the loads that read its object and to the memcpys
 * that copy out of it. */
static void wire_new_cell(rh_pts *s, uint64_t loc)
{
    uint32_t o = rh_pt_loc_obj(loc);
    int32_t off = rh_pt_loc_off(loc);
    int cell = (int)rh_pts_find_cell(s, loc);
    if (s->objs[o].collapsed && off != RH_PT_ANY) {
        add_edge(s, cell, rh_pts_cell(s, rh_pt_loc(o, RH_PT_ANY)), 0);
        return; /* the ANY cell is wired to the readers and memcpys */
    }
    if (s->objs[o].all >= 0)
        add_edge(s, cell, s->objs[o].all, 0);
    const rh_sset *readers = &s->objs[o].readers; /* add_edge adds no readers */
    for (uint32_t i = 0; i < readers->n; i++) {
        int32_t roff = (int32_t)(uint32_t)readers->v[i];
        if (roff == RH_PT_ANY || off == RH_PT_ANY || rh_pt_res_meet(roff, off))
            add_edge(s, cell, (int)(readers->v[i] >> 32), 0);
    }
    for (size_t i = 0; i < s->objs[o].range_readers.len; i++) {
        rh_pts_window r = s->objs[o].range_readers.items[i];
        if (off == RH_PT_ANY || rh_pt_is_res(off) || (off >= r.lo && off < r.hi))
            add_edge(s, cell, r.node, 0);
    }
    copy_to_memcpys(s, o, off, cell);
}

/* Copies cell node `cell` of object o, at offset off, through every
 * precise memcpy copying out of o. */
static void copy_to_memcpys(rh_pts *s, uint32_t o, int32_t off, int cell)
{
    rh_sset dsts = {0}, srcs = {0}; /* copies: memcpy_cell makes nodes */
    for (size_t i = 0; i < s->objs[o].memcpys.len; i++) {
        rh_pts_memcpy_con m = s->memcpys.items[s->objs[o].memcpys.items[i]];
        if (m.via >= 0) /* coarse: the cell reaches it through the all-cells node */
            continue;
        rh_sset_copy(&dsts, &s->pts[rh_pts_find(s, m.dstp)]);
        rh_sset_copy(&srcs, &s->pts[rh_pts_find(s, m.srcp)]);
        for (uint32_t k = 0; k < srcs.n; k++) { /* the source locations in o */
            int32_t from;
            if (rh_pt_loc_obj(srcs.v[k]) == o && copies_cell(&m, rh_pt_loc_off(srcs.v[k]), off, &from))
                memcpy_cell(s, &dsts, from, off, cell);
        }
    }
    rh_sset_free(&dsts), rh_sset_free(&srcs);
}

/* The window cell of bytes [lo, hi) of object o, created and wired on
 * first use: to the loads that read those bytes (at a constant offset
 * inside them, at an unknown index overlapping them, at ANY through the
 * all-cells node) and to the memcpys copying out of o.  It is one of o's
 * cells at offset ANY (o.cells), so all_cells, merge_cells and memcpy_locs
 * see it; no location names it (a load or store at (o, ANY) still means
 * the ANY cell). */
static int window_node(rh_pts *s, uint32_t o, int32_t lo, int32_t hi)
{
    rh_pts_object *ob = &s->objs[o];
    for (size_t i = 0; i < ob->windows.len; i++)
        if (ob->windows.items[i].lo == lo && ob->windows.items[i].hi == hi)
            return ob->windows.items[i].node;
    int w = rh_pts_new_node(s);
    ob = &s->objs[o];
    rh_vec_push(&ob->windows, ((rh_pts_window){lo, hi, w}));
    rh_sset_add(&ob->cells, ((uint64_t)(uint32_t)RH_PT_ANY << 32) | (uint32_t)w);
    if (ob->all >= 0)
        add_edge(s, w, ob->all, 0);
    for (uint32_t i = 0; i < s->objs[o].readers.n; i++) {
        uint64_t r = s->objs[o].readers.v[i];
        int32_t roff = (int32_t)(uint32_t)r;
        if (roff == RH_PT_ANY || rh_pt_is_res(roff) || (roff >= lo && roff < hi))
            add_edge(s, w, (int)(r >> 32), 0);
    }
    for (size_t i = 0; i < s->objs[o].range_readers.len; i++) {
        rh_pts_window r = s->objs[o].range_readers.items[i];
        if (r.lo < hi && lo < r.hi)
            add_edge(s, w, r.node, 0);
    }
    copy_to_memcpys(s, o, RH_PT_ANY, w);
    return w;
}

/* Bytes [kb + lo, kb + hi) of an object, or 0 when kb is ANY or they
 * leave the offsets the solver keeps. */
static int window_of(int32_t kb, int32_t lo, int32_t hi, int32_t *wlo, int32_t *whi)
{
    if (kb == RH_PT_ANY || rh_pt_is_res(kb))
        return 0;
    int64_t a = (int64_t)kb + lo, b = (int64_t)kb + hi;
    if (a < -(INT32_MAX / 2) || b > INT32_MAX / 2)
        return 0;
    *wlo = (int32_t)a, *whi = (int32_t)b;
    return 1;
}

/* *(l + [lo, hi)) ⊇ val for each location l in locs */
static void store_window_locs(rh_pts *s, const rh_sset *locs, int val, int32_t lo, int32_t hi)
{
    for (uint32_t i = 0; i < locs->n && !rh_budget_over(s->budget); i++) {
        uint32_t o = rh_pt_loc_obj(locs->v[i]);
        int32_t wlo, whi;
        if (s->objs[o].is_func)
            continue;
        if (s->objs[o].collapsed || !window_of(rh_pt_loc_off(locs->v[i]), lo, hi, &wlo, &whi))
            add_edge(s, val, rh_pts_cell(s, rh_pt_loc(o, RH_PT_ANY)), 0);
        else
            add_edge(s, val, window_node(s, o, wlo, whi), 0);
    }
}

/* dst ⊇ *(l + [lo, hi)) for each location l in locs */
static void load_window_locs(rh_pts *s, int dst, const rh_sset *locs, int32_t lo, int32_t hi)
{
    for (uint32_t i = 0; i < locs->n && !rh_budget_over(s->budget); i++) {
        uint32_t o = rh_pt_loc_obj(locs->v[i]);
        int32_t wlo, whi;
        if (s->objs[o].is_func)
            continue;
        if (s->objs[o].collapsed || !window_of(rh_pt_loc_off(locs->v[i]), lo, hi, &wlo, &whi)) {
            uint64_t any = rh_pt_loc(o, RH_PT_ANY);
            rh_sset one = {&any, 1, 1};
            load_locs(s, dst, &one);
            continue;
        }
        dst = rh_pts_find(s, dst);
        rh_vec_push(&s->objs[o].range_readers, ((rh_pts_window){wlo, whi, dst}));
        rh_sset cells = {0};
        rh_sset_copy(&cells, &s->objs[o].cells); /* add_edge makes no cells, but be safe */
        long any = rh_pts_find_cell(s, rh_pt_loc(o, RH_PT_ANY));
        for (uint32_t k = 0; k < cells.n; k++) {
            int32_t ck = (int32_t)(uint32_t)(cells.v[k] >> 32);
            int cn = (int)(uint32_t)cells.v[k];
            if ((ck != RH_PT_ANY && ck >= wlo && ck < whi) || rh_pt_is_res(ck) || cn == any)
                add_edge(s, cn, dst, 0);
        }
        rh_sset_free(&cells);
        for (size_t w = 0; w < s->objs[o].windows.len; w++) {
            rh_pts_window win = s->objs[o].windows.items[w];
            if (win.lo < whi && wlo < win.hi)
                add_edge(s, win.node, dst, 0);
        }
    }
}

void rh_pts_store_window(rh_pts *s, int base, int val, int32_t lo, int32_t hi)
{
    base = rh_pts_find(s, base);
    rh_vec_push(&s->nodes[base].wstores, ((rh_pts_wcon){val, lo, hi}));
    rh_sset c = current(s, base);
    store_window_locs(s, &c, val, lo, hi);
    rh_sset_free(&c);
}

void rh_pts_load_window(rh_pts *s, int dst, int base, int32_t lo, int32_t hi)
{
    base = rh_pts_find(s, base);
    rh_vec_push(&s->nodes[base].wloads, ((rh_pts_wcon){dst, lo, hi}));
    rh_sset c = current(s, base);
    load_window_locs(s, dst, &c, lo, hi);
    rh_sset_free(&c);
}

/* Object o collapsed: its cells flow into its ANY cell, which every
 * reader of o reads from now on. */
static void merge_cells(rh_pts *s, uint32_t o)
{
    int any = rh_pts_cell(s, rh_pt_loc(o, RH_PT_ANY));
    const rh_sset *cells = &s->objs[o].cells; /* add_edge makes no cells */
    for (uint32_t k = 0; k < cells->n; k++)
        add_edge(s, (int)(uint32_t)cells->v[k], any, 0);
}

/* Replaces o's locations in set by (o, ANY); returns whether set had any
 * at a constant offset. */
static int canonicalise_run(rh_sset *set, uint32_t o)
{
    uint32_t lo = rh_sset_lower_bound(set, rh_pt_loc(o, 0)), hi = lo;
    while (hi < set->n && rh_pt_loc_obj(set->v[hi]) == o)
        hi++;
    if (hi == lo || (hi == lo + 1 && rh_pt_loc_off(set->v[lo]) == RH_PT_ANY))
        return 0;
    set->v[lo] = rh_pt_loc(o, RH_PT_ANY);
    memmove(set->v + lo + 1, set->v + hi, (set->n - hi) * sizeof *set->v);
    set->n -= hi - lo - 1;
    return 1;
}

/* Object o collapsed: every set holds it as (o, ANY) only from now on, so
 * that grow() need not canonicalise the same locations on every push (on
 * dnspod-sr that was half of the solver's time).  A set that gains
 * (o, ANY) this way has it in its delta too: its loads now read o's
 * all-cells node. */
static void canonicalise_sets(rh_pts *s, uint32_t o)
{
    for (int n = 0; n < s->nnodes; n++) {
        if (s->rep[n] != n)
            continue;
        canonicalise_run(&s->delta[n], o);
        if (canonicalise_run(&s->pts[n], o)) {
            rh_sset_add(&s->delta[n], rh_pt_loc(o, RH_PT_ANY));
            rh_pts_enqueue(s, n);
        }
    }
}

static int pts_solve(rh_pts *s, rh_budget *budget);

int rh_pts_solve(rh_pts *s, rh_budget *budget)
{
    int r = pts_solve(s, budget);
    rh_pts_finish_residues(s);
    return r;
}

static int pts_solve(rh_pts *s, rh_budget *budget)
{
    s->budget = budget;
    for (;;) {
        if (rh_budget_over(budget))
            return -1;
        if (s->exploded.len) {
            rh_pts_unify_exploded(s);
            continue;
        }
        if (s->collapsed.len) {
            uint32_t o = s->collapsed.items[--s->collapsed.len];
            merge_cells(s, o);
            canonicalise_sets(s, o);
            continue;
        }
        if (s->new_cells.len) {
            wire_new_cell(s, s->new_cells.items[--s->new_cells.len]);
            continue;
        }
        if (!s->qlen) {
            for (int v = 0; v < s->nnodes; v++) /* readers after solving get one hop */
                rh_pts_find(s, v);
            return 0;
        }
        if (s->edges >= s->next_cycle_search) {
            rh_pts_collapse_cycles(s);
            continue;
        }
        int n = dequeue(s);
        if (s->rep[n] != n) /* merged: its delta went to its representative */
            continue;
        rh_sset d = s->delta[n];
        memset(&s->delta[n], 0, sizeof d);
        propagate(s, n, &d);
        rh_sset_free(&d);
        if ((++s->steps & 1023) == 0)
            rh_budget_progress(budget, s->steps, 0);
    }
}
