/* noc_share_oldest: first come, first served by message start — an age-based router seen at flow level.
 *
 * An age-based arbiter grants the oldest packet first. When a packet's age counts from its message's start (in
 * BookSim2, the replay's GN_MSG_AGE; its default counts from the packet's injection, docs/noc-validation.md),
 * of the messages that meet on a link the one that started first goes through as fast as the rest of its route
 * allows, and later ones take what it leaves. Over the messages in flight that is a
 * lexicographic priority allocation: in order of start (ties: source core, then destination core, then the
 * order they were given in), each message gets the least capacity still free on its route, which is then taken
 * off every link of it. One pass, exact; its rates hold until the set of messages changes (noc_net.h). */
#include "noc_share.h"

#include <math.h>
#include <stdlib.h>

/* A message's place in the order of service. */
typedef struct oldest_key {
  double start_s;
  int src, dst, index;
} oldest_key;

static int older_first(const void *a, const void *b) {
  const oldest_key *x = a, *y = b;
  if (x->start_s != y->start_s)
    return x->start_s < y->start_s ? -1 : 1;
  if (x->src != y->src)
    return x->src < y->src ? -1 : 1;
  if (x->dst != y->dst)
    return x->dst < y->dst ? -1 : 1;
  return (x->index > y->index) - (x->index < y->index);
}

int noc_share_oldest(const noc_chip *chip, const noc_share_flow *flows, int n_flows, double *rate, gn_error *err) {
  int n_links = noc_link_id_count(chip);
  double *free_bw = malloc(((size_t)n_links + 1) * sizeof *free_bw);
  oldest_key *order = malloc(((size_t)n_flows + 1) * sizeof *order);
  if (!free_bw || !order) {
    free(free_bw), free(order);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  }
  for (int l = 0; l < n_links; l++)
    free_bw[l] = noc_link_bw(chip, l);
  for (int f = 0; f < n_flows; f++)
    order[f] = (oldest_key){flows[f].start_s, flows[f].src, flows[f].dst, f};
  qsort(order, (size_t)n_flows, sizeof *order, older_first);
  for (int o = 0; o < n_flows; o++) {
    const noc_share_flow *fl = &flows[order[o].index];
    double r = INFINITY;
    for (int i = 0; i < fl->n_links; i++)
      if (free_bw[fl->links[i]] < r)
        r = free_bw[fl->links[i]];
    r = r > 0 ? r : 0; /* the subtractions round: a link used up may show -1e-7 B/s */
    for (int i = 0; i < fl->n_links; i++)
      free_bw[fl->links[i]] -= r;
    rate[order[o].index] = r;
  }
  free(free_bw), free(order);
  return GN_OK;
}
