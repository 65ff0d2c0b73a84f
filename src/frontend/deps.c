/* deps.c - the files clang opened for a unit, read from the dependency
 * file it writes beside the bitcode (-MD -MF, compile.c), become the only
 * files a report may quote (util/inputs.h).  File names in the debug
 * information cannot serve: a #line directive sets them to anything.
 *
 * The format is make's: "TARGET: DEP DEP \<newline> DEP", a blank in a
 * name written "\ ", '#' as "\#" and '$' as "$$".
 */
#include "frontend.h"
#include "util/inputs.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

/* Copies the next name from *p into out (as long as the file); returns 0
 * at the end. */
static int next_name(const char **p, char *out)
{
    const char *s = *p;
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r' ||
           (*s == '\\' && (s[1] == '\n' || (s[1] == '\r' && s[2] == '\n'))))
        s += *s == '\\' ? (s[1] == '\r' ? 3 : 2) : 1;
    if (!*s)
        return 0;
    char *q = out;
    while (*s && *s != ' ' && *s != '\t' && *s != '\n' && *s != '\r') {
        if (*s == '\\' && (s[1] == ' ' || s[1] == '#' || s[1] == '\\'))
            s++;
        else if (*s == '$' && s[1] == '$')
            s++;
        else if (*s == '\\' && (s[1] == '\n' || s[1] == '\r'))
            break;
        *q++ = *s++;
    }
    *q = '\0';
    *p = s;
    return 1;
}

void rh_frontend_allow_deps(const char *depfile, const char *dir)
{
    char err[RH_ERR_MAX];
    size_t len = 0;
    char *text = rh_read_file(depfile, &len, err);
    if (!text)
        return;
    char *name = rh_xmalloc(len + 1);
    const char *p = text;
    int target = 1;
    while (next_name(&p, name)) {
        size_t n = strlen(name);
        if (target) { /* the bitcode, up to its colon */
            target = !(n && name[n - 1] == ':');
            continue;
        }
        rh_inputs_add(name, dir, 0);
    }
    free(name);
    free(text);
}
