/* rt_shadow.c - happens-before race detection: vector clocks, shadow
 * memory (per byte, last write and the concurrent reads, FastTrack-style;
 * an aligned 8-byte grain whose bytes share one history keeps it once),
 * and the stack depot that lets a shadow cell name a whole call stack in
 * 32 bits.  A race is two accesses to one byte by different threads, at
 * least one a write, not both atomic, and the earlier one not ordered
 * before the later one by the clocks (rt_hooks.c keeps them).
 */
#include "rt.h"
#include "util/hash.h"

#include <stdlib.h>
#include <string.h>

#define RT_PAGE_BITS 8
#define RT_PAGE (1u << RT_PAGE_BITS)

typedef struct rt_acc {
    uint32_t clock, loc, stack, ev;
    uint32_t hide;           /* loc of an annotation that makes its races suppressed, or 0 */
    uint16_t tid;
    uint8_t atomic, valid;
} rt_acc;

typedef struct rt_cell {
    rt_acc w, r;             /* last write; last read */
    rt_acc *more;            /* earlier reads concurrent with r, one per thread */
    uint32_t nmore;
} rt_cell;

/* A grain of 8 aligned bytes, the unit programs mostly read and write
 * whole: while its bytes share one history (bit g of `whole`), the grain's
 * first cell holds it for all of them, so a word access checks one cell,
 * not eight.  The invariant: a whole grain's first cell keeps no earlier
 * reads (nmore 0), and its other cells own no memory. */
#define RT_GRAIN 8

/* One level up, for the ranges of memory-library and system calls (a
 * read(2) into a 64 KB buffer, a memcpy): while a page is `uniform`, its
 * first cell holds the history of all its bytes, so a range covering the
 * page checks one cell, not 32 grains; the first access to part of it
 * spreads that history to its grains (spread).  The same invariant: a
 * uniform page's first cell keeps no earlier reads. */
typedef struct rt_page {
    uintptr_t key;
    uint32_t whole;          /* bit g: grain g is whole (RT_PAGE / RT_GRAIN bits) */
    int uniform;
    rt_cell cell[RT_PAGE];
} rt_page;

static rt_page **pages;
/* The pages of recent accesses, direct-mapped by key: a loop that walks a
 * string, a table and its own frame finds each page here, not by hashing
 * (pages are never freed, so an entry never dangles). */
#define RT_PAGE_CACHE 256
static rt_page *page_cache[RT_PAGE_CACHE];
static size_t page_cap, page_len;

typedef struct rt_node {
    uint32_t parent, loc;
} rt_node;
static rt_node *nodes;
static uint32_t nnodes, capnodes, *node_hash;
static size_t node_hash_cap;

static uint32_t pair_seen[4096][2]; /* reported (loc, loc) pairs */
static int npairs;

uint32_t rt_vc_get(const rt_vc *v, int tid)
{
    return (uint32_t)tid < v->n ? v->c[tid] : 0;
}

static void vc_fit(rt_vc *v, uint32_t n)
{
    if (n <= v->n)
        return;
    v->c = realloc(v->c, n * sizeof *v->c);
    if (!v->c)
        abort();
    memset(v->c + v->n, 0, (n - v->n) * sizeof *v->c);
    v->n = n;
}

void rt_vc_join(rt_vc *to, const rt_vc *from)
{
    vc_fit(to, from->n);
    for (uint32_t i = 0; i < from->n; i++)
        if (from->c[i] > to->c[i])
            to->c[i] = from->c[i];
}

void rt_vc_tick(rt_thread *t)
{
    vc_fit(&t->vc, (uint32_t)t->id + 1);
    t->vc.c[t->id]++;
}

void rt_release(rt_thread *t, rt_vc *obj)
{
    rt_vc_join(obj, &t->vc);
    rt_vc_tick(t);
}

void rt_acquire(rt_thread *t, const rt_vc *obj)
{
    rt_vc_join(&t->vc, obj);
}

static size_t hash_ptr(uintptr_t k)
{
    return (size_t)rh_hash64(k);
}

static void page_insert(rt_page *p)
{
    size_t i = hash_ptr(p->key) & (page_cap - 1);
    while (pages[i])
        i = (i + 1) & (page_cap - 1);
    pages[i] = p;
    page_len++;
}

