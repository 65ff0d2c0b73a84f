/* cc.h - `racehunt cc` (also installed as racehunt-cc): a drop-in C
 * compiler that builds programs instrumented for racehunt's runtime, and
 * the way back from such a program to what racehunt analyses.
 *
 * Contract.  rh_cc_main behaves like clang-16 with the same arguments
 * (every flag passed through, clang's diagnostics and exit status), except
 * that each C unit it compiles (.c, .i) is compiled to bitcode, instrumented
 * as the dynamic engine instruments programs (dyn_instrument.c), and
 * compiled to the object, assembly or executable the command asked for;
 * an executable's link step adds the runtime library (libracehunt_rt.a,
 * whole, with -pthread).  Each such object carries a record of its unit
 * (its bitcode before instrumentation, cc_record.h) and each link step a
 * record of its command, in a non-loaded section the linker concatenates,
 * so an executable holds exactly the units it was linked from.
 * rh_cc_expand_inputs turns an executable among o->files into those units
 * (and its link flags into o->ldflags), so `racehunt ./prog` analyses the
 * linked program.
 */
#ifndef RH_CC_H
#define RH_CC_H

#include "util/options.h"

/* 1 when the command line asks for the compiler: `racehunt cc ...` or a
 * program named racehunt-cc. */
int rh_cc_wanted(int argc, char **argv);

/* Runs the compiler; returns the exit status (clang's, or 1 with one
 * "racehunt cc: error: ..." line on stderr). */
int rh_cc_main(int argc, char **argv);

/* Replaces each executable or shared object built by racehunt cc among
 * o->files by its units' bitcode (files in a private temporary directory,
 * removed at exit) and appends its recorded link flags to o->ldflags.
 * Returns 0, or -1 with err set (an ELF file with no racehunt records). */
int rh_cc_expand_inputs(rh_options *o, char *err);

#endif
