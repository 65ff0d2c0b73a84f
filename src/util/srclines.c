/* srclines.c - a cache of source files split into lines (see srclines.h).
 * A report names few files many times (cava: 3,210 races in 3 files), so
 * each is read once and its line starts indexed.  Reading is limited to
 * the program's inputs (inputs.h). */
#include "srclines.h"
#include "inputs.h"
#include "input.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

typedef struct src_file {
    char *path;
    char *text;         /* NULL: could not be read */
    size_t *starts;     /* offset of each line; starts[nlines] is the end */
    unsigned nlines;
} src_file;

struct rh_srclines {
    RH_VEC(src_file) files;
};

rh_srclines *rh_srclines_new(void)
{
    return rh_xcalloc(1, sizeof(rh_srclines));
}

static void index_lines(src_file *f, size_t len)
{
    RH_VEC(size_t) starts = {0};
    rh_vec_push(&starts, (size_t)0);
    for (size_t i = 0; i < len; i++)
        if (f->text[i] == '\n')
            rh_vec_push(&starts, i + 1);
    if (starts.items[starts.len - 1] != len)
        rh_vec_push(&starts, len + 1); /* a last line without a newline */
    f->starts = starts.items;
    f->nlines = (unsigned)starts.len - 1;
}

static src_file *lookup(rh_srclines *s, const char *file)
{
    for (size_t i = 0; i < s->files.len; i++)
        if (strcmp(s->files.items[i].path, file) == 0)
            return &s->files.items[i];
    char err[RH_ERR_MAX];
    size_t len = 0;
    /* only the program's inputs (inputs.h), and of those only a bounded
     * regular file: a name from a line directive or a saved report may be a
     * FIFO or a device */
    src_file f = {rh_xstrdup(file), rh_inputs_has(file) ? rh_input_read_file(file, "source", &len, err) : NULL,
                  NULL, 0};
    if (f.text)
        index_lines(&f, len);
    rh_vec_push(&s->files, f);
    return &s->files.items[s->files.len - 1];
}

const char *rh_srclines_get(rh_srclines *s, const char *file, unsigned line, size_t *len)
{
    if (!file || line == 0)
        return NULL;
    src_file *f = lookup(s, file);
    if (!f->text || line > f->nlines)
        return NULL;
    size_t lo = f->starts[line - 1], hi = f->starts[line] - 1; /* without the '\n' */
    if (hi > lo && f->text[hi - 1] == '\r')
        hi--;
    *len = hi - lo;
    return f->text + lo;
}

void rh_srclines_free(rh_srclines *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->files.len; i++) {
        free(s->files.items[i].path);
        free(s->files.items[i].text);
        free(s->files.items[i].starts);
    }
    rh_vec_free(&s->files);
    free(s);
}
