/* exp_map: the `map` experiment kind (cut a graph into pipeline stages, measure period, balance and cut) and the
 * shared mapping path `gridnoc map` uses too. */
#include "exp_map.h"

#include "experiment.h"
#include "graph_source.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int map_run(const taskgraph *g, const char *name, const mapper_params *params, map_result *out, gn_error *err) {
  out->p = NULL;
  double start = now_s();
  int rc = mapper_run_with_status(name, g, params, &out->p, &out->status, err);
  out->seconds = now_s() - start;
  if (rc == GN_OK)
    rc = partition_evaluate(g, out->p, params->comm_factor, &out->metrics, err);
  if (rc)
    map_result_free(out);
  return rc;
}

void map_result_free(map_result *r) {
  partition_free(r->p);
  r->p = NULL;
}

/* The `map` kind's metric columns, in CSV order, each declared once: what it measures, its unit and how a report
 * summarises it (analysis/metric_info.h). */
const metric_info map_metrics[] = {
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
    {"status", "mapper status: optimal, feasible or heuristic", NULL, METRIC_WORD},
    {"bound", "best bound on T", "time units", METRIC_VALUE},
    {"gap", "optimality gap (T - bound) / T", NULL, METRIC_SHARE},
    {NULL, NULL, NULL, METRIC_VALUE},
};

int map_result_metrics(const taskgraph *g, const map_result *r, gn_kvlist *kv) {
  const partition_metrics *m = &r->metrics;
  taskgraph_stats st;
  taskgraph_stats_compute(g, &st);
  /* gap: how far the period may be above the optimum, relative to the period (0 when proven optimal). */
  double gap = m->period > 0 ? (m->period - r->status.bound) / m->period : 0;
  int rc = gn_kv_set_double(kv, "period", m->period);
  rc |= gn_kv_set_double(kv, "throughput", m->throughput);
  rc |= gn_kv_set_double(kv, "imbalance", m->imbalance);
  rc |= gn_kv_set_double(kv, "exp", m->exp);
  rc |= gn_kv_set_double(kv, "cut_volume", m->cut_volume);
  rc |= gn_kv_set_long(kv, "cut_edges", m->cut_edges);
  rc |= gn_kv_set_double(kv, "lower_bound", m->lower_bound);
  rc |= gn_kv_set_double(kv, "t_over_lb", m->t_over_lb);
  rc |= gn_kv_set_double(kv, "min_stage", m->min_stage);
  rc |= gn_kv_set_long(kv, "tasks", st.n_tasks);
  rc |= gn_kv_set_long(kv, "edges", st.n_edges);
  rc |= gn_kv_set_double(kv, "total_load", st.total_load);
  rc |= gn_kv_set(kv, "status", r->status.status);
  rc |= gn_kv_set_double(kv, "bound", r->status.bound);
  rc |= gn_kv_set_double(kv, "gap", gap);
  return rc ? GN_ENOMEM : GN_OK;
}

/* The `map` kind's parameters, declared once: scenario files, the CSV header and `gridnoc map`'s options read them
 * (experiment_param.h says what each field means). */
static const experiment_param map_params[] = {
    {.key = "graph", .type = EXP_STRING, .help = "task graph source: a path (.stg, .xml) or gen:KEY=VAL,...",
     .flags = EXP_POSITIONAL},
    {.key = "stages", .type = EXP_INT, .help = "pipeline stages N (1..tasks)", .min = 1, .max = 1e9, .option = "-n",
     .alias = "--stages"},
    {.key = "mapper", .type = EXP_STRING, .default_value = MAPPER_DEFAULT,
     .help = "mapper name (gridnoc map --list), optionally with +refine", .option = "-m", .alias = "--mapper"},
    {.key = "comm_factor", .type = EXP_DOUBLE, .default_value = "1",
     .help = "cost of one unit of cross-stage volume, paid by the sending stage", .unit = "load per unit of volume",
     .min = 0, .max = 1e300},
    {.key = "options", .type = EXP_STRING, .default_value = "",
     .help = "mapper options key=val,... (mapper.key=val for one mapper only)"},
    {.key = "time_limit", .type = EXP_DOUBLE, .default_value = "60",
     .help = "seconds the exact mapper may search before reporting best + bound", .unit = "s", .min = 0, .max = 1e6},
    {.key = NULL},
};

static int map_kind_run(const gn_kvlist *params, uint64_t seed, gn_kvlist *metrics, gn_error *err) {
  long long stages;
  double comm_factor, time_limit;
  if (gn_kv_get_long(params, "stages", &stages) || gn_kv_get_double(params, "comm_factor", &comm_factor) ||
      gn_kv_get_double(params, "time_limit", &time_limit))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "map: stages, comm_factor and time_limit must be numbers");
  if (stages < 1 || stages > INT_MAX)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "map: stages must be in 1..tasks (got %lld)", stages);
  const char *options = gn_kv_get(params, "options");
  mapper_params mp = {.n_stages = (int)stages, .comm_factor = comm_factor, .seed = seed,
                      .options = options && *options ? options : NULL, .time_limit_s = time_limit};
  taskgraph *g;
  int rc = graph_source_load(gn_kv_get(params, "graph"), &g, err);
  if (rc)
    return rc;
  map_result r;
  rc = map_run(g, gn_kv_get(params, "mapper"), &mp, &r, err);
  if (rc == GN_OK) {
    if (map_result_metrics(g, &r, metrics))
      rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
    map_result_free(&r);
  }
  taskgraph_free(g);
  return rc;
}

int map_check_param(const char *key, const char *value, gn_error *err) {
  if (strcmp(key, "mapper") == 0 && !mapper_find(value, err))
    return GN_EINPUT;
  if (strcmp(key, "graph") == 0)
    return graph_source_check(value, err);
  return GN_OK;
}

int map_check_cut(const gn_kvlist *params, const char *options_key, gn_error *err) {
  long long stages;
  int rc = mapper_check_options(gn_kv_get(params, "mapper"), gn_kv_get(params, options_key), err);
  if (rc || gn_kv_get_long(params, "stages", &stages))
    return rc; /* stages was type-checked alone; a kind whose stages come from elsewhere has none */
  taskgraph *g;
  if ((rc = graph_source_load(gn_kv_get(params, "graph"), &g, err)))
    return rc;
  rc = partition_check_stage_count(g, stages > INT_MAX ? INT_MAX : (int)stages, err);
  taskgraph_free(g);
  return rc;
}

static int map_check_run(const gn_kvlist *params, gn_error *err) {
  return map_check_cut(params, "options", err);
}

const experiment_kind experiment_map = {
    "map", "cut a task graph into N pipeline stages with a mapper and measure period, balance and cut",
    map_params, map_metrics, map_kind_run, map_check_param, map_check_run,
};
