/* dot: Graphviz DOT text of a task graph, optionally coloured by pipeline stage. */
#ifndef DOT_H
#define DOT_H

#include "partition.h"
#include "taskgraph.h"

#include <stddef.h>

/* DOT text (malloc'ed) of a finalized graph: one node per task labelled "name\nload", one arrow per edge
 * labelled with its volume when non-zero. With a partition, every task is filled with its stage's colour and
 * its label names the stage (1..N); the partition must cover the graph's tasks. */
int dot_write(const taskgraph *g, const partition *p, char **text, size_t *len, gn_error *err);
int dot_write_file(const taskgraph *g, const partition *p, const char *path, gn_error *err);

#endif
