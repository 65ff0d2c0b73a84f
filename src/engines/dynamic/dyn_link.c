/* dyn_link.c - the dynamic engine's link step: where the runtime library
 * is, the clang-16 command that links the instrumented bitcode with it and
 * with the user's link flags, and a failure that names what is missing and
 * where it probably comes from.
 */
#include "dyn.h"
#include "frontend/frontend.h"
#include "util/proc.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef RH_RUNTIME_LIB
#define RH_RUNTIME_LIB ""
#endif
#ifndef RH_RUNTIME_REL
#define RH_RUNTIME_REL "../lib/racehunt/libracehunt_rt.a"
#endif

static int file_exists(const char *p)
{
    struct stat sb;
    return stat(p, &sb) == 0 && S_ISREG(sb.st_mode);
}

/* Relative to the executable first, so that an installed racehunt never
 * picks up the runtime of the build tree it was built in (which may have
 * changed or gone since). */
char *rh_dyn_runtime_lib(void)
{
    const char *env = getenv("RACEHUNT_RUNTIME");
    if (env && *env)
        return file_exists(env) ? rh_xstrdup(env) : NULL;
    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n > 0) {
        self[n] = '\0';
        char *slash = strrchr(self, '/');
        if (slash)
            *slash = '\0';
        const char *rel[] = {RH_RUNTIME_REL, "src/runtime/libracehunt_rt.a", "libracehunt_rt.a"};
        for (size_t i = 0; i < sizeof rel / sizeof rel[0]; i++) {
            char *p = rh_xasprintf("%s/%s", self, rel[i]);
            if (file_exists(p))
                return p;
            free(p);
        }
    }
    return RH_RUNTIME_LIB[0] && file_exists(RH_RUNTIME_LIB) ? rh_xstrdup(RH_RUNTIME_LIB) : NULL;
}

typedef RH_VEC(char *) name_list;

static int has_name(const name_list *l, const char *s)
{
    for (size_t i = 0; i < l->len; i++)
        if (strcmp(l->items[i], s) == 0)
            return 1;
    return 0;
}

/* The symbols GNU ld ("undefined reference to `f'") or lld ("undefined
 * symbol: f") could not resolve, each once, in the order first named. */
static void undefined_symbols(const char *out, name_list *syms)
{
    static const struct { const char *lead, *end; } forms[] = {
        {"undefined reference to `", "'"}, {"undefined symbol: ", "\n"},
    };
    for (size_t k = 0; k < sizeof forms / sizeof forms[0]; k++)
        for (const char *p = out; (p = strstr(p, forms[k].lead));) {
            p += strlen(forms[k].lead);
            size_t n = strcspn(p, forms[k].end);
            char *s = rh_xmalloc(n + 1);
            memcpy(s, p, n);
            s[n] = '\0';
            if (n == 0 || has_name(syms, s))
                free(s);
            else
                rh_vec_push(syms, s);
        }
}

/* "a, b and 3 more: -lz (Debian package zlib1g-dev); c: no library known".
 * Symbols are grouped by the library that provides them, so the sentence
 * stays short however many there are. */
static char *missing_sentence(const name_list *syms)
{
    size_t cap = 1024, len = 0;
    char *buf = rh_xcalloc(cap, 1);
    char *done = rh_xcalloc(syms->len + 1, 1);
    for (size_t i = 0; i < syms->len; i++) {
        if (done[i])
            continue;
        const rh_dyn_libhint *h = rh_dyn_libhint_for(syms->items[i]);
        size_t shown = 0, more = 0;
        for (size_t j = i; j < syms->len; j++) {
            const rh_dyn_libhint *hj = rh_dyn_libhint_for(syms->items[j]);
            if (done[j] || (h ? !hj || strcmp(hj->flag, h->flag) != 0 : hj != NULL))
                continue;
            done[j] = 1;
            if (shown < 3 && len + 80 < cap)
                len += (size_t)snprintf(buf + len, cap - len, "%s%s", shown++ ? ", " : "",
                                        syms->items[j]);
            else
                more++;
        }
        if (len + 120 >= cap)
            break;
        if (more)
            len += (size_t)snprintf(buf + len, cap - len, " and %zu more", more);
        len += h ? (size_t)snprintf(buf + len, cap - len, " (%s, Debian package %s); ", h->flag, h->package)
                 : (size_t)snprintf(buf + len, cap - len, " (no library known to racehunt); ");
    }
    if (len >= 2)
        buf[len - 2] = '\0';
    free(done);
    return buf;
}

