/* rt_annot.c - the runtime's side of the annotations that hide races
 * (model/annotations.c): benign ranges (AnnotateBenignRaceSized,
 * VALGRIND_HG_DISABLE_CHECKING), per-thread ignore regions
 * (AnnotateIgnoreReadsBegin/End, __tsan_ignore_thread_*) and new memory
 * (AnnotateNewMemory, VALGRIND_HG_CLEAN_MEMORY).
 *
 * None of them drops a race: a race they cover is still written, followed
 * by "H LOC" naming the annotation (rt_shadow.c), and the engine reports
 * it as suppressed with that reason.  New memory marks the accesses made
 * before it, so a race of a later access with one of them is suppressed
 * by it, and later races on that memory are not.
 */
#include "rt.h"

#include <malloc.h>
#include <stdlib.h>

typedef struct rt_range {
    uintptr_t lo, hi;  /* [lo, hi) */
    uint32_t loc;
} rt_range;

static rt_range *ranges;
static size_t nranges, capranges;

static void add_benign(uintptr_t a, uint64_t size, uint32_t loc)
{
    if (nranges == capranges) {
        capranges = capranges ? 2 * capranges : 16;
        ranges = realloc(ranges, capranges * sizeof *ranges);
        if (!ranges)
            abort();
    }
    ranges[nranges++] = (rt_range){a, a + (size ? size : 1), loc};
}

/* Checking enabled again (VALGRIND_HG_ENABLE_CHECKING): benign ranges
 * inside [a, a+size) end. */
static void drop_benign(uintptr_t a, uint64_t size)
{
    size_t k = 0;
    for (size_t i = 0; i < nranges; i++)
        if (!(ranges[i].lo >= a && ranges[i].hi <= a + size))
            ranges[k++] = ranges[i];
    nranges = k;
}

uint32_t rt_annot_benign_at(uintptr_t a, uint64_t size)
{
    uint64_t n = size ? size : 1;
    for (size_t i = nranges; i-- > 0;) /* the latest annotation names the reason */
        if (ranges[i].lo < a + n && a < ranges[i].hi)
            return ranges[i].loc;
    return 0;
}

uint32_t rt_annot_ignored(const rt_thread *t, uint32_t access_flags)
{
    if ((access_flags & RH_RT_WRITE) && t->ignore_w)
        return t->ignore_w_loc;
    if ((access_flags & RH_RT_READ) && t->ignore_r)
        return t->ignore_r_loc;
    return 0;
}

static void ignore(int *depth, uint32_t *at, int begin, uint32_t loc)
{
    if (begin && (*depth)++ == 0)
        *at = loc;
    else if (!begin && *depth > 0)
        (*depth)--;
}

void rt_annot_op(rt_thread *t, uint32_t op, uint32_t flags, void *obj, uint64_t n, uint32_t loc)
{
    rt.shadow_gen++; /* what a remembered read stands for may change (rt_fast.h) */
    uintptr_t a = (uintptr_t)obj;
    switch (op) {
    case RH_OP_BENIGN:
        if (a)
            add_benign(a, n, loc);
        return;
    case RH_OP_IGNORE_BEGIN: case RH_OP_IGNORE_END:
        if (flags & RH_F_OBJ_READ)
            ignore(&t->ignore_r, &t->ignore_r_loc, op == RH_OP_IGNORE_BEGIN, loc);
        if (flags & RH_F_OBJ_WRITE)
            ignore(&t->ignore_w, &t->ignore_w_loc, op == RH_OP_IGNORE_BEGIN, loc);
        rt_refold(t);
        return;
    case RH_OP_FORGET:
        if (!a)
            return;
        if (!n) /* VALGRIND_HG_CLEAN_MEMORY_HEAPBLOCK: the heap block at obj */
            n = malloc_usable_size(obj);
        rt_shadow_hide(a, n, loc);
        if (flags & RH_F_OBJ_WRITE)
            drop_benign(a, n);
        return;
    default:
        return;
    }
}
