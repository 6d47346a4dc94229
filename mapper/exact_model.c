/* exact_model: rows of the exact mapper's MIP. y[t][s] outside t's window is a constant (0 before, 1 from the
 * last stage on), so a row's constant terms fold into its bounds and rows with nothing left are dropped. */
#include "exact_model.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A row being assembled: sum coef * column + constant, kept against [lo, hi]. */
typedef struct row_terms {
  int n, cap;
  int *col;
  double *coef;
  double constant;
} row_terms;

static int term(row_terms *r, int col, double coef) {
  if (r->n == r->cap) {
    int cap = r->cap ? 2 * r->cap : 64;
    int *c = realloc(r->col, (size_t)cap * sizeof *c);
    if (c)
      r->col = c;
    double *k = realloc(r->coef, (size_t)cap * sizeof *k);
    if (k)
      r->coef = k;
    if (!c || !k)
      return GN_ENOMEM;
    r->cap = cap;
  }
  r->col[r->n] = col;
  r->coef[r->n++] = coef;
  return GN_OK;
}

/* y[t][s] into r with coefficient coef (a constant outside the window). */
static int add_y(const exact_model *em, row_terms *r, int t, int s, double coef) {
  if (s < 0 || s < em->first[t])
    return GN_OK;
  if (s >= em->last[t]) {
    r->constant += coef;
    return GN_OK;
  }
  return term(r, em->y_col[t] + s - em->first[t], coef);
}

/* x[t][s] = y[t][s] - y[t][s-1]. */
static int add_x(const exact_model *em, row_terms *r, int t, int s, double coef) {
  int rc = add_y(em, r, t, s, coef);
  return rc ? rc : add_y(em, r, t, s - 1, -coef);
}

/* Emit lo <= row <= hi; a row without columns only checks its constant (a violated one empties the model). */
static int emit(exact_model *em, row_terms *r, double lo, double hi) {
  int rc = GN_OK;
  double tol = 1e-9 * (fabs(hi) > 1 && isfinite(hi) ? fabs(hi) : 1);
  if (r->n == 0) {
    if (r->constant < lo - tol || r->constant > hi + tol)
      em->empty = 1;
  } else {
    int row = mip_add_row(&em->mip, lo - r->constant, hi - r->constant);
    if (row < 0)
      rc = GN_ENOMEM;
    for (int k = 0; k < r->n && rc == GN_OK; k++)
      rc = mip_add_coef(&em->mip, row, r->col[k], r->coef[k]);
  }
  r->n = 0;
  r->constant = 0;
  return rc;
}

/* Windows made consistent along the edges: a successor starts no earlier, a predecessor ends no later. */
static void consistent(const taskgraph *g, int *first, int *last) {
  int n = g->n_tasks;
  for (int k = 0; k < n; k++) {
    int u = g->topo[k];
    for (int j = g->succ_off[u]; j < g->succ_off[u + 1]; j++) {
      int v = g->edge[g->succ_edge[j]].dst;
      if (first[v] < first[u])
        first[v] = first[u];
    }
  }
  for (int k = n - 1; k >= 0; k--) {
    int u = g->topo[k];
    for (int j = g->succ_off[u]; j < g->succ_off[u + 1]; j++) {
      int v = g->edge[g->succ_edge[j]].dst;
      if (last[u] > last[v])
        last[u] = last[v];
    }
  }
}

/* Load of (set(t) + t) minus the tasks in `taken`, with t's strict ancestors (or descendants) as set(t). */
static double load_outside(const taskgraph *g, const taskgraph_reach *reach, const uint64_t *set, int t,
                           const uint64_t *taken) {
  double load = taskgraph_reach_has(taken, t) ? 0 : g->load[t];
  for (size_t w = 0; w < reach->words; w++) {
    uint64_t bits = set[w] & ~taken[w];
    while (bits) {
      int b = __builtin_ctzll(bits);
      bits &= bits - 1;
      load += g->load[(int)(w * 64) + b];
    }
  }
  return load;
}

/* Energetic reasoning on the windows: the tasks that must sit in stages 0..s (last <= s) fill at most (s+1) T;
 * a task t placed there brings its ancestors along, so when they no longer fit, first[t] > s. Likewise for the
 * suffix s+1..N-1 and descendants. 1 when a window changed (0 also when a window emptied). */
