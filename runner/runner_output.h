/* runner_output: the runner's output file (runner.c's pool writes rows into it). */
#ifndef RUNNER_OUTPUT_H
#define RUNNER_OUTPUT_H

#include "runner.h"

#include <stddef.h>

/* A file name as a one-line message shows it (control characters as '?'). */
typedef struct runner_shown_name {
  char s[512];
} runner_shown_name;
runner_shown_name runner_shown(const char *path);

/* All of data to fd (retrying short writes and EINTR): 0, or -1 with errno set. */
int runner_write_all(int fd, const char *data, size_t len);

/* Open opt->output for appending: discard it first under --fresh (only a result CSV), resume-scan it (done[],
 * *max_index; a cut-short last line removed, and said), write the header into an empty one; *out_fd on success. */
int runner_open_output(const scenario *sc, const runner_options *opt, unsigned char *done, long *max_index,
                       int *out_fd, gn_error *err);

#endif
