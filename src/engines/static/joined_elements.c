/* joined_elements.c - the creator's use of the element of the instance it
 * just joined (see joined_elements.h).
 */
#include "joined_elements.h"
#include "own_index.h"

/* The creator's index into the array instance k of tw touches only at k
 * (its id indexes the array, or it was given &array[k]), or NULL; *civ is
 * the create loop's counter. */
static LLVMValueRef creator_index(rh_static *s, int am, int aw, int tw, LLVMValueRef *civ)
{
    const rh_access *m = &s->p->accesses[am];
    LLVMValueRef rw, rm, mb, wb, mi;
    LLVMTypeRef me, we;
    int pw, pm;
    int64_t moff;
    if (rh_own_counter_access(s, aw, tw, &rw, &pw, civ)) {
        LLVMValueRef idx = rh_own_first_variable_index(m->ptr, &pm, &rm);
        return idx && rh_own_same_array(s, rm, pm, rw, pw) ? idx : NULL;
    }
    if (rh_own_element_access(s, aw, tw, &wb, &we, civ) && rh_own_element_field(s, m->ptr, &mb, &mi, &me, &moff) &&
        mb == wb && me == we && rh_own_inside_element(s, me, moff, m->size))
        return rh_own_first_variable_index(m->ptr, &pm, &rm);
    return NULL;
}

/* am of creator tm after an element join of tw, touching the element
 * instance k of tw touches, at the join loop's counter k. */
static int apart(rh_static *s, int am, int tm, int aw, int tw)
{
    const rh_tg_thread *th = &s->tg.threads[tw];
    LLVMValueRef civ, idx;
    if (tw == 0 || th->parent != tm || !th->multi || !(idx = creator_index(s, am, aw, tw, &civ)) ||
        civ != rh_ls_create_loop_iv(&s->ls, tw))
        return 0;
    const rh_access *m = &s->p->accesses[am];
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
