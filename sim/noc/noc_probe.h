/* noc_probe: the joint placement's guarantee — simulate a short probe of each candidate placement in forked
 * children and keep the one with the lowest simulated period. */
#ifndef NOC_PROBE_H
#define NOC_PROBE_H

#include "noc_pipeline.h"

/* The candidates, in the order that breaks ties: the analytic joint placement, then the pairs mapper + comm,
 * mapper + snake, mapper + links (the same mapping, the same seed). */
#define NOC_PROBE_CANDIDATES 4 /* = the size of noc_pipeline_report.probe_period */
extern const char *const noc_probe_candidate[NOC_PROBE_CANDIDATES];

/* Probe length: min(items, NOC_PROBE_ITEMS) items (all items when that leaves no item after the warm-up). With
 * items <= NOC_PROBE_ITEMS the probe of a candidate is the very run it would make, so the kept placement's period
 * is the least of the candidates' exactly. */
#define NOC_PROBE_ITEMS 200
long noc_probe_items(const noc_pipeline_config *cfg);

/* cfg asks for the joint placement and *joint is its analytic plan (noc_plan_make): simulate min(items,
 * NOC_PROBE_ITEMS) fault-free, untraced items of each candidate, one forked child each (SimGrid: one simulation
 * per process; call before this process starts its own), and replace *joint by the candidate with the lowest
 * simulated period (the first on a tie; a probe without a period loses). period[i] = candidate i's probe period,
 * *kept = its index. Errors: GN_EFAIL when a probe child fails (*joint is then freed). */
int noc_probe_choose(const noc_pipeline_config *cfg, const noc_pipeline_platform *platform, noc_plan *joint,
                     double period[NOC_PROBE_CANDIDATES], int *kept, gn_error *err);


#endif
