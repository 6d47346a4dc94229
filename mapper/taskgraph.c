/* taskgraph: construction, validation (cycles, duplicates, bad weights), adjacency, topological order, stats. */
#include "taskgraph.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

taskgraph *taskgraph_new(void) { return calloc(1, sizeof(taskgraph)); }

static void free_derived(taskgraph *g) {
  free(g->succ_off);
  free(g->succ_edge);
  free(g->pred_off);
  free(g->pred_edge);
  free(g->topo);
  g->succ_off = g->succ_edge = g->pred_off = g->pred_edge = g->topo = NULL;
  g->finalized = 0;
}

void taskgraph_free(taskgraph *g) {
  if (!g)
    return;
  for (int i = 0; i < g->n_tasks; i++)
    free(g->name[i]);
  free(g->name);
  free(g->load);
  free(g->edge);
  free(g->info);
  free_derived(g);
  free(g);
}

int taskgraph_add_task(taskgraph *g, const char *name, double load, gn_error *err) {
  if (!isfinite(load) || load < 0) {
    if (name)
      return gn_error_set(err, GN_EINPUT, NULL, 0, "task %s: load %g is not a finite non-negative number", name,
                          load);
    return gn_error_set(err, GN_EINPUT, NULL, 0, "task %d: load %g is not a finite non-negative number",
                        g->n_tasks, load);
  }
  if (g->n_tasks == g->cap_tasks) {
    int cap = g->cap_tasks ? g->cap_tasks * 2 : 64;
    char **nn = realloc(g->name, (size_t)cap * sizeof *nn);
    if (!nn)
      return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
    g->name = nn;
    double *nl = realloc(g->load, (size_t)cap * sizeof *nl);
    if (!nl)
      return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
    g->load = nl;
    g->cap_tasks = cap;
  }
  char buf[32];
  if (!name) {
    snprintf(buf, sizeof buf, "%d", g->n_tasks);
    name = buf;
  }
  size_t len = strlen(name) + 1;
  char *copy = malloc(len);
  if (!copy)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  memcpy(copy, name, len);
  g->name[g->n_tasks] = copy;
  g->load[g->n_tasks] = load;
  free_derived(g);
  return g->n_tasks++;
}

int taskgraph_add_edge(taskgraph *g, int src, int dst, double volume, gn_error *err) {
  if (src < 0 || src >= g->n_tasks || dst < 0 || dst >= g->n_tasks)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "edge %d -> %d names an unknown task (tasks are 0..%d)", src,
                        dst, g->n_tasks - 1);
  if (!isfinite(volume) || volume < 0)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "edge %s -> %s: volume %g is not a finite non-negative number",
                        g->name[src], g->name[dst], volume);
  if (g->n_edges == g->cap_edges) {
    int cap = g->cap_edges ? g->cap_edges * 2 : 128;
    tg_edge *ne = realloc(g->edge, (size_t)cap * sizeof *ne);
    if (!ne)
      return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
    g->edge = ne;
    g->cap_edges = cap;
  }
  g->edge[g->n_edges].src = src;
  g->edge[g->n_edges].dst = dst;
  g->edge[g->n_edges].volume = volume;
  free_derived(g);
  g->n_edges++;
  return GN_OK;
}

/* CSR adjacency keyed by `key` (src or dst) listing edge indices, ordered by the other endpoint. */
static int build_csr(const taskgraph *g, int by_src, int **off_out, int **idx_out) {
  int n = g->n_tasks, m = g->n_edges;
  int *off = calloc((size_t)n + 1, sizeof *off);
  int *idx = malloc((size_t)(m ? m : 1) * sizeof *idx);
  int *fill = malloc((size_t)(n ? n : 1) * sizeof *fill);
  if (!off || !idx || !fill) {
    free(off);
    free(idx);
    free(fill);
    return GN_ENOMEM;
  }
  for (int e = 0; e < m; e++)
    off[(by_src ? g->edge[e].src : g->edge[e].dst) + 1]++;
  for (int t = 0; t < n; t++)
    off[t + 1] += off[t];
  memcpy(fill, off, (size_t)n * sizeof *fill);
  for (int e = 0; e < m; e++)
    idx[fill[by_src ? g->edge[e].src : g->edge[e].dst]++] = e;
  /* Sort each row by the other endpoint (insertion sort: rows are short) for deterministic iteration. */
  for (int t = 0; t < n; t++) {
    for (int i = off[t] + 1; i < off[t + 1]; i++) {
      int e = idx[i], j = i - 1;
      int key = by_src ? g->edge[e].dst : g->edge[e].src;
      while (j >= off[t] && (by_src ? g->edge[idx[j]].dst : g->edge[idx[j]].src) > key) {
        idx[j + 1] = idx[j];
        j--;
      }
      idx[j + 1] = e;
    }
  }
  free(fill);
  *off_out = off;
  *idx_out = idx;
  return GN_OK;
}

