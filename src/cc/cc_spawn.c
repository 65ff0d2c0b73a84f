/* cc_spawn.c - running clang-16 and the linker for racehunt cc with its own
 * standard streams (the build sees their diagnostics as a compiler's).  A
 * leaf of its own so that the driver's parts (cc_unit.c, cc_link.c) use it
 * without depending on the driver.
 */
#include "cc_cmd.h"

#include <spawn.h>
#include <stdio.h>
#include <sys/wait.h>

extern char **environ;

int rh_cc_spawn(char *const argv[])
{
    pid_t pid;
    int st;
    fflush(NULL);
    if (posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ) != 0) {
        fprintf(stderr, "racehunt cc: error: cannot run %s\n", argv[0]);
        return 127;
    }
    while (waitpid(pid, &st, 0) < 0)
        ;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}
