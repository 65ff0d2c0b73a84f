/* rt_shadow.c - happens-before race detection: vector clocks, shadow
 * memory (per byte, last write and the concurrent reads, FastTrack-style;
 * direct-mapped from the address, rt_fast.h has the layout: a page of 256
 * bytes not used in part keeps one history, an aligned 8-byte grain whose
 * bytes share one keeps it once, and only a grain whose bytes differ has
 * a cell per byte), and the stack depot that lets a record name its
 * access's location and whole call stack in 32 bits (its site).  A race
 * is two accesses to one byte by different threads, at least one a write,
 * not both atomic, and the earlier one not ordered before the later one
 * by the clocks (rt_hooks.c keeps them).
 */
#include "rt_fast.h"
#include "util/hash.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* The directory of the direct-mapped shadow (rt_fast.h): one lazily
 * mapped reservation per 256 MB of application memory touched, so the
 * shadow costs what the program touches, and finding a page is two loads. */
rt_page *rt_shadow_dir[1u << RT_DIR_BITS];

typedef struct rt_node {
    uint32_t parent, loc;
} rt_node;
static rt_node *nodes;
static uint32_t nnodes, capnodes, *node_hash;
static size_t node_hash_cap;

static uint32_t pair_seen[4096][3]; /* reported (loc, loc, ordered by another race) */
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
    rt.sync_ev = rt.events;
    rt.shadow_gen++;
    vc_fit(to, from->n);
    for (uint32_t i = 0; i < from->n; i++)
        if (from->c[i] > to->c[i])
            to->c[i] = from->c[i];
}

