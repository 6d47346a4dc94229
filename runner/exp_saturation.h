/* exp_saturation: the `saturation` experiment kind — fixed flows on a NoC chip injecting as fast as the network
 * accepts, each flow's accepted throughput and each link's load under a link-sharing rule. */
#ifndef EXP_SATURATION_H
#define EXP_SATURATION_H

#include "experiment.h"
#include "noc_saturation.h"

/* One saturation run from the kind's parameters: the chip (*chip, to free with noc_chip_free) and the result. */
int saturation_execute(const gn_kvlist *params, uint64_t seed, noc_chip **chip, noc_saturation *out, gn_error *err);

/* The metrics of a result: n_flows, shares (min, max, mean, and every flow's, space-separated), load_max. */
int saturation_metrics(const noc_saturation *s, gn_kvlist *m);

#endif
