/* rt_sym_scanf.c - scanf, fscanf(stdin) and sscanf in concolic runs.
 *
 * libc's scanf is not instrumented, so without a model the numbers a
 * program reads end the expressions of its standard input.  The model lets
 * libc do the call, so the program sees exactly what it would natively,
 * then reads the bytes the call consumed again (pread on the descriptor:
 * a concolic run's standard input is a file) and parses them by the format
 * a second time, recording what decided the parse as branches the search
 * may flip (a number starts, a blank of the format has one, a run of the
 * format's literal characters is there) and giving each stored number a
 * variable of its own (or, with a width, the expression of its digits),
 * each stored character its byte.  Only when that parse ends where libc's did,
 * with libc's count and libc's stored values, is anything recorded; a
 * conversion the model does not parse (%i, %x, %f, %[ ...) leaves the
 * whole call concrete.  sscanf parses a string whose bytes carry their own
 * expressions (a line read from a file or standard input): there a
 * number's expression is atoi's over its bytes (rt_sym_atoi), whatever
 * input they came from.  As for every model, a coarse answer costs a useless
 * input, never a wrong race: races are observed, not solved.
 */
#include "rt_sym.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

void __rh_sym_branch(rt_sym_node *c, uint64_t taken, uint32_t site);
void __rh_sym_store(void *p, uint64_t n, rt_sym_node *e);

/* Branch numbers of the model, above getopt's, both may-reach bits set
 * (input comes before the work).  A branch is a test of one directive of
 * one call of the run (the k-th scanf, its d-th directive) at the first,
 * second, third or a later byte of it: a bounded set, so that a longer
 * number or more blanks is no new coverage to the search once each test
 * went both ways (numbering by stream offset made every longer input
 * "new" and the search drowned in blanks). */
#define SC_SITE_BASE 0x38000000u
#define SC_MAX_BYTES 512 /* a call that consumes more stays concrete */
#define SC_AHEAD 64      /* bytes read past what it consumed, for a literal's test */
#define SC_MAX_BRANCHES 1100
#define SC_MAX_CONV 32

enum { T_BLANK, T_DIGIT, T_MINUS, T_PLUS, T_LITERAL };

typedef struct sc_store {
    void *p;
    unsigned size;      /* bytes of the value (a number, a character) */
    rt_sym_node *e;     /* its expression, size * 8 bits; NULL: concrete */
    uint64_t value;     /* what the parse says libc stored */
    long text, len;     /* a number whose value is its variable: where its text is (len > 0) */
    int is_signed;
} sc_store;

typedef struct scan {
    unsigned char in[SC_MAX_BYTES + SC_AHEAD];
    rt_sym_node *var[SC_MAX_BYTES + SC_AHEAD];
    size_t n, i;        /* bytes available (the consumed ones and one look-ahead), parsed */
    long base;          /* stream offset of in[0] */
    const unsigned char *src; /* sscanf: the string (its bytes' expressions), else NULL */
    struct { rt_sym_node *c; int taken, pin; uint32_t site; } br[SC_MAX_BRANCHES];
    int nbr;
    sc_store st[SC_MAX_CONV];
    int nst, assigned, input_failure, bad;
    unsigned call, directive; /* the k-th call of the run, its d-th directive */
    size_t directive_start;   /* where in `in` the directive began */
} scan;

static rt_sym_node *byte_at(scan *s, size_t i)
{
    if (s->src)
        return rt_sym_byte(s->src + i);
    long off = s->base + (long)i;
    if (off >= RH_SYM_STDIN_LEN)
        return NULL;
    if (!s->var[i])
        s->var[i] = rt_sym_var(RH_SYM_STDIN + (uint32_t)off, 8, s->in[i]);
    return s->var[i];
}

static int is_blank(int c)
{
    return c == ' ' || (c >= '\t' && c <= '\r');
}

static void test_cond(scan *s, size_t i, int t, rt_sym_node *c, int taken);