static void free_names(name_list *l)
{
    for (size_t i = 0; i < l->len; i++)
        free(l->items[i]);
    rh_vec_free(l);
}

static int link_failed(const name_list *syms, const char *errout, const rh_options *o, char *err)
{
    if (syms->len == 0) {
        const char *msg = strstr(errout, "error") ? strstr(errout, "error") : errout;
        return rh_fail(err, "building the instrumented program failed: %.300s", msg);
    }
    char *what = missing_sentence(syms);
    rh_fail(err, "linking the instrumented program failed: undefined %s; give link flags after "
                 "-- (racehunt FILE -- -lz) or with -l/-L/--link%s",
            what, o->allow_undefined ? ""
                  : ", or leave them out with --allow-undefined (a run that calls a missing function "
                    "ends there)");
    free(what);
    return -1;
}

/* The -l flags of the libraries that define every undefined symbol, each
 * once; none when some symbol belongs to no library the hints know, since
 * a link with the others would fail all the same. */
static void hinted_flags(const name_list *syms, name_list *flags)
{
    for (size_t i = 0; i < syms->len; i++) {
        const rh_dyn_libhint *h = rh_dyn_libhint_for(syms->items[i]);
        if (!h) {
            free_names(flags);
            return;
        }
        if (!has_name(flags, h->flag))
            rh_vec_push(flags, rh_xstrdup(h->flag));
    }
}

/* One clang-16 link: the user's flags come after the runtime library, as
 * they would after the program's objects in its own build, then the
 * libraries racehunt chose (extra), then the system libraries.  The
 * linker's temporary objects go to TMPDIR: pointing it into our own
 * directory keeps them where an interrupted racehunt cleans up. */
static int link_once(const char *clang, const char *bc, const char *lib, const rh_options *o,
                     const name_list *extra, const char *exe, const char *tmp, double seconds,
                     rh_proc_result *r, char *err)
{
    const char *head[] = {clang, "-O1", "-w", "-fno-color-diagnostics", bc, lib};
    const char *tail[] = {"-lpthread", "-lm", "-o", exe};
    size_t nh = sizeof head / sizeof head[0], nt = sizeof tail / sizeof tail[0], n = 0;
    char **argv = rh_xcalloc(nh + (size_t)o->nldflags + extra->len + nt + 1, sizeof *argv);
    for (size_t i = 0; i < nh; i++)
        argv[n++] = (char *)head[i];
    for (int i = 0; i < o->nldflags; i++)
        argv[n++] = (char *)o->ldflags[i];
    for (size_t i = 0; i < extra->len; i++)
        argv[n++] = extra->items[i];
    for (size_t i = 0; i < nt; i++)
        argv[n++] = (char *)tail[i];
    char *tmpdir = rh_xasprintf("TMPDIR=%s", tmp), *env[] = {tmpdir, NULL};
    int rc = rh_proc_run(argv, env, seconds, r, err);
    free(tmpdir);
    free(argv);
    return rc;
}

static char *join_flags(const name_list *flags)
{
    size_t n = 1;
    for (size_t i = 0; i < flags->len; i++)
        n += strlen(flags->items[i]) + 1;
    char *s = rh_xcalloc(n, 1);
    for (size_t i = 0; i < flags->len; i++)
        strcat(strcat(s, i ? " " : ""), flags->items[i]);
    return s;
}

static int link_ok(const rh_proc_result *r)
{
    return !r->timed_out && r->exited && r->status == 0;
}

