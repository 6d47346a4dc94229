/* failure: per-host failure processes (exponential or Weibull up/down times, FTA fits as presets), the
 * patent's four time periods (background load + failure rate), and host off/on event lists. */
#ifndef FAILURE_H
#define FAILURE_H

#include "gn_error.h"

#include <gsl/gsl_rng.h>

typedef enum { FAILURE_EXPONENTIAL, FAILURE_WEIBULL } failure_law;

/* A fitted per-node model (Javadi et al., JPDC 2013). Durations in hours; for the
 * exponential law only the scales (= means) are used. */
typedef struct failure_model {
  const char *name; /* "weibull:nd07cpu", "exp:lanl05", ... */
  const char *summary;
  failure_law law;
  double up_shape, up_scale_h;
  double down_shape, down_scale_h;
} failure_model;

/* NULL-terminated registry of the presets. */
extern const failure_model *const failure_models[];
/* Look up; "none" is not a model (no failures) and is handled by the caller. GN_EINPUT lists the names. */
const failure_model *failure_model_find(const char *name, gn_error *err);

/* The patent's "four time periods" (patent, Table 3): the values were lost; the defaults follow
 * desktop-grid traces — about 1.7x as many failures start by day as at night, and desktop owners take cpu by
 * day. load = mean share of a node's cpu taken by its owner; rate = multiplier of the failure rate. */
typedef struct failure_period {
  const char *name;
  const char *summary;
  double load;
  double rate;
} failure_period;

extern const failure_period failure_periods[4];
/* By number 1..4 or by name. */
const failure_period *failure_period_find(const char *name, gn_error *err);

/* A host goes down (up = 0) or comes back (up = 1) at time t (seconds from the run's start). */
typedef struct failure_event {
  double t;
  int host;
  int up;
} failure_event;

typedef struct failure_trace {
  failure_event *events; /* sorted by (t, host, up) */
  int n, cap;
} failure_trace;

/* Alternating up/down renewal process per host on [0, horizon_s). Durations come from the model with
 * times divided by `accel` (1 = real time; > 1 compresses the trace so rare failures show in short runs)
 * and up times divided by `rate`. The process is started 10 mean up-times before 0 so hosts are in their
 * steady state at the run's start (Weibull shapes < 1 would otherwise crowd failures at t = 0). */
int failure_generate(const failure_model *m, double rate, double accel, int n_hosts, double horizon_s, gsl_rng *rng,
                     failure_trace *out, gn_error *err);

int failure_trace_add(failure_trace *t, double time_s, int host, int up, gn_error *err);
/* Sort by (t, host, up); keeps the trace deterministic whatever order events were added in. */
void failure_trace_sort(failure_trace *t);
void failure_trace_free(failure_trace *t);

/* Background load as a SimGrid speed profile ("date ratio" lines): every step_s a new ratio 1 − L·2u with u
 * uniform in [0,1) (mean 1 − load, never below 0.05). Returns a malloc'd string. */
int failure_load_profile(double load, double step_s, double horizon_s, gsl_rng *rng, char **text, gn_error *err);
/* The smallest speed ratio the owners leave a node (their load never takes all of it). */
#define FAILURE_LOAD_FLOOR 0.05
/* One step's ratio of that profile: 1 − L·2u, u the next uniform of rng, at least FAILURE_LOAD_FLOOR. */
double failure_load_ratio(double load, gsl_rng *rng);

/* Checkpoint intervals for checkpoint cost delta_s and platform MTBF mtbf_s:
 * Young (1974) sqrt(2·delta·M); Daly (2006), valid for delta < 2M, else M. */
double failure_young_interval(double delta_s, double mtbf_s);
double failure_daly_interval(double delta_s, double mtbf_s);

/* Mean up time of a model in seconds, with the same rate and acceleration as failure_generate. */
double failure_mean_up_s(const failure_model *m, double rate, double accel);

#endif
