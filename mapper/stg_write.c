/* stg_write: a task graph as STG text (dummies regenerated, the information part kept, volumes that read back
 * exactly in the comm layout). */
#include "stg.h"

#include "gn_file.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Shortest "%.Ng" spelling that reads back as the same double, so written volumes round-trip exactly. */
static void print_cost(FILE *f, double v) {
  char buf[40];
  snprintf(buf, sizeof buf, "%.15g", v);
  if (strtod(buf, NULL) != v)
    snprintf(buf, sizeof buf, "%.17g", v);
  fprintf(f, " %10s", buf);
}

static int cmp_long(const void *a, const void *b) {
  long x = *(const long *)a, y = *(const long *)b;
  return (x > y) - (x < y);
}

/* One task line: id, time, then the predecessors (STG ids, ascending) with their costs in the comm layout. */
static void write_task_line(FILE *f, stg_layout layout, long id, double time, long npred, long *pred,
                            const double *cost_by_pred) {
  /* Columns 11 wide as in the STG files, but always a space before a field: a load of 11 digits or more
   * (whole numbers up to 2^53 are accepted) ran into the id before, and read back as another task id. */
  fprintf(f, "%11ld %10.0f %10ld", id, time, npred);
  qsort(pred, (size_t)npred, sizeof *pred, cmp_long);
  for (long j = 0; j < npred; j++) {
    fprintf(f, " %10ld", pred[j]);
    if (layout == STG_LAYOUT_COMM)
      print_cost(f, cost_by_pred ? cost_by_pred[pred[j]] : 0);
  }
  fputc('\n', f);
}

static void write_info(FILE *f, const char *info) {
  const char *p = info;
  while (*p) {
    size_t l = strcspn(p, "\n");
    fprintf(f, "%s%.*s\n", p[0] == '#' ? "" : "# ", (int)l, p);
    p += l;
    if (*p == '\n')
      p++;
  }
}

int stg_write(const taskgraph *g, stg_layout layout, char **text, size_t *len, gn_error *err) {
  *text = NULL;
  *len = 0;
  if (!g->finalized)
    return gn_error_set(err, GN_EFAIL, NULL, 0, "stg_write needs a finalized graph");
  long n = g->n_tasks;
  for (long t = 0; t < n; t++)
    if (g->load[t] != floor(g->load[t]) || g->load[t] > STG_MAX_TIME)
      return gn_error_set(err, GN_EINPUT, NULL, 0,
                          "task %s: load %g is not a whole number up to 2^53 (STG times are integers)", g->name[t],
                          g->load[t]);
  long *stg_id = malloc((size_t)n * sizeof *stg_id);
  long *pred = malloc((size_t)(n + 1) * sizeof *pred);
  double *cost = calloc((size_t)n + 2, sizeof *cost);
  char *buf = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&buf, &size);
  if (!stg_id || !pred || !cost || !f) {
    if (f)
      fclose(f);
    free(buf);
    free(stg_id);
    free(pred);
    free(cost);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  }
  for (long k = 0; k < n; k++)
    stg_id[g->topo[k]] = k + 1;
  fprintf(f, "%11ld\n", n);
  write_task_line(f, layout, 0, 0, 0, pred, NULL);
  for (long k = 0; k < n; k++) {
    int t = g->topo[k];
    long np = 0;
    for (int j = g->pred_off[t]; j < g->pred_off[t + 1]; j++) {
      const tg_edge *e = &g->edge[g->pred_edge[j]];
      pred[np] = stg_id[e->src];
      cost[pred[np]] = e->volume;
      np++;
    }
    if (np == 0) {
      pred[np++] = 0;
      cost[0] = 0;
    }
    write_task_line(f, layout, k + 1, g->load[t], np, pred, cost);
  }
  long np = 0;
  for (long k = 0; k < n; k++)
    if (taskgraph_out_degree(g, g->topo[k]) == 0)
      pred[np++] = k + 1;
  write_task_line(f, layout, n + 1, 0, np, pred, NULL);
  if (g->info)
    write_info(f, g->info);
  if (layout == STG_LAYOUT_COMM)
    fprintf(f, "# %s\n", STG_COMM_MARKER);
  int bad = ferror(f);
  fclose(f);
  free(stg_id);
  free(pred);
  free(cost);
  if (bad) {
    free(buf);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory while writing STG text");
  }
  *text = buf;
  *len = size;
  return GN_OK;
}

int stg_write_file(const taskgraph *g, stg_layout layout, const char *path, gn_error *err) {
  char *text;
  size_t len;
  int rc = stg_write(g, layout, &text, &len, err);
  if (rc)
    return gn_error_prefix(err, "%s: ", path);
  rc = gn_file_write_atomic(path, text, len, err);
  free(text);
  return rc;
}
