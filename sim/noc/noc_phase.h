/* noc_phase: does the simulated period rest on writes held in phase? When k >= 2 stages write equal
 * volumes through one link or port and start at the same instant item after item, a flow-level network shares it
 * equally and keeps them in phase for ever (the in-phase period), while a cycle-level router breaks the tie and
 * may settle at the resource's bound (docs/noc-validation.md, "Three flows into one core"). No SimGrid here: the
 * write start instants come from the run, the routes from the chip's XY model. */
#ifndef NOC_PHASE_H
#define NOC_PHASE_H

#include "noc_binding.h"

/* Writes "start at the same instant" within this fraction of the period. Not SimGrid's exact ties: writers
 * whose routes differ by a hop drift apart by the latency difference every item (converge4p's four: 6e-4 of the
 * period after 1000 items) while their writes still overlap all but that much; writes that alternate start a
 * whole write apart (docs/noc-validation.md, "Which runs rest on writes in phase"). */
#define NOC_PHASE_TOLERANCE 1e-2
/* A group counts when its writes start together on at least this fraction of the measured items. */
#define NOC_PHASE_MIN_SHARE 0.9
/* It looks at each flow's last this many measured writes (16 KB a flow, whatever the number of items). */
#define NOC_PHASE_WRITES 2000
/* The size of each flow's ring of write starts: its measured writes, at most NOC_PHASE_WRITES (a short run keeps
 * short rings). Here, not beside the run's state, so that the stages and the report take it from the detector. */
static inline long noc_phase_ring(long items, long warmup) {
  long measured = items - warmup;
  return measured < NOC_PHASE_WRITES ? measured : NOC_PHASE_WRITES;
}
/* ... and only when the period exceeds what the resource (or anything else) allows by more than this. */
#define NOC_PHASE_MARGIN 0.05

typedef struct noc_phase_group {
  int writers;  /* k: equal writes starting together through the resource; 0 when no group holds the period up */
  int link;     /* the shared link or port (noc_link ids: an ejection port is the receiving core's), -1 if none */
  double bound; /* the resource's busy time per item, time units: the period if the writes did not overlap */
} noc_phase_group;

/* The measured writes: flow f (of flows) started writes at starts[f][0..n_starts[f]) (seconds, in any order). The
 * largest group (then the highest bound, then the lowest link id) of k >= 2 flows of equal volume crossing one
 * link or port of their XY routes whose writes start within NOC_PHASE_TOLERANCE × period of each other on at
 * least NOC_PHASE_MIN_SHARE of the measured items, among the groups whose resource's bound, floored by floor
 * (the run's own lower bound: max(analytic, busiest link)), the period exceeds by more than NOC_PHASE_MARGIN.
 * period and floor in time units, tu seconds per time unit. Returns 0, or -1 out of memory. */
int noc_phase_detect(const noc_chip *chip, const int *stage_core, const noc_flow *flows, int n_flows,
                     double comm_factor, const double *const *starts, const long *n_starts, double period,
                     double floor, double tu, noc_phase_group *out);

#endif
