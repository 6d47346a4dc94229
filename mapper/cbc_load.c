/* cbc_load: the part of CBC's C interface that mip_cbc.c calls, resolved from the CBC library on first use
 * (dlopen) instead of at link time. Linked, COIN-OR's C++ libraries (Cbc, Cgl, Clp, Osi, CoinUtils, LAPACK)
 * are loaded and relocated by every gridnoc process, ~23 M instructions at start-up (about 3 % of a 100-iteration
 * patent grid run, docs/benchmarks.md), though only the MIP mapper uses them. */
#include <coin/Cbc_C_Interface.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

#ifndef GN_CBC_LIBRARY
#define GN_CBC_LIBRARY "libCbcSolver.so.3"
#endif

static struct {
  __typeof__(Cbc_newModel) *new_model;
  __typeof__(Cbc_loadProblem) *load_problem;
  __typeof__(Cbc_setInteger) *set_integer;
  __typeof__(Cbc_setLogLevel) *set_log_level;
  __typeof__(Cbc_setMaximumSeconds) *set_maximum_seconds;
  __typeof__(Cbc_setMaximumNodes) *set_maximum_nodes;
  __typeof__(Cbc_setMIPStartI) *set_mip_start_i;
  __typeof__(Cbc_solve) *solve;
  __typeof__(Cbc_status) *status;
  __typeof__(Cbc_isAbandoned) *is_abandoned;
  __typeof__(Cbc_isSecondsLimitReached) *is_seconds_limit_reached;
  __typeof__(Cbc_isProvenOptimal) *is_proven_optimal;
  __typeof__(Cbc_isProvenInfeasible) *is_proven_infeasible;
  __typeof__(Cbc_getNumCols) *get_num_cols;
  __typeof__(Cbc_bestSolution) *best_solution;
  __typeof__(Cbc_getColSolution) *get_col_solution;
  __typeof__(Cbc_getObjValue) *get_obj_value;
  __typeof__(Cbc_getBestPossibleObjValue) *get_best_possible_obj_value;
  __typeof__(Cbc_deleteModel) *delete_model;
  int ok;
} cbc;

static pthread_once_t cbc_once = PTHREAD_ONCE_INIT;

#define CBC_RESOLVE(field, name) ok &= (*(void **)&cbc.field = dlsym(lib, name)) != NULL

static void cbc_open(void) {
  void *lib = dlopen(GN_CBC_LIBRARY, RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    lib = dlopen("libCbcSolver.so", RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    return;
  int ok = 1;
  CBC_RESOLVE(new_model, "Cbc_newModel");
  CBC_RESOLVE(load_problem, "Cbc_loadProblem");
  CBC_RESOLVE(set_integer, "Cbc_setInteger");
  CBC_RESOLVE(set_log_level, "Cbc_setLogLevel");
  CBC_RESOLVE(set_maximum_seconds, "Cbc_setMaximumSeconds");
  CBC_RESOLVE(set_maximum_nodes, "Cbc_setMaximumNodes");
  CBC_RESOLVE(set_mip_start_i, "Cbc_setMIPStartI");
  CBC_RESOLVE(solve, "Cbc_solve");
  CBC_RESOLVE(status, "Cbc_status");
  CBC_RESOLVE(is_abandoned, "Cbc_isAbandoned");
  CBC_RESOLVE(is_seconds_limit_reached, "Cbc_isSecondsLimitReached");
  CBC_RESOLVE(is_proven_optimal, "Cbc_isProvenOptimal");
  CBC_RESOLVE(is_proven_infeasible, "Cbc_isProvenInfeasible");
  CBC_RESOLVE(get_num_cols, "Cbc_getNumCols");
  CBC_RESOLVE(best_solution, "Cbc_bestSolution");
  CBC_RESOLVE(get_col_solution, "Cbc_getColSolution");
  CBC_RESOLVE(get_obj_value, "Cbc_getObjValue");
  CBC_RESOLVE(get_best_possible_obj_value, "Cbc_getBestPossibleObjValue");
  CBC_RESOLVE(delete_model, "Cbc_deleteModel");
  cbc.ok = ok;
}

/* The only entry point that can fail: without the library there is no model (mip_cbc.c reports the error), and
 * every other call needs a model, so it runs after a successful load. */
Cbc_Model *Cbc_newModel(void) {
  pthread_once(&cbc_once, cbc_open);
  return cbc.ok ? cbc.new_model() : NULL;
}

void Cbc_loadProblem(Cbc_Model *model, const int numcols, const int numrows, const CoinBigIndex *start,
                     const int *index, const double *value, const double *collb, const double *colub,
                     const double *obj, const double *rowlb, const double *rowub) {
  cbc.load_problem(model, numcols, numrows, start, index, value, collb, colub, obj, rowlb, rowub);
}

void Cbc_setInteger(Cbc_Model *model, int iColumn) { cbc.set_integer(model, iColumn); }
void Cbc_setLogLevel(Cbc_Model *model, int logLevel) { cbc.set_log_level(model, logLevel); }
void Cbc_setMaximumSeconds(Cbc_Model *model, double maxSeconds) { cbc.set_maximum_seconds(model, maxSeconds); }
void Cbc_setMaximumNodes(Cbc_Model *model, int maxNodes) { cbc.set_maximum_nodes(model, maxNodes); }
void Cbc_setMIPStartI(Cbc_Model *model, int count, const int colIdxs[], const double colValues[]) {
  cbc.set_mip_start_i(model, count, colIdxs, colValues);
}
int Cbc_solve(Cbc_Model *model) { return cbc.solve(model); }
int Cbc_status(Cbc_Model *model) { return cbc.status(model); }
int Cbc_isAbandoned(Cbc_Model *model) { return cbc.is_abandoned(model); }
int Cbc_isSecondsLimitReached(Cbc_Model *model) { return cbc.is_seconds_limit_reached(model); }
int Cbc_isProvenOptimal(Cbc_Model *model) { return cbc.is_proven_optimal(model); }
int Cbc_isProvenInfeasible(Cbc_Model *model) { return cbc.is_proven_infeasible(model); }
int Cbc_getNumCols(Cbc_Model *model) { return cbc.get_num_cols(model); }
double *Cbc_bestSolution(Cbc_Model *model) { return cbc.best_solution(model); }
const double *Cbc_getColSolution(Cbc_Model *model) { return cbc.get_col_solution(model); }
double Cbc_getObjValue(Cbc_Model *model) { return cbc.get_obj_value(model); }
double Cbc_getBestPossibleObjValue(Cbc_Model *model) { return cbc.get_best_possible_obj_value(model); }
void Cbc_deleteModel(Cbc_Model *model) { cbc.delete_model(model); }
