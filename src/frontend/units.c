/* units.c - which translation units to analyse: the files on the command
 * line, or every entry of a build's compile_commands.json, compiled as the
 * build meant it: every flag that changes what the unit means is kept
 * (flags.c decides which), relative paths are taken from the entry's
 * `directory`, response files (@file) are read, and a cross compiler's
 * name (arm-linux-gnueabihf-gcc) gives the target.  Units in another
 * language (C++, assembly) are listed as skipped, never silently dropped;
 * what they define stays an unknown function to the engines.
 *
 * Why a parser of our own rather than libclang's compilation-database API
 * (clang_CompilationDatabase_fromDirectory, libclang-16-dev): libclang-16
 * is linked against the shared libLLVM-16, which racehunt deliberately
 * does not load (it links LLVM statically: the shared library costs ~75 ms
 * at every start, and two LLVMs would share one process); the API only
 * opens a file named compile_commands.json inside a directory; and it hands
 * back the raw arguments, so deciding which flags matter, the real work
 * here, stays ours anyway.  What it would add beyond jansson and a shell
 * splitter, response files and target inference, is done below.
 */
#include "flags.h"
#include "frontend.h"
#include "util/input.h"
#include "util/util.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void add_flag(rh_tu *tu, const char *f)
{
    tu->flags = rh_xrealloc(tu->flags, (size_t)(tu->nflags + 1) * sizeof *tu->flags);
    tu->flags[tu->nflags++] = rh_xstrdup(f);
}

static rh_tu *add_unit(rh_tu_list *l, const char *file, const char *dir, rh_lang lang)
{
    l->items = rh_xrealloc(l->items, (size_t)(l->len + 1) * sizeof *l->items);
    rh_tu *tu = &l->items[l->len++];
    memset(tu, 0, sizeof *tu);
    tu->file = rh_xstrdup(file);
    tu->dir = dir ? rh_xstrdup(dir) : NULL;
    tu->lang = lang;
    return tu;
}

rh_lang rh_frontend_lang(const char *file)
{
    static const struct { const char *ext; rh_lang lang; } exts[] = {
        {".c", RH_LANG_C},     {".h", RH_LANG_C},     {".i", RH_LANG_C_PREPROCESSED},
        {".cc", RH_LANG_CXX},  {".cp", RH_LANG_CXX},  {".cxx", RH_LANG_CXX}, {".cpp", RH_LANG_CXX},
        {".CPP", RH_LANG_CXX}, {".c++", RH_LANG_CXX}, {".C", RH_LANG_CXX},   {".ii", RH_LANG_CXX},
        {".hpp", RH_LANG_CXX}, {".s", RH_LANG_ASM},   {".S", RH_LANG_ASM},   {".sx", RH_LANG_ASM},
        {".asm", RH_LANG_ASM},
    };
    const char *dot = strrchr(file, '.'), *slash = strrchr(file, '/');
    if (dot && (!slash || dot > slash))
        for (size_t i = 0; i < sizeof exts / sizeof exts[0]; i++)
            if (strcmp(dot, exts[i].ext) == 0)
                return exts[i].lang;
    return RH_LANG_OTHER;
}

/* The language gcc's -x names. */
static rh_lang lang_of_x(const char *x)
{
    if (strcmp(x, "c") == 0 || strcmp(x, "c-header") == 0)
        return RH_LANG_C;
    if (strcmp(x, "cpp-output") == 0)
        return RH_LANG_C_PREPROCESSED;
    if (strncmp(x, "assembler", 9) == 0)
        return RH_LANG_ASM;
    return strstr(x, "c++") ? RH_LANG_CXX : RH_LANG_OTHER;
}

static const char *lang_name(rh_lang l)
{
    return l == RH_LANG_CXX ? "C++" : l == RH_LANG_ASM ? "assembly" : "not C";
}

static void add_skipped(rh_tu_list *l, const char *file, const char *why)
{
    l->skipped = rh_xrealloc(l->skipped, (size_t)(l->nskipped + 1) * sizeof *l->skipped);
    l->skipped[l->nskipped++] = rh_xasprintf("%s (%s)", file, why);
}

/* The compiler of a build command, past a wrapper such as ccache. */
static int compiler_index(char **argv, int argc)
{
    static const char *const wrappers[] = {"ccache", "distcc", "sccache", "icecc"};
    for (int i = 0; i < argc; i++) {
        const char *base = strrchr(argv[i], '/') ? strrchr(argv[i], '/') + 1 : argv[i];
        int wrapper = 0;
        for (size_t k = 0; k < sizeof wrappers / sizeof wrappers[0]; k++)
            wrapper |= strcmp(base, wrappers[k]) == 0;
        if (!wrapper)
            return i;
    }
    return 0;
}

/* A cross compiler's name is its target: x86_64-linux-gnu-gcc-12,
 * arm-linux-gnueabihf-cc.  Returns the triple (owned) or NULL. */
