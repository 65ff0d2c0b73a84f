/* sandbox.h - runs of the program under test that leave the user's file
 * system as they found it.
 *
 * Why: when racehunt itself chooses a program's inputs (the concolic
 * search's arguments, bmc's argc), the program may take one of them for an
 * output file, a directory to create or a file to remove, in the user's
 * working directory.  Such a run gets a mount namespace of its own where
 * every mount is read-only, the working directory and /tmp are overlays
 * whose writes land in a scratch tmpfs (the program reads the user's files
 * and its own writes, and they vanish with the run), /dev/shm is a fresh
 * tmpfs, and only racehunt's own directory for the run stays writable.
 * Writes elsewhere fail with EROFS, as on a read-only medium.
 *
 * Linux namespaces, not an interposer: the program's libraries and its
 * children write through system calls an interposer never sees.
 */
#ifndef RH_SANDBOX_H
#define RH_SANDBOX_H

#include <stddef.h>

/* In the forked child, just before exec (after rh_contain_enter): enters
 * the sandbox; keep is the directory that stays writable (racehunt's
 * files for the run).  0 on success; -1 with why filled when it cannot be
 * made: the caller must then not run the program. */
int rh_sandbox_enter(const char *keep, char *why, size_t whylen);

/* Whether runs can be sandboxed here, probed once per process tree in a
 * throwaway child (RACEHUNT_SANDBOX=off says no).  *why, when asked and
 * the answer is no, says why. */
int rh_sandbox_available(const char **why);

#endif
