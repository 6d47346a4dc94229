/* sched_replicate: every unit computed by k nodes at once (the primary and its k−1 ring successors), as in
 * process replication or BOINC redundant computing; units all k lost are re-executed. */
#include "grid_sched.h"

static int replicate_copies(const grid_sched_params *sp) { return sp->k; }

static int replicate_place(const grid_sched_params *sp, const double *weight, int p, grid_placement *pl,
                           gn_error *err) {
  int rc = grid_place_primary(sp, weight, p, pl, err);
  int k = sp->k < p ? sp->k : p;
  for (long u = 0; !rc && u < pl->units; u++)
    for (int c = 1; c < k; c++)
      pl->node[u * pl->max_copies + c] = (pl->node[u * pl->max_copies] + c) % p;
  return rc;
}

const grid_scheduler grid_sched_replicate = {
    "replicate",           "every unit computed by k nodes at once (ring successors)",
    GRID_RECOVER_ANYWHERE, 1,
    replicate_copies,      replicate_place,
};
