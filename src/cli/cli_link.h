/* cli_link.h - which flags given after "--" belong to the link step of the
 * dynamic engine and which to the compiler, so that one command line can
 * carry both (`racehunt f.c -- -DNDEBUG -Iinc -lz -L/opt/lib`).
 *
 * Contract: rh_cli_link_flag looks at argv[i] (and argv[i+1] when the flag
 * takes a separate value) and returns how many elements belong to the
 * link step (0: a compiler flag, 1 or 2).  *both is set when the flag
 * also means something to the compiler (-pthread).  Nothing is copied.
 */
#ifndef RH_CLI_LINK_H
#define RH_CLI_LINK_H

int rh_cli_link_flag(char **argv, int i, int argc, int *both);

#endif