static int prune(const taskgraph *g, const taskgraph_reach *reach, int N, double T, int *first, int *last) {
  int n = g->n_tasks, changed = 0;
  double tol = 1e-9 * T;
  uint64_t *taken = malloc(reach->words * sizeof *taken);
  if (!taken)
    return 0; /* pruning is an optimisation: without memory the windows stay as they are */
  for (int s = 0; s + 1 < N; s++) {
    for (int side = 0; side < 2; side++) {
      memset(taken, 0, reach->words * sizeof *taken);
      double load = 0, cap = side ? (N - 1 - s) * T : (s + 1) * T;
      for (int t = 0; t < n; t++)
        if (side ? first[t] > s : last[t] <= s) {
          taken[t >> 6] |= (uint64_t)1 << (t & 63);
          load += g->load[t];
        }
      if (load > cap + tol) { /* the forced tasks alone overflow: no partition (an empty window says so) */
        first[0] = last[0] + 1;
        free(taken);
        return 0;
      }
      for (int t = 0; t < n; t++) {
        if (first[t] > s || last[t] <= s)
          continue; /* already on one side */
        const uint64_t *set = (side ? reach->desc : reach->anc) + (size_t)t * reach->words;
        if (load + load_outside(g, reach, set, t, taken) > cap + tol) {
          if (side)
            last[t] = s;
          else
            first[t] = s + 1;
          changed = 1;
        }
      }
    }
  }
  free(taken);
  return changed;
}

/* Stage windows for period T: the ancestors (with t) fill stages 0..stage(t), the descendants (with t) stages
 * stage(t)..N-1, and every other stage needs a task that is neither. Then made consistent along the edges. */
void exact_model_windows(const taskgraph *g, const taskgraph_reach *reach, int N, double T, int *first, int *last) {
  int n = g->n_tasks;
  for (int t = 0; t < n; t++) {
    double up = reach->anc_load[t] + g->load[t], down = reach->desc_load[t] + g->load[t];
    int lo = N - n + reach->anc_count[t], hi = n - 1 - reach->desc_count[t];
    if (T > 0) {
      int by_load = (int)fmin(ceil(up / T - 1e-9) - 1, (double)N);
      if (by_load > lo)
        lo = by_load;
      by_load = (int)fmax(N - ceil(down / T - 1e-9), -1.0);
      if (by_load < hi)
        hi = by_load;
    }
    first[t] = lo > 0 ? lo : 0;
    last[t] = hi < N - 1 ? hi : N - 1;
  }
  consistent(g, first, last);
  for (int round = 0; round < 8 && T > 0 && prune(g, reach, N, T, first, last); round++)
    consistent(g, first, last);
}

/* Same load, same predecessors, same successors (same volumes when they cost): interchangeable tasks. */
static int twins(const taskgraph *g, double comm_factor, int a, int b) {
  if (g->load[a] != g->load[b] || taskgraph_in_degree(g, a) != taskgraph_in_degree(g, b) ||
      taskgraph_out_degree(g, a) != taskgraph_out_degree(g, b))
    return 0;
  for (int side = 0; side < 2; side++) {
    const int *off = side ? g->succ_off : g->pred_off, *edges = side ? g->succ_edge : g->pred_edge;
    for (int i = off[a]; i < off[a + 1]; i++) {
      const tg_edge *ea = &g->edge[edges[i]];
      int other = side ? ea->dst : ea->src, found = 0;
      for (int j = off[b]; j < off[b + 1] && !found; j++) {
        const tg_edge *eb = &g->edge[edges[j]];
        found = (side ? eb->dst : eb->src) == other && (comm_factor == 0 || eb->volume == ea->volume);
      }
      if (!found)
        return 0;
    }
  }
  return 1;
}

static uint64_t neighbour_hash(const taskgraph *g, int t) {
  uint64_t h = (uint64_t)taskgraph_in_degree(g, t) * 1000003u + (uint64_t)taskgraph_out_degree(g, t);
  for (int i = g->pred_off[t]; i < g->pred_off[t + 1]; i++)
    h += (uint64_t)(g->edge[g->pred_edge[i]].src + 1) * 0x9E3779B97F4A7C15u;
  for (int i = g->succ_off[t]; i < g->succ_off[t + 1]; i++)
    h += (uint64_t)(g->edge[g->succ_edge[i]].dst + 1) * 0xC2B2AE3D27D4EB4Fu;
  return h;
}

/* Twins in stage order, the smaller id first: stage(a) <= stage(b), i.e. y[b][s] <= y[a][s]. Candidates are
 * tasks with equal load and equal neighbour hash; each is tied to the previous twin of its class. */
