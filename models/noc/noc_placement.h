/* noc_placement: placement that sees the mesh — a hop- and contention-aware cost of a mapping on bound cores, and
 * the joint placement (map, bind, re-map) that minimises it. */
#ifndef NOC_PLACEMENT_H
#define NOC_PLACEMENT_H

#include "noc_binding.h"

#include <stdint.h>

/* The cost model of a mapping bound to cores. A cross-core write of volume V over h hops costs
 * V × (hop_cost × h + comm_factor) alone on its links (comm_factor is the injection cost: the time to push one
 * unit of volume through a link; hop_cost 0 is the simulated chip, whose hops add only nanoseconds of latency).
 * Under fair link sharing a write meets the flows of other senders on its links: at period T a link carrying
 * other senders' volume o is busy with them a share rho = comm_factor × o / T of the time, and the write is
 * stretched by its worst link (noc_placement.c says by how much). contention_period = the T at which the slowest
 * stage, load + its stretched writes, takes T (an estimate of the simulated period, not a bound);
 * link_bound = comm_factor × the busiest link's volume (a true lower bound on the period). */
typedef struct noc_placement_cost {
  double analytic;          /* partition period: load + comm_factor × volume written, per stage */
  double contention_period; /* the estimate above (>= analytic) */
  double link_bound;
  double score; /* max(contention_period, link_bound): what the joint placement minimises */
} noc_placement_cost;

int noc_placement_evaluate(const taskgraph *g, const partition *p, const noc_chip *chip, const int *stage_core,
                           const noc_flow *flows, int n_flows, double comm_factor, double hop_cost,
                           noc_placement_cost *out, gn_error *err);

typedef struct noc_placement_request {
  const char *mapper, *mapper_options; /* any mapper_run_by_name name */
  int n_stages;
  double comm_factor, hop_cost;
  uint64_t seed;
} noc_placement_request;

/* Joint placement on the k logical cores logical[]: map with the mapper, bind to minimise the score (moves and
 * swaps from the best-scoring of the snake, comm and links bindings), then re-map with the mapper's comm factor raised by the contention the
 * binding could not remove (score / analytic) and bind again, up to 6 rounds; the best score wins (the first on a
 * tie). Deterministic. *p and *flows are malloc'ed; stage_core has room for n_stages. */
int noc_place_joint(const taskgraph *g, const noc_chip *chip, const int *logical, int k,
                    const noc_placement_request *req, partition **p, noc_flow **flows, int *n_flows, int *stage_core,
                    gn_error *err);

#endif
