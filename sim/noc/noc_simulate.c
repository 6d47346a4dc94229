/* noc_simulate: one pipeline run from its configuration — make the initial plan, let the joint placement's probe
 * choose among its candidates (children simulate them first), then simulate the chosen plan. Above both the
 * pipeline engine (noc_pipeline.c) and the probe (noc_probe.c), so neither calls the other back. */
#include "noc_pipeline.h"
#include "noc_probe.h"

#include <string.h>

int noc_pipeline_simulate(const noc_pipeline_config *cfg, noc_pipeline_report *rep, gn_error *err) {
  return noc_pipeline_simulate_on(cfg, NULL, rep, err);
}

int noc_pipeline_simulate_on(const noc_pipeline_config *cfg, const noc_pipeline_platform *platform,
                             noc_pipeline_report *rep, gn_error *err) {
  memset(rep, 0, sizeof *rep);
  int rc = noc_pipeline_check_config(cfg, err);
  if (rc)
    return rc;
  if (platform && cfg->n_failures > 0 && !platform->supervisor_host)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "core failures need a supervisor host in the platform");
  noc_plan plan;
  if ((rc = noc_plan_make(cfg->g, cfg->chip, NULL, &cfg->plan, &plan, err)))
    return rc;
  /* The joint placement keeps whichever candidate simulates fastest: probes in children, before SimGrid starts
   * here. Re-mappings after failures happen inside this simulation and keep the analytic joint placement. */
  double probe[NOC_PROBE_CANDIDATES];
  int kept = -1;
  if (strcmp(cfg->plan.binding, "joint") == 0 && (rc = noc_probe_choose(cfg, platform, &plan, probe, &kept, err)))
    return rc;
  rc = noc_pipeline_simulate_plan(cfg, platform, &plan, rep, err);
  if (kept >= 0) {
    rep->placement = noc_probe_candidate[kept];
    memcpy(rep->probe_period, probe, sizeof probe);
  }
  return rc;
}
