/* cc_inputs.c - `racehunt ./prog`: a program built by racehunt cc is
 * analysed as the units its records hold (exactly those the linker
 * linked), with the link flags its link step had, no compile_commands.json
 * needed (cc.h). */
#include "cc.h"
#include "cc_record.h"
#include "frontend/frontend.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Strings the options borrow until racehunt exits. */
static char **kept;
static int nkept;
static char *tmpdir;

static void free_kept(void)
{
    for (int i = 0; i < nkept; i++)
        free(kept[i]);
    free(kept);
    if (tmpdir)
        rh_frontend_rmdir(tmpdir);
    free(tmpdir);
}

static const char *keep(char *s)
{
    if (!kept)
        atexit(free_kept);
    kept = rh_xrealloc(kept, (size_t)(nkept + 1) * sizeof *kept);
    return kept[nkept++] = s;
}

static int write_unit(const rh_cc_rec *r, int k, char **path, char *err)
{
    const char *src = r->data, *end = r->data + r->len;
    const char *dir = memchr(src, 0, r->len) ? src + strlen(src) + 1 : end;
    const char *bc = dir < end && memchr(dir, 0, (size_t)(end - dir)) ? dir + strlen(dir) + 1 : end;
    if (bc >= end)
        return rh_fail(err, "a malformed unit record");
    const char *slash = strrchr(src, '/');
    *path = rh_xasprintf("%s/unit%d-%s.bc", tmpdir, k, slash ? slash + 1 : src);
    FILE *f = fopen(*path, "wb");
    int ok = f && fwrite(bc, 1, (size_t)(end - bc), f) == (size_t)(end - bc);
    if (f && fclose(f))
        ok = 0;
    return ok ? 0 : rh_fail(err, "%s: cannot write", *path);
}

/* The link step's flags the dynamic engine's link needs: libraries, their
 * directories, linker options, and inputs that are not racehunt cc's own
 * objects (theirs are among the units already). */
static void link_flags(const rh_cc_rec *r, const char ***out, int *n)
{
    const char *dir = r->data, *end = r->data + r->len;
    const char *a = dir + strlen(dir) + 1;
    for (; a < end; a += strlen(a) + 1) {
        int lib = strncmp(a, "-l", 2) == 0 || strncmp(a, "-L", 2) == 0 || strncmp(a, "-Wl,", 4) == 0 ||
                  strcmp(a, "-pthread") == 0;
        const char *dot = strrchr(a, '.');
        int input = a[0] != '-' && dot && (!strcmp(dot, ".a") || !strcmp(dot, ".so") || !strcmp(dot, ".o"));
        if (!lib && !input)
            continue;
        char *s = a[0] == '-' || a[0] == '/' ? rh_xstrdup(a) : rh_xasprintf("%s/%s", dir, a);
        char *buf = NULL;
        rh_cc_rec *recs = NULL;
        int ours = !lib && strcmp(dot, ".o") == 0 && rh_cc_records_read(s, &buf, &recs) > 0;
        free(buf);
        free(recs);
        if (ours) {
            free(s);
            continue;
        }
        *out = rh_xrealloc(*out, (size_t)(*n + 2) * sizeof **out);
        (*out)[(*n)++] = keep(s);
        (*out)[*n] = NULL;
    }
}

/* Writes the unit records among recs as files; *units counts them. */
static int add_units(const rh_cc_rec *recs, int n, const char ***files, int *nfiles, int *units,
                     char *err)
{
    int rc = 0;
    if (!tmpdir && n > 0 && !(tmpdir = rh_frontend_tmpdir(err)))
        return -1;
    for (int i = 0; rc == 0 && i < n; i++) {
        char *path = NULL;
        if (recs[i].kind != 'U')
            continue;
        rc = write_unit(&recs[i], nkept, &path, err);
        if (path) {
            *files = rh_xrealloc(*files, (size_t)(*nfiles + 1) * sizeof **files);
            (*files)[(*nfiles)++] = keep(path);
            (*units)++;
        }
    }
    return rc;
}

/* Shared objects the link step named (-lNAME found in its -L
 * directories, or a .so by path) that racehunt cc built: their units are
 * part of the program too. */
static int add_shared(const rh_cc_rec *link, const char ***files, int *nfiles, char *err)
{
    const char *dir = link->data, *end = link->data + link->len, *first = dir + strlen(dir) + 1;
    int rc = 0, units = 0;
    for (const char *a = first; rc == 0 && a < end; a += strlen(a) + 1) {
        const char *dot = strrchr(a, '.');
        int so = a[0] != '-' && dot && strcmp(dot, ".so") == 0;
        if (!so && (strncmp(a, "-l", 2) != 0 || !a[2]))
            continue;
        for (const char *d = first; d < end; d += strlen(d) + 1) {
            if (!so && (strncmp(d, "-L", 2) != 0 || !d[2]))
                continue;
            char *path = so ? rh_xasprintf("%s%s%s", a[0] == '/' ? "" : dir, a[0] == '/' ? "" : "/", a)
                            : rh_xasprintf("%s%s%s/lib%s.so", d[2] == '/' ? "" : dir,
                                           d[2] == '/' ? "" : "/", d + 2, a + 2);
            char *buf;
            rh_cc_rec *recs;
            int n = rh_cc_records_read(path, &buf, &recs);
            free(path);
            if (n > 0)
                rc = add_units(recs, n, files, nfiles, &units, err);
            free(buf);
            free(recs);
            if (n >= 0 || so)
                break;
        }
    }
    return rc;
}

/* The units and link flags of one file; 0 when it is no ELF file. */
static int expand(const char *file, const char ***files, int *nfiles, rh_options *o, char *err)
{
    char *buf;
    rh_cc_rec *recs;
    int n = rh_cc_records_read(file, &buf, &recs), rc = 0, units = 0;
    if (n < 0)
        return 0;
    const rh_cc_rec *link = NULL;
    for (int i = 0; i < n; i++)
        if (recs[i].kind == 'L')
            link = &recs[i]; /* the last: the file's own link step */
    rc = add_units(recs, n, files, nfiles, &units, err);
    if (rc == 0 && units && link)
        rc = add_shared(link, files, nfiles, err);
    if (rc == 0 && units == 0)
        rc = rh_fail(err, "%s: a compiled program without racehunt's records: build it with "
                          "racehunt cc (make CC=\"racehunt cc\"), or give its C sources", file);
    if (rc == 0 && link)
        link_flags(link, &o->ldflags, &o->nldflags);
    free(buf);
    free(recs);
    return rc ? -1 : 1;
}

int rh_cc_expand_inputs(rh_options *o, char *err)
{
    const char **files = NULL;
    int nfiles = 0, any = 0;
    for (int i = 0; i < o->nfiles; i++) {
        int rc = expand(o->files[i], &files, &nfiles, o, err);
        if (rc < 0) {
            free(files);
            return -1;
        }
        if (rc == 0) {
            files = rh_xrealloc(files, (size_t)(nfiles + 1) * sizeof *files);
            files[nfiles++] = o->files[i];
        }
        any |= rc;
    }
    if (!any) {
        free(files);
        return 0;
    }
    /* files and compiler flags share one block (cli.c): make a new one */
    const char **block = rh_xcalloc((size_t)nfiles + (size_t)o->ncflags + 3, sizeof *block);
    memcpy(block, files, (size_t)nfiles * sizeof *block);
    memcpy(block + nfiles + 1, o->cflags, (size_t)o->ncflags * sizeof *block);
    free(o->files);
    free(files);
    o->files = block;
    o->nfiles = nfiles;
    o->cflags = block + nfiles + 1;
    return 0;
}
