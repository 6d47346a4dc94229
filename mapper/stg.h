/* stg: the Standard Task Graph Set text format (Kasahara lab), read into and written from a taskgraph. */
#ifndef STG_H
#define STG_H

#include "taskgraph.h"

#include <stddef.h>

/* Layout of the task lines.
 *   plain: `id time npred pred_1 ... pred_npred` — the published format. STG has no communication volumes:
 *          every edge gets stg_options.volume (0 unless the caller sets a uniform volume).
 *   comm:  `id time npred pred_1 cost_1 ... pred_npred cost_npred` — ASSUMED layout of the "rnc" sets (their
 *          description could not be obtained; third-party readers expect these pairs). The costs become edge
 *          volumes; costs on the dummy edges (to the entry's successors, from the exit's predecessors) are read,
 *          checked and dropped, and written back as 0. */
/*   auto:  (reading only, the default) comm when the `#` information part holds the marker line that
 *          stg_write puts in every comm-layout file (STG_COMM_MARKER), plain otherwise. The marker is not kept in
 *          g->info: the writer adds it back exactly when it writes the comm layout. */
typedef enum stg_layout { STG_LAYOUT_PLAIN, STG_LAYOUT_COMM, STG_LAYOUT_AUTO } stg_layout;

/* The information line (after '#' and blanks) that marks a comm-layout file. */
#define STG_COMM_MARKER "gridnoc: layout=comm (each predecessor id is followed by its edge's communication cost)"


typedef struct stg_options {
  stg_layout layout;
  double volume; /* plain layout: volume of every edge (>= 0) */
} stg_options;

/* Largest accepted task count and processing time (times stay exact in a double). */
#define STG_MAX_TASKS 50000000L
#define STG_MAX_TIME 9007199254740992.0 /* 2^53 */

void stg_options_default(stg_options *opt);

/* Parse STG text. The graph holds the n real tasks (graph task i = STG task i+1, named by its STG id); the
 * dummy entry 0 and exit n+1 are checked and dropped; the `#` information part is kept in g->info. Line
 * ends may be LF or CRLF. Every error is "where:line: what is wrong" (GN_EINPUT). */
int stg_parse(const char *text, size_t len, const char *where, const stg_options *opt, taskgraph **out,
              gn_error *err);
int stg_read_file(const char *path, const stg_options *opt, taskgraph **out, gn_error *err);

/* Write a finalized graph as STG text (malloc'ed, NUL-terminated). Tasks are numbered 1..n in the graph's
 * topological order (the identity for graphs read from STG); the dummies are regenerated; g->info is
 * appended, each line starting with '#'. Loads must be whole numbers (STG times are integers). */
int stg_write(const taskgraph *g, stg_layout layout, char **text, size_t *len, gn_error *err);
int stg_write_file(const taskgraph *g, stg_layout layout, const char *path, gn_error *err);

#endif