static int order_twins(const taskgraph *g, double comm_factor, exact_model *em, row_terms *r) {
  int n = g->n_tasks, rc = GN_OK;
  uint64_t *hash = malloc((size_t)n * sizeof *hash);
  int *prev = malloc((size_t)n * sizeof *prev);
  if (!hash || !prev) {
    free(hash);
    free(prev);
    return GN_ENOMEM;
  }
  for (int t = 0; t < n; t++)
    hash[t] = neighbour_hash(g, t);
  for (int b = 0; b < n && rc == GN_OK; b++) {
    prev[b] = -1;
    for (int a = b - 1; a >= 0 && prev[b] < 0; a--)
      if (hash[a] == hash[b] && twins(g, comm_factor, a, b))
        prev[b] = a;
    for (int s = 0; prev[b] >= 0 && s < em->n_stages - 1 && rc == GN_OK; s++) {
      rc = add_y(em, r, b, s, 1);
      if (rc == GN_OK)
        rc = add_y(em, r, prev[b], s, -1);
      if (rc == GN_OK)
        rc = emit(em, r, -HUGE_VAL, 0);
    }
  }
  free(hash);
  free(prev);
  return rc;
}

static int add_columns(const taskgraph *g, double comm_factor, exact_model *em, long max_cols, int *too_big) {
  int n = g->n_tasks;
  long cols = 0;
  for (int t = 0; t < n; t++)
    cols += em->last[t] - em->first[t];
  for (int e = 0; e < g->n_edges; e++) {
    int u = g->edge[e].src, v = g->edge[e].dst;
    em->z_col[e] = -1;
    em->z_first[e] = em->first[u];
    em->z_count[e] = 0;
    if (comm_factor * g->edge[e].volume > 0) { /* u in stage s < last[v] may pay */
      int end = em->last[u] < em->last[v] - 1 ? em->last[u] : em->last[v] - 1;
      em->z_count[e] = end >= em->first[u] ? end - em->first[u] + 1 : 0;
      cols += em->z_count[e];
    }
  }
  if (max_cols > 0 && cols > max_cols) {
    *too_big = 1;
    return GN_OK;
  }
  for (int t = 0; t < n; t++)
    for (int s = em->first[t]; s < em->last[t]; s++) {
      int c = mip_add_col(&em->mip, 0, 1, 0, 1);
      if (c < 0)
        return GN_ENOMEM;
      if (s == em->first[t])
        em->y_col[t] = c;
    }
  for (int e = 0; e < g->n_edges; e++)
    for (int k = 0; k < em->z_count[e]; k++) {
      int c = mip_add_col(&em->mip, 0, 1, 0, 0);
      if (c < 0)
        return GN_ENOMEM;
      if (k == 0)
        em->z_col[e] = c;
    }
  return GN_OK;
}

static int add_rows(const taskgraph *g, const taskgraph_reach *reach, double comm_factor, double T, exact_model *em,
                    row_terms *r) {
  int n = g->n_tasks, N = em->n_stages, rc = GN_OK;
  for (int t = 0; t < n && rc == GN_OK; t++) /* y[t][s] <= y[t][s+1] */
    for (int s = em->first[t]; s + 1 < em->last[t] && rc == GN_OK; s++) {
      rc = add_y(em, r, t, s, 1);
      if (rc == GN_OK)
        rc = add_y(em, r, t, s + 1, -1);
      if (rc == GN_OK)
        rc = emit(em, r, -HUGE_VAL, 0);
    }
  for (int e = 0; e < g->n_edges && rc == GN_OK; e++) { /* u -> v: y[v][s] <= y[u][s], reduction edges only */
    if (!reach->reduced[e])
      continue;
    int u = g->edge[e].src, v = g->edge[e].dst;
    for (int s = em->first[v]; s < em->last[u] && rc == GN_OK; s++) {
      rc = add_y(em, r, v, s, 1);
      if (rc == GN_OK)
        rc = add_y(em, r, u, s, -1);
      if (rc == GN_OK)
        rc = emit(em, r, -HUGE_VAL, 0);
    }
  }
  for (int e = 0; e < g->n_edges && rc == GN_OK; e++) /* z[e][s] >= x[u][s] - y[v][s] */
    for (int k = 0; k < em->z_count[e] && rc == GN_OK; k++) {
      int s = em->z_first[e] + k;
      rc = term(r, em->z_col[e] + k, 1);
      if (rc == GN_OK)
        rc = add_x(em, r, g->edge[e].src, s, -1);
      if (rc == GN_OK)
        rc = add_y(em, r, g->edge[e].dst, s, 1);
      if (rc == GN_OK)
        rc = emit(em, r, 0, HUGE_VAL);
    }
  for (int s = 0; s < N && rc == GN_OK; s++) { /* every stage holds a task */
    for (int t = 0; t < n && rc == GN_OK; t++)
      if (em->first[t] <= s && s <= em->last[t])
        rc = add_x(em, r, t, s, 1);
    if (rc == GN_OK)
      rc = emit(em, r, 1, HUGE_VAL);
  }
  for (int s = 0; s < N && rc == GN_OK; s++) { /* stage cost <= T (or <= the period column) */
    for (int t = 0; t < n && rc == GN_OK; t++)
      if (em->first[t] <= s && s <= em->last[t] && g->load[t] != 0)
        rc = add_x(em, r, t, s, g->load[t]);
    for (int e = 0; e < g->n_edges && rc == GN_OK; e++) {
      int k = s - em->z_first[e];
      if (k >= 0 && k < em->z_count[e])
        rc = term(r, em->z_col[e] + k, comm_factor * g->edge[e].volume);
    }
    if (rc == GN_OK && em->period_col >= 0)
      rc = term(r, em->period_col, -1);
    if (rc == GN_OK)
      rc = emit(em, r, -HUGE_VAL, em->period_col >= 0 ? 0 : T);
  }
  return rc;
}

