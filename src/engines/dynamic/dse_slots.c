/* dse_slots.c - the environment variables and files of a new input, from
 * a concolic run's slots (rt_sym_abi.h's RH_SYM_ENV and RH_SYM_FILE
 * variables, named by its I records) and the model the solver found: a
 * variable's value is the model's when it has one, else this run's.  A
 * file that becomes present starts as DSE_FILE_DEFAULT zero bytes (as
 * standard input does), so that the reads of the next run make them
 * symbolic; its length stays what it is.
 */
#include "dse.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

#define DSE_FILE_DEFAULT 128

/* The value of v: this run's (pass 0) or the model's (pass 1); 0 when the
 * model has none. */
static int value_of(const rh_dse_log *log, Z3_model m, const rh_dse_var *v, int pass,
                    unsigned long long *val)
{
    if (pass == 0) {
        *val = v->value;
        return 1;
    }
    Z3_ast out = NULL;
    uint64_t x;
    if (!Z3_model_eval(log->z, m, v->term, 0, &out) || !out ||
        Z3_get_ast_kind(log->z, out) != Z3_NUMERAL_AST || !Z3_get_numeral_uint64(log->z, out, &x))
        return 0;
    *val = x;
    return 1;
}

static rh_dse_env *env_entry(rh_dse_input *c, const char *name)
{
    for (int i = 0; i < c->nenv; i++)
        if (strcmp(c->env[i].name, name) == 0)
            return &c->env[i];
    c->env = rh_xrealloc(c->env, (size_t)(c->nenv + 1) * sizeof *c->env);
    c->env[c->nenv] = (rh_dse_env){rh_xstrdup(name), NULL};
    return &c->env[c->nenv++];
}

static rh_dse_file *file_entry(rh_dse_input *c, const char *path)
{
    for (int i = 0; i < c->nfiles; i++)
        if (strcmp(c->files[i].path, path) == 0)
            return &c->files[i];
    c->files = rh_xrealloc(c->files, (size_t)(c->nfiles + 1) * sizeof *c->files);
    c->files[c->nfiles] = (rh_dse_file){rh_xstrdup(path), NULL, 0, 0};
    return &c->files[c->nfiles++];
}

static void env_slot(const rh_dse_log *log, Z3_model m, int k, rh_dse_input *c)
{
    unsigned base = RH_SYM_ENV + (unsigned)k * RH_SYM_ENV_STRIDE;
    char bytes[RH_SYM_ENV_LEN + 1] = {0};
    int present = -1;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < log->nvars; i++) {
            const rh_dse_var *v = &log->vars[i];
            unsigned long long val;
            if (v->var < base || v->var >= base + RH_SYM_ENV_STRIDE || !value_of(log, m, v, pass, &val))
                continue;
            if (v->var == base)
                present = (int)(val & 1);
            else
                bytes[v->var - base - 1] = (char)val;
        }
    const char *name = log->env_name[k];
    for (const char *p = name; *p; p++)
        if (*p == '=' || (unsigned char)*p < 0x20)
            return; /* no environment entry can name it: libc's answer stays */
    if (present < 0)
        return;
    rh_dse_env *e = env_entry(c, name);
    free(e->value);
    e->value = present ? rh_xstrdup(bytes) : NULL;
}

static void file_slot(const rh_dse_log *log, Z3_model m, int k, rh_dse_input *c)
{
    unsigned base = RH_SYM_FILE + (unsigned)k * RH_SYM_FILE_STRIDE;
    rh_dse_file *f = file_entry(c, log->file_path[k]);
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < log->nvars; i++) {
            const rh_dse_var *v = &log->vars[i];
            unsigned long long val;
            if (v->var < base || v->var >= base + RH_SYM_FILE_STRIDE || !value_of(log, m, v, pass, &val))
                continue;
            if (v->var == base) {
                f->present = (int)(val & 1);
                if (f->present && !f->data) {
                    f->data = rh_xcalloc(DSE_FILE_DEFAULT, 1);
                    f->n = DSE_FILE_DEFAULT;
                }
            } else if (v->var - base - 1 < f->n) {
                f->data[v->var - base - 1] = (unsigned char)val;
            }
        }
}

void rh_dse_child_slots(const rh_dse_log *log, Z3_model m, rh_dse_input *c)
{
    for (int k = 0; k < RH_SYM_ENV_SLOTS; k++)
        if (log->env_name[k])
            env_slot(log, m, k, c);
    for (int k = 0; k < RH_SYM_FILE_SLOTS; k++)
        if (log->file_path[k])
            file_slot(log, m, k, c);
}
