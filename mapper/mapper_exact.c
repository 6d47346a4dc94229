/* mapper_exact: reference mapper — the true optimum for small graphs, as a mixed-integer program solved by GLPK
 * with a time limit; when the limit stops it, the best solution found and the best proven bound come back.
 *
 * Model: x[t][s] = 1 when task t is in stage s; sum_s x[t][s] = 1; every stage gets a task; an edge u -> v
 * keeps v no earlier than u (for each s: sum_{s' <= s} x[v][s'] <= sum_{s' <= s} x[u][s']); z[e][s] >= x[u][s] -
 * x[v][s] is 1 when stage s pays edge e (the sender pays, DPMA paper); stage cost = sum load x + comm_factor *
 * sum volume z <= T; minimise T, with T >= the lower bound of partition.h.
 * The solver's first incumbent is the best result of every other mapper of the registry followed by refine
 * (default options, the same seed), so a solution always exists even if the time limit strikes early, and
 * exact is never worse than any of them. Models over max_vars binary+comm variables (tasks + paid edges) x N are
 * not built: the incumbent comes back as "feasible" with the lower bound as its bound.
 * Determinism: a proof of optimality is the same everywhere; a search stopped by the time limit depends on the
 * machine's speed, one stopped by max_nodes (subproblems selected) does not. */
#include "mapper.h"

#include <glpk.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct exact_model {
  const taskgraph *g;
  int n_stages;
  int n_paid;       /* edges whose communication costs something (z variables exist for them) */
  int *paid_edge;   /* their edge ids */
  const partition *start; /* incumbent handed to the solver */
  double start_period;
  int start_given;
  double best_bound;
  long max_nodes;   /* 0 = no limit; else the search stops after this many subproblem selections */
  long nodes;
} exact_model;

static int col_x(const exact_model *m, int t, int s) { return 1 + t * m->n_stages + s; }
static int col_z(const exact_model *m, int i, int s) { return 1 + m->g->n_tasks * m->n_stages + i * m->n_stages + s; }
static int col_t(const exact_model *m) { return 1 + (m->g->n_tasks + m->n_paid) * m->n_stages; }

/* Sparse rows collected for glp_load_matrix (1-based arrays). */
typedef struct triplets {
  int *ia, *ja;
  double *ar;
  int n, cap;
} triplets;

static int push(triplets *tr, int row, int col, double v) {
  if (tr->n + 1 >= tr->cap) {
    int cap = tr->cap ? tr->cap * 2 : 1024;
    int *ia = realloc(tr->ia, (size_t)cap * sizeof *ia);
    if (ia)
      tr->ia = ia;
    int *ja = realloc(tr->ja, (size_t)cap * sizeof *ja);
    if (ja)
      tr->ja = ja;
    double *ar = realloc(tr->ar, (size_t)cap * sizeof *ar);
    if (ar)
      tr->ar = ar;
    if (!ia || !ja || !ar)
      return GN_ENOMEM;
    tr->cap = cap;
  }
  tr->n++;
  tr->ia[tr->n] = row;
  tr->ja[tr->n] = col;
  tr->ar[tr->n] = v;
  return GN_OK;
}

static int add_row(glp_prob *lp, int type, double lo, double hi) {
  int r = glp_add_rows(lp, 1);
  glp_set_row_bnds(lp, r, type, lo, hi);
  return r;
}

