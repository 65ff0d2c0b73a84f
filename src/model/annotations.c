/* annotations.c - the table of ThreadSanitizer's and Helgrind's
 * annotations (annotations.h says who reads it).
 *
 * What racehunt makes of them: happens-before annotations and announced
 * lock, semaphore and barrier operations are the synchronisation they
 * announce; benign-race and ignore annotations make races suppressed, not
 * absent (every engine still finds them and reports them as suppressed,
 * with the annotation as the reason); new-memory annotations forget the
 * earlier accesses of the memory; debugging annotations are pure.  What
 * neither the rows nor the engines model stays unmodelled, never assumed
 * harmless.
 */
#include "annotations.h"

#include <string.h>

#define D RH_F_DEFINED
#define AN (RH_F_DEFINED | RH_F_ANNOUNCED)
#define N RH_LOCK_NONE
#define RW RH_LOCK_RWLOCK
#define SP RH_LOCK_SPIN
#define RD RH_F_OBJ_READ
#define WR RH_F_OBJ_WRITE

/* ThreadSanitizer's dynamic annotations (compiler-rt's
 * tsan_interface_ann.cpp; dynamic_annotations.h declares them).  Their
 * first two arguments are the caller's file and line. */
static const rh_conc_entry tsan_rows[] = {
    /* name                      op                   flags          class obj obj2 fn size ok */
    {"AnnotateHappensBefore",    RH_OP_HB_RELEASE,    D,             N,  2, -1, -1, -1, 0},
    {"AnnotateHappensAfter",     RH_OP_HB_ACQUIRE,    D,             N,  2, -1, -1, -1, 0},
    {"AnnotateCondVarSignal",    RH_OP_HB_RELEASE,    D,             N,  2, -1, -1, -1, 0},
    {"AnnotateCondVarSignalAll", RH_OP_HB_RELEASE,    D,             N,  2, -1, -1, -1, 0},
    {"AnnotateCondVarWait",      RH_OP_HB_ACQUIRE,    D,             N,  2, -1, -1, -1, 0},
    {"AnnotateBenignRaceSized",  RH_OP_BENIGN,        D,             N,  2, -1, -1,  3, 0},
    {"AnnotateBenignRace",       RH_OP_BENIGN,        D,             N,  2, -1, -1, -1, 0},
    {"AnnotateExpectRace",       RH_OP_BENIGN,        D,             N,  2, -1, -1, -1, 0},
    {"AnnotateIgnoreReadsBegin", RH_OP_IGNORE_BEGIN,  D | RD,        N, -1, -1, -1, -1, 0},
    {"AnnotateIgnoreReadsEnd",   RH_OP_IGNORE_END,    D | RD,        N, -1, -1, -1, -1, 0},
    {"AnnotateIgnoreWritesBegin", RH_OP_IGNORE_BEGIN, D | WR,        N, -1, -1, -1, -1, 0},
    {"AnnotateIgnoreWritesEnd",  RH_OP_IGNORE_END,    D | WR,        N, -1, -1, -1, -1, 0},
    {"__tsan_ignore_thread_begin", RH_OP_IGNORE_BEGIN, D | RD | WR,  N, -1, -1, -1, -1, 0},
    {"__tsan_ignore_thread_end", RH_OP_IGNORE_END,    D | RD | WR,   N, -1, -1, -1, -1, 0},
    {"AnnotateNewMemory",        RH_OP_FORGET,        D,             N,  2, -1, -1,  3, 0},
    /* a custom reader-writer lock announced after it is taken: with a
     * constant is_w a lock in its mode (rh_annot_mode picks the row), else
     * announced like __tsan_mutex_post_lock (RH_F_ANNOT), read mode when
     * is_w is 0 (RH_F_ISW) */
    {"AnnotateRWLockAcquired",   RH_OP_LOCK, D | RH_F_ANNOT | RH_F_ISW | RH_F_TRY, RW, 2, 3, -1, -1, 0},
    {"AnnotateRWLockAcquired.w", RH_OP_LOCK,          AN,            RW, 2, -1, -1, -1, 0},
    {"AnnotateRWLockAcquired.r", RH_OP_LOCK,          AN | RH_F_SHARED, RW, 2, -1, -1, -1, 0},
    {"AnnotateRWLockReleased",   RH_OP_UNLOCK,        D,             RW, 2, -1, -1, -1, 0},
    {"AnnotateRWLockCreate",     RH_OP_PURE,          D,             N, -1, -1, -1, -1, 0},
    {"AnnotateRWLockCreateStatic", RH_OP_PURE,        D,             N, -1, -1, -1, -1, 0},
    {"AnnotateRWLockDestroy",    RH_OP_PURE,          D,             N, -1, -1, -1, -1, 0},
    /* ignoring synchronisation would only let ThreadSanitizer report
     * races the synchronisation prevents: racehunt keeps it */
    {"AnnotateIgnoreSyncBegin",  RH_OP_PURE,          D,             N, -1, -1, -1, -1, 0},
    {"AnnotateIgnoreSyncEnd",    RH_OP_PURE,          D,             N, -1, -1, -1, -1, 0},
    /* no-ops in ThreadSanitizer too */
    {"AnnotateMutexIsNotPHB",    RH_OP_PURE,          D,             N, -1, -1, -1, -1, 0},
    {"AnnotateMutexIsUsedAsCondVar", RH_OP_PURE,      D,             N, -1, -1, -1, -1, 0},
    {"AnnotatePublishMemoryRange", RH_OP_PURE,        D,             N, -1, -1, -1, -1, 0},
    {"AnnotateUnpublishMemoryRange", RH_OP_PURE,      D,             N, -1, -1, -1, -1, 0},
    {"AnnotateThreadName",       RH_OP_PURE,          D,             N, -1, -1, -1, -1, 0},
    {"AnnotateTraceMemory",      RH_OP_PURE,          D,             N, -1, -1, -1, -1, 0},
    {"AnnotateFlushState",       RH_OP_PURE,          D,             N, -1, -1, -1, -1, 0},
    {"AnnotateFlushExpectedRaces", RH_OP_PURE,        D,             N, -1, -1, -1, -1, 0},
    {"AnnotateNoOp",             RH_OP_PURE,          D,             N, -1, -1, -1, -1, 0},
};