static rt_page *page_find(uintptr_t key, int create)
{
    rt_page **slot = &page_cache[key & (RT_PAGE_CACHE - 1)];
    if (*slot && (*slot)->key == key)
        return *slot;
    for (size_t i = page_cap ? hash_ptr(key) & (page_cap - 1) : 0; page_cap && pages[i];
         i = (i + 1) & (page_cap - 1))
        if (pages[i]->key == key)
            return *slot = pages[i];
    if (!create)
        return NULL;
    if (2 * (page_len + 1) > page_cap) {
        rt_page **old = pages;
        size_t oldcap = page_cap;
        page_cap = page_cap ? 2 * page_cap : 1024;
        pages = calloc(page_cap, sizeof *pages);
        if (!pages)
            abort();
        page_len = 0;
        for (size_t i = 0; i < oldcap; i++)
            if (old[i])
                page_insert(old[i]);
        free(old);
    }
    rt_page *p = calloc(1, sizeof *p);
    if (!p)
        abort();
    p->key = key;
    p->whole = ~0u; /* all bytes share the empty history */
    p->uniform = 1;
    page_insert(p);
    return *slot = p;
}

/* page_find's common case, inlined: a page of a recent access. */
static inline rt_page *page_of(uintptr_t key)
{
    rt_page *p = page_cache[key & (RT_PAGE_CACHE - 1)];
    return p && p->key == key ? p : page_find(key, 1);
}

uint32_t rt_depot(uint32_t parent, uint32_t loc)
{
    if (2 * (nnodes + 1) > node_hash_cap) {
        free(node_hash);
        node_hash_cap = node_hash_cap ? 2 * node_hash_cap : 4096;
        node_hash = calloc(node_hash_cap, sizeof *node_hash);
        if (!node_hash)
            abort();
        for (uint32_t n = 1; n < nnodes; n++) {
            size_t i = hash_ptr(((uintptr_t)nodes[n].parent << 32) | nodes[n].loc) & (node_hash_cap - 1);
            while (node_hash[i])
                i = (i + 1) & (node_hash_cap - 1);
            node_hash[i] = n;
        }
    }
    if (nnodes == 0)
        nnodes = 1; /* node 0 is the empty stack */
    size_t i = hash_ptr(((uintptr_t)parent << 32) | loc) & (node_hash_cap - 1);
    for (; node_hash[i]; i = (i + 1) & (node_hash_cap - 1))
        if (nodes[node_hash[i]].parent == parent && nodes[node_hash[i]].loc == loc)
            return node_hash[i];
    if (nnodes >= capnodes) {
        capnodes = capnodes ? 2 * capnodes : 1024;
        nodes = realloc(nodes, capnodes * sizeof *nodes);
        if (!nodes)
            abort();
    }
    nodes[nnodes].parent = parent;
    nodes[nnodes].loc = loc;
    node_hash[i] = nnodes;
    return nnodes++;
}

/* Writes a stack as call-site location ids, innermost first, or "-". */
void rt_depot_write(FILE *f, uint32_t node)
{
    if (!node) {
        fputs(" -", f);
        return;
    }
    for (int first = 1, depth = 0; node && depth < 64; node = nodes[node].parent, first = 0, depth++)
        fprintf(f, "%s%u", first ? " " : ",", nodes[node].loc);
}

static int pair_reported(uint32_t a, uint32_t b)
{
    for (int i = 0; i < npairs; i++)
        if ((pair_seen[i][0] == a && pair_seen[i][1] == b) ||
            (pair_seen[i][0] == b && pair_seen[i][1] == a))
            return 1;
    if (npairs < 4096) {
        pair_seen[npairs][0] = a;
        pair_seen[npairs++][1] = b;
    }
    return 0;
}

/* One race line: 'R' observed, 'Q' seen across a call the runtime does
 * not model (rt_abi.h); the engine reports the second kind as likely. */
