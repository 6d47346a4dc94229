/* gn_file: whole-file reads and atomic whole-file writes (temp file + fsync + rename). */
#ifndef GN_FILE_H
#define GN_FILE_H

#include "gn_error.h"

#include <stddef.h>

/* Read all of path into a NUL-terminated buffer (*len excludes the NUL). Refuses files over max_bytes
 * (0 = 1 GiB) with a clear error. "-" reads standard input. */
int gn_file_read_all(const char *path, size_t max_bytes, char **data, size_t *len, gn_error *err);

/* Write data to path atomically: a reader sees the old file or the complete new one, never a part. */
int gn_file_write_atomic(const char *path, const char *data, size_t len, gn_error *err);

#endif
