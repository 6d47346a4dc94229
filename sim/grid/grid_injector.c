/* grid_injector: replays the failure trace, switching hosts off and on; a rebooted host's daemons are started
 * again through the state's restart_slot (the start-up order lives in grid_start.c). */
#include "grid_sim.h"

#include <simgrid/actor.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>

/* The first slot on slot s's host: slots sharing a host (on a platform file, the grid master on cluster 0's
 * master by default) share its down count. */
static int first_slot_on_host(const grid_sim *S, int s) {
  int j = 0;
  while (S->hosts[j] != S->hosts[s])
    j++;
  return j;
}

/* Overlapping down intervals of one host (FTA traces have some, a platform file's profiles may hit a shared
 * host) nest: the host is off while any of them lasts. */
void grid_injector(int argc, char **argv) {
  grid_sim *S = &grid_sim_state;
  const failure_trace *ft = S->cfg->failures;
  int n_hosts = S->g->n_nodes + S->g->n_clusters + 1;
  int *down = grid_alloc((size_t)n_hosts, sizeof *down);
  for (int i = 0; ft && i < ft->n; i++) {
    const failure_event *e = &ft->events[i];
    if (e->host < 0 || e->host >= n_hosts)
      continue;
    double wait = e->t - simgrid_get_clock();
    if (wait > 0)
      sg_actor_sleep_for(wait);
    int slot = first_slot_on_host(S, e->host);
    sg_host_t h = S->hosts[slot];
    if (!e->up) {
      if (down[slot]++ == 0 && sg_host_is_on(h)) {
        for (int j = slot; j < n_hosts; j++) /* every slot on the host, before a grid master's death ends the run */
          if (S->hosts[j] == h)
            grid_timeline_add('f', j, simgrid_get_clock(), simgrid_get_clock(), -1, 0, 0);
        if (h == S->hosts[S->g->n_nodes + S->g->n_clusters])
          grid_nodes_stop(); /* the grid master's death ends the run */
        sg_host_turn_off(h);
      }
      continue;
    }
    if (down[slot] == 0 || --down[slot] > 0)
      continue;
    sg_host_turn_on(h);
    for (int j = slot; j < n_hosts; j++)
      if (S->hosts[j] == h)
        grid_timeline_add('u', j, simgrid_get_clock(), simgrid_get_clock(), -1, 0, 0);
    /* A rebooted machine starts the daemons of every slot it holds again; the grid master's death ends the
     * run, so it is not. */
    for (int j = slot; j < S->g->n_nodes + S->g->n_clusters; j++)
      if (S->hosts[j] == h)
        S->restart_slot(j);
  }
  grid_release(down);
}
