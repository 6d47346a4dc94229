/* partition_io: the partition file — which stage every task of a graph is in — read and written as text.
 *
 * Format (one record per line, '#' starts a comment, blank lines ignored):
 *   stages N          first record: the number of stages, 1 <= N <= tasks
 *   TASK STAGE        one line per task: the task's name as in the graph, its stage 1..N
 * Every task appears exactly once; names contain no whitespace and no '#'. A file that reads back is a valid
 * pipeline of its graph (no backward edge, no empty stage); every error names file:line. */
#ifndef PARTITION_IO_H
#define PARTITION_IO_H

#include "partition.h"

#include <stddef.h>

/* Parse text (NUL-terminated) for graph g; `where` names the source in messages. */
int partition_parse(const taskgraph *g, const char *text, const char *where, partition **out, gn_error *err);
int partition_read_file(const taskgraph *g, const char *path, partition **out, gn_error *err);

/* The text of p (malloc'ed). GN_EINPUT when a task name cannot be written (whitespace or '#'). */
int partition_format(const taskgraph *g, const partition *p, char **text, size_t *len, gn_error *err);
/* Written atomically (gn_file_write_atomic). */
int partition_write_file(const taskgraph *g, const partition *p, const char *path, gn_error *err);

#endif
