/* names.c - turning LLVM's names of globals and locals into the names a C
 * programmer wrote (see names.h for why).
 *
 * What clang calls things: string literals are ".str", ".str.N"; a static
 * local x of f is "f.x"; the initializer of a local array is "__const.f.x";
 * __func__ is "__func__.f"; a second global of one name in a linked program
 * gets ".N" appended; a parameter's stack slot is "x.addr"; temporaries are
 * "agg.tmp", "ref.tmp", ... or have no name at all.
 */
#include "names.h"
#include "util/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The phrases engines put before a quoted name (static: points_to.c,
 * lock_ids.c, bmc: bmc_witness.c, dynamic: dyn_instrument.c). */
enum { NAME_GLOBAL, NAME_LOCAL, NAME_LOCK };
static const struct {
    const char *lead;
    int kind;
} leads[] = {
    {"global '", NAME_GLOBAL}, {"local '", NAME_LOCAL},     {"stack object '", NAME_LOCAL},
    {"mutex '", NAME_LOCK},    {"rwlock '", NAME_LOCK},     {"spinlock '", NAME_LOCK},
    {"lock '", NAME_LOCK},
};

/* Names of the function-name globals clang makes ("__func__.main"). */
static const char *const func_names[] = {"__func__.", "__FUNCTION__.", "__PRETTY_FUNCTION__."};

static int starts(const char *s, size_t n, const char *prefix)
{
    size_t k = strlen(prefix);
    return n >= k && memcmp(s, prefix, k) == 0;
}

/* Length of name without the ".N" suffixes LLVM adds to keep names unique. */
static size_t strip_suffixes(const char *name, size_t n)
{
    for (;;) {
        size_t k = n;
        while (k > 0 && isdigit((unsigned char)name[k - 1]))
            k--;
        if (k == n || k == 0 || name[k - 1] != '.')
            return n;
        n = k - 1;
    }
}

static char *global_phrase(const char *name, size_t n)
{
    n = strip_suffixes(name, n);
    if (starts(name, n, ".str"))
        return rh_xstrdup("a string literal");
    if (starts(name, n, ".compoundliteral"))
        return rh_xstrdup("a compound literal");
    if (starts(name, n, "__const.")) {
        const char *f = name + 8, *dot = memchr(f, '.', n - 8);
        if (dot)
            return rh_xasprintf("the initializer of '%.*s' in %.*s", (int)(name + n - dot - 1),
                                dot + 1, (int)(dot - f), f);
    }
    for (size_t i = 0; i < sizeof func_names / sizeof func_names[0]; i++)
        if (starts(name, n, func_names[i])) {
            size_t k = strlen(func_names[i]);
            return rh_xasprintf("%.*s of %.*s", (int)k - 1, name, (int)(n - k), name + k);
        }
    if (n == 0 || name[0] == '.')
        return rh_xstrdup("a constant the compiler made");
    const char *dot = memchr(name, '.', n);
    if (dot) /* C names have no dots: clang's name of a static local */
        return rh_xasprintf("static '%.*s' of %.*s", (int)(name + n - dot - 1), dot + 1,
                            (int)(dot - name), name);
    return rh_xasprintf("global '%.*s'", (int)n, name);
}

/* A C identifier is the user's name; anything else (dots, digits only,
 * nothing) is clang's.  "tmp" or "retval" may be either, so they stay. */
static char *local_phrase(const char *name, size_t n)
{
    if (n > 5 && memcmp(name + n - 5, ".addr", 5) == 0)
        return rh_xasprintf("parameter '%.*s'", (int)(n - 5), name);
    size_t ident = 0;
    while (ident < n && (isalnum((unsigned char)name[ident]) || name[ident] == '_'))
        ident++;
    if (n > 0 && ident == n && !isdigit((unsigned char)name[0]))
        return rh_xasprintf("local '%.*s'", (int)n, name);
    size_t digits = 0;
    while (digits < n && isdigit((unsigned char)name[digits]))
        digits++;
    return rh_xstrdup(digits == n ? "a local variable" : "a temporary");
}

