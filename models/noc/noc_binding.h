/* noc_binding: pipeline stages bound to logical cores (DPMA paper, Fig. 4), by named methods, and their cost. */
#ifndef NOC_BINDING_H
#define NOC_BINDING_H

#include "noc.h"
#include "partition.h"

/* The data one stage writes to a later one per item: the sum of the volumes of the task edges between them. */
typedef struct noc_flow {
  int src_stage, dst_stage;
  double volume;
} noc_flow;

/* The stage-to-stage flows of a partition, ordered by (src_stage, dst_stage). *flows is malloc'ed. */
int noc_stage_flows(const taskgraph *g, const partition *p, noc_flow **flows, int *n_flows, gn_error *err);

/* A binding method: stage s -> physical core stage_core[s], chosen among the k logical cores logical[0..k-1]
 * (k >= n_stages, distinct cores). Deterministic. */
typedef struct noc_binding_method {
  const char *name;
  const char *summary;
  int (*bind)(const noc_chip *chip, const int *logical, int k, int n_stages, const noc_flow *flows, int n_flows,
              int *stage_core, gn_error *err);
} noc_binding_method;

/* NULL-terminated registry: "snake" (stage i on logical core P(i+1): consecutive stages are neighbours) and
 * "comm" (snake improved by core swaps that lower the hop-weighted volume). */
extern const noc_binding_method *const noc_binding_methods[];

/* Find a method by name; on a miss GN_EINPUT naming the known ones. */
const noc_binding_method *noc_binding_find(const char *name, gn_error *err);

/* Σ over flows of volume × XY hops between the two stages' cores: the NoC traffic a binding causes. */
double noc_binding_hop_volume(const noc_chip *chip, const int *stage_core, const noc_flow *flows, int n_flows);

#endif
