/* libspec.h - the library specification: what the C standard library,
 * POSIX and common GNU/Linux functions do to memory, as data.
 *
 * Contract: each row holds an rh_conc_entry (concurrency.h, op
 * RH_OP_MEMORY or RH_OP_PURE) reached through rh_conc_lookup after the
 * synchronisation table, so engines read one table; the row's `effects`
 * string says which pointer arguments the call reads and writes and how
 * many bytes (rh_libspec_effects decodes it), and `state` names its hidden
 * static state.  Given an entry, rh_libspec_of finds its row.
 *
 * Effects grammar (README.md, "Library specification"): items separated by
 * spaces, each MODE ARG [+] [:SIZE]
 *   MODE  r (reads), w (writes), m (reads and writes), p (writes pointers:
 *         into any pointer argument, or to a new object: strtol's end,
 *         getline's buffer, getaddrinfo's list)
 *   ARG   0-based argument position; '+' also every later argument (execl)
 *   <SRC  (mode p only) where the stored pointers point, nothing else: a
 *         digit J anywhere into argument J's object (strtol's end into its
 *         string), '*' anywhere into what the argument already pointed to
 *         (strtok_r's and strsep's cursor, getline's old buffer), 'n' a new
 *         object (getline's, asprintf's buffer).  A row whose every p item
 *         has one, that names no obj and returns a pointer, returns one of
 *         the pointers it stores (strtok_r, strsep).
 *   SIZE  absent: the whole object;  N: N bytes;  aK: argument K bytes;
 *         aK*aJ: their product;  ret: the return value (when positive);
 *         aK*ret: argument K times the return value (fread);  s: a string,
 *         up to and with its NUL.  A write's size is an upper bound (fgets
 *         may write less) unless it depends on the return value or ends in
 *         '!' (memset_s writes exactly that much): the dynamic engine
 *         records only exact writes, so no execution shows a write that
 *         did not happen.
 * Other columns: obj is the argument the returned pointer points into (-1:
 * none); fn the callback argument (RH_F_CALLBACK, RH_F_REGISTER); obj2 the
 * kept pointer (RH_F_KEEPS); state names the hidden static state
 * (RH_F_STATE_*), made a named pseudo-object by the model.
 */
#ifndef RH_LIBSPEC_H
#define RH_LIBSPEC_H

#include "concurrency.h"

/* What a container function does with the pointers it is given (GLib's
 * lists and hash tables): where it keeps them and what it hands back, so
 * the points-to analysis keeps the program's objects apart
 * (src/engines/static/pt_containers.h). */
typedef enum rh_container_op {
    RH_CT_NONE,
    RH_CT_LIST_ADD,  /* (list, data): a new node holding data, linked to list's nodes; returns a node */
    RH_CT_LIST_WALK, /* (list, ...): returns a node of list (or NULL) */
    RH_CT_LIST_DATA, /* (list, ...): returns the data of a node of list */
    RH_CT_MAP_PUT,   /* (map, key, value): keeps key and value in the map */
    RH_CT_MAP_GET,   /* (map, key): returns a value (or key) the map keeps */
    RH_CT_MAP_GET_OUT, /* (map, key, &key, &value): stores a kept key or value into both */
    RH_CT_MAP_EACH,  /* (map, fn, data): calls fn(key, value, data) for its entries (RH_F_CALLBACK);
                      * returns a value it keeps (g_hash_table_find) */
    RH_CT_LIST_EACH  /* (list, fn, data): calls fn(node data, data) for its nodes (RH_F_CALLBACK) */
} rh_container_op;

typedef struct rh_libspec_row {
    rh_conc_entry e;     /* first: an entry pointer is a row pointer */
    const char *effects; /* what the call reads and writes, e.g. "w1:a2" */
    const char *state;   /* hidden static state ("strtok's static buffer"), or NULL */
    rh_container_op container; /* RH_CT_NONE but for container functions */
} rh_libspec_row;

/* The row an entry belongs to, or NULL for entries of other tables. */
const rh_libspec_row *rh_libspec_of(const rh_conc_entry *e);

typedef enum rh_size_kind {
    RH_SZ_WHOLE,  /* the whole object the pointer points into */
    RH_SZ_CONST,  /* n bytes */
    RH_SZ_ARG,    /* argument a bytes */
    RH_SZ_PRODUCT,/* argument a times argument b bytes */
    RH_SZ_RET,    /* the return value, when positive */
    RH_SZ_ARG_RET,/* argument a times the return value */
    RH_SZ_STRING  /* up to and with the terminating NUL */
} rh_size_kind;

typedef struct rh_effect {
    int arg;          /* pointer argument */
    int rest;         /* also every later argument */
    int read, write;
    int ptrs;         /* stores pointers (mode p) */
    int bounded;      /* mode p with '<': only the sources below */
    unsigned from_args; /* bit J: pointers into argument J's object */
    int from_old, from_new; /* '*': into the old target; 'n': a new object */
    int exact;        /* the size is what a write writes, not an upper bound */
    rh_size_kind size;
    int a, b;         /* size arguments */
    unsigned long n;  /* constant size */
} rh_effect;

#define RH_MAX_EFFECTS 8

/* Decodes the effects of e's row into out (at most RH_MAX_EFFECTS);
 * returns the count, 0 for an entry without a row or effects. */
int rh_libspec_effects(const rh_conc_entry *e, rh_effect *out);

/* Whether some effect of the row writes memory. */
int rh_libspec_writes(const rh_conc_entry *e);

/* The entry of a library function, or NULL (exact names, binary search). */
const rh_conc_entry *rh_libspec_lookup(const char *name);

/* The rows, for counting and listing (rh_libspec_count rows). */
const rh_libspec_row *rh_libspec_row_at(int i);
int rh_libspec_count(void);

/* What a C library variable the program reads holds pointers to:
 * nothing (optind, h_errno), the program's argument strings (optarg), or
 * storage of the library's own (stdout's FILE, tzname's strings). */
typedef enum rh_libvar_kind { RH_LIBVAR_NONE, RH_LIBVAR_ARGV, RH_LIBVAR_STORAGE } rh_libvar_kind;
rh_libvar_kind rh_libspec_variable(const char *name);

/* Name of the pseudo-object standing for a hidden state ("libc: strtok's
 * static buffer"), in buf. */
const char *rh_libspec_state_object(const char *state, char *buf, unsigned size);

#endif
