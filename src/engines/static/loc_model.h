/* loc_model.h - what a memory location is for the race pairs: the bytes
 * of one object an access may touch, and which objects can be the
 * location of a race at all.
 *
 * Points-to offsets alone are too coarse for this: an object that the
 * solver collapsed (more than 256 offsets, a large global struct with
 * arrays inside) gives every access offset ANY, so every field of it
 * becomes one location and two accesses to disjoint fields "race".  The
 * address expression of an access says more when it starts at the
 * object itself (`g.f`, `g.buf[i]`, `local.a[k].x`): a chain of GEPs
 * and casts from the global or alloca, whose constant struct indices
 * give the field and whose variable array indices stay inside their
 * array.
 *
 * Rules (all under the verdict's stated assumption of no undefined
 * behaviour):
 *   - an index into an array of N > 1 elements stays inside the array
 *     (C forbids reaching another member through it); an array of 0 or 1
 *     elements may be a trailing flexible array and reaches the end of the
 *     object; pointer arithmetic on an element pointer stays inside the
 *     innermost array it points into (or the whole object);
 *   - an access of unknown size (a memory call with a variable length)
 *     covers its start to the end of the object;
 *   - through a pointer to an object (not the object's own name), a step
 *     at an unknown index into an array field (`l->buf + l->len`,
 *     `&h->slot[i]`) stays in that array's bytes when the array's base
 *     has one known offset in the object and the array has more than one
 *     element and ends before the object does (else it may be a trailing
 *     flexible array: to the end of the object);
 *   - a chain that leaves the object's bounds, or passes through anything
 *     but GEPs and pointer casts, says nothing: the points-to offset is
 *     used, and ANY means the whole object;
 *   - a constant global (a string literal, a `const` table) is never
 *     written (writing it is undefined), so no race has it as location;
 *   - free and realloc release only a block an allocator returned, by its
 *     start: a global, a local, a function or a known non-zero offset
 *     among the released pointer's targets is the points-to imprecision's
 *     (a pointer field that may point to everything), not a release.
 *
 * Contract: rh_loc_range narrows [*lo, *hi) (the range the points-to
 * offset gave; the whole object when that was ANY) and never widens it;
 * rh_loc_read_only depends on the object only.
 */
#ifndef RH_STATIC_LOC_MODEL_H
#define RH_STATIC_LOC_MODEL_H

#include "static_ctx.h"

/* Narrows the byte range of access a inside object obj, whose points-to
 * offset was off (RH_PT_ANY: unknown). */
void rh_loc_range(rh_static *s, int a, uint32_t obj, int32_t off, int64_t *lo, int64_t *hi);

/* Whether accesses a1 and a2 are surely apart because each addresses a
 * field of the same struct type T through a pointer to T elements (`p->f`,
 * `q[i].g`, `&r->arr[k]`, whatever p, q, r point to), and the fields' bytes
 * inside T do not meet.  Two T objects never partially overlap (C's
 * effective-type rules; a T placed at an arbitrary byte of a buffer is
 * undefined behaviour), so the two accesses are in one T at disjoint bytes
 * or in two T's at disjoint addresses.  Type punning between different
 * struct types is never concluded on: the types must be the same. */
int rh_loc_fields_apart(rh_static *s, int a1, int a2);
/* The innermost struct type an access of size bytes at ptr addresses a
 * field of, with the field's bytes [*lo, *hi) inside it; NULL if none. */
LLVMTypeRef rh_loc_field_bytes(rh_static *s, LLVMValueRef ptr, uint64_t size, int64_t *lo, int64_t *hi);

/* The pointer v is made from plus a constant number of bytes (*off):
 * constant GEPs, pointer casts, and an address turned into an integer,
 * moved by a constant and turned back (`(T *)((uintptr_t)p + off)`,
 * container_of's subtraction); v itself with *off 0 when none applies. */
LLVMValueRef rh_loc_base_offset(rh_static *s, LLVMValueRef v, int64_t *off);

/* Whether obj is a constant global: never written by a program without
 * undefined behaviour, so no race is on it. */
int rh_loc_read_only(const rh_static *s, uint32_t obj);

/* Whether a release (free, realloc) whose pointer's target is (obj, off)
 * may release that object: a heap or external object, at offset 0 or an
 * unknown one.  Releasing anything else is undefined. */
int rh_loc_releasable(const rh_static *s, uint32_t obj, int32_t off);

/* Whether access a is a plain volatile scalar one (a load or store of at
 * most 8 bytes, not a memory call): what a stop flag is made of.  A
 * location whose every access is one still races (volatile orders
 * nothing), but a report ranks it below unprotected data. */
int rh_loc_volatile_scalar(const rh_static *s, int a);

#endif
