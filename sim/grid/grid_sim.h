/* grid_sim: state and messages shared by the grid simulator's actors (internal to grid_run*.c). One
 * simulation per process, so the state is one static object. */
#ifndef GRID_SIM_H
#define GRID_SIM_H

#include "grid_config.h"
#include "grid_supervisor.h"
#include "grid_wait.h"

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

/* Read and written through grid_cluster_heard, which first applies a heartbeat that has arrived. */
typedef struct grid_cluster_view {
  double last_heartbeat_s; /* cluster master's heartbeat at the grid master */
  double pccc;
  int n_master_nodes;
  /* Delay transport: the heartbeat in flight (arrival date, -inf or <= last_heartbeat_s: none) and its payload,
   * which takes effect when it arrives. */
  double arrival_s, arrival_pccc;
  int arrival_n_master_nodes;
} grid_cluster_view;

/* Every mailbox of the run, looked up once at start-up (grid_sim.c) instead of by name at each send. Names:
 * work<node>, plan<c>, results<c>, heartbeats<c>, grid_heartbeats<c>, grid_results. */
typedef struct grid_mailboxes {
  sg_mailbox_t *work;            /* per node: its work */
  sg_mailbox_t *plan;            /* per cluster: the grid master's plans */
  sg_mailbox_t *results;         /* per cluster: its nodes' results */
  sg_mailbox_t *heartbeats;      /* per cluster: its nodes' heartbeats */
  sg_mailbox_t *grid_heartbeats; /* per cluster: its master's heartbeats to the grid master */
  sg_mailbox_t grid_results;     /* the clusters' reports */
} grid_mailboxes;

/* The SimGrid handles a node's actor holds: a node killed inside its wait (its host failed, or the run ended)
 * cannot release them (grid_wait.h says why), so its on_exit hands them to grid_sim.left, released after the
 * run (grid_nodes_release). */
typedef struct grid_node_hold {
  sg_comm_t comm;  /* the receive or send it waits for */
  sg_comm_t beat;  /* its heartbeat in flight */
  sg_exec_t *exec; /* its executions, one per core (n_exec), NULL once waited for */
  int n_exec;
} grid_node_hold;

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
  grid_mailboxes mb;
  sg_exec_t *node_exec; /* per node: the execution its actor waits for (NULL: none), see grid_nodes_stop */
  grid_node_hold *node_hold; /* per node: every handle its actor holds (see grid_node_hold) */
  grid_activity *left;       /* handles of killed nodes, released once the run is over (grid_nodes_release) */
  long n_left, cap_left;
  sg_actor_t grid_master;         /* the one regular actor: the run ends with it */
  void (*restart_slot)(int slot); /* start a rebooted slot's daemons again (set by grid_start_all) */
} grid_sim;

extern grid_sim grid_sim_state;

/* Zeroed memory for n items of `size` bytes that an actor may hold across a blocking call; released with
 * grid_release, or with every other block left when the run ends (grid_release_all). Aborts when memory is
 * exhausted: an actor has no error path back to the command line. */
void *grid_alloc(size_t n, size_t size);
/* The same, not zeroed: for buffers written in full before they are read. */
void *grid_alloc_raw(size_t n, size_t size);
void grid_release(void *p);
void grid_release_all(void);
/* Room for item n of an array with *cap items of `size` bytes (from malloc, doubled when full): the array, maybe
 * moved. For records that outlive the run (not from the pool above); aborts when memory is exhausted. */
void *grid_grow(void *array, long n, long *cap, size_t size);

/* The comms the running actor has in flight (the sends of a round, the receives of a batch; n = 0 when done),
 * kept exact at every simcall, where a kill can land: each one joins as soon as it is started, and leaves as
 * its wait begins (the wait releases it, whatever ends it). grid_inflight_release, the actor's on-exit callback,
 * gives them back to SimGrid when its host's failure kills it; an actor killed with its host on (the run ended)
 * leaves them to grid_release_all. Otherwise SimGrid's comm objects (and the actors they point to) would stay
 * allocated. */
void grid_inflight_puts(sg_comm_t *puts, int n);
void grid_inflight_release(int failed, void *data);

