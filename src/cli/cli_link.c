/* cli_link.c - telling link flags from compiler flags by their form, the
 * way gcc itself sorts its arguments between cc1 and ld. */
#include "cli_link.h"

#include <string.h>

/* Flags that only the linker reads.  A flag whose value may follow as a
 * separate argument says so. */
static const struct {
    const char *prefix;
    int separate_value;
} link_flags[] = {
    {"-l", 1},      {"-L", 1},        {"-Wl,", 0},      {"-Xlinker", 1},
    {"-rdynamic", 0}, {"-static", 0}, {"-no-pie", 0},   {"-fuse-ld=", 0},
};

/* libfoo.a, libfoo.so, libfoo.so.1, foo.o: inputs of the linker. */
static int is_linker_input(const char *a)
{
    size_t n = strlen(a);
    if (a[0] == '-')
        return 0;
    if ((n > 2 && strcmp(a + n - 2, ".a") == 0) || (n > 2 && strcmp(a + n - 2, ".o") == 0) ||
        (n > 3 && strcmp(a + n - 3, ".so") == 0))
        return 1;
    return strstr(a, ".so.") != NULL;
}

int rh_cli_link_flag(char **argv, int i, int argc, int *both)
{
    const char *a = argv[i];
    *both = 0;
    if (strcmp(a, "-pthread") == 0) {
        *both = 1;
        return 1;
    }
    if (is_linker_input(a))
        return 1;
    for (size_t k = 0; k < sizeof link_flags / sizeof link_flags[0]; k++) {
        size_t n = strlen(link_flags[k].prefix);
        if (strncmp(a, link_flags[k].prefix, n) != 0)
            continue;
        if (link_flags[k].separate_value && a[n] == '\0')
            return i + 1 < argc ? 2 : 1;
        /* "-static" must not take "-static-libgcc" along; "-l"/"-L" glue their value */
        return link_flags[k].separate_value || a[n] == '\0' || link_flags[k].prefix[n - 1] == ',' ||
                       link_flags[k].prefix[n - 1] == '='
                   ? 1
                   : 0;
    }
    return 0;
}
