/* mip_glpk: the MIP solver backed by GLPK (simplex for the relaxation, then branch-and-cut; the start solution and
 * the best bound go through the search callback, the only place GLPK exposes them). */
#include "mip.h"

#include <glpk.h>
#include <math.h>
#include <stdlib.h>
#include <time.h>

typedef struct glpk_ctx {
  const mip_model *m;
  const mip_limits *lim;
  int start_given;
  long nodes;
  double best_bound;
  double deadline_s; /* process CPU time: GLPK's own limit counts wall time, which a loaded machine stretches */
} glpk_ctx;

static double cpu_s(void) { return (double)clock() / CLOCKS_PER_SEC; }

static void on_tree(glp_tree *tree, void *info) {
  glpk_ctx *c = info;
  if (glp_ios_reason(tree) == GLP_IHEUR && c->lim->start && !c->start_given) {
    c->start_given = 1;
    double *x = malloc(((size_t)c->m->n_cols + 1) * sizeof *x);
    if (x) { /* without memory the search simply goes on without the start */
      for (int j = 0; j < c->m->n_cols; j++)
        x[j + 1] = c->lim->start[j];
      glp_ios_heur_sol(tree, x);
      free(x);
    }
  }
  if (glp_ios_reason(tree) == GLP_ISELECT &&
      ((c->lim->max_nodes > 0 && ++c->nodes > c->lim->max_nodes) || cpu_s() > c->deadline_s))
    glp_ios_terminate(tree); /* max_nodes: a budget that, unlike time, gives the same answer on every machine */
  int best = glp_ios_best_node(tree);
  if (best) {
    double b = glp_ios_node_bound(tree, best);
    if (b > c->best_bound)
      c->best_bound = b;
  }
}

static int row_type(double lo, double hi) {
  if (isinf(lo) && isinf(hi))
    return GLP_FR;
  if (isinf(hi))
    return GLP_LO;
  if (isinf(lo))
    return GLP_UP;
  return lo == hi ? GLP_FX : GLP_DB;
}

static glp_prob *load(const mip_model *m, gn_error *err) {
  glp_prob *lp = glp_create_prob();
  glp_set_obj_dir(lp, GLP_MIN);
  if (m->n_rows)
    glp_add_rows(lp, m->n_rows);
  if (m->n_cols)
    glp_add_cols(lp, m->n_cols);
  for (int i = 0; i < m->n_rows; i++)
    glp_set_row_bnds(lp, i + 1, row_type(m->row_lo[i], m->row_hi[i]), m->row_lo[i], m->row_hi[i]);
  for (int j = 0; j < m->n_cols; j++) {
    glp_set_col_bnds(lp, j + 1, row_type(m->col_lo[j], m->col_hi[j]), m->col_lo[j], m->col_hi[j]);
    glp_set_obj_coef(lp, j + 1, m->obj[j]);
    if (m->col_int[j])
      glp_set_col_kind(lp, j + 1, GLP_IV);
  }
  int *ia = malloc(((size_t)m->n_nz + 1) * sizeof *ia), *ja = malloc(((size_t)m->n_nz + 1) * sizeof *ja);
  double *ar = malloc(((size_t)m->n_nz + 1) * sizeof *ar);
  if (!ia || !ja || !ar) {
    free(ia);
    free(ja);
    free(ar);
    glp_delete_prob(lp);
    gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
    return NULL;
  }
  for (int k = 0; k < m->n_nz; k++) {
    ia[k + 1] = m->nz_row[k] + 1;
    ja[k + 1] = m->nz_col[k] + 1;
    ar[k + 1] = m->nz_val[k];
  }
  glp_load_matrix(lp, m->n_nz, ia, ja, ar);
  free(ia);
  free(ja);
  free(ar);
  return lp;
}

static int glpk_solve(const mip_model *m, const mip_limits *lim, mip_result *res, gn_error *err) {
  int old_out = glp_term_out(GLP_OFF); /* libraries never print */
  glp_prob *lp = load(m, err);
  if (!lp) {
    glp_term_out(old_out);
    return GN_ENOMEM;
  }
  /* The simplex can only be stopped by wall time (never shorter than CPU time, so the limit holds); the
   * branch and bound is stopped by the callback on CPU time, with wall time as a backstop at 50 times the limit
   * (a shared machine stretches wall time that much). */
  double limit_ms = lim->seconds * 1000 < 2e9 ? lim->seconds * 1000 : 2e9;
  double backstop_ms = 50 * limit_ms < 2e9 ? 50 * limit_ms : 2e9;
  glpk_ctx c = {m, lim, 0, 0, -HUGE_VAL, cpu_s() + lim->seconds};
  res->status = MIP_UNKNOWN;
  res->bound = -HUGE_VAL;
  glp_smcp smcp;
  glp_init_smcp(&smcp);
  smcp.msg_lev = GLP_MSG_OFF;
  smcp.tm_lim = (int)limit_ms;
  int lp_rc = glp_simplex(lp, &smcp);
  if (lp_rc == 0 && glp_get_status(lp) == GLP_NOFEAS)
    res->status = MIP_INFEASIBLE;
  else if (lp_rc == 0 && glp_get_status(lp) == GLP_OPT) {
    res->bound = glp_get_obj_val(lp);
    glp_iocp iocp;
    glp_init_iocp(&iocp);
    iocp.msg_lev = GLP_MSG_OFF;
    iocp.tm_lim = (int)backstop_ms;
    iocp.cb_func = on_tree;
    iocp.cb_info = &c;
    int rc = glp_intopt(lp, &iocp);
    int status = glp_mip_status(lp);
    if (status == GLP_OPT)
      res->status = MIP_OPTIMAL;
    else if (status == GLP_NOFEAS && rc == 0)
      res->status = MIP_INFEASIBLE;
    else if (status == GLP_FEAS)
      res->status = MIP_FEASIBLE;
    if (res->status == MIP_OPTIMAL || res->status == MIP_FEASIBLE) {
      res->objective = glp_mip_obj_val(lp);
      for (int j = 0; j < m->n_cols; j++)
        res->x[j] = glp_mip_col_val(lp, j + 1);
    }
    if (c.best_bound > res->bound)
      res->bound = c.best_bound;
    if (res->status == MIP_OPTIMAL)
      res->bound = res->objective;
  }
  glp_delete_prob(lp);
  glp_term_out(old_out);
  /* GLPK keeps a per-process environment; freeing it after each solve leaves nothing behind for leak checkers
   * (the next call re-creates it). */
  glp_free_env();
  return GN_OK;
}

const mip_solver mip_glpk = {"glpk", "GLPK 5 branch-and-cut", glpk_solve};
