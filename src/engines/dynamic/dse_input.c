/* dse_input.c - the inputs the solver chose, as a witness carries them:
 * words of the witness's program (--stdin-hex=HEX for standard input,
 * --env=NAME=VALUE and --env-unset=NAME for environment variables,
 * --file-hex=HEX:PATH for a file's content), turned back into files and
 * environment entries when the engine or `racehunt replay` runs the
 * program.
 */
#include "dse.h"
#include "result/race.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *rh_dse_hex(const unsigned char *b, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    char *s = rh_xmalloc(2 * n + 1);
    for (size_t i = 0; i < n; i++) {
        s[2 * i] = digits[b[i] >> 4];
        s[2 * i + 1] = digits[b[i] & 15];
    }
    s[2 * n] = 0;
    return s;
}

static int nibble(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                                          : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

int rh_dse_stdin_file(const char *hex, const char *dir, char **path, char *err)
{
    size_t n = strlen(hex);
    if (n % 2)
        return rh_fail(err, "the witness's standard input (--stdin-hex) is not hex");
    unsigned char *b = rh_xmalloc(n / 2 + 1);
    for (size_t i = 0; i < n / 2; i++) {
        int hi = nibble(hex[2 * i]), lo = nibble(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            free(b);
            return rh_fail(err, "the witness's standard input (--stdin-hex) is not hex");
        }
        b[i] = (unsigned char)(hi << 4 | lo);
    }
    *path = rh_xasprintf("%s/stdin.bin", dir);
    FILE *f = fopen(*path, "wb");
    int ok = f && fwrite(b, 1, n / 2, f) == n / 2;
    if (f && fclose(f))
        ok = 0;
    free(b);
    if (!ok) {
        rh_fail(err, "%s: cannot write the witness's standard input", *path);
        free(*path);
        *path = NULL;
        return -1;
    }
    return 0;
}

/* ---- environment and files ---- */

static void add_word(rh_dse_applied *ap, char *w)
{
    ap->words = rh_xrealloc(ap->words, (size_t)(ap->nwords + 2) * sizeof *ap->words);
    ap->words[ap->nwords++] = w;
    ap->words[ap->nwords] = NULL;
}

void rh_dse_input_words(const rh_dse_input *in, rh_dse_applied *ap)
{
    memset(ap, 0, sizeof *ap);
    for (int i = 0; i < in->nenv; i++)
        add_word(ap, in->env[i].value ? rh_xasprintf("--env=%s=%s", in->env[i].name, in->env[i].value)
                                      : rh_xasprintf("--env-unset=%s", in->env[i].name));
    for (int i = 0; i < in->nfiles; i++)
        if (in->files[i].present) {
            char *hex = rh_dse_hex(in->files[i].data, in->files[i].n);
            add_word(ap, rh_xasprintf("--file-hex=%s:%s", hex, in->files[i].path));
            free(hex);
        }
}

static char *path_hex(const char *path)
{
    return rh_dse_hex((const unsigned char *)path, strlen(path));
}

/* Writes the content hex spells to dir/input.K and appends its line to
 * the index f. */
static int apply_file(const char *word, const char *dir, int k, FILE *index, char *err)
{
    const char *hex = word + 11, *colon = strchr(hex, ':');
    size_t n = (size_t)(colon - hex) / 2;
    unsigned char *b = rh_xmalloc(n + 1);
    for (size_t i = 0; i < n; i++)
        b[i] = (unsigned char)(nibble(hex[2 * i]) << 4 | nibble(hex[2 * i + 1]));
    char *path = rh_xasprintf("%s/input.%d", dir, k), *ph = path_hex(colon + 1);
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(b, 1, n, f) == n;
    if (f && fclose(f))
        ok = 0;
    if (ok)
        fprintf(index, "%s %s\n", ph, path);
    else
        rh_fail(err, "%s: cannot write an input file of the program", path);
    free(b);
    free(path);
    free(ph);
    return ok ? 0 : -1;
}

int rh_dse_apply_words(const char *const *words, int n, const char *dir, rh_dse_applied *ap,
                       char *err)
{
    char *index = rh_xasprintf("%s/input.files", dir);
    FILE *f = NULL;
    int nfiles = 0, rc = 0;
    for (int i = 0; i < n && rc == 0; i++) {
        int kind = rh_witness_input_word(words[i], err);
        if (kind < 0)
            rc = -1;
        else if (kind && words[i][2] == 'e') {
            const char *e = strncmp(words[i], "--env=", 6) == 0 ? words[i] + 6 : words[i] + 12;
            ap->env = rh_xrealloc(ap->env, (size_t)(ap->nenv + 2) * sizeof *ap->env);
            ap->env[ap->nenv++] = rh_xstrdup(e);
            ap->env[ap->nenv] = NULL;
        } else if (kind) {
            if (!f && !(f = fopen(index, "w")))
                rc = rh_fail(err, "%s: cannot write the index of the program's input files", index);
            else
                rc = apply_file(words[i], dir, nfiles++, f, err);
        }
    }
    if (f && fclose(f) && rc == 0)
        rc = rh_fail(err, "%s: cannot write the index of the program's input files", index);
    if (nfiles && rc == 0)
        ap->files_index = index;
    else
        free(index);
    return rc;
}

void rh_dse_applied_free(rh_dse_applied *ap)
{
    for (int i = 0; i < ap->nwords; i++)
        free(ap->words[i]);
    for (int i = 0; i < ap->nenv; i++)
        free(ap->env[i]);
    free(ap->words);
    free(ap->env);
    free(ap->files_index);
    memset(ap, 0, sizeof *ap);
}
