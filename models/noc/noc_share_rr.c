/* noc_share_rr: round-robin per input port at every router output, as a fixed point over the routers.
 *
 * A router output (a mesh link or an ejection port) serves its input ports in turn: each input port with
 * traffic for it gets an equal share, and a port that needs less than that leaves the rest to the others
 * (water-filling over the ports). Within a port the flows keep the proportions they arrive with (what the
 * upstream routers gave them). An injection port is fed by its core alone. A flow's rate is what is left of it
 * after every router on its route; but a flow cut further down the route needs less upstream, which frees
 * upstream capacity for its competitors. So the computation is a fixed point: each pass visits the links in
 * an order every route follows (XY routes cross X links, then Y links, so the channels form a DAG) and offers
 * each flow, at each link, the least of what arrives and of what the links after it granted in the previous
 * pass; passes repeat until no rate moves by more than 1e-12 of the link bandwidth. A set of flows that does
 * not settle within the pass limit is an error, never a rate. */
#include "noc_share.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define RR_MAX_PASSES 1000
#define RR_MAX_GROUPS 5 /* input ports of a mesh router: 4 directions + the local core */

typedef struct rr_state {
  const noc_chip *chip;
  const noc_share_flow *flows;
  int n_flows, n_links;
  int *order, n_order;   /* link ids in an order every route follows */
  int *off, *hop_f, *hop_i; /* the (flow, hop index) pairs crossing link l: [off[l], off[l+1]) */
  int *route_off;        /* flow f's hops: [route_off[f], route_off[f+1]) in cap[] */
  double *cap;           /* per hop: the rate the link granted when it cut the flow, else INFINITY */
  double *down;          /* per hop: the least cap of the hops after it (previous pass) */
  double *ask;           /* per (link, flow) pair: what the flow asks of the link in this pass */
} rr_state;

/* Kahn's algorithm over the edges hop i -> hop i + 1 of every route. -2 when the routes have a cycle, -1 out of
 * memory. */
static int topo_order(rr_state *st) {
  int n = st->n_links, *indeg = calloc((size_t)n, sizeof *indeg), *used = calloc((size_t)n, sizeof *used);
  int rc = indeg && used ? 0 : -1;
  for (int f = 0; rc == 0 && f < st->n_flows; f++)
    for (int i = 0; i < st->flows[f].n_links; i++) {
      used[st->flows[f].links[i]] = 1;
      if (i > 0)
        indeg[st->flows[f].links[i]]++;
    }
  st->n_order = 0;
  for (int progress = 1; rc == 0 && progress;) {
    progress = 0;
    for (int l = 0; l < n; l++)
      if (used[l] == 1 && indeg[l] == 0) {
        used[l] = 2;
        st->order[st->n_order++] = l;
        progress = 1;
        for (int k = st->off[l]; k < st->off[l + 1]; k++) {
          const noc_share_flow *fl = &st->flows[st->hop_f[k]];
          if (st->hop_i[k] + 1 < fl->n_links)
            indeg[fl->links[st->hop_i[k] + 1]]--;
        }
      }
  }
  for (int l = 0; rc == 0 && l < n; l++)
    if (used[l] == 1)
      rc = -2;
  free(indeg);
  free(used);
  return rc;
}

static int rr_build(rr_state *st) {
  int n = st->n_links, total = 0;
  st->off = calloc((size_t)n + 1, sizeof *st->off);
  st->order = malloc((size_t)n * sizeof *st->order);
  st->route_off = malloc(((size_t)st->n_flows + 1) * sizeof *st->route_off);
  if (!st->off || !st->order || !st->route_off)
    return -1;
  for (int f = 0; f < st->n_flows; f++) {
    st->route_off[f] = total;
    total += st->flows[f].n_links;
    for (int i = 0; i < st->flows[f].n_links; i++)
      st->off[st->flows[f].links[i] + 1]++;
  }
  st->route_off[st->n_flows] = total;
  for (int l = 0; l < n; l++)
    st->off[l + 1] += st->off[l];
  st->hop_f = malloc(((size_t)total + 1) * sizeof *st->hop_f);
  st->hop_i = malloc(((size_t)total + 1) * sizeof *st->hop_i);
  st->cap = malloc(((size_t)total + 1) * sizeof *st->cap);
  st->down = malloc(((size_t)total + 1) * sizeof *st->down);
  st->ask = malloc(((size_t)total + 1) * sizeof *st->ask);
  int *fill = malloc(((size_t)n + 1) * sizeof *fill);
  if (!st->hop_f || !st->hop_i || !st->cap || !st->down || !st->ask || !fill) {
    free(fill);
    return -1;
  }
  memcpy(fill, st->off, (size_t)n * sizeof *fill);
  for (int f = 0; f < st->n_flows; f++)
    for (int i = 0; i < st->flows[f].n_links; i++) {
      int k = fill[st->flows[f].links[i]]++;
      st->hop_f[k] = f;
      st->hop_i[k] = i;
    }
  free(fill);
  for (int k = 0; k < total; k++)
    st->down[k] = INFINITY;
  return topo_order(st);
}

/* The input port a flow enters link hop i's router by: the link before it, or its source core (-1 - core). */
static int input_port(const noc_share_flow *f, int i) { return i > 0 ? f->links[i - 1] : -1 - f->src; }

/* Port p of link l is cut to share: its flows keep the proportions they arrived with in the previous pass
 * (prev; in the first, what they ask), none above what it asks: t such that Σ min(ask, t × weight) = share. */
