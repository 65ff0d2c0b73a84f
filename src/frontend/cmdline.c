/* cmdline.c - argument vectors of recorded build commands: the shell
 * splitting of compile_commands.json's "command" form and gcc's response
 * files (@FILE), so both database forms give the same arguments.
 */
#include "flags.h"
#include "util/input.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

void rh_argv_push(char ***argv, int *argc, const char *s)
{
    *argv = rh_xrealloc(*argv, (size_t)(*argc + 1) * sizeof **argv);
    (*argv)[(*argc)++] = rh_xstrdup(s);
}

void rh_argv_free(char **argv, int argc)
{
    for (int i = 0; i < argc; i++)
        free(argv[i]);
    free(argv);
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int rh_shell_split(const char *cmd, char ***argv, int *argc)
{
    char quote = 0;
    char *buf = rh_xmalloc(strlen(cmd) + 1);
    const char *s = cmd;
    for (;;) {
        while (is_blank(*s))
            s++;
        if (!*s)
            break;
        size_t n = 0;
        for (; *s && (quote || !is_blank(*s)); s++) {
            if (quote && *s == quote)
                quote = 0;
            else if (!quote && (*s == '"' || *s == '\''))
                quote = *s;
            else if (*s == '\\' && s[1] && !quote)
                buf[n++] = *++s;
            else if (*s == '\\' && quote == '"' && s[1] && strchr("\"\\$`\n", s[1]))
                buf[n++] = *++s; /* inside "...", a backslash escapes only these */
            else
                buf[n++] = *s;
        }
        buf[n] = '\0';
        rh_argv_push(argv, argc, buf);
    }
    free(buf);
    return quote ? -1 : 0; /* a quote left open: the command is cut short */
}

/* Appends the words of argv to *out, each @FILE replaced by FILE's words
 * (relative to dir), depth levels deep at most. */
typedef struct expansion {
    const char *dir;
    char ***out, ***read;
    int *nout, *nread;
} expansion;

static int expand(const expansion *x, char **argv, int argc, int depth, char *err)
{
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '@' || !a[1]) {
            rh_argv_push(x->out, x->nout, a);
            continue;
        }
        if (depth == RH_RESPONSE_DEPTH)
            return rh_fail(err, "%s: response files nested more than %d deep", a + 1,
                           RH_RESPONSE_DEPTH);
        char *path = a[1] == '/' || !x->dir ? rh_xstrdup(a + 1)
                                            : rh_xasprintf("%s/%s", x->dir, a + 1);
        if (x->read)
            rh_argv_push(x->read, x->nread, path);
        char **words = NULL;
        int nwords = 0, rc = 0;
        char *text = rh_input_read_text(path, "response file", err);
        if (!text)
            rc = -1;
        else if (rh_shell_split(text, &words, &nwords))
            rc = rh_fail(err, "%s: a quote is left open", path);
        else
            rc = expand(x, words, nwords, depth + 1, err);
        rh_argv_free(words, nwords);
        free(text);
        free(path);
        if (rc)
            return -1;
    }
    return 0;
}

int rh_expand_response_files(const char *dir, char ***argv, int *argc, char ***read, int *nread,
                             char *err)
{
    char **out = NULL;
    int nout = 0;
    expansion x = {dir, &out, read, &nout, nread};
    if (expand(&x, *argv, *argc, 0, err)) {
        rh_argv_free(out, nout);
        return -1;
    }
    rh_argv_free(*argv, *argc);
    *argv = out;
    *argc = nout;
    return 0;
}
