/* store.c - totals of the blocks the workers compress, under one lock;
 * the block counter is the planted race unless RACE_FREE is defined. */
#include "store.h"

#include <pthread.h>
#include <zlib.h>

static pthread_mutex_t store_mutex = PTHREAD_MUTEX_INITIALIZER;
static unsigned long bytes, checksum;
static unsigned long blocks;

/* A lock wrapper in its own unit: callers in other units are not
 * unmodelled synchronisation (its body is instrumented). */
void store_lock(void)
{
    pthread_mutex_lock(&store_mutex);
}

void store_unlock(void)
{
    pthread_mutex_unlock(&store_mutex);
}

void store_add(const unsigned char *block, size_t n)
{
    store_lock();
    bytes += n;                                      // NORACE
    checksum += adler32(1, block, (uInt)n);          // NORACE (a sum: any order)
    store_unlock();
#ifdef RACE_FREE
    store_lock();
    blocks++;                                        // NORACE
    store_unlock();
#else
    blocks++;                                        // RACE
#endif
}

unsigned long store_blocks(void) { return blocks; }
unsigned long store_bytes(void) { return bytes; }
unsigned long store_checksum(void) { return checksum; }