#define HG RH_VG_HG
#define ANY RH_SEL_ANY, 0, NULL
#define UNIMP(name) RH_SEL_NAME, 1, name

/* Helgrind's client requests (valgrind/helgrind.h; the codes are
 * Valgrind's ABI and never change).  Objects and sizes name the row
 * function's parameters, i.e. request words 1.. from 0.  A custom lock
 * announced after it is taken and before it is given up is a lock of its
 * own (class spin: no pthread_mutex_t behind it), free whenever the
 * annotations are right; RH_F_ANNOUNCED lets bmc take it as a try all the
 * same, so a wrong announcement costs it no execution. */
static const rh_annot_vg_row vg_rows[] = {
    /* mbRec (word 2) not 0: a recursive lock, which bmc does not model (like a
     * pthread mutex initialised with attributes) */
    {HG(259), ANY, "pi", {"VALGRIND_HG_MUTEX_INIT_POST", RH_OP_LOCK_INIT, D, SP, 0, -1, -1, -1, 0}},
    {HG(260), ANY, "pi", {"VALGRIND_HG_MUTEX_DESTROY_PRE", RH_OP_PURE, D, N, -1, -1, -1, -1, 0}},
    {HG(261), ANY, "p", {"VALGRIND_HG_MUTEX_UNLOCK_PRE", RH_OP_UNLOCK, D, SP, 0, -1, -1, -1, 0}},
    {HG(262), ANY, "p", {"VALGRIND_HG_MUTEX_UNLOCK_POST", RH_OP_PURE, D, N, -1, -1, -1, -1, 0}},
    {HG(263), ANY, "pi", {"VALGRIND_HG_MUTEX_LOCK_PRE", RH_OP_PURE, D, N, -1, -1, -1, -1, 0}},
    {HG(264), ANY, "p", {"VALGRIND_HG_MUTEX_LOCK_POST", RH_OP_LOCK, AN, SP, 0, -1, -1, -1, 0}},
    {HG(270), ANY, "p", {"ANNOTATE_RWLOCK_CREATE", RH_OP_PURE, D, N, -1, -1, -1, -1, 0}},
    {HG(271), ANY, "p", {"ANNOTATE_RWLOCK_DESTROY", RH_OP_PURE, D, N, -1, -1, -1, -1, 0}},
    {HG(273), RH_SEL_NONZERO, 2, NULL, "pi",
     {"ANNOTATE_RWLOCK_ACQUIRED.w", RH_OP_LOCK, AN, RW, 0, -1, -1, -1, 0}},
    {HG(273), RH_SEL_ZERO, 2, NULL, "pi",
     {"ANNOTATE_RWLOCK_ACQUIRED.r", RH_OP_LOCK, AN | RH_F_SHARED, RW, 0, -1, -1, -1, 0}},
    {HG(273), ANY, "pi",
     {"ANNOTATE_RWLOCK_ACQUIRED", RH_OP_LOCK, D | RH_F_ANNOT | RH_F_ISW | RH_F_TRY, RW, 0, 1, -1, -1, 0}},
    {HG(274), ANY, "p", {"ANNOTATE_RWLOCK_RELEASED", RH_OP_UNLOCK, D, RW, 0, -1, -1, -1, 0}},
    {HG(276), ANY, "pi", {"VALGRIND_HG_SEM_INIT_POST", RH_OP_SEM_INIT, D, N, 0, -1, -1, 1, 0}},
    {HG(277), ANY, "p", {"VALGRIND_HG_SEM_DESTROY_PRE", RH_OP_PURE, D, N, -1, -1, -1, -1, 0}},
    {HG(278), ANY, "p", {"VALGRIND_HG_SEM_POST_PRE", RH_OP_SEM_POST, D, N, 0, -1, -1, -1, 0}},
    {HG(279), ANY, "p", {"VALGRIND_HG_SEM_WAIT_POST", RH_OP_SEM_WAIT, AN, N, 0, -1, -1, -1, 0}},
    {HG(280), ANY, "pii", {"VALGRIND_HG_BARRIER_INIT_PRE", RH_OP_BARRIER_INIT, D, N, 0, -1, -1, 1, 0}},
    {HG(281), ANY, "p", {"VALGRIND_HG_BARRIER_WAIT_PRE", RH_OP_BARRIER_WAIT, D, N, 0, -1, -1, -1, 0}},
    {HG(282), ANY, "p", {"VALGRIND_HG_BARRIER_DESTROY_PRE", RH_OP_PURE, D, N, -1, -1, -1, -1, 0}},
    {HG(289), ANY, "p", {"ANNOTATE_HAPPENS_BEFORE", RH_OP_HB_RELEASE, D, N, 0, -1, -1, -1, 0}},
    {HG(290), ANY, "p", {"ANNOTATE_HAPPENS_AFTER", RH_OP_HB_ACQUIRE, D, N, 0, -1, -1, -1, 0}},
    {HG(295), ANY, "pi", {"VALGRIND_HG_DISABLE_CHECKING", RH_OP_BENIGN, D, N, 0, -1, -1, 1, 0}},
    {HG(296), ANY, "pi", {"VALGRIND_HG_ENABLE_CHECKING", RH_OP_FORGET, D | WR, N, 0, -1, -1, 1, 0}},
    {HG(0), ANY, "pi", {"VALGRIND_HG_CLEAN_MEMORY", RH_OP_FORGET, D, N, 0, -1, -1, 1, 0}},
    {HG(298), ANY, "p", {"VALGRIND_HG_CLEAN_MEMORY_HEAPBLOCK", RH_OP_FORGET, D, N, 0, -1, -1, -1, 0}},
    /* annotations Helgrind does not implement pass their name */
    {HG(288), UNIMP("ANNOTATE_IGNORE_READS_BEGIN"), "p",
     {"ANNOTATE_IGNORE_READS_BEGIN", RH_OP_IGNORE_BEGIN, D | RD, N, -1, -1, -1, -1, 0}},
    {HG(288), UNIMP("ANNOTATE_IGNORE_READS_END"), "p",
     {"ANNOTATE_IGNORE_READS_END", RH_OP_IGNORE_END, D | RD, N, -1, -1, -1, -1, 0}},
    {HG(288), UNIMP("ANNOTATE_IGNORE_WRITES_BEGIN"), "p",
     {"ANNOTATE_IGNORE_WRITES_BEGIN", RH_OP_IGNORE_BEGIN, D | WR, N, -1, -1, -1, -1, 0}},
    {HG(288), UNIMP("ANNOTATE_IGNORE_WRITES_END"), "p",
     {"ANNOTATE_IGNORE_WRITES_END", RH_OP_IGNORE_END, D | WR, N, -1, -1, -1, -1, 0}},
    /* these name no memory, so they hide nothing; the rest only help debugging */
    {HG(288), UNIMP("ANNOTATE_BENIGN_RACE"), "p", {"ANNOTATE_BENIGN_RACE", RH_OP_PURE, D, N, -1, -1, -1, -1, 0}},
    {HG(288), UNIMP("ANNOTATE_EXPECT_RACE"), "p", {"ANNOTATE_EXPECT_RACE", RH_OP_PURE, D, N, -1, -1, -1, -1, 0}},
    {HG(288), UNIMP("ANNOTATE_TRACE_MEMORY"), "p", {"ANNOTATE_TRACE_MEMORY", RH_OP_PURE, D, N, -1, -1, -1, -1, 0}},
    {HG(288), UNIMP("ANNOTATE_THREAD_NAME"), "p", {"ANNOTATE_THREAD_NAME", RH_OP_PURE, D, N, -1, -1, -1, -1, 0}},
    {HG(288), UNIMP("ANNOTATE_FLUSH_STATE"), "p", {"ANNOTATE_FLUSH_STATE", RH_OP_PURE, D, N, -1, -1, -1, -1, 0}},
    {HG(288), UNIMP("ANNOTATE_NO_OP"), "p", {"ANNOTATE_NO_OP", RH_OP_PURE, D, N, -1, -1, -1, -1, 0}},
    {HG(288), UNIMP("ANNOTATE_PUBLISH_MEMORY_RANGE"), "p",
     {"ANNOTATE_PUBLISH_MEMORY_RANGE", RH_OP_PURE, D, N, -1, -1, -1, -1, 0}},
};

