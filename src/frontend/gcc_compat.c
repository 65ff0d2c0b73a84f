/* gcc_compat.c - the header half of the gcc compatibility layer (the text
 * clang-16 force-includes before every unit) and the names of the GNU C
 * constructs clang cannot compile at all, for a clear error.
 *
 * The header is kept here as a string, not as a file next to the binary,
 * so racehunt needs nothing installed beside itself; it is written into the
 * unit's temporary directory when a unit is compiled.
 */
#include "gcc_compat.h"

#include <string.h>

static const char header[] =
    "/* racehunt's gcc compatibility header (src/frontend/gcc_compat.c). */\n"
    /* Section 1, every unit: builtins of gcc 12 clang-16 lacks whose
     * meaning a macro gives exactly.  Others (__builtin_iseqsig,
     * __builtin_tgmath, __builtin_va_arg_pack...) stay unknown functions:
     * clang-16 compiles a call to them as a call to an external function,
     * which the engines treat as unknown code, never as doing nothing. */
    "#if !__has_builtin(__builtin_speculation_safe_value)\n"
    "#define __builtin_speculation_safe_value(x, ...) (x)\n"
    "#endif\n"
    /* Section 2, text gcc preprocessed.  glibc's headers expanded for gcc
     * use the _FloatN types as keywords; the rewrite spells _Float64x and
     * _Float128 as these two macros (gcc_rewrite.c). */
    "#ifdef RH_GCC_PREPROCESSED\n"
    "#define __rh_f64x long double\n"
    "#if defined __x86_64__ || defined __i386__\n"
    "#define __rh_f128 __float128\n"
    "typedef long double __float80;\n"
    "#define __builtin_signbitf128(x) __builtin_signbitl((long double)(x))\n"
    "#else\n"
    "#define __rh_f128 long double\n"
    "#endif\n"
    "#define __builtin_huge_valf32() __builtin_huge_valf()\n"
    "#define __builtin_huge_valf64() __builtin_huge_val()\n"
    "#define __builtin_huge_valf32x() __builtin_huge_val()\n"
    "#define __builtin_huge_valf64x() __builtin_huge_vall()\n"
    "#define __builtin_inff32() __builtin_inff()\n"
    "#define __builtin_inff64() __builtin_inf()\n"
    "#define __builtin_inff32x() __builtin_inf()\n"
    "#define __builtin_inff64x() __builtin_infl()\n"
    "#define __builtin_nanf32(s) __builtin_nanf(s)\n"
    "#define __builtin_nanf64(s) __builtin_nan(s)\n"
    "#define __builtin_nanf32x(s) __builtin_nan(s)\n"
    "#define __builtin_nanf64x(s) __builtin_nanl(s)\n"
    "#define __builtin_nansf32(s) __builtin_nansf(s)\n"
    "#define __builtin_nansf64(s) __builtin_nans(s)\n"
    "#define __builtin_nansf32x(s) __builtin_nans(s)\n"
    "#define __builtin_nansf64x(s) __builtin_nansl(s)\n"
    /* gcc's stdatomic.h hands pointers to _Atomic objects to the generic
     * __atomic builtins, which clang accepts only for plain objects.  The
     * access is the same atomic instruction either way; the cast makes the
     * pointer plain.  A macro may use its own name inside: it is not
     * expanded again, so the builtin itself is called. */
    /* gcc's xmmintrin.h (with -O) declares _mm_prefetch with a type other
     * than clang's builtin of that name; gcc's own gets another name. */
    "#define _mm_prefetch __rh_gcc_mm_prefetch\n"
    "#define __RH_PLAIN(p) ((__typeof__((void)0, *(p)) *)(p))\n"
    "#define __atomic_load_n(p, mo) __atomic_load_n(__RH_PLAIN(p), mo)\n"
    "#define __atomic_load(p, r, mo) __atomic_load(__RH_PLAIN(p), r, mo)\n"
    "#define __atomic_store_n(p, v, mo) __atomic_store_n(__RH_PLAIN(p), v, mo)\n"
    "#define __atomic_store(p, v, mo) __atomic_store(__RH_PLAIN(p), v, mo)\n"
    "#define __atomic_exchange_n(p, v, mo) __atomic_exchange_n(__RH_PLAIN(p), v, mo)\n"
    "#define __atomic_exchange(p, v, r, mo) __atomic_exchange(__RH_PLAIN(p), v, r, mo)\n"
    "#define __atomic_compare_exchange_n(p, e, d, w, s, f) "
    "__atomic_compare_exchange_n(__RH_PLAIN(p), e, d, w, s, f)\n"
    "#define __atomic_compare_exchange(p, e, d, w, s, f) "
    "__atomic_compare_exchange(__RH_PLAIN(p), e, d, w, s, f)\n"
    "#define __atomic_fetch_add(p, v, mo) __atomic_fetch_add(__RH_PLAIN(p), v, mo)\n"
    "#define __atomic_fetch_sub(p, v, mo) __atomic_fetch_sub(__RH_PLAIN(p), v, mo)\n"
    "#define __atomic_fetch_and(p, v, mo) __atomic_fetch_and(__RH_PLAIN(p), v, mo)\n"
    "#define __atomic_fetch_or(p, v, mo) __atomic_fetch_or(__RH_PLAIN(p), v, mo)\n"
    "#define __atomic_fetch_xor(p, v, mo) __atomic_fetch_xor(__RH_PLAIN(p), v, mo)\n"
    "#define __atomic_fetch_nand(p, v, mo) __atomic_fetch_nand(__RH_PLAIN(p), v, mo)\n"
    "#define __atomic_add_fetch(p, v, mo) __atomic_add_fetch(__RH_PLAIN(p), v, mo)\n"
    "#define __atomic_sub_fetch(p, v, mo) __atomic_sub_fetch(__RH_PLAIN(p), v, mo)\n"
    "#define __atomic_and_fetch(p, v, mo) __atomic_and_fetch(__RH_PLAIN(p), v, mo)\n"
    "#define __atomic_or_fetch(p, v, mo) __atomic_or_fetch(__RH_PLAIN(p), v, mo)\n"
    "#define __atomic_xor_fetch(p, v, mo) __atomic_xor_fetch(__RH_PLAIN(p), v, mo)\n"
    "#define __atomic_nand_fetch(p, v, mo) __atomic_nand_fetch(__RH_PLAIN(p), v, mo)\n"
    "#define __atomic_test_and_set(p, mo) __atomic_test_and_set(__RH_PLAIN(p), mo)\n"
    "#define __atomic_clear(p, mo) __atomic_clear(__RH_PLAIN(p), mo)\n"
    "#endif\n";

