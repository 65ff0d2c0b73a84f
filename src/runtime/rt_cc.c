/* rt_cc.c - programs built by `racehunt cc`, started on their own (by a
 * shell, `make check`, ctest): ThreadSanitizer's way of working.
 *
 * Without RH_RT_OUT (no racehunt drives the run) the runtime runs the
 * program once under the default strategy with no step limit, collects its
 * findings in an anonymous file in the engine's line format (rt_out.c), and
 * at the end writes them for a person: on stderr in the text layout, or to
 * log_path.PID, as text or JSON.  Locations come from the tables each unit
 * registers (__rh_cc_register, rt_cc.h); settings from RACEHUNT_RT_OPTIONS,
 * "key=value" words: exitcode (66), log_path, format (text|json),
 * suppressions (ThreadSanitizer's race:/race_top: lines), strategy, seed,
 * max_steps (0: none).  A run that reported a race exits with exitcode, as
 * ThreadSanitizer does; otherwise the program's own status stands.
 */
#include "rt.h"
#include "rt_cc.h"
#include "util/hash.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct cc_unit {
    const char *table; /* "FILE\tLINE\tCOL\tFUNC\n" per local location id */
    uint32_t n, base;
} cc_unit;

static struct {
    int on;
    int exitcode, json;
    char log_path[512];
    char *supp;            /* suppressions file text */
    cc_unit *units;
    int nunits, capunits;
    uint32_t next;
    unsigned long shown, suppressed;
} cc = {.exitcode = 66, .next = 1};

void __rh_cc_register(const char *table, uint32_t n, uint32_t *base)
{
    if (cc.nunits == cc.capunits) {
        cc.capunits = cc.capunits ? 2 * cc.capunits : 64;
        cc.units = realloc(cc.units, (size_t)cc.capunits * sizeof *cc.units);
        if (!cc.units)
            abort();
    }
    *base = cc.next;
    cc.units[cc.nunits++] = (cc_unit){table, n, cc.next};
    cc.next += n;
}

/* A unit's table line of global id `id`, or NULL. */
static const char *table_line(uint32_t id)
{
    for (int i = 0; i < cc.nunits; i++) {
        const cc_unit *u = &cc.units[i];
        if (id < u->base || id - u->base >= u->n)
            continue;
        const char *s = u->table;
        for (uint32_t k = id - u->base; k > 0 && s; k--)
            s = (s = strchr(s, '\n')) ? s + 1 : NULL;
        return s;
    }
    return NULL;
}

/* Whether a unit of the program defines function `name` (the names
 * follow a unit's table after an empty line). */
static int defined_here(const char *name, size_t len)
{
    for (int i = 0; i < cc.nunits; i++) {
        const char *s = strstr(cc.units[i].table, "\n\n");
        while (s && *s) {
            s++;
            const char *e = strchr(s, '\n');
            size_t n = e ? (size_t)(e - s) : strlen(s);
            if (n == len && memcmp(s, name, len) == 0)
                return 1;
            s = e;
        }
    }
    return 0;
}

/* The instrumenter of one unit cannot tell a function another unit
 * defines from an unknown one whose name suggests synchronisation: a call
 * of one the program defines is instrumented code, nothing unmodelled. */
void __rh_cc_unmodelled(uint32_t loc)
{
    static unsigned char *known; /* per id: 1 defined by a unit, 2 not */
    static uint32_t nknown;
    if (loc >= nknown) {
        uint32_t n = cc.next > loc ? cc.next : loc + 1;
        known = realloc(known, n);
        if (!known)
            abort();
        memset(known + nknown, 0, n - nknown);
        nknown = n;
    }
    if (!known[loc]) {
        const char *l = table_line(loc), *callee = l;
        for (int f = 0; f < 4 && callee; f++)
            callee = (callee = strchr(callee, '\t')) ? callee + 1 : NULL;
        size_t len = callee ? strcspn(callee, "\n") : 0;
        known[loc] = len && defined_here(callee, len) ? 1 : 2;
    }
    if (known[loc] == 2)
        __rh_unmodelled(loc);
}

/* Around calls that may block in the kernel (cc_unit.c lists them): the
 * thread leaves the schedule until the call returns, so a thread waiting
 * in read() for what another thread of the program writes never hangs the
 * run.  Inside an atomic section it keeps the token (nothing may run). */
void __rh_cc_block_begin(uint32_t loc)
{
    rt_thread *t = rt_me;
    (void)loc;
    if (t && !t->done && !rt.ending && t->atomic_depth == 0)
        rt_sched_leave(t);
}