/* The test t of byte i, recorded as holding or not. */
static void test(scan *s, size_t i, int t, int lit, int taken)
{
    rt_sym_node *e = byte_at(s, i), *c = NULL;
    if (!e)
        return;
    if (t == T_BLANK)
        c = rt_sym_mk(RH_SYM_OR, 1, rt_sym_mk(RH_SYM_EQ, 1, e, rt_sym_const(8, ' '), NULL, 0),
                      rt_sym_mk(RH_SYM_ULE, 1,
                                rt_sym_mk(RH_SYM_SUB, 8, e, rt_sym_const(8, '\t'), NULL, 0),
                                rt_sym_const(8, '\r' - '\t'), NULL, 0), NULL, 0);
    else if (t == T_DIGIT)
        c = rt_sym_mk(RH_SYM_ULE, 1, rt_sym_mk(RH_SYM_SUB, 8, e, rt_sym_const(8, '0'), NULL, 0),
                      rt_sym_const(8, 9), NULL, 0);
    else
        c = rt_sym_mk(RH_SYM_EQ, 1, e,
                      rt_sym_const(8, t == T_MINUS ? '-' : t == T_PLUS ? '+' : (uint64_t)lit), NULL, 0);
    test_cond(s, i, t, c, taken);
}

/* Condition c over the bytes from i on, of test t, recorded as holding or
 * not: its branch is the call's, the directive's and the byte's in it. */
static void test_cond(scan *s, size_t i, int t, rt_sym_node *c, int taken)
{
    if (s->nbr == SC_MAX_BRANCHES) {
        s->bad = 1;
        return;
    }
    size_t j = i - s->directive_start;
    long from = s->base + (long)s->directive_start;
    uint32_t at = (((s->call < 15 ? s->call : 15) * 16u + (s->directive < 15 ? s->directive : 15)) * 32u +
                   (uint32_t)(from < 31 ? from : 31)) * 4u + (uint32_t)(j < 3 ? j : 3);
    uint32_t site = SC_SITE_BASE + at * 8u + (uint32_t)t;
    s->br[s->nbr].c = c, s->br[s->nbr].taken = taken, s->br[s->nbr].pin = 0;
    s->br[s->nbr].site = site << 2 | 3u;
    s->nbr++;
}

/* How many blanks there are changes nothing the program sees: only a
 * blank of the format records a test, of its first byte (whether there is
 * a blank between two numbers); the search would spend its inputs on more
 * and fewer blanks otherwise. */
/* Test t of byte i kept as it is (a pin, never negated): where a number or
 * a word ends is no choice the search need make, since a number's value is
 * its own variable and a word ends for the program at a NUL the solver may
 * write (which scanf takes as part of the word): flipping these only
 * spent inputs. */
static void keep(scan *s, size_t i, int t, int holds)
{
    int before = s->nbr;
    test(s, i, t, 0, holds);
    if (s->nbr > before)
        s->br[before].pin = 1;
}

static void skip_blanks(scan *s, int directive)
{
    if (directive && s->i < s->n)
        test(s, s->i, T_BLANK, 0, is_blank(s->in[s->i]));
    while (s->i < s->n && is_blank(s->in[s->i]))
        s->i++;
}

/* The input ended where the format wanted test t: an input failure.  A
 * string's NUL that carries an expression (sscanf over input bytes) may
 * become what the format wants: that test is recorded as not holding. */
static void at_end(scan *s, int t, int lit)
{
    s->input_failure = 1;
    if (s->src)
        test(s, s->i, t, lit, 0);
}

static void store(scan *s, void *p, unsigned size, rt_sym_node *e, uint64_t value)
{
    if (s->nst == SC_MAX_CONV) {
        s->bad = 1;
        return;
    }
    s->st[s->nst++] = (sc_store){p, size, e, value, 0, 0, 0};
}

/* A number without a width: its value is a variable of its own (an S
 * record says where its text is; the search writes a new value there as
 * decimal text), so the solver may choose any number of digits: digit by
 * digit the search would need an input per digit count, and a path
 * condition over one count excludes every other. */
