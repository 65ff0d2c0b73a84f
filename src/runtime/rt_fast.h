/* rt_fast.h - the hot path of an instrumented access, inlined into the
 * runtime's entry points (rt_hooks.c), as KCSAN and ThreadSanitizer keep
 * theirs in one header: the scheduling point at which the token holder
 * keeps the token, the count of an event nobody records, and the shadow
 * check of an access inside one grain that reports nothing and at most
 * records itself where the slow path would.  Everything else - a choice, a change point, a cut-off, a
 * recorded event, a shadow update - is the out-of-line slow path (rt_point
 * in rt_sched.c, rt_out_record in rt_out.c, rt_shadow_access in
 * rt_shadow.c), and the fast path decides exactly what the slow path would.
 */
#ifndef RH_RT_FAST_H
#define RH_RT_FAST_H

#include "rt.h"

#include <string.h>

/* The hot path's helpers are inlined whatever the optimiser's estimate:
 * a call per access costs more than their bodies. */
#define RT_HOT __attribute__((always_inline))

#define RT_SPIN_LIMIT 3000 /* steps in a row after which a thread is deemed spinning */
#define RT_QUANTUM 10000   /* points in a row one thread may run while another could */

/* Whether t, the token holder at an access, keeps the token without a
 * choice: nothing that could change who is enabled happened since it was
 * chosen, it is not spinning, and its strategy's quantum is not over
 * (PCT: a change point, checked by the caller, also ends it). */
static inline RT_HOT int rt_keeps_token(const rt_thread *t)
{
    if (rt.dirty || t->pend != RT_P_RUN || t->run_len > RT_SPIN_LIMIT)
        return 0;
    if (rt.strategy == RT_PCT)
        return t->slice < RT_QUANTUM;
    return rt.strategy == RT_RANDOM && t->slice < t->quantum;
}

/* rt_point when t keeps the token: 1 when done, 0 when the slow path
 * (rt_point) must run, which then does all of the point's bookkeeping.
 * t->fast_left says how many points in a row the slow path would take
 * without a choice (rt_keeps_token true, no change point, under the step
 * limit), counted when it last let t run; a write's reset of run_len only
 * makes that count low, and a low count sends a point to the slow path,
 * which decides as the fast path would have: the schedule is the same. */
static inline RT_HOT int rt_point_fast(rt_thread *t, uint32_t loc)
{
    if (__builtin_expect(!t->fast_left || t->stepped || rt.dirty || rt_time_up, 0))
        return 0;
    t->fast_left--;
    rt.steps++;
    rt.choices += (unsigned long)t->fast_choice;
    t->run_len++;
    t->slice++;
    t->stepped = 1;
    t->step_loc = loc;
    return 1;
}

/* One event: written when the run records events, counted always. */
static inline void rt_out_event(rt_thread *t, const char *what, uint32_t loc, uintptr_t addr,
                                uint64_t size, uint64_t value, long aux)
{
    if (rt.out && rt.events < rt.max_trace)
        rt_out_record(t, what, loc, addr, size, value, aux);
    t->stepped = 0;
    rt.events++;
}

/* The shadow memory (rt_shadow.c keeps it; its layout is here for the
 * fast path).  One access as recorded, 16 bytes, so that a cell is 32 and
 * a whole grain's history one half of a cache line: */
typedef struct rt_acc {
    uint32_t clock;
    uint32_t site;           /* depot node of (stack, loc): rt_depot(stack, loc) */
    uint32_t ev;
    uint16_t tid;
    uint8_t atomic;
    uint8_t bits;            /* RT_ACC_* */
} rt_acc;

#define RT_ACC_VALID 1u  /* a record (all zero: none) */
#define RT_ACC_HIDDEN 2u /* its races are suppressed: rt_hidden_loc(ev) names the annotation */
#define RT_ACC_MORE 4u   /* in a cell's w only: the cell keeps earlier reads (rt_more_of) */

/* The history of a byte (or of all bytes of a grain or a page that share
 * one): the last write, the last read, and, when w has RT_ACC_MORE,
 * earlier reads concurrent with that one, one per thread, kept beside the
 * cell (rt_shadow_side.c): few cells have them, and the cell stays small. */
