/* bmc_stdin.c - the standard input a counterexample's scanf values stand
 * for, so that a run can be given it and the race replays.
 *
 * bmc models scanf(FMT, ...) as an arbitrary result r in [-1, n] and
 * arbitrary values stored by the first r conversions (bmc_call.c).  A run
 * reads real text, so the counterexample is only a witness once that text
 * is written: the calls in the order the schedule makes them, each as its
 * format's literal characters and its conversions' values printed back
 * (decimal, octal, hex, a float to 9 or 17 digits, a %c's bytes as they
 * are).  A numeric conversion skips blanks, so one is put before each, and
 * a blank of the format is one blank (a %c after it reads what follows); a
 * result r < n is a matching failure at conversion r+1, written as a '!'
 * that no numeric conversion accepts (and that stays unread, so every later
 * call must return 0), and r = -1 is the end of the input (every later
 * call returns -1 too).  A sequence no text produces (a %c that must fail,
 * a call that reads on after a failure, a width, a string conversion) gives
 * no text: the counterexample then replays without it, as before, and is
 * reported as likely when it does not.
 */
#include "bmc.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { OPEN, FAILED, AT_EOF };

typedef struct text {
    char *b;
    size_t n, cap;
} text;

static void put(text *t, const char *s, size_t n)
{
    if (t->n + n + 1 > t->cap) {
        t->cap = 2 * (t->n + n + 16);
        t->b = rh_xrealloc(t->b, t->cap);
    }
    memcpy(t->b + t->n, s, n);
    t->n += n;
    t->b[t->n] = 0;
}

/* One conversion's value as text: conv and size as the format says. */
static int print_value(text *t, char conv, unsigned size, uint64_t bits)
{
    char s[64];
    uint64_t mask = size >= 8 ? ~UINT64_C(0) : (UINT64_C(1) << (8 * size)) - 1;
    uint64_t u = bits & mask;
    long long sgn = size < 8 && (u >> (8 * size - 1)) & 1 ? (long long)(u | ~mask) : (long long)u;
    int n;
    if (strchr("di", conv))
        n = snprintf(s, sizeof s, " %lld", sgn);
    else if (conv == 'u')
        n = snprintf(s, sizeof s, " %llu", (unsigned long long)u);
    else if (conv == 'o')
        n = snprintf(s, sizeof s, " %llo", (unsigned long long)u);
    else if (strchr("xX", conv))
        n = snprintf(s, sizeof s, " %llx", (unsigned long long)u);
    else if (strchr("aefgAEFG", conv) && size == 4) {
        float f;
        uint32_t w = (uint32_t)u;
        memcpy(&f, &w, sizeof f);
        n = snprintf(s, sizeof s, " %.9g", (double)f);
    } else if (strchr("aefgAEFG", conv) && size == 8) {
        double d;
        memcpy(&d, &u, sizeof d);
        n = snprintf(s, sizeof s, " %.17g", d);
    } else if (conv == 'c') { /* the bytes as they are, in memory order */
        for (unsigned i = 0; i < size; i++)
            s[i] = (char)(u >> (8 * i));
        put(t, s, size);
        return 0;
    } else {
        return -1;
    }
    put(t, s, (size_t)n);
    return 0;
}

/* One call: its format, result r and assigned values.  -1 when no text
 * gives them. */
static int render_call(text *t, const char *f, long long r, int n, const unsigned char *size,
                       const uint64_t *val, int *state)
{
    if (*state == AT_EOF || r == -1) { /* the input ended before this call's first conversion */
        *state = AT_EOF;
        return r == -1 ? 0 : -1;
    }
    int k = 0; /* conversions assigned so far */
    for (; *f; f++) {
        if (*f == ' ' || (*f >= '\t' && *f <= '\r')) { /* blanks match none or many: one ends a number */
            if (*state == OPEN)
                put(t, " ", 1);
            continue;
        }
        if (*f != '%' || f[1] == '%') {
            if (*state == FAILED)
                return -1;
            f += *f == '%';
            put(t, f, 1);
            continue;
        }
        int assigned = *++f != '*';
        f += !assigned;
        if (*f >= '0' && *f <= '9')
            return -1; /* a width: values are not cut to fit */
        while (*f && strchr("hlLqjzt", *f))
            f++;
        char conv = *f;
        if (!conv || !strchr("diuoxXaefgAEFGc", conv))
            return -1;
        if (*state == FAILED || (assigned && k == r)) { /* this conversion must fail */
            if (conv == 'c' || r != k)
                return -1;
            if (*state == OPEN)
                put(t, " !", 2);
            *state = FAILED;
            return 0;
        }
        if (assigned ? print_value(t, conv, size[k], val[k]) : print_value(t, conv, conv == 'c' ? 1 : 4, 0))
            return -1;
        k += assigned;
    }
    return r == n && k == n ? 0 : -1;
}

char *rh_bmc_stdin_text(rh_bmc_ctx *c, Z3_model m, const rh_witness *w, size_t *len)
{
    text t = {NULL, 0, 0};
    int state = OPEN, used = 0;
    for (int i = 0; i < w->ninputs; i++) {
        for (int s = 0; s < c->nscans; s++) {
            const rh_bmc_scan *sc = &c->scans[s];
            if (strcmp(c->inputs[sc->input].name, w->inputs[i].name) != 0)
                continue;
            uint64_t val[RH_BMC_SCAN_MAX];
            for (int k = 0; k < sc->n; k++)
                val[k] = rh_bmc_eval_u64(c, m, sc->val[k]);
            if (render_call(&t, sc->fmt, w->inputs[i].value, sc->n, sc->size, val, &state)) {
                free(t.b);
                return NULL;
            }
            used = 1;
        }
    }
    if (!used) {
        free(t.b);
        return NULL;
    }
    put(&t, "\n", 1); /* a last number ends where a line does */
    *len = t.n;
    return t.b;
}

void rh_bmc_scan_record(rh_bmc_ctx *c, const char *fmt, const uint64_t *sizes, const Z3_ast *vals, int n)
{
    if (n > RH_BMC_SCAN_MAX)
        return;
    c->scans = rh_xrealloc(c->scans, (size_t)(c->nscans + 1) * sizeof *c->scans);
    rh_bmc_scan *sc = &c->scans[c->nscans++];
    sc->input = c->ninputs - 1; /* the result, made just before */
    sc->fmt = fmt;
    sc->n = n;
    for (int k = 0; k < n; k++) {
        sc->size[k] = (unsigned char)sizes[k];
        sc->val[k] = vals[k];
    }
}