static int selected(const rh_annot_vg_row *r, const rh_annot_words *w)
{
    int k = r->sel_arg - 1;
    switch (r->sel) {
    case RH_SEL_ANY: return 1;
    case RH_SEL_ZERO: return k >= 0 && k < 5 && w->known[k] && w->vals[k] == 0;
    case RH_SEL_NONZERO: return k >= 0 && k < 5 && w->known[k] && w->vals[k] != 0;
    case RH_SEL_NAME: return w->str && strcmp(w->str, r->unimp) == 0;
    }
    return 0;
}

const rh_annot_vg_row *rh_annot_vg_find(unsigned code, const rh_annot_words *w)
{
    for (size_t i = 0; i < sizeof vg_rows / sizeof vg_rows[0]; i++)
        if (vg_rows[i].code == code && selected(&vg_rows[i], w))
            return &vg_rows[i];
    return NULL;
}

const rh_conc_entry *rh_annot_lookup(const char *name)
{
    if (!name)
        return NULL;
    for (size_t i = 0; i < sizeof tsan_rows / sizeof tsan_rows[0]; i++)
        if (strcmp(tsan_rows[i].name, name) == 0)
            return &tsan_rows[i];
    for (size_t i = 0; i < sizeof vg_rows / sizeof vg_rows[0]; i++)
        if (strcmp(vg_rows[i].entry.name, name) == 0)
            return &vg_rows[i].entry;
    return NULL;
}

const rh_conc_entry *rh_annot_mode(const rh_conc_entry *e, int is_w)
{
    char name[64];
    if (!e || !(e->flags & RH_F_ISW) || strlen(e->name) + 3 > sizeof name)
        return e;
    strcpy(name, e->name);
    strcat(name, is_w ? ".w" : ".r");
    const rh_conc_entry *m = rh_annot_lookup(name);
    return m ? m : e;
}
