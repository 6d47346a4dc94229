/* noc_probe: each candidate placement simulated for a few items in a forked child; the fastest is kept. */
#include "noc_probe.h"

#include "gn_child.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const noc_probe_candidate[NOC_PROBE_CANDIDATES] = {"joint", "comm", "snake", "links"};

typedef struct probe_job {
  noc_pipeline_config cfg;
  const noc_pipeline_platform *platform;
  noc_plan *plan;
} probe_job;

long noc_probe_items(const noc_pipeline_config *cfg) {
  return cfg->items <= NOC_PROBE_ITEMS || cfg->warmup + 1 >= NOC_PROBE_ITEMS ? cfg->items : NOC_PROBE_ITEMS;
}

/* In the child: simulate and say the period on one line ("probe-period %a"). */
static int probe_child(void *ctx) {
  probe_job *job = ctx;
  noc_pipeline_report rep;
  gn_error e = {0};
  if (noc_pipeline_simulate_plan(&job->cfg, job->platform, job->plan, &rep, &e) != GN_OK) {
    fprintf(stderr, "%s", e.msg);
    return 1;
  }
  printf("\nprobe-period %a\n", rep.sim_period);
  noc_pipeline_report_free(&rep);
  return 0;
}

/* The period a child said (the last such line), NaN if none. */
static double said_period(const char *out) {
  const char *at = NULL;
  for (const char *p = out; (p = strstr(p, "\nprobe-period ")); p++)
    at = p;
  return at ? strtod(at + strlen("\nprobe-period "), NULL) : NAN;
}

int noc_probe_choose(const noc_pipeline_config *cfg, const noc_pipeline_platform *platform, noc_plan *joint,
                     double period[NOC_PROBE_CANDIDATES], int *kept, gn_error *err) {
  probe_job job = {*cfg, platform, NULL};
  job.cfg.items = noc_probe_items(cfg);
  job.cfg.failures = NULL;
  job.cfg.n_failures = 0;
  job.cfg.trace_items = 0;
  noc_plan plan[NOC_PROBE_CANDIDATES];
  memset(plan, 0, sizeof plan);
  plan[0] = *joint;
  int rc = GN_OK;
  *kept = 0;
  for (int i = 0; i < NOC_PROBE_CANDIDATES && rc == GN_OK; i++) {
    noc_plan_request req = cfg->plan;
    req.binding = noc_probe_candidate[i];
    if (i > 0 && (rc = noc_plan_make(cfg->g, cfg->chip, NULL, &req, &plan[i], err)))
      break;
    strbuf out = {0};
    job.plan = &plan[i]; /* the child frees its copy; this process keeps its own */
    int status = gn_child_run(NULL, probe_child, &job, &out, 1 << 16);
    period[i] = status == 0 && out.data ? said_period(out.data) : NAN;
    if (status != 0)
      rc = gn_error_set(err, GN_EFAIL, NULL, 0, "the probe of the %s placement failed: %.200s", req.binding,
                        out.data ? out.data : "");
    strbuf_free(&out);
    if (rc == GN_OK && isfinite(period[i]) && (!isfinite(period[*kept]) || period[i] < period[*kept]))
      *kept = i;
  }
  for (int i = 0; i < NOC_PROBE_CANDIDATES; i++)
    if (i != *kept || rc)
      noc_plan_free(&plan[i]);
  if (rc == GN_OK)
    *joint = plan[*kept];
  else
    memset(joint, 0, sizeof *joint);
  return rc;
}
