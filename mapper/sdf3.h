/* sdf3: SDF3 XML synchronous data-flow graphs: repetition vector, liveness, one iteration as a task DAG. */
#ifndef SDF3_H
#define SDF3_H

#include "taskgraph.h"

#include <stdint.h>

typedef struct sdf3_options {
  double token_bytes; /* size of one token: edge volume = tokens per iteration x token_bytes (default 1) */
} sdf3_options;

void sdf3_options_default(sdf3_options *opt);

/* Read an SDF3 file (libxml2) and turn one iteration into a finalized DAG:
 *  - repetition vector q: the smallest positive integer solution of rate_out(src) q(src) = rate_in(dst) q(dst)
 *    per channel, in exact 64-bit integer arithmetic (overflow is an error); inconsistent rates name a channel;
 *  - liveness: one iteration is fired symbolically from the initial tokens; a deadlock names blocked actors;
 *  - tasks = actors (named as in the file), load = q(actor) x executionTime (the default processor's, else
 *    the first one listed); edges = channels, volume = q(src) x rate_out x token_bytes; a channel with initial
 *    tokens that would close a cycle (or is a self-loop) carries state between iterations and is dropped;
 *    parallel channels between two actors become one edge with the summed volume.
 * g->info records the repetition vector. Errors are "file:line: what is wrong" (GN_EINPUT). */
int sdf3_read_file(const char *path, const sdf3_options *opt, taskgraph **out, gn_error *err);
int sdf3_parse(const char *text, size_t len, const char *where, const sdf3_options *opt, taskgraph **out,
               gn_error *err);

#endif
