/* pt_containers.c - points-to constraints of container functions (GLib's
 * lists and hash tables): list nodes per call site, maps that keep the
 * pointers put in them; see pt_containers.h for the rules and why they
 * are sound. */
#include "pt_alloc.h"
#include "pt_containers.h"

/* Link cells of a list node: GList {data, next, prev}, GSList {data, next}. */
#define LINK_NEXT 8
#define LINK_PREV 16
#define NODE_SIZE 24

static LLVMValueRef arg(LLVMValueRef call, unsigned k)
{
    return k < LLVMGetNumArgOperands(call) ? LLVMGetOperand(call, k) : NULL;
}

/* A node holding every list node reachable from node `from` through link
 * cells (and from itself). */
static int walk(rh_pt *pt, int from)
{
    rh_pts *s = &pt->s;
    int r = rh_pts_new_node(s), next = rh_pts_new_node(s), prev = rh_pts_new_node(s);
    rh_pts_copy(s, r, from, 0);
    rh_pts_copy(s, next, r, LINK_NEXT);
    rh_pts_copy(s, prev, r, LINK_PREV);
    rh_pts_load(s, r, next);
    rh_pts_load(s, r, prev);
    return r;
}

/* (list, data): a new node linked with the list's nodes. */
static void list_add(rh_pt *pt, LLVMValueRef call, int fi)
{
    rh_pts *s = &pt->s;
    LLVMValueRef list = arg(call, 0), data = arg(call, 1);
    int res = rh_ptb_value_node(pt, call);
    uint32_t o = rh_ptb_object(pt, RH_PT_HEAP, call, fi, NODE_SIZE, 1);
    int self = rh_pts_new_node(s);
    rh_pts_add(s, self, rh_pt_loc(o, 0));
    if (data)
        rh_pts_copy(s, rh_pts_cell(s, rh_pt_loc(o, 0)), rh_ptb_value_node(pt, data), 0);
    int next = rh_pts_cell(s, rh_pt_loc(o, LINK_NEXT)), prev = rh_pts_cell(s, rh_pt_loc(o, LINK_PREV));
    rh_pts_copy(s, next, self, 0);
    rh_pts_copy(s, prev, self, 0);
    rh_pts_copy(s, res, self, 0);
    if (!list)
        return;
    int nodes = walk(pt, rh_ptb_value_node(pt, list));
    rh_pts_copy(s, next, nodes, 0);
    rh_pts_copy(s, prev, nodes, 0);
    rh_pts_copy(s, res, nodes, 0);
    int at_next = rh_pts_new_node(s), at_prev = rh_pts_new_node(s);
    rh_pts_copy(s, at_next, nodes, LINK_NEXT);
    rh_pts_copy(s, at_prev, nodes, LINK_PREV);
    rh_pts_store(s, at_next, self);
    rh_pts_store(s, at_prev, self);
}

/* Where a map keeps its keys: the cell MAP_KEYS bytes into the map's
 * object (its values are at offset 0), so a lookup hands back values only. */
#define MAP_KEYS 8
static int keys(rh_pt *pt, int map)
{
    int k = rh_pts_new_node(&pt->s);
    rh_pts_copy(&pt->s, k, map, MAP_KEYS);
    return k;
}

/* (map, key, &key, &value): a kept key and a kept value into the out-arguments. */
static void map_get_out(rh_pt *pt, LLVMValueRef call, int map)
{
    for (unsigned k = 2; k < 4; k++) {
        if (!arg(call, k))
            continue;
        int kept = rh_pts_new_node(&pt->s);
        rh_pts_load(&pt->s, kept, k == 2 ? keys(pt, map) : map);
        rh_pts_store(&pt->s, rh_ptb_value_node(pt, arg(call, k)), kept);
    }
}

int rh_pt_container_call(rh_pt *pt, LLVMValueRef call, const rh_libspec_row *row, int fi)
{
    if (!row || row->container == RH_CT_NONE || !arg(call, 0))
        return 0;
    int map = rh_ptb_value_node(pt, arg(call, 0));
    int res = LLVMGetTypeKind(LLVMTypeOf(call)) == LLVMPointerTypeKind ? rh_ptb_value_node(pt, call) : -1;
    switch (row->container) {
    case RH_CT_LIST_ADD:
        list_add(pt, call, fi);
        break;
    case RH_CT_LIST_WALK:
        if (res >= 0)
            rh_pts_copy(&pt->s, res, walk(pt, map), 0);
        break;
    case RH_CT_LIST_DATA:
        if (res >= 0)
            rh_pts_load(&pt->s, res, walk(pt, map));
        break;
    case RH_CT_MAP_PUT: /* g_hash_table_add(set, key): the key is its own value */
        if (arg(call, 1))
            rh_pts_store(&pt->s, keys(pt, map), rh_ptb_value_node(pt, arg(call, 1)));
        if (arg(call, 1) || arg(call, 2))
            rh_pts_store(&pt->s, map, rh_ptb_value_node(pt, arg(call, arg(call, 2) ? 2 : 1)));
        break;
    case RH_CT_MAP_GET:
        if (res >= 0)
            rh_pts_load(&pt->s, res, map);
        break;
    case RH_CT_MAP_GET_OUT:
        map_get_out(pt, call, map);
        break;
    case RH_CT_MAP_EACH: /* the callback is wired as it is found (rh_pt_container_callback) */
        if (res >= 0)
            rh_pts_load(&pt->s, res, map);
        break;
    case RH_CT_LIST_EACH:
        break;
    default:
        return 0;
    }
    return 1;
}

/* Parameter k of fn gets node src's set (pointer parameters only). */
static void to_param(rh_pt *pt, LLVMValueRef fn, unsigned k, int src)
{
    if (k >= LLVMCountParams(fn) || LLVMGetTypeKind(LLVMTypeOf(LLVMGetParam(fn, k))) != LLVMPointerTypeKind)
        return;
    rh_pts_copy(&pt->s, rh_ptb_value_node(pt, LLVMGetParam(fn, k)), src, 0);
}

int rh_pt_container_callback(rh_pt *pt, LLVMValueRef call, const rh_libspec_row *row, int callee)
{
    if (!row || (row->container != RH_CT_MAP_EACH && row->container != RH_CT_LIST_EACH) || !arg(call, 0))
        return 0;
    LLVMValueRef fn = pt->p->funcs[callee].fn;
    int from = rh_ptb_value_node(pt, arg(call, 0)), kept = rh_pts_new_node(&pt->s);
    if (row->container == RH_CT_MAP_EACH) {
        int key = rh_pts_new_node(&pt->s);
        rh_pts_load(&pt->s, key, keys(pt, from));
        to_param(pt, fn, 0, key);
        rh_pts_load(&pt->s, kept, from);
    } else {
        rh_pts_load(&pt->s, kept, walk(pt, from));
    }
    unsigned k = row->container == RH_CT_MAP_EACH ? 1 : 0;
    to_param(pt, fn, k, kept);
    if (arg(call, 2))
        to_param(pt, fn, k + 1, rh_ptb_value_node(pt, arg(call, 2)));
    return 1;
}