static int number_value(scan *s, void *p, unsigned size, int is_signed)
{
    size_t at = s->i;
    int neg = s->in[s->i] == '-';
    if (s->in[s->i] == '-' || s->in[s->i] == '+')
        s->i++;
    uint64_t v = 0;
    int digits = 0;
    /* whether there is a number at all is the one test recorded (on a
     * matching failure the search may make the byte a digit; the test
     * holding keeps a child's path aligned with its parent's) */
    if (s->i < s->n)
        test(s, s->i, T_DIGIT, 0, s->in[s->i] >= '0' && s->in[s->i] <= '9');
    for (; s->i < s->n && s->in[s->i] >= '0' && s->in[s->i] <= '9'; s->i++, digits++)
        v = v * 10 + (uint64_t)(s->in[s->i] - '0');
    if (!digits)
        return 0;
    if (digits > 18 || s->nst == SC_MAX_CONV)
        return s->bad = 1, 0;
    if (s->src) { /* sscanf: atoi's expression over the bytes, whose length it decides itself */
        store(s, p, size, rt_sym_atoi(s->src + at, (int)size * 8), neg ? 0 - v : v);
        return 1;
    }
    if (s->i < s->n) /* the byte after it stays no digit: the next conversion's own */
        keep(s, s->i, T_DIGIT, 0);
    if (s->base + (long)at >= RH_SYM_STDIN_LEN)
        s->bad = 1;
    s->st[s->nst++] = (sc_store){p, size, NULL, neg ? 0 - v : v, s->base + (long)at,
                                 (long)(s->i - at), is_signed};
    return 1;
}

/* %d and %u: blanks, a sign, at most width characters of digits (glibc's
 * strtol over at most 18 digits cannot overflow 64 bits: more stay
 * concrete).  Returns 0 on a matching or input failure. */
static int conv_number(scan *s, void *p, unsigned size, unsigned width, int is_signed)
{
    skip_blanks(s, 0);
    if (s->i >= s->n)
        return at_end(s, T_DIGIT, 0), 0;
    if (!width && p)
        return number_value(s, p, size, is_signed);
    unsigned used = 0;
    int neg = s->in[s->i] == '-';
    test(s, s->i, T_MINUS, 0, neg);
    if (!neg)
        test(s, s->i, T_PLUS, 0, s->in[s->i] == '+');
    if (s->in[s->i] == '-' || s->in[s->i] == '+')
        s->i++, used++;
    rt_sym_node *acc = rt_sym_const(64, 0);
    uint64_t v = 0;
    int digits = 0;
    while (s->i < s->n && (!width || used < width) && s->in[s->i] >= '0' && s->in[s->i] <= '9') {
        test(s, s->i, T_DIGIT, 0, 1);
        rt_sym_node *b = byte_at(s, s->i), *d;
        d = b ? rt_sym_mk(RH_SYM_SUB, 64, rt_sym_mk(RH_SYM_ZEXT, 64, b, NULL, NULL, 0),
                          rt_sym_const(64, '0'), NULL, 0)
              : rt_sym_const(64, (uint64_t)(s->in[s->i] - '0'));
        acc = rt_sym_mk(RH_SYM_ADD, 64, rt_sym_mk(RH_SYM_MUL, 64, acc, rt_sym_const(64, 10), NULL, 0),
                        d, NULL, 0);
        v = v * 10 + (uint64_t)(s->in[s->i] - '0');
        s->i++, used++, digits++;
    }
    if (s->i < s->n && (!width || used < width))
        test(s, s->i, T_DIGIT, 0, 0);
    if (!digits)
        return 0;
    if (digits > 18)
        s->bad = 1;
    if (neg) {
        acc = rt_sym_mk(RH_SYM_SUB, 64, rt_sym_const(64, 0), acc, NULL, 0);
        v = 0 - v;
    }
    if (size < 8)
        acc = rt_sym_mk(RH_SYM_EXTRACT, (int)size * 8, acc, NULL, NULL, 0);
    if (p)
        store(s, p, size, acc, v);
    return 1;
}

/* %c (one character, no blanks skipped) and %s (blanks, then a word of
 * at most width characters and a NUL). */