static int build(glp_prob *lp, const exact_model *m, double comm_factor, triplets *tr) {
  const taskgraph *g = m->g;
  int N = m->n_stages, rc = GN_OK;
  glp_set_obj_dir(lp, GLP_MIN);
  glp_add_cols(lp, col_t(m));
  for (int t = 0; t < g->n_tasks; t++)
    for (int s = 0; s < N; s++)
      glp_set_col_kind(lp, col_x(m, t, s), GLP_BV);
  for (int i = 0; i < m->n_paid; i++)
    for (int s = 0; s < N; s++)
      glp_set_col_bnds(lp, col_z(m, i, s), GLP_DB, 0, 1);
  glp_set_col_bnds(lp, col_t(m), GLP_LO, partition_lower_bound(g, N), 0);
  glp_set_obj_coef(lp, col_t(m), 1);
  for (int t = 0; t < g->n_tasks && rc == GN_OK; t++) {
    int r = add_row(lp, GLP_FX, 1, 1);
    for (int s = 0; s < N && rc == GN_OK; s++)
      rc = push(tr, r, col_x(m, t, s), 1);
  }
  for (int s = 0; s < N && rc == GN_OK; s++) {
    int r = add_row(lp, GLP_LO, 1, 0);
    for (int t = 0; t < g->n_tasks && rc == GN_OK; t++)
      rc = push(tr, r, col_x(m, t, s), 1);
  }
  for (int e = 0; e < g->n_edges && rc == GN_OK; e++)
    for (int s = 0; s + 1 < N && rc == GN_OK; s++) {
      int r = add_row(lp, GLP_UP, 0, 0);
      for (int q = 0; q <= s && rc == GN_OK; q++) {
        rc = push(tr, r, col_x(m, g->edge[e].dst, q), 1);
        if (rc == GN_OK)
          rc = push(tr, r, col_x(m, g->edge[e].src, q), -1);
      }
    }
  for (int i = 0; i < m->n_paid && rc == GN_OK; i++)
    for (int s = 0; s < N && rc == GN_OK; s++) {
      const tg_edge *e = &g->edge[m->paid_edge[i]];
      int r = add_row(lp, GLP_LO, 0, 0);
      rc = push(tr, r, col_z(m, i, s), 1);
      if (rc == GN_OK)
        rc = push(tr, r, col_x(m, e->src, s), -1);
      if (rc == GN_OK)
        rc = push(tr, r, col_x(m, e->dst, s), 1);
    }
  for (int s = 0; s < N && rc == GN_OK; s++) {
    int r = add_row(lp, GLP_UP, 0, 0);
    for (int t = 0; t < g->n_tasks && rc == GN_OK; t++)
      if (g->load[t] != 0)
        rc = push(tr, r, col_x(m, t, s), g->load[t]);
    for (int i = 0; i < m->n_paid && rc == GN_OK; i++)
      rc = push(tr, r, col_z(m, i, s), comm_factor * g->edge[m->paid_edge[i]].volume);
    if (rc == GN_OK)
      rc = push(tr, r, col_t(m), -1);
  }
  if (rc == GN_OK)
    glp_load_matrix(lp, tr->n, tr->ia, tr->ja, tr->ar);
  return rc;
}

/* Branch-and-cut callback: hands over the chains incumbent once, and records the best bound of the open nodes
 * (GLPK exposes it only here). */
static void on_tree(glp_tree *tree, void *info) {
  exact_model *m = info;
  if (glp_ios_reason(tree) == GLP_IHEUR && !m->start_given) {
    m->start_given = 1;
    const taskgraph *g = m->g;
    double *x = calloc((size_t)col_t(m) + 1, sizeof *x);
    if (!x)
      return; /* the search goes on without the incumbent */
    for (int t = 0; t < g->n_tasks; t++)
      x[col_x(m, t, m->start->stage[t])] = 1;
    for (int i = 0; i < m->n_paid; i++) {
      const tg_edge *e = &g->edge[m->paid_edge[i]];
      if (m->start->stage[e->src] != m->start->stage[e->dst])
        x[col_z(m, i, m->start->stage[e->src])] = 1;
    }
    x[col_t(m)] = m->start_period;
    glp_ios_heur_sol(tree, x);
    free(x);
  }
  if (glp_ios_reason(tree) == GLP_ISELECT && m->max_nodes > 0 && ++m->nodes > m->max_nodes)
    glp_ios_terminate(tree); /* a budget that, unlike the time limit, gives the same answer on every machine */
  int best = glp_ios_best_node(tree);
  if (best) {
    double b = glp_ios_node_bound(tree, best);
    if (b > m->best_bound)
      m->best_bound = b;
  }
}

/* The incumbent: the lowest period over the other mappers, each followed by refine. */
static int best_heuristic(const taskgraph *g, const mapper_params *params, partition **best, double *best_period,
                          gn_error *err) {
  mapper_params hp = *params;
  hp.options = NULL; /* the options given are exact's own */
  *best = NULL;
  *best_period = INFINITY;
  int rc = GN_OK;
  for (int i = 0; mapper_registry[i] && rc == GN_OK; i++) {
    if (mapper_registry[i] == &mapper_exact)
      continue;
    char name[64];
    snprintf(name, sizeof name, "%s+refine", mapper_registry[i]->name);
    partition *p;
    partition_metrics pm;
    rc = mapper_run_by_name(name, g, &hp, &p, err);
    if (rc == GN_OK)
      rc = partition_evaluate(g, p, params->comm_factor, &pm, err);
    if (rc == GN_OK && pm.period < *best_period) {
      *best_period = pm.period;
      partition_free(*best);
      *best = p;
    } else
      partition_free(p);
  }
  if (rc) {
    partition_free(*best);
    *best = NULL;
  }
  return rc;
}

static const char *const exact_options[] = {"max_vars", "max_nodes", NULL};

