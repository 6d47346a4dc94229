/* noc_plan: run the chosen mapper, bind its stages to the remaining logical cores, and cost the result. */
#include "noc_plan.h"

#include "mapper.h"
#include "noc_placement.h"

#include <stdlib.h>
#include <string.h>

void noc_plan_free(noc_plan *plan) {
  partition_free(plan->p);
  free(plan->stage_core);
  free(plan->stage_cost);
  free(plan->flows);
  memset(plan, 0, sizeof *plan);
}

int noc_plan_make(const taskgraph *g, const noc_chip *chip, const unsigned char *dead, const noc_plan_request *req,
                  noc_plan *out, gn_error *err) {
  memset(out, 0, sizeof *out);
  int joint = strcmp(req->binding, "joint") == 0;
  const noc_binding_method *bind = joint ? NULL : noc_binding_find(req->binding, err);
  if (!joint && !bind)
    return GN_EINPUT;
  int *logical = malloc((size_t)noc_core_count(chip) * sizeof *logical);
  if (!logical)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  int k = noc_logical_cores(chip, dead, logical);
  int n = req->n_stages < k ? req->n_stages : k;
  if (n > g->n_tasks)
    n = g->n_tasks;
  if (n < 1) {
    free(logical);
    return gn_error_set(err, GN_EFAIL, NULL, 0, "chip %s has no usable core left", chip->name);
  }
  out->n_stages = n;
  out->stage_core = malloc((size_t)n * sizeof *out->stage_core);
  out->stage_cost = malloc((size_t)n * sizeof *out->stage_cost);
  int rc = out->stage_core && out->stage_cost ? GN_OK : gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  if (rc == GN_OK && joint) {
    noc_placement_request pr = {req->mapper, req->mapper_options, n, req->comm_factor, req->hop_cost, req->seed};
    rc = noc_place_joint(g, chip, logical, k, &pr, &out->p, &out->flows, &out->n_flows, out->stage_core, err);
  } else if (rc == GN_OK) {
    mapper_params mp = {.n_stages = n, .comm_factor = req->comm_factor,
                        .seed = req->seed, .options = req->mapper_options};
    rc = mapper_run_by_name(req->mapper, g, &mp, &out->p, err);
    if (rc == GN_OK)
      rc = noc_stage_flows(g, out->p, &out->flows, &out->n_flows, err);
    if (rc == GN_OK)
      rc = bind->bind(chip, logical, k, n, out->flows, out->n_flows, out->stage_core, err);
  }
  partition_metrics m;
  if (rc == GN_OK)
    rc = partition_evaluate(g, out->p, req->comm_factor, &m, err);
  free(logical);
  if (rc) {
    noc_plan_free(out);
    return rc;
  }
  partition_stage_costs(g, out->p, req->comm_factor, out->stage_cost);
  out->analytic_period = m.period;
  out->hop_volume = noc_binding_hop_volume(chip, out->stage_core, out->flows, out->n_flows);
  return GN_OK;
}

int noc_plan_stage_of(const noc_plan *plan, int core) {
  for (int s = 0; s < plan->n_stages; s++)
    if (plan->stage_core[s] == core)
      return s;
  return -1;
}
