/* rt_sym_env.c - environment variables and files as symbolic inputs of
 * concolic runs (--inputs=solver).  The pass sends getenv, fopen, open,
 * access, stat and lstat here (dse_instrument.c).  A name the program asks for gets a slot
 * (rt_sym_abi.h): whether it is there is a variable, recorded as a branch
 * the search may flip, and its value's or content's bytes are variables
 * too.  The search chooses values for the next input; the engine sets the
 * environment of the run and names substitute files in RH_RT_FILES (lines
 * "HEXPATH SUBSTITUTE", SUBSTITUTE "-" for a file that is not there),
 * which every run of the build honours, concolic or not, so that schedule
 * runs and replays see the same input.
 *
 * A file that exists and has no substitute stays concrete: its content is
 * the machine's, not an input.  Models may be coarse: a wrong guess costs
 * a useless input, never a wrong race (races are observed, not solved).
 */
#include "rt_sym.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

void __rh_sym_branch(rt_sym_node *c, uint64_t taken, uint32_t site);

/* Branch numbers of the presence tests, above the pass's and getopt's;
 * both may-reach-a-creation bits set (set-up comes before the work). */
#define ENV_SITE_BASE 0x38000000u
#define FILE_SITE_BASE 0x38000100u

typedef struct env_slot {
    char *name;
    char *buf;              /* the value the program sees, NULL when absent */
    const char *orig;       /* libc's value when the slot was made */
    rt_sym_node *present;
} env_slot;

typedef struct file_slot {
    char *path;
    rt_sym_node *present;
} file_slot;

static env_slot envs[RH_SYM_ENV_SLOTS];
static int nenvs;
static file_slot files[RH_SYM_FILE_SLOTS];
static int nfiles;

/* streams and descriptors of substituted files -> slot + 1 */
#define RT_SYM_OPEN_MAX 64
static struct { void *stream; int fd; int slot; long pos; } opened[RT_SYM_OPEN_MAX];

/* RH_RT_FILES, read once: hex path -> substitute ("-": not there) */
static struct { char *hexpath, *subst; } subst[RH_SYM_FILE_SLOTS];
static int nsubst = -1;

static void log_name(char kind, int slot, const char *name)
{
    static const char digits[] = "0123456789abcdef";
    size_t n = strlen(name);
    if (n > 1024)
        return; /* a name the log cannot carry: the slot has no name, the search leaves it */
    char *hex = malloc(2 * n + 1);
    if (!hex)
        return;
    for (size_t i = 0; i < n; i++) {
        hex[2 * i] = digits[(unsigned char)name[i] >> 4];
        hex[2 * i + 1] = digits[(unsigned char)name[i] & 15];
    }
    hex[2 * n] = 0;
    rt_sym_log_record("I %c %d %s\n", kind, slot, hex);
    free(hex);
}

/* The presence variable of a new slot, pinned to 0 or 1. */
static rt_sym_node *presence(uint32_t var, int there)
{
    rt_sym_node *p = rt_sym_var(var, 8, (uint64_t)(there != 0));
    rt_sym_pin(rt_sym_mk(RH_SYM_ULE, 1, p, rt_sym_const(8, 1), NULL, 0));
    return p;
}

static void presence_branch(rt_sym_node *p, int there, uint32_t site)
{
    if (p)
        __rh_sym_branch(rt_sym_mk(RH_SYM_EQ, 1, p, rt_sym_const(8, 1), NULL, 0), (uint64_t)(there != 0),
                        site << 2 | 3u);
}

/* ---- getenv ---- */

static int env_slot_of(const char *name)
{
    for (int i = 0; i < nenvs; i++)
        if (strcmp(envs[i].name, name) == 0)
            return i;
    if (nenvs == RH_SYM_ENV_SLOTS || !(envs[nenvs].name = strdup(name)))
        return -1;
    int k = nenvs++;
    const char *v = getenv(name);
    uint32_t base = RH_SYM_ENV + (uint32_t)k * RH_SYM_ENV_STRIDE;
    log_name('e', k, name);
    envs[k].present = presence(base, v != NULL);
    envs[k].orig = v;
    if (v) { /* a copy with RH_SYM_ENV_LEN symbolic bytes, as main's arguments get */
        size_t len = strlen(v), size = len > RH_SYM_ENV_LEN ? len + 1 : RH_SYM_ENV_LEN + 1;
        if (!(envs[k].buf = calloc(1, size)))
            return k;
        memcpy(envs[k].buf, v, len);
        for (uint32_t j = 0; j < RH_SYM_ENV_LEN; j++) {
            rt_sym_node *b = rt_sym_var(base + 1 + j, 8, (unsigned char)envs[k].buf[j]);
            rt_sym_set_byte(envs[k].buf + j, b);
            rt_sym_pin_printable(b);
        }
    }
    return k;
}

