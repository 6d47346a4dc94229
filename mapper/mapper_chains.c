/* mapper_chains: reference mapper — the optimal cut of a topological order into N contiguous intervals (exact DP
 * under the shared cost model, communication included), over several topological orders, keeping the best. */
#include "mapper.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Heap order of ready tasks: smaller key first, ties by smaller id. */
static int ready_before(const double *key, int a, int b) { return key[a] < key[b] || (key[a] == key[b] && a < b); }

static void heap_push(int *heap, int *size, const double *key, int t) {
  int c = (*size)++;
  for (; c > 0 && ready_before(key, t, heap[(c - 1) / 2]); c = (c - 1) / 2)
    heap[c] = heap[(c - 1) / 2];
  heap[c] = t;
}

static int heap_pop(int *heap, int *size, const double *key) {
  int top = heap[0], last = heap[--(*size)], c = 0;
  for (;;) {
    int l = 2 * c + 1;
    if (l >= *size)
      break;
    if (l + 1 < *size && ready_before(key, heap[l + 1], heap[l]))
      l++;
    if (!ready_before(key, heap[l], last))
      break;
    heap[c] = heap[l];
    c = l;
  }
  if (*size > 0)
    heap[c] = last;
  return top;
}

/* Kahn's algorithm choosing, among ready tasks, the smallest key (ties: smallest id): always a topological
 * order whatever the key. The ready tasks sit in a binary heap: O(n log n + edges), which matters on graphs of
 * 10^5 tasks whose ready set holds thousands. */
static int order_by_key(const taskgraph *g, const double *key, int *order) {
  int n = g->n_tasks, n_ready = 0;
  int *indeg = malloc((size_t)n * sizeof *indeg), *ready = malloc((size_t)n * sizeof *ready);
  if (!indeg || !ready) {
    free(indeg);
    free(ready);
    return GN_ENOMEM;
  }
  for (int t = 0; t < n; t++)
    if ((indeg[t] = taskgraph_in_degree(g, t)) == 0)
      heap_push(ready, &n_ready, key, t);
  for (int k = 0; k < n; k++) {
    int t = heap_pop(ready, &n_ready, key);
    order[k] = t;
    for (int e = g->succ_off[t]; e < g->succ_off[t + 1]; e++) {
      int v = g->edge[g->succ_edge[e]].dst;
      if (--indeg[v] == 0)
        heap_push(ready, &n_ready, key, v);
    }
  }
  free(indeg);
  free(ready);
  return GN_OK;
}

/* Level order: by the number of tasks on the longest path reaching the task (breadth first). */
static void key_level(const taskgraph *g, double *key) {
  for (int k = 0; k < g->n_tasks; k++) {
    int t = g->topo[k];
    key[t] = 0;
    for (int e = g->pred_off[t]; e < g->pred_off[t + 1]; e++) {
      double l = key[g->edge[g->pred_edge[e]].src] + 1;
      if (l > key[t])
        key[t] = l;
    }
  }
}

/* Bottom-level order: the longest remaining path (loads + paid communication) first, as list schedulers do. */
static void key_bottom_level(const taskgraph *g, double comm_factor, double *key) {
  for (int k = g->n_tasks - 1; k >= 0; k--) {
    int t = g->topo[k];
    double tail = 0;
    for (int e = g->succ_off[t]; e < g->succ_off[t + 1]; e++) {
      const tg_edge *ed = &g->edge[g->succ_edge[e]];
      double l = comm_factor * ed->volume + key[ed->dst];
      if (l > tail)
        tail = l;
    }
    key[t] = g->load[t] + tail;
  }
  for (int t = 0; t < g->n_tasks; t++)
    key[t] = -key[t];
}

/* Depth-first order: key = position in the reverse DFS postorder (sources in id order), so a task's chain of
 * successors tends to follow it — which keeps heavy edges inside one interval. */
static int key_depth_first(const taskgraph *g, double *key) {
  int n = g->n_tasks, post = 0;
  int *stack = malloc((size_t)n * sizeof *stack), *next = malloc((size_t)n * sizeof *next);
  char *seen = calloc((size_t)n, 1);
  if (!stack || !next || !seen) {
    free(stack);
    free(next);
    free(seen);
    return GN_ENOMEM;
  }
  for (int s = 0; s < n; s++) {
    if (seen[s] || taskgraph_in_degree(g, s) != 0)
      continue;
    int top = 0;
    stack[top++] = s;
    seen[s] = 1;
    next[s] = g->succ_off[s];
    while (top > 0) {
      int t = stack[top - 1];
      if (next[t] < g->succ_off[t + 1]) {
        int v = g->edge[g->succ_edge[next[t]++]].dst;
        if (!seen[v]) {
          seen[v] = 1;
          next[v] = g->succ_off[v];
          stack[top++] = v;
        }
      } else {
        key[t] = -(double)post++;
        top--;
      }
    }
  }
  free(stack);
  free(next);
  free(seen);
  return GN_OK;
}

