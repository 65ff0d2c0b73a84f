/* text_escape.c - names and strings that come from the analysed program
 * (file names from #line, function and variable names, notes that quote
 * them), made safe for a terminal and for a reader of the text report: a
 * newline in a file name must not start a fake "verdict" line, and an ESC
 * byte must not reach the terminal.  Control characters, DEL, the C1
 * controls (UTF-8 U+0080..U+009F) and the backslash are written as C
 * escapes (\n, \t, \x1b, \\); other bytes, UTF-8 text included, as they are.
 */
#include "text_escape.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The escape of byte c (with the byte after it, for C1 controls), or
 * NULL when it is printed as it is; *skip is how many bytes it covers. */
static const char *byte_escape(const unsigned char *p, char buf[16], int *skip)
{
    *skip = 1;
    switch (*p) {
    case '\n': return "\\n";
    case '\t': return "\\t";
    case '\r': return "\\r";
    case '\\': return "\\\\";
    }
    if (*p < 0x20 || *p == 0x7f) {
        snprintf(buf, 16, "\\x%02x", *p);
        return buf;
    }
    if (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f) {
        snprintf(buf, 16, "\\xc2\\x%02x", p[1]);
        *skip = 2;
        return buf;
    }
    return NULL;
}

char *rh_text_escape(const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s);
    char *out = malloc(8 * n + 1), *q = out, buf[16];
    if (!out)
        abort();
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        int skip;
        const char *e = byte_escape(p, buf, &skip);
        if (e)
            q = stpcpy(q, e);
        else
            *q++ = (char)*p;
        p += skip;
    }
    *q = '\0';
    return out;
}
