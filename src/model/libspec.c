/* libspec.c - lookup in the library specification (rows in libspec_*.c)
 * and the decoder of its effects strings (grammar in libspec.h).
 */
#include "libspec.h"
#include "libspec_rows.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The row families, in lookup order (a name twice: the first wins). */
static const struct {
    const rh_libspec_row *rows;
    const int *count;
} families[] = {
    {rh_libspec_iso, &rh_libspec_iso_count},
    {rh_libspec_posix, &rh_libspec_posix_count},
    {rh_libspec_gnu, &rh_libspec_gnu_count},
    {rh_libspec_libs, &rh_libspec_libs_count},
};
#define NFAMILIES (sizeof families / sizeof families[0])

static const rh_libspec_row **sorted; /* every row, by name; built on first use */
static int nsorted;

static int by_name(const void *a, const void *b)
{
    const rh_libspec_row *x = *(const rh_libspec_row *const *)a, *y = *(const rh_libspec_row *const *)b;
    int c = strcmp(x->e.name, y->e.name);
    return c ? c : (x < y ? -1 : x > y); /* stable: families keep their order */
}

static void build_index(void)
{
    int n = rh_libspec_count(), k = 0;
    sorted = malloc((size_t)(n ? n : 1) * sizeof *sorted);
    if (!sorted)
        return;
    for (size_t f = 0; f < NFAMILIES; f++)
        for (int i = 0; i < *families[f].count; i++)
            sorted[k++] = &families[f].rows[i];
    qsort(sorted, (size_t)n, sizeof *sorted, by_name);
    nsorted = n;
}

int rh_libspec_count(void)
{
    int n = 0;
    for (size_t f = 0; f < NFAMILIES; f++)
        n += *families[f].count;
    return n;
}

const rh_libspec_row *rh_libspec_row_at(int i)
{
    for (size_t f = 0; f < NFAMILIES; f++) {
        if (i < *families[f].count)
            return &families[f].rows[i];
        i -= *families[f].count;
    }
    return NULL;
}

const rh_conc_entry *rh_libspec_lookup(const char *name)
{
    if (!sorted)
        build_index();
    int lo = 0, hi = nsorted - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2, c = strcmp(name, sorted[mid]->e.name);
        if (c == 0) {
            while (mid > 0 && strcmp(sorted[mid - 1]->e.name, name) == 0)
                mid--;
            return &sorted[mid]->e;
        }
        if (c < 0)
            hi = mid - 1;
        else
            lo = mid + 1;
    }
    return NULL;
}

/* SIZE of one item, after its ':'. */
static const char *parse_size(const char *s, rh_effect *ef)
{
    char *end;
    if (strncmp(s, "ret", 3) == 0) {
        ef->size = RH_SZ_RET;
        return s + 3;
    }
    if (*s == 's') {
        ef->size = RH_SZ_STRING;
        return s + 1;
    }
    if (*s == 'a') {
        ef->a = (int)strtol(s + 1, &end, 10);
        ef->size = RH_SZ_ARG;
        if (end[0] == '*' && end[1] == 'a') {
            ef->b = (int)strtol(end + 2, &end, 10);
            ef->size = RH_SZ_PRODUCT;
        } else if (strncmp(end, "*ret", 4) == 0) {
            ef->size = RH_SZ_ARG_RET;
            end += 4;
        }
        return end;
    }
    ef->n = strtoul(s, &end, 10);
    ef->size = RH_SZ_CONST;
    return end;
}

/* SRC of a p item, after its '<': argument digits, '*' and 'n'. */
static const char *parse_sources(const char *s, rh_effect *ef)
{
    ef->bounded = 1;
    for (;; s++) {
        if (*s >= '0' && *s <= '9')
            ef->from_args |= 1u << (*s - '0');
        else if (*s == '*')
            ef->from_old = 1;
        else if (*s == 'n')
            ef->from_new = 1;
        else
            return s;
    }
}

const rh_libspec_row *rh_libspec_of(const rh_conc_entry *e)
{
    for (size_t f = 0; e && f < NFAMILIES; f++) {
        const rh_libspec_row *r = families[f].rows;
        if ((const void *)e >= (const void *)r && (const void *)e < (const void *)(r + *families[f].count))
            return (const rh_libspec_row *)(const void *)e;
    }
    return NULL;
}

int rh_libspec_effects(const rh_conc_entry *e, rh_effect *out)
{
    const rh_libspec_row *row = rh_libspec_of(e);
    int n = 0;
    for (const char *s = row && row->effects ? row->effects : ""; *s && n < RH_MAX_EFFECTS;) {
        if (*s == ' ') {
            s++;
            continue;
        }
        rh_effect ef = {0};
        ef.read = *s == 'r' || *s == 'm';
        ef.write = *s == 'w' || *s == 'm' || *s == 'p';
        ef.ptrs = *s == 'p';
        char *end;
        ef.arg = (int)strtol(s + 1, &end, 10);
        s = end;
        if (*s == '+')
            ef.rest = 1, s++;
        if (*s == '<' && ef.ptrs)
            s = parse_sources(s + 1, &ef);
        if (*s == ':')
            s = parse_size(s + 1, &ef);
        ef.exact = ef.size == RH_SZ_RET || ef.size == RH_SZ_ARG_RET || *s == '!';
        s += *s == '!';
        out[n++] = ef;
        while (*s && *s != ' ')
            s++; /* a malformed tail: the unit test of the rows catches it */
    }
    return n;
}

int rh_libspec_writes(const rh_conc_entry *e)
{
    rh_effect ef[RH_MAX_EFFECTS];
    int n = rh_libspec_effects(e, ef);
    for (int i = 0; i < n; i++)
        if (ef[i].write)
            return 1;
    return 0;
}

const char *rh_libspec_state_object(const char *state, char *buf, unsigned size)
{
    snprintf(buf, size, "libc: %s", state);
    return buf;
}


/* The library's variables that hold pointers (libspec.h).  environ is
 * not here: putenv puts the program's own strings into it, which a plain
 * "library storage" would hide, so loads from it stay untracked. */
static const struct {
    const char *name;
    rh_libvar_kind kind;
} libvars[] = {
    {"optarg", RH_LIBVAR_ARGV},
    {"program_invocation_name", RH_LIBVAR_ARGV},
    {"program_invocation_short_name", RH_LIBVAR_ARGV},
    {"stdin", RH_LIBVAR_STORAGE},
    {"stdout", RH_LIBVAR_STORAGE},
    {"stderr", RH_LIBVAR_STORAGE},
    {"tzname", RH_LIBVAR_STORAGE},
    {"__tzname", RH_LIBVAR_STORAGE},
    {"sys_errlist", RH_LIBVAR_STORAGE},
    {"sys_siglist", RH_LIBVAR_STORAGE},
};

rh_libvar_kind rh_libspec_variable(const char *name)
{
    for (size_t i = 0; i < sizeof libvars / sizeof libvars[0]; i++)
        if (strcmp(libvars[i].name, name) == 0)
            return libvars[i].kind;
    return RH_LIBVAR_NONE;
}