typedef struct rt_cell {
    rt_acc w, r;
} rt_cell;

/* A cell's earlier reads. */
typedef struct rt_more {
    uint32_t n;
    rt_acc a[];
} rt_more;

/* rt_shadow_side.c: what a cell has no room for.  The earlier reads of a
 * cell by its address (NULL when it has none); set replaces them (NULL:
 * none), and the cell's RT_ACC_MORE says whether it has them. */
rt_more *rt_more_of(const rt_cell *c);
void rt_more_set(rt_cell *c, rt_more *m);
/* the annotation that hides the records of access ev (0: none); put:
 * records of an earlier access hidden (new memory), run: an access in an
 * ignore region, ev not below any before */
uint32_t rt_hidden_loc(uint32_t ev);
void rt_hidden_put(uint32_t ev, uint32_t loc);
void rt_hidden_run(uint32_t ev, uint32_t loc);

/* The depot's recent answers by loc (rt_shadow.c, rt_depot): the site of
 * an access at loc from stack parent is found here without hashing. */
typedef struct rt_memo {
    uint32_t parent, loc, node;
} rt_memo;
#define RT_MEMO 1024
extern RT_INTERNAL rt_memo rt_depot_memo[RT_MEMO];

/* The hot path's rare cases, out of line and cold, so that the code
 * around their calls keeps its registers. */
#define RT_COLD __attribute__((cold, noinline))
RT_COLD uint32_t rt_site_slow(const rt_thread *t, uint32_t loc); /* rt_depot(t->node, loc) */

/* The site of t's access at loc (rt_depot(t->node, loc)). */
static inline RT_HOT uint32_t rt_site(const rt_thread *t, uint32_t loc)
{
    const rt_memo *m = &rt_depot_memo[loc & (RT_MEMO - 1)];
    if (__builtin_expect(m->node && m->parent == t->node && m->loc == loc, 1))
        return m->node;
    return rt_site_slow(t, loc);
}

#define RT_PAGE_BITS 8
#define RT_PAGE (1u << RT_PAGE_BITS)
#define RT_GRAIN 8
#define RT_NGRAIN (RT_PAGE / RT_GRAIN)

/* A page's grains, allocated when the page is first used in part.  A
 * whole grain's cell holds the history of its 8 bytes, except that its
 * last read covers only the bytes of the page's rmask[g] (the others have
 * no read since the write; the earlier reads kept cover all 8): a string
 * read byte by byte by one thread stays one cell.  A split grain has a
 * cell per byte (bytes[g]). */
typedef struct rt_grains {
    rt_cell cell[RT_NGRAIN];
    rt_cell *bytes[RT_NGRAIN];
} rt_grains;

/* The shadow of 256 aligned bytes, direct-mapped from their address
 * (rt_shadow_dir): all zero is untouched memory.  While the page is not
 * spread, `top` is the history of all its bytes, so a range (a read(2)
 * buffer, a memcpy) checks one cell per page. */
typedef struct rt_page {
    uint32_t spread;
    uint32_t whole;          /* spread: bit g, grain g is whole */
    rt_grains *g;            /* NULL until the page is first spread */
    uint8_t rmask[RT_NGRAIN];
    rt_cell top;
} __attribute__((aligned(64))) rt_page; /* 128 bytes: the index is a shift */

/* Pages of 2^RT_CHUNK_BITS in a row (256 MB of application memory) share
 * one reservation, mapped lazily: the directory covers 47-bit addresses. */
#define RT_CHUNK_BITS 20
#define RT_DIR_BITS (47 - RT_PAGE_BITS - RT_CHUNK_BITS)
extern RT_INTERNAL rt_page *rt_shadow_dir[1u << RT_DIR_BITS];

/* The page of address a when its chunk is mapped, else NULL. */
static inline RT_HOT rt_page *rt_page_at(uintptr_t a)
{
    uintptr_t key = a >> RT_PAGE_BITS, d = key >> RT_CHUNK_BITS;
    if (d >= (1u << RT_DIR_BITS) || !rt_shadow_dir[d])
        return NULL;
    return &rt_shadow_dir[d][key & ((1u << RT_CHUNK_BITS) - 1)];
}

