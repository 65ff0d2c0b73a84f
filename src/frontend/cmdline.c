/* cmdline.c - argument vectors of recorded build commands: the shell
 * splitting of compile_commands.json's "command" form and gcc's response
 * files (@FILE), so both database forms give the same arguments.
 */
#include "flags.h"
#include "../util/util.h"

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

void rh_shell_split(const char *cmd, char ***argv, int *argc)
{
    char *buf = rh_xmalloc(strlen(cmd) + 1);
    const char *s = cmd;
    for (;;) {
        while (is_blank(*s))
            s++;
        if (!*s)
            break;
        size_t n = 0;
        char quote = 0;
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
}

void rh_expand_response_files(const char *dir, char ***argv, int *argc)
{
    char **out = NULL;
    int nout = 0;
    for (int i = 0; i < *argc; i++) {
        const char *a = (*argv)[i];
        char err[RH_ERR_MAX], *text = NULL;
        if (a[0] == '@' && a[1]) {
            char *path = a[1] == '/' || !dir ? rh_xstrdup(a + 1) : rh_xasprintf("%s/%s", dir, a + 1);
            size_t len;
            text = rh_read_file(path, &len, err);
            free(path);
        }
        if (text) {
            rh_shell_split(text, &out, &nout);
            free(text);
        } else {
            rh_argv_push(&out, &nout, a);
        }
    }
    rh_argv_free(*argv, *argc);
    *argv = out;
    *argc = nout;
}
