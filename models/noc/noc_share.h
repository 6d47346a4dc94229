/* noc_share: how flows that are all active at once share the chip's links and ports — the steady state of a
 * set of flows injecting as fast as the network accepts. Each rule is a strategy of its own file behind a
 * registry (noc_share_registry.c), like the mappers:
 *   rr   round-robin per input port at every router output (BookSim's round-robin switch arbiter): each input
 *        port with traffic for an output gets an equal share of it (a port that needs less leaves the rest to
 *        the others); within a port, flows keep the proportions the upstream routers gave them.
 *   age  equal shares per flow (max-min fairness), what an age-based arbiter gives; `fair` is its old name.
 *   tcp  SimGrid's CM02: weighted max-min, a flow's weight 1 / (Σ latency of its route) (RTT unfairness).
 *   oldest  first come, first served by message start (what BookSim's age-based arbiter does to messages whose
 *        packets are all created when the write starts): the message that started first gets all its route
 *        allows, later ones what is left. Its rates depend on when each message started, so it is a rule for
 *        messages, not for flows that never end (noc_saturation.h takes its time average).
 * Rates are in bytes/s; capacities are the chip's link and port bandwidths. No SimGrid here. */
#ifndef NOC_SHARE_H
#define NOC_SHARE_H

#include "noc.h"

/* One flow: a route of link ids (noc_flow_route: ports included when the chip has them). */
typedef struct noc_share_flow {
  int src, dst; /* cores */
  int n_links;
  int links[2 * NOC_MAX_SIDE];
  double start_s; /* when the message started (only `oldest` reads it; noc_share_flow_init sets 0) */
} noc_share_flow;

typedef struct noc_share_rule {
  const char *name;
  const char *summary;
  /* rate[f] for every flow (bytes/s). GN_EFAIL with a message when the rule's computation does not settle. */
  int (*rates)(const noc_chip *chip, const noc_share_flow *flows, int n_flows, double *rate, gn_error *err);
  /* 1: the rates depend on the messages' start times, so flows that always send have no fixed shares; the
   * saturation experiment runs them message after message (noc_saturation_replay.c). */
  int per_message;
  /* 1: SimGrid's solver cannot express the rule, so a pipeline's bytes cross our own network model (sim/noc/
   * noc_net.h), which follows a generated chip's XY routes: such a rule runs on generated chips only. */
  int own_network;
} noc_share_rule;

extern const noc_share_rule *const noc_share_rules[]; /* NULL-terminated */

/* The rule named name ("fair" is an alias of "age"); NULL and GN_EINPUT naming the rules on a miss. */
const noc_share_rule *noc_share_find(const char *name, gn_error *err);

/* Fill f's route from src to dst on chip. */
void noc_share_flow_init(const noc_chip *chip, int src, int dst, noc_share_flow *f);

/* Water-filling: shares s[i] = min(demand[i], level) with Σ s = capacity, or s = demand when Σ demand <=
 * capacity. Returns the level (INFINITY when nothing is cut). */
double noc_share_waterfill(const double *demand, int n, double capacity, double *share);

/* The strategies (one file each). */
int noc_share_rr(const noc_chip *chip, const noc_share_flow *flows, int n_flows, double *rate, gn_error *err);
int noc_share_maxmin(const noc_chip *chip, const noc_share_flow *flows, int n_flows, const double *weight,
                     double *rate, gn_error *err);
int noc_share_age(const noc_chip *chip, const noc_share_flow *flows, int n_flows, double *rate, gn_error *err);
int noc_share_tcp(const noc_chip *chip, const noc_share_flow *flows, int n_flows, double *rate, gn_error *err);
int noc_share_oldest(const noc_chip *chip, const noc_share_flow *flows, int n_flows, double *rate, gn_error *err);

#endif
