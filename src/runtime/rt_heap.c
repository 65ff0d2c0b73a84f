/* rt_heap.c - the heap blocks the program holds, by allocation site and
 * the call stack of the allocation, so a race report names "the heap
 * object allocated at a.c:32 in xmalloc, called from load at b.c:7" and a
 * byte in it instead of an address that changes from run to run.
 *
 * A hash of live blocks by start address (open addressing, tombstones):
 * allocation and free are O(1); naming an address scans the table, which
 * happens only when a race is reported (each pair once per run).  The
 * runtime serialises the program's threads, so no lock is taken.
 */
#include "rt.h"
#include "util/hash.h"

#include <stdlib.h>

typedef struct rt_block {
    uintptr_t addr;   /* 0 empty; 1 a tombstone */
    uint64_t size;
    uint32_t loc;     /* the allocating call */
    uint32_t node;    /* the call stack it was made in (rt_depot): a wrapper's callers */
} rt_block;

static rt_block *blocks;
static unsigned long cap, used; /* used counts tombstones too */

static unsigned long slot_of(uintptr_t a)
{
    return (unsigned long)rh_hash64(a) & (cap - 1);
}

static void grow(void)
{
    rt_block *old = blocks;
    unsigned long oldcap = cap;
    cap = cap ? 2 * cap : 1024;
    blocks = calloc(cap, sizeof *blocks);
    if (!blocks)
        abort();
    used = 0;
    for (unsigned long i = 0; i < oldcap; i++)
        if (old[i].addr > 1) {
            unsigned long j = slot_of(old[i].addr);
            while (blocks[j].addr)
                j = (j + 1) & (cap - 1);
            blocks[j] = old[i];
            used++;
        }
    free(old);
}

void rt_heap_alloc(uintptr_t addr, uint64_t size, uint32_t loc)
{
    if (addr <= 1)
        return;
    if (2 * (used + 1) > cap)
        grow();
    unsigned long j = slot_of(addr);
    while (blocks[j].addr > 1 && blocks[j].addr != addr)
        j = (j + 1) & (cap - 1);
    if (!blocks[j].addr)
        used++;
    blocks[j] = (rt_block){addr, size, loc, rt_me ? rt_me->node : 0};
}

void rt_heap_free(uintptr_t addr)
{
    if (!cap || addr <= 1)
        return;
    for (unsigned long j = slot_of(addr); blocks[j].addr; j = (j + 1) & (cap - 1))
        if (blocks[j].addr == addr) {
            blocks[j].addr = 1;
            return;
        }
}

void rt_heap_describe(FILE *f, uintptr_t addr)
{
    for (unsigned long j = 0; j < cap; j++)
        if (blocks[j].addr > 1 && addr >= blocks[j].addr && addr < blocks[j].addr + blocks[j].size) {
            fprintf(f, "A %#lx %u %lu %lu", (unsigned long)addr, blocks[j].loc,
                    (unsigned long)(addr - blocks[j].addr), (unsigned long)blocks[j].size);
            rt_depot_write(f, blocks[j].node);
            fputc('\n', f);
            return;
        }
}