void rt_vc_tick(rt_thread *t)
{
    rt.sync_ev = rt.events;
    rt.shadow_gen++;
    vc_fit(&t->vc, (uint32_t)t->id + 1);
    t->epoch = ++t->vc.c[t->id];
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

/* Spread pages' grains and split grains' bytes (rt_pool.c). */
static rt_pool grains_pool = {sizeof(rt_grains), NULL, NULL, 0, NULL};
static rt_pool bytes_pool = {RT_GRAIN * sizeof(rt_cell), NULL, NULL, 0, NULL};

/* A chunk's pages are made present 64 KB at a time (the shadow of 128 KB
 * of application memory) when the slow path first meets one of them: one
 * system call where touching them would take a page fault per 4 KB, two
 * when the fast path's look at an untouched page mapped the zero page
 * first.  dir_ready[d], bit b: block b of chunk d was asked for. */
#define RT_DIR_BLOCK (64u << 10)
#define RT_DIR_NBLOCK ((sizeof(rt_page) << RT_CHUNK_BITS) / RT_DIR_BLOCK)
static uint64_t (*dir_ready[1u << RT_DIR_BITS])[RT_DIR_NBLOCK / 64];

static void dir_prefault(uintptr_t d, const rt_page *p)
{
    size_t b = (size_t)((const char *)p - (const char *)rt_shadow_dir[d]) / RT_DIR_BLOCK;
    uint64_t *w = &(*dir_ready[d])[b / 64];
    if (*w >> (b % 64) & 1)
        return;
    *w |= 1ull << (b % 64);
#ifdef MADV_POPULATE_WRITE
    (void)madvise((char *)rt_shadow_dir[d] + b * RT_DIR_BLOCK, RT_DIR_BLOCK, MADV_POPULATE_WRITE);
#endif /* refused (before Linux 5.14): the pages fault in as they are touched */
}

/* The page of address a, its chunk mapped if need be; NULL for an address
 * beyond the directory (none a user-space program has on x86-64). */
static rt_page *page_of(uintptr_t a)
{
    rt_page *p = rt_page_at(a);
    uintptr_t d = a >> (RT_PAGE_BITS + RT_CHUNK_BITS);
    if (d >= (1u << RT_DIR_BITS))
        return NULL;
    if (!p) {
        void *m = mmap(NULL, sizeof(rt_page) << RT_CHUNK_BITS, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (m == MAP_FAILED || !(dir_ready[d] = calloc(1, sizeof *dir_ready[d])))
            abort();
        rt_shadow_dir[d] = m;
        p = rt_page_at(a);
    }
    dir_prefault(d, p);
    return p;
}

/* The depot's answers for recent (parent, loc) pairs, by call site or
 * access: a function called in a loop from one place finds its node here
 * without hashing, and so does an access's site (rt_fast.h, rt_site). */
rt_memo rt_depot_memo[RT_MEMO];

static uint32_t depot_find(uint32_t parent, uint32_t loc);

uint32_t rt_depot(uint32_t parent, uint32_t loc)
{
    rt_memo *m = &rt_depot_memo[loc & (RT_MEMO - 1)];
    if (m->node && m->parent == parent && m->loc == loc)
        return m->node;
    uint32_t node = depot_find(parent, loc);
    m->parent = parent, m->loc = loc, m->node = node;
    return node;
}

static uint32_t depot_find(uint32_t parent, uint32_t loc)
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

/* Whether the pair (a, b) was reported already; a pair reported as
 * ordered by another race (ordered) is reported once more when it shows
 * without one (ordering_race). */
static int pair_reported(uint32_t a, uint32_t b, int ordered)
{
    for (int i = 0; i < npairs; i++)
        if ((pair_seen[i][0] == a && pair_seen[i][1] == b) ||
            (pair_seen[i][0] == b && pair_seen[i][1] == a)) {
            if (ordered || !pair_seen[i][2])
                return 1;
            pair_seen[i][2] = 0;
            return 0;
        }
    if (npairs < 4096) {
        pair_seen[npairs][0] = a;
        pair_seen[npairs][1] = b;
        pair_seen[npairs++][2] = (uint32_t)ordered;
    }
    return 0;
}

/* One race line: 'R' observed, 'Q' seen across a call the runtime does
 * not model (rt_abi.h); the engine reports the second kind as likely. */
static void race_line(FILE *f, char tag, rt_thread *t, uintptr_t addr, const rt_acc *prev,
                      int prev_write, const rt_acc *now, int now_write, uint64_t size)
{
    fprintf(f, "%c %#lx %lu %u %u %u %d %d %u %u %u %d %d", tag, (unsigned long)addr,
            (unsigned long)size, prev->ev, prev->tid, nodes[prev->site].loc, prev_write,
            prev->atomic, now->ev, now->tid, nodes[now->site].loc, now_write, now->atomic);
    rt_depot_write(f, nodes[prev->site].parent);
    rt_depot_write(f, nodes[now->site].parent);
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

/* Hand-made publication: a producer writes a payload, then a plain flag;
 * the consumer reads the flag, then the payload.  Both pairs race, but
 * the payload's is ordered by the flag's once that flag is an atomic with
 * release and acquire: the fix of one race is the fix of both, and a
 * report says so rather than listing the payload's fields as so many
 * separate races.  A thread's racing read of another's plain write is
 * taken as the acquire it would be, for this purpose only: what the
 * writer did up to that write (its events, which the serialised run
 * numbers in order) is then ordered before the reader's later accesses.
 * Only the writer's own accesses are followed, not what it had acquired
 * from a third thread: such a race stays a race of its own.  Returns the
 * site of the racing read that orders prev before t's access, or 0. */
static uint32_t ordering_race(rt_thread *t, const rt_acc *prev, int prev_write, int now_write,
                              uint32_t now_site)
{
    uint32_t u = prev->tid, by = u < t->nracy && prev->ev <= t->racy_ev[u] ? t->racy_site[u] : 0;
    if (!prev_write || now_write || prev->atomic)
        return by;
    if (u >= t->nracy) {
        uint32_t n = u + 8, *e = realloc(t->racy_ev, n * sizeof *e);
        uint32_t *w = e ? realloc(t->racy_site, n * sizeof *w) : NULL;
        if (!e || !w)
            abort();
        memset(e + t->nracy, 0, (n - t->nracy) * sizeof *e);
        memset(w + t->nracy, 0, (n - t->nracy) * sizeof *w);
        t->racy_ev = e, t->racy_site = w, t->nracy = n;
    }
    if (prev->ev > t->racy_ev[u] || !t->racy_site[u])
        t->racy_ev[u] = prev->ev, t->racy_site[u] = now_site;
    return by;
}

static void report(rt_thread *t, uintptr_t addr, const rt_acc *prev, int prev_write,
                   const rt_acc *now, int now_write, uint64_t size)
{
    uint32_t prev_loc = nodes[prev->site].loc, now_loc = nodes[now->site].loc;
    uint32_t by = ordering_race(t, prev, prev_write, now_write, now->site);
    if (pair_reported(prev_loc, now_loc, by != 0))
        return;
    FILE *f = rt.out;
    if (f && prev->ev < rt.unmod_ev) {
        /* a call the runtime does not model ran between the two accesses:
         * it may order them, so this is no observed race (rt_abi.h) */
        fprintf(f, "M %u %u %u\n", prev_loc, now_loc, rt.unmod_loc);
        race_line(f, 'Q', t, addr, prev, prev_write, now, now_write, size);
        fflush(f);
        return;
    }
    rt.races++;
    if (!f)
        return;
    uint32_t hide = (prev->bits & RT_ACC_HIDDEN) ? rt_hidden_loc(prev->ev)
                    : (now->bits & RT_ACC_HIDDEN) ? rt_hidden_loc(now->ev)
                                                  : rt_annot_benign_at(addr, size);
    race_line(f, 'R', t, addr, prev, prev_write, now, now_write, size);
    if (hide)
        fprintf(f, "H %u\n", hide);
    if (by) { /* the ordering read's location and its call stack */
        fprintf(f, "O %u", nodes[by].loc);
        rt_depot_write(f, nodes[by].parent);
        fputc('\n', f);
    }
    /* where in the schedule: what of it replays into this race; the visits
     * only when the access is at its thread's last point (not within a call) */
    if (rt.strategy == RT_REPLAY)
        fprintf(f, "S %lu %d %lu %lu\n", rt.pos, rt.fresh_step, rt.diverged,
                rt.replay_cut && t->step_loc == now_loc ? rt_replay_visits(t->id, now_loc) : 0);
    fflush(f);
}

static void add_read(rt_thread *t, rt_cell *c, const rt_acc *now)
{
    if ((c->r.bits & RT_ACC_VALID) && c->r.tid != t->id && rt_concurrent(t, &c->r, 1)) {
        /* keep the old read: it may still race with a later write */
        rt_more *m = (c->w.bits & RT_ACC_MORE) ? rt_more_of(c) : NULL;
        uint32_t i = 0, n = m ? m->n : 0;
        while (i < n && m->a[i].tid != c->r.tid)
            i++;
        if (i == n) {
            rt_more *g = realloc(m, sizeof *m + (n + 1) * sizeof *m->a);
            if (!g)
                abort();
            g->n = n + 1;
            rt_more_set(c, m = g);
        }
        m->a[i] = c->r;
    }
    c->r = *now;
}

/* The races of a write `now` to the bytes of cell c: with its write, its
 * read and its earlier reads, in that order. */
static inline RT_HOT void write_reports(rt_thread *t, const rt_cell *c, uintptr_t addr,
                                        const rt_acc *now, uint64_t size)
{
    if (rt_concurrent(t, &c->w, now->atomic))
        report(t, addr, &c->w, 1, now, 1, size);
    if (rt_concurrent(t, &c->r, now->atomic))
        report(t, addr, &c->r, 0, now, 1, size);
    if (c->w.bits & RT_ACC_MORE) {
        const rt_more *m = rt_more_of(c);
        for (uint32_t i = 0; i < m->n; i++)
            if (rt_concurrent(t, &m->a[i], now->atomic))
                report(t, addr, &m->a[i], 0, now, 1, size);
    }
}

/* Frees c's earlier reads, if any. */
static void drop_more(rt_cell *c)
{
    if (!(c->w.bits & RT_ACC_MORE))
        return;
    rt_more *m = rt_more_of(c);
    rt_more_set(c, NULL);
    free(m);
}

static void access_byte(rt_thread *t, rt_cell *c, uintptr_t addr, const rt_acc *now, int write,
                        uint64_t size)
{
    if (!write) {
        if (rt_concurrent(t, &c->w, now->atomic))
            report(t, addr, &c->w, 1, now, 0, size);
        add_read(t, c, now);
        return;
    }
    write_reports(t, c, addr, now, size);
    drop_more(c);
    memset(&c->r, 0, sizeof c->r);
    c->w = *now;
}

/* A copy of c's earlier reads for cell to (which has none), if c has any. */
static void copy_more(rt_cell *to, const rt_cell *c)
{
    if (!(c->w.bits & RT_ACC_MORE))
        return;
    const rt_more *m = rt_more_of(c);
    size_t n = sizeof *m + m->n * sizeof *m->a;
    rt_more *copy = malloc(n);
    if (!copy)
        abort();
    memcpy(copy, m, n);
    rt_more_set(to, copy);
}

static void clear_cell(rt_cell *c)
{
    drop_more(c);
    memset(c, 0, sizeof *c);
}

/* Whether the cells of [c, c+n) all hold one history and none keeps
 * earlier reads. */
static int uniform(const rt_cell *c, unsigned n)
{
    if (c[0].w.bits & RT_ACC_MORE)
        return 0;
    for (unsigned i = 1; i < n; i++)
        if (memcmp(&c[i], &c[0], sizeof *c) != 0)
            return 0;
    return 1;
}

/* Gives each grain of a page that is not spread a copy of its history:
 * part of the page is about to be used. */
static void spread(rt_page *p)
{
    if (!p->g)
        p->g = rt_pool_get_zero(&grains_pool);
    for (unsigned g = 0; g < RT_NGRAIN; g++) {
        p->g->cell[g] = p->top;
        p->g->cell[g].w.bits &= ~RT_ACC_MORE;
        copy_more(&p->g->cell[g], &p->top);
        p->rmask[g] = 0xFF;
    }
    clear_cell(&p->top);
    p->whole = ~0u;
    p->spread = 1;
}

/* Gives each byte of the grain at byte b of p its own copy of the
 * history: it is about to be used byte by byte. */
static void split(rt_page *p, unsigned b)
{
    if (!p->spread)
        spread(p);
    unsigned g = b / RT_GRAIN;
    if (!(p->whole >> g & 1))
        return;
    p->whole &= ~(1u << g);
    rt_cell *c = rt_pool_get(&bytes_pool);
    rt_cell *whole = &p->g->cell[g];
    for (unsigned i = 0; i < RT_GRAIN; i++) {
        c[i] = *whole;
        c[i].w.bits &= ~RT_ACC_MORE;
        if (!(p->rmask[g] >> i & 1))
            memset(&c[i].r, 0, sizeof c[i].r);
        copy_more(&c[i], whole); /* each byte its own copy of the earlier reads */
    }
    drop_more(whole);
    p->g->bytes[g] = c;
}

/* A split grain whose bytes came to share one history is whole again. */
static int rejoin(rt_page *p, unsigned g)
{
    rt_cell *c = p->g->bytes[g];
    if (!uniform(c, RT_GRAIN))
        return 0;
    p->g->cell[g] = c[0];
    p->rmask[g] = 0xFF;
    rt_pool_put(&bytes_pool, c);
    p->g->bytes[g] = NULL;
    p->whole |= 1u << g;
    return 1;
}

/* Frees what a spread page owns and makes it untouched (all zero). */
static void page_reset(rt_page *p)
{
    if (p->g) {
        for (unsigned g = 0; g < RT_NGRAIN; g++) {
            drop_more(&p->g->cell[g]);
            if (p->g->bytes[g])
                for (unsigned i = 0; i < RT_GRAIN; i++)
                    drop_more(&p->g->bytes[g][i]);
            rt_pool_put(&bytes_pool, p->g->bytes[g]);
        }
        rt_pool_put(&grains_pool, p->g);
    }
    drop_more(&p->top);
    memset(p, 0, sizeof *p);
}

/* Whether a read by t keeps the last read r as an earlier one (add_read):
 * r is another thread's and not ordered before t. */
static int kept(const rt_thread *t, const rt_acc *r)
{
    return (r->bits & RT_ACC_VALID) && r->tid != t->id && rt_concurrent(t, r, 1);
}

/* An aligned grain inside an access of [a, a+size) (a word, or a grain of
 * a memory-library call's range) that is whole, or whose bytes came to
 * share a history again, checks its one cell: each byte would report the
 * same race with the same pair of accesses, which is reported once anyway.
 * The reads kept as earlier ones (add_read) of a whole grain cover all its
 * bytes; its last read may cover part of them (rmask), and a read meeting
 * that goes byte by byte, which splits the grain.  Returns 1 when it
 * checked the grain at ga, in page p. */
static int access_grain(rt_thread *t, uintptr_t a, uint64_t size, rt_page *p, uintptr_t ga,
                        const rt_acc *now, int write, int rmw)
{
    unsigned n = (unsigned)(ga & (RT_PAGE - 1)) / RT_GRAIN;
    if (!p->spread)
        spread(p);
    if (!(p->whole >> n & 1) && !rejoin(p, n))
        return 0;
    rt_cell *c = &p->g->cell[n];
    if (!write && (c->r.bits & RT_ACC_VALID) && p->rmask[n] != 0xFF && kept(t, &c->r))
        return 0;
    access_byte(t, c, a, now, write, size);
    if (rmw)
        add_read(t, c, now);
    p->rmask[n] = 0xFF;
    return 1;
}

/* A read of the m bytes at b, inside one whole grain, that its cell can
 * hold without splitting: the grain had no read since its write, or only
 * one of these bytes that this read replaces (the read covers these bytes
 * only), or its read is one of t's in the same epoch,
 * at the same instruction and stack when it grows to bytes not covered
 * (the record then stands for that instruction's accesses of the grain in
 * the epoch).  Returns 1 when it checked the bytes. */
static int access_part(rt_thread *t, rt_page *p, uintptr_t a, uint64_t size, uintptr_t b,
                       unsigned m, const rt_acc *now)
{
    if (!p->spread)
        spread(p);
    unsigned g = (unsigned)(b & (RT_PAGE - 1)) / RT_GRAIN;
    if (!(p->whole >> g & 1))
        return 0;
    rt_cell *c = &p->g->cell[g];
    unsigned bits = ((1u << m) - 1) << (b & (RT_GRAIN - 1));
    /* a read that replaces the last one (add_read) on every byte it covered */
    int valid = (c->r.bits & RT_ACC_VALID) != 0;
    int replaces = valid && !kept(t, &c->r) && !(p->rmask[g] & ~bits);
    if (valid && !replaces) {
        if (!rt_same_epoch(t, &c->r, now->clock, now->atomic) || (now->bits & RT_ACC_HIDDEN))
            return 0;
        if ((bits & ~p->rmask[g]) && c->r.site != now->site)
            return 0;
    }
    if (rt_concurrent(t, &c->w, now->atomic))
        report(t, a, &c->w, 1, now, 0, size);
    if (!valid || replaces) {
        c->r = *now;
        p->rmask[g] = (uint8_t)bits;
    } else {
        p->rmask[g] |= (uint8_t)bits;
    }
    return 1;
}

/* Whether every record of cell c is ordered before t, while t is the only
 * live thread: then no thread can ever race with any of them (a thread
 * created later starts from t's clock), nor with what t does now, so the
 * cell may take an access of part of its bytes as one of all of them
 * without changing any verdict: a write of one byte of a whole grain (a
 * string's terminator) does not split it, nor does it spread a page. */
static int alone_after(const rt_thread *t, const rt_cell *c)
{
    if (rt.live != 1 || rt_concurrent(t, &c->w, 0) || rt_concurrent(t, &c->r, 0))
        return 0;
    if (c->w.bits & RT_ACC_MORE) {
        const rt_more *m = rt_more_of(c);
        for (uint32_t i = 0; i < m->n; i++)
            if (rt_concurrent(t, &m->a[i], 0))
                return 0;
    }
    return 1;
}

/* An access by t, alone, to cell c standing for more bytes than it touches. */
static void access_alone(rt_thread *t, rt_cell *c, uintptr_t a, uint64_t size, const rt_acc *now,
                         int write, int rmw)
{
    access_byte(t, c, a, now, write, size);
    if (rmw)
        add_read(t, c, now);
}

/* [from, from+n) of an access of [a, a+size), grain by grain where it can;
 * p is the page of from when the caller has it, else NULL. */
static void access_span(rt_thread *t, uintptr_t a, uint64_t size, uintptr_t from, uint64_t n,
                        const rt_acc *now, int write, int rmw, rt_page *p)
{
    uintptr_t pkey = from >> RT_PAGE_BITS;
    for (uint64_t i = 0; i < n;) {
        uintptr_t b = from + i;
        if (!p || pkey != b >> RT_PAGE_BITS) { /* the page found once for all its grains */
            pkey = b >> RT_PAGE_BITS;
            if (!(p = page_of(b)))
                return;
        }
        if (!(b & (RT_GRAIN - 1)) && n - i >= RT_GRAIN &&
            access_grain(t, a, size, p, b, now, write, rmw)) {
            i += RT_GRAIN;
            continue;
        }
        unsigned m = RT_GRAIN - (unsigned)(b & (RT_GRAIN - 1));
        m = m < n - i ? m : (unsigned)(n - i);
        if (!write && access_part(t, p, a, size, b, m, now)) {
            i += m;
            continue;
        }
        unsigned g = (unsigned)(b & (RT_PAGE - 1)) / RT_GRAIN;
        if (write && p->spread && (p->whole >> g & 1) && alone_after(t, &p->g->cell[g])) {
            access_alone(t, &p->g->cell[g], a, size, now, write, rmw);
            p->rmask[g] = 0xFF;
            i += m;
            continue;
        }
        unsigned k = (unsigned)(b & (RT_PAGE - 1));
        split(p, k);
        rt_cell *c = &p->g->bytes[k / RT_GRAIN][k % RT_GRAIN];
        access_byte(t, c, a, now, write, size);
        if (rmw) /* read-modify-write: the read part too */
            add_read(t, c, now);
        i++;
    }
}

/* The bytes [b, b+m) of a read, cells c, one at a time as access_span's
 * byte path takes them: a byte whose write is ordered before t and whose
 * read is t's, or absent, or ordered before t takes this read (add_read);
 * from the first other byte on, access_span decides. */
static void read_bytes(rt_thread *t, uintptr_t a, uint64_t size, uintptr_t b, unsigned m, rt_cell *c,
                       const rt_acc *now, rt_page *p)
{
    for (unsigned i = 0; i < m; i++) {
        if (rt_concurrent(t, &c[i].w, now->atomic) || kept(t, &c[i].r)) {
            access_span(t, a, size, b + i, m - i, now, 0, 0, p);
            return;
        }
        c[i].r = *now;
    }
}

/* One piece [b, b+m) of a read of [a, a+size), inside one grain of page
 * p, in the common cases decided here exactly as access_span decides them
 * (access_grain, access_part, then split and access_byte byte by byte),
 * when nothing is reported and no read is kept as an earlier one.
 * Returns 0, having changed nothing, to leave the piece to access_span. */
static int read_piece(rt_thread *t, uintptr_t a, uint64_t size, uintptr_t b, unsigned m, rt_page *p,
                      const rt_acc *now)
{
    unsigned k = (unsigned)(b & (RT_PAGE - 1)), g = k / RT_GRAIN, off = k % RT_GRAIN;
    if (!p->spread)
        return 0;
    if (!(p->whole >> g & 1)) {
        if (m == RT_GRAIN)
            return 0; /* access_grain would try to rejoin the grain */
        read_bytes(t, a, size, b, m, &p->g->bytes[g][off], now, p);
        return 1;
    }
    rt_cell *c = &p->g->cell[g];
    if (rt_concurrent(t, &c->w, now->atomic) || kept(t, &c->r))
        return 0;
    if (m == RT_GRAIN) { /* access_grain: add_read replaces the read */
        c->r = *now;
        p->rmask[g] = 0xFF;
        return 1;
    }
    /* access_part, and when it does not take the piece, the grain split
     * and its bytes one by one */
    unsigned bits = ((1u << m) - 1) << off;
    if (!(c->r.bits & RT_ACC_VALID) || !(p->rmask[g] & ~bits)) {
        c->r = *now;
        p->rmask[g] = (uint8_t)bits;
        return 1;
    }
    if (rt_same_epoch(t, &c->r, now->clock, now->atomic) && !(now->bits & RT_ACC_HIDDEN) &&
        (!(bits & ~p->rmask[g]) || c->r.site == now->site)) {
        p->rmask[g] |= (uint8_t)bits;
        return 1;
    }
    split(p, k);
    read_bytes(t, a, size, b, m, &p->g->bytes[g][off], now, p);
    return 1;
}

/* access_span(t, a, size, from, a + size - from, now, 0, 0, NULL) of a
 * read: the same pieces in the same order (a grain's piece at a time, as
 * access_span takes them), each by read_piece when it can. */
static void read_span(rt_thread *t, uintptr_t a, uint64_t size, uintptr_t from, const rt_acc *now)
{
    rt_page *p = NULL;
    for (uintptr_t b = from, end = a + size; b < end;) {
        unsigned m = RT_GRAIN - (unsigned)(b & (RT_GRAIN - 1));
        m = m < end - b ? m : (unsigned)(end - b);
        if (!p || ((b ^ (b - 1)) >> RT_PAGE_BITS)) { /* a new page: found as access_span finds it */
            if (!(p = page_of(b)))
                return;
        }
        if (!read_piece(t, a, size, b, m, p, now))
            access_span(t, a, size, b, m, now, 0, 0, p);
        b += m;
    }
}

/* The reports a write of every byte of spread page p would make, in the
 * order access_span would make them (grain by grain, a split grain byte
 * by byte; a grain whose bytes share one history reports the same pairs
 * as its one cell, and report names each pair once), with no cell
 * changed: the write of a freed block, whose history rt_shadow_clear
 * forgets next, so the records the write would leave are never read. */
static void check_freed_page(rt_thread *t, uintptr_t a, uint64_t size, rt_page *p,
                             const rt_acc *now)
{
    for (unsigned g = 0; g < RT_NGRAIN; g++) {
        int whole = p->whole >> g & 1;
        const rt_cell *c = whole ? &p->g->cell[g] : p->g->bytes[g];
        for (unsigned i = 0; i < (whole ? 1u : RT_GRAIN); i++)
            write_reports(t, &c[i], a, now, size);
    }
}

/* A whole page inside an access: one cell while the page is not spread.
 * A write of a page that is goes grain by grain, and then every byte
 * holds the same history (this write, no reads), so the page is one cell
 * again; the write of a freed block only reports (check_freed_page).
 * A read that would be kept as an earlier one (add_read) is not
 * taken here, as in access_grain.  Returns 1 when it checked the page. */
static int access_page(rt_thread *t, uintptr_t a, uint64_t size, uintptr_t b, const rt_acc *now,
                       int write, int rmw, int freed)
{
    rt_page *p = page_of(b);
    if (!p)
        return 1;
    rt_cell *c = &p->top;
    if (p->spread) {
        if (!write)
            return 0;
        if (freed) {
            check_freed_page(t, a, size, p, now);
            return 1;
        }
        access_span(t, a, size, b, RT_PAGE, now, write, rmw, p);
        page_reset(p);
        c->w = *now;
        if (rmw)
            c->r = *now;
        return 1;
    }
    if (!write && kept(t, &c->r)) {
        spread(p);
        return 0;
    }
    access_byte(t, c, a, now, write, size);
    if (rmw)
        add_read(t, c, now);
    return 1;
}

/* The record of t's access at loc now, for the slow path. */
static rt_acc slow_now(rt_thread *t, uint32_t flags, uint32_t loc)
{
    uint32_t ignored = t->ignore_r || t->ignore_w ? rt_annot_ignored(t, flags) : 0;
    rt.shadow_gen++; /* cells change off the fast path (rt_read_cached) */
    rt_acc now = {rt_vc_get(&t->vc, t->id), rt_site(t, loc), (uint32_t)rt.events,
                  (uint16_t)t->id, (flags & RH_RT_ATOMIC) != 0, RT_ACC_VALID};
    if (ignored) {
        now.bits |= RT_ACC_HIDDEN;
        rt_hidden_run(now.ev, ignored);
    }
    return now;
}

/* What rt_shadow_access below would do to the pieces of [a, from) of a
 * plain read of less than a page (each inside one grain of a spread page,
 * whose read rt_fast.h's rt_span_grain made one of t's in this epoch
 * covering the piece: the grain's cell, or the cells of its bytes when it
 * is split and the piece is not all of it): access_grain, on a whole
 * grain, and access_part, when the read covers no other byte, replace the
 * read with this one, access_part otherwise leaves it; a split grain's
 * bytes are taken one by one, and add_read replaces each read, t's own.
 * None reports: the write of each was ordered before t. */
static void reread(uintptr_t a, uintptr_t from, const rt_acc *now)
{
    for (uintptr_t b = a; b < from;) {
        unsigned off = (unsigned)(b & (RT_GRAIN - 1)), m = RT_GRAIN - off;
        m = m < from - b ? m : (unsigned)(from - b);
        rt_page *p = rt_page_at(b);
        unsigned g = (unsigned)(b & (RT_PAGE - 1)) / RT_GRAIN, bits = ((1u << m) - 1) << off;
        if (!(p->whole >> g & 1)) {
            for (unsigned i = 0; i < m; i++)
                p->g->bytes[g][off + i].r = *now;
        } else if (!(p->rmask[g] & ~bits)) {
            p->g->cell[g].r = *now;
            p->rmask[g] = (uint8_t)bits;
        }
        b += m;
    }
}

/* rt_shadow_access of a plain read that rt_shadow_fast_span took in part:
 * as rt_shadow_access would do it - a read of less than a page not
 * starting on a page not spread (the fast path's first piece found it
 * spread) is taken grain by grain in order by access_span - but with the
 * pieces before `from` redone cheaply. */
void rt_shadow_read_from(rt_thread *t, uintptr_t a, uint64_t size, uintptr_t from, uint32_t flags,
                         uint32_t loc)
{
    if (from == a || size >= RT_PAGE || (flags & (RH_RT_WRITE | RH_RT_ATOMIC))) {
        rt_shadow_access(t, a, size, flags, loc);
        return;
    }
    rt_acc now = slow_now(t, flags, loc);
    reread(a, from, &now);
    read_span(t, a, size, from, &now);
}

/* rt_shadow_access, or (freed) the write of a block being freed, whose
 * history rt_shadow_clear forgets right after. */
static void shadow_access(rt_thread *t, uintptr_t a, uint64_t size, uint32_t flags, uint32_t loc,
                          int freed)
{
    rt_acc now = slow_now(t, flags, loc);
    int write = (flags & RH_RT_WRITE) != 0, rmw = write && (flags & RH_RT_READ);
    rt_page *p = size && ((a ^ (a + size - 1)) >> RT_PAGE_BITS) == 0 ? page_of(a) : NULL;
    if (p && !p->spread && alone_after(t, &p->top)) {
        access_alone(t, &p->top, a, size, &now, write, rmw); /* the page stays one cell */
        return;
    }
    if (size < RT_PAGE) {
        if (write)
            access_span(t, a, size, a, size, &now, write, rmw, p);
        else
            read_span(t, a, size, a, &now);
        return;
    }
    for (uint64_t i = 0; i < size;) {
        uintptr_t b = a + i;
        uint64_t head = (RT_PAGE - (b & (RT_PAGE - 1))) & (RT_PAGE - 1);
        if (!head && size - i >= RT_PAGE && access_page(t, a, size, b, &now, write, rmw, freed)) {
            i += RT_PAGE;
            continue;
        }
        /* up to the next page boundary (or the whole page, when it was not taken) */
        uint64_t n = head ? head : RT_PAGE;
        n = n < size - i ? n : size - i;
        access_span(t, a, size, b, n, &now, write, rmw, NULL);
        i += n;
    }
}

void rt_shadow_access(rt_thread *t, uintptr_t a, uint64_t size, uint32_t flags, uint32_t loc)
{
    shadow_access(t, a, size, flags, loc, 0);
}

void rt_shadow_free(rt_thread *t, uintptr_t a, uint64_t size, uint32_t loc)
{
    shadow_access(t, a, size, RH_RT_WRITE, loc, 1);
    rt_shadow_clear(a, size);
}

/* Forgets the history of the bytes of page p inside [a, a+size): a page
 * wholly inside is untouched again, a grain wholly inside is whole and
 * empty, the bytes of a grain partly inside are forgotten one by one. */
static void clear_page(rt_page *p, uintptr_t base, uintptr_t a, uint64_t size)
{
    if (base >= a && base + RT_PAGE - 1 <= a + size - 1) {
        page_reset(p);
        return;
    }
    if (!p->spread)
        spread(p);
    for (unsigned g = 0; g < RT_NGRAIN; g++) {
        uintptr_t gb = base + g * RT_GRAIN;
        if (gb + RT_GRAIN - 1 < a || (gb >= a && gb - a >= size))
            continue; /* outside (a + size may be the end of the address space) */
        if (gb >= a && gb + RT_GRAIN - 1 - a < size) {
            if (!(p->whole >> g & 1)) {
                for (unsigned i = 0; i < RT_GRAIN; i++)
                    drop_more(&p->g->bytes[g][i]);
                rt_pool_put(&bytes_pool, p->g->bytes[g]);
                p->g->bytes[g] = NULL;
                p->whole |= 1u << g;
            }
            clear_cell(&p->g->cell[g]);
            p->rmask[g] = 0xFF;
            continue;
        }
        for (unsigned i = 0; i < RT_GRAIN; i++)
            if (gb + i >= a && gb + i - a < size) {
                split(p, g * RT_GRAIN + i);
                clear_cell(&p->g->bytes[g][i]);
            }
    }
}

/* Whether p holds any history (untouched pages are all zero). */
static int page_used(const rt_page *p)
{
    return p->spread || p->top.w.bits || p->top.r.bits;
}

/* Forgets the history of [a, a+size): freed heap blocks and the stacks of
 * new threads are new memory, whatever addresses they reuse. */
void rt_shadow_clear(uintptr_t a, uint64_t size)
{
    rt.shadow_gen++;
    if (!size)
        return;
    uintptr_t last = (a + size - 1) >> RT_PAGE_BITS;
    for (uintptr_t k = a >> RT_PAGE_BITS; k <= last; k++) {
        uintptr_t d = k >> RT_CHUNK_BITS;
        if (d >= (1u << RT_DIR_BITS))
            return;
        if (!rt_shadow_dir[d]) { /* nothing of this chunk was touched */
            k |= (1u << RT_CHUNK_BITS) - 1;
            continue;
        }
        rt_page *p = &rt_shadow_dir[d][k & ((1u << RT_CHUNK_BITS) - 1)];
        if (page_used(p))
            clear_page(p, k << RT_PAGE_BITS, a, size);
    }
}

/* Marks record r, if any, as hidden by annotation loc. */
static void hide_record(rt_acc *r, uint32_t loc)
{
    if (!(r->bits & RT_ACC_VALID))
        return;
    r->bits |= RT_ACC_HIDDEN;
    rt_hidden_put(r->ev, loc);
}

/* Marks the accesses recorded for [a, a+size) as made before new-memory
 * annotation loc: a race with one of them is reported suppressed by it. */
void rt_shadow_hide(uintptr_t a, uint64_t size, uint32_t loc)
{
    rt.shadow_gen++;
    for (uint64_t i = 0; i < size; i++) {
        rt_page *p = rt_page_at(a + i);
        if (!p || !page_used(p)) {
            i = ((a + i) | (RT_PAGE - 1)) - a; /* the rest of an untouched page */
            continue;
        }
        unsigned k = (unsigned)((a + i) & (RT_PAGE - 1));
        split(p, k);
        rt_cell *c = &p->g->bytes[k / RT_GRAIN][k % RT_GRAIN];
        hide_record(&c->w, loc);
        hide_record(&c->r, loc);
        if (c->w.bits & RT_ACC_MORE) {
            rt_more *m = rt_more_of(c);
            for (uint32_t n = 0; n < m->n; n++)
                hide_record(&m->a[n], loc);
        }
    }
}