static char *target_of_compiler(const char *argv0)
{
    static const char *const drivers[] = {"-gcc", "-cc", "-clang"};
    const char *base = strrchr(argv0, '/') ? strrchr(argv0, '/') + 1 : argv0;
    for (size_t i = 0; i < sizeof drivers / sizeof drivers[0]; i++) {
        const char *d = strstr(base, drivers[i]);
        size_t dl = strlen(drivers[i]);
        if (!d || d == base || (d[dl] != '\0' && d[dl] != '-'))
            continue;
        if (memchr(base, '-', (size_t)(d - base))) /* a triple has dashes of its own */
            return rh_xasprintf("--target=%.*s", (int)(d - base), base);
    }
    return NULL;
}

/* Keeps the flags of one build command that matter (flags.h). */
static void keep_build_flags(rh_tu *tu, char **argv, int argc, int allow_plugins)
{
    int has_target = 0, cc = compiler_index(argv, argc);
    for (int i = cc + 1; i < argc; i++) {
        int n;
        rh_flag_kind k = rh_flag_classify(argv, argc, i, &n);
        if (k == RH_FLAG_UNSAFE && !allow_plugins)
            rh_flag_note_unsafe(tu->file, argv, i, n);
        if (k == RH_FLAG_KEEP || k == RH_FLAG_PREPROC || (k == RH_FLAG_UNSAFE && allow_plugins)) {
            has_target |= strncmp(argv[i], "--target", 8) == 0 || strcmp(argv[i], "-target") == 0;
            for (int j = 0; j < n; j++)
                add_flag(tu, argv[i + j]);
        }
        i += n - 1;
    }
    char *target = cc < argc && !has_target ? target_of_compiler(argv[cc]) : NULL;
    if (target)
        add_flag(tu, target);
    free(target);
}

/* The unit's language as its build command says: -x, then a C++ driver
 * (g++ compiles .c files as C++), then the extension. */
static rh_lang unit_lang(const char *file, char **argv, int argc)
{
    rh_lang lang = rh_frontend_lang(file);
    int cc = compiler_index(argv, argc), x = 0;
    for (int i = cc + 1; i < argc; i++) {
        int n;
        if (rh_flag_classify(argv, argc, i, &n) == RH_FLAG_LANG) {
            const char *name = n == 2 ? argv[i + 1] : argv[i] + 2;
            x = strcmp(name, "none") != 0;
            lang = x ? lang_of_x(name) : rh_frontend_lang(file);
        }
        i += n - 1;
    }
    const char *base = cc < argc ? (strrchr(argv[cc], '/') ? strrchr(argv[cc], '/') + 1 : argv[cc]) : "";
    if (!x && lang == RH_LANG_C && strstr(base, "++"))
        lang = RH_LANG_CXX;
    return lang;
}

/* CMake puts a target's objects in CMakeFiles/NAME.dir/: the object path
 * (the entry's "output", or -o) names the program a unit with main makes. */
static char *target_of_output(json_t *e, char **argv, int argc)
{
    const char *out = json_string_value(json_object_get(e, "output"));
    for (int i = 0; !out && i + 1 < argc; i++)
        if (strcmp(argv[i], "-o") == 0)
            out = argv[i + 1];
    const char *d = out ? strstr(out, "CMakeFiles/") : NULL;
    const char *end = d ? strstr(d + 11, ".dir/") : NULL;
    if (!end || end == d + 11)
        return NULL;
    return rh_xasprintf("%.*s", (int)(end - (d + 11)), d + 11);
}

static char *join_path(const char *dir, const char *path)
{
    return path[0] == '/' || !dir || !dir[0] ? rh_xstrdup(path) : rh_xasprintf("%s/%s", dir, path);
}

/* The command of a database entry as an argument vector: "arguments" (a
 * list of strings) or "command" (shell words), response files read.
 * Returns 0, or -1 with why saying what is wrong with the entry. */
static int entry_argv(rh_tu_list *l, json_t *e, const char *dir, char ***argv, int *argc,
                      char *why)
{
    json_t *args = json_object_get(e, "arguments"), *cmd = json_object_get(e, "command");
    if (args && !json_is_array(args))
        return rh_fail(why, "\"arguments\" is not a list of strings");
    if (json_is_array(args)) {
        for (size_t i = 0; i < json_array_size(args); i++) {
            if (!json_is_string(json_array_get(args, i)))
                return rh_fail(why, "\"arguments\" is not a list of strings");
            rh_argv_push(argv, argc, json_string_value(json_array_get(args, i)));
        }
    } else if (json_is_string(cmd)) {
        if (rh_shell_split(json_string_value(cmd), argv, argc))
            return rh_fail(why, "\"command\" leaves a quote open");
    } else {
        return rh_fail(why, "neither \"arguments\" nor a \"command\" string");
    }
    if (*argc == 0)
        return rh_fail(why, "an empty command");
    char inner[RH_ERR_MAX];
    if (rh_expand_response_files(dir, argv, argc, &l->read, &l->nread, inner))
        return rh_fail(why, "%.*s", RH_ERR_MAX - 16, inner);
    return 0;
}