static int conv_chars(scan *s, char *p, int word, unsigned width)
{
    if (word)
        skip_blanks(s, 0);
    if (s->i >= s->n)
        return s->input_failure = 1, 0;
    if (!word) {
        if (p)
            store(s, p, 1, byte_at(s, s->i), s->in[s->i]);
        s->i++;
        return 1;
    }
    unsigned k = 0;
    while (s->i < s->n && (!width || k < width) && !is_blank(s->in[s->i])) {
        keep(s, s->i, T_BLANK, 0);
        if (p)
            store(s, p + k, 1, byte_at(s, s->i), s->in[s->i]);
        s->i++, k++;
    }
    if (s->i < s->n && (!width || k < width))
        keep(s, s->i, T_BLANK, 1);
    if (p)
        store(s, p + k, 1, NULL, 0);
    return 1;
}

/* A run of k literal characters of the format: one test, that the input
 * has all of them (a failing one leaves the bytes libc matched consumed),
 * so that one flip gives the search the whole word.  Returns whether it
 * matched. */
static int literal(scan *s, const char *lit, size_t k)
{
    size_t m = 0;
    while (m < k && s->i + m < s->n && s->in[s->i + m] == (unsigned char)lit[m])
        m++;
    /* the bytes the test can speak of: those read, and past a string's
     * end those that carry an expression (its NUL and the rest of an
     * input buffer, looked up in the shadow, never read); a shorter test
     * is of the prefix */
    size_t upto = s->src ? k : k < s->n - s->i ? k : s->n - s->i;
    rt_sym_node *all = NULL;
    int possible = 1;
    for (size_t j = 0; j < upto && possible; j++) {
        rt_sym_node *e = byte_at(s, s->i + j);
        if (!e && s->i + j >= s->n)
            break;
        if (!e) { /* a concrete byte: it must be the literal already */
            possible = s->in[s->i + j] == (unsigned char)lit[j];
            continue;
        }
        rt_sym_node *eq = rt_sym_mk(RH_SYM_EQ, 1, e, rt_sym_const(8, (unsigned char)lit[j]), NULL, 0);
        all = all ? rt_sym_mk(RH_SYM_AND, 1, all, eq, NULL, 0) : eq;
    }
    if (possible && all)
        test_cond(s, s->i, T_LITERAL, all, m == k);
    s->i += m;
    if (m < k && s->i >= s->n)
        s->input_failure = 1;
    return m == k;
}

/* The size a length modifier gives an integer conversion; *f moved past it. */
static unsigned int_size(const char **f)
{
    const char *m = *f;
    unsigned size = sizeof(int);
    if (m[0] == 'h' && m[1] == 'h')
        size = 1, m += 2;
    else if (m[0] == 'h')
        size = sizeof(short), m++;
    else if (m[0] == 'l' && m[1] == 'l')
        size = sizeof(long long), m += 2;
    else if (m[0] == 'l' || m[0] == 'j' || m[0] == 'z' || m[0] == 't' || m[0] == 'q' ||
             m[0] == 'L')
        size = 8, m++;
    *f = m;
    return size;
}

/* Parses what libc consumed by fmt, collecting tests and stores. */
static void parse(scan *s, const char *fmt, va_list ap)
{
    for (const char *f = fmt; *f && !s->bad; s->directive++) {
        s->directive_start = s->i;
        if (is_blank((unsigned char)*f)) {
            while (is_blank((unsigned char)*f))
                f++;
            skip_blanks(s, 1);
            continue;
        }
        if (*f != '%' || f[1] == '%') {
            size_t k = 1;
            if (*f == '%') {
                f++;
                skip_blanks(s, 0); /* "%%" skips blanks first, as a conversion */
            } else {
                while (f[k] && f[k] != '%' && !is_blank((unsigned char)f[k]))
                    k++;
            }
            if (s->i >= s->n && !s->src)
                return (void)(s->input_failure = 1);
            if (!literal(s, f, k))
                return;
            f += k;
            continue;
        }
        f++;
        int suppress = *f == '*';
        f += suppress;
        unsigned width = 0;
        while (*f >= '0' && *f <= '9')
            width = width * 10 + (unsigned)(*f++ - '0');
        unsigned size = int_size(&f);
        char conv = *f++;
        int ok;
        if (conv == 'd' || conv == 'u')
            ok = conv_number(s, suppress ? NULL : va_arg(ap, void *), size, width, conv == 'd');
        else if ((conv == 'c' && width <= 1) || conv == 's')
            ok = conv_chars(s, suppress ? NULL : va_arg(ap, char *), conv == 's', width);
        else
            return (void)(s->bad = 1); /* %i %x %o %f %[ %n %p ...: the call stays concrete */
        if (!ok)
            return;
        s->assigned += !suppress;
    }
}

