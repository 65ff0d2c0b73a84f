/* rt_sym_getopt.c - getopt and getopt_long for concolic runs: libc's are
 * not instrumented, so without a model the program's option loop ends the
 * expressions of argv.  In a concolic run (RH_RT_SYM set) the pass calls
 * these instead; they parse argv as glibc does and record, as branches,
 * the tests over argc and the argument bytes that decided each result
 * ("is there an element left", "does it start with '-'", "is this byte an
 * option letter", "is this --name the k-th long option"), and the option
 * letter returned carries the expression of its byte, so the program's
 * switch over it becomes symbolic.
 *
 * What the model does not parse as glibc would (permuting non-options,
 * abbreviated or malformed long options) it hands to libc for the rest of
 * the run, at an element boundary where libc's hidden state is fresh: the
 * results stay libc's, only the recording stops.  Outside concolic runs the
 * calls go straight to libc.  A model that is coarse costs useless inputs,
 * never a wrong race: races are observed, not solved.
 */
#include "rt_sym.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void __rh_sym_branch(rt_sym_node *c, uint64_t taken, uint32_t site);
void *__rh_sym_get_param(uint32_t i);
void __rh_sym_set_ret(rt_sym_node *e);

/* Branch numbers of the model, above any the pass gives (a site is the
 * number << 2 with the two may-reach-a-creation bits, both set: argument
 * parsing comes before the program's work).  The element and the offset
 * in it are part of the number, so each option position is its own
 * branch for the search's coverage. */
#define GO_SITE_BASE 0x30000000u
#define GO_LIBC (-2)

static int go_off;        /* offset in argv[optind] of the next grouped letter; 0: an element's start */
static int go_optind = -1; /* optind as the model left it (a program that resets it restarts parsing) */
static int go_libc;       /* libc parses the rest of this run */

static void go_branch(rt_sym_node *c, int taken, unsigned k)
{
    unsigned ctx = ((unsigned)optind & 0xfff) * 16u + ((unsigned)go_off & 15u);
    __rh_sym_branch(c, (uint64_t)(taken != 0), (GO_SITE_BASE + ctx * 128u + (k & 127u)) << 2 | 3u);
}

static rt_sym_node *byte_is(const char *p, int ch)
{
    rt_sym_node *e = rt_sym_byte(p);
    return e ? rt_sym_mk(RH_SYM_EQ, 1, e, rt_sym_const(8, (uint64_t)(unsigned char)ch), NULL, 0)
             : NULL;
}

/* argc > i, over argc's expression (NULL: argc is concrete) */
static rt_sym_node *argc_above(rt_sym_node *ac, int i)
{
    return ac ? rt_sym_mk(RH_SYM_SGT, 1, ac, rt_sym_const(ac->bits, (uint64_t)i), NULL, 0) : NULL;
}

/* The byte at p is one of glibc's option letters in os (not ':' or ';'). */
static rt_sym_node *byte_in_letters(const char *p, const char *os)
{
    rt_sym_node *e = rt_sym_byte(p), *any = NULL;
    for (const char *s = os; e && *s; s++) {
        if (*s == ':' || *s == ';')
            continue;
        rt_sym_node *eq = rt_sym_mk(RH_SYM_EQ, 1, e, rt_sym_const(8, (unsigned char)*s), NULL, 0);
        any = any ? rt_sym_mk(RH_SYM_OR, 1, any, eq, NULL, 0) : eq;
    }
    return any;
}

/* name (after "--") is exactly long option lname, alone or before '='.
 * The condition is over the bytes the run can change; NULL when a
 * concrete byte already decides it (or nothing is symbolic). */
static rt_sym_node *long_name_is(const char *name, const char *lname, int *match)
{
    size_t n = strlen(lname), i = 0;
    rt_sym_node *all = NULL;
    int sym = 0;
    *match = strncmp(name, lname, n) == 0 && (name[n] == 0 || name[n] == '=');
    for (; i <= n; i++) {
        rt_sym_node *e = rt_sym_byte(name + i);
        if (!e && (i == n ? name[i] != 0 && name[i] != '=' : name[i] != lname[i]))
            return NULL; /* a concrete byte rules the option out */
        if (!e && name[i] == 0 && i < n)
            return NULL;
        if (!e)
            continue;
        sym = 1;
        rt_sym_node *t = i < n ? byte_is(name + i, lname[i])
                               : rt_sym_mk(RH_SYM_OR, 1, byte_is(name + i, 0), byte_is(name + i, '='),
                                           NULL, 0);
        all = all ? rt_sym_mk(RH_SYM_AND, 1, all, t, NULL, 0) : t;
    }
    return sym ? all : NULL;
}

