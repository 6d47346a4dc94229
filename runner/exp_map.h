/* exp_map: mapping a graph and measuring the result — the one code path of the `map` experiment kind and of
 * `gridnoc map`, so a command-line run and a scenario run with the same parameters give the same numbers. */
#ifndef EXP_MAP_H
#define EXP_MAP_H

#include "gn_kv.h"
#include "mapper.h"
#include "metric_info.h"

typedef struct map_result {
  partition *p;
  partition_metrics metrics;
  mapper_status status;
  double seconds; /* wall-clock time of the mapper (shown by the CLI only: it would break byte-identical rows) */
} map_result;

/* Run mapper `name` (any name mapper_run_by_name accepts) on g and measure the partition. */
int map_run(const taskgraph *g, const char *name, const mapper_params *params, map_result *out, gn_error *err);
void map_result_free(map_result *r);

/* The metric row of a result, in the kind's fixed column order (map_metrics). 0 or GN_ENOMEM. */
int map_result_metrics(const taskgraph *g, const map_result *r, gn_kvlist *metrics);
extern const metric_info map_metrics[];

/* The `map` kind's check_param: the mapper must be registered (GN_EINPUT with did-you-mean otherwise). The
 * pipeline kind uses it for its own `mapper` too. */
int map_check_param(const char *key, const char *value, gn_error *err);

/* What holds across one run's parameters before it runs: the mapper has every option named in params'
 * `options_key` ("options" for map, "mapper_options" for pipeline), and the graph at least `stages` tasks. The
 * check_run of the map kind, part of the pipeline kind's. */
int map_check_cut(const gn_kvlist *params, const char *options_key, gn_error *err);

#endif
