/* model_file.c - the user's --model file: rows added to the concurrency
 * table (concurrency.h) for a project's own wrappers.
 *
 * Why strict: a row is trusted as the operation itself, so a row that
 * names an argument the function does not have, or a garbled one that is
 * half understood, turns into wrong verdicts (a lock on argument 5 of a
 * one-argument wrapper locks nothing, and every access it guards races).
 * Anything not understood is an error naming the file and line.
 */
#include "concurrency.h"
#include "util/input.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

#define RH_MODEL_MAX_ARG 126 /* argument positions fit a signed char */

/* Modifier words of a --model line and the flags they set. */
static const struct {
    const char *word;
    unsigned flag;
} modifiers[] = {
    {"try", RH_F_TRY}, {"timed", RH_F_TIMED}, {"shared", RH_F_SHARED},
    {"deadline", RH_F_TIMED | RH_F_DEADLINE}, /* timed, last argument an absolute timespec */
    {"reads", RH_F_OBJ_READ}, {"writes", RH_F_OBJ_WRITE}, {"reads2", RH_F_OBJ2_READ},
    {"prefix", RH_F_PREFIX}, {"format", RH_F_FORMAT}, {"scanf", RH_F_SCAN},
    /* fn=N is kept and called later in other threads: a function, or every
     * function of the struct it points to (an event loop's callback table) */
    {"registers", RH_F_REGISTER},
};

/* The keys that take an argument position. */
static const char *const arg_keys[] = {"obj", "obj2", "fn", "size"};

static signed char *arg_slot(rh_conc_entry *e, size_t k)
{
    signed char *slots[] = {&e->obj, &e->obj2, &e->fn, &e->size};
    return slots[k];
}

/* A decimal number lo..hi, digits only (a sign allowed when lo < 0). */
static int number(const char *s, long lo, long hi, long *out)
{
    const char *p = s + (*s == '-' && lo < 0);
    if (!*p || strspn(p, "0123456789") != strlen(p) || strlen(p) > 10)
        return -1;
    long v = strtol(s, NULL, 10);
    if (v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

/* One KEY=N or flag word; `seen` has a bit per key already given. */
static int parse_word(rh_conc_entry *e, const char *w, unsigned *seen, char *why)
{
    const char *eq = strchr(w, '=');
    size_t klen = eq ? (size_t)(eq - w) : strlen(w);
    long v;
    for (size_t k = 0; eq && k <= sizeof arg_keys / sizeof arg_keys[0]; k++) {
        const char *key = k < sizeof arg_keys / sizeof arg_keys[0] ? arg_keys[k] : "success";
        if (strlen(key) != klen || strncmp(w, key, klen) != 0)
            continue;
        if (*seen & (1u << k))
            return rh_fail(why, "'%s' is given twice", key);
        *seen |= 1u << k;
        if (k == sizeof arg_keys / sizeof arg_keys[0]) {
            if (number(eq + 1, -2147483647L, 2147483647L, &v))
                return rh_fail(why, "success=%s: expected a whole number", eq + 1);
            e->success = (int)v;
        } else {
            if (number(eq + 1, 0, RH_MODEL_MAX_ARG, &v))
                return rh_fail(why, "%s=%s: expected an argument position from 0 to %d", key,
                               eq + 1, RH_MODEL_MAX_ARG);
            *arg_slot(e, k) = (signed char)v;
        }
        return 0;
    }
    for (size_t i = 0; !eq && i < sizeof modifiers / sizeof modifiers[0]; i++)
        if (strcmp(w, modifiers[i].word) == 0) {
            if (e->flags & modifiers[i].flag & ~RH_F_TIMED)
                return rh_fail(why, "'%s' is given twice", w);
            e->flags |= modifiers[i].flag;
            return 0;
        }
    return rh_fail(why, "unknown %s '%s'", eq ? "key" : "flag", w);
}

/* A C identifier (with '$' and '.', which linkers allow in names). */
static int is_c_name(const char *s)
{
    static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_";
    return *s && strchr(letters, *s) &&
           strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789$.") ==
               strlen(s);
}

static int parse_line(rh_conc_entry *e, char *line, unsigned *seen, char *why)
{
    char *save = NULL, *op = strtok_r(line, " \t\r\n", &save);
    char *name = strtok_r(NULL, " \t\r\n", &save);
    memset(e, 0, sizeof *e);
    if (!op || !name)
        return rh_fail(why, "expected: OP FUNCTION [obj=N] [obj2=N] [fn=N] [size=N] [success=N] "
                            "[flags]");
    e->op = RH_OP_NONE;
    for (int i = 1; i < RH_OP__COUNT; i++)
        if (strcmp(op, rh_conc_op_name((rh_op)i)) == 0)
            e->op = (rh_op)i;
    if (e->op == RH_OP_NONE)
        return rh_fail(why, "unknown operation '%s' (racehunt --dump-model names them)", op);
    if (!is_c_name(name))
        return rh_fail(why, "'%s' is not a function name", name);
    e->flags = RH_F_DEFINED;
    e->lock_class = e->op == RH_OP_LOCK || e->op == RH_OP_UNLOCK ? RH_LOCK_MUTEX : RH_LOCK_NONE;
    e->obj = 0;
    e->obj2 = e->fn = e->size = -1;
    for (char *w; (w = strtok_r(NULL, " \t\r\n", &save));)
        if (parse_word(e, w, seen, why))
            return -1;
    e->name = rh_xstrdup(name);
    return 0;
}

int rh_conc_load_file(rh_conc_table *t, const char *path, char *err)
{
    char *text = rh_input_read_text(path, "model file", err);
    if (!text)
        return -1;
    int lineno = 0, rc = 0;
    t->user_file = path;
    for (char *line = text, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        lineno++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        if (strspn(line, " \t\r") == strlen(line))
            continue;
        t->user = rh_xrealloc(t->user, (size_t)(t->nuser + 1) * sizeof *t->user);
        t->user_row = rh_xrealloc(t->user_row, (size_t)(t->nuser + 1) * sizeof *t->user_row);
        char why[RH_ERR_MAX - 64];
        unsigned seen = 0;
        if (parse_line(&t->user[t->nuser], line, &seen, why)) {
            rc = rh_fail(err, "%s:%d: %.*s", path, lineno, RH_ERR_MAX - 80, why);
            break;
        }
        t->user_row[t->nuser].line = lineno;
        t->user_row[t->nuser++].keys = seen;
    }
    free(text);
    return rc;
}

int rh_conc_check_arity(const rh_conc_table *t, const char *name, unsigned nparams, char *err)
{
    for (int i = 0; i < t->nuser; i++) {
        rh_conc_entry *e = &t->user[i];
        size_t n = strlen(e->name);
        if (e->flags & RH_F_PREFIX ? strncmp(name, e->name, n) != 0 : strcmp(name, e->name) != 0)
            continue;
        for (size_t k = 0; k < sizeof arg_keys / sizeof arg_keys[0]; k++) {
            int pos = *arg_slot(e, k);
            /* obj=0 is every row's default: checked when the line gives it
             * or the operation has an object (a lock, an unlock) */
            int given = (t->user_row[i].keys >> k) & 1 ||
                        (k == 0 && (e->op == RH_OP_LOCK || e->op == RH_OP_UNLOCK));
            if (given && pos >= 0 && (unsigned)pos >= nparams)
                return rh_fail(err, "%s:%d: %s=%d, but %s has %u parameter%s (positions count "
                                    "from 0)", t->user_file, t->user_row[i].line, arg_keys[k], pos,
                               name, nparams, nparams == 1 ? "" : "s");
        }
    }
    return 0;
}
