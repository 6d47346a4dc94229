/* grid_config: what one grid run is given (grid, scheduler, workload, failures, supervisor thresholds) and what
 * it returns (completion, makespan, work counters, the rings' picture) — the types every part of the grid
 * simulator shares; grid_run.h is the entry that runs one. */
#ifndef GRID_CONFIG_H
#define GRID_CONFIG_H

#include "failure.h"
#include "gn_error.h"
#include "grid.h"
#include "grid_jacobi.h"
#include "grid_sched.h"

/* Rule 2 of the patent's DGSS: 0 < l1 < l2 < l3 < 1 split the success ratio into failed/backup/tolerant/master. */
typedef struct grid_thresholds {
  double l1, l2, l3;
} grid_thresholds;

typedef struct grid_run_config {
  const grid *g;
  const grid_scheduler *sched;
  grid_sched_params sp;
  long n; /* system size = number of units */
  int iterations;
  const grid_jacobi *jacobi;     /* real mode: the system whose numbers flow through the nodes; NULL = model */
  const failure_trace *failures; /* slots: nodes 0..N−1, cluster masters N..N+K−1, grid master N+K */
  double heartbeat_s;            /* heartbeat period; a node is alive while its last one is < 2.5 periods old */
  int heartbeat_staggered;       /* 0: every sender's first heartbeat one period after it starts; 1: a fraction
                                    of the period (grid_heartbeat_phase), so rounds spread */
  int heartbeat_delay;           /* heartbeat transport: 0 flow (a 64-byte network flow), 1 delay (arrives after the
                                    route's uncontended time, grid_heartbeat_delay_s, using no bandwidth) */
  double timeout_factor;         /* a reply is missed after factor × its expected time */
  int static_rings;              /* 0: both rings rebuilt every iteration from the supervisor (the patent); 1: built
                                    once from the nominal capabilities, every node and cluster kept on them */
  double deadline_s;             /* the run stops here, a complete failure unless it has finished (0 = none) */
  double checkpoint_interval_s;  /* checkpoint scheduler: Young/Daly interval (0 = never) */
  double checkpoint_cost_s;      /* time to write x to the grid master's disk */
  grid_thresholds th;
  double psucc_alpha;              /* weight of the newest outcome in the success ratio (moving average) */
  int picture_iteration;           /* iteration whose rings are recorded for the picture (−1 = the last) */
  char *const *node_speed_profile; /* background load per node (SimGrid speed profiles), or NULL */
  const char *network_model;       /* "CM02", "LV08" or NULL (SimGrid's default, LV08) */
  /* A user's platform file (docs/grids.md "Your own platform"), NULL for a preset: the XML SimGrid loads
   * (platform_prepare_xml's, background load included: node_speed_profile is then unused) and the host of each
   * slot (nodes, cluster masters, grid master, injector: N + K + 2 names; slots may share a host). */
  const char *platform_xml;
  size_t platform_xml_len;
  char *const *slot_hosts;
  int record_timeline; /* 1: fill grid_run_result.timeline (gridnoc grid --trace-json, report's grid pictures) */
} grid_run_config;

/* The two rings of one iteration, for the picture. */
typedef struct grid_ring_picture {
  int iteration;
  int n_clusters; /* clusters on the cluster ring, in ring order */
  int *cluster_order;
  double *cluster_capability; /* per ring position: the capability its share was computed from */
  int *node_order;            /* per grid node: ring position in its cluster (−1 = not on the ring) */
  int *node_state;            /* grid_node_state per node */
  int m;
  int mirror_eager; /* the cluster mirror computes its share at the same time (1) or only after a loss (0) */
} grid_ring_picture;

/* One event of the run's timeline, in simulated seconds (grid_timeline_add, grid_trace_json). Kinds: 'c' a node
 * computes `units` units (t0..t1; flag 1: re-executed work), 's' a node sends its result (t0..t1; flag 1:
 * delivered), 'r' a node receives work, 'f' / 'u' a slot's host fails / comes back, 'd' a cluster master first
 * finds a node failed (slot = the node), 'x' a cluster master misses a node's reply (slot = the node), 'q' a
 * cluster master re-dispatches lost units (round `flag`, from its failed-task queue), 'm' the grid master
 * re-maps a cluster's lost units (flag = the cluster taking them), 'i' the grid master dispatches an iteration. */
typedef struct grid_timeline_event {
  char kind;
  int slot; /* nodes 0..N−1, cluster masters N..N+K−1, grid master N+K */
  int iteration;
  int flag;
  long units;
  double t0, t1;
} grid_timeline_event;

typedef struct grid_timeline {
  grid_timeline_event *ev;
  long n, cap;
} grid_timeline;

typedef struct grid_run_result {
  int completed;
  const char *cause; /* "none", "unrecoverable-unit", "grid-master-died", "deadline",
                      "deadlock" (all actors blocked: a simulator bug, reported rather than hidden) */
  int iterations_done;
  double makespan_s;       /* end of the run (the failure instant for a failed run) */
  double computed_flops;   /* every exec that finished on a node */
  double redundant_flops;  /* eager replica copies computed in the first round */
  double reexec_flops;     /* standby replicas, failed-queue draining, mirror/other-cluster recovery, rollbacks */
  long failed_queue_units; /* units that entered a cluster's failed-task queue, summed */
  long failed_queue_max;   /* largest failed-task queue of one cluster in one iteration */
  long cluster_iterations; /* cluster-iterations run (denominator of the mean queue) */
  long node_assignments, node_misses; /* work messages sent to nodes / replies missed */
  long cluster_recoveries;            /* unit batches recovered by another cluster */
  int rollbacks, checkpoints;
  double node_route_bw_bps; /* narrowest route between a node and its cluster master (speedup_bound) */
  double *node_heartbeat_s; /* per node: when its cluster master last heard its heartbeat (0: none since the start) */
  double *x;      /* real mode: final x (n values), else NULL */
  int x_iteration; /* iterations x has been through (below iterations_done after a rollback or a failure) */
  grid_ring_picture picture;
  grid_timeline timeline; /* empty unless grid_run_config.record_timeline */
} grid_run_result;

#endif
