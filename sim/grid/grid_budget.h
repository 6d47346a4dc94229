/* grid_budget: refuse, before any simulation, a grid too large for this process's memory limits. */
#ifndef GRID_BUDGET_H
#define GRID_BUDGET_H

#include "gn_error.h"
#include "grid.h"

/* Actors a grid simulation starts (grid_node.c, grid_cluster.c, grid_run.c): one per node (it works and sends its
 * heartbeats); a master, a listener, a heartbeat sender and a grid-level listener per cluster; the grid master and the
 * failure injector (the delay heartbeat transport starts no listeners: the budget still counts them, an upper
 * bound). Change these when the simulation starts fewer or more actors: the budget follows. */
#define GRID_ACTORS_PER_NODE 1
#define GRID_ACTORS_PER_CLUSTER 4
#define GRID_ACTORS_FIXED 2
/* Memory mappings per actor: SimGrid mmaps each stack and mprotects a guard page into it, which splits it in two
 * (measured: the abort "Failed to protect stack" comes at ~2 x actors = vm.max_map_count). */
#define GRID_MAPS_PER_ACTOR 2
/* Mappings of the process before any actor (libraries, heap arenas, SimGrid's tables), with room to spare
 * (a small grid run maps ~400). */
#define GRID_MAPS_BASE 2048

/* Estimated bytes a simulation of g reserves (address space) and touches (resident memory), and the memory
 * mappings it needs (checked against vm.max_map_count). */
typedef struct grid_budget {
  double reserved, resident;
  double actors, maps;
} grid_budget;

/* What a run holds beyond the grid's hosts and actors, each growing with a parameter of its own. */
typedef struct grid_budget_work {
  long n;               /* units: x twice (the iteration's and the next), 8 bytes a component */
  int real_mode;        /* the dense system A (n x n) and its LU copy for the exact solution: 16 n^2 bytes */
  double profile_lines; /* lines of the nodes' background-load profiles (--period), over all nodes: each held as
                           gridnoc's text and as SimGrid's parsed profile (grid_job's profile_lines) */
} grid_budget_work;

/* The terms of the estimate, in bytes (tests/unit/test_sim_grid_budget.c derives each by hand). */
#define GRID_BUDGET_BASE_BYTES (64.0 * 1024 * 1024)
#define GRID_BUDGET_HOST_BYTES (64.0 * 1024)
#define GRID_BUDGET_STACK_TOUCHED_BYTES (16.0 * 1024)
#define GRID_BUDGET_PROFILE_LINE_BYTES 192.0

grid_budget grid_budget_estimate(const grid *g, const grid_budget_work *w);

/* What a process may use: RLIMIT_AS and physical RAM in bytes, the kernel's vm.max_map_count; 0 = no limit
 * (or unknown). */
typedef struct grid_limits {
  double address_space, ram, max_map_count;
} grid_limits;

grid_limits grid_limits_of_machine(void);

/* GN_EINPUT with both figures when the estimate exceeds lim's address space (reserved), RAM (resident) or
 * vm.max_map_count (maps; the message gives the `sudo sysctl -w vm.max_map_count=N` that lets this run start).
 * Takes the limits as input so the refusals can be tested without touching the machine's. */
int grid_budget_check_against(const grid *g, const grid_budget_work *w, const grid_limits *lim, gn_error *err);
/* The same against this machine's limits. */
int grid_budget_check(const grid *g, const grid_budget_work *w, gn_error *err);

#endif
