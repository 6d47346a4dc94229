/* grid_supervisor: the patent's DGSS as bookkeeping: heartbeat times and success ratios per node,
 * node states from the thresholds and the alive flag, and the master queue (Rule 4). Knows only what the
 * masters were told (heartbeats, replies), never the simulator's host states. */
#ifndef GRID_SUPERVISOR_H
#define GRID_SUPERVISOR_H

#include "grid_config.h"

typedef enum { GRID_NODE_MASTER, GRID_NODE_TOLERANT, GRID_NODE_BACKUP, GRID_NODE_FAILED } grid_node_state;

extern const char *const grid_node_state_names[4];

typedef struct grid_node_record {
  double last_heartbeat_s; /* time of the last heartbeat received (registration at time 0); read it with
                              grid_supervisor_heard_s */
  double psucc;            /* success ratio (completed / accepted services), as a moving average */
  double last_outcome_s;   /* when psucc last changed */
  double heartbeat_arrival_s; /* delay transport: when the heartbeat in flight arrives (none: <= last_heartbeat_s) */
  int judged_failed;          /* the last ring built found it failed (the timeline's detection is the change) */
} grid_node_record;

/* When the last heartbeat that has arrived by now_s arrived: the one in flight (delay transport) once its
 * arrival date has come, else last_heartbeat_s. Every read of a node's heartbeat date goes through it. */
double grid_supervisor_heard_s(const grid_node_record *r, double now_s);

/* Delay transport: a heartbeat sent at now_s arrives at arrival_s (the one before it, if it has arrived, becomes
 * last_heartbeat_s). A sender sends its next only after the last arrived, so one in flight is enough. */
void grid_supervisor_beat_sent(grid_node_record *r, double now_s, double arrival_s);

/* Alive flag Pmark: a heartbeat within 2.5 periods (one lost heartbeat is tolerated). */
int grid_supervisor_alive(const grid_node_record *r, double now_s, double heartbeat_s);

/* Staggered heartbeats: when a sender's first heartbeat leaves, as a fraction of the period after it starts,
 * in (0, 1). Node `rank` (0-based) of a cluster of `nodes` nodes, cluster `cluster` of `clusters`: (rank +
 * (cluster + 1) / (clusters + 1)) / nodes, so a cluster's heartbeats are a period / nodes apart (they share
 * the master's port) and the clusters' are interleaved between them (no two nodes at one instant on a uniform
 * grid). A cluster master's (rank = 0, nodes = 1): (cluster + 1) / (clusters + 1). */
double grid_supervisor_phase(int rank, int nodes, int cluster, int clusters);

/* Rule 2: not alive → failed; psucc < l1 failed, < l2 backup, < l3 tolerant, else master. */
grid_node_state grid_supervisor_state(const grid_node_record *r, double now_s, double heartbeat_s, grid_thresholds th);

/* A reply came (success = 1) or was missed (0) at now_s: psucc ← (1 − α)·psucc + α·success. */
void grid_supervisor_outcome(grid_node_record *r, int success, double alpha, double now_s);

/* A node given no work: if it has sent a heartbeat since it was last judged it scores a success, so a node
 * demoted by a slow spell (or back from a reboot) earns its way back; a silent one is left as it is. */
void grid_supervisor_rest(grid_node_record *r, double alpha, double now_s);

/* Rule 4: the master queue. Master-state nodes are taken round-robin over clusters in proportion to each
 * cluster's capability pccc (smooth weighted round-robin, ties to the lower cluster); per cluster, nodes in
 * the order given. cluster_of[i], i < n, lists the master-state nodes' clusters; queue receives node indices
 * 0..n−1. */
int grid_supervisor_master_queue(const double *pccc, int n_clusters, const int *cluster_of, int n, int *queue,
                                 gn_error *err);

#endif
