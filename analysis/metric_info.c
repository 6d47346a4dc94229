/* metric_info: the metrics of the map, pipeline and grid kinds (docs/mappers.md, noc.md, grids.md) and the
 * axis words of the parameters figures sweep. */
#include "metric_info.h"

#include <stdio.h>
#include <string.h>

static const metric_info metrics[] = {
    /* map */
    {"period", "period T", "time units", METRIC_VALUE},
    {"throughput", "throughput 1/T", "items / time unit", METRIC_VALUE},
    {"imbalance", "stage imbalance (max - min) / exp", NULL, METRIC_VALUE},
    {"exp", "expected stage load exp", "time units", METRIC_VALUE},
    {"cut_volume", "data sent between stages", "data units", METRIC_VALUE},
    {"cut_edges", "edges cut between stages", NULL, METRIC_COUNT},
    {"lower_bound", "lower bound on T", "time units", METRIC_VALUE},
    {"t_over_lb", "period T / its lower bound", NULL, METRIC_BOUND_RATIO},
    {"min_stage", "lightest stage", "time units", METRIC_VALUE},
    {"tasks", "tasks", NULL, METRIC_COUNT},
    {"edges", "edges", NULL, METRIC_COUNT},
    {"total_load", "total load", "time units", METRIC_VALUE},
    {"bound", "best bound on T", "time units", METRIC_VALUE},
    {"gap", "optimality gap (T - bound) / T", NULL, METRIC_SHARE},
    /* pipeline */
    {"stages_used", "stages used", NULL, METRIC_COUNT},
    {"analytic_period", "analytic period", "time units", METRIC_VALUE},
    {"sim_period", "simulated period", "time units", METRIC_VALUE},
    {"period_ratio", "simulated / analytic period", NULL, METRIC_BOUND_RATIO},
    {"link_bound", "busiest link's time per item", "time units", METRIC_VALUE},
    {"bound_ratio", "simulated period / max(analytic, link bound)", NULL, METRIC_BOUND_RATIO},
    {"latency", "latency", "time units", METRIC_VALUE},
    {"routing_xy", "XY routing", NULL, METRIC_BINARY},
    {"hop_volume", "volume x hops", "data units", METRIC_VALUE},
    {"contended_links", "contended links", NULL, METRIC_COUNT},
    {"core_util_max", "busiest core's utilisation", NULL, METRIC_SHARE},
    {"core_util_mean", "mean core utilisation", NULL, METRIC_SHARE},
    {"link_util_max", "busiest link's utilisation", NULL, METRIC_SHARE},
    {"link_util_mean", "mean link utilisation", NULL, METRIC_SHARE},
    {"makespan", "makespan", "time units", METRIC_VALUE},
    {"items_done", "items delivered", NULL, METRIC_COUNT},
    {"items_lost", "items lost", NULL, METRIC_COUNT},
    {"failures", "core failures", NULL, METRIC_COUNT},
    {"detection_delay", "failure detection delay", "time units", METRIC_VALUE},
    {"recoveries", "recoveries", NULL, METRIC_COUNT},
    {"recovery_time", "recovery time", "time units", METRIC_VALUE},
    {"throughput_before", "throughput before the failure", "items / time unit", METRIC_VALUE},
    {"throughput_after", "throughput after the failure", "items / time unit", METRIC_VALUE},
    {"overall_throughput", "overall throughput", "items / time unit", METRIC_VALUE},
    {"target_met", "share of runs meeting the throughput target", NULL, METRIC_BINARY},
    {"completed", "share of runs completed", NULL, METRIC_BINARY},
    /* grid */
    {"iterations_done", "iterations done", NULL, METRIC_COUNT},
    {"makespan_s", "makespan", "s", METRIC_VALUE},
    {"deadline_s", "deadline", "s", METRIC_VALUE},
    {"speedup_node", "speedup over the fastest node", NULL, METRIC_RATIO},
    {"speedup_bound", "bound on the speedup over the fastest node", NULL, METRIC_RATIO},
    {"speedup_cluster", "speedup over one cluster", NULL, METRIC_RATIO},
    {"efficiency", "efficiency: speedup / capability ratio", NULL, METRIC_VALUE},
    {"redundant_work", "redundant work / useful work", NULL, METRIC_VALUE},
    {"reexec_work", "re-executed work / useful work", NULL, METRIC_VALUE},
    {"failed_queue_mean", "units entering a failed queue per cluster-iteration", NULL, METRIC_VALUE},
    {"failed_queue_max", "most units entering a failed queue", NULL, METRIC_COUNT},
    {"fq_patent_series", "failed queue, patent series", NULL, METRIC_VALUE},
    {"fq_patent_closed", "failed queue, patent closed form", NULL, METRIC_VALUE},
    {"miss_rate", "per-assignment miss rate", NULL, METRIC_SHARE},
    {"cluster_recoveries", "cluster recoveries", NULL, METRIC_COUNT},
    {"rollbacks", "rollbacks", NULL, METRIC_COUNT},
    {"checkpoints", "checkpoints", NULL, METRIC_COUNT},
    {"host_failures", "node failures", NULL, METRIC_COUNT},
    {"x_matches_fault_free", "share of runs with x bit-identical to the fault-free run", NULL, METRIC_BINARY},
    {"x_error_direct", "max |x - direct solve|", NULL, METRIC_VALUE},
};

/* Parameters that figures put on an axis, a series or a facet. */
static const metric_info params[] = {
    {"stages", "stages N", NULL, METRIC_COUNT},
    {"comm_factor", "communication price (comm_factor, per unit sent)", NULL, METRIC_VALUE},
    {"clusters", "clusters", NULL, METRIC_COUNT},
    {"accel", "failure acceleration (accel, more failures ->)", NULL, METRIC_VALUE},
    {"period", "time period of the day (1 night, 2 morning, 3 afternoon, 4 evening)", NULL, METRIC_VALUE},
    {"n", "system size n", NULL, METRIC_COUNT},
    {"items", "items", NULL, METRIC_COUNT},
};

static const metric_info *find(const metric_info *table, size_t n, const char *name) {
  for (size_t i = 0; i < n; i++)
    if (strcmp(table[i].name, name) == 0)
      return &table[i];
  return NULL;
}

const metric_info *metric_info_find(const char *name) {
  return find(metrics, sizeof metrics / sizeof metrics[0], name);
}

metric_kind metric_kind_of(const char *name) {
  const metric_info *m = metric_info_find(name);
  return m ? m->kind : METRIC_VALUE;
}

stats_method metric_stats_method(metric_kind kind) {
  switch (kind) {
  case METRIC_RATIO:
    return STATS_GEOMETRIC;
  case METRIC_BOUND_RATIO:
    return STATS_GEOMETRIC_BOOT;
  case METRIC_BINARY:
    return STATS_WILSON;
  default: /* values, counts and shares: all bounded below by 0 (shares above by 1) */
    return STATS_MEAN_BOOT;
  }
}

void metric_axis_label(const char *column, int is_metric, char *buf, size_t size) {
  const metric_info *m = is_metric ? metric_info_find(column) : find(params, sizeof params / sizeof params[0], column);
  if (!m && !is_metric)
    m = metric_info_find(column);
  if (!m)
    snprintf(buf, size, "%s", column);
  else if (m->unit)
    snprintf(buf, size, "%s (%s)", m->label, m->unit);
  else
    snprintf(buf, size, "%s", m->label);
}
