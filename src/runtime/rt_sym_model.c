/* rt_sym_model.c - where symbolic values come from in a concolic run, and
 * the libc functions whose results the builder models (their code is not
 * instrumented, so without a model a string compare of an argument would
 * end the expression).  Models need only say when the result is what the
 * program tests: strcmp's expression is exact about zero and keeps this
 * run's sign otherwise; a model that is too coarse costs a useless input,
 * never a wrong race (races are observed, not solved).
 */
#include "rt_sym.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t stdin_pos, nondet_count;

static int printable(char c)
{
    return c == 0 || (c >= 0x20 && c <= 0x7e);
}

void rt_sym_pin_printable(rt_sym_node *v)
{
    rt_sym_node *lo = rt_sym_mk(RH_SYM_UGE, 1, v, rt_sym_const(8, 0x20), NULL, 0);
    rt_sym_node *hi = rt_sym_mk(RH_SYM_ULE, 1, v, rt_sym_const(8, 0x7e), NULL, 0);
    rt_sym_node *zero = rt_sym_mk(RH_SYM_EQ, 1, v, rt_sym_const(8, 0), NULL, 0);
    rt_sym_pin(rt_sym_mk(RH_SYM_OR, 1, zero, rt_sym_mk(RH_SYM_AND, 1, lo, hi, NULL, 0), NULL, 0));
}

/* main's arguments: argc is a variable, and each argument a buffer of
 * RH_SYM_ARG_LEN symbolic bytes (the NUL past this run's string is one
 * too, so the solver may lengthen it) and a concrete NUL.  Past argv's
 * NULL the new vector goes on as the process's did, into the environment
 * (the kernel's layout): a program that reads argv[5] when argc is 4
 * reads what it reads natively, not past the end of an allocation. */
char **__rh_sym_main(int argc, char **argv, void **argc_expr)
{
    *argc_expr = NULL;
    if (!rt_sym_on || argc < 1)
        return argv;
    rt_sym_node *a = rt_sym_var(0, 32, (uint64_t)argc);
    *argc_expr = a;
    rt_sym_pin(rt_sym_mk(RH_SYM_UGE, 1, a, rt_sym_const(32, 1), NULL, 0));
    rt_sym_pin(rt_sym_mk(RH_SYM_ULE, 1, a, rt_sym_const(32, 1 + RH_SYM_MAX_ARGS), NULL, 0));
    size_t tail = 0;
    while (argv[argc + 1 + tail])
        tail++;
    char **nv = calloc((size_t)argc + tail + 2, sizeof *nv);
    if (!nv)
        return argv;
    memcpy(nv + argc + 1, argv + argc + 1, tail * sizeof *nv);
    nv[0] = argv[0];
    for (int i = 1; i < argc; i++) {
        size_t len = strlen(argv[i]);
        size_t size = len > RH_SYM_ARG_LEN ? len + 1 : RH_SYM_ARG_LEN + 1;
        nv[i] = calloc(1, size);
        if (!nv[i])
            return argv;
        memcpy(nv[i], argv[i], len);
        for (int j = 0; i <= RH_SYM_MAX_ARGS && j < RH_SYM_ARG_LEN; j++) {
            rt_sym_node *v = rt_sym_var(1 + (uint32_t)(i - 1) * RH_SYM_ARG_LEN + (uint32_t)j, 8,
                                        (unsigned char)nv[i][j]);
            rt_sym_set_byte(nv[i] + j, v);
            if (printable(nv[i][j]))
                rt_sym_pin_printable(v);
        }
    }
    return nv;
}

static void mark_stdin(void *buf, uint64_t n)
{
    for (uint64_t i = 0; i < n && stdin_pos < RH_SYM_STDIN_LEN; i++, stdin_pos++)
        rt_sym_set_byte((char *)buf + i, rt_sym_var(RH_SYM_STDIN + stdin_pos, 8,
                                                    ((unsigned char *)buf)[i]));
}

void rt_sym_stdin_at(long off)
{
    stdin_pos = off < 0 ? 0 : off > RH_SYM_STDIN_LEN ? RH_SYM_STDIN_LEN : (uint32_t)off;
}

/* After a read of standard input: the bytes it delivered become input
 * variables, numbered by their offset in the stream. */
