/* grid_sched: the grid scheduler interface (how units are placed on a cluster's node ring and how lost units
 * are recovered) and the registry of schedulers: ring, plain, replicate, checkpoint. */
#ifndef GRID_SCHED_H
#define GRID_SCHED_H

#include "gn_error.h"

/* Parameters every scheduler may read. */
typedef struct grid_sched_params {
  int m;     /* ring: node-level redundancy (successors sharing each block) */
  int k;     /* replicate: copies per unit */
  int eager; /* ring: replicas computed at once (1) or only when their primary fails (0, standby) */
  /* ring: the cluster mirror. 1 = eager (the patent's reading of steps 3 and 7-9: the ring successor computes
   * its predecessor's share at the same time and returns the results); 0 = standby (the successor computes
   * only the units its predecessor lost, after the loss). */
  int eager_mirror;
} grid_sched_params;

/* Placement of `units` consecutive units on p ring members: copy c of unit u runs on ring position
 * node[u·max_copies + c] (−1 = no copy); standby[...] = 1 if that copy runs only when the copies before it
 * failed. Copy 0 is the primary. */
typedef struct grid_placement {
  int max_copies;
  long units;
  int *node;
  unsigned char *standby;
} grid_placement;

int grid_placement_init(grid_placement *pl, long units, int max_copies, gn_error *err);
void grid_placement_free(grid_placement *pl);

typedef enum {
  GRID_RECOVER_MIRROR,   /* units a cluster loses go to its cluster-ring successor only (1-redundancy) */
  GRID_RECOVER_ANYWHERE, /* lost units are re-executed by the next alive cluster on the ring */
  GRID_RECOVER_ROLLBACK  /* any loss rolls the whole grid back to the last checkpoint of x */
} grid_recovery;

typedef struct grid_scheduler {
  const char *name;
  const char *summary;
  grid_recovery recovery;
  /* Nodes that finished drain a cluster's failed-task queue (lost units re-executed inside the cluster). */
  int failed_queue;
  /* Copies per unit for these parameters (sizes the placement). */
  int (*copies)(const grid_sched_params *sp);
  /* Place units on p members in ring order with primary weights weight[0..p−1] (capability, 0 for nodes
   * in the backup state). Deterministic. */
  int (*place)(const grid_sched_params *sp, const double *weight, int p, grid_placement *pl, gn_error *err);
} grid_scheduler;

extern const grid_scheduler grid_sched_ring, grid_sched_plain, grid_sched_replicate, grid_sched_checkpoint;
extern const grid_scheduler *const grid_schedulers[];

/* GN_EINPUT naming the known schedulers (and the closest one) on a miss. */
const grid_scheduler *grid_sched_find(const char *name, gn_error *err);

/* Primary blocks by capability share (ring_apportion), no copies: shared by plain and checkpoint. */
int grid_place_primary(const grid_sched_params *sp, const double *weight, int p, grid_placement *pl, gn_error *err);
int grid_one_copy(const grid_sched_params *sp);

#endif