/* "a, b, c and 4 more" */
static char *short_list(const name_list *syms)
{
    char buf[256] = "";
    size_t shown = 0;
    for (; shown < syms->len && shown < 6 && strlen(buf) + strlen(syms->items[shown]) + 4 < sizeof buf;
         shown++)
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s", shown ? ", " : "",
                 syms->items[shown]);
    return shown < syms->len ? rh_xasprintf("%s and %zu more", buf, syms->len - shown)
                             : rh_xstrdup(buf);
}

/* --allow-undefined: links again with stubs for every symbol still
 * undefined (dyn_undefined.c), a few times, since a linker may name only
 * the first of many.  0 when a link succeeded (*r is its result). */
static int link_with_stubs(const char *clang, const char *bc, const char *lib, const rh_options *o,
                           const rh_dyn_linkin *in, name_list *syms, const char *exe,
                           const char *tmp, double deadline, rh_proc_result *r, char **left_out,
                           char *err)
{
    char *stubs = rh_xasprintf("%s/undefined_stubs.c", tmp);
    name_list extra = {0};
    rh_vec_push(&extra, stubs);
    int rc = 1;
    for (int attempt = 0; attempt < 4 && syms->len && deadline - rh_now() > 0.1; attempt++) {
        if (rh_dyn_write_stubs(stubs, syms->items, (int)syms->len,
                               (const char *const *)in->data_syms, err))
            break;
        rh_proc_result again;
        if (link_once(clang, bc, lib, o, &extra, exe, tmp, deadline - rh_now(), &again, err))
            break;
        if (link_ok(&again)) {
            rh_proc_result_free(r);
            *r = again;
            *left_out = short_list(syms);
            rc = 0;
            break;
        }
        size_t before = syms->len;
        undefined_symbols(again.errout, syms);
        rh_proc_result_free(&again);
        if (syms->len == before)
            break; /* the link fails for another reason: its own message says why */
    }
    free(stubs);
    rh_vec_free(&extra);
    return rc;
}

/* A program that calls into libraries its build would link (zlib, jansson)
 * is linked with them when every undefined symbol belongs to a library the
 * hints know and the second link succeeds, i.e. the libraries are
 * installed: the user of `racehunt prog.c` gets runs instead of a link
 * error, and the engine says which flags it chose (*auto_libs).  With
 * --allow-undefined, what stays undefined is left out (link_with_stubs). */
int rh_dyn_link(const char *bc, const char *lib, const rh_options *o, const char *exe,
                const char *tmp, double seconds, const rh_dyn_linkin *in, rh_dyn_linkout *res,
                char *err)
{
    res->auto_libs = res->left_out = NULL;
    char *clang = rh_frontend_clang();
    if (!clang)
        return rh_fail(err, "clang-16 is not installed, so the dynamic engine cannot build the program");
    double deadline = rh_now() + seconds;
    name_list none = {0}, syms = {0}, flags = {0};
    rh_proc_result r;
    int rc = link_once(clang, bc, lib, o, &none, exe, tmp, seconds, &r, err);
    if (rc == 0 && !link_ok(&r) && !r.timed_out) {
        undefined_symbols(r.errout, &syms);
        hinted_flags(&syms, &flags);
        rh_proc_result again;
        if (flags.len && deadline - rh_now() > 0.1 &&
            link_once(clang, bc, lib, o, &flags, exe, tmp, deadline - rh_now(), &again, err) == 0) {
            if (link_ok(&again)) {
                rh_proc_result_free(&r);
                r = again;
                res->auto_libs = join_flags(&flags);
            } else {
                rh_proc_result_free(&again);
            }
        }
    }
    if (rc == 0 && !link_ok(&r) && !r.timed_out && o->allow_undefined && syms.len)
        link_with_stubs(clang, bc, lib, o, in, &syms, exe, tmp, deadline, &r, &res->left_out, err);
    if (rc == 0 && !link_ok(&r))
        rc = r.timed_out ? rh_fail(err, "compiling and linking the instrumented program did not end "
                                        "within the time budget (%.0f s were left for it)", seconds)
                         : link_failed(&syms, r.errout, o, err);
    rh_proc_result_free(&r);
    free_names(&syms);
    free_names(&flags);
    free(clang);
    return rc;
}
