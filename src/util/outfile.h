/* outfile.h - every file racehunt writes for the user: the report (-o),
 * witnesses (--witness, also GraphML), and the check that no output lands
 * on a file racehunt reads.
 *
 * Why: in CI a full disk or an unwritable path must fail the run, not
 * pass it with the report gone, and a reader must never see half a
 * report.  So a regular file is written to a temporary file in the same
 * directory, flushed, synced and closed with every step checked, and then
 * renamed into place (a symbolic link's target is replaced, the link
 * kept).  A path that is not a regular file (a FIFO, /dev/stdout,
 * /dev/null) is written in place, its errors checked just the same.
 * The temporary file is registered with the cleanup registry, so an
 * interrupted racehunt leaves none behind.
 *
 * Contract: functions return 0, or -1 with one sentence in err
 * (RH_ERR_MAX bytes) naming the path and what is written (`what`:
 * "report", "witness").  After a failed rh_outfile_commit or after
 * rh_outfile_abort the destination is as it was before.
 */
#ifndef RH_OUTFILE_H
#define RH_OUTFILE_H

#include <stdio.h>

typedef struct rh_outfile {
    FILE *f;          /* write here between open and commit */
    char *dest;       /* the file that is replaced at commit */
    char *tmp;        /* the temporary file beside it, NULL when written in place */
    const char *what; /* for messages */
} rh_outfile;

/* Opens the output for path (NULL: standard output, closed by
 * rh_outfile_close_stdout at exit instead). */
int rh_outfile_open(rh_outfile *out, const char *path, const char *what, char *err);
/* The same for a file in a directory of racehunt's own that nobody reads
 * before it is complete (a cache entry being built, a run's schedule):
 * written in place, not synced, its errors checked just the same. */
int rh_outfile_open_private(rh_outfile *out, const char *path, const char *what, char *err);

/* Flushes, syncs and closes the output and renames it into place. */
int rh_outfile_commit(rh_outfile *out, char *err);
/* Drops what was written; the destination stays as it was. */
void rh_outfile_abort(rh_outfile *out);

/* Flushes and closes standard output, reporting a write that failed
 * (racehunt ... > /dev/full). */
int rh_outfile_close_stdout(char *err);

/* Opens /dev/null read-only on any of the descriptors 0, 1 and 2 that is
 * closed, first thing in main: otherwise the next file racehunt opens
 * would become its standard output and receive the report. */
void rh_outfile_hold_std_fds(void);

/* Whether a and b name the same existing file (device and inode, through
 * symbolic links); 0 when either does not exist. */
int rh_outfile_same_file(const char *a, const char *b);

#endif
