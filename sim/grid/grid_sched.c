/* grid_sched: scheduler registry, placement storage, and the capability-share primary placement. */
#include "grid_sched.h"

#include "gn_text.h"
#include "ring.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const grid_scheduler *const grid_schedulers[] = {&grid_sched_ring, &grid_sched_plain, &grid_sched_replicate,
                                                 &grid_sched_checkpoint, NULL};

const grid_scheduler *grid_sched_find(const char *name, gn_error *err) {
  const char *names[8];
  char list[256] = "";
  size_t used = 0;
  int n = 0;
  for (; grid_schedulers[n]; n++) {
    if (strcasecmp(grid_schedulers[n]->name, name) == 0) /* names are case-insensitive */
      return grid_schedulers[n];
    names[n] = grid_schedulers[n]->name;
    used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", n ? ", " : "", names[n]);
  }
  const char *close = gn_closest(name, names, n);
  if (close)
    gn_error_set(err, GN_EINPUT, NULL, 0, "unknown scheduler '%s' (did you mean '%s'? known: %s)", name, close, list);
  else
    gn_error_set(err, GN_EINPUT, NULL, 0, "unknown scheduler '%s' (known: %s)", name, list);
  return NULL;
}

int grid_placement_init(grid_placement *pl, long units, int max_copies, gn_error *err) {
  size_t n = (size_t)(units > 0 ? units : 1) * (size_t)max_copies;
  pl->max_copies = max_copies;
  pl->units = units;
  pl->node = malloc(n * sizeof *pl->node);
  pl->standby = calloc(n, 1);
  if (!pl->node || !pl->standby) {
    grid_placement_free(pl);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory for a placement of %ld units", units);
  }
  for (size_t i = 0; i < n; i++)
    pl->node[i] = -1;
  return GN_OK;
}

void grid_placement_free(grid_placement *pl) {
  free(pl->node);
  free(pl->standby);
  pl->node = NULL;
  pl->standby = NULL;
}

int grid_one_copy(const grid_sched_params *sp) { return 1; }

int grid_place_primary(const grid_sched_params *sp, const double *weight, int p, grid_placement *pl, gn_error *err) {
  int *primary = malloc((size_t)(pl->units > 0 ? pl->units : 1) * sizeof *primary);
  int *replica = malloc((size_t)(pl->units > 0 ? pl->units : 1) * sizeof *replica);
  int rc = primary && replica ? ring_place(weight, p, pl->units, 0, primary, replica, err)
                              : gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (long u = 0; !rc && u < pl->units; u++)
    pl->node[u * pl->max_copies] = primary[u];
  free(primary);
  free(replica);
  return rc;
}