/* True when `prev` by another thread is not ordered before t's access. */
static inline RT_HOT int rt_concurrent(const rt_thread *t, const rt_acc *prev, int now_atomic)
{
    return (prev->bits & RT_ACC_VALID) && prev->tid != t->id && !(prev->atomic && now_atomic) &&
           prev->clock > ((uint32_t)prev->tid < t->vc.n ? t->vc.c[prev->tid] : 0);
}

/* Whether record r stands for a new access of t in the same epoch: same
 * thread and clock, atomicity and suppression, and no clock anywhere
 * changed nor unmodelled call ran since (so the locks held and the kind of
 * report are the same too). */
static inline RT_HOT int rt_same_epoch(const rt_thread *t, const rt_acc *r, uint32_t clock, int atomic)
{
    return (r->bits & (RT_ACC_VALID | RT_ACC_HIDDEN)) == RT_ACC_VALID && r->tid == (uint32_t)t->id &&
           r->clock == clock && r->atomic == atomic && r->ev >= (uint32_t)rt.sync_ev &&
           r->ev >= (uint32_t)rt.unmod_ev;
}

/* Whether a read by t replaces record r instead of keeping it as an
 * earlier read (rt_shadow.c's kept, negated): r is t's own, or another
 * thread's ordered before t. */
static inline RT_HOT int rt_replaces(const rt_thread *t, const rt_acc *r)
{
    return r->tid == (uint32_t)t->id || !rt_concurrent(t, r, 1);
}

/* The record of t's access at loc now. */
static inline RT_HOT rt_acc rt_record(const rt_thread *t, uint32_t clock, int atomic, uint32_t loc)
{
    return (rt_acc){clock, rt_site(t, loc), (uint32_t)rt.events, (uint16_t)t->id, (uint8_t)atomic,
                    RT_ACC_VALID};
}

/* A write by t that reports nothing: the cell keeps no earlier reads,
 * and its write and read are t's or ordered before t.  When its write is
 * t's at the same instruction and stack in the same epoch and its read,
 * if any, t's, it stands for this one (only t's read is forgotten);
 * otherwise this write becomes it and the read is forgotten, as the slow
 * path's access_byte would. */
static inline RT_HOT int rt_fast_write(const rt_thread *t, rt_cell *c, uint32_t clock, int atomic,
                                uint32_t loc)
{
    if ((c->w.bits & RT_ACC_MORE) || rt_concurrent(t, &c->w, atomic) ||
        rt_concurrent(t, &c->r, atomic))
        return 0;
    if (!rt_same_epoch(t, &c->w, clock, atomic) || c->w.site != rt_site(t, loc) ||
        ((c->r.bits & RT_ACC_VALID) && c->r.tid != (uint32_t)t->id))
        c->w = rt_record(t, clock, atomic, loc);
    memset(&c->r, 0, sizeof c->r);
    return 1;
}

/* An access by t, the only live thread, to cell c standing for more
 * bytes than it touches (a page not spread, or a whole grain written in
 * part), when every record of c is ordered before t: it reports nothing,
 * and the cell takes it as one of all its bytes, as rt_shadow.c's
 * alone_after and access_alone do. */
static inline RT_HOT int rt_fast_alone(const rt_thread *t, rt_cell *c, int write, int atomic,
                                       uint32_t loc)
{
    if (rt.live != 1 || (c->w.bits & RT_ACC_MORE) || rt_concurrent(t, &c->w, 0) ||
        rt_concurrent(t, &c->r, 0))
        return 0;
    if (write) {
        memset(&c->r, 0, sizeof c->r);
        c->w = rt_record(t, t->epoch, atomic, loc);
    } else {
        c->r = rt_record(t, t->epoch, atomic, loc);
    }
    return 1;
}

/* Whether t's earlier read kept in cell c (RT_ACC_MORE) is one of the
 * same epoch (rt_shadow_side.c). */
RT_COLD int rt_fast_read_more(const rt_thread *t, const rt_cell *c, uint32_t clock, int atomic);

