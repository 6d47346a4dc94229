/* experiment_ceilings: the one documented range of every numeric parameter whose size drives a run's memory or
 * event count, checked when a scenario or command line is read (docs/bad-inputs.md, "Ceilings"). */
#include "experiment_ceilings.h"

#include "gn_num.h"

#include <float.h>
#include <string.h>

/* Measured on this project's 2-core reference machine (Release build): a default grid of 10 iterations at
 * n = 1e6 takes 9 s, at n = 1e7 over 60 s; 10,000 iterations at n = 5000 take 48 s; the default grid takes 4 s
 * with 1 s heartbeats, 18 s with 0.01 s; 1e6 items through 2 stages take 38 s. Products of these (n x
 * iterations, nodes x iterations, items x stages) have their own ceilings where the run is set up. */
static const struct ceiling {
  const char *kind, *key;
  double min, max;
} ceilings[] = {
    {"pipeline", "items", 2, 1e6},           /* per-item arrays and events; items x stages <= 2e6 */
    {"pipeline", "warmup", 1, 1e6},
    {"pipeline", "buffer", 0, 1e6},          /* items per incoming flow */
    {"pipeline", "time_unit", 1e-9, 1e3},    /* seconds per time unit: SimGrid dates stay far from overflow */
    {"pipeline", "heartbeat", 0, 1e12},      /* time units; also >= period / 100 when cores fail (noc_pipeline.c) */
    {"pipeline", "timeout_beats", 1, 1e6},
    {"pipeline", "target", 0, 1},
    {"pipeline", "stages", 1, 1e6},
    {"map", "stages", 1, 1e9},
    {"grid", "clusters", 0, 1e4},            /* also: clusters x nodes <= 1e6 and the actor budget (grid_budget.h) */
    {"grid", "nodes", 0, 1e4},
    {"grid", "m", 1, 64},
    {"grid", "k", 1, 64},
    {"grid", "fta_node", 0, 1e7},
    {"grid", "fta_start", -1, 1e13},
    {"grid", "n", 1, 1e6},                   /* units of the Jacobi system */
    {"grid", "iterations", 1, 1e5},
    {"grid", "heartbeat", 1e-3, 1e6},        /* seconds; also nodes x run / heartbeat <= 1e6 (grid_job.c) */
    {"grid", "accel", 1e-6, 1e6},            /* failures per node grow with it */
    {"grid", "load_step", 1e-3, 1e9},
    {"grid", "timeout_factor", 1e-3, 1e6},
    {"grid", "deadline_factor", 0, 1e6},
    {"grid", "deadline", 0, 1e12},
    {"grid", "alpha", 0, 1},
    {"map", "time_limit", 0, 1e6},           /* seconds of the exact mapper's search */
    {"map", "comm_factor", 0, 1e300},        /* the same range as the commands' --comm-factor */
    {"pipeline", "comm_factor", 0, 1e300},
    {"pipeline", "hop_cost", 0, 1e300},
    {"grid", "speed", 1e-12, 1e12},          /* a scale of the preset's flop/s: > 0 */
    {"grid", "port_mbps", 0, 1e12},          /* 0 = the preset's */
    {"grid", "backplane_mbps", 0, 1e12},
    {"grid", "uplink_mbps", 0, 1e12},
    {"grid", "switch_latency", -1, 1e6},     /* -1 = the preset's; otherwise >= 0 (exp_grid.c) */
    {"grid", "l1", 0, 1},                    /* and l1 < l2 < l3, checked where the run is set up */
    {"grid", "l2", 0, 1},
    {"grid", "l3", 0, 1},
};

int experiment_check_ceiling(const char *kind, const char *key, const char *value, gn_error *err) {
  for (size_t i = 0; i < sizeof ceilings / sizeof *ceilings; i++) {
    const struct ceiling *c = &ceilings[i];
    double v;
    if (strcmp(c->kind, kind) || strcmp(c->key, key))
      continue;
    if (gn_num_real(value, c->min, c->max, &v) != GN_NUM_OK)
      return gn_error_set(err, GN_EINPUT, NULL, 0, "must be in %g..%g, got '%s'", c->min, c->max, value);
  }
  return GN_OK;
}