/* First j in [lo, hi] with prefix[j] >= v (hi + 1 if none); prefix is non-decreasing. */
static int first_at_least(const double *prefix, int lo, int hi, double v) {
  while (lo <= hi) {
    int mid = lo + (hi - lo) / 2;
    if (prefix[mid] >= v)
      hi = mid - 1;
    else
      lo = mid + 1;
  }
  return lo;
}

/* Cost of the interval order[i..j-1]: its loads + comm_factor x the volume it sends to positions >= j, summed
 * from j-1 down to i exactly as the DP below does, so both get the same bits for the same interval. */
static double interval_cost(const taskgraph *g, const int *order, const int *pos, int i, int j, double comm_factor) {
  double cost = 0;
  for (int q = j - 1; q >= i; q--) {
    int t = order[q];
    cost += g->load[t];
    for (int e = g->succ_off[t]; e < g->succ_off[t + 1]; e++) {
      const tg_edge *ed = &g->edge[g->succ_edge[e]];
      if (pos[ed->dst] >= j)
        cost += comm_factor * ed->volume;
    }
  }
  return cost;
}

/* The balanced cut of the order: boundary k at the prefix load nearest k x total / N (each interval non-empty).
 * Fills bound[0..N] and returns its period — an upper bound on the order's optimum that gives the DP a finite
 * cutoff, without which the first row alone scans O(n^2) intervals. */
static double balanced_cut(const taskgraph *g, const int *order, const int *pos, const double *prefix, int N,
                           double comm_factor, int *bound) {
  int n = g->n_tasks;
  double period = 0;
  bound[0] = 0;
  bound[N] = n;
  for (int k = 1; k < N; k++) {
    double aim = prefix[n] * k / N;
    int b = first_at_least(prefix, 0, n, aim);
    if (b > 0 && aim - prefix[b - 1] < (b <= n ? prefix[b] : INFINITY) - aim)
      b--;
    b = b > bound[k - 1] + 1 ? b : bound[k - 1] + 1;
    bound[k] = b < n - (N - k) ? b : n - (N - k);
  }
  for (int k = 0; k < N; k++) {
    double c = interval_cost(g, order, pos, bound[k], bound[k + 1], comm_factor);
    period = c > period ? c : period;
  }
  return period;
}

int mapper_chains_on_order(const taskgraph *g, const int *order, int n_stages, double comm_factor, double cutoff,
                           partition *out, double *period, gn_error *err) {
  int n = g->n_tasks, N = n_stages;
  size_t cells = (size_t)(N + 1) * (size_t)(n + 1);
  double *best = malloc(cells * sizeof *best), *prefix = malloc((size_t)(n + 1) * sizeof *prefix);
  int *cut = malloc(cells * sizeof *cut), *pos = malloc((size_t)n * sizeof *pos);
  int *bound = malloc((size_t)(N + 1) * sizeof *bound);
  if (!best || !prefix || !cut || !pos || !bound) {
    free(best);
    free(prefix);
    free(cut);
    free(pos);
    free(bound);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  }
  prefix[0] = 0;
  for (int k = 0; k < n; k++) {
    pos[order[k]] = k;
    prefix[k + 1] = prefix[k] + g->load[order[k]];
  }
  /* The balanced cut is one of the cuts the DP ranks: when it beats the cutoff, the DP only has to look for
   * cuts strictly better than it (just above its period, so the DP may still find it), and it is the answer
   * when the DP finds none. */
  double balanced = balanced_cut(g, order, pos, prefix, N, comm_factor, bound);
  int balanced_wins = balanced < cutoff;
  if (balanced_wins)
    cutoff = nextafter(balanced, INFINITY);
  for (size_t c = 0; c < cells; c++)
    best[c] = INFINITY;
  double *last = best + (size_t)N * (size_t)(n + 1) + (size_t)n;
  best[0] = 0;
  /* best[k][j]: the smallest period of the first j tasks of the order cut into k non-empty intervals. The last
   * interval is i..j-1; its cost only grows as i moves left (more load, more edges leaving it), so the scan
   * stops as soon as that cost alone reaches the best found or the cutoff.
   * A partition below the cutoff U has every stage load below U (cost >= load), so k stages cover a prefix of
   * load <= k U and leave at most (N - k) U: only the j inside that window are computed. */
  for (int k = 1; k <= N; k++) {
    double *row = best + (size_t)k * (size_t)(n + 1), *prev = row - (n + 1);
    int *crow = cut + (size_t)k * (size_t)(n + 1);
    int j_lo = k, j_hi = n - (N - k);
    if (isfinite(cutoff)) {
      int lo = first_at_least(prefix, 0, n, prefix[n] - (N - k) * cutoff - 1e-9 * (1 + prefix[n]));
      int hi = first_at_least(prefix, 0, n, k * cutoff + 1e-9 * (1 + k * cutoff)) - 1;
      j_lo = lo > j_lo ? lo : j_lo;
      j_hi = hi < j_hi ? hi : j_hi;
    }
    for (int j = j_lo; j <= j_hi; j++) {
      double cost = 0, b = cutoff;
      int bi = -1;
      for (int i = j - 1; i >= k - 1; i--) {
        int t = order[i];
        cost += g->load[t];
        for (int e = g->succ_off[t]; e < g->succ_off[t + 1]; e++) {
          const tg_edge *ed = &g->edge[g->succ_edge[e]];
          if (pos[ed->dst] >= j)
            cost += comm_factor * ed->volume;
        }
        if (cost >= b)
          break;
        double v = prev[i] > cost ? prev[i] : cost;
        if (v < b) {
          b = v;
          bi = i;
        }
      }
      row[j] = bi < 0 ? INFINITY : b;
      crow[j] = bi;
    }
  }
  *period = *last;
  if (!isfinite(*period) && balanced_wins) {
    *period = balanced;
    out->n_stages = N;
    for (int k = 0; k < N; k++)
      for (int q = bound[k]; q < bound[k + 1]; q++)
        out->stage[order[q]] = k;
  } else if (isfinite(*period)) {
    out->n_stages = N;
    for (int k = N, j = n; k >= 1; k--) {
      int i = cut[(size_t)k * (size_t)(n + 1) + (size_t)j];
      for (int q = i; q < j; q++)
        out->stage[order[q]] = k - 1;
      j = i;
    }
  }
  free(best);
  free(prefix);
  free(cut);
  free(pos);
  free(bound);
  return GN_OK;
}