void __rh_sym_input(uint32_t kind, void *from, void *buf, int64_t ret, uint64_t size)
{
    if (!rt_sym_on)
        return;
    if (kind == RH_SYM_IN_GETLINE) /* getline's and getdelim's first argument: where the line is */
        buf = buf ? *(void **)buf : NULL;
    if (rt_sym_file_input(kind, from, buf, ret, size))
        return;
    switch (kind) {
    case RH_SYM_IN_GETLINE: /* buf: the line's buffer */
        if (from == (void *)stdin && ret > 0 && buf)
            mark_stdin(buf, (uint64_t)ret);
        break;
    case RH_SYM_IN_READ:
        if ((intptr_t)from == 0 && ret > 0)
            mark_stdin(buf, (uint64_t)ret);
        break;
    case RH_SYM_IN_FREAD:
        if (from == (void *)stdin && ret > 0)
            mark_stdin(buf, (uint64_t)ret * size);
        break;
    case RH_SYM_IN_FGETS: { /* size: fgets's n */
        if (from != (void *)stdin || !ret || size < 2)
            break;
        /* the bytes it consumed (NULs included, which strlen would miss):
         * up to a newline within n - 1, else as far as the stream moved */
        const char *nl = memchr(buf, '\n', size - 1);
        long at = ftell(stdin);
        uint64_t n = nl ? (uint64_t)(nl - (const char *)buf) + 1
                     : at > (long)stdin_pos ? (uint64_t)(at - (long)stdin_pos) : strlen(buf);
        mark_stdin(buf, n < size - 1 ? n : size - 1);
        break;
    }
    }
}

void *__rh_sym_nondet(uint32_t bits, uint64_t value)
{
    if (!rt_sym_on || bits == 0 || bits > 64 || nondet_count >= RH_SYM_NONDET_MAX)
        return NULL;
    /* __rh_nondet answers the value zero-extended to 64 bits */
    rt_sym_node *v = rt_sym_var(RH_SYM_NONDET + nondet_count++, (int)bits, value);
    return bits < 64 ? rt_sym_mk(RH_SYM_ZEXT, 64, v, NULL, NULL, 0) : v;
}

/* ---- string models ---- */

/* The expression of byte i of s, or its constant; *more says whether byte
 * i+1 may be read (this run's string goes on, or the byte is symbolic:
 * input buffers are whole). */
static rt_sym_node *str_byte(const unsigned char *s, size_t i, int *sym)
{
    rt_sym_node *e = rt_sym_byte(s + i);
    *sym = e != NULL;
    return e ? e : rt_sym_const(8, s[i]);
}

static int readable(const unsigned char *s, size_t i)
{
    return i == 0 || s[i - 1] != 0 || rt_sym_byte(s + i - 1) != NULL;
}

static rt_sym_node *and1(rt_sym_node *a, rt_sym_node *b)
{
    return a ? rt_sym_mk(RH_SYM_AND, 1, a, b, NULL, 0) : b;
}

/* A byte as strcasecmp compares it (the C locale's tolower). */
static rt_sym_node *lower(rt_sym_node *x)
{
    rt_sym_node *up = rt_sym_mk(RH_SYM_AND, 1, rt_sym_mk(RH_SYM_UGE, 1, x, rt_sym_const(8, 'A'), NULL, 0),
                                rt_sym_mk(RH_SYM_ULE, 1, x, rt_sym_const(8, 'Z'), NULL, 0), NULL, 0);
    return rt_sym_mk(RH_SYM_ITE, 8, up, rt_sym_mk(RH_SYM_ADD, 8, x, rt_sym_const(8, 32), NULL, 0), x, 0);
}

static int fold(int kind)
{
    return kind == RH_SYM_M_STRCASECMP || kind == RH_SYM_M_STRNCASECMP;
}

/* strcmp, strncmp (n), strcasecmp, strncasecmp (n, letters folded) and
 * memcmp (n, bytes past NULs too): the result is 0 exactly when the bytes
 * compared are equal. */
static rt_sym_node *model_cmp(int kind, const unsigned char *a, const unsigned char *b, size_t n,
                              int64_t res, int bits)
{
    rt_sym_node *eq = NULL;
    int any = 0;
    for (size_t i = 0; i < n && i < 4096; i++) {
        if (kind != RH_SYM_M_MEMCMP && (!readable(a, i) || !readable(b, i)))
            break;
        int sa, sb;
        rt_sym_node *x = str_byte(a, i, &sa), *y = str_byte(b, i, &sb);
        any |= sa | sb;
        if (fold(kind))
            x = lower(x), y = lower(y);
        eq = and1(eq, rt_sym_mk(RH_SYM_EQ, 1, x, y, NULL, 0));
        if (kind != RH_SYM_M_MEMCMP && ((!sa && !a[i]) || (!sb && !b[i])))
            break;
    }
    if (!any || !eq)
        return NULL;
    return rt_sym_mk(RH_SYM_ITE, bits, eq, rt_sym_const(bits, 0),
                     rt_sym_const(bits, res ? (uint64_t)res : 1), 0);
}

