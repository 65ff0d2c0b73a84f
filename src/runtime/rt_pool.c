/* rt_pool.c - fixed-size blocks for the shadow memory's spread pages and
 * split grains (rt_shadow.c), carved from large anonymous mappings and
 * recycled through a free list.  A split grain is often rejoined soon
 * after, and with malloc the shadow's blocks went to the arena of whichever
 * program thread made them, each arena growing by mprotect calls and
 * keeping its own free blocks: here one mapping serves all threads and a
 * freed block goes to the next split.  (Asking for transparent huge pages
 * for the mappings cost more system time in zeroing than it saved in
 * faults; a mapping is instead prefaulted a step at a time, ahead of
 * the blocks handed out: one system call where touching it would take a
 * page fault per page.)  Only the token holder runs runtime code (rt.h),
 * so the pools need no lock.
 */
#include "rt.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define RT_POOL_REGION (32u << 20) /* bytes per mapping, reserved, touched as used */
#define RT_POOL_STEP (256u << 10)   /* bytes prefaulted at a time; divides RT_POOL_REGION */

/* Makes the mapping's pages up to the end of the block at pl->next
 * present, a step at a time.  A kernel without MADV_POPULATE_WRITE (before
 * Linux 5.14) refuses it, and the pages fault in as they are touched. */
static void prefault(rt_pool *pl)
{
#ifdef MADV_POPULATE_WRITE
    while (pl->ready < pl->next + pl->size) {
        if (madvise(pl->ready, RT_POOL_STEP, MADV_POPULATE_WRITE) != 0) {
            pl->ready = pl->next + pl->left; /* not again for this mapping */
            return;
        }
        pl->ready += RT_POOL_STEP;
    }
#else
    (void)pl;
#endif
}

void *rt_pool_get(rt_pool *pl)
{
    void *b = pl->free;
    if (b) {
        memcpy(&pl->free, b, sizeof pl->free);
        return b;
    }
    if (pl->left < pl->size) {
        void *m = mmap(NULL, RT_POOL_REGION, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (m == MAP_FAILED)
            abort();
        pl->next = pl->ready = m;
        pl->left = RT_POOL_REGION;
    }
    if (pl->ready < pl->next + pl->size)
        prefault(pl);
    b = pl->next;
    pl->next += pl->size;
    pl->left -= pl->size;
    return b;
}

void *rt_pool_get_zero(rt_pool *pl)
{
    int fresh = pl->free == NULL && pl->left >= pl->size; /* a mapping's untouched bytes are zero */
    void *b = rt_pool_get(pl);
    if (!fresh)
        memset(b, 0, pl->size);
    return b;
}

void rt_pool_put(rt_pool *pl, void *b)
{
    if (!b)
        return;
    memcpy(b, &pl->free, sizeof pl->free);
    pl->free = b;
}
