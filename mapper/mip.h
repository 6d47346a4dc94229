/* mip: a mixed-integer program held as plain arrays, and the solvers (GLPK, CBC) that take it — one model, built
 * once, so the two can be measured side by side on the same rows. */
#ifndef MIP_H
#define MIP_H

#include "gn_error.h"

typedef struct mip_model {
  int n_cols, n_rows, n_nz;
  double *col_lo, *col_hi, *obj; /* n_cols */
  char *col_int;                 /* n_cols: 1 = integer */
  double *row_lo, *row_hi;       /* n_rows; -HUGE_VAL / HUGE_VAL for a free side */
  int *nz_row, *nz_col;          /* n_nz coefficients, 0-based */
  double *nz_val;
  int cap_cols, cap_rows, cap_nz;
} mip_model;

/* Growth helpers: a negative status on out of memory; mip_add_col/mip_add_row return the new index. */
int mip_add_col(mip_model *m, double lo, double hi, double obj, int integer);
int mip_add_row(mip_model *m, double lo, double hi);
int mip_add_coef(mip_model *m, int row, int col, double val);
void mip_model_free(mip_model *m);

typedef enum mip_status {
  MIP_OPTIMAL,    /* solution proven optimal (for a pure feasibility model: a solution exists) */
  MIP_INFEASIBLE, /* proven: no solution */
  MIP_FEASIBLE,   /* stopped by a limit with a solution */
  MIP_UNKNOWN,    /* stopped by a limit without a solution */
} mip_status;

typedef struct mip_limits {
  double seconds;   /* > 0 */
  long max_nodes;   /* 0 = none */
  const double *start; /* n_cols values of a feasible solution handed to the solver, or NULL */
} mip_limits;

typedef struct mip_result {
  mip_status status;
  double objective; /* of the solution, when there is one */
  double bound;     /* proven lower bound on the objective (minimisation) */
  double *x;        /* n_cols values (caller-allocated), filled when there is a solution */
  double cpu_s;     /* CPU seconds the solve took (mip_solve_limited: the child's) */
} mip_result;

typedef struct mip_solver {
  const char *name;
  const char *summary;
  int (*solve)(const mip_model *m, const mip_limits *lim, mip_result *res, gn_error *err);
} mip_solver;

extern const mip_solver mip_glpk, mip_cbc;
/* By name ("glpk", "cbc"); NULL and GN_EINPUT naming the known solvers on a miss. */
const mip_solver *mip_solver_find(const char *name, gn_error *err);

/* The solve under a hard budget of lim->seconds of CPU: run in a child process that is killed past the budget
 * (the solvers do not look at their clock inside the root LP and its cuts); a killed solve is MIP_UNKNOWN.
 * res->cpu_s: the CPU time it used, which this process's clock() does not count. mip_limited.c. */
int mip_solve_limited(const mip_solver *s, const mip_model *m, const mip_limits *lim, mip_result *res,
                      gn_error *err);

#endif
