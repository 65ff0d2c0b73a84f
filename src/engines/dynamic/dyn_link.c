/* dyn_link.c - the dynamic engine's link step: where the runtime library
 * is, the clang-16 command that links the instrumented bitcode with it and
 * with the user's link flags, and a failure that names what is missing and
 * where it probably comes from.
 */
#include "dyn.h"
#include "../../frontend/frontend.h"
#include "../../util/proc.h"
#include "../../util/util.h"

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

static int link_failed(const name_list *syms, const char *errout, char *err)
{
    if (syms->len == 0) {
        const char *msg = strstr(errout, "error") ? strstr(errout, "error") : errout;
        return rh_fail(err, "building the instrumented program failed: %.300s", msg);
    }
    char *what = missing_sentence(syms);
    rh_fail(err, "linking the instrumented program failed: undefined %s; give link flags after "
                 "-- (racehunt FILE -- -lz) or with -l/-L/--link",
            what);
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

/* A program that calls into libraries its build would link (zlib, jansson)
 * is linked with them when every undefined symbol belongs to a library the
 * hints know and the second link succeeds, i.e. the libraries are
 * installed: the user of `racehunt prog.c` gets runs instead of a link
 * error, and the engine says which flags it chose (*auto_libs). */
int rh_dyn_link(const char *bc, const char *lib, const rh_options *o, const char *exe,
                const char *tmp, double seconds, char **auto_libs, char *err)
{
    *auto_libs = NULL;
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
                *auto_libs = join_flags(&flags);
            } else {
                rh_proc_result_free(&again);
            }
        }
    }
    if (rc == 0 && !link_ok(&r))
        rc = r.timed_out ? rh_fail(err, "compiling and linking the instrumented program did not end "
                                        "within the time budget (%.0f s were left for it)", seconds)
                         : link_failed(&syms, r.errout, err);
    rh_proc_result_free(&r);
    free_names(&syms);
    free_names(&flags);
    free(clang);
    return rc;
}