const char *rh_gcc_compat_header(void)
{
    return header;
}

/* clang's words for GNU C it will not compile, and what to call it. */
static const struct {
    const char *clang_says, *construct;
} unsupported[] = {
    {"function definition is not allowed here",
     "nested function definition: a GNU C extension clang-16 cannot compile"},
    {"'variable length array in structure' extension will never be supported",
     "variable-length array in a structure: a GNU C extension clang-16 cannot compile"},
    {"unknown type name '_Decimal",
     "decimal floating type (_Decimal32/64/128): a GNU C extension clang-16 cannot compile"},
};

const char *rh_gcc_explain(const char *diagnostic)
{
    for (size_t i = 0; i < sizeof unsupported / sizeof unsupported[0]; i++)
        if (strstr(diagnostic, unsupported[i].clang_says))
            return unsupported[i].construct;
    return NULL;
}

/* clang's words for what the rewrite and the header's gcc section fix. */
static const char *const fixable[] = {
    "attribute takes no arguments",
    "'assume' attribute",
    "unknown type name '_Float",
    "invalid suffix 'f",
    "address argument to atomic operation must be a pointer to",
};

int rh_gcc_fixable(const char *diagnostic)
{
    for (size_t i = 0; i < sizeof fixable / sizeof fixable[0]; i++)
        if (strstr(diagnostic, fixable[i]))
            return 1;
    return 0;
}
