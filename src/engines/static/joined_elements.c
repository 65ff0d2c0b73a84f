/* joined_elements.c - the creator's use of the element of the instance it
 * just joined (see joined_elements.h).
 */
#include "joined_elements.h"
#include "own_index.h"

/* am of creator tm after an element join of tw, indexing the array
 * instance k of tw indexes with its id k, at the join loop's counter. */
static int apart(rh_static *s, int am, int tm, int aw, int tw)
{
    const rh_tg_thread *th = &s->tg.threads[tw];
    const rh_access *m = &s->p->accesses[am];
    LLVMValueRef rw, rm, civ;
    int pw, pm;
    if (tw == 0 || th->parent != tm || !th->multi || !rh_own_counter_access(s, aw, tw, &rw, &pw, &civ) ||
        civ != rh_ls_create_loop_iv(&s->ls, tw))
        return 0;
    LLVMValueRef idx = rh_own_first_variable_index(m->ptr, &pm, &rm);
    if (!idx || !rh_own_same_array(s, rm, pm, rw, pw))
        return 0;
    for (int i = 0; i < s->ls.nelem_joins; i++) {
        const struct rh_elem_join *j = &s->ls.elem_joins[i];
        if (j->iv == idx && rh_sset_has(&j->threads, (uint64_t)tw) && rh_cfg_dominates(j->join, m->inst))
            return 1;
    }
    return 0;
}

int rh_joined_elements_apart(rh_static *s, int a1, int t1, int a2, int t2)
{
    return t1 != t2 && (apart(s, a1, t1, a2, t2) || apart(s, a2, t2, a1, t1));
}
