/* rt_valgrind.c - Valgrind client requests, as the inline assembly of
 * valgrind.h makes them in the program: Helgrind's happens-before
 * annotations (ANNOTATE_HAPPENS_BEFORE/AFTER, which expand to the USERSO
 * requests) are modelled like ThreadSanitizer's; any other request is a
 * call the runtime does not model (rt_abi.h, __rh_unmodelled).
 *
 * The request codes come from helgrind.h when it is installed (Debian's
 * valgrind package); without it every request stays unmodelled.
 */
#include "rt.h"

#if defined(__has_include) && __has_include(<valgrind/helgrind.h>)
#include <valgrind/helgrind.h>
#define RT_HG_SEND ((uintptr_t)_VG_USERREQ__HG_USERSO_SEND_PRE)
#define RT_HG_RECV ((uintptr_t)_VG_USERREQ__HG_USERSO_RECV_POST)
#else
#define RT_HG_SEND UINTPTR_MAX
#define RT_HG_RECV UINTPTR_MAX
#endif

/* req: the request block the assembly passes (code, then its arguments). */
void __rh_client_request(void *req, uint32_t loc)
{
    const uintptr_t *a = req;
    uintptr_t code = a ? a[0] : 0;
    if (a && code != UINTPTR_MAX && (code == RT_HG_SEND || code == RT_HG_RECV))
        __rh_sync_pre(code == RT_HG_SEND ? RH_OP_HB_RELEASE : RH_OP_HB_ACQUIRE, 0, (void *)a[1], NULL,
                      0, loc);
    else
        __rh_unmodelled(loc);
}