/* A read by t that changes nothing, or only records itself: the write is
 * ordered before t, and t already read the bytes in the same epoch (the
 * cell's read, when it covers them - *mask, the bytes it covers, when the
 * cell is a whole grain's - or one of the earlier reads kept, which cover
 * the cell), or the cell's read is t's at the same instruction and stack
 * in the same epoch (it grows to these bytes, as access_part would), or
 * the cell has no read since its write, or one this read replaces - on
 * every byte it covered, in a whole grain's cell - as the slow path's
 * access_part and add_read would (this read becomes it, covering
 * `bits`). */
static inline RT_HOT int rt_fast_read(const rt_thread *t, rt_cell *c, uint8_t *mask, unsigned bits,
                               uint32_t clock, int atomic, uint32_t loc)
{
    if (rt_concurrent(t, &c->w, atomic))
        return 0;
    if (!(c->r.bits & RT_ACC_VALID))
        goto record;
    if (rt_same_epoch(t, &c->r, clock, atomic)) {
        if (!mask || !(bits & ~*mask))
            return 1;
        /* the same instruction on more bytes of the grain: the record
         * stands for its reads of the grain in the epoch (access_part) */
        if (c->r.site == rt_site(t, loc)) {
            *mask |= (uint8_t)bits;
            return 1;
        }
    }
    if (rt_replaces(t, &c->r) && (!mask || !(*mask & ~bits)))
        goto record;
    return (c->w.bits & RT_ACC_MORE) && rt_fast_read_more(t, c, clock, atomic);
record:
    c->r = rt_record(t, clock, atomic, loc);
    if (mask)
        *mask = (uint8_t)bits;
    return 1;
}

/* The slot of t's remembered reads for the grain of address a. */
static inline RT_HOT struct rt_rc *rt_rc_slot(rt_thread *t, uintptr_t a)
{
    return &t->rc[(a / RT_GRAIN) & (RT_RC_SLOTS - 1)];
}

/* Whether a read by t of [a, a+size) repeats bytes of a grain whose read
 * rt_shadow_fast took as done, remembered in its slot (rt_remember_read),
 * or bytes its cell's read, one of t's in this epoch, covered then
 * (rt_remember_cell): nothing that could change its cells' answer
 * happened since (rt.shadow_gen did not move: no clock changed, no other
 * thread ran, no shadow update left the fast path), and t wrote no byte
 * of it since (rt_forget_read), so the fast path would take it again,
 * changing nothing. */
static inline RT_HOT int rt_read_cached(const rt_thread *t, uintptr_t a, uint64_t size)
{
    unsigned off = (unsigned)(a & (RT_GRAIN - 1));
    const struct rt_rc *e = &t->rc[(a / RT_GRAIN) & (RT_RC_SLOTS - 1)];
    if (e->gen != rt.shadow_gen || e->grain != a / RT_GRAIN || size > RT_GRAIN - off)
        return 0;
    unsigned bits = ((1u << size) - 1) << off;
    return !(bits & ~e->mask);
}

/* After t's plain read of [a, a+size) inside one grain on the fast path:
 * its bytes are remembered in the grain's slot (replacing another grain's,
 * or one of an earlier step). */
static inline RT_HOT struct rt_rc *rt_remember_read(rt_thread *t, uintptr_t a, uint64_t size)
{
    unsigned bits = ((1u << size) - 1) << (a & (RT_GRAIN - 1));
    struct rt_rc *e = rt_rc_slot(t, a);
    if (e->gen == rt.shadow_gen && e->grain == a / RT_GRAIN) {
        e->mask |= (uint8_t)bits;
        return e;
    }
    e->gen = rt.shadow_gen;
    e->grain = a / RT_GRAIN;
    e->mask = (uint8_t)bits;
    return e;
}

/* After t's plain read of a grain remembered in slot e, whole, with cell
 * c and mask *mask: when c's read is t's of this epoch (not hidden), the
 * bytes it covers are bytes t already read in this epoch, which
 * rt_fast_read takes changing nothing, as rt_read_cached then does. */