static int add_db_entry(rh_tu_list *l, json_t *e, const char *db_dir, int allow_plugins,
                        char *why)
{
    if (!json_is_object(e))
        return rh_fail(why, "not an object");
    const char *jdir = json_string_value(json_object_get(e, "directory"));
    const char *file = json_string_value(json_object_get(e, "file"));
    if (!file || !*file)
        return rh_fail(why, "no \"file\" string");
    char *dir = join_path(db_dir, jdir ? jdir : "."), *real = realpath(dir, NULL);
    if (real) /* reports name files by plain paths, not clean/../../src */
        free(dir), dir = real;
    char *path = join_path(dir, file);
    char **argv = NULL;
    int argc = 0, rc = 0;
    for (int i = 0; i < l->len; i++)
        if (strcmp(l->items[i].file, path) == 0) /* the same unit built twice */
            goto done;
    if ((rc = entry_argv(l, e, dir, &argv, &argc, why)))
        goto done;
    rh_lang lang = unit_lang(file, argv, argc);
    size_t n = strlen(file);
    if (lang == RH_LANG_C && n > 2 && strcmp(file + n - 2, ".h") == 0)
        add_skipped(l, path, "a header, not a translation unit"); /* gcc makes a .gch of it */
    else if (lang == RH_LANG_C || lang == RH_LANG_C_PREPROCESSED) {
        rh_tu *tu = add_unit(l, path, dir, lang);
        keep_build_flags(tu, argv, argc, allow_plugins);
        tu->target = target_of_output(e, argv, argc);
    }
    else
        add_skipped(l, path, lang_name(lang));
done:
    rh_argv_free(argv, argc);
    free(path);
    free(dir);
    return rc;
}

/* -p names the build directory or the database file itself. */
static char *database_path(const char *p)
{
    struct stat sb;
    if (stat(p, &sb) == 0 && S_ISDIR(sb.st_mode))
        return rh_xasprintf("%s/compile_commands.json", p);
    return rh_xstrdup(p);
}

static int units_from_db(const char *build, int allow_plugins, rh_tu_list *l, char *err)
{
    char *path = database_path(build);
    json_t *db = rh_input_read_json(path, "compilation database", err);
    int rc = 0;
    if (!db)
        rc = -1;
    else if (!json_is_array(db))
        rc = rh_fail(err, "%s: not a compilation database (expected a JSON array)", path);
    char *slash = strrchr(path, '/');
    char *db_dir = slash ? rh_xasprintf("%.*s", (int)(slash - path), path) : rh_xstrdup(".");
    char why[RH_ERR_MAX - 64];
    for (size_t i = 0; rc == 0 && i < json_array_size(db); i++)
        if (add_db_entry(l, json_array_get(db, i), db_dir, allow_plugins, why))
            rc = rh_fail(err, "%s: entry %zu: %.*s", path, i + 1, RH_ERR_MAX - 128, why);
    if (rc == 0 && l->len == 0)
        rc = rh_fail(err, "%s: names no C translation unit%s", path,
                     l->nskipped ? " (only units in other languages)" : "");
    json_decref(db);
    free(db_dir);
    free(path);
    return rc;
}

int rh_frontend_units(const rh_options *o, rh_tu_list *out, char *err)
{
    memset(out, 0, sizeof *out);
    if (o->build_dir && units_from_db(o->build_dir, o->allow_plugins, out, err)) {
        rh_frontend_units_free(out);
        return -1;
    }
    for (int i = 0; i < o->nfiles; i++)
        add_unit(out, o->files[i], NULL, rh_frontend_lang(o->files[i]));
    if (out->len == 0)
        return rh_fail(err, "no input file (usage: racehunt [OPTIONS] FILE... or racehunt -p BUILD_DIR)");
    /* response files after -- are read here, bounded, never by clang; then
     * options that load code into clang or write files are dropped */
    char **flags = NULL;
    int nflags = 0;
    for (int j = 0; j < o->ncflags; j++)
        rh_argv_push(&flags, &nflags, o->cflags[j]);
    int rc = rh_expand_response_files(NULL, &flags, &nflags, &out->read, &out->nread, err);
    for (int j = 0, n; rc == 0 && j < nflags; j += n) {
        if (rh_flag_classify(flags, nflags, j, &n) == RH_FLAG_UNSAFE && !o->allow_plugins) {
            rh_flag_note_unsafe("the command line", flags, j, n);
            continue;
        }
        for (int i = 0; i < out->len; i++)
            for (int w = 0; w < n; w++)
                add_flag(&out->items[i], flags[j + w]);
    }
    rh_argv_free(flags, nflags);
    if (rc)
        rh_frontend_units_free(out);
    return rc;
}

void rh_frontend_units_free(rh_tu_list *l)
{
    for (int i = 0; i < l->len; i++) {
        rh_argv_free(l->items[i].flags, l->items[i].nflags);
        free(l->items[i].file);
        free(l->items[i].dir);
        free(l->items[i].target);
    }
    rh_argv_free(l->skipped, l->nskipped);
    rh_argv_free(l->read, l->nread);
    free(l->items);
    memset(l, 0, sizeof *l);
}
