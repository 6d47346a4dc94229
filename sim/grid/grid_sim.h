/* grid_sim: state and messages shared by the grid simulator's actors (internal to grid_run*.c). One
 * simulation per process, so the state is one static object. */
#ifndef GRID_SIM_H
#define GRID_SIM_H

#include "grid_run.h"
#include "grid_supervisor.h"

#include <simgrid/forward.h>

typedef enum { MSG_PLAN, MSG_WORK, MSG_NODE_RESULT, MSG_CLUSTER_RESULT, MSG_HEARTBEAT } grid_msg_type;

/* A message is allocated with grid_alloc, so nothing leaks when an actor dies holding one. */
typedef struct grid_msg {
  grid_msg_type type;
  int from;     /* node, cluster or host index of the sender */
  long request; /* echoed by the reply, so stale replies are recognised */
  int iteration;
  int reexec;                /* work done again because of a failure (counts as re-executed) */
  long n_units, n_redundant; /* units[0..n_units): the last n_redundant are eager replica copies */
  long *units;
  double *values;  /* real mode: one value per unit */
  long n_lost;     /* cluster result: units[n_units − n_lost ..) are lost, not computed */
  const double *x; /* the x this work reads (its bytes are counted in the message size) */
  double pccc;     /* cluster result: Σ CP·psucc of its alive nodes (PCcc) */
  int n_master_nodes;
  int recovery; /* plan: units another cluster lost (placed without node-level copies) */
  long n_mirror; /* plan: the last n_mirror units are the predecessor's share (eager mirror, no node copies) */
} grid_msg;

typedef struct grid_cluster_view {
  double last_heartbeat_s; /* cluster master's heartbeat at the grid master */
  double pccc;
  int n_master_nodes;
} grid_cluster_view;

typedef struct grid_sim {
  const grid_run_config *cfg;
  grid_run_result *res;
  const grid *g;
  sg_host_t *hosts;            /* slots: N nodes, K cluster masters, grid master, injector (on a platform file
                                  several slots may be one host) */
  grid_node_record *nodes;     /* the cluster masters' records of their nodes */
  grid_cluster_view *clusters; /* the grid master's view of the clusters */
  long next_request;
  /* Per slot (nodes, then cluster masters): the route to whom it reports (its cluster master, the grid
   * master), measured on the loaded platform, so no timeout is shorter than the message's own trip. */
  double *up_latency_s; /* one-way latency, scaled by the network model's latency factor */
  double *up_bw_bps;    /* the route's narrowest link */
  double *x[2]; /* grid master's current and next x (real mode values; model mode zeros) */
} grid_sim;

extern grid_sim grid_sim_state;

/* Zeroed memory for n items of `size` bytes that an actor may hold across a blocking call; released with
 * grid_release, or with every other block left when the run ends (grid_release_all). Aborts when memory is
 * exhausted: an actor has no error path back to the command line. */
void *grid_alloc(size_t n, size_t size);
void grid_release(void *p);
void grid_release_all(void);

grid_msg *grid_msg_new(grid_msg_type type, long n_units, int with_values);
void grid_msg_free(grid_msg *m);

/* Send with a timeout (put_async + sg_comm_wait_for): 0 delivered, else the message was freed. */
int grid_send(const char *mailbox, grid_msg *m, double bytes, double timeout_s);
/* A put in two steps, so a master can start every put, collect replies, then settle the puts: finish
 * waits up to timeout_s and returns 1 if delivered, else 0 and frees the message (a timed-out put is
 * withdrawn from the mailbox). */
sg_comm_t grid_put_start(const char *mailbox, grid_msg *m, double bytes);
int grid_put_finish(sg_comm_t c, grid_msg *m, double timeout_s);
/* Receive with a timeout (get_async + sg_comm_wait_for; timeout < 0 waits forever): NULL once the timeout
 * has passed. A transfer broken by its sender's death is skipped. */
grid_msg *grid_recv(const char *mailbox, double timeout_s);

/* Post `count` receives at once (a server taking several replies in parallel, so one far sender does not
 * hold up the others), then wait for each until deadline_s: the messages received go to out[0..return).
 * Receives still unmatched at the deadline are withdrawn. */
int grid_recv_batch(const char *mailbox, int count, double deadline_s, grid_msg **out);

/* Mailbox names. */
void grid_mb_plan(int cluster, char *buf, size_t size);
void grid_mb_cluster_results(int cluster, char *buf, size_t size);
void grid_mb_cluster_heartbeats(int cluster, char *buf, size_t size);
void grid_mb_work(int node, char *buf, size_t size);
#define GRID_MB_GRID_RESULTS "grid_results"
#define GRID_MB_GRID_HEARTBEATS "grid_heartbeats" /* + cluster index; 15 characters */
/* Heartbeats are tiny UDP-like datagrams. */
#define GRID_HEARTBEAT_BYTES 64.0

/* Actors (argv unused; argc carries nothing: the index is in the actor's name "<role>:<index>"). */
void grid_start_node(int node);
void grid_start_cluster_master(int cluster);  /* the master and its daemons (grid_cluster.c) */
void grid_start_cluster_daemons(int cluster); /* heartbeat listener and sender of a cluster master */
void grid_start_grid_listeners(void);         /* the grid master's listeners for cluster heartbeats */
void grid_start_injector(void);
void grid_grid_master(int argc, char **argv);

/* PCcc = Σ CP·psucc over the cluster's nodes not in the failed state, and how many are in the master state:
 * what a cluster master tells the grid master (patent cluster agent). */
void grid_cluster_capability(int cluster, double now, double *pccc, int *n_master_nodes);
/* Expected wall time of computing `units` units on node `node` at its nominal speed. */
double grid_expected_exec_s(int node, long units);
/* Time for `bytes` over one switch port (the masters' bottleneck). */
double grid_port_time_s(double bytes);
/* Uncontended time of `bytes` from slot `slot` to whom it reports (or back): latency + bytes / bandwidth. */
double grid_up_time_s(int slot, double bytes);
/* Time between two heartbeats of slot `slot` arriving: the period plus the heartbeat's own trip (the sender
 * waits for delivery before sleeping again). Liveness windows and send timeouts are built on it. */
double grid_heartbeat_period_s(int slot);
/* Fills up_latency_s / up_bw_bps (and the result's node_route_bw_bps) from the sealed platform: the grid master
 * calls it at time 0, before any message. */
void grid_measure_routes(void);

#endif