static void race_line(FILE *f, char tag, rt_thread *t, uintptr_t addr, const rt_acc *prev,
                      int prev_write, const rt_acc *now, int now_write, uint64_t size)
{
    fprintf(f, "%c %#lx %lu %u %u %u %d %d %u %u %u %d %d", tag, (unsigned long)addr,
            (unsigned long)size, prev->ev, prev->tid, prev->loc, prev_write, prev->atomic, now->ev,
            now->tid, now->loc, now_write, now->atomic);
    rt_depot_write(f, prev->stack);
    rt_depot_write(f, now->stack);
    for (int i = 0; i < t->nheld; i++)
        fprintf(f, "%s%#lx", i ? "," : " ", (unsigned long)(uintptr_t)t->held[i]);
    fputs(t->nheld ? "\n" : " -\n", f);
    /* the heap blocks the memory and the mutexes are in, so the report can
     * name them by allocation site rather than by address */
    rt_heap_describe(f, addr);
    for (unsigned long i = 0, n = 0; i < rt.capobj && n < 64; i++)
        if (rt.objs[i].addr && rt.objs[i].mutex)
            rt_heap_describe(f, (uintptr_t)rt.objs[i].addr), n++;
}

static void report(rt_thread *t, uintptr_t addr, const rt_acc *prev, int prev_write,
                   const rt_acc *now, int now_write, uint64_t size)
{
    if (pair_reported(prev->loc, now->loc))
        return;
    FILE *f = rt.out;
    if (f && prev->ev < rt.unmod_ev) {
        /* a call the runtime does not model ran between the two accesses:
         * it may order them, so this is no observed race (rt_abi.h) */
        fprintf(f, "M %u %u %u\n", prev->loc, now->loc, rt.unmod_loc);
        race_line(f, 'Q', t, addr, prev, prev_write, now, now_write, size);
        fflush(f);
        return;
    }
    rt.races++;
    if (!f)
        return;
    uint32_t hide = prev->hide ? prev->hide : now->hide ? now->hide : rt_annot_benign_at(addr, size);
    race_line(f, 'R', t, addr, prev, prev_write, now, now_write, size);
    if (hide)
        fprintf(f, "H %u\n", hide);
    fflush(f);
}

/* True when `prev` by another thread is not ordered before t's access. */
static inline int concurrent(const rt_thread *t, const rt_acc *prev, int now_atomic)
{
    return prev->valid && prev->tid != t->id && !(prev->atomic && now_atomic) &&
           prev->clock > rt_vc_get(&t->vc, prev->tid);
}

static void add_read(rt_thread *t, rt_cell *c, const rt_acc *now)
{
    if (c->r.valid && c->r.tid != t->id && concurrent(t, &c->r, 1)) {
        /* keep the old read: it may still race with a later write */
        uint32_t i = 0;
        while (i < c->nmore && c->more[i].tid != c->r.tid)
            i++;
        if (i == c->nmore) {
            c->more = realloc(c->more, (c->nmore + 1) * sizeof *c->more);
            if (!c->more)
                abort();
            c->nmore++;
        }
        c->more[i] = c->r;
    }
    c->r = *now;
}

static void access_byte(rt_thread *t, rt_cell *c, uintptr_t addr, const rt_acc *now, int write,
                        uint64_t size)
{
    if (concurrent(t, &c->w, now->atomic))
        report(t, addr, &c->w, 1, now, write, size);
    if (!write) {
        add_read(t, c, now);
        return;
    }
    if (c->r.valid && concurrent(t, &c->r, now->atomic))
        report(t, addr, &c->r, 0, now, 1, size);
    for (uint32_t i = 0; i < c->nmore; i++)
        if (concurrent(t, &c->more[i], now->atomic))
            report(t, addr, &c->more[i], 0, now, 1, size);
    if (c->more) {
        free(c->more);
        c->more = NULL;
        c->nmore = 0;
    }
    c->r.valid = 0;
    c->w = *now;
}

/* Whether the cells of [c, c+n) all hold one history and none keeps
 * earlier reads. */
static int uniform(const rt_cell *c, unsigned n)
{
    if (c[0].nmore)
        return 0;
    for (unsigned i = 1; i < n; i++)
        if (memcmp(&c[i], &c[0], sizeof *c) != 0)
            return 0;
    return 1;
}