/* What the parse says agrees with what libc did: same end, same count,
 * same values stored. */
static int agrees(const scan *s, size_t consumed, int ret)
{
    if (s->bad || s->i != consumed)
        return 0;
    if (ret == EOF ? !(s->input_failure && s->assigned == 0) : ret != s->assigned)
        return 0;
    for (int k = 0; k < s->nst; k++) {
        uint64_t have = 0;
        memcpy(&have, s->st[k].p, s->st[k].size); /* little-endian, as the targets */
        uint64_t mask = s->st[k].size >= 8 ? ~0ull : (1ull << (8 * s->st[k].size)) - 1;
        if ((have & mask) != (s->st[k].value & mask))
            return 0;
    }
    return 1;
}

static void emit_store(sc_store *st)
{
    static unsigned numbers; /* of the run, in order */
    if (st->len > 0 && numbers < RH_SYM_SCANF_MAX) {
        unsigned k = numbers++;
        rt_sym_node *v = rt_sym_var(RH_SYM_SCANF + k, 64, st->value);
        st->e = st->size < 8 ? rt_sym_mk(RH_SYM_EXTRACT, (int)st->size * 8, v, NULL, NULL, 0) : v;
        rt_sym_log_record("S %u %ld %ld %u %d %llu\n", k, st->text, st->len, st->size, st->is_signed,
                          (unsigned long long)st->value);
    }
    __rh_sym_store(st->p, st->size, st->e);
}

/* A parse that agrees with libc: its tests as branches, its stores. */
static void emit(scan *s)
{
    for (int k = 0; k < s->nbr; k++)
        if (s->br[k].pin)
            rt_sym_pin(s->br[k].taken ? s->br[k].c
                                      : rt_sym_mk(RH_SYM_EQ, 1, s->br[k].c, rt_sym_const(1, 0), NULL, 0));
        else
            __rh_sym_branch(s->br[k].c, (uint64_t)s->br[k].taken, s->br[k].site);
    for (int k = 0; k < s->nst; k++)
        emit_store(&s->st[k]);
}

static int scan_stdin(const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    long from = rt_sym_on ? ftell(stdin) : -1;
    int ret = vscanf(fmt, ap);
    long to = from >= 0 ? ftell(stdin) : -1;
    static scan s; /* threads run one at a time (rt_sym.h) */
    static unsigned calls;
    if (to >= from && from >= 0 && to - from <= SC_MAX_BYTES) {
        memset(&s, 0, sizeof s);
        s.base = from;
        s.call = calls++;
        ssize_t got = pread(fileno(stdin), s.in, (size_t)(to - from) + SC_AHEAD, from);
        s.n = got > 0 ? (size_t)got : 0;
        if (s.n >= (size_t)(to - from)) {
            parse(&s, fmt, again);
            if (agrees(&s, (size_t)(to - from), ret))
                emit(&s);
        }
    }
    if (to >= 0)
        rt_sym_stdin_at(to);
    va_end(again);
    return ret;
}

int __rh_sym_scanf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int ret = scan_stdin(fmt, ap);
    va_end(ap);
    return ret;
}

int __rh_sym_sscanf(const char *str, const char *fmt, ...)
{
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int ret = vsscanf(str, fmt, ap);
    static scan s; /* threads run one at a time (rt_sym.h) */
    if (rt_sym_live && str) {
        memset(&s, 0, sizeof s);
        s.src = (const unsigned char *)str;
        s.n = strnlen(str, SC_MAX_BYTES);
        memcpy(s.in, str, s.n);
        if (s.n < SC_MAX_BYTES) {
            parse(&s, fmt, again);
            if (agrees(&s, s.i, ret))
                emit(&s);
        }
    }
    va_end(again);
    va_end(ap);
    return ret;
}

int __rh_sym_fscanf(FILE *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int ret = f == stdin ? scan_stdin(fmt, ap) : vfscanf(f, fmt, ap);
    va_end(ap);
    return ret;
}