static inline RT_HOT void rt_remember_cell(rt_thread *t, struct rt_rc *e, const rt_cell *c,
                                           uint8_t mask)
{
    if (rt_same_epoch(t, &c->r, t->epoch, 0))
        e->mask |= mask;
}

/* A write by t on the fast path, of bytes of the grain at a (the fast
 * path changes no other cell): its remembered read of that grain, which
 * only the grain's slot can hold, and its remembered range reads when
 * they hold the grain, no longer say what the cells hold. */
static inline void rt_forget_read(rt_thread *t, uintptr_t a)
{
    struct rt_rc *e = rt_rc_slot(t, a);
    if (e->grain == a / RT_GRAIN)
        e->gen = 0;
    if (a / RT_GRAIN - t->rr_lo <= t->rr_hi - t->rr_lo)
        t->rr_gen = 0;
}

/* Whether a plain read by t of [a, a+size) lies inside the bytes of t's
 * range reads remembered (rt_remember_range): rt_shadow_fast_span took
 * each of their pieces, after which each byte's cell holds a read of t's
 * in this epoch covering it (its read, or one of the earlier reads kept)
 * and a write ordered before t; nothing that could change the cells moved
 * since (rt.shadow_gen, as for rt_read_cached) and t wrote none of their
 * grains (rt_forget_read).  The fast path would take each piece again
 * changing nothing, and so the read may skip it. */
static inline RT_HOT int rt_range_cached(const rt_thread *t, uintptr_t a, uint64_t size)
{
    return t->rr_gen == rt.shadow_gen && a >= t->rr_a && size <= t->rr_b - a;
}

/* After rt_shadow_fast_span took all of [a, a+size): remembered, joined
 * with the bytes remembered before when the two touch (all of them are
 * then such bytes). */
static inline void rt_remember_range(rt_thread *t, uintptr_t a, uint64_t size)
{
    uintptr_t b = a + size;
    if (t->rr_gen == rt.shadow_gen && a <= t->rr_b && b >= t->rr_a) {
        a = a < t->rr_a ? a : t->rr_a;
        b = b > t->rr_b ? b : t->rr_b;
    }
    t->rr_gen = rt.shadow_gen;
    t->rr_a = a, t->rr_b = b;
    t->rr_lo = a / RT_GRAIN, t->rr_hi = (b - 1) / RT_GRAIN;
}

/* The read of size bytes at a, inside one grain of spread page p, on the
 * fast path (rt_fast_read per cell); a plain read that took it is
 * remembered (the cached check is for plain reads only). */
static inline RT_HOT int rt_fast_read_in_page(rt_thread *t, rt_page *p, uintptr_t a, unsigned size,
                                              int atomic, uint32_t loc)
{
    unsigned off = (unsigned)(a & (RT_GRAIN - 1)), g = (unsigned)(a & (RT_PAGE - 1)) / RT_GRAIN;
    int whole = p->whole >> g & 1;
    if (whole) {
        if (!rt_fast_read(t, &p->g->cell[g], &p->rmask[g], ((1u << size) - 1) << off, t->epoch, atomic,
                          loc))
            return 0;
    } else {
        rt_cell *c = &p->g->bytes[g][off];
        for (unsigned i = 0; i < size; i++)
            if (!rt_fast_read(t, &c[i], NULL, 1, t->epoch, atomic, loc))
                return 0;
    }
    if (!atomic) {
        struct rt_rc *e = rt_remember_read(t, a, size);
        if (whole)
            rt_remember_cell(t, e, &p->g->cell[g], p->rmask[g]);
    }
    return 1;
}

/* The site of t's access at loc when the depot's memo has it, else 0
 * (rt_site without its out-of-line call). */
static inline RT_HOT uint32_t rt_site_memo(const rt_thread *t, uint32_t loc)
{
    const rt_memo *m = &rt_depot_memo[loc & (RT_MEMO - 1)];
    return m->node && m->parent == t->node && m->loc == loc ? m->node : 0;
}

/* rt_read_grain_fast in a split grain, its bytes' cells c: each byte's
 * write ordered before t, and its read t's of this epoch (kept), or absent
 * or replaced (rt_fast_read with no mask), all checked before any cell
 * changes; the read remembered, as rt_fast_read_in_page remembers it. */