char *__rh_sym_getenv(const char *name)
{
    char *v = getenv(name);
    if (!rt_sym_on || !name || rh_sym_env_reserved(name, strlen(name)))
        return v;
    int k = env_slot_of(name);
    if (k < 0 || v != envs[k].orig)
        return v; /* the program set or unset it since: its own value, concrete */
    presence_branch(envs[k].present, v != NULL, ENV_SITE_BASE + (uint32_t)k);
    return v && envs[k].buf ? envs[k].buf : v;
}

/* ---- files ---- */

static void load_subst(void)
{
    nsubst = 0;
    const char *index = getenv("RH_RT_FILES");
    FILE *f = index && *index ? fopen(index, "r") : NULL;
    if (!f)
        return;
    char *line = NULL;
    size_t cap = 0;
    while (nsubst < RH_SYM_FILE_SLOTS && getline(&line, &cap, f) > 0) {
        line[strcspn(line, "\n")] = 0;
        char *sp = strchr(line, ' ');
        if (!sp)
            continue;
        *sp = 0;
        subst[nsubst].hexpath = strdup(line);
        subst[nsubst].subst = strdup(sp + 1);
        if (subst[nsubst].hexpath && subst[nsubst].subst)
            nsubst++;
    }
    free(line);
    fclose(f);
}

/* The substitute of path ("-": not there), or NULL. */
static const char *subst_of(const char *path)
{
    if (nsubst < 0)
        load_subst();
    size_t n = strlen(path);
    for (int i = 0; i < nsubst; i++) {
        const char *h = subst[i].hexpath;
        if (strlen(h) != 2 * n)
            continue;
        size_t j = 0;
        for (; j < n; j++) {
            unsigned hi = (unsigned)(h[2 * j] <= '9' ? h[2 * j] - '0' : h[2 * j] - 'a' + 10);
            unsigned lo = (unsigned)(h[2 * j + 1] <= '9' ? h[2 * j + 1] - '0' : h[2 * j + 1] - 'a' + 10);
            if ((unsigned char)path[j] != (hi << 4 | lo))
                break;
        }
        if (j == n)
            return subst[i].subst;
    }
    return NULL;
}

static int file_slot_of(const char *path)
{
    for (int i = 0; i < nfiles; i++)
        if (strcmp(files[i].path, path) == 0)
            return i;
    if (nfiles == RH_SYM_FILE_SLOTS || !(files[nfiles].path = strdup(path)))
        return -1;
    return nfiles++;
}

static void remember(void *stream, int fd, int slot)
{
    int free_at = -1;
    for (int i = 0; i < RT_SYM_OPEN_MAX; i++) {
        if (opened[i].slot && ((stream && opened[i].stream == stream) || (!stream && opened[i].fd == fd))) {
            opened[i].slot = slot + 1, opened[i].pos = 0;
            return;
        }
        if (!opened[i].slot && free_at < 0)
            free_at = i;
    }
    if (slot >= 0 && free_at >= 0)
        opened[free_at].stream = stream, opened[free_at].fd = fd, opened[free_at].slot = slot + 1,
        opened[free_at].pos = 0;
}

/* After an open for reading of path (there: it succeeded): the slot's
 * presence branch, and the stream or descriptor read from it. */
static void opened_file(const char *path, int substituted, int there, void *stream, int fd)
{
    there = there != 0;
    if (!rt_sym_on || (there && !substituted)) { /* a real file: concrete */
        if (there && (stream || fd >= 0))
            remember(stream, fd, -1);
        return;
    }
    int k = file_slot_of(path);
    if (k < 0)
        return;
    if (!files[k].present) {
        log_name('f', k, path);
        files[k].present = presence(RH_SYM_FILE + (uint32_t)k * RH_SYM_FILE_STRIDE, there);
    }
    presence_branch(files[k].present, there, FILE_SITE_BASE + (uint32_t)k);
    if (there && (stream || fd >= 0))
        remember(stream, fd, k);
}

static int reading(const char *mode)
{
    return mode && mode[0] == 'r' && !strchr(mode, '+');
}

FILE *__rh_sym_fopen(const char *path, const char *mode)
{
    const char *sub = path && reading(mode) ? subst_of(path) : NULL;
    FILE *f;
    if (sub && strcmp(sub, "-") == 0) {
        errno = ENOENT;
        f = NULL;
    } else {
        f = fopen(sub ? sub : path, mode);
    }
    if (path && reading(mode))
        opened_file(path, sub != NULL, f != NULL, f, -1);
    return f;
}

int __rh_sym_open(const char *path, int flags, ...)
{
    mode_t mode = 0;
    if (flags & O_CREAT) {
        va_list ap;
        va_start(ap, flags);
        mode = (mode_t)va_arg(ap, int);
        va_end(ap);
    }
    int rd = (flags & O_ACCMODE) == O_RDONLY && !(flags & O_CREAT);
    const char *sub = path && rd ? subst_of(path) : NULL;
    int fd;
    if (sub && strcmp(sub, "-") == 0) {
        errno = ENOENT;
        fd = -1;
    } else {
        fd = open(sub ? sub : path, flags, mode);
    }
    if (path && rd)
        opened_file(path, sub != NULL, fd >= 0, NULL, fd);
    return fd;
}