static rt_sym_node *model_strlen(const unsigned char *s, int bits)
{
    size_t n = 0;
    int any = 0;
    while (n < 4096 && readable(s, n)) {
        any |= rt_sym_byte(s + n) != NULL;
        if (!s[n] && !rt_sym_byte(s + n))
            break;
        n++;
    }
    if (!any)
        return NULL;
    rt_sym_node *e = rt_sym_const(bits, n);
    for (size_t i = n; i-- > 0;) {
        int sym;
        rt_sym_node *c = str_byte(s, i, &sym);
        if (!sym && s[i])
            continue;
        e = rt_sym_mk(RH_SYM_ITE, bits, rt_sym_mk(RH_SYM_EQ, 1, c, rt_sym_const(8, 0), NULL, 0),
                      rt_sym_const(bits, i), e, 0);
    }
    return e;
}

/* atoi and strtol in base 10 over symbolic digits: each digit position
 * either ends the number or adds to it (this run's leading blanks and sign
 * are kept as they are). */
rt_sym_node *rt_sym_atoi(const unsigned char *s, int bits)
{
    size_t i = 0;
    while (s[i] == ' ' || s[i] == '\t')
        i++;
    int neg = s[i] == '-';
    if ((s[i] == '-' || s[i] == '+') && !rt_sym_byte(s + i))
        i++;
    size_t start = i, end = i;
    int any = 0;
    while (end - start < 10 && readable(s, end) && (rt_sym_byte(s + end) || (s[end] >= '0' && s[end] <= '9'))) {
        any |= rt_sym_byte(s + end) != NULL;
        end++;
    }
    if (!any)
        return NULL;
    rt_sym_node *acc[12], *dig[12];
    acc[0] = rt_sym_const(bits, 0);
    for (size_t j = start; j < end; j++) {
        int sym;
        rt_sym_node *c = str_byte(s, j, &sym), *w = rt_sym_mk(RH_SYM_ZEXT, bits, c, NULL, NULL, 0);
        rt_sym_node *d = rt_sym_mk(RH_SYM_SUB, bits, w, rt_sym_const(bits, '0'), NULL, 0);
        dig[j - start] = rt_sym_mk(RH_SYM_ULE, 1, d, rt_sym_const(bits, 9), NULL, 0);
        acc[j - start + 1] = rt_sym_mk(RH_SYM_ADD, bits,
                                       rt_sym_mk(RH_SYM_MUL, bits, acc[j - start], rt_sym_const(bits, 10),
                                                 NULL, 0), d, NULL, 0);
    }
    size_t nd = end - start;
    rt_sym_node *e = acc[nd];
    for (size_t j = nd; j-- > 0;)
        e = rt_sym_mk(RH_SYM_ITE, bits, dig[j], e, acc[j], 0);
    if (neg)
        e = rt_sym_mk(RH_SYM_SUB, bits, rt_sym_const(bits, 0), e, NULL, 0);
    return e; /* in the result's width: the digits wrap as the conversion's would overflow */
}

/* After a modelled call: the expression of its result (NULL: concrete). */
void *__rh_sym_model(uint32_t kind, void *a, void *b, uint64_t n, int64_t res, uint32_t bits)
{
    if (!rt_sym_on)
        return NULL;
    switch (kind) {
    case RH_SYM_M_GETC: /* a: the stream (NULL: getchar) */
        if ((a && a != (void *)stdin) || res < 0 || stdin_pos >= RH_SYM_STDIN_LEN)
            return NULL;
        return rt_sym_mk(RH_SYM_ZEXT, (int)bits,
                         rt_sym_var(RH_SYM_STDIN + stdin_pos++, 8, (uint64_t)res), NULL, NULL, 0);
    }
    if (!rt_sym_live || !a)
        return NULL;
    switch (kind) {
    case RH_SYM_M_STRCMP:
    case RH_SYM_M_STRCASECMP: return b ? model_cmp((int)kind, a, b, (size_t)-1, res, (int)bits) : NULL;
    case RH_SYM_M_STRNCMP:
    case RH_SYM_M_STRNCASECMP:
    case RH_SYM_M_MEMCMP: return b ? model_cmp((int)kind, a, b, (size_t)n, res, (int)bits) : NULL;
    case RH_SYM_M_STRLEN: return model_strlen(a, (int)bits);
    case RH_SYM_M_ATOI: return rt_sym_atoi(a, (int)bits);
    case RH_SYM_M_STRTOL: return n == 10 || n == 0 ? rt_sym_atoi(a, (int)bits) : NULL;
    }
    return NULL;
}
