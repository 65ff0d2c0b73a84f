/* store.h - a shared store of compressed blocks: the test project of
 * racehunt cc (tests/e2e/test_cc.py builds it with make CC="racehunt cc"). */
#ifndef STORE_H
#define STORE_H

#include <stddef.h>

/* Adds one compressed block of n bytes; thread-safe for its totals. */
void store_add(const unsigned char *block, size_t n);
/* The totals, once every thread is joined. */
unsigned long store_blocks(void);
unsigned long store_bytes(void);
unsigned long store_checksum(void);

#endif
