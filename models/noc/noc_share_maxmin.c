/* noc_share_maxmin: weighted max-min fairness by progressive filling — the `age` rule (equal weights) and the
 * `tcp` rule (CM02's weights: 1 / Σ route latency). */
#include "noc_share.h"

#include <math.h>
#include <stdlib.h>

int noc_share_maxmin(const noc_chip *chip, const noc_share_flow *flows, int n_flows, const double *weight,
                     double *rate, gn_error *err) {
  int n_links = noc_link_id_count(chip);
  double *used = calloc((size_t)n_links, sizeof *used), *w = calloc((size_t)n_links, sizeof *w);
  unsigned char *frozen = calloc((size_t)n_flows + 1, 1);
  if (!used || !w || !frozen) {
    free(used), free(w), free(frozen);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  }
  for (int f = 0; f < n_flows; f++)
    rate[f] = 0;
  /* Every round saturates at least one link and freezes its flows: at most n_flows rounds. */
  for (int left = n_flows; left > 0;) {
    for (int l = 0; l < n_links; l++)
      used[l] = w[l] = 0;
    for (int f = 0; f < n_flows; f++)
      for (int i = 0; i < flows[f].n_links; i++) {
        used[flows[f].links[i]] += rate[f];
        if (!frozen[f])
          w[flows[f].links[i]] += weight[f];
      }
    double inc = INFINITY;
    for (int l = 0; l < n_links; l++)
      if (w[l] > 0 && (noc_link_bw(chip, l) - used[l]) / w[l] < inc)
        inc = (noc_link_bw(chip, l) - used[l]) / w[l];
    for (int f = 0; f < n_flows; f++)
      if (!frozen[f])
        rate[f] += weight[f] * inc;
    /* Freeze the flows of every link now full (to a relative 1e-12: the sums above round). */
    for (int f = 0; f < n_flows; f++)
      for (int i = 0; !frozen[f] && i < flows[f].n_links; i++) {
        int l = flows[f].links[i];
        if (w[l] > 0 && (noc_link_bw(chip, l) - used[l]) / w[l] <= inc * (1 + 1e-12)) {
          frozen[f] = 1;
          left--;
        }
      }
  }
  free(used), free(w), free(frozen);
  return GN_OK;
}

int noc_share_age(const noc_chip *chip, const noc_share_flow *flows, int n_flows, double *rate, gn_error *err) {
  double *weight = malloc(((size_t)n_flows + 1) * sizeof *weight);
  if (!weight)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (int f = 0; f < n_flows; f++)
    weight[f] = 1;
  int rc = noc_share_maxmin(chip, flows, n_flows, weight, rate, err);
  free(weight);
  return rc;
}

/* CM02 (SimGrid's network_cm02.cpp): a flow's sharing penalty is the sum of its route's latencies, its weight in
 * the max-min solver the inverse; a route without latency has penalty 1. */
int noc_share_tcp(const noc_chip *chip, const noc_share_flow *flows, int n_flows, double *rate, gn_error *err) {
  double *weight = malloc(((size_t)n_flows + 1) * sizeof *weight);
  if (!weight)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  double hop = chip->link_lat_s + chip->router_delay_s;
  for (int f = 0; f < n_flows; f++) {
    double lat = 0;
    for (int i = 0; i < flows[f].n_links; i++)
      lat += noc_link_is_port(chip, flows[f].links[i]) ? chip->port_lat_s : hop;
    weight[f] = lat > 0 ? 1 / lat : 1;
  }
  int rc = noc_share_maxmin(chip, flows, n_flows, weight, rate, err);
  free(weight);
  return rc;
}