/* A lock a global names: "mutex 'm'" keeps its lead; a static lock of f
 * (clang's "f.m") becomes "'m' (static in f)". */
static char *lock_phrase(const char *lead, const char *name, size_t n)
{
    n = strip_suffixes(name, n);
    const char *dot = n && name[0] != '.' ? memchr(name, '.', n) : NULL;
    if (dot)
        return rh_xasprintf("%s%.*s' (static in %.*s)", lead, (int)(name + n - dot - 1), dot + 1,
                            (int)(dot - name), name);
    return rh_xasprintf("%s%.*s'", lead, (int)n, name);
}

char *rh_names_clean(const char *desc)
{
    if (!desc)
        return NULL;
    /* most texts name nothing (a witness's thousands of step texts): one
     * scan per lead instead of a comparison with each at every character */
    int named = 0;
    for (size_t i = 0; i < sizeof leads / sizeof leads[0] && !named; i++)
        named = strstr(desc, leads[i].lead) != NULL;
    if (!named)
        return rh_xstrdup(desc);
    RH_VEC(char) out = {0};
    for (const char *p = desc; *p;) {
        size_t i = 0, k = 0;
        for (; i < sizeof leads / sizeof leads[0]; i++)
            if (strncmp(p, leads[i].lead, k = strlen(leads[i].lead)) == 0)
                break;
        const char *close = i < sizeof leads / sizeof leads[0] ? strchr(p + k, '\'') : NULL;
        if (!close) {
            rh_vec_push(&out, *p++);
            continue;
        }
        size_t n = (size_t)(close - p - k);
        char *phrase = leads[i].kind == NAME_LOCAL ? local_phrase(p + k, n)
                       : leads[i].kind == NAME_LOCK ? lock_phrase(leads[i].lead, p + k, n)
                                                    : global_phrase(p + k, n);
        for (char *q = phrase; *q; q++)
            rh_vec_push(&out, *q);
        free(phrase);
        p = close + 1;
    }
    rh_vec_push(&out, '\0');
    return out.items;
}

static void clean(char **s)
{
    char *c = rh_names_clean(*s);
    free(*s);
    *s = c;
}

/* Two static functions of one name in a linked program become "f" and
 * "f.1": the user wrote "f". */
static void clean_function(char *f)
{
    if (f)
        f[strip_suffixes(f, strlen(f))] = '\0';
}

/* "thread T2 (worker.1) created at ...": the thread's function as the
 * user wrote it. */
static void clean_thread_desc(char *d)
{
    char *open = d ? strstr(d, " (") : NULL, *close = open ? strchr(open, ')') : NULL;
    if (!close)
        return;
    size_t n = strip_suffixes(open + 2, (size_t)(close - open - 2));
    memmove(open + 2 + n, close, strlen(close) + 1);
}

static void clean_access(rh_race_access *a)
{
    clean_thread_desc(a->thread_desc);
    for (int i = 0; i < a->nlocks; i++)
        clean(&a->locks[i]);
    clean_function(a->func);
    for (int i = 0; i < a->nstack; i++)
        clean_function(a->stack[i].func);
}

void rh_names_clean_race(rh_race *r)
{
    clean(&r->object);
    clean_access(&r->a);
    clean_access(&r->b);
    for (int i = 0; r->witness && i < r->witness->nsteps; i++)
        clean(&r->witness->steps[i].what);
}

char *rh_names_source_name(const char *desc)
{
    static const char *const named[] = {"global '", "static '", "local '", "parameter '"};
    for (const char *p = desc; p && *p; p++)
        for (size_t i = 0; i < sizeof named / sizeof named[0]; i++) {
            size_t k = strlen(named[i]);
            const char *close;
            if (strncmp(p, named[i], k) == 0 && (close = strchr(p + k, '\'')))
                return rh_xasprintf("%.*s", (int)(close - p - k), p + k);
        }
    return NULL;
}

int rh_names_is_program_global(const char *desc)
{
    if (!desc)
        return 0;
    if (strncmp(desc, "static '", 8) == 0)
        return 1;
    return strncmp(desc, "global '", 8) == 0 && strncmp(desc, "global 'libc: ", 14) != 0;
}
