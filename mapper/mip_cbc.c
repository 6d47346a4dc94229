/* mip_cbc: the MIP solver backed by COIN-OR CBC through its C interface (single thread, silent). */
#include "mip.h"

#include <coin/Cbc_C_Interface.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <time.h>

/* CBC reads values at DBL_MAX as infinite. */
static double cbc_value(double v) { return isinf(v) ? (v > 0 ? DBL_MAX : -DBL_MAX) : v; }

/* The triplets as compressed columns (CBC's load format). */
static int to_columns(const mip_model *m, CoinBigIndex **start, int **index, double **value, double **lo,
                      double **hi, double **rlo, double **rhi) {
  *start = calloc((size_t)m->n_cols + 1, sizeof **start);
  *index = malloc(((size_t)m->n_nz + 1) * sizeof **index);
  *value = malloc(((size_t)m->n_nz + 1) * sizeof **value);
  *lo = malloc(((size_t)m->n_cols + 1) * sizeof **lo);
  *hi = malloc(((size_t)m->n_cols + 1) * sizeof **hi);
  *rlo = malloc(((size_t)m->n_rows + 1) * sizeof **rlo);
  *rhi = malloc(((size_t)m->n_rows + 1) * sizeof **rhi);
  if (!*start || !*index || !*value || !*lo || !*hi || !*rlo || !*rhi)
    return GN_ENOMEM;
  for (int k = 0; k < m->n_nz; k++)
    (*start)[m->nz_col[k] + 1]++;
  for (int j = 0; j < m->n_cols; j++)
    (*start)[j + 1] += (*start)[j];
  CoinBigIndex *fill = malloc(((size_t)m->n_cols + 1) * sizeof *fill);
  if (!fill)
    return GN_ENOMEM;
  for (int j = 0; j < m->n_cols; j++)
    fill[j] = (*start)[j];
  for (int k = 0; k < m->n_nz; k++) {
    CoinBigIndex at = fill[m->nz_col[k]]++;
    (*index)[at] = m->nz_row[k];
    (*value)[at] = m->nz_val[k];
  }
  free(fill);
  for (int j = 0; j < m->n_cols; j++) {
    (*lo)[j] = cbc_value(m->col_lo[j]);
    (*hi)[j] = cbc_value(m->col_hi[j]);
  }
  for (int i = 0; i < m->n_rows; i++) {
    (*rlo)[i] = cbc_value(m->row_lo[i]);
    (*rhi)[i] = cbc_value(m->row_hi[i]);
  }
  return GN_OK;
}

/* Seconds of process CPU time and of wall time, for the time CBC used. */
static void now_s(double *cpu, double *wall) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  *cpu = (double)clock() / CLOCKS_PER_SEC;
  *wall = (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cbc_solve(const mip_model *m, const mip_limits *lim, mip_result *res, gn_error *err) {
  CoinBigIndex *start;
  int *index;
  double *value, *lo, *hi, *rlo, *rhi;
  int rc = to_columns(m, &start, &index, &value, &lo, &hi, &rlo, &rhi);
  Cbc_Model *cbc = rc == GN_OK ? Cbc_newModel() : NULL;
  if (cbc) {
    Cbc_loadProblem(cbc, m->n_cols, m->n_rows, start, index, value, lo, hi, m->obj, rlo, rhi);
    for (int j = 0; j < m->n_cols; j++)
      if (m->col_int[j])
        Cbc_setInteger(cbc, j);
    Cbc_setLogLevel(cbc, 0); /* libraries never print */
    Cbc_setMaximumSeconds(cbc, lim->seconds);
    if (lim->max_nodes > 0)
      Cbc_setMaximumNodes(cbc, lim->max_nodes < 2000000000L ? (int)lim->max_nodes : 2000000000);
    if (lim->start && m->n_cols > 0) {
      int *all = malloc((size_t)m->n_cols * sizeof *all);
      if (all) { /* without memory the search simply goes on without the start */
        for (int j = 0; j < m->n_cols; j++)
          all[j] = j;
        Cbc_setMIPStartI(cbc, m->n_cols, all, lim->start);
        free(all);
      }
    }
    double cpu0, wall0, cpu1, wall1;
    now_s(&cpu0, &wall0);
    Cbc_solve(cbc);
    now_s(&cpu1, &wall1);
    /* CBC interrupted by its time limit inside the root LP reports "linear relaxation not feasible" (status 0,
     * secondary 1, proven infeasible) on a feasible model, without flagging the limit: seen at limits of 1e-6 ..
     * 1e-3 s. CBC's clock starts inside Cbc_solve, so a solve its limit stopped took at least the limit on
     * ours too: a proof is taken only from a solve that used under 90 % of its time less 2 ms (clock grain), by
     * both clocks (whichever CBC watches). */
    double in_limit = 0.9 * lim->seconds - 0.002;
    int in_time = cpu1 - cpu0 < in_limit && wall1 - wall0 < in_limit;
    /* Stopped by its time limit, CBC's column solution is whatever its LP solver holds at that moment (a
     * fractional relaxation, or nothing): the incumbent is Cbc_bestSolution (NULL when there is none). Read
     * a solution only from there, of the model's size and finite, and take a proof only from a search that was
     * not stopped (status 0, or -1 when the root alone settled it: then the column solution is the optimum). */
    int status = Cbc_status(cbc), whole = Cbc_getNumCols(cbc) == m->n_cols;
    int finished = in_time && (status == 0 || status == -1) && !Cbc_isAbandoned(cbc) && !Cbc_isSecondsLimitReached(cbc);
    const double *x = whole ? Cbc_bestSolution(cbc) : NULL;
    if (!x && whole && finished && Cbc_isProvenOptimal(cbc))
      x = Cbc_getColSolution(cbc);
    double objective = x ? Cbc_getObjValue(cbc) : NAN;
    if (x && !isfinite(objective))
      x = NULL;
    for (int j = 0; x && j < m->n_cols; j++)
      if (!isfinite(x[j]))
        x = NULL;
    if (finished && x && Cbc_isProvenOptimal(cbc))
      res->status = MIP_OPTIMAL;
    else if (finished && Cbc_isProvenInfeasible(cbc))
      res->status = MIP_INFEASIBLE;
    else
      res->status = x ? MIP_FEASIBLE : MIP_UNKNOWN;
    if (res->status == MIP_OPTIMAL || res->status == MIP_FEASIBLE) {
      res->objective = objective;
      for (int j = 0; j < m->n_cols; j++)
        res->x[j] = x[j];
    }
    /* A bound only from a search that ran: a stop inside the root LP may hold an "infeasible" (+inf) bound. */
    double best_possible = status >= 0 && (finished || !Cbc_isProvenInfeasible(cbc)) ? Cbc_getBestPossibleObjValue(cbc)
                                                                                     : -HUGE_VAL;
    res->bound = res->status == MIP_OPTIMAL ? res->objective : (isnan(best_possible) ? -HUGE_VAL : best_possible);
    Cbc_deleteModel(cbc);
  } else if (rc != GN_OK)
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  else /* the library is opened on first use (cbc_load.c) */
    rc = gn_error_set(err, GN_EFAIL, NULL, 0, "the CBC solver library " GN_CBC_LIBRARY
                      " could not be loaded: install coinor-libcbc-dev (scripts/setup.sh), or use solver=glpk");
  free(start);
  free(index);
  free(value);
  free(lo);
  free(hi);
  free(rlo);
  free(rhi);
  return rc;
}

const mip_solver mip_cbc = {"cbc", "COIN-OR CBC 2.10 branch-and-cut", cbc_solve};
