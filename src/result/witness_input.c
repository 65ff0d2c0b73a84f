/* witness_input.c - the input a witness's run had (race.h:
 * rh_witness_input_text), in words a reader takes in at a glance: the
 * arguments, standard input, environment and files the solver or the user
 * gave the program.  A report shows it above the schedule, because a
 * schedule without its input reproduces nothing outside racehunt; the
 * witness file keeps the exact bytes.
 */
#include "race.h"
#include "util/util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SHOWN_BYTES 48 /* a longer text is counted, not shown */

/* Appends an owned piece to *out, "; " between pieces. */
static void add(char **out, char *piece)
{
    char *next = rh_xasprintf("%s%s%s", *out ? *out : "", *out ? "; " : "", piece);
    free(*out);
    free(piece);
    *out = next;
}

/* Bytes as a quoted text when short and printable, else counted. */
static char *bytes_text(const char *hex, size_t nhex)
{
    size_t n = nhex / 2, zero = 0, printable = 0;
    char *s = rh_xcalloc(2 * n + 1, 1), *o = s;
    for (size_t i = 0; i < n; i++) {
        unsigned v = 0;
        sscanf(hex + 2 * i, "%2x", &v);
        if (v == '\n' || v == '\t' || v == '"' || v == '\\')
            *o++ = '\\';
        *o++ = v == '\n' ? 'n' : v == '\t' ? 't' : (char)v;
        zero += v == 0;
        printable += (v >= 0x20 && v < 0x7f) || v == '\n' || v == '\t';
    }
    char *text;
    if (n && zero == n)
        text = rh_xasprintf("%zu zero bytes", n);
    else if (n <= SHOWN_BYTES && printable == n)
        text = rh_xasprintf("\"%s\"", s);
    else
        text = rh_xasprintf("%zu bytes", n);
    free(s);
    return text;
}

char *rh_witness_input_text(const rh_witness *w)
{
    if (!w || !w->program)
        return NULL;
    int n = 0;
    char **t = rh_witness_program_split(w->program, &n);
    char *out = NULL, *args = NULL;
    for (int i = 0; i < n; i++) {
        const char *tok = t[i];
        if (strncmp(tok, "--arg=", 6) == 0) {
            const char *a = tok + 6;
            char *next = rh_xasprintf(*a && !strpbrk(a, " \t'") ? "%s%s%s" : "%s%s'%s'",
                                      args ? args : "", args ? " " : "", a);
            free(args);
            args = next;
        } else if (strncmp(tok, "--stdin-hex=", 12) == 0) {
            char *b = bytes_text(tok + 12, strlen(tok + 12));
            add(&out, rh_xasprintf("standard input %s", b));
            free(b);
        } else if (strncmp(tok, "--stdin=", 8) == 0) {
            add(&out, rh_xasprintf("standard input from %s", tok + 8));
        } else if (strncmp(tok, "--env=", 6) == 0) {
            add(&out, rh_xasprintf("%s in the environment", tok + 6));
        } else if (strncmp(tok, "--env-unset=", 12) == 0) {
            add(&out, rh_xasprintf("%s not in the environment", tok + 12));
        } else if (strncmp(tok, "--file-hex=", 11) == 0 && strchr(tok, ':')) {
            const char *colon = strchr(tok, ':');
            char *b = bytes_text(tok + 11, (size_t)(colon - tok - 11));
            add(&out, rh_xasprintf("file %s holding %s", colon + 1, b));
            free(b);
        }
    }
    if (args) {
        char *next = rh_xasprintf("arguments %s%s%s", args, out ? "; " : "", out ? out : "");
        free(out);
        free(args);
        out = next;
    }
    for (int i = 0; i < n; i++)
        free(t[i]);
    free(t);
    return out;
}
