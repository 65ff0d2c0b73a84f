/* units.c - which translation units to analyse: the files on the command
 * line, or every entry of a build's compile_commands.json with the flags
 * that matter to the meaning of the code (-I -D -U -std -include ...).
 */
#include "frontend.h"
#include "../util/util.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static void add_flag(rh_tu *tu, const char *f)
{
    tu->flags = rh_xrealloc(tu->flags, (size_t)(tu->nflags + 1) * sizeof *tu->flags);
    tu->flags[tu->nflags++] = rh_xstrdup(f);
}

static rh_tu *add_unit(rh_tu_list *l, const char *file, const char *dir)
{
    l->items = rh_xrealloc(l->items, (size_t)(l->len + 1) * sizeof *l->items);
    rh_tu *tu = &l->items[l->len++];
    memset(tu, 0, sizeof *tu);
    tu->file = rh_xstrdup(file);
    tu->dir = dir ? rh_xstrdup(dir) : NULL;
    return tu;
}

/* Flags of a build command that change what the code means.  Those taking
 * a separate value say so; everything else (-o, -c, -O2, -M*) is dropped. */
static const struct {
    const char *prefix;
    int takes_value;
} kept_flags[] = {
    {"-I", 1}, {"-D", 1}, {"-U", 1}, {"-isystem", 1}, {"-iquote", 1}, {"-include", 1},
    {"-std=", 0}, {"-m32", 0}, {"-m64", 0}, {"-pthread", 0}, {"-fgnu89-inline", 0},
};

static void keep_build_flags(rh_tu *tu, char **argv, int argc)
{
    for (int i = 1; i < argc; i++) {
        for (size_t k = 0; k < sizeof kept_flags / sizeof kept_flags[0]; k++) {
            size_t n = strlen(kept_flags[k].prefix);
            if (strncmp(argv[i], kept_flags[k].prefix, n) != 0)
                continue;
            add_flag(tu, argv[i]);
            if (kept_flags[k].takes_value && argv[i][n] == '\0' && i + 1 < argc)
                add_flag(tu, argv[++i]);
            break;
        }
    }
}

/* Splits a "command" string of compile_commands.json on blanks, honouring
 * simple single and double quotes and backslashes. */
static int split_command(const char *cmd, char ***argv_out)
{
    char **argv = NULL;
    int argc = 0;
    char *buf = rh_xmalloc(strlen(cmd) + 1);
    const char *s = cmd;
    while (*s) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s)
            break;
        size_t n = 0;
        char quote = 0;
        for (; *s && (quote || (*s != ' ' && *s != '\t')); s++) {
            if (quote && *s == quote) quote = 0;
            else if (!quote && (*s == '"' || *s == '\'')) quote = *s;
            else if (*s == '\\' && s[1] && quote != '\'') buf[n++] = *++s;
            else buf[n++] = *s;
        }
        buf[n] = '\0';
        argv = rh_xrealloc(argv, (size_t)(argc + 1) * sizeof *argv);
        argv[argc++] = rh_xstrdup(buf);
    }
    free(buf);
    *argv_out = argv;
    return argc;
}

static void add_db_entry(rh_tu_list *l, json_t *e)
{
    const char *dir = json_string_value(json_object_get(e, "directory"));
    const char *file = json_string_value(json_object_get(e, "file"));
    if (!file)
        return;
    char *path = file[0] == '/' || !dir ? rh_xstrdup(file) : rh_xasprintf("%s/%s", dir, file);
    for (int i = 0; i < l->len; i++)
        if (strcmp(l->items[i].file, path) == 0) { /* the same unit built twice */
            free(path);
            return;
        }
    rh_tu *tu = add_unit(l, path, dir);
    free(path);
    char **argv = NULL;
    int argc = 0;
    json_t *args = json_object_get(e, "arguments");
    if (json_is_array(args)) {
        argc = (int)json_array_size(args);
        argv = rh_xcalloc((size_t)argc, sizeof *argv);
        for (int i = 0; i < argc; i++)
            argv[i] = rh_xstrdup(json_string_value(json_array_get(args, (size_t)i)));
    } else if (json_string_value(json_object_get(e, "command"))) {
        argc = split_command(json_string_value(json_object_get(e, "command")), &argv);
    }
    keep_build_flags(tu, argv, argc);
    for (int i = 0; i < argc; i++)
        free(argv[i]);
    free(argv);
}

static int units_from_db(const char *build_dir, rh_tu_list *l, char *err)
{
    char *path = rh_xasprintf("%s/compile_commands.json", build_dir);
    json_error_t jerr;
    json_t *db = json_load_file(path, 0, &jerr);
    if (!db) {
        rh_fail(err, "%s: cannot read the compilation database: %s", path, jerr.text);
        free(path);
        return -1;
    }
    if (!json_is_array(db)) {
        json_decref(db);
        rh_fail(err, "%s: not a compilation database (expected a JSON array)", path);
        free(path);
        return -1;
    }
    for (size_t i = 0; i < json_array_size(db); i++) {
        const char *f = json_string_value(json_object_get(json_array_get(db, i), "file"));
        size_t n = f ? strlen(f) : 0;
        if (n > 2 && (strcmp(f + n - 2, ".c") == 0 || strcmp(f + n - 2, ".i") == 0))
            add_db_entry(l, json_array_get(db, i));
    }
    json_decref(db);
    if (l->len == 0)
        rh_fail(err, "%s: names no C translation unit", path);
    free(path);
    return l->len ? 0 : -1;
}

int rh_frontend_units(const rh_options *o, rh_tu_list *out, char *err)
{
    memset(out, 0, sizeof *out);
    if (o->build_dir && units_from_db(o->build_dir, out, err))
        return -1;
    for (int i = 0; i < o->nfiles; i++)
        add_unit(out, o->files[i], NULL);
    if (out->len == 0)
        return rh_fail(err, "no input file (usage: racehunt [OPTIONS] FILE... or racehunt -p BUILD_DIR)");
    for (int i = 0; i < out->len; i++)
        for (int j = 0; j < o->ncflags; j++)
            add_flag(&out->items[i], o->cflags[j]);
    return 0;
}

void rh_frontend_units_free(rh_tu_list *l)
{
    for (int i = 0; i < l->len; i++) {
        for (int j = 0; j < l->items[i].nflags; j++)
            free(l->items[i].flags[j]);
        free(l->items[i].flags);
        free(l->items[i].file);
        free(l->items[i].dir);
    }
    free(l->items);
    memset(l, 0, sizeof *l);
}
