/* rt_target.c - directed runs at one candidate pair of accesses (active
 * testing, as RaceFuzzer does): a thread about to perform an access at a
 * target location (side A or B, RH_RT_TARGET) is held there, not
 * scheduled, until another thread reaches an access of the other side on
 * overlapping bytes, at least one of the two a write.  Then the held thread
 * runs next, so the two accesses happen one right after the other; when
 * nothing orders them, the happens-before detector reports the race as it
 * reports any other, with the run's schedule as its witness (a replay
 * needs no target: the schedule holds the thread by itself).
 *
 * A hold ends, without a meeting, when no other thread can run (the
 * partner may wait for a lock the held thread holds: then they never race)
 * or after RT_HOLD_STEPS points; a run holds at most RT_MAX_HOLDS times, so
 * an access in a hot loop cannot starve the run.
 *
 * RH_RT_TARGET: "A,A,...;B,B,..." location ids of the two sides (one
 * source line may have several).  An id on both sides is a pair of one
 * line with itself (x++ in two threads).
 */
#include "rt.h"

#include <stdlib.h>
#include <string.h>

#define RT_HOLD_STEPS 60000
#define RT_MAX_HOLDS 64

static unsigned char *side_of; /* loc id -> bit 1: side A, bit 2: side B */
static unsigned long nside;
static int next_tid = -1;      /* a released thread, to run at the next choice */
static unsigned long holds;

static void add_side(const char *list, unsigned char bit)
{
    for (const char *p = list; p && *p && *p != ';';) {
        char *end;
        unsigned long id = strtoul(p, &end, 10);
        if (end == p)
            break;
        if (id >= nside) {
            unsigned long n = id + 1;
            side_of = realloc(side_of, n);
            if (!side_of)
                abort();
            memset(side_of + nside, 0, n - nside);
            nside = n;
        }
        side_of[id] |= bit;
        p = *end == ',' ? end + 1 : end;
    }
}

void rt_target_init(void)
{
    const char *v = getenv("RH_RT_TARGET");
    if (!v || !*v)
        return;
    add_side(v, 1);
    const char *b = strchr(v, ';');
    add_side(b ? b + 1 : NULL, 2);
}

int rt_target_held(const rt_thread *t)
{
    return t->on_hold;
}

static void release(rt_thread *h)
{
    h->on_hold = 0;
    next_tid = h->id;
    rt.dirty = 1;
}

rt_thread *rt_target_next(void)
{
    if (next_tid < 0 || next_tid >= rt.nth)
        return NULL;
    rt_thread *t = rt.th[next_tid];
    next_tid = -1;
    return t;
}

int rt_target_release_oldest(void)
{
    rt_thread *oldest = NULL;
    for (int i = 0; i < rt.nth; i++)
        if (rt.th[i]->on_hold && !rt.th[i]->done &&
            (!oldest || rt.th[i]->hold_since < oldest->hold_since))
            oldest = rt.th[i];
    if (oldest)
        release(oldest);
    return oldest != NULL;
}

void rt_target_expire(void)
{
    for (int i = 0; side_of && i < rt.nth; i++)
        if (rt.th[i]->on_hold && rt.steps - rt.th[i]->hold_since > RT_HOLD_STEPS)
            release(rt.th[i]);
}

/* The thread h held at the other side of t's access, on overlapping
 * bytes, one of the two a write; or NULL. */
static rt_thread *partner(const rt_thread *t, uintptr_t a, uint64_t size, int write, int side)
{
    for (int i = 0; i < rt.nth; i++) {
        rt_thread *h = rt.th[i];
        if (h == t || !h->on_hold || h->done)
            continue;
        int sides = (side & 1 && h->hold_side & 2) || (side & 2 && h->hold_side & 1);
        if (sides && (write || h->hold_write) && a < h->hold_addr + h->hold_size &&
            h->hold_addr < a + size)
            return h;
    }
    return NULL;
}

void rt_target_reach(rt_thread *t, void *p, uint64_t size, uint32_t flags, uint32_t loc)
{
    if (!side_of || loc >= nside || !side_of[loc] || t->atomic_depth || (flags & RH_RT_ATOMIC))
        return;
    int side = side_of[loc], write = (flags & RH_RT_WRITE) != 0;
    rt_thread *h = partner(t, (uintptr_t)p, size, write, side);
    if (h) { /* the pair meets: the held thread performs its access next */
        release(h);
        return;
    }
    if (holds >= RT_MAX_HOLDS)
        return;
    holds++;
    t->on_hold = 1;
    t->hold_addr = (uintptr_t)p, t->hold_size = size, t->hold_write = write;
    t->hold_side = side, t->hold_since = rt.steps;
    rt.dirty = 1;
    rt_point(t, loc); /* returns once released */
    next_tid = t->id; /* and its access is the next thing that runs */
    rt.dirty = 1;
}
