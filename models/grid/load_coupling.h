/* load_coupling: how the owners' background load and the nodes' departures are related. "none": drawn apart (the
 * load profile knows nothing of the failure trace); "precede:S": the owner's activity precedes each departure,
 * holding the node at the load floor for the S seconds before it leaves (docs/grids.md, "A node slows before it
 * leaves"). */
#ifndef LOAD_COUPLING_H
#define LOAD_COUPLING_H

#include "failure.h"
#include "gn_error.h"

#include <gsl/gsl_rng.h>

typedef struct load_coupling {
  double precede_s; /* 0 = none */
} load_coupling;

/* "none" or "precede:S" with S a number of seconds in (0, 1e6]; GN_EINPUT otherwise. */
int load_coupling_parse(const char *spec, load_coupling *lc, gn_error *err);

/* failure_load_profile's profile of one host (the same ratios, drawn from rng in the same order, one per step)
 * with the owner's activity before each of the host's departures in tr: over [d − precede_s, d) (cut at 0) the
 * ratio is FAILURE_LOAD_FLOOR. A line at every step date, every window's start and every departure date (where
 * the step's own ratio comes back), in date order; a departure at date 0 (down from the start) has no window. */
int load_coupling_profile(double load, double step_s, double horizon_s, const failure_trace *tr, int host,
                          double precede_s, gsl_rng *rng, char **text, gn_error *err);

/* The lines load_coupling_profile adds to a host's profile at most: two per departure of the host in tr. */
long load_coupling_extra_lines(const failure_trace *tr, int host);

#endif