static int go_long(int argc, char *const argv[], const struct option *lo, int *li, rt_sym_node *ac)
{
    const char *name = argv[optind] + 2;
    int k = 0, match = 0;
    for (; lo[k].name; k++) {
        go_branch(long_name_is(name, lo[k].name, &match), match, 16u + (unsigned)k);
        if (match)
            break;
    }
    if (!match)
        return GO_LIBC; /* an abbreviation or an unknown option: libc's messages */
    const struct option *o = &lo[k];
    const char *eq = strchr(name, '=');
    if (eq && o->has_arg == no_argument)
        return GO_LIBC;
    if (!eq && o->has_arg == required_argument) {
        go_branch(argc_above(ac, optind + 1), optind + 1 < argc, 15);
        if (optind + 1 >= argc)
            return GO_LIBC;
        optarg = argv[optind + 1];
        optind += 2;
    } else {
        optarg = eq ? (char *)eq + 1 : NULL;
        optind++;
    }
    if (li)
        *li = k;
    if (o->flag) {
        *o->flag = o->val;
        return 0;
    }
    return o->val;
}

/* glibc's messages for the short options the model rejects */
static int go_bad(char *const argv[], int c, int colon, int missing)
{
    optopt = c;
    if (opterr && !colon)
        fprintf(stderr, missing ? "%s: option requires an argument -- '%c'\n"
                                : "%s: invalid option -- '%c'\n", argv[0], c);
    return missing && colon ? ':' : '?';
}

static int go_short(int argc, char *const argv[], const char *os, int colon, rt_sym_node *ac)
{
    char *e = argv[optind];
    int c = (unsigned char)e[go_off];
    const char *hit = c && c != ':' && c != ';' ? strchr(os, c) : NULL;
    rt_sym_node *letter = rt_sym_byte(e + go_off);
    go_branch(byte_in_letters(e + go_off, os), hit != NULL, 5);
    int last = e[go_off + 1] == 0;
    go_branch(byte_is(e + go_off + 1, 0), last, 6);
    int kind = hit ? (hit[1] == ':' ? (hit[2] == ':' ? 2 : 1) : 0) : -1;
    if (kind <= 0 || last) { /* the element goes on past this letter only for kind 0 */
        go_off = last ? 0 : go_off + 1;
        optind += last;
    }
    if (kind < 0)
        return go_bad(argv, c, colon, 0);
    if (kind > 0 && !last) {
        optarg = e + go_off + 1;
        optind++, go_off = 0;
    } else if (kind == 2) {
        optarg = NULL;
    } else if (kind == 1) {
        go_branch(argc_above(ac, optind), optind < argc, 7);
        if (optind >= argc)
            return go_bad(argv, c, colon, 1);
        optarg = argv[optind++];
    }
    /* the result is the letter's byte whenever that byte is an option letter */
    __rh_sym_set_ret(letter ? rt_sym_mk(RH_SYM_ZEXT, 32, letter, NULL, NULL, 0) : NULL);
    return c;
}

static int go_next(int argc, char *const argv[], const char *os, const struct option *lo, int *li)
{
    int mode = 0;
    if (*os == '-' || *os == '+')
        mode = *os++;
    else if (getenv("POSIXLY_CORRECT"))
        mode = '+';
    int colon = *os == ':';
    rt_sym_node *ac = __rh_sym_get_param(0);
    if (optind != go_optind)
        go_off = 0;
    if (optind == 0)
        optind = 1;
    if (go_off == 0) {
        go_branch(argc_above(ac, optind), optind < argc, 0);
        if (optind >= argc)
            return -1;
        char *e = argv[optind];
        go_branch(byte_is(e, '-'), e[0] == '-', 1);
        if (e[0] == '-')
            go_branch(byte_is(e + 1, 0), e[1] == 0, 2);
        if (e[0] != '-' || e[1] == 0) {
            if (mode == '+')
                return -1;
            if (mode == '-') {
                optarg = e;
                optind++;
                return 1;
            }
            return GO_LIBC; /* glibc permutes the non-option to the end */
        }
        go_branch(byte_is(e + 1, '-'), e[1] == '-', 3);
        if (e[1] == '-') {
            if (!lo)
                return GO_LIBC; /* "--x" to plain getopt: '-' as a letter */
            go_branch(byte_is(e + 2, 0), e[2] == 0, 4);
            if (e[2] == 0) {
                optind++;
                return -1;
            }
            return go_long(argc, argv, lo, li, ac);
        }
        go_off = 1;
    }
    return go_short(argc, argv, os, colon, ac);
}

static int go_call(int argc, char *const argv[], const char *os, const struct option *lo, int *li)
{
    __rh_sym_set_ret(NULL);
    if (rt_sym_on && !go_libc && os) {
        int saved = optind;
        int r = go_next(argc, argv, os, lo, li);
        if (r != GO_LIBC) {
            go_optind = optind;
            return r;
        }
        optind = saved;
        go_libc = 1;
        __rh_sym_set_ret(NULL);
    }
    return lo ? getopt_long(argc, argv, os, lo, li) : getopt(argc, argv, os);
}

int __rh_sym_getopt(int argc, char *const argv[], const char *optstring)
{
    return go_call(argc, argv, optstring, NULL, NULL);
}

int __rh_sym_getopt_long(int argc, char *const argv[], const char *optstring,
                         const struct option *longopts, int *longindex)
{
    return go_call(argc, argv, optstring, longopts, longindex);
}
