/* gn_file: whole-file reads with input checks, and whole-file writes that never destroy or half-write a file. */
#ifndef GN_FILE_H
#define GN_FILE_H

#include "gn_error.h"

#include <stddef.h>
#include <stdio.h>

/* Default and largest size limit of an input file read whole: 256 MiB. */
#define GN_FILE_INPUT_MAX ((size_t)256 << 20)

/* Check that path can be read as an input file without blocking: it exists and is a regular file (a directory,
 * FIFO, socket or device is refused: "not a regular file") of at most max_bytes (0 = GN_FILE_INPUT_MAX).
 * Every failure is GN_EINPUT with a one-line "path: ..." message. */
int gn_file_check_input(const char *path, size_t max_bytes, gn_error *err);

/* Read all of path into a NUL-terminated buffer (*len excludes the NUL), after gn_file_check_input; a UTF-8
 * byte-order mark at the start is dropped. "-" reads standard input (stopping, GN_EINPUT, at max_bytes + 1). */
int gn_file_read_all(const char *path, size_t max_bytes, char **data, size_t *len, gn_error *err);

/* Open path for reading after the same checks as gn_file_read_all (never blocking in open() on a FIFO or a
 * device), for a reader that streams the file; the file is remembered as an input like gn_file_read_all's.
 * NULL with err set on failure. */
FILE *gn_file_open_input(const char *path, size_t max_bytes, gn_error *err);

/* Check an output path before the first byte of any output is written (all GN_EINPUT, exit 2: the path given
 * is wrong): an empty path, a name ending in '/', an existing directory, a folder that does not exist or cannot
 * be written, a file this command has read as an input (gn_file_protect_inputs). A command with several
 * outputs checks them all first, so it fails before writing any. (Failures while writing, such as a full disk,
 * stay GN_EFAIL.) */
int gn_file_check_output(const char *path, gn_error *err);
/* From now on, remember every file gn_file_read_all reads: an output path naming one (by any link or spelling)
 * is then refused by the output checks and writers ("is also an input of this command"): -o never destroys one.
 * The gridnoc command turns this on for its one task; a library caller that reads a file and later rewrites
 * it on purpose (a test, a benchmark) leaves it off. */
void gn_file_protect_inputs(void);
/* A file read back because it is the command's own output (a sweep's CSV being resumed, a merge's existing
 * output being compared) is not one of its inputs: forget that one read. */
void gn_file_forget_input(const char *path);
/* The checks of the name alone (empty, ending in '/', an existing directory), for a caller that creates the
 * missing folders itself. */
int gn_file_check_output_name(const char *path, gn_error *err);

/* Write data to path. A regular file (or a new one) is written atomically: temp file, fsync, rename, so a
 * reader sees the old file or the complete new one. Anything else that exists (a device such as /dev/null,
 * a FIFO with a reader, /dev/stdout) is written through in place, never replaced; "-" is standard output.
 * The path is checked as gn_file_check_output does. */
int gn_file_write_atomic(const char *path, const char *data, size_t len, gn_error *err);

/* A new empty file of our own beside path (path.tmpXXXXXX, created exclusively: never a link or a file planted
 * under a fixed name) for a child program to write into before it is renamed over path; its name in tmp
 * (size tmp_size). The caller unlinks it unless renamed. */
int gn_file_temp_beside(const char *path, char *tmp, size_t tmp_size, gn_error *err);
/* That temporary is gone (renamed or unlinked): no longer removed by gn_file_remove_temporaries. */
void gn_file_temp_done(const char *tmp);

/* Unlink every temporary file not yet renamed (gn_file_temp_beside's, gn_file_write_atomic's own): for the
 * command's handler of a signal that ends it, so an interruption leaves none behind. Async-signal-safe. */
void gn_file_remove_temporaries(void);

/* Remove a regular file written by this command (cleaning up the outputs written before a later one failed).
 * Anything that is not a regular file is left alone. */
void gn_file_remove_output(const char *path);

#endif