void __rh_cc_block_end(void)
{
    rt_thread *t = rt_me;
    if (t && __atomic_load_n(&t->outside, __ATOMIC_ACQUIRE))
        rt_sched_rejoin(t);
}

/* The source position of a global location id: fields into out. */
typedef struct cc_pos {
    char file[256], func[128];
    unsigned line, col;
} cc_pos;

static void pos_of(uint32_t id, cc_pos *p)
{
    snprintf(p->file, sizeof p->file, "?");
    snprintf(p->func, sizeof p->func, "?");
    p->line = p->col = 0;
    const char *s = table_line(id);
    if (s)
        sscanf(s, "%255[^\t]\t%u\t%u\t%127[^\t\n]", p->file, &p->line, &p->col, p->func);
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s)
        s[fread(s, 1, (size_t)n, f)] = '\0';
    fclose(f);
    return s;
}

static void option(const char *key, const char *val)
{
    if (!strcmp(key, "exitcode"))
        cc.exitcode = atoi(val);
    else if (!strcmp(key, "log_path"))
        snprintf(cc.log_path, sizeof cc.log_path, "%s", val);
    else if (!strcmp(key, "format"))
        cc.json = !strcmp(val, "json");
    else if (!strcmp(key, "suppressions") && !(cc.supp = read_all(val)))
        fprintf(stderr, "racehunt: warning: cannot read the suppressions file %s\n", val);
    else if (!strcmp(key, "strategy"))
        setenv("RH_RT_STRATEGY", val, 1);
    else if (!strcmp(key, "seed"))
        setenv("RH_RT_SEED", val, 1);
    else if (!strcmp(key, "max_steps"))
        rt.max_steps = strtoul(val, NULL, 10);
    else if (strcmp(key, "suppressions"))
        fprintf(stderr, "racehunt: warning: unknown option '%s' in RACEHUNT_RT_OPTIONS\n", key);
}

void rt_cc_init(void)
{
    cc.on = 1;
    rt.out = tmpfile(); /* the findings, read back at the end */
    rt.max_trace = 0;
    rt.max_steps = 0;   /* a real workload runs to its end */
    const char *env = getenv("RACEHUNT_RT_OPTIONS");
    char *opts = strdup(env ? env : ""), *save = NULL;
    for (char *w = strtok_r(opts, " \t:,", &save); w; w = strtok_r(NULL, " \t:,", &save)) {
        char *eq = strchr(w, '=');
        if (eq)
            *eq = '\0', option(w, eq + 1);
        else
            fprintf(stderr, "racehunt: warning: '%s' in RACEHUNT_RT_OPTIONS is not key=value\n", w);
    }
    free(opts);
}

void rt_cc_started(void)
{
    if (cc.on) /* the scheduler has read them; children the program starts get their own */
        unsetenv("RH_RT_STRATEGY"), unsetenv("RH_RT_SEED");
}

/* One race as the runtime wrote it (rt_out.c's R line). */
typedef struct cc_race {
    unsigned long addr, size;
    int tid[2], write[2], atomic[2];
    uint32_t loc[2];
    uint32_t stack[2][64];
    int nstack[2];
    uint32_t ordered_by;   /* loc of a racing read that alone orders it (its 'O' line), or 0 */
} cc_race;

static int parse_stack(const char *s, uint32_t *out)
{
    int n = 0;
    while (s && *s && *s != '-' && n < 64) {
        out[n++] = (uint32_t)strtoul(s, NULL, 10);
        s = strchr(s, ',');
        s = s ? s + 1 : NULL;
    }
    return n;
}

static int parse_race(const char *line, cc_race *r)
{
    char st[2][1024];
    unsigned long ev;
    memset(r, 0, sizeof *r);
    if (sscanf(line, "R %lx %lu %lu %d %u %d %d %lu %d %u %d %d %1023s %1023s", &r->addr, &r->size,
               &ev, &r->tid[0], &r->loc[0], &r->write[0], &r->atomic[0], &ev, &r->tid[1],
               &r->loc[1], &r->write[1], &r->atomic[1], st[0], st[1]) != 14)
        return -1;
    for (int k = 0; k < 2; k++)
        r->nstack[k] = parse_stack(st[k], r->stack[k]);
    return 0;
}

/* Frame i of access k: the access itself, then the call sites. */
static uint32_t frame(const cc_race *r, int k, int i)
{
    return i == 0 ? r->loc[k] : r->stack[k][i - 1];
}

