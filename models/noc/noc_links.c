/* noc_links: per-link loads of a binding's flows along XY routes, the busiest link, contended links. */
#include "noc_links.h"

#include <stdlib.h>

/* Per-link volume along each flow's XY route, with its two ports when `ports` (and the chip has them). */
static void loads(const noc_chip *chip, const int *stage_core, const noc_flow *flows, int n_flows, int ports,
                  double *load) {
  int links[2 * NOC_MAX_SIDE];
  for (int l = 0; l < noc_link_id_count(chip); l++)
    load[l] = 0;
  for (int f = 0; f < n_flows; f++) {
    int a = stage_core[flows[f].src_stage], b = stage_core[flows[f].dst_stage];
    int m = ports ? noc_flow_route(chip, a, b, links) : noc_xy_route(chip, a, b, links);
    for (int i = 0; i < m; i++)
      load[links[i]] += flows[f].volume;
  }
}

void noc_link_loads(const noc_chip *chip, const int *stage_core, const noc_flow *flows, int n_flows, double *load) {
  loads(chip, stage_core, flows, n_flows, 0, load);
}

double noc_link_max_volume(const noc_chip *chip, const int *stage_core, const noc_flow *flows, int n_flows) {
  double *load = malloc((size_t)noc_link_id_count(chip) * sizeof *load), max = 0;
  if (!load)
    return -1;
  loads(chip, stage_core, flows, n_flows, 1, load);
  for (int l = 0; l < noc_link_id_count(chip); l++) {
    double v = load[l] * chip->link_bw_Bps / noc_link_bw(chip, l); /* a slower port is busy longer */
    if (v > max)
      max = v;
  }
  free(load);
  return max;
}

int noc_contended_links(const noc_chip *chip, const int *stage_core, const noc_flow *flows, int n_flows) {
  int n_links = noc_link_id_count(chip), links[2 * NOC_MAX_SIDE], n = 0;
  int *sender = malloc((size_t)n_links * sizeof *sender), *senders = calloc((size_t)n_links, sizeof *senders);
  if (!sender || !senders) {
    free(sender);
    free(senders);
    return -1;
  }
  /* Flows come sorted by sender, so a link sees each sender's flows one after another. */
  for (int f = 0; f < n_flows; f++) {
    int m = noc_flow_route(chip, stage_core[flows[f].src_stage], stage_core[flows[f].dst_stage], links);
    for (int i = 0; i < m; i++) {
      int l = links[i];
      if (senders[l] > 0 && sender[l] == flows[f].src_stage)
        continue;
      sender[l] = flows[f].src_stage;
      n += ++senders[l] == 2;
    }
  }
  free(sender);
  free(senders);
  return n;
}
