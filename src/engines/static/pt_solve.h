/* pt_solve.h - the worklist solver behind the points-to analysis.
 *
 * It knows nodes (sets of locations), abstract objects (a size and a set
 * of memory cells, each cell a node) and five kinds of constraint:
 *   copy    dst ⊇ src + shift         (assignments, casts, GEPs)
 *   load    dst ⊇ *ptr
 *   store   *ptr ⊇ val
 *   memcpy  *dstp ⊇ *srcp, cell by cell
 *   call    on_call(ctx, id, obj) once for each function object in ptr
 * and nothing of LLVM: points_to.c turns the IR into these.
 *
 * Why this shape (src/engines/static/README.md, "Points-to at scale"):
 *   - difference propagation: a node keeps the locations it has not yet
 *     pushed along its edges (its delta); a FIFO worklist pops nodes and
 *     propagates only their deltas, so each location crosses each edge
 *     once, instead of whole passes over every constraint;
 *   - the worklist pops nodes in topological order of the copy graph (as
 *     of the last cycle search), so a node's delta gathers everything its
 *     predecessors send in one wave before it is pushed on: a node with
 *     many out-edges is not walked once per arriving location;
 *   - loads, stores and memcpys become copy edges between cells and
 *     values as the sets they depend on grow (deduplicated); a memcpy
 *     copies cell by cell (keeping offsets) while its pointers have few
 *     targets (struct assignment), and through one summary node into the
 *     destinations' ANY cells once they have many, so that it costs
 *     |cells| + |destinations| edges, not their product;
 *   - termination over pointer arithmetic: a constant-shift edge found on
 *     a cycle of non-zero weight becomes an any-offset edge (only the
 *     pointers on the cycle lose their offsets); a cycle whose shifts sum
 *     to zero on every path (a vector's header before its data: v - 16,
 *     then + 16) makes no new offsets and keeps them exact; as a backstop
 *     between searches, a shifted
 *     offset outside a
 *     sized object, or past RH_PTS_MAX_OFFSETS distinct offsets of one
 *     object, becomes RH_PT_ANY, and such an object is collapsed: every
 *     location in it travels on as (obj, ANY) and its cells flow into its
 *     ANY cell, which is all a load from it reads: a positive-weight cycle
 *     like `p = p + 1` in a loop ends instead of making offsets forever,
 *     and stops costing a cell per offset once it ends;
 *   - cycles of unshifted copy edges are found (pt_cycles.c) whenever the
 *     number of edges has doubled and merged into one node each: their
 *     sets would end equal anyway, and real programs, imprecise at their
 *     generic pointers, have cycles of thousands of nodes;
 *   - set explosion ends in unification (as in Steensgaard's analysis): a
 *     node whose set outgrows RH_PTS_UNIFY_AT locations is merged with
 *     every other such node.  Where pointers point to that much, the
 *     precision is gone anyway, and the loads and stores through those
 *     nodes then cost one edge per cell instead of one per cell per load;
 *   - the budget is polled on every step; a solver stopped early has no
 *     sound result (rh_pts_solve returns -1).
 * Memory semantics of a location (obj, ANY): it stands for every offset,
 * so a load at ANY reads every cell of the object and a load at a constant
 * offset also reads the object's ANY cell; a store at ANY writes the ANY
 * cell.  A window cell (rh_pts_store_window) holds what was stored at an
 * unknown offset inside bytes [lo, hi) of an object: loads at an offset
 * inside them, loads from inside an overlapping window, loads at ANY and
 * copies out of the object read it; no other load does.
 * Contract: constraints may be added before and during solving (on_call
 * adds the call's parameter constraints); each takes effect on the whole
 * current sets when added.  Node and object ids are dense from 0.
 */
#ifndef RH_STATIC_PT_SOLVE_H
#define RH_STATIC_PT_SOLVE_H

#include "util/budget.h"
#include "util/util.h"
#include "sset.h"