static inline RT_HOT int rt_read_bytes_fast(rt_thread *t, uintptr_t a, unsigned size, rt_cell *c,
                                            uint32_t loc)
{
    unsigned record = 0; /* bit i: byte i's read becomes this one */
    for (unsigned i = 0; i < size; i++) {
        if (rt_concurrent(t, &c[i].w, 0))
            return 0;
        if (!(c[i].r.bits & RT_ACC_VALID))
            record |= 1u << i;
        else if (rt_same_epoch(t, &c[i].r, t->epoch, 0))
            continue;
        else if (rt_replaces(t, &c[i].r))
            record |= 1u << i;
        else
            return 0; /* rt_fast_read_more's case, or the slow path's */
    }
    if (record) {
        uint32_t site = rt_site_memo(t, loc);
        if (!site)
            return 0;
        rt_acc now = {t->epoch, site, (uint32_t)rt.events, (uint16_t)t->id, 0, RT_ACC_VALID};
        for (unsigned i = 0; i < size; i++)
            if (record >> i & 1)
                c[i].r = now;
    }
    rt_remember_read(t, a, size);
    return 1;
}

/* FAST PATH of a plain read of size bytes at a, inside one grain: what
 * rt_shadow_fast does in the cases it decides with no call.  In a whole
 * grain of a spread page: the write ordered before t, and the cell's
 * read t's of this epoch covering the bytes (or made so by the same
 * instruction), absent, or replaced (rt_fast_read), and the read
 * remembered, as rt_fast_read_in_page remembers it.  In a page not
 * spread, while t is the only live thread: rt_fast_alone.  Returns 0,
 * with nothing changed, in every other case (a split grain, an earlier
 * read kept, a site not in the depot's memo, ...): the caller then takes
 * the whole access the usual way. */
static inline RT_HOT int rt_read_grain_fast(rt_thread *t, uintptr_t a, unsigned size, uint32_t loc)
{
    unsigned off = (unsigned)(a & (RT_GRAIN - 1)), g = (unsigned)(a & (RT_PAGE - 1)) / RT_GRAIN;
    rt_page *p;
    rt_cell *c;
    uint32_t site;
    if (size > RT_GRAIN - off || !(p = rt_page_at(a)))
        return 0;
    if (!p->spread) {
        c = &p->top;
        if (rt.live != 1 || (c->w.bits & RT_ACC_MORE) || rt_concurrent(t, &c->w, 0) ||
            rt_concurrent(t, &c->r, 0) || !(site = rt_site_memo(t, loc)))
            return 0;
        c->r = (rt_acc){t->epoch, site, (uint32_t)rt.events, (uint16_t)t->id, 0, RT_ACC_VALID};
        return 1;
    }
    if (!(p->whole >> g & 1))
        return rt_read_bytes_fast(t, a, size, &p->g->bytes[g][off], loc);
    c = &p->g->cell[g];
    uint8_t *mask = &p->rmask[g];
    unsigned bits = ((1u << size) - 1) << off;
    if (rt_concurrent(t, &c->w, 0))
        return 0;
    if (!(c->r.bits & RT_ACC_VALID))
        goto record;
    if (rt_same_epoch(t, &c->r, t->epoch, 0)) {
        if (!(bits & ~*mask))
            goto done;
        if (!(site = rt_site_memo(t, loc)))
            return 0;
        if (c->r.site == site) {
            *mask |= (uint8_t)bits;
            goto done;
        }
    }
    if (!rt_replaces(t, &c->r) || (*mask & ~bits))
        return 0; /* rt_fast_read_more's case, or the slow path's */
record:
    if (!(site = rt_site_memo(t, loc)))
        return 0;
    c->r = (rt_acc){t->epoch, site, (uint32_t)rt.events, (uint16_t)t->id, 0, RT_ACC_VALID};
    *mask = (uint8_t)bits;
done:
    rt_remember_cell(t, rt_remember_read(t, a, size), c, *mask);
    return 1;
}