/* DPMA order: tasks by DPMA's stage, then by topological position — a topological order of which DPMA's own
 * partition is one cut, so chains on it is never worse than DPMA (uses `trial` as scratch). */
static int key_dpma(const taskgraph *g, const mapper_params *params, partition *trial, double *key, gn_error *err) {
  mapper_params dp = *params;
  dp.options = NULL;
  int rc = mapper_dpma.run(g, &dp, trial, err);
  for (int k = 0; rc == GN_OK && k < g->n_tasks; k++)
    key[g->topo[k]] = (double)trial->stage[g->topo[k]] * g->n_tasks + k;
  return rc;
}

/* The order named by letter (see chains_orders) into order[]. */
static int make_order(const taskgraph *g, const mapper_params *params, char letter, double *key, int *order,
                      partition *trial, gn_error *err) {
  int rc = GN_OK;
  if (letter == 't') {
    memcpy(order, g->topo, (size_t)g->n_tasks * sizeof *order);
    return GN_OK;
  }
  if (letter == 'l')
    key_level(g, key);
  else if (letter == 'b')
    key_bottom_level(g, params->comm_factor, key);
  else if (letter == 'p')
    rc = key_dpma(g, params, trial, key, err);
  else if (key_depth_first(g, key) != GN_OK)
    rc = GN_ENOMEM;
  if (rc == GN_OK)
    rc = order_by_key(g, key, order);
  if (rc == GN_ENOMEM)
    gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  return rc;
}

static const char *const chains_options[] = {"orders", NULL};

/* Which orders to try, in turn: letters of the "orders" option (p = DPMA's stages, t = the graph's own
 * topological order, l = level, d = depth first, b = bottom level). DPMA's comes first: its period is a good
 * cutoff that makes the other orders' DPs cheap. */
static int chains_orders(const mapper_params *params, char *letters, size_t size, gn_error *err) {
  int rc = mapper_options_check("chains", params->options, chains_options, err);
  if (rc == GN_OK)
    rc = mapper_option_text("chains", params->options, "orders", "ptldb", letters, size, err);
  if (rc == GN_OK && (letters[0] == '\0' || strspn(letters, "tldbp") < strlen(letters)))
    rc = gn_error_set(err, GN_EINPUT, NULL, 0,
                      "chains option orders=%s: expected letters among t, l, d, b, p (e.g. orders=ptldb)", letters);
  return rc;
}

static int chains_run(const taskgraph *g, const mapper_params *params, partition *out, gn_error *err) {
  char letters[16];
  int rc = chains_orders(params, letters, sizeof letters, err);
  if (rc)
    return rc;
  int n = g->n_tasks;
  int *order = malloc((size_t)n * sizeof *order);
  double *key = malloc((size_t)n * sizeof *key);
  partition *trial = partition_new(n, params->n_stages);
  if (!order || !key || !trial)
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  double best = INFINITY;
  for (const char *c = letters; *c && rc == GN_OK; c++) {
    double period;
    rc = make_order(g, params, *c, key, order, trial, err);
    if (rc == GN_OK)
      rc = mapper_chains_on_order(g, order, params->n_stages, params->comm_factor, best, trial, &period, err);
    if (rc == GN_OK && period < best) {
      best = period;
      memcpy(out->stage, trial->stage, (size_t)n * sizeof *out->stage);
    }
  }
  free(order);
  free(key);
  partition_free(trial);
  return rc;
}

const mapper mapper_chains = {"chains",
                              "reference: optimal cut of a topological order into N intervals (exact DP), best of "
                              "several orders incl. DPMA's (option orders)",
                              chains_run, NULL, chains_options};