#include <stdint.h>

#define RH_PT_ANY INT32_MIN
/* A residue offset: "some offset r + k * m" (k an unknown integer, 0 <= r
 * < m <= RH_PTS_MAX_MODULUS), what `&a[i].f` gives over an array of
 * m-byte elements.  Encoded just above RH_PT_ANY, below every offset the
 * solver keeps (those stay above -(INT32_MAX / 2)).  As an edge's shift
 * it means "add r + k * m".  Only the solver sees them: once solved,
 * residue locations read as (obj, ANY) and residue cells are merged into
 * the ANY cell (rh_pts_solve), so the analyses reading the sets see the
 * lattice described above. */
#define RH_PTS_MAX_MODULUS 4095
#define RH_PT_RES_BASE (INT32_MIN + 1)
static inline int rh_pt_is_res(int32_t off)
{
    return off >= RH_PT_RES_BASE && off < RH_PT_RES_BASE + ((RH_PTS_MAX_MODULUS + 1) << 12);
}
static inline int32_t rh_pt_res(int64_t r, int64_t m)
{
    return RH_PT_RES_BASE + (int32_t)((m << 12) | (((r % m) + m) % m));
}
static inline int32_t rh_pt_res_mod(int32_t off)
{
    return (off - RH_PT_RES_BASE) >> 12;
}
static inline int32_t rh_pt_res_rem(int32_t off)
{
    return (off - RH_PT_RES_BASE) & 4095;
}
#define RH_PTS_MAX_OFFSETS 256
#define RH_PTS_UNIFY_AT 4096 /* a set larger than this is unified with the other large ones */
#define RH_PTS_MEMCPY_PRECISE 16 /* source × destination locations copied cell by cell */

/* A location: an object and a byte offset in it (or RH_PT_ANY). */
static inline uint64_t rh_pt_loc(uint32_t obj, int32_t off)
{
    return ((uint64_t)obj << 32) | (uint32_t)off;
}
static inline uint32_t rh_pt_loc_obj(uint64_t l)
{
    return (uint32_t)(l >> 32);
}
static inline int32_t rh_pt_loc_off(uint64_t l)
{
    return (int32_t)(uint32_t)l;
}

typedef struct rh_pts_edge {
    int dst;
    int32_t shift; /* 0, a byte offset, or RH_PT_ANY */
} rh_pts_edge;

typedef struct rh_pts_wcon {
    int node;               /* the value stored, or the load */
    int32_t lo, hi;
} rh_pts_wcon;

typedef struct rh_pts_node {
    RH_VEC(rh_pts_edge) copies; /* dst ⊇ this + shift */
    RH_VEC(int) loads;          /* dst ⊇ *this */
    RH_VEC(int) stores;         /* *this ⊇ val */
    RH_VEC(int) memcpys;        /* memcpy constraints this is a pointer of */
    RH_VEC(int) calls;          /* call constraints through this */
    RH_VEC(rh_pts_wcon) wstores; /* *(this + [lo, hi)) ⊇ node: a store inside an array */
    RH_VEC(rh_pts_wcon) wloads;  /* node ⊇ *(this + [lo, hi)): a load from inside one */
    int queued;
    int exploded;               /* queued for unification */
    int rank;                   /* topological position: the worklist pops low ranks first */
} rh_pts_node;

/* Bytes [lo, hi) of an object (an array inside it) and a node: the
 * cell of what was stored there at an unknown index, or a load reading
 * them. */
typedef struct rh_pts_window {
    int32_t lo, hi;
    int node;
} rh_pts_window;