/* Gives each grain of a uniform page its own copy of the history: part
 * of the page is about to be used. */
static void spread(rt_page *p)
{
    p->uniform = 0;
    p->whole = ~0u;
    for (unsigned g = RT_GRAIN; g < RT_PAGE; g += RT_GRAIN)
        p->cell[g] = p->cell[0];
}

/* Gives each byte of the grain at byte b of p its own copy of the
 * history: it is about to be used byte by byte. */
static void split(rt_page *p, unsigned b)
{
    if (p->uniform)
        spread(p);
    unsigned g = b / RT_GRAIN;
    if (!(p->whole >> g & 1))
        return;
    p->whole &= ~(1u << g);
    rt_cell *c = &p->cell[g * RT_GRAIN];
    for (unsigned i = 1; i < RT_GRAIN; i++)
        c[i] = c[0];
}

/* The fast path: an aligned grain inside an access of [a, a+size) (a
 * word, or a grain of a memory-library call's range) that is whole, or
 * whose bytes came to share a history again, checks its first cell only.
 * Each byte would report the same race with the same pair of accesses,
 * which is reported once anyway.  A read that would be kept as an earlier
 * one (add_read) is not taken: it goes byte by byte, which splits the
 * grain.  Returns 1 when it checked the grain at g. */
static int access_grain(rt_thread *t, uintptr_t a, uint64_t size, uintptr_t g, const rt_acc *now,
                        int write, int rmw)
{
    rt_page *p = page_of(g >> RT_PAGE_BITS);
    unsigned b = (unsigned)(g & (RT_PAGE - 1)), n = b / RT_GRAIN;
    if (p->uniform)
        spread(p);
    rt_cell *c = &p->cell[b];
    if (!(p->whole >> n & 1)) {
        if (!uniform(c, RT_GRAIN))
            return 0;
        p->whole |= 1u << n;
    }
    if (!write && c->r.valid && c->r.tid != t->id && concurrent(t, &c->r, 1))
        return 0;
    access_byte(t, c, a, now, write, size);
    if (rmw)
        add_read(t, c, now);
    return 1;
}

/* [from, from+n) of an access of [a, a+size), grain by grain where it can. */
static void access_span(rt_thread *t, uintptr_t a, uint64_t size, uintptr_t from, uint64_t n,
                        const rt_acc *now, int write, int rmw)
{
    rt_page *p = NULL;
    for (uint64_t i = 0; i < n;) {
        uintptr_t b = from + i;
        if (!(b & (RT_GRAIN - 1)) && n - i >= RT_GRAIN &&
            access_grain(t, a, size, b, now, write, rmw)) {
            i += RT_GRAIN;
            continue;
        }
        if (!p || p->key != b >> RT_PAGE_BITS)
            p = page_find(b >> RT_PAGE_BITS, 1);
        split(p, (unsigned)(b & (RT_PAGE - 1)));
        rt_cell *c = &p->cell[b & (RT_PAGE - 1)];
        access_byte(t, c, a, now, write, size);
        if (rmw) /* read-modify-write: the read part too */
            add_read(t, c, now);
        i++;
    }
}

static void clear_cell(rt_cell *c);

/* A whole page inside an access: one cell while the page is uniform.  A
 * write of a page that is not goes grain by grain, and then every byte
 * holds the same history (this write, no reads), so the page is uniform
 * again.  A read that would be kept as an earlier one (add_read) is not
 * taken here, as in access_grain.  Returns 1 when it checked the page. */
static int access_page(rt_thread *t, uintptr_t a, uint64_t size, uintptr_t b, const rt_acc *now,
                       int write, int rmw)
{
    rt_page *p = page_of(b >> RT_PAGE_BITS);
    rt_cell *c = &p->cell[0];
    if (!p->uniform) {
        if (!write)
            return 0;
        access_span(t, a, size, b, RT_PAGE, now, write, rmw);
        for (unsigned i = 0; i < RT_PAGE; i++)
            clear_cell(&p->cell[i]);
        c->w = *now;
        if (rmw)
            c->r = *now;
        p->whole = ~0u;
        p->uniform = 1;
        return 1;
    }
    if (!write && c->r.valid && c->r.tid != t->id && concurrent(t, &c->r, 1)) {
        spread(p);
        return 0;
    }
    access_byte(t, c, a, now, write, size);
    if (rmw)
        add_read(t, c, now);
    return 1;
}

