/* grid_budget: a memory estimate of a grid simulation, checked against RLIMIT_AS and physical RAM so that a grid
 * too large is refused with a message instead of SimGrid aborting ("Failed to allocate stack") mid-start-up. */
#include "grid_budget.h"

#include "sgwrap.h"

#include <math.h>
#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>

/* The terms (grid_budget.h): 64 MiB for the process (SimGrid, libraries, gridnoc's own tables) and 64 KiB per host
 * (SimGrid's host, its links and routes, gridnoc's per-node state), from a 100 x 100 uniform grid
 * (`/usr/bin/time -v gridnoc grid --preset uniform --clusters 100 --nodes 100 --iterations 2 --n 20000
 * --reference false`: 376 MB resident, ~37 KB per host over the base, rounded up); 16 KiB of each actor stack
 * actually written (SimGrid simcalls and gridnoc's shallow actor loops); a load profile line ("date ratio\n", ~25
 * bytes of text) costs 168 bytes in all on a 100 x 100 grid (n 10^4, 5 iterations: 1264 MiB with --period 2, 225
 * without, 6.47 million lines), rounded up to GRID_BUDGET_PROFILE_LINE_BYTES (docs/hardening.md, "Limits"). */

grid_budget grid_budget_estimate(const grid *g, const grid_budget_work *w) {
  double actors = (double)GRID_ACTORS_PER_NODE * g->n_nodes + (double)GRID_ACTORS_PER_CLUSTER * g->n_clusters +
                  GRID_ACTORS_FIXED;
  double hosts = (double)g->n_nodes + g->n_clusters + 2;
  double page = (double)sysconf(_SC_PAGESIZE);
  double stack = GN_SIM_STACK_KIB * 1024.0 + page; /* plus SimGrid's guard page */
  double n = (double)w->n;
  double work = 2 * 8 * n + (w->real_mode ? 16 * n * n : 0) + w->profile_lines * GRID_BUDGET_PROFILE_LINE_BYTES;
  double common = GRID_BUDGET_BASE_BYTES + hosts * GRID_BUDGET_HOST_BYTES + work;
  return (grid_budget){common + actors * stack, common + actors * GRID_BUDGET_STACK_TOUCHED_BYTES, actors,
                       GRID_MAPS_BASE + actors * GRID_MAPS_PER_ACTOR};
}

/* The kernel's ceiling on memory mappings per process (/proc/sys/vm/max_map_count), or 0 if unknown. */
static double max_map_count(void) {
  FILE *f = fopen("/proc/sys/vm/max_map_count", "r");
  long v = 0;
  if (f) {
    if (fscanf(f, "%ld", &v) != 1)
      v = 0;
    fclose(f);
  }
  return v > 0 ? (double)v : 0;
}

grid_limits grid_limits_of_machine(void) {
  grid_limits l = {0, 0, 0};
  struct rlimit as;
  if (getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY)
    l.address_space = (double)as.rlim_cur;
  l.max_map_count = max_map_count();
  l.ram = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE);
  return l;
}

/* The vm.max_map_count that lets this run start: its mappings rounded up to a multiple of 4096 (the estimate
 * already keeps GRID_MAPS_BASE to spare). */
static double map_count_needed(double maps) { return ceil(maps / 4096.0) * 4096.0; }

int grid_budget_check_against(const grid *g, const grid_budget_work *w, const grid_limits *lim, gn_error *err) {
  grid_budget b = grid_budget_estimate(g, w);
  const double mib = 1024.0 * 1024.0;
  if (lim->address_space > 0 && b.reserved > lim->address_space)
    return gn_error_set(err, GN_EINPUT, NULL, 0,
                        "a grid of %d nodes needs about %.0f MiB of address space but the limit (ulimit -v) is "
                        "%.0f MiB: use fewer nodes or raise the limit",
                        g->n_nodes, b.reserved / mib, lim->address_space / mib);
  if (lim->max_map_count > 0 && b.maps > lim->max_map_count)
    return gn_error_set(err, GN_EINPUT, NULL, 0,
                        "a grid of %d nodes and %d clusters runs %.0f actors, whose stacks need about %.0f memory "
                        "mappings, but vm.max_map_count is %.0f: use at most about %.0f nodes, or raise the limit "
                        "for this run with: sudo sysctl -w vm.max_map_count=%.0f",
                        g->n_nodes, g->n_clusters, b.actors, b.maps, lim->max_map_count,
                        ((lim->max_map_count - GRID_MAPS_BASE) / GRID_MAPS_PER_ACTOR - GRID_ACTORS_FIXED -
                         (double)GRID_ACTORS_PER_CLUSTER * g->n_clusters) / GRID_ACTORS_PER_NODE,
                        map_count_needed(b.maps));
  if (lim->ram > 0 && b.resident > lim->ram)
    return gn_error_set(err, GN_EINPUT, NULL, 0,
                        "a grid of %d nodes needs about %.0f MiB of memory but this machine has %.0f MiB: use fewer "
                        "nodes",
                        g->n_nodes, b.resident / mib, lim->ram / mib);
  return GN_OK;
}

int grid_budget_check(const grid *g, const grid_budget_work *w, gn_error *err) {
  grid_limits l = grid_limits_of_machine();
  return grid_budget_check_against(g, w, &l, err);
}