typedef struct rh_pts_object {
    uint64_t size;   /* bytes, 0 when unknown */
    int is_func;     /* functions have no cells: stores through them are dropped */
    int collapsed;   /* too many offsets: new locations in it are (obj, ANY) */
    int noffsets;
    rh_sset cells;   /* (offset << 32) | node of each cell */
    rh_sset readers; /* (dst << 32) | offset of the loads from it at a constant offset
                      * (in a collapsed object: ANY, reading the ANY cell) */
    int all;         /* node every cell flows into, read by loads at ANY offset; -1 until one */
    RH_VEC(int) memcpys; /* memcpy constraints copying out of this object */
    RH_VEC(rh_pts_window) windows;       /* cells of unknown offsets inside arrays */
    RH_VEC(rh_pts_window) range_readers; /* loads from inside arrays: node is the load's */
} rh_pts_object;

typedef struct rh_pts_memcpy_con {
    int dstp, srcp;
    int via; /* coarse mode's node, -1 while precise */
    int windowed;           /* srcp points to the base of the source's array, not into it */
    int32_t win_lo, win_hi; /* the array's bytes, relative to that base */
} rh_pts_memcpy_con;

typedef struct rh_pts_call_con {
    int ptr, id;
    rh_sset done; /* function objects already reported */
} rh_pts_call_con;

typedef void (*rh_pts_on_call)(void *ctx, int id, uint32_t func_obj);

typedef struct rh_pts {
    rh_sset *pts, *delta; /* per node: its set, and what it has not propagated yet */
    int *rep;             /* per node: the node it was merged into (itself if none) */
    rh_pts_node *nodes;
    int nnodes, capnodes;
    rh_pts_object *objs;
    int nobjs, capobjs;
    rh_map node_of_cell;  /* location -> cell node */
    rh_map offsets_seen;  /* locations made by shifts, counted per object */
    rh_map edges_seen;    /* (src << 32) | dst of unshifted copy edges */
    rh_map watch_seen;    /* (obj << 32) | memcpy already watching obj */
    RH_VEC(rh_pts_memcpy_con) memcpys;
    RH_VEC(rh_pts_call_con) calls;
    RH_VEC(uint64_t) new_cells; /* locations of cells not yet wired to readers and memcpys */
    RH_VEC(uint32_t) collapsed; /* objects collapsed whose cells are not merged yet */
    int ncollapsed;             /* objects collapsed so far */
    RH_VEC(int) exploded;       /* nodes whose sets outgrew RH_PTS_UNIFY_AT, not unified yet */
    int blob;                   /* the node every exploded node is unified into, -1 until one */
    size_t blob_edges;          /* the blob's out-edges after its last compaction */
    int *queue;              /* binary heap by rank of the nodes with a non-empty delta */
    size_t qlen, qcap;
    rh_pts_on_call on_call;
    void *ctx;
    rh_budget *budget;       /* while solving: polled inside long propagations too */
    long steps, edges, next_cycle_search, merged;
    int no_residues;         /* once solved: a residue offset becomes ANY */
} rh_pts;

void rh_pts_init(rh_pts *s, rh_pts_on_call on_call, void *ctx);
void rh_pts_free(rh_pts *s);

int rh_pts_new_node(rh_pts *s);
uint32_t rh_pts_new_object(rh_pts *s, uint64_t size, int is_func);
/* The cell node of a location, created on first use. */
int rh_pts_cell(rh_pts *s, uint64_t loc);
/* The cell node of a location, or -1 when nothing ever touched it. */
long rh_pts_find_cell(const rh_pts *s, uint64_t loc);

void rh_pts_add(rh_pts *s, int node, uint64_t loc);
void rh_pts_copy(rh_pts *s, int dst, int src, int32_t shift);
void rh_pts_load(rh_pts *s, int dst, int ptr);
void rh_pts_store(rh_pts *s, int ptr, int val);
void rh_pts_memcpy(rh_pts *s, int dstp, int srcp);
/* A memcpy whose source is somewhere inside an array that spans bytes
 * [lo, hi) from where srcbase points: it copies only the cells of those
 * bytes (and the ANY cell), to where dstp points at an unknown offset.
 * Sound because a copy from an element of an array reads that array
 * only (C11 6.5.6p8 bounds the pointer to the array; the subobject bound
 * that _FORTIFY_SOURCE=2 checks); without it a memmove inside a char
 * array field (`memmove(&s->buf[i], &s->buf[j], n)`) copied every pointer
 * field of the struct into its ANY cell, which every load from the
 * struct reads: all its pointers merged. */