/* Binary min-heap of ready task ids, so the topological order is unique: smallest ready id first. */
typedef struct {
  int *a, n;
} int_heap;

static void heap_push(int_heap *h, int v) {
  int i = h->n++;
  h->a[i] = v;
  while (i > 0 && h->a[(i - 1) / 2] > h->a[i]) {
    int p = (i - 1) / 2, tmp = h->a[p];
    h->a[p] = h->a[i];
    h->a[i] = tmp;
    i = p;
  }
}

static int heap_pop(int_heap *h) {
  int top = h->a[0];
  h->a[0] = h->a[--h->n];
  int i = 0;
  for (;;) {
    int l = 2 * i + 1, r = l + 1, s = i;
    if (l < h->n && h->a[l] < h->a[s])
      s = l;
    if (r < h->n && h->a[r] < h->a[s])
      s = r;
    if (s == i)
      break;
    int tmp = h->a[s];
    h->a[s] = h->a[i];
    h->a[i] = tmp;
    i = s;
  }
  return top;
}

/* Describe one cycle among the tasks left with unresolved predecessors (indeg > 0): walk predecessors
 * that are still blocked until a task repeats. */
static void describe_cycle(const taskgraph *g, const int *indeg, char *buf, size_t size) {
  int n = g->n_tasks;
  int start = -1;
  for (int t = 0; t < n && start < 0; t++)
    if (indeg[t] > 0)
      start = t;
  int *seen = malloc((size_t)n * sizeof *seen);
  int *path = malloc((size_t)n * sizeof *path);
  if (!seen || !path || start < 0) {
    snprintf(buf, size, "(cycle)");
    free(seen);
    free(path);
    return;
  }
  for (int t = 0; t < n; t++)
    seen[t] = -1;
  int len = 0, t = start;
  while (seen[t] < 0) {
    seen[t] = len;
    path[len++] = t;
    int next = -1;
    for (int k = g->pred_off[t]; k < g->pred_off[t + 1]; k++) {
      int p = g->edge[g->pred_edge[k]].src;
      if (indeg[p] > 0) {
        next = p;
        break;
      }
    }
    t = next; /* a blocked task always has a blocked predecessor */
  }
  /* path[seen[t]..len-1] walks predecessors; print it in edge direction. */
  size_t used = 0;
  for (int i = len - 1; i >= seen[t] && used < size; i--)
    used += (size_t)snprintf(buf + used, size - used, "%s -> ", g->name[path[i]]);
  if (used < size)
    snprintf(buf + used, size - used, "%s", g->name[path[len - 1]]);
  free(seen);
  free(path);
}

int taskgraph_find_task(const taskgraph *g, const char *name) {
  for (int t = 0; t < g->n_tasks; t++)
    if (strcmp(g->name[t], name) == 0)
      return t;
  return -1;
}

static int cmp_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Names identify tasks in messages, DOT files and partitions: two tasks may not share one. Sorting a copy of
 * the name pointers finds a repeat in O(n log n). */
static int check_unique_names(const taskgraph *g, const char *where, gn_error *err) {
  char **sorted = malloc((size_t)g->n_tasks * sizeof *sorted);
  if (!sorted)
    return gn_error_set(err, GN_ENOMEM, where, 0, "out of memory");
  memcpy(sorted, g->name, (size_t)g->n_tasks * sizeof *sorted);
  qsort(sorted, (size_t)g->n_tasks, sizeof *sorted, cmp_name);
  int rc = GN_OK;
  for (int i = 1; i < g->n_tasks && rc == GN_OK; i++)
    if (strcmp(sorted[i - 1], sorted[i]) == 0)
      rc = gn_error_set(err, GN_EINPUT, where, 0, "two tasks are named '%s'", sorted[i]);
  free(sorted);
  return rc;
}

