/* gcc_compat.h - the compatibility layer that lets clang-16 compile what
 * gcc 12 accepts on Linux.
 *
 * Two kinds of input need it:
 *  - Sources still to be preprocessed (by clang): glibc's headers see
 *    __clang__ and avoid gcc-only constructs, so only a few builtins gcc has
 *    and clang-16 lacks are supplied, by a forced-include header.  When the
 *    unit's own code uses gcc-only syntax clang rejects (rh_gcc_fixable),
 *    clang preprocesses it and the text goes the second way.
 *  - Text already preprocessed by gcc (`gcc -E`, .i files, or any file that
 *    starts with a `# N "file"` line marker): glibc expanded for gcc uses
 *    _Float128 and friends, __atomic builtins on _Atomic objects (gcc's
 *    stdatomic.h), malloc(deallocator) and assume attributes, and gcc's
 *    extern gnu_inline functions (fortified wrappers, x86 intrinsics) use
 *    gcc builtins clang lacks.  The text is rewritten token by token (same
 *    length, so every line and column stays where it was: _FloatN become
 *    clang types, gcc-only attributes, literal suffixes and the bodies of
 *    extern gnu_inline functions, never emitted anyway, blanks) and
 *    compiled as C with the same header and RH_GCC_PREPROCESSED defined,
 *    which supplies the rest.
 *
 * Contract: rewrites and header never change what a program does to
 * memory; hints gcc would use for optimisation or warnings only (attribute
 * arguments, assume) are dropped.  GNU C that clang cannot compile at all
 * (nested functions, variable-length arrays in structures) is not
 * rewritten: rh_gcc_explain names it in the error instead.
 */
#ifndef RH_GCC_COMPAT_H
#define RH_GCC_COMPAT_H

#include <stddef.h>

/* Whether text (len bytes) is preprocessor output: its first line that is
 * not blank is a GNU line marker (`# 1 "x.c"`), as gcc -E and clang -E
 * write it.  (A `#line` directive is not enough: generated sources such as
 * parsers start with one and still need preprocessing.) */
int rh_gcc_is_preprocessed(const char *text, size_t len);

/* Rewrites preprocessed text in place, without moving any token: gcc-only
 * attribute arguments, literal suffixes and extern gnu_inline bodies
 * become blanks,
 * _FloatN types clang types (unless the text declares the name itself).
 * Returns how many constructs it rewrote. */
int rh_gcc_rewrite(char *text, size_t len);

/* The forced-include header's text (see above for its two sections). */
const char *rh_gcc_compat_header(void);

/* When clang's diagnostic line is about GNU C clang-16 cannot compile, the
 * construct's name and why ("nested function definition: ..."); else NULL. */
const char *rh_gcc_explain(const char *diagnostic);

/* Whether clang's complaint is one the rewrite removes (then a unit clang
 * preprocessed is worth compiling again through it). */
int rh_gcc_fixable(const char *diagnostic);

#endif
