/* programs.h - the programs a build's units make (programs.c).
 *
 * Contract: rh_programs_find reads the bitcode tmp/unitN.bc of every unit
 * and returns one entry per unit that defines `main`, in unit order, with
 * the units that program links: its own first, then those that define
 * what it uses (transitively), as a linker takes members of a static
 * library.  Names are the build target's (CMake) or the main unit's file
 * name without extension; a name two programs share is replaced by the
 * second one's path.  Returns -1 with err set when a unit cannot be read.
 */
#ifndef RH_PROGRAMS_H
#define RH_PROGRAMS_H

#include "frontend.h"

#include <llvm-c/Core.h>

typedef struct rh_prog_units {
    char *name;
    int *units; /* indices into the unit list, the unit with main first */
    int nunits;
} rh_prog_units;

int rh_programs_find(LLVMContextRef ctx, const char *tmp, const rh_tu_list *units,
                     rh_prog_units **out, int *nout, char *err);
/* Index of the program called name, or -1. */
int rh_programs_select(const rh_prog_units *progs, int n, const char *name);
void rh_programs_free(rh_prog_units *progs, int n);

#endif
