/* grid_supervisor: node states from heartbeats and success ratios, and the capability round-robin queue. */
#include "grid_supervisor.h"

#include <stdlib.h>

const char *const grid_node_state_names[4] = {"master", "tolerant", "backup", "failed"};

double grid_supervisor_heard_s(const grid_node_record *r, double now_s) {
  double a = r->heartbeat_arrival_s;
  return a > r->last_heartbeat_s && a <= now_s ? a : r->last_heartbeat_s;
}

void grid_supervisor_beat_sent(grid_node_record *r, double now_s, double arrival_s) {
  r->last_heartbeat_s = grid_supervisor_heard_s(r, now_s);
  r->heartbeat_arrival_s = arrival_s;
}

int grid_supervisor_alive(const grid_node_record *r, double now_s, double heartbeat_s) {
  return now_s - grid_supervisor_heard_s(r, now_s) <= 2.5 * heartbeat_s;
}

double grid_supervisor_phase(int rank, int nodes, int cluster, int clusters) {
  return (rank + (cluster + 1.0) / (clusters + 1)) / nodes;
}

grid_node_state grid_supervisor_state(const grid_node_record *r, double now_s, double heartbeat_s, grid_thresholds th) {
  if (!grid_supervisor_alive(r, now_s, heartbeat_s) || r->psucc < th.l1)
    return GRID_NODE_FAILED;
  if (r->psucc < th.l2)
    return GRID_NODE_BACKUP;
  if (r->psucc < th.l3)
    return GRID_NODE_TOLERANT;
  return GRID_NODE_MASTER;
}

void grid_supervisor_outcome(grid_node_record *r, int success, double alpha, double now_s) {
  r->psucc = (1 - alpha) * r->psucc + alpha * (success ? 1.0 : 0.0);
  r->last_outcome_s = now_s;
}

void grid_supervisor_rest(grid_node_record *r, double alpha, double now_s) {
  if (grid_supervisor_heard_s(r, now_s) > r->last_outcome_s)
    grid_supervisor_outcome(r, 1, alpha, now_s);
}

int grid_supervisor_master_queue(const double *pccc, int n_clusters, const int *cluster_of, int n, int *queue,
                                 gn_error *err) {
  int *left = calloc((size_t)n_clusters, sizeof *left), *next = calloc((size_t)n_clusters, sizeof *next);
  double *credit = calloc((size_t)n_clusters, sizeof *credit);
  if (!left || !next || !credit) {
    free(left);
    free(next);
    free(credit);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  }
  for (int i = 0; i < n; i++)
    left[cluster_of[i]]++;
  for (int q = 0; q < n; q++) {
    double total = 0;
    int best = -1;
    for (int c = 0; c < n_clusters; c++) {
      if (!left[c])
        continue;
      credit[c] += pccc[c];
      total += pccc[c];
      if (best < 0 || credit[c] > credit[best])
        best = c;
    }
    credit[best] -= total;
    left[best]--;
    while (cluster_of[next[best]] != best)
      next[best]++;
    queue[q] = next[best]++;
  }
  free(left);
  free(next);
  free(credit);
  return GN_OK;
}
