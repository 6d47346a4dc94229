/* grid_params: the values of one grid run's parameters (the `grid` kind's table, runner/exp_grid.c), read from the
 * parameter bag once, at the grid job's boundary; every set-up function takes this struct. Numbers are kept as the
 * bag's doubles (the set-up converts and checks them, naming the parameter); strings point into the bag, which
 * must outlive the struct. */
#ifndef GRID_PARAMS_H
#define GRID_PARAMS_H

#include "gn_error.h"
#include "gn_kv.h"
#include "grid.h"

typedef struct grid_params {
  /* the grid */
  const char *preset, *platform;
  double clusters, nodes;
  const char *shape, *weights;
  double speed;
  const char *class_speeds;
  double port_mbps, backplane_mbps, uplink_mbps, switch_latency;
  /* the scheduler */
  const char *scheduler;
  double m, k;
  const char *replicas, *mirror;
  /* the workload */
  double n, iterations;
  const char *mode;
  /* failures and load */
  const char *failures, *period;
  double accel;
  int master_failures;
  double fta_node, fta_start, load_step;
  const char *load_coupling;
  /* the supervisor */
  double heartbeat;
  const char *heartbeat_phase, *heartbeat_transport, *rings;
  double timeout_factor, deadline_factor;
  const char *deadline_ref;
  double deadline, l1, l2, l3, alpha;
  const char *network;
  int reference;
} grid_params;

/* The one reader of the parameter bag in sim/grid/: every key of the grid kind, filled in (defaults included) and
 * type-checked by the runner. A key missing or of the wrong type is GN_EINPUT naming the parameter. */
int grid_params_read(const gn_kvlist *bag, grid_params *p, gn_error *err);

/* A parameter that is one of two words: *second = 1 for the second ("KEY must be A or B, got 'X'" otherwise). */
int grid_params_either(const char *key, const char *value, const char *first, const char *second_word, int *second,
                       gn_error *err);

/* The failure spec after "auto" is resolved (auto = none, or weibull:nd07cpu when a period is set). */
const char *grid_params_failure_spec(const grid_params *p);

/* "cpu,mem,io": three numbers in 0..GRID_WEIGHT_MAX, at least one positive (the weights W of the capability CP). */
int grid_job_parse_weights(const char *text, grid_weights *w, gn_error *err);

#endif
