/* util.h - small helpers shared by every module: checked allocation, string
 * formatting and a growable array (the hash map is util/hashmap.h).
 *
 * Contract: allocation failure aborts with a message (racehunt cannot do
 * anything useful without memory); everything else reports errors through
 * return values.  No global mutable state.
 */
#ifndef RH_UTIL_H
#define RH_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#define RH_ERR_MAX 512 /* size of the error buffers passed between modules */

void *rh_xmalloc(size_t n);
void *rh_xcalloc(size_t n, size_t size);
void *rh_xrealloc(void *p, size_t n);
char *rh_xstrdup(const char *s);
char *rh_xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Writes a formatted sentence into err (RH_ERR_MAX bytes) and returns -1, so
 * callers can write `return rh_fail(err, "...")`. */
int rh_fail(char *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A growable array of T: declare with RH_VEC(T) name; zero-initialise. */
#define RH_VEC(T)                                                                                  \
    struct {                                                                                       \
        T *items;                                                                                  \
        size_t len, cap;                                                                           \
    }
#define rh_vec_grow(v)                                                                             \
    ((v)->len == (v)->cap                                                                          \
         ? ((v)->cap = (v)->cap ? 2 * (v)->cap : 8,                                                \
            (v)->items = rh_xrealloc((v)->items, (v)->cap * sizeof *(v)->items))                   \
         : (v)->items)
#define rh_vec_push(v, x) (rh_vec_grow(v), (v)->items[(v)->len++] = (x))
#define rh_vec_free(v) (free((v)->items), (v)->items = NULL, (v)->len = (v)->cap = 0)

/* Wall-clock seconds since an arbitrary point, for budgets and --stats. */
double rh_now(void);

/* Cooperative cancellation.  A portfolio stage whose answer is no longer
 * needed receives SIGTERM; after rh_cancel_on_sigterm() that only sets a
 * flag, and long loops poll rh_cancelled() to wind down with what they
 * have (temporary files removed, partial result kept). */
void rh_cancel_on_sigterm(void);
int rh_cancelled(void);

/* A stage still searching for a first race may stop that search once
 * another stage has confirmed one: the portfolio says so with SIGUSR1
 * (handled from rh_cancel_on_sigterm() on; system calls restart). */
int rh_race_confirmed_elsewhere(void);
void rh_set_race_confirmed_elsewhere(void); /* the same, within one process */

/* Reads a whole file; returns NULL and fills err on failure. *len may be NULL. */
char *rh_read_file(const char *path, size_t *len, char *err);

/* Ends the process as if sig had killed it (default action, unblocked), so
 * a parent's wait sees that signal; async-signal-safe. */
void rh_die_of_signal(int sig) __attribute__((noreturn));

/* 1 when s is a C identifier ([A-Za-z_][A-Za-z0-9_]*), 0 otherwise. */
int rh_is_c_identifier(const char *s);

#endif
