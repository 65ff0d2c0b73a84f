/* entry.h - the main a library lacks, written from its entry points
 * (entry.c says what it does and why).
 *
 * Contract: rh_entry_harness adds to m, which must define no main, a main
 * that runs every entry function (the comma-separated names of spec, or
 * with "all-external" every externally visible function m defines) in
 * threads of its own, any number of them at once, with arguments that
 * may alias as far as their types allow.  Call it before normalisation.
 * Returns 0 with *nentries set, or -1 with err naming the missing
 * function (or saying that there is none to run).
 */
#ifndef RH_ENTRY_H
#define RH_ENTRY_H

#include <llvm-c/Core.h>

int rh_entry_harness(LLVMModuleRef m, const char *spec, int *nentries, char *err);

#endif
