/* sha256.h - SHA-256 (FIPS 180-4) of a file, for the program hash SV-COMP
 * witnesses carry and for caching instrumented binaries by content.
 *
 * Contract: rh_sha256_file writes 64 lowercase hex digits and a NUL into
 * hex[65] and returns 0, or returns -1 when the file cannot be read.
 */
#ifndef RH_SHA256_H
#define RH_SHA256_H

#include <stddef.h>
#include <stdint.h>

typedef struct rh_sha256 {
    uint32_t h[8];
    uint64_t bytes;
    unsigned char block[64];
    size_t fill;
} rh_sha256;

void rh_sha256_init(rh_sha256 *s);
void rh_sha256_update(rh_sha256 *s, const void *data, size_t len);
void rh_sha256_hex(rh_sha256 *s, char hex[65]); /* finishes the hash */
int rh_sha256_file(const char *path, char hex[65]);

#endif