/* The shadow check of an access inside one grain (a whole grain's cell,
 * or the cells of its bytes in a split one) when it reports nothing and
 * the slow path would at most record it: a read of bytes the read already
 * covers, or a write over t's write, both by t in the same epoch
 * (FastTrack's same-epoch rule), or a read or write whose cell's records
 * it replaces, all ordered before t (rt_fast_read, rt_fast_write), or,
 * while t is the only live thread, an access to a page not spread or a
 * write of part of a whole grain (rt_fast_alone).  Returns 1 when done; 0
 * sends it to rt_shadow_access. */
static inline RT_HOT int rt_shadow_fast(rt_thread *t, uintptr_t a,
                                                                uint64_t size, uint32_t flags,
                                                                uint32_t loc)
{
    unsigned off = (unsigned)(a & (RT_GRAIN - 1));
    if (size > RT_GRAIN - off || size == 0 || t->off_fast || /* t->off_fast: an ignore region */
        (flags & (RH_RT_READ | RH_RT_WRITE)) == (RH_RT_READ | RH_RT_WRITE))
        return 0;
    rt_page *p = rt_page_at(a);
    if (!p)
        return 0;
    unsigned g = (unsigned)(a & (RT_PAGE - 1)) / RT_GRAIN;
    uint32_t clock = t->epoch;
    int atomic = (flags & RH_RT_ATOMIC) != 0, write = (flags & RH_RT_WRITE) != 0;
    if (write)
        rt_forget_read(t, a);
    if (!p->spread)
        return rt_fast_alone(t, &p->top, write, atomic, loc);
    if (!write)
        return rt_fast_read_in_page(t, p, a, (unsigned)size, atomic, loc);
    if (p->whole >> g & 1) {
        if (size == RT_GRAIN)
            return rt_fast_write(t, &p->g->cell[g], clock, atomic, loc);
        if (!rt_fast_alone(t, &p->g->cell[g], 1, atomic, loc))
            return 0;
        p->rmask[g] = 0xFF;
        return 1;
    }
    rt_cell *c = &p->g->bytes[g][off];
    for (unsigned i = 0; i < size; i++)
        if (!rt_fast_write(t, &c[i], clock, atomic, loc))
            return 0;
    return 1;
}

/* What the pieces of one range read share, looked up once for the range
 * rather than once a piece: nothing in the fast path's loop changes them
 * (it writes only cells, masks and t's remembered read). */
typedef struct rt_span {
    const uint32_t *vc;      /* t->vc.c */
    uint32_t vcn, tid, clock;
    uint32_t bound;          /* the larger of rt.sync_ev and rt.unmod_ev, as rt_same_epoch casts them */
    rt_acc now;              /* the record of the read (rt_record), made at its first use */
} rt_span;

/* rt_concurrent(t, prev, atomic), on the span's copies. */
static inline RT_HOT int rt_span_concurrent(const rt_span *s, const rt_acc *prev, int now_atomic)
{
    return (prev->bits & RT_ACC_VALID) && prev->tid != s->tid && !(prev->atomic && now_atomic) &&
           prev->clock > (prev->tid < s->vcn ? s->vc[prev->tid] : 0);
}

/* The fast path for one whole grain's cell of a plain range read:
 * rt_fast_read's two common answers, decided as it decides them - the
 * bytes already read by t in this epoch (nothing changes), or a read
 * that replaces the cell's (it becomes the cell's read): 1.  Either way
 * the cell's read is then one of t's in this epoch covering the bytes.
 * 0: not decided here, nothing changed; rt_fast_read_in_page decides. */
static inline RT_HOT int rt_span_grain(rt_thread *t, rt_span *s, rt_cell *c, uint8_t *mask,
                                       unsigned bits, uint32_t loc)
{
    const rt_acc *r = &c->r;
    if (rt_span_concurrent(s, &c->w, 0))
        return 0;
    if (r->bits & RT_ACC_VALID) {
        if ((r->bits & RT_ACC_HIDDEN) == 0 && r->tid == s->tid && r->clock == s->clock &&
            !r->atomic && r->ev >= s->bound) /* rt_same_epoch */
            return !(bits & ~*mask);
        if ((r->tid != s->tid && rt_span_concurrent(s, r, 1)) || (*mask & ~bits)) /* !rt_replaces */
            return 0;
    }
    if (!s->now.bits)
        s->now = rt_record(t, s->clock, 0, loc);
    c->r = s->now;
    *mask = (uint8_t)bits;
    return 1;
}

