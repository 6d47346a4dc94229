/* noc_saturation: fixed flows injecting as fast as the network accepts — each flow's accepted throughput and
 * each link's load under a link-sharing rule. With a fixed set of flows always active, the flow-level steady
 * state is the rule's rate allocation itself (computed exactly, not simulated: a simulation of these flows
 * would run at these rates from the first byte) — but for a rule whose rates depend on when each message
 * started (`oldest`), which has no fixed shares: its flows are run message after message and their shares
 * time-averaged (noc_saturation_replay.c, to about 6e-4). */
#ifndef NOC_SATURATION_H
#define NOC_SATURATION_H

#include "noc_share.h"
#include "noc_traffic.h"

typedef struct noc_saturation {
  int n_flows;
  noc_share_flow *flows;
  double *rate;  /* [n_flows] bytes/s */
  double *share; /* [n_flows] rate / mesh link bandwidth (flits per cycle in a cycle-level simulator) */
  double *load;  /* [noc_link_id_count] Σ rates / the link's bandwidth */
  double share_min, share_max, share_mean, accepted_total, load_max;
} noc_saturation;

int noc_saturation_run(const noc_chip *chip, const noc_traffic_pair *pairs, int n, const noc_share_rule *rule,
                       noc_saturation *out, gn_error *err);
void noc_saturation_free(noc_saturation *s);

/* rate[f]: flow f's mean rate when every flow sends messages back to back under rule (a per_message rule). */
int noc_saturation_replay(const noc_chip *chip, noc_share_flow *flows, int n, const noc_share_rule *rule,
                          double *rate, gn_error *err);

#endif
