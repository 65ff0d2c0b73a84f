/* fingerprint.c - stable race identities (see fingerprint.h for what goes
 * into one and why). */
#include "fingerprint.h"
#include "util/util.h"
#include "util/hashmap.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The line's code: whitespace and comments dropped, string and character
 * literals kept as written (a comment marker inside one is not a comment).
 * A block comment left open runs to the end of the line.  out holds n + 1
 * bytes: the code is never longer than the line.  *at is where column
 * `col` falls in the code: which access of the line it is, whatever the
 * spacing. */
static void code_of_line(const char *s, size_t n, unsigned col, char *out, size_t *at)
{
    char quote = 0;
    size_t k = 0;
    *at = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (i + 1 == col)
            *at = k;
        if (quote) {
            out[k++] = c;
            if (c == '\\' && i + 1 < n)
                out[k++] = s[++i];
            else if (c == quote)
                quote = 0;
        } else if (c == '/' && i + 1 < n && s[i + 1] == '/') {
            break;
        } else if (c == '/' && i + 1 < n && s[i + 1] == '*') {
            const char *end = NULL;
            for (size_t j = i + 2; j + 1 < n && !end; j++)
                if (s[j] == '*' && s[j + 1] == '/')
                    end = s + j;
            if (!end)
                break;
            i = (size_t)(end - s) + 1;
        } else if (!isspace((unsigned char)c)) {
            if (c == '"' || c == '\'')
                quote = c;
            out[k++] = c;
        }
    }
    out[k] = '\0';
}

static char *access_key(const rh_race_access *a, rh_srclines *src)
{
    const char *base = a->file ? strrchr(a->file, '/') : NULL;
    base = base ? base + 1 : a->file ? a->file : "?";
    size_t len = 0;
    const char *line = rh_srclines_get(src, a->file, a->line, &len);
    char *code = rh_xmalloc(len + 1);
    size_t at;
    code_of_line(line ? line : "", line ? len : 0, a->col, code, &at);
    char *key = line ? rh_xasprintf("%s|%s|%s|%s|%zu", a->is_write ? "write" : "read",
                                    a->func ? a->func : "?", base, code, at)
                     : rh_xasprintf("%s|%s|%s|@%u", a->is_write ? "write" : "read",
                                    a->func ? a->func : "?", base, a->line);
    free(code);
    return key;
}

/* FNV-1a over a string (64 bits: enough to tell a program's races apart). */
static uint64_t hash_str(uint64_t h, const char *s)
{
    return rh_hash_bytes(h, s, strlen(s));
}

char *rh_fingerprint_race(const rh_race *r, rh_srclines *src)
{
    char *ka = access_key(&r->a, src), *kb = access_key(&r->b, src);
    if (strcmp(ka, kb) > 0) {
        char *t = ka;
        ka = kb, kb = t;
    }
    uint64_t h = hash_str(hash_str(hash_str(RH_HASH_SEED, ka), "\n"), kb);
    free(ka);
    free(kb);
    return rh_xasprintf("%016llx", (unsigned long long)h);
}

void rh_fingerprint_result(rh_result *res, rh_srclines *src)
{
    for (int i = 0; i < res->nraces; i++)
        if (!res->races[i].fingerprint)
            res->races[i].fingerprint = rh_fingerprint_race(&res->races[i], src);
}
