/* sched_ring: the patent's scheduler: capability shares on the node ring, each block also
 * spread over the m ring successors (eager or standby), cluster shares mirrored on the cluster-ring successor. */
#include "grid_sched.h"

#include "ring.h"

#include <stdlib.h>

static int ring_copies(const grid_sched_params *sp) { return 2; }

static int ring_sched_place(const grid_sched_params *sp, const double *weight, int p, grid_placement *pl,
                            gn_error *err) {
  long n = pl->units > 0 ? pl->units : 1;
  int *primary = malloc((size_t)n * sizeof *primary), *replica = malloc((size_t)n * sizeof *replica);
  int rc = primary && replica ? ring_place(weight, p, pl->units, sp->m, primary, replica, err)
                              : gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (long u = 0; !rc && u < pl->units; u++) {
    pl->node[2 * u] = primary[u];
    pl->node[2 * u + 1] = replica[u];
    pl->standby[2 * u + 1] = !sp->eager;
  }
  free(primary);
  free(replica);
  return rc;
}

const grid_scheduler grid_sched_ring = {
    "ring",
    "dual logical rings, m-redundant blocks on node-ring successors, cluster mirror (the patent)",
    GRID_RECOVER_MIRROR,
    1,
    ring_copies,
    ring_sched_place,
};