/* A race: or race_top: line of the suppressions file matching a frame's
 * function or file (race_top: the top frame only). */
static int suppressed(const cc_race *r)
{
    for (const char *l = cc.supp; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        char type[16], pat[256];
        if (sscanf(l, " %15[^:\n]:%255s", type, pat) != 2 || *type == '#')
            continue;
        int top = !strcmp(type, "race_top");
        if (!top && strcmp(type, "race"))
            continue;
        for (int k = 0; k < 2; k++)
            for (int i = 0; i <= (top ? 0 : r->nstack[k]); i++) {
                cc_pos p;
                pos_of(frame(r, k, i), &p);
                char glob[260];
                snprintf(glob, sizeof glob, "*%s*", pat);
                if (!fnmatch(glob, p.func, 0) || !fnmatch(glob, p.file, 0))
                    return 1;
            }
    }
    return 0;
}

/* The runtime reports each pair of location ids once; a load and a store
 * of one expression (x++) share a position, so pairs are shown once per
 * pair of source positions. */
static int seen_before(const cc_race *r)
{
    static uint64_t seen[4096];
    static int nseen;
    uint64_t h[2];
    for (int k = 0; k < 2; k++) {
        cc_pos p;
        pos_of(r->loc[k], &p);
        h[k] = rh_hash64(rh_hash_bytes(RH_HASH_SEED, p.file, strlen(p.file)) ^ ((uint64_t)p.line << 20) ^ p.col);
    }
    uint64_t key = rh_hash64(h[0] < h[1] ? h[0] * 31 + h[1] : h[1] * 31 + h[0]);
    for (int i = 0; i < nseen; i++)
        if (seen[i] == key)
            return 1;
    if (nseen < 4096)
        seen[nseen++] = key;
    return 0;
}

static const char *thread_name(int tid, char *buf, size_t n)
{
    if (tid == 0)
        snprintf(buf, n, "main thread");
    else
        snprintf(buf, n, "thread T%d", tid);
    return buf;
}

static void text_race(FILE *f, const cc_race *r, const uint32_t *created)
{
    static const char *const kind[2][2] = {{"Read", "Previous read"}, {"Write", "Previous write"}};
    char name[32];
    cc_pos p;
    fprintf(f, "==================\nWARNING: racehunt: data race (pid=%d)\n", (int)getpid());
    for (int k = 1; k >= 0; k--) {
        fprintf(f, "  %s%s of size %lu at %#lx by %s:\n", kind[r->write[k]][k == 0],
                r->atomic[k] ? " (atomic)" : "", r->size, r->addr,
                thread_name(r->tid[k], name, sizeof name));
        for (int i = 0; i <= r->nstack[k]; i++) {
            pos_of(frame(r, k, i), &p);
            fprintf(f, "    #%d %s %s:%u:%u\n", i, p.func, p.file, p.line, p.col);
        }
        fputc('\n', f);
    }
    for (int k = 1; k >= 0; k--)
        if (r->tid[k] > 0 && (k == 1 || r->tid[0] != r->tid[1])) {
            pos_of(created[r->tid[k]], &p);
            fprintf(f, "  Thread T%d created at:\n    #0 %s %s:%u:%u\n\n", r->tid[k], p.func, p.file,
                    p.line, p.col);
        }
    if (r->ordered_by) {
        pos_of(r->ordered_by, &p);
        fprintf(f, "  Ordered only by another race: the racing read at %s:%u:%u in %s (as an atomic "
                   "release and acquire, that race would order this one)\n\n", p.file, p.line, p.col,
                p.func);
    }
    pos_of(r->loc[1], &p);
    fprintf(f, "SUMMARY: racehunt: data race %s:%u:%u in %s\n==================\n", p.file, p.line,
            p.col, p.func);
}

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++)
        if (*s == '"' || *s == '\\')
            fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            fprintf(f, "\\u%04x", *s);
        else
            fputc(*s, f);
    fputc('"', f);
}

/* One source position as a JSON frame object (a stack frame, or the read
 * that orders a race). */
static void json_frame(FILE *f, uint32_t loc)
{
    cc_pos p;
    pos_of(loc, &p);
    fputs("{\"function\": ", f);
    json_str(f, p.func);
    fputs(", \"file\": ", f);
    json_str(f, p.file);
    fprintf(f, ", \"line\": %u, \"column\": %u}", p.line, p.col);
}

