/* noc_measure: the pipeline run's report when it ends: periods, throughput, latency, utilisation, link bounds
 * (XY or the platform file's routes), failure and recovery measures. */
#include "noc_supervisor.h"

#include "noc_links.h"
#include "noc_phase.h"
#include "noc_platform.h"
#include "platform_noc.h"
#include "sgwrap.h"

#include <simgrid/engine.h>
#include <simgrid/exec.h>
#include <simgrid/link.h>
#include <xbt/dynar.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define S noc_sim_state

/* The file-route versions of the link measures: links crossed by flows of two or more senders of the initial
 * mapping, Σ volume × links crossed, and the busiest link's time per item (its own bandwidth). Routes are
 * indexed first, so every link they cross has its index. */
static int file_route_measures(const noc_plan *plan, double *hop_volume, double *link_bound) {
  int **route = calloc((size_t)plan->n_flows + 1, sizeof *route), *len = calloc((size_t)plan->n_flows + 1, sizeof *len);
  int n = route && len ? 0 : -1;
  *hop_volume = 0;
  *link_bound = 0;
  for (int f = 0; f < plan->n_flows && n == 0; f++) {
    len[f] =
        noc_file_route(plan->stage_core[plan->flows[f].src_stage], plan->stage_core[plan->flows[f].dst_stage], &route[f]);
    if (len[f] < 0)
      n = -1;
    else
      *hop_volume += plan->flows[f].volume * len[f];
  }
  int n_links = S.rep->n_route_links;
  int *senders = n == 0 ? calloc((size_t)n_links + 1, sizeof *senders) : NULL;
  int *sender = n == 0 ? calloc((size_t)n_links + 1, sizeof *sender) : NULL;
  double *busy = n == 0 ? calloc((size_t)n_links + 1, sizeof *busy) : NULL;
  if (!senders || !sender || !busy)
    n = -1;
  /* Flows come sorted by sender: a link sees each sender's flows one after another. */
  for (int f = 0; n >= 0 && f < plan->n_flows; f++)
    for (int l = 0; l < len[f]; l++) {
      int k = route[f][l];
      busy[k] += plan->flows[f].volume * S.cfg->plan.comm_factor * S.cfg->chip->link_bw_Bps / S.rep->route_link_bw_Bps[k];
      if (busy[k] > *link_bound)
        *link_bound = busy[k];
      if (senders[k] > 0 && sender[k] == plan->flows[f].src_stage)
        continue;
      sender[k] = plan->flows[f].src_stage;
      n += ++senders[k] == 2;
    }
  for (int f = 0; route && f < plan->n_flows; f++)
    free(route[f]);
  free(route);
  free(len);
  free(senders);
  free(sender);
  free(busy);
  return n;
}

/* The first mapping's equal writes held in phase (noc_phase.h), on the XY routes the detector follows; none on a
 * platform whose routes are not XY, nor when out of memory. */
static void in_phase_measure(const noc_plan *p0, int file_routes) {
  noc_pipeline_report *rep = S.rep;
  const noc_epoch_run *run = &S.runs[0];
  noc_phase_group g = {0, -1, NAN};
  const double **starts = calloc((size_t)run->n_channels + 1, sizeof *starts);
  long *n = calloc((size_t)run->n_channels + 1, sizeof *n);
  long ring = noc_phase_ring(S.cfg->items, S.cfg->warmup);
  for (int c = 0; starts && n && c < run->n_channels; c++) {
    starts[c] = run->channel[c].starts;
    n[c] = run->channel[c].n_starts < ring ? run->channel[c].n_starts : ring;
  }
  if (!file_routes && starts && n &&
      noc_phase_detect(S.cfg->chip, p0->stage_core, p0->flows, p0->n_flows, S.cfg->plan.comm_factor, starts, n,
                       rep->sim_period, rep->bound, S.tu, &g))
    g = (noc_phase_group){0, -1, NAN};
  free(starts);
  free(n);
  rep->in_phase_writers = g.writers;
  rep->in_phase_link = g.link;
  rep->in_phase_bound = g.bound;
}

static double mean_or_nan(double sum, long count) { return count > 0 ? sum / (double)count : NAN; }

void noc_report_finalize(void) {
  noc_pipeline_report *rep = S.rep;
  const noc_chip *chip = S.cfg->chip;
  double span_s = S.t_finish > 0 ? S.t_finish : simgrid_get_clock();
  rep->makespan = span_s / S.tu;
  rep->analytic_period = rep->epochs[0].plan.analytic_period;
  rep->hop_volume = rep->epochs[0].plan.hop_volume;
  rep->sim_period = rep->epochs[0].period;
  rep->period_ratio = rep->sim_period / rep->analytic_period;
  rep->throughput = 1 / rep->sim_period;
  rep->latency = mean_or_nan(S.latency_sum, S.latency_count) / S.tu;
  rep->n_recoveries = rep->n_epochs - 1;
  rep->recovery_time = mean_or_nan(S.recovery_sum, S.recovery_count) / S.tu;
  double det = 0;
  long n_det = 0;
  for (int f = 0; f < rep->n_failures_seen; f++)
    if (!isnan(rep->failures[f].t_detect)) {
      det += rep->failures[f].t_detect - rep->failures[f].t_fail;
      n_det++;
    }
  rep->detection_delay = mean_or_nan(det, n_det);
  rep->throughput_before = 1 / rep->epochs[0].period;
  rep->throughput_after = 1 / rep->epochs[rep->n_epochs - 1].period;
  rep->overall_throughput = rep->makespan > 0 ? (double)rep->items_done / rep->makespan : 0;
  rep->target_met = rep->completed && rep->overall_throughput >= S.cfg->target / rep->analytic_period;
  int used = 0;
  for (int c = 0; c < noc_core_count(chip); c++) {
    rep->core_busy[c] /= S.tu;
    rep->core_send[c] /= S.tu;
    double u = (rep->core_busy[c] + rep->core_send[c]) / rep->makespan;
    if (rep->core_busy[c] + rep->core_send[c] > 0) {
      used++;
      rep->core_util_mean += u;
      if (u > rep->core_util_max)
        rep->core_util_max = u;
    }
  }
  rep->core_util_mean = used ? rep->core_util_mean / used : 0;
  int carried = 0, file_routes = S.platform && !S.platform->routes_xy;
  int n_links = file_routes ? rep->n_route_links : noc_link_id_count(chip);
  for (int l = 0; l < n_links; l++) {
    double bytes = file_routes ? rep->route_link_bytes[l] : rep->link_bytes[l];
    if (bytes > 0) {
      double u = bytes / ((file_routes ? rep->route_link_bw_Bps[l] : noc_link_bw(chip, l)) * span_s);
      carried++;
      rep->link_util_mean += u;
      if (u > rep->link_util_max)
        rep->link_util_max = u;
    }
  }
  rep->link_util_mean = carried ? rep->link_util_mean / carried : 0;
  const noc_plan *p0 = &rep->epochs[0].plan;
  if (file_routes) {
    rep->contended_links = file_route_measures(p0, &rep->hop_volume, &rep->link_bound);
  } else {
    rep->contended_links = noc_contended_links(chip, p0->stage_core, p0->flows, p0->n_flows);
    rep->link_bound = S.cfg->plan.comm_factor * noc_link_max_volume(chip, p0->stage_core, p0->flows, p0->n_flows);
  }
  rep->bound = rep->analytic_period > rep->link_bound ? rep->analytic_period : rep->link_bound;
  rep->bound_ratio = rep->sim_period / rep->bound;
  in_phase_measure(p0, file_routes);
}