int exact_model_build(const taskgraph *g, const taskgraph_reach *reach, int n_stages, double comm_factor, double T,
                      int optimise, double period_lo, long max_cols, exact_model *em, int *too_big, gn_error *err) {
  int n = g->n_tasks;
  memset(em, 0, sizeof *em);
  *too_big = 0;
  em->n_tasks = n;
  em->n_stages = n_stages;
  em->period_col = -1;
  em->first = malloc((size_t)n * sizeof *em->first);
  em->last = malloc((size_t)n * sizeof *em->last);
  em->y_col = malloc((size_t)n * sizeof *em->y_col);
  em->z_col = malloc(((size_t)g->n_edges + 1) * sizeof *em->z_col);
  em->z_first = malloc(((size_t)g->n_edges + 1) * sizeof *em->z_first);
  em->z_count = malloc(((size_t)g->n_edges + 1) * sizeof *em->z_count);
  if (!em->first || !em->last || !em->y_col || !em->z_col || !em->z_first || !em->z_count)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  exact_model_windows(g, reach, n_stages, T, em->first, em->last);
  for (int t = 0; t < n; t++)
    if (em->first[t] > em->last[t])
      em->empty = 1;
  if (em->empty)
    return GN_OK;
  int rc = add_columns(g, comm_factor, em, max_cols, too_big);
  if (rc == GN_OK && !*too_big && optimise) {
    em->period_col = mip_add_col(&em->mip, period_lo, T, 1, 0);
    if (em->period_col < 0)
      rc = GN_ENOMEM;
  }
  row_terms r = {0};
  if (rc == GN_OK && !*too_big)
    rc = add_rows(g, reach, comm_factor, T, em, &r);
  if (rc == GN_OK && !*too_big)
    rc = order_twins(g, comm_factor, em, &r);
  free(r.col);
  free(r.coef);
  return rc ? gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory (exact model)") : GN_OK;
}

void exact_model_free(exact_model *em) {
  mip_model_free(&em->mip);
  free(em->first);
  free(em->last);
  free(em->y_col);
  free(em->z_col);
  free(em->z_first);
  free(em->z_count);
  memset(em, 0, sizeof *em);
}

void exact_model_partition(const exact_model *em, const double *x, partition *out) {
  for (int t = 0; t < em->n_tasks; t++) {
    int s = em->first[t];
    while (s < em->last[t] && x[em->y_col[t] + s - em->first[t]] < 0.5)
      s++;
    out->stage[t] = s;
  }
}

void exact_model_encode(const exact_model *em, const taskgraph *g, const partition *p, double period, double *x) {
  for (int t = 0; t < em->n_tasks; t++)
    for (int s = em->first[t]; s < em->last[t]; s++)
      x[em->y_col[t] + s - em->first[t]] = p->stage[t] <= s;
  for (int e = 0; e < g->n_edges; e++)
    for (int k = 0; k < em->z_count[e]; k++) {
      int s = em->z_first[e] + k;
      x[em->z_col[e] + k] = p->stage[g->edge[e].src] == s && p->stage[g->edge[e].dst] > s;
    }
  if (em->period_col >= 0)
    x[em->period_col] = period;
}