/* openat: a path it resolves as open would (absolute, or from the
 * working directory) is open's; one relative to another directory is
 * libc's, unmodelled (the slots name files by the path a program gives). */
int __rh_sym_openat(int dirfd, const char *path, int flags, ...)
{
    mode_t mode = 0;
    if (flags & (O_CREAT | O_TMPFILE)) {
        va_list ap;
        va_start(ap, flags);
        mode = (mode_t)va_arg(ap, int);
        va_end(ap);
    }
    if (path && (path[0] == '/' || dirfd == AT_FDCWD))
        return __rh_sym_open(path, flags, mode);
    return openat(dirfd, path, flags, mode);
}

/* access, stat and lstat of a path: whether the file is there is the
 * slot's presence, as fopen's is (a program often looks before it opens). */
int __rh_sym_access(const char *path, int mode)
{
    const char *sub = path ? subst_of(path) : NULL;
    int rc;
    if (sub && strcmp(sub, "-") == 0) {
        errno = ENOENT;
        rc = -1;
    } else {
        rc = access(sub ? sub : path, mode);
    }
    if (path && !(mode & W_OK))
        opened_file(path, sub != NULL, rc == 0, NULL, -1);
    return rc;
}

static int stat_like(const char *path, struct stat *st, int (*fn)(const char *, struct stat *))
{
    const char *sub = path ? subst_of(path) : NULL;
    int rc;
    if (sub && strcmp(sub, "-") == 0) {
        errno = ENOENT;
        rc = -1;
    } else {
        rc = fn(sub ? sub : path, st);
    }
    if (path)
        opened_file(path, sub != NULL, rc == 0, NULL, -1);
    return rc;
}

int __rh_sym_stat(const char *path, struct stat *st)
{
    return stat_like(path, st, stat);
}

int __rh_sym_lstat(const char *path, struct stat *st)
{
    return stat_like(path, st, lstat);
}

/* The entry of a stream (or, stream NULL, a descriptor) read from a
 * slot's file, or -1. */
static int open_entry(void *stream, int fd)
{
    for (int i = 0; i < RT_SYM_OPEN_MAX; i++)
        if (opened[i].slot > 0 && ((stream && opened[i].stream == stream) || (!stream && opened[i].fd == fd)))
            return i;
    return -1;
}

/* Bytes buf[0..n) were read from the slot's file at offset at. */
static void mark_file(int k, long at, const void *buf, uint64_t n)
{
    uint32_t base = RH_SYM_FILE + (uint32_t)k * RH_SYM_FILE_STRIDE + 1;
    for (uint64_t i = 0; at >= 0 && i < n && (uint64_t)at + i < RH_SYM_FILE_LEN; i++)
        rt_sym_set_byte((const char *)buf + i,
                        rt_sym_var(base + (uint32_t)(at + (long)i), 8, ((const unsigned char *)buf)[i]));
}

int rt_sym_file_input(uint32_t kind, void *from, void *buf, int64_t ret, uint64_t size)
{
    int by_fd = kind == RH_SYM_IN_READ || kind == RH_SYM_IN_MMAP;
    int e = by_fd ? open_entry(NULL, (int)(intptr_t)from) : open_entry(from, -1);
    if (e < 0)
        return 0;
    if (kind == RH_SYM_IN_MMAP) { /* the mapped bytes the file has, from offset 0 */
        struct stat st;
        if (buf && buf != MAP_FAILED && fstat((int)(intptr_t)from, &st) == 0)
            mark_file(opened[e].slot - 1, 0, buf,
                      size < (uint64_t)st.st_size ? size : (uint64_t)st.st_size);
        return 1;
    }
    if (ret <= 0 || !buf)
        return 1;
    /* where the stream stands after the call, and the bytes it delivered */
    long end = kind == RH_SYM_IN_READ ? (long)lseek((int)(intptr_t)from, 0, SEEK_CUR) : ftell(from);
    uint64_t n = kind == RH_SYM_IN_FREAD ? (uint64_t)ret * size : (uint64_t)ret;
    if (kind == RH_SYM_IN_FGETS) { /* size: fgets's n; up to a newline, else as far as the stream moved */
        const char *nl = size >= 2 ? memchr(buf, '\n', size - 1) : NULL;
        n = nl ? (uint64_t)(nl - (const char *)buf) + 1
            : end > opened[e].pos ? (uint64_t)(end - opened[e].pos) : strlen(buf);
        if (size < 2 || n > size - 1)
            n = size < 2 ? 0 : size - 1;
    }
    mark_file(opened[e].slot - 1, end < 0 ? -1 : end - (long)n, buf, n);
    opened[e].pos = end;
    return 1;
}
