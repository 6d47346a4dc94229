/* graph_source: one string names a task graph, whatever its origin — so scenarios, CLI and tests agree.
 *   path.stg                 STG file (plain layout); a leading ${VAR} comes from the environment
 *                            (${GN_STG_DIR}/300/rand0002.stg: how scenarios name a data folder's files)
 *   path.xml / path.sdf3     SDF3 XML (one iteration of the balanced SDF graph as a DAG)
 *   gen:KEY=VAL,...          generated: method=sameprob|samepred|layrprob|layrpred, tasks=N,
 *                            times=unif|expo|norm|unif2pks|expo2pks|norm2pks, ccr=X, seed=S, ...
 * Options that change how a file is read (STG communication-cost layout, SDF3 token size) are given as
 * "path?key=val&key=val" (e.g. "g.stg?layout=comm", "g.xml?token_bytes=4"). */
#ifndef GRAPH_SOURCE_H
#define GRAPH_SOURCE_H

#include "taskgraph.h"

/* Check spec without loading the graph (a scenario is checked before anything runs): a gen: spec's keys,
 * values and ceilings; a file's options, and that it is a readable regular file within the size limit. */
int graph_source_check(const char *spec, gn_error *err);

/* Load and finalize the graph named by spec. Errors name file:line for files, the key for gen: specs. */
int graph_source_load(const char *spec, taskgraph **out, gn_error *err);

#endif