grid_msg *grid_msg_new(grid_msg_type type, long n_units, int with_values);
/* A message that counts n_units units without listing them: work and node results in model mode, where only
 * their number matters (sizes and flops), not which units they are. */
grid_msg *grid_msg_new_counted(grid_msg_type type, long n_units);
void grid_msg_free(grid_msg *m);

/* Send with a timeout (put_async + sg_comm_wait_for): 0 delivered, else the message was freed. */
int grid_send(sg_mailbox_t mailbox, grid_msg *m, double bytes, double timeout_s);
/* A put in two steps, so a master can start every put, collect replies, then settle the puts: finish
 * waits up to timeout_s and returns 1 if delivered, else 0 and frees the message (a timed-out put is
 * withdrawn from the mailbox). */
sg_comm_t grid_put_start(sg_mailbox_t mailbox, grid_msg *m, double bytes);
int grid_put_finish(sg_comm_t c, grid_msg *m, double timeout_s);
/* Receive with a timeout (get_async + sg_comm_wait_for; timeout < 0 waits forever): NULL once the timeout
 * has passed. A transfer broken by its sender's death is skipped. */
grid_msg *grid_recv(sg_mailbox_t mailbox, double timeout_s);

/* Post `count` receives at once (a server taking several replies in parallel, so one far sender does not
 * hold up the others), then wait for each until deadline_s: the messages received go to out[0..return).
 * Receives still unmatched at the deadline are withdrawn. */
int grid_recv_batch(sg_mailbox_t mailbox, int count, double deadline_s, grid_msg **out);

/* Heartbeats are tiny UDP-like datagrams. */
#define GRID_HEARTBEAT_BYTES 64.0

/* Look up every mailbox (after the platform is loaded); grid_mailboxes_free releases the tables. */
int grid_mailboxes_init(grid_sim *S, gn_error *err);
void grid_mailboxes_free(grid_sim *S);

/* Actor bodies (argv[1] = node or cluster index). grid_start.c starts them in order; the injector restarts a
 * rebooted slot's daemons through grid_sim.restart_slot. */
void grid_node_worker(int argc, char **argv);      /* a node: its work and its heartbeats */
void grid_heartbeat_sender(int argc, char **argv); /* a cluster master's heartbeat to the grid master */
void grid_heartbeat_listener(int argc, char **argv); /* argv[2] = "cluster" (its nodes) or "grid" (its master) */
void grid_cluster_master(int argc, char **argv);
void grid_grid_master(int argc, char **argv);
void grid_deadline_timer(int argc, char **argv);
void grid_injector(int argc, char **argv);

/* Cancel the execution every node waits for: before the run ends (the grid master returns or dies), so no node
 * actor is killed inside a wait for an execution (grid_wait.h says why). Nothing is counted for them. */
void grid_nodes_stop(void);
/* After the run (simgrid_run has returned): cancel and release the handles the killed nodes left. */
void grid_nodes_release(grid_sim *S);

/* Append one event to the run's timeline (grid_config.h says what the kinds mean) when the run records one. Aborts
 * when memory is exhausted, as grid_alloc does. */
void grid_timeline_add(char kind, int slot, double t0, double t1, int iteration, long units, int flag);

/* Start every actor of the run, in the one order the simulation depends on (grid_start.c). */
void grid_start_all(grid_sim *S);

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
/* Delay transport: how long a heartbeat of slot `slot` takes to arrive, the uncontended time of its 64 bytes
 * (grid_up_time_s), the same the liveness windows and timeouts already count. */
double grid_heartbeat_delay_s(int slot);
/* The grid master's view of cluster c at now_s, after applying its master's heartbeat if it has arrived: call it
 * before reading or writing the view. */
grid_cluster_view *grid_cluster_heard(int c, double now_s);
/* When slot `slot` (a node, or a cluster master) sends its first heartbeat, counted from when its actor starts:
 * one period (aligned, the default), or a fraction of it (staggered: grid_supervisor_phase). */
double grid_heartbeat_first_s(int slot);
/* Fills up_latency_s / up_bw_bps (and the result's node_route_bw_bps) from the sealed platform: the grid master
 * calls it at time 0, before any message. */
void grid_measure_routes(void);

#endif
