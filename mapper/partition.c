/* partition: validity of a pipeline partition and its metrics under the shared cost model. */
#include "partition.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

partition *partition_new(int n_tasks, int n_stages) {
  partition *p = calloc(1, sizeof *p);
  if (!p)
    return NULL;
  p->stage = calloc((size_t)(n_tasks > 0 ? n_tasks : 1), sizeof *p->stage);
  if (!p->stage) {
    free(p);
    return NULL;
  }
  p->n_tasks = n_tasks;
  p->n_stages = n_stages;
  return p;
}

void partition_free(partition *p) {
  if (p) {
    free(p->stage);
    free(p);
  }
}

partition *partition_clone(const partition *p) {
  partition *c = partition_new(p->n_tasks, p->n_stages);
  if (c)
    memcpy(c->stage, p->stage, (size_t)p->n_tasks * sizeof *p->stage);
  return c;
}

int partition_check_stage_count(const taskgraph *g, int n_stages, gn_error *err) {
  if (n_stages < 1)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "the number of stages must be at least 1 (got %d)", n_stages);
  if (n_stages > g->n_tasks)
    return gn_error_set(err, GN_EINPUT, NULL, 0,
                        "%d stages requested but the graph has only %d tasks (every stage needs a task)",
                        n_stages, g->n_tasks);
  return GN_OK;
}

int partition_validate(const taskgraph *g, const partition *p, gn_error *err) {
  if (p->n_tasks != g->n_tasks)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "partition covers %d tasks, graph has %d", p->n_tasks,
                        g->n_tasks);
  int rc = partition_check_stage_count(g, p->n_stages, err);
  if (rc)
    return rc;
  int *count = calloc((size_t)p->n_stages, sizeof *count);
  if (!count)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (int t = 0; t < g->n_tasks; t++) {
    if (p->stage[t] < 0 || p->stage[t] >= p->n_stages) {
      free(count);
      return gn_error_set(err, GN_EINPUT, NULL, 0, "task %s has stage %d, outside 1..%d", g->name[t],
                          p->stage[t] + 1, p->n_stages);
    }
    count[p->stage[t]]++;
  }
  for (int s = 0; s < p->n_stages; s++)
    if (count[s] == 0) {
      free(count);
      return gn_error_set(err, GN_EINPUT, NULL, 0, "stage %d is empty", s + 1);
    }
  free(count);
  for (int e = 0; e < g->n_edges; e++) {
    int a = g->edge[e].src, b = g->edge[e].dst;
    if (p->stage[a] > p->stage[b])
      return gn_error_set(err, GN_EINPUT, NULL, 0,
                          "edge %s -> %s goes backwards (stage %d -> %d): not a pipeline", g->name[a], g->name[b],
                          p->stage[a] + 1, p->stage[b] + 1);
  }
  return GN_OK;
}

void partition_stage_costs(const taskgraph *g, const partition *p, double comm_factor, double *stage_cost) {
  for (int s = 0; s < p->n_stages; s++)
    stage_cost[s] = 0;
  for (int t = 0; t < g->n_tasks; t++)
    stage_cost[p->stage[t]] += g->load[t];
  for (int e = 0; e < g->n_edges; e++) {
    int a = g->edge[e].src, b = g->edge[e].dst;
    if (p->stage[a] != p->stage[b])
      stage_cost[p->stage[a]] += comm_factor * g->edge[e].volume; /* the sender pays */
  }
}

double partition_lower_bound(const taskgraph *g, int n_stages) {
  double total = 0, heaviest = 0;
  for (int t = 0; t < g->n_tasks; t++) {
    total += g->load[t];
    if (g->load[t] > heaviest)
      heaviest = g->load[t];
  }
  double avg = n_stages > 0 ? total / n_stages : total;
  return avg > heaviest ? avg : heaviest;
}

int partition_evaluate(const taskgraph *g, const partition *p, double comm_factor, partition_metrics *m,
                       gn_error *err) {
  int rc = partition_validate(g, p, err);
  if (rc)
    return rc;
  double *cost = malloc((size_t)p->n_stages * sizeof *cost);
  if (!cost)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  partition_stage_costs(g, p, comm_factor, cost);
  memset(m, 0, sizeof *m);
  m->min_stage = cost[0];
  for (int s = 0; s < p->n_stages; s++) {
    if (cost[s] > m->period)
      m->period = cost[s];
    if (cost[s] < m->min_stage)
      m->min_stage = cost[s];
  }
  free(cost);
  double total = 0;
  for (int t = 0; t < g->n_tasks; t++)
    total += g->load[t];
  m->exp = total / p->n_stages;
  m->imbalance = m->exp > 0 ? (m->period - m->min_stage) / m->exp : 0;
  m->throughput = m->period > 0 ? 1.0 / m->period : 0;
  for (int e = 0; e < g->n_edges; e++)
    if (p->stage[g->edge[e].src] != p->stage[g->edge[e].dst]) {
      m->cut_volume += g->edge[e].volume;
      m->cut_edges++;
    }
  m->lower_bound = partition_lower_bound(g, p->n_stages);
  m->t_over_lb = m->lower_bound > 0 ? m->period / m->lower_bound : 1;
  return GN_OK;
}

int partition_costs_integral(const taskgraph *g, double comm_factor) {
  for (int t = 0; t < g->n_tasks; t++)
    if (g->load[t] != floor(g->load[t]))
      return 0;
  for (int e = 0; e < g->n_edges; e++) {
    double c = comm_factor * g->edge[e].volume;
    if (c != floor(c))
      return 0;
  }
  return 1;
}
