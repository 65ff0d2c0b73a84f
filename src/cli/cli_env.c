/* cli_env.c - reading options from .racehunt and RACEHUNT_OPTIONS (see
 * cli_env.h), so a project can keep its settings (suppressions, exit code,
 * budget) in one place and CI can add to them without editing scripts. */
#include "cli_env.h"
#include "util/input.h"
#include "util/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void add_word(rh_cli_source *s, const char *w, size_t n)
{
    s->words = rh_xrealloc(s->words, (size_t)(s->nwords + 1) * sizeof *s->words);
    /* TSan's spelling "key=value" means the long option --key=value */
    int tsan = w[0] != '-' && memchr(w, '=', n) != NULL;
    s->words[s->nwords++] = rh_xasprintf("%s%.*s", tsan ? "--" : "", (int)n, w);
}

static void split(rh_cli_source *s, const char *text, int comments)
{
    const char *p = text;
    while (*p) {
        if (isspace((unsigned char)*p)) {
            p++;
        } else if (comments && *p == '#') {
            p += strcspn(p, "\n");
        } else {
            size_t n = 0;
            while (p[n] && !isspace((unsigned char)p[n]))
                n++;
            add_word(s, p, n);
            p += n;
        }
    }
}

int rh_cli_env_load(rh_cli_env *env, char *err)
{
    memset(env, 0, sizeof *env);
    if (access(RH_CONFIG_FILE, F_OK) == 0) {
        char inner[RH_ERR_MAX];
        char *text = rh_input_read_text(RH_CONFIG_FILE, "option file", inner);
        if (!text)
            return rh_fail(err, "%s", inner);
        env->src[env->nsrc].origin = RH_CONFIG_FILE;
        split(&env->src[env->nsrc++], text, 1);
        free(text);
    }
    const char *v = getenv(RH_OPTIONS_ENV);
    if (v && *v) {
        env->src[env->nsrc].origin = RH_OPTIONS_ENV;
        split(&env->src[env->nsrc++], v, 0);
    }
    return 0;
}

void rh_cli_env_free(rh_cli_env *env)
{
    for (int i = 0; i < env->nsrc; i++) {
        for (int k = 0; k < env->src[i].nwords; k++)
            free(env->src[i].words[k]);
        free(env->src[i].words);
    }
    memset(env, 0, sizeof *env);
}