static void json_race(FILE *f, const cc_race *r, const uint32_t *created)
{
    fprintf(f, "%s\n    {\"address\": %lu, \"size\": %lu, \"accesses\": [", cc.shown > 1 ? "," : "",
            r->addr, r->size);
    for (int k = 1; k >= 0; k--) {
        cc_pos p;
        fprintf(f, "%s{\"thread\": %d, \"kind\": \"%s\", \"atomic\": %s, \"created_at\": ",
                k == 1 ? "" : ", ", r->tid[k], r->write[k] ? "write" : "read",
                r->atomic[k] ? "true" : "false");
        pos_of(r->tid[k] > 0 ? created[r->tid[k]] : 0, &p);
        json_str(f, p.file);
        fprintf(f, ", \"created_line\": %u, \"stack\": [", p.line);
        for (int i = 0; i <= r->nstack[k]; i++) {
            fputs(i ? ", " : "", f);
            json_frame(f, frame(r, k, i));
        }
        fputs("]}", f);
    }
    fputs("]", f);
    if (r->ordered_by) {
        fputs(", \"ordered_by\": ", f);
        json_frame(f, r->ordered_by);
    }
    fputs("}", f);
}

/* Writes a race kept for the report (after its 'O' line, if any). */
static void show_race(FILE *f, const cc_race *r, const uint32_t *created)
{
    cc.shown++;
    if (cc.json)
        json_race(f, r, created);
    else
        text_race(f, r, created);
}

static FILE *report_file(void)
{
    if (!cc.log_path[0] || !strcmp(cc.log_path, "stderr"))
        return stderr;
    char path[600];
    snprintf(path, sizeof path, "%s.%d", cc.log_path, (int)getpid());
    FILE *f = fopen(path, "w");
    if (!f)
        fprintf(stderr, "racehunt: warning: cannot write %s; the report goes to stderr\n", path);
    return f ? f : stderr;
}

/* Reads the findings back and writes them; returns the races shown. */
static unsigned long write_report(const char *reason, const char *detail)
{
    static uint32_t created[4096];
    char line[4096];
    cc_race r, next;
    int pending = 0; /* r is kept, waiting for an 'O' line */
    FILE *f = report_file();
    if (cc.json)
        fprintf(f, "{\"schema\": \"racehunt-run\", \"version\": 1, \"pid\": %d, \"races\": [",
                (int)getpid());
    rewind(rt.out);
    while (fgets(line, sizeof line, rt.out)) {
        int tid, parent;
        unsigned loc;
        if (sscanf(line, "T %d %d %u", &tid, &parent, &loc) == 3 && tid >= 0 && tid < 4096)
            created[tid] = loc;
        if (line[0] == 'O' && pending) {
            sscanf(line, "O %u", &r.ordered_by);
            continue;
        }
        if (line[0] != 'R' || parse_race(line, &next))
            continue;
        if (pending)
            show_race(f, &r, created);
        pending = 0;
        if (seen_before(&next))
            continue;
        if (suppressed(&next)) {
            cc.suppressed++;
            continue;
        }
        r = next;
        pending = 1;
    }
    if (pending)
        show_race(f, &r, created);
    int abnormal = strcmp(reason, "exit") != 0;
    if (cc.json) {
        fprintf(f, "\n  ], \"suppressed\": %lu, \"end\": ", cc.suppressed);
        json_str(f, reason);
        fputs(", \"detail\": ", f);
        json_str(f, detail ? detail : "");
        fputs("}\n", f);
    } else {
        if (abnormal)
            fprintf(f, "racehunt: the run ended: %s%s%s\n", reason, detail && *detail ? ": " : "",
                    detail ? detail : "");
        if (cc.shown)
            fprintf(f, "racehunt: reported %lu warning%s\n", cc.shown, cc.shown == 1 ? "" : "s");
    }
    if (f != stderr)
        fclose(f);
    return cc.shown;
}

void rt_cc_end(const char *reason, const char *detail)
{
    if (!cc.on || !rt.out)
        return; /* a forked child (rt_limits.c): its parent reports */
    fflush(rt.out);
    unsigned long shown = write_report(reason, detail);
    int deadlock = !strcmp(reason, "deadlock"), normal = !strcmp(reason, "exit") ||
                                                         !strcmp(reason, "assume");
    if (strcmp(reason, "crash") == 0)
        return; /* the signal ends the process as it would have */
    if (shown || deadlock || !normal) {
        /* the program's buffered output is its own: flush it before leaving */
        fflush(NULL);
        _exit(shown || deadlock ? cc.exitcode : 1);
    }
}
