/* libspec_rows.h - the row families of the library specification and the
 * shorthands their tables are written with (private to src/model/libspec*).
 *
 * Every shorthand is an rh_libspec_row (libspec.h) whose effects string
 * follows libspec.h's grammar:
 *   MEM(name, effects)          memory effects only; returns no pointer into memory
 *   RET(name, k, effects)       returns a pointer into argument k's object (strchr)
 *   NEW(name, effects)          returns a new object (strdup, fopen)
 *   PURE(name)                  touches no memory the program can see
 *   STW/STR(name, k, eff, st)   also writes/reads hidden state st; returns a pointer
 *                               into it (k < 0) or into argument k, which it keeps
 *   LOCKED(name, eff, st)       like STW, but glibc locks st inside (rand)
 *   TLS(name, eff, st)          like STW (returns a pointer into st), but glibc keeps st
 *                               per thread (inet_ntoa's __thread buffer)
 *   CB(name, fn, effects)       calls argument fn back before returning (qsort)
 *   REG(name, fn, effects)      keeps argument fn and calls it later (atexit)
 *   TABLE(name, k, effects)     calls every function of the struct argument k points to,
 *                               later, concurrently, each in several threads (an event
 *                               loop's callback table: fuse_new); a REG on a struct
 *   KEEP(name, k, effects)      keeps pointer argument k for later accesses (setvbuf)
 *   NOTIFY(name, fn, effects)   argument fn is a struct sigevent (timer_create)
 *   CONT(name, op, effects)     a container function (GLib's lists and hash tables):
 *                               op (libspec.h's rh_container_op) says where it keeps the
 *                               pointers it is given and what it returns
 *   CONTCB(name, op, fn, eff)   such a function that calls argument fn back before returning
 *                               with the entries it keeps (g_hash_table_foreach)
 */
#ifndef RH_LIBSPEC_ROWS_H
#define RH_LIBSPEC_ROWS_H

#include "libspec.h"

#include <stddef.h>

#define LS_ROW(name, op, flags, obj, obj2, fn, effects, state) \
    {{name, op, flags, RH_LOCK_NONE, obj, obj2, fn, -1, 0}, effects, state, RH_CT_NONE}
#define MEM(name, eff) LS_ROW(name, RH_OP_MEMORY, 0, -1, -1, -1, eff, NULL)
#define RET(name, k, eff) LS_ROW(name, RH_OP_MEMORY, 0, k, -1, -1, eff, NULL)
#define NEW(name, eff) LS_ROW(name, RH_OP_MEMORY, RH_F_RET_NEW, -1, -1, -1, eff, NULL)
#define PURE(name) LS_ROW(name, RH_OP_PURE, 0, -1, -1, -1, NULL, NULL)
#define STW(name, k, eff, st) LS_ROW(name, RH_OP_MEMORY, RH_F_STATE_WRITE, k, -1, -1, eff, st)
#define STR(name, k, eff, st) LS_ROW(name, RH_OP_MEMORY, RH_F_STATE_READ, k, -1, -1, eff, st)
#define LOCKED(name, eff, st) \
    LS_ROW(name, RH_OP_MEMORY, RH_F_STATE_WRITE | RH_F_STATE_LOCKED, -1, -1, -1, eff, st)
#define TLS(name, eff, st) \
    LS_ROW(name, RH_OP_MEMORY, RH_F_STATE_WRITE | RH_F_STATE_TLS, -1, -1, -1, eff, st)
#define CB(name, fn, eff) LS_ROW(name, RH_OP_MEMORY, RH_F_CALLBACK, -1, -1, fn, eff, NULL)
#define REG(name, fn, eff) LS_ROW(name, RH_OP_MEMORY, RH_F_REGISTER, -1, -1, fn, eff, NULL)
#define TABLE(name, k, eff) REG(name, k, eff)
#define NOTIFY(name, fn, eff) LS_ROW(name, RH_OP_MEMORY, RH_F_NOTIFY, -1, -1, fn, eff, NULL)
#define KEEP(name, k, eff) LS_ROW(name, RH_OP_MEMORY, RH_F_KEEPS, -1, k, -1, eff, NULL)
#define CONT(name, ct, eff) \
    {{name, RH_OP_MEMORY, 0, RH_LOCK_NONE, -1, -1, -1, -1, 0}, eff, NULL, ct}
#define CONTCB(name, ct, fn, eff) \
    {{name, RH_OP_MEMORY, RH_F_CALLBACK, RH_LOCK_NONE, -1, -1, fn, -1, 0}, eff, NULL, ct}

extern const rh_libspec_row rh_libspec_iso[];
extern const int rh_libspec_iso_count;
extern const rh_libspec_row rh_libspec_posix[];
extern const int rh_libspec_posix_count;
extern const rh_libspec_row rh_libspec_gnu[];
extern const int rh_libspec_gnu_count;
extern const rh_libspec_row rh_libspec_libs[];
extern const int rh_libspec_libs_count;

#endif