void rh_pts_memcpy_window(rh_pts *s, int dstp, int srcbase, int32_t lo, int32_t hi);
void rh_pts_call(rh_pts *s, int ptr, int id);
/* A store and a load through a pointer somewhere inside an array that
 * spans bytes [lo, hi) from where base points (`s->arr[i] = v`,
 * `x = s->arr[i]`): instead of the object's ANY cell, which every load
 * from the object reads, the store writes a window cell of those bytes,
 * which loads from inside them (at a constant offset, at an unknown
 * index, or at ANY) and copies out of the object read; the load reads
 * the cells of those bytes, the windows overlapping them and the ANY
 * cell.  Sound for the same reason as rh_pts_memcpy_window: an element
 * pointer stays inside its array.  Where base points at ANY, or into a
 * collapsed object, they are a store and a load at ANY. */
void rh_pts_store_window(rh_pts *s, int base, int val, int32_t lo, int32_t hi);
void rh_pts_load_window(rh_pts *s, int dst, int base, int32_t lo, int32_t hi);
/* The window cells of object o (what was stored in it at an unknown
 * index inside an array): a reader of all of o's cells reads these too. */
static inline const rh_pts_window *rh_pts_windows(const rh_pts *s, uint32_t o, size_t *n)
{
    *n = s->objs[o].windows.len;
    return s->objs[o].windows.items;
}

/* The node n was merged into (cycle collapse); use it for every lookup. */
static inline int rh_pts_rep(const rh_pts *s, int n)
{
    while (s->rep[n] != n)
        n = s->rep[n];
    return n;
}
/* The set of node n (of the node it was merged into). */
static inline const rh_sset *rh_pts_set(const rh_pts *s, int n)
{
    return &s->pts[rh_pts_rep(s, n)];
}

/* pt_cycles.c: comp[n] = a representative node of n's cycle of copy
 * edges, -1 when n is on none, and rank[n] = its component's position in
 * a topological order; returns the number of cycles.  Follows unshifted
 * edges, and with with_shifts constant-shift edges too. */
int rh_pts_find_cycles(const rh_pts *s, int with_shifts, int *comp, int *rank);
/* pt_cycles.c: after rh_pts_find_cycles(s, 1, comp, ...), which components
 * have only zero-weight cycles (their constant shifts stay exact): a
 * caller-freed array indexed by component id, 1 for those. */
char *rh_pts_zero_weight_components(const rh_pts *s, const int *comp);

/* Shared by the solver's files (pt_solve.c, pt_merge.c), not by its
 * users: the representative of n with path halving, and n onto the
 * worklist (a heap by topological rank) unless it is on it. */
int rh_pts_find(rh_pts *s, int n);
void rh_pts_enqueue(rh_pts *s, int n);
/* pt_merge.c: breaks positive-weight cycles (their shifts become ANY),
 * then merges each cycle of unshifted copy edges into one node. */
void rh_pts_collapse_cycles(rh_pts *s);
/* pt_merge.c: unifies the nodes whose sets exploded into the blob node. */
void rh_pts_unify_exploded(rh_pts *s);

/* Solves to a fixpoint: 0, or -1 when the budget ran out first. */
int rh_pts_solve(rh_pts *s, rh_budget *budget);

/* { (o, off + d) | (o, off) ∈ t } into out (cleared first), d may be
 * RH_PT_ANY; offsets are canonicalised as described above. */
void rh_pts_shift(rh_pts *s, const rh_sset *t, int32_t d, rh_sset *out);

#endif
