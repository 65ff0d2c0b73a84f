/* dse_input.c - the standard input the solver chose, as a witness carries
 * it: hex in the witness's program words (--stdin-hex=...), written back
 * to a file when `racehunt replay` runs the program.
 */
#include "dse.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *rh_dse_hex(const unsigned char *b, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    char *s = rh_xmalloc(2 * n + 1);
    for (size_t i = 0; i < n; i++) {
        s[2 * i] = digits[b[i] >> 4];
        s[2 * i + 1] = digits[b[i] & 15];
    }
    s[2 * n] = 0;
    return s;
}

static int nibble(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                                          : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

int rh_dse_stdin_file(const char *hex, const char *dir, char **path, char *err)
{
    size_t n = strlen(hex);
    if (n % 2)
        return rh_fail(err, "the witness's standard input (--stdin-hex) is not hex");
    unsigned char *b = rh_xmalloc(n / 2 + 1);
    for (size_t i = 0; i < n / 2; i++) {
        int hi = nibble(hex[2 * i]), lo = nibble(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            free(b);
            return rh_fail(err, "the witness's standard input (--stdin-hex) is not hex");
        }
        b[i] = (unsigned char)(hi << 4 | lo);
    }
    *path = rh_xasprintf("%s/stdin.bin", dir);
    FILE *f = fopen(*path, "wb");
    int ok = f && fwrite(b, 1, n / 2, f) == n / 2;
    if (f && fclose(f))
        ok = 0;
    free(b);
    if (!ok) {
        rh_fail(err, "%s: cannot write the witness's standard input", *path);
        free(*path);
        *path = NULL;
        return -1;
    }
    return 0;
}
