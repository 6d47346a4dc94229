/* grid_budget: a memory estimate of a grid simulation, checked against RLIMIT_AS and physical RAM so that a grid
 * too large is refused with a message instead of SimGrid aborting ("Failed to allocate stack") mid-start-up. */
#include "grid_budget.h"

#include "sgwrap.h"

#include <sys/resource.h>
#include <unistd.h>

/* Measured on a 100 x 100 uniform grid (`/usr/bin/time -v gridnoc grid --preset uniform --clusters 100 --nodes 100
 * --iterations 2 --n 20000 --reference false`): 376 MB resident, i.e. ~37 KB per host over the base; rounded up
 * to 64 KiB per host and 64 MiB for the process (SimGrid, libraries, gridnoc's own tables). */
#define BASE_BYTES (64.0 * 1024 * 1024)
#define HOST_BYTES (64.0 * 1024)
/* Part of each actor stack actually written (SimGrid simcalls and gridnoc's shallow actor loops). */
#define STACK_TOUCHED_BYTES (16.0 * 1024)

grid_budget grid_budget_estimate(const grid *g) {
  /* grid_node.c / grid_cluster.c / grid_run.c: a worker and a heartbeat sender per node; a master, a listener,
   * a heartbeat sender and a grid-level listener per cluster; the grid master and the failure injector. */
  double actors = 2.0 * g->n_nodes + 4.0 * g->n_clusters + 2;
  double hosts = (double)g->n_nodes + g->n_clusters + 2;
  double page = (double)sysconf(_SC_PAGESIZE);
  double stack = GN_SIM_STACK_KIB * 1024.0 + page; /* plus SimGrid's guard page */
  return (grid_budget){BASE_BYTES + hosts * HOST_BYTES + actors * stack,
                       BASE_BYTES + hosts * HOST_BYTES + actors * STACK_TOUCHED_BYTES};
}

int grid_budget_check(const grid *g, gn_error *err) {
  grid_budget b = grid_budget_estimate(g);
  const double mib = 1024.0 * 1024.0;
  struct rlimit as;
  if (getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY && b.reserved > (double)as.rlim_cur)
    return gn_error_set(err, GN_EINPUT, NULL, 0,
                        "a grid of %d nodes needs about %.0f MiB of address space but the limit (ulimit -v) is "
                        "%.0f MiB: use fewer nodes or raise the limit",
                        g->n_nodes, b.reserved / mib, (double)as.rlim_cur / mib);
  double ram = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE);
  if (ram > 0 && b.resident > ram)
    return gn_error_set(err, GN_EINPUT, NULL, 0,
                        "a grid of %d nodes needs about %.0f MiB of memory but this machine has %.0f MiB: use fewer "
                        "nodes",
                        g->n_nodes, b.resident / mib, ram / mib);
  return GN_OK;
}