int taskgraph_finalize(taskgraph *g, const char *where, gn_error *err) {
  free_derived(g);
  int n = g->n_tasks;
  if (n <= 0)
    return gn_error_set(err, GN_EINPUT, where, 0, "the graph has no tasks");
  int rc = check_unique_names(g, where, err);
  if (rc)
    return rc;
  for (int e = 0; e < g->n_edges; e++)
    if (g->edge[e].src == g->edge[e].dst)
      return gn_error_set(err, GN_EINPUT, where, 0, "self-loop on task %s", g->name[g->edge[e].src]);
  /* Every total, period and bound is a sum of these: each finite value is not enough, their sum must be too. */
  double load_sum = 0, volume_sum = 0;
  for (int t = 0; t < n; t++)
    load_sum += g->load[t];
  for (int e = 0; e < g->n_edges; e++)
    volume_sum += g->edge[e].volume;
  if (!isfinite(load_sum) || !isfinite(volume_sum))
    return gn_error_set(err, GN_EINPUT, where, 0, "the %s add up past the largest number (%s): scale them down",
                        isfinite(load_sum) ? "edge volumes" : "task loads", "inf");
  if (build_csr(g, 1, &g->succ_off, &g->succ_edge) || build_csr(g, 0, &g->pred_off, &g->pred_edge)) {
    free_derived(g);
    return gn_error_set(err, GN_ENOMEM, where, 0, "out of memory");
  }
  for (int t = 0; t < n; t++)
    for (int k = g->succ_off[t] + 1; k < g->succ_off[t + 1]; k++)
      if (g->edge[g->succ_edge[k]].dst == g->edge[g->succ_edge[k - 1]].dst) {
        int d = g->edge[g->succ_edge[k]].dst;
        free_derived(g);
        return gn_error_set(err, GN_EINPUT, where, 0, "duplicate edge %s -> %s", g->name[t], g->name[d]);
      }
  int *indeg = malloc((size_t)n * sizeof *indeg);
  int_heap h = {malloc((size_t)n * sizeof(int)), 0};
  g->topo = malloc((size_t)n * sizeof *g->topo);
  if (!indeg || !h.a || !g->topo) {
    free(indeg);
    free(h.a);
    free_derived(g);
    return gn_error_set(err, GN_ENOMEM, where, 0, "out of memory");
  }
  for (int t = 0; t < n; t++) {
    indeg[t] = taskgraph_in_degree(g, t);
    if (indeg[t] == 0)
      heap_push(&h, t);
  }
  int done = 0;
  while (h.n > 0) {
    int t = heap_pop(&h);
    g->topo[done++] = t;
    for (int k = g->succ_off[t]; k < g->succ_off[t + 1]; k++) {
      int s = g->edge[g->succ_edge[k]].dst;
      if (--indeg[s] == 0)
        heap_push(&h, s);
    }
  }
  free(h.a);
  if (done < n) {
    char cyc[600];
    describe_cycle(g, indeg, cyc, sizeof cyc);
    free(indeg);
    free_derived(g);
    return gn_error_set(err, GN_EINPUT, where, 0, "the graph has a cycle: %s", cyc);
  }
  free(indeg);
  g->finalized = 1;
  return GN_OK;
}

void taskgraph_stats_compute(const taskgraph *g, taskgraph_stats *st) {
  memset(st, 0, sizeof *st);
  st->n_tasks = g->n_tasks;
  st->n_edges = g->n_edges;
  for (int t = 0; t < g->n_tasks; t++) {
    st->total_load += g->load[t];
    if (g->load[t] > st->max_load)
      st->max_load = g->load[t];
  }
  for (int e = 0; e < g->n_edges; e++)
    st->total_volume += g->edge[e].volume;
  double *finish = malloc((size_t)g->n_tasks * sizeof *finish);
  int *levels = malloc((size_t)g->n_tasks * sizeof *levels);
  if (finish && levels) {
    for (int k = 0; k < g->n_tasks; k++) {
      int t = g->topo[k];
      double start = 0;
      int lv = 0;
      for (int j = g->pred_off[t]; j < g->pred_off[t + 1]; j++) {
        int p = g->edge[g->pred_edge[j]].src;
        if (finish[p] > start)
          start = finish[p];
        if (levels[p] > lv)
          lv = levels[p];
      }
      finish[t] = start + g->load[t];
      levels[t] = lv + 1;
      if (finish[t] > st->cp_length)
        st->cp_length = finish[t];
      if (levels[t] > st->depth)
        st->depth = levels[t];
    }
  }
  free(finish);
  free(levels);
  st->parallelism = st->cp_length > 0 ? st->total_load / st->cp_length : 0;
  st->ccr = st->total_load > 0 ? st->total_volume / st->total_load : 0;
}

taskgraph *taskgraph_clone(const taskgraph *g) {
  taskgraph *c = taskgraph_new();
  if (!c)
    return NULL;
  for (int t = 0; t < g->n_tasks; t++)
    if (taskgraph_add_task(c, g->name[t], g->load[t], NULL) < 0)
      goto fail;
  for (int e = 0; e < g->n_edges; e++)
    if (taskgraph_add_edge(c, g->edge[e].src, g->edge[e].dst, g->edge[e].volume, NULL) < 0)
      goto fail;
  if (g->info) {
    c->info = malloc(strlen(g->info) + 1);
    if (!c->info)
      goto fail;
    strcpy(c->info, g->info);
  }
  if (g->finalized && taskgraph_finalize(c, NULL, NULL) < 0)
    goto fail;
  return c;
fail:
  taskgraph_free(c);
  return NULL;
}

int taskgraph_has_comm(const taskgraph *g, double comm_factor) {
  for (int e = 0; e < g->n_edges; e++)
    if (comm_factor * g->edge[e].volume > 0)
      return 1;
  return 0;
}