/* rt_span_grain for the m bytes (m < RT_GRAIN) of a piece in a split
 * grain, cells c: each cell's read becomes, or already is, one of t's in
 * this epoch.  0: not decided here; the cells before the one that was not
 * decided may have taken the read, as rt_fast_read_in_page then finds. */
static inline RT_HOT int rt_span_bytes(rt_thread *t, rt_span *s, rt_cell *c, unsigned m,
                                       uint32_t loc)
{
    for (unsigned i = 0; i < m; i++) {
        uint8_t mask = 0xFF;
        if (!rt_span_grain(t, s, &c[i], &mask, 0xFF, loc))
            return 0;
    }
    return 1;
}

/* A plain read of a range (a string function's, up to a page) piece by
 * piece, each inside one grain, on the fast path: 1 when every piece took
 * it.  0 sends the range to rt_shadow_read_from, which does again what
 * rt_shadow_access would have done to the pieces the fast path took (a
 * piece it took is a read by t the slow path finds as t's own of the
 * same epoch, so it at most replaces it with a record of this read and
 * reports nothing for it: its write was ordered before t) - cheaply, up
 * to *from, when rt_span_grain took all of them - and checks the rest.
 * A piece rt_span_grain takes is not remembered (rt_remember_read): the
 * read remembered before stays true, as the cells it names change only
 * to a read of t's in this epoch covering its bytes. */
static inline RT_HOT int rt_shadow_fast_span(rt_thread *t, uintptr_t a, uint64_t size,
                                             uint32_t flags, uint32_t loc, uintptr_t *from)
{
    *from = a;
    if ((flags & (RH_RT_WRITE | RH_RT_ATOMIC)) || size > RT_PAGE || t->off_fast)
        return 0;
    uint32_t sync = (uint32_t)rt.sync_ev, unmod = (uint32_t)rt.unmod_ev;
    rt_span s = {t->vc.c, t->vc.n, (uint32_t)t->id, t->epoch, sync > unmod ? sync : unmod, {0}};
    int all = 1; /* every piece so far taken by rt_span_grain */
    /* rt_shadow_fast's read piece by piece, each page found once for all
     * of its pieces */
    rt_page *p = NULL;
    uintptr_t pkey = 0;
    for (uint64_t i = 0; i < size;) {
        uintptr_t b = a + i;
        unsigned off = (unsigned)(b & (RT_GRAIN - 1));
        uint64_t m = RT_GRAIN - off;
        m = m < size - i ? m : size - i;
        i += m;
        if (all)
            *from = b;
        if (!p || pkey != b >> RT_PAGE_BITS) {
            pkey = b >> RT_PAGE_BITS;
            if (!(p = rt_page_at(b)) || !p->spread)
                return 0;
        }
        unsigned g = (unsigned)(b & (RT_PAGE - 1)) / RT_GRAIN;
        if ((p->whole >> g & 1)
                ? rt_span_grain(t, &s, &p->g->cell[g], &p->rmask[g], ((1u << m) - 1) << off, loc)
                : m < RT_GRAIN && rt_span_bytes(t, &s, &p->g->bytes[g][off], (unsigned)m, loc)) {
            /* the whole grains after it in the page, while rt_span_grain
             * takes them: the pieces the loop would take next, in order
             * (one it does not take is left to the loop, unchanged) */
            while (size - i >= RT_GRAIN && ((a + i) & (RT_PAGE - 1)) &&
                   (p->whole >> (g + 1) & 1) &&
                   rt_span_grain(t, &s, &p->g->cell[g + 1], &p->rmask[g + 1], 0xFF, loc))
                i += RT_GRAIN, g++;
            continue;
        }
        all = 0;
        if (rt_read_cached(t, b, m))
            continue;
        if (!rt_fast_read_in_page(t, p, b, (unsigned)m, 0, loc))
            return 0;
    }
    return 1;
}

#endif
