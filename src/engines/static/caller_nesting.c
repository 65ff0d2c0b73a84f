/* caller_nesting.c - the order of the runs of a create wrapper's callers
 * and the calls where one caller starts another (see caller_nesting.h).
 */
#include "caller_nesting.h"

#include <stdlib.h>

int rh_cn_callees(rh_static *s, int from, unsigned char *seen)
{
    int *stack = rh_xcalloc((size_t)s->p->nfuncs + 1, sizeof *stack), n = 0, known = 1;
    stack[n++] = from;
    while (n) {
        int f = stack[--n];
        for (int i = 0; i < s->tg.nedges[f]; i++) {
            const rh_tg_edge *ed = &s->tg.edges[f][i];
            if (ed->kind == RH_TG_CREATE)
                continue;
            known &= !ed->unresolved;
            for (int j = 0; j < ed->ntargets; j++)
                if (!seen[ed->targets[j]])
                    seen[ed->targets[j]] = 1, stack[n++] = ed->targets[j];
        }
    }
    free(stack);
    return known;
}

int rh_cn_reaches(rh_static *s, int from, int to)
{
    unsigned char *seen = rh_xcalloc((size_t)s->p->nfuncs + 1, 1);
    int found = !rh_cn_callees(s, from, seen) || seen[to];
    free(seen);
    return found;
}

int rh_cn_ordered(rh_static *s, const int *ms, int nms)
{
    for (int i = 0; i < nms; i++)
        for (int j = i + 1; j < nms; j++)
            if (rh_cn_reaches(s, ms[i], ms[j]) && rh_cn_reaches(s, ms[j], ms[i]))
                return 0;
    return 1;
}

/* Whether function f is another caller than ms[self] or may call one. */
static int leads_to_caller(rh_static *s, const int *ms, int nms, int self, int f)
{
    for (int j = 0; j < nms; j++)
        if (j != self && (f == ms[j] || rh_cn_reaches(s, f, ms[j])))
            return 1;
    return 0;
}

int rh_cn_enters_caller(rh_static *s, const int *ms, int nms, int self, LLVMValueRef call)
{
    int f = ms[self];
    for (int i = 0; nms > 1 && i < s->tg.nedges[f]; i++) {
        const rh_tg_edge *ed = &s->tg.edges[f][i];
        if (ed->inst != call || ed->kind == RH_TG_CREATE)
            continue;
        if (ed->unresolved)
            return 1;
        for (int j = 0; j < ed->ntargets; j++)
            if (leads_to_caller(s, ms, nms, self, ed->targets[j]))
                return 1;
    }
    return 0;
}
