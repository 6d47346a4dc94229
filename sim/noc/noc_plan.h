/* noc_plan: a pipeline plan for a chip: the mapper's partition, its stage flows, a binding to logical cores. */
#ifndef NOC_PLAN_H
#define NOC_PLAN_H

#include "noc_binding.h"

#include <stdint.h>

typedef struct noc_plan_request {
  const char *mapper;         /* any name mapper_run_by_name accepts (e.g. "dpma", "dpma+refine") */
  const char *mapper_options; /* "key=value,..." or NULL */
  const char *binding;        /* a noc_binding method name, or "joint" (noc_place_joint: map, bind, re-map) */
  int n_stages;               /* wanted stages; fewer when fewer logical cores are left */
  double comm_factor;
  double hop_cost; /* the joint placement's cost of a write per unit of volume and hop (noc_placement.h) */
  uint64_t seed;
} noc_plan_request;

typedef struct noc_plan {
  partition *p;
  int n_stages;
  int *stage_core;    /* [n_stages] physical core of each stage */
  double *stage_cost; /* [n_stages] analytic stage cost (time units) */
  noc_flow *flows;
  int n_flows;
  double analytic_period; /* partition_evaluate's period with the same comm_factor */
  double hop_volume;      /* Σ volume × hops of the binding */
} noc_plan;

/* Map g onto the chip's logical cores that are neither broken nor in dead (may be NULL): stages =
 * min(n_stages, logical cores, tasks). GN_EFAIL when no core is left. */
int noc_plan_make(const taskgraph *g, const noc_chip *chip, const unsigned char *dead, const noc_plan_request *req,
                  noc_plan *out, gn_error *err);
void noc_plan_free(noc_plan *plan);

/* The stage a physical core runs in the plan, or -1. */
int noc_plan_stage_of(const noc_plan *plan, int core);

#endif