void rt_shadow_access(rt_thread *t, uintptr_t a, uint64_t size, uint32_t flags, uint32_t loc)
{
    uint32_t ignored = t->ignore_r || t->ignore_w ? rt_annot_ignored(t, flags) : 0;
    rt_acc now = {rt_vc_get(&t->vc, t->id), loc, t->node, (uint32_t)rt.events,
                  ignored, (uint16_t)t->id, (flags & RH_RT_ATOMIC) != 0, 1};
    int write = (flags & RH_RT_WRITE) != 0, rmw = write && (flags & RH_RT_READ);
    if (size < RT_PAGE) {
        access_span(t, a, size, a, size, &now, write, rmw);
        return;
    }
    for (uint64_t i = 0; i < size;) {
        uintptr_t b = a + i;
        uint64_t head = (RT_PAGE - (b & (RT_PAGE - 1))) & (RT_PAGE - 1);
        if (!head && size - i >= RT_PAGE && access_page(t, a, size, b, &now, write, rmw)) {
            i += RT_PAGE;
            continue;
        }
        /* up to the next page boundary (or the whole page, when it was not taken) */
        uint64_t n = head ? head : RT_PAGE;
        n = n < size - i ? n : size - i;
        access_span(t, a, size, b, n, &now, write, rmw);
        i += n;
    }
}

static void clear_cell(rt_cell *c)
{
    free(c->more);
    memset(c, 0, sizeof *c);
}

/* Forgets the history of the bytes of page p inside [a, a+size); a page
 * wholly inside is uniform and empty again. */
static void clear_page(rt_page *p, uintptr_t a, uint64_t size)
{
    uintptr_t base = p->key << RT_PAGE_BITS;
    if (base >= a && base + RT_PAGE <= a + size) {
        for (unsigned j = 0; j < RT_PAGE; j++)
            if (j == 0 || !p->uniform)
                clear_cell(&p->cell[j]);
        p->whole = ~0u;
        p->uniform = 1;
        return;
    }
    for (unsigned j = 0; j < RT_PAGE; j++)
        if (base + j >= a && base + j < a + size) {
            split(p, j);
            clear_cell(&p->cell[j]);
        }
}

/* Forgets the history of [a, a+size): freed heap blocks and the stacks of
 * new threads are new memory, whatever addresses they reuse. */
void rt_shadow_clear(uintptr_t a, uint64_t size)
{
    uintptr_t first = a >> RT_PAGE_BITS, last = (a + size - 1) >> RT_PAGE_BITS;
    if (!size || !page_len)
        return;
    if (last - first > 4 * page_cap) {
        /* a huge range: walk the pages we have instead */
        for (size_t i = 0; i < page_cap; i++)
            if (pages[i] && pages[i]->key >= first && pages[i]->key <= last)
                clear_page(pages[i], a, size);
        return;
    }
    for (uintptr_t k = first; k <= last; k++) {
        rt_page *p = page_find(k, 0);
        if (p)
            clear_page(p, a, size);
    }
}

/* Marks the accesses recorded for [a, a+size) as made before new-memory
 * annotation loc: a race with one of them is reported suppressed by it. */
void rt_shadow_hide(uintptr_t a, uint64_t size, uint32_t loc)
{
    for (uint64_t i = 0; i < size; i++) {
        rt_page *p = page_find((a + i) >> RT_PAGE_BITS, 0);
        if (!p) {
            i = ((a + i) | (RT_PAGE - 1)) - a; /* the rest of an untouched page */
            continue;
        }
        split(p, (unsigned)((a + i) & (RT_PAGE - 1)));
        rt_cell *c = &p->cell[(a + i) & (RT_PAGE - 1)];
        c->w.hide = c->w.valid ? loc : c->w.hide;
        c->r.hide = c->r.valid ? loc : c->r.hide;
        for (uint32_t k = 0; k < c->nmore; k++)
            c->more[k].hide = loc;
    }
}
