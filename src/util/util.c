/* util.c - allocation, formatting and small file helpers. */
#include "util.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>
#include <time.h>

static void *check(void *p)
{
    if (!p) {
        fputs("racehunt: error: out of memory\n", stderr);
        exit(2);
    }
    return p;
}

void *rh_xmalloc(size_t n) { return check(malloc(n ? n : 1)); }
void *rh_xcalloc(size_t n, size_t size) { return check(calloc(n ? n : 1, size ? size : 1)); }
void *rh_xrealloc(void *p, size_t n) { return check(realloc(p, n ? n : 1)); }
char *rh_xstrdup(const char *s) { return check(strdup(s ? s : "")); }

char *rh_xasprintf(const char *fmt, ...)
{
    va_list ap;
    char *s = NULL;
    va_start(ap, fmt);
    if (vasprintf(&s, fmt, ap) < 0)
        s = NULL;
    va_end(ap);
    return check(s);
}

int rh_fail(char *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (err)
        vsnprintf(err, RH_ERR_MAX, fmt, ap);
    va_end(ap);
    return -1;
}

double rh_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static volatile sig_atomic_t cancel_flag, confirmed_flag;

static void on_sigterm(int sig)
{
    (void)sig;
    cancel_flag = 1;
}

static void on_sigusr1(int sig)
{
    (void)sig;
    confirmed_flag = 1;
}

void rh_cancel_on_sigterm(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigterm;
    sigaction(SIGTERM, &sa, NULL);
    sa.sa_handler = on_sigusr1;
    sa.sa_flags = SA_RESTART;
    sigaction(SIGUSR1, &sa, NULL);
}

int rh_cancelled(void)
{
    return cancel_flag != 0;
}

int rh_race_confirmed_elsewhere(void)
{
    return confirmed_flag != 0;
}

void rh_set_race_confirmed_elsewhere(void)
{
    confirmed_flag = 1;
}

char *rh_read_file(const char *path, size_t *len, char *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        rh_fail(err, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *buf = rh_xmalloc(cap);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (cap - n - 1 == 0)
            buf = rh_xrealloc(buf, cap *= 2);
    }
    fclose(f);
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

int rh_is_c_identifier(const char *s)
{
    if (!*s || (*s >= '0' && *s <= '9'))
        return 0;
    for (; *s; s++)
        if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
              (*s >= '0' && *s <= '9')))
            return 0;
    return 1;
}

void rh_die_of_signal(int sig)
{
    signal(sig, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
    _exit(128 + sig);
}
