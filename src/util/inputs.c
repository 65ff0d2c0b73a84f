/* inputs.c - the list of the analysed program's files (see inputs.h). */
#include "inputs.h"
#include "sha256.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

typedef struct input_file {
    char *real;     /* realpath */
    int unit;
    int hashed;     /* sha256 computed (or found unreadable) */
    char sha256[65];
} input_file;

static RH_VEC(input_file) inputs;

static input_file *find(const char *real)
{
    for (size_t i = 0; i < inputs.len; i++)
        if (strcmp(inputs.items[i].real, real) == 0)
            return &inputs.items[i];
    return NULL;
}

void rh_inputs_add(const char *path, const char *dir, int unit)
{
    char *joined = path[0] != '/' && dir ? rh_xasprintf("%s/%s", dir, path) : rh_xstrdup(path);
    char *real = realpath(joined, NULL);
    free(joined);
    if (!real)
        return;
    input_file *f = find(real);
    if (f) {
        f->unit |= unit;
        free(real);
        return;
    }
    input_file n = {real, unit, 0, ""};
    rh_vec_push(&inputs, n);
}

int rh_inputs_has(const char *path)
{
    char *real = path ? realpath(path, NULL) : NULL;
    int found = real && find(real);
    free(real);
    return found;
}

/* The list's index of the i-th unit, or -1. */
static long unit_index(int i)
{
    for (size_t k = 0; k < inputs.len; k++)
        if (inputs.items[k].unit && i-- == 0)
            return (long)k;
    return -1;
}

int rh_inputs_nunits(void)
{
    int n = 0;
    for (size_t k = 0; k < inputs.len; k++)
        n += inputs.items[k].unit;
    return n;
}

const char *rh_inputs_unit(int i)
{
    long k = unit_index(i);
    return k < 0 ? NULL : inputs.items[k].real;
}

const char *rh_inputs_unit_sha256(int i)
{
    long k = unit_index(i);
    if (k < 0)
        return NULL;
    input_file *f = &inputs.items[k];
    if (!f->hashed && rh_sha256_file(f->real, f->sha256) != 0)
        f->sha256[0] = '\0';
    f->hashed = 1;
    return f->sha256[0] ? f->sha256 : NULL;
}
