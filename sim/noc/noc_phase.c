/* noc_phase: groups of equal writes held in phase on one link or port (see noc_phase.h). */
#include "noc_phase.h"

#include <math.h>
#include <stdlib.h>

typedef struct phase_start {
  double t;
  int flow;
} phase_start;

static int by_time(const void *a, const void *b) {
  const phase_start *x = a, *y = b;
  return x->t < y->t ? -1 : x->t > y->t ? 1 : x->flow - y->flow;
}

/* The largest k such that writes of >= k of the class's flows start together on >= NOC_PHASE_MIN_SHARE of the
 * measured items (0 if none >= 2). cls: the m flows of one volume crossing the link; buf, seen (a flow's last
 * cluster) and stamp (the last cluster numbered, across calls): scratch. */
static int class_group(const int *cls, int m, const double *const *starts, const long *n_starts, double tol,
                       phase_start *buf, long *seen, long *stamp, long *hist) {
  long n = 0, items = 0;
  for (int j = 0; j < m; j++) {
    for (long i = 0; i < n_starts[cls[j]]; i++)
      buf[n++] = (phase_start){starts[cls[j]][i], cls[j]};
    if (n_starts[cls[j]] > items)
      items = n_starts[cls[j]];
  }
  qsort(buf, (size_t)n, sizeof *buf, by_time);
  for (int k = 0; k <= m; k++)
    hist[k] = 0;
  /* Clusters of starts within tol of the cluster's first; a flow counted once per cluster. */
  for (long a = 0; a < n;) {
    int distinct = 0;
    long b = a;
    ++*stamp;
    for (; b < n && buf[b].t - buf[a].t <= tol; b++)
      if (seen[buf[b].flow] != *stamp) {
        seen[buf[b].flow] = *stamp;
        distinct++;
      }
    hist[distinct]++;
    a = b;
  }
  long at_least = 0;
  for (int k = m; k >= 2; k--) {
    at_least += hist[k];
    if (items > 0 && (double)at_least >= NOC_PHASE_MIN_SHARE * (double)items)
      return k;
  }
  return 0;
}

int noc_phase_detect(const noc_chip *chip, const int *stage_core, const noc_flow *flows, int n_flows,
                     double comm_factor, const double *const *starts, const long *n_starts, double period,
                     double floor, double tu, noc_phase_group *out) {
  *out = (noc_phase_group){0, -1, NAN};
  if (n_flows < 2 || !(period > 0))
    return 0;
  int n_links = noc_link_id_count(chip), hops = 2 * NOC_MAX_SIDE + 2;
  long total = 0, stamp = 0;
  for (int f = 0; f < n_flows; f++)
    total += n_starts[f];
  int *route = malloc((size_t)n_flows * (size_t)hops * sizeof *route);
  int *len = malloc((size_t)n_flows * sizeof *len), *on = malloc((size_t)n_flows * sizeof *on);
  int *cls = malloc((size_t)n_flows * sizeof *cls);
  long *seen = calloc((size_t)n_flows, sizeof *seen), *hist = malloc(((size_t)n_flows + 1) * sizeof *hist);
  phase_start *buf = malloc(((size_t)total + 1) * sizeof *buf);
  int rc = route && len && on && cls && seen && hist && buf ? 0 : -1;
  for (int f = 0; rc == 0 && f < n_flows; f++)
    len[f] = noc_flow_route(chip, stage_core[flows[f].src_stage], stage_core[flows[f].dst_stage], &route[f * hops]);
  for (int l = 0; rc == 0 && l < n_links; l++) {
    int m = 0;
    double load = 0;
    for (int f = 0; f < n_flows; f++)
      for (int h = 0; h < len[f]; h++)
        if (route[f * hops + h] == l) {
          load += flows[f].volume;
          if (flows[f].volume > 0 && n_starts[f] > 0)
            on[m++] = f;
          break;
        }
    double bound = load * comm_factor * chip->link_bw_Bps / noc_link_bw(chip, l);
    double least = bound > floor ? bound : floor;
    if (m < 2 || !(period > (1 + NOC_PHASE_MARGIN) * least))
      continue;
    /* One class per volume: the flows of on[] with on[i]'s volume, each class taken once. */
    for (int i = 0; i < m; i++) {
      int k = 0, first = 1;
      for (int j = 0; j < m; j++)
        if (flows[on[j]].volume == flows[on[i]].volume) {
          first &= j >= i;
          cls[k++] = on[j];
        }
      if (!first || k < 2)
        continue;
      int g = class_group(cls, k, starts, n_starts, NOC_PHASE_TOLERANCE * period * tu, buf, seen, &stamp, hist);
      if (g > out->writers || (g == out->writers && g > 0 && bound > out->bound))
        *out = (noc_phase_group){g, l, bound};
    }
  }
  free(route);
  free(len);
  free(on);
  free(cls);
  free(seen);
  free(hist);
  free(buf);
  return rc;
}