static void split(rr_state *st, int l, int p, double share, const double *prev, double *out) {
  double t = 0;
  for (int changed = 1; changed;) {
    double met = 0, w = 0;
    for (int k = st->off[l]; k < st->off[l + 1]; k++) {
      int f = st->hop_f[k];
      if (input_port(&st->flows[f], st->hop_i[k]) != p)
        continue;
      double wf = prev && prev[f] > 0 ? prev[f] : st->ask[k];
      if (st->ask[k] < t * wf)
        met += st->ask[k];
      else
        w += wf;
    }
    double next = w > 0 ? (share - met) / w : t;
    changed = next > t * (1 + 1e-15);
    if (changed)
      t = next;
  }
  for (int k = st->off[l]; k < st->off[l + 1]; k++) {
    int f = st->hop_f[k];
    if (input_port(&st->flows[f], st->hop_i[k]) != p)
      continue;
    double wf = prev && prev[f] > 0 ? prev[f] : st->ask[k];
    out[f] = st->ask[k] < t * wf ? st->ask[k] : t * wf;
    st->cap[st->route_off[f] + st->hop_i[k]] = out[f];
  }
}

/* One pass: out[f] is what flow f arrives with at each link, cut by the links before it; at a link it asks for
 * no more than the links after it granted in the previous pass (down), so what a downstream cut leaves unused
 * goes to its competitors here. Its share is cut only where its port's water-filled share is below what the
 * port asks for; cap[] records those cuts. */
static void pass(rr_state *st, const double *prev, double *out) {
  const noc_chip *chip = st->chip;
  for (int f = 0; f < st->n_flows; f++) { /* a flow can carry no more than its narrowest link */
    out[f] = INFINITY;
    for (int i = 0; i < st->flows[f].n_links; i++)
      if (noc_link_bw(chip, st->flows[f].links[i]) < out[f])
        out[f] = noc_link_bw(chip, st->flows[f].links[i]);
  }
  for (int o = 0; o < st->n_order; o++) {
    int l = st->order[o], key[RR_MAX_GROUPS], n_groups = 0;
    double demand[RR_MAX_GROUPS] = {0}, share[RR_MAX_GROUPS];
    for (int k = st->off[l]; k < st->off[l + 1]; k++) {
      int f = st->hop_f[k], i = st->hop_i[k], p = input_port(&st->flows[f], i), g = 0;
      double d = st->down[st->route_off[f] + i];
      st->ask[k] = d < out[f] ? d : out[f];
      st->cap[st->route_off[f] + i] = INFINITY;
      while (g < n_groups && key[g] != p)
        g++;
      if (g == n_groups) /* at most the router's 5 input ports on a mesh (RR_MAX_GROUPS) */
        key[n_groups++] = p;
      demand[g] += st->ask[k];
    }
    /* A port at the water level is held here even when it asks exactly the level (it would get no more): its
     * flows are capped here, so a pass where a downstream cap lowered its ask cannot let it send more below. */
    double level = noc_share_waterfill(demand, n_groups, noc_link_bw(chip, l), share);
    for (int g = 0; g < n_groups; g++)
      if (share[g] < demand[g] || (isfinite(level) && demand[g] >= level * (1 - 1e-12)))
        split(st, l, key[g], share[g], prev, out);
  }
  /* What the links after each hop granted, for the next pass. */
  for (int f = 0; f < st->n_flows; f++) {
    double least = INFINITY;
    for (int i = st->flows[f].n_links - 1; i >= 0; i--) {
      int k = st->route_off[f] + i;
      st->down[k] = least;
      if (st->cap[k] < least)
        least = st->cap[k];
    }
  }
}

static void rr_free(rr_state *st) {
  free(st->order), free(st->off), free(st->hop_f), free(st->hop_i), free(st->route_off), free(st->cap),
      free(st->down), free(st->ask);
}

int noc_share_rr(const noc_chip *chip, const noc_share_flow *flows, int n_flows, double *rate, gn_error *err) {
  rr_state st = {chip, flows, n_flows, noc_link_id_count(chip), NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
  double *prev = malloc(((size_t)n_flows + 1) * sizeof *prev);
  int rc = prev ? rr_build(&st) : -1;
  if (rc) {
    rr_free(&st);
    free(prev);
    return gn_error_set(err, rc == -2 ? GN_EINPUT : GN_ENOMEM, NULL, 0, "%s",
                        rc == -2 ? "round-robin sharing: the routes form a cycle of channels (not XY?)" : "out of memory");
  }
  double tol = 1e-12 * (chip->link_bw_Bps < chip->port_bw_Bps ? chip->link_bw_Bps : chip->port_bw_Bps);
  int settled = 0;
  for (int f = 0; f < n_flows; f++)
    rate[f] = 0;
  for (int p = 0; p < RR_MAX_PASSES && !settled; p++) {
    memcpy(prev, rate, (size_t)n_flows * sizeof *prev);
    pass(&st, p > 0 ? prev : NULL, rate);
    settled = p > 0;
    for (int f = 0; f < n_flows; f++)
      if (fabs(rate[f] - prev[f]) > tol)
        settled = 0;
  }
  rr_free(&st);
  free(prev);
  if (!settled)
    return gn_error_set(err, GN_EFAIL, NULL, 0,
                        "round-robin sharing did not settle in %d passes (%d flows in flight): no rate is given rather "
                        "than an approximate one; use --link-sharing age",
                        RR_MAX_PASSES, n_flows);
  return GN_OK;
}