int mapper_exact_solve(const taskgraph *g, const mapper_params *params, partition *out, mapper_exact_result *res,
                       gn_error *err) {
  long max_vars;
  int rc = mapper_options_check("exact", params->options, exact_options, err);
  if (rc == GN_OK)
    rc = mapper_option_long("exact", params->options, "max_vars", 20000, 1, 100000000L, &max_vars, err);
  long max_nodes;
  if (rc == GN_OK)
    rc = mapper_option_long("exact", params->options, "max_nodes", 0, 0, 1000000000L, &max_nodes, err);
  if (rc)
    return rc;
  int N = params->n_stages;
  exact_model m = {.g = g, .n_stages = N, .best_bound = partition_lower_bound(g, N), .max_nodes = max_nodes};
  int integral = partition_costs_integral(g, params->comm_factor);
  if (integral) /* whole-number stage costs: the optimal period is a whole number too */
    m.best_bound = ceil(m.best_bound - 1e-9);
  m.paid_edge = malloc((size_t)(g->n_edges > 0 ? g->n_edges : 1) * sizeof *m.paid_edge);
  if (!m.paid_edge)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (int e = 0; e < g->n_edges; e++)
    if (params->comm_factor * g->edge[e].volume > 0)
      m.paid_edge[m.n_paid++] = e;
  partition *start = NULL;
  rc = best_heuristic(g, params, &start, &m.start_period, err);
  if (rc) {
    free(m.paid_edge);
    return rc;
  }
  m.start = start;

  int old_out = glp_term_out(GLP_OFF); /* libraries never print */
  glp_prob *lp = glp_create_prob();
  triplets tr = {0};
  /* An incumbent at the lower bound is optimal already: no search needed. A model over max_vars is not built:
   * the incumbent comes back as "feasible" with the lower bound as its bound. */
  res->optimal = m.start_period <= m.best_bound * (1 + 1e-12);
  int search = !res->optimal && (double)(g->n_tasks + m.n_paid) * N <= (double)max_vars;
  if (search)
    rc = build(lp, &m, params->comm_factor, &tr);
  double limit_s = params->time_limit_s > 0 ? params->time_limit_s : 60;
  double limit_ms = limit_s * 1000 < 2e9 ? limit_s * 1000 : 2e9;
  int solved = 0;
  if (rc == GN_OK && search) {
    glp_smcp smcp;
    glp_init_smcp(&smcp);
    smcp.msg_lev = GLP_MSG_OFF;
    smcp.tm_lim = (int)limit_ms;
    if (glp_simplex(lp, &smcp) == 0 && glp_get_status(lp) == GLP_OPT) {
      glp_iocp iocp;
      glp_init_iocp(&iocp);
      iocp.msg_lev = GLP_MSG_OFF;
      iocp.tm_lim = (int)limit_ms;
      iocp.cb_func = on_tree;
      iocp.cb_info = &m;
      glp_intopt(lp, &iocp);
      int status = glp_mip_status(lp);
      solved = status == GLP_OPT || status == GLP_FEAS;
      res->optimal = status == GLP_OPT;
    }
  }
  if (rc == GN_OK) {
    if (solved) {
      for (int t = 0; t < g->n_tasks; t++)
        for (int s = 0; s < N; s++)
          if (glp_mip_col_val(lp, col_x(&m, t, s)) > 0.5)
            out->stage[t] = s;
    } else {
      memcpy(out->stage, start->stage, (size_t)g->n_tasks * sizeof *out->stage);
    }
    partition_metrics pm;
    rc = partition_evaluate(g, out, params->comm_factor, &pm, err);
    res->period = pm.period;
    double bound = integral ? ceil(m.best_bound - 1e-9) : m.best_bound;
    res->bound = res->optimal ? res->period : (bound < res->period ? bound : res->period);
  } else
    gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  glp_delete_prob(lp);
  glp_term_out(old_out);
  /* GLPK keeps a per-process environment; freeing it after each solve leaves nothing behind for leak checkers
   * (the next call re-creates it). */
  glp_free_env();
  free(tr.ia);
  free(tr.ja);
  free(tr.ar);
  free(m.paid_edge);
  partition_free(start);
  return rc;
}

static int exact_run(const taskgraph *g, const mapper_params *params, partition *out, gn_error *err) {
  mapper_exact_result res;
  return mapper_exact_solve(g, params, out, &res, err);
}

const mapper mapper_exact = {"exact",
                             "reference: true optimum by MIP (GLPK) within the time limit; else best found + bound "
                             "(options max_vars, max_nodes)",
                             exact_run};
