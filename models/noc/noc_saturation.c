/* noc_saturation: accepted throughput per flow and load per link of fixed flows under a sharing rule. */
#include "noc_saturation.h"

#include <stdlib.h>
#include <string.h>

int noc_saturation_run(const noc_chip *chip, const noc_traffic_pair *pairs, int n, const noc_share_rule *rule,
                       noc_saturation *out, gn_error *err) {
  memset(out, 0, sizeof *out);
  out->n_flows = n;
  out->flows = malloc(((size_t)n + 1) * sizeof *out->flows);
  out->rate = malloc(((size_t)n + 1) * sizeof *out->rate);
  out->share = malloc(((size_t)n + 1) * sizeof *out->share);
  out->load = calloc((size_t)noc_link_id_count(chip), sizeof *out->load);
  if (!out->flows || !out->rate || !out->share || !out->load) {
    noc_saturation_free(out);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  }
  for (int f = 0; f < n; f++)
    noc_share_flow_init(chip, pairs[f].src, pairs[f].dst, &out->flows[f]);
  int rc = rule->per_message ? noc_saturation_replay(chip, out->flows, n, rule, out->rate, err)
                             : rule->rates(chip, out->flows, n, out->rate, err);
  if (rc) {
    noc_saturation_free(out);
    return rc;
  }
  out->share_min = n ? 1e300 : 0;
  for (int f = 0; f < n; f++) {
    out->share[f] = out->rate[f] / chip->link_bw_Bps;
    out->accepted_total += out->share[f];
    if (out->share[f] < out->share_min)
      out->share_min = out->share[f];
    if (out->share[f] > out->share_max)
      out->share_max = out->share[f];
    for (int i = 0; i < out->flows[f].n_links; i++)
      out->load[out->flows[f].links[i]] += out->rate[f] / noc_link_bw(chip, out->flows[f].links[i]);
  }
  out->share_mean = n ? out->accepted_total / n : 0;
  for (int l = 0; l < noc_link_id_count(chip); l++)
    if (out->load[l] > out->load_max)
      out->load_max = out->load[l];
  return GN_OK;
}

void noc_saturation_free(noc_saturation *s) {
  free(s->flows);
  free(s->rate);
  free(s->share);
  free(s->load);
  memset(s, 0, sizeof *s);
}
