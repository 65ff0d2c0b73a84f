/* input.h - reading the side inputs of an analysis: option files
 * (.racehunt), suppressions, --model files, compilation databases,
 * response files (@FILE), witnesses, the reports of --from-report and
 * --baseline, and the --stdin file.
 *
 * Why one reader: these files come from whoever wrote the project, and in
 * CI that may be anyone.  A FIFO must not block racehunt past its budget
 * and /dev/zero must not eat the memory, so each is opened without
 * blocking, must be a regular file and is read only up to RH_INPUT_MAX
 * bytes; anything else is one error naming the file.
 *
 * Contract: every function returns 0 (or the text) on success and -1 (or
 * NULL) with one sentence in err (RH_ERR_MAX bytes) naming the path and
 * the kind of input (`what`, e.g. "suppressions file").  Nothing blocks on
 * a FIFO, a terminal or a device.
 */
#ifndef RH_INPUT_H
#define RH_INPUT_H

#include <jansson.h>
#include <stddef.h>

#define RH_INPUT_MAX ((size_t)64 << 20) /* bytes: 64 MiB for any one side input */

/* The whole of a regular file of at most RH_INPUT_MAX bytes, NUL-terminated
 * (*len, when not NULL, is its length: the text may hold NUL bytes). */
char *rh_input_read_file(const char *path, const char *what, size_t *len, char *err);

/* The same for a text file read line by line (options, suppressions,
 * models, response files): a NUL byte, which would silently cut a line
 * short, is an error naming the line. */
char *rh_input_read_text(const char *path, const char *what, char *err);

/* Checks, without reading, that path is a regular file racehunt could read
 * within RH_INPUT_MAX bytes (for inputs that another process reads). */
int rh_input_check_file(const char *path, const char *what, char *err);

/* The JSON document in path (a bounded regular file as above); a syntax
 * error names the line. */
json_t *rh_input_read_json(const char *path, const char *what, char *err);

#endif
