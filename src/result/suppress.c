/* suppress.c - suppressions files in ThreadSanitizer's syntax and in-source
 * benign-race annotations (see suppress.h for both syntaxes). */
#include "suppress.h"
#include "names.h"
#include "util/input.h"
#include "util/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The rule types of TSan's suppressions files. */
static const struct {
    const char *name;
    int top_only, inert;
} types[] = {
    {"race", 0, 0},   {"race_top", 1, 0}, {"thread", 0, 1},          {"mutex", 0, 1},
    {"signal", 0, 1}, {"deadlock", 0, 1}, {"called_from_lib", 0, 1},
};

static const char *const annotations[] = {"racehunt:benign", "racehunt-ignore"};

/* '*' matches any text; p..pe against the whole of s. */
static int glob(const char *p, const char *pe, const char *s)
{
    const char *star = NULL, *retry = NULL;
    while (*s) {
        if (p < pe && *p == '*') {
            star = ++p;
            retry = s;
        } else if (p < pe && *p == *s) {
            p++, s++;
        } else if (star) {
            p = star;
            s = ++retry;
        } else {
            return 0;
        }
    }
    while (p < pe && *p == '*')
        p++;
    return p == pe;
}

int rh_supp_pattern_match(const char *pattern, const char *name)
{
    if (!name || !*name)
        return 0;
    size_t n = strlen(pattern);
    int start = pattern[0] == '^', end = n > (size_t)start && pattern[n - 1] == '$';
    /* TSan matches anywhere unless anchored: an implicit '*' at either end. */
    char *full = rh_xasprintf("%s%.*s%s", start ? "" : "*", (int)(n - start - end), pattern + start,
                              end ? "" : "*");
    int m = glob(full, full + strlen(full), name);
    free(full);
    return m;
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

/* One line of the file; returns 0 (rule added or nothing to add) or -1. */
static int parse_line(rh_suppressions *s, char *line, const char *path, int lineno, char *err)
{
    line = trim(line);
    if (!*line || *line == '#')
        return 0;
    char *colon = strchr(line, ':');
    if (!colon)
        return rh_fail(err, "%s:%d: expected TYPE:PATTERN (e.g. race:counter), not '%s'", path,
                       lineno, line);
    *colon = '\0';
    char *type = trim(line), *pattern = trim(colon + 1);
    size_t t = 0;
    while (t < sizeof types / sizeof types[0] && strcmp(types[t].name, type) != 0)
        t++;
    if (t == sizeof types / sizeof types[0])
        return rh_fail(err, "%s:%d: unknown suppression type '%s' (expected race, race_top, "
                            "thread, mutex, signal, deadlock or called_from_lib)", path, lineno, type);
    if (!*pattern)
        return rh_fail(err, "%s:%d: '%s:' needs a pattern", path, lineno, type);
    s->rules = rh_xrealloc(s->rules, (size_t)(s->nrules + 1) * sizeof *s->rules);
    rh_supp_rule *r = &s->rules[s->nrules++];
    r->top_only = types[t].top_only;
    r->inert = types[t].inert;
    r->pattern = rh_xstrdup(pattern);
    r->text = rh_xasprintf("%s:%s (%s:%d)", type, pattern, path, lineno);
    r->hits = 0;
    return 0;
}

int rh_supp_load(rh_suppressions *s, const char *path, char *err)
{
    memset(s, 0, sizeof *s);
    char inner[RH_ERR_MAX];
    char *text = rh_input_read_text(path, "suppressions file", inner);
    if (!text)
        return rh_fail(err, "%s", inner);
    int rc = 0, lineno = 1;
    for (char *p = text, *next; rc == 0 && p && *p; p = next, lineno++) {
        next = strchr(p, '\n');
        if (next)
            *next++ = '\0';
        rc = parse_line(s, p, path, lineno, err);
    }
    free(text);
    if (rc)
        rh_supp_free(s);
    return rc;
}

void rh_supp_free(rh_suppressions *s)
{
    for (int i = 0; i < s->nrules; i++) {
        free(s->rules[i].pattern);
        free(s->rules[i].text);
    }
    free(s->rules);
    memset(s, 0, sizeof *s);
}

static int access_matches(const rh_supp_rule *rule, const rh_race_access *a)
{
    if (rh_supp_pattern_match(rule->pattern, a->func) ||
        rh_supp_pattern_match(rule->pattern, a->file))
        return 1;
    for (int i = 0; !rule->top_only && i < a->nstack; i++)
        if (rh_supp_pattern_match(rule->pattern, a->stack[i].func) ||
            rh_supp_pattern_match(rule->pattern, a->stack[i].loc.file))
            return 1;
    return 0;
}

static int rule_matches(const rh_supp_rule *rule, const rh_race *r)
{
    if (rule->inert)
        return 0;
    if (access_matches(rule, &r->a) || access_matches(rule, &r->b))
        return 1;
    char *var = rule->top_only ? NULL : rh_names_source_name(r->object);
    int m = rh_supp_pattern_match(rule->pattern, var);
    free(var);
    return m;
}

char *rh_supp_match(rh_suppressions *s, const rh_race *r)
{
    for (int i = 0; i < s->nrules; i++)
        if (rule_matches(&s->rules[i], r)) {
            s->rules[i].hits++;
            return rh_xstrdup(s->rules[i].text);
        }
    return NULL;
}

static int has_annotation(const char *line, size_t len, int whole_comment)
{
    char *copy = rh_xasprintf("%.*s", (int)len, line);
    char *c1 = strstr(copy, "//"), *c2 = strstr(copy, "/*");
    char *comment = !c1 ? c2 : !c2 ? c1 : c1 < c2 ? c1 : c2;
    const char *t = trim(copy);
    if (whole_comment && comment != t) /* the line above must be nothing but a comment */
        comment = NULL;
    int found = 0;
    for (size_t i = 0; comment && !found && i < sizeof annotations / sizeof annotations[0]; i++)
        found = strstr(comment, annotations[i]) != NULL;
    free(copy);
    return found;
}

char *rh_supp_annotated(const rh_race *r, rh_srclines *src)
{
    const rh_race_access *acc[2] = {&r->a, &r->b};
    for (int i = 0; i < 2; i++) {
        size_t len;
        const char *line = rh_srclines_get(src, acc[i]->file, acc[i]->line, &len);
        if (line && has_annotation(line, len, 0))
            return rh_xasprintf("racehunt:benign at %s:%u", acc[i]->file, acc[i]->line);
        line = acc[i]->line > 1 ? rh_srclines_get(src, acc[i]->file, acc[i]->line - 1, &len) : NULL;
        if (line && has_annotation(line, len, 1))
            return rh_xasprintf("racehunt:benign at %s:%u", acc[i]->file, acc[i]->line - 1);
    }
    return NULL;
}
