/* sha256.c - the SHA-256 of a file, by Nettle (see sha256.h). */
#include "sha256.h"

#include <nettle/sha2.h>
#include <stdio.h>

int rh_sha256_file(const char *path, char hex[65])
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    struct sha256_ctx ctx;
    sha256_init(&ctx);
    unsigned char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        sha256_update(&ctx, n, buf);
    int failed = ferror(f);
    fclose(f);
    if (failed)
        return -1;
    unsigned char digest[SHA256_DIGEST_SIZE];
    sha256_digest(&ctx, sizeof digest, digest);
    for (int i = 0; i < SHA256_DIGEST_SIZE; i++)
        snprintf(hex + 2 * i, 3, "%02x", digest[i]);
    return 0;
}
