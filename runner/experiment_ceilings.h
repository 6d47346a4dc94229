/* experiment_ceilings: the one documented range of every numeric parameter whose size drives a run's memory or
 * event count (docs/hardening.md), checked before anything runs. */
#ifndef EXPERIMENT_CEILINGS_H
#define EXPERIMENT_CEILINGS_H

#include "gn_error.h"

/* The documented ceiling of a numeric parameter (experiment_ceilings.c): GN_EINPUT "must be in A..B, got 'x'"
 * (without the parameter's name) when value is outside it; GN_OK for a parameter without one. */
int experiment_check_ceiling(const char *kind, const char *key, const char *value, gn_error *err);

#endif
