/* failure: failure-model presets, time periods, renewal-process generation, background-load profiles. */
#include "failure.h"

#include <gsl/gsl_randist.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const failure_model fm_exp_lanl05 = {
    "exp:lanl05", "LANL HPC nodes, exponential", FAILURE_EXPONENTIAL, 1, 1780, 1, 5.92};
static const failure_model fm_wb_lanl05 = {
    "weibull:lanl05", "LANL HPC nodes, Weibull", FAILURE_WEIBULL, 0.48, 816.6, 0.58, 2.18};
static const failure_model fm_exp_g5k06 = {"exp:g5k06", "Grid'5000, exponential", FAILURE_EXPONENTIAL, 1, 32.4, 1,
                                           7.41};
static const failure_model fm_wb_g5k06 = {
    "weibull:g5k06", "Grid'5000, Weibull", FAILURE_WEIBULL, 0.48, 14.4, 0.35, 0.47};
static const failure_model fm_exp_ms99 = {
    "exp:microsoft99", "enterprise desktops, exponential", FAILURE_EXPONENTIAL, 1, 67.0, 1, 16.5};
static const failure_model fm_wb_ms99 = {
    "weibull:microsoft99", "enterprise desktops, Weibull", FAILURE_WEIBULL, 0.55, 35.3, 0.60, 9.34};
static const failure_model fm_exp_nd07 = {
    "exp:nd07cpu", "university desktop CPUs, exponential", FAILURE_EXPONENTIAL, 1, 13.7, 1, 4.25};
static const failure_model fm_wb_nd07 = {
    "weibull:nd07cpu", "university desktop CPUs, Weibull", FAILURE_WEIBULL, 0.45, 4.16, 0.51, 0.74};
static const failure_model fm_exp_pl05 = {"exp:pl05", "PlanetLab, exponential", FAILURE_EXPONENTIAL, 1, 159.5, 1, 49.6};
static const failure_model fm_wb_pl05 = {
    "weibull:pl05", "PlanetLab, Weibull", FAILURE_WEIBULL, 0.33, 19.35, 0.36, 5.59};

/* The patent's regime by name (docs/grids.md, "The patent's regime"): lab PCs are the university desktop CPUs of
 * nd07cpu, office PCs the enterprise desktops of microsoft99, both with their Weibull fits. */
static const failure_model fm_lab = {"lab", "lab desktop PCs (= weibull:nd07cpu)", FAILURE_WEIBULL, 0.45, 4.16, 0.51, 0.74};
static const failure_model fm_office = {
    "office", "office desktop PCs (= weibull:microsoft99)", FAILURE_WEIBULL, 0.55, 35.3, 0.60, 9.34};

const failure_model *const failure_models[] = {
    &fm_exp_lanl05, &fm_wb_lanl05, &fm_exp_g5k06, &fm_wb_g5k06, &fm_exp_ms99, &fm_wb_ms99,
    &fm_exp_nd07,   &fm_wb_nd07,   &fm_exp_pl05,  &fm_wb_pl05,  &fm_lab,     &fm_office, NULL,
};

const failure_model *failure_model_find(const char *name, gn_error *err) {
  char list[512] = "";
  size_t used = 0;
  for (int i = 0; failure_models[i]; i++) {
    if (strcmp(failure_models[i]->name, name) == 0)
      return failure_models[i];
    used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", failure_models[i]->name);
  }
  gn_error_set(err, GN_EINPUT, NULL, 0, "unknown failure model '%s' (known: none, fta:PATH, %s)", name, list);
  return NULL;
}

/* Night: owners away, few failures (LANL night/day start ratio 1/1.7). Morning and afternoon peaks:
 * owners at their desks take half the cpu and failures start 1.7x as often as the daily mean. Evening:
 * in between. The rate multipliers average to 1.2 over the four periods. */
const failure_period failure_periods[4] = {
    {"night", "00-08h: idle desktops", 0.05, 0.6},
    {"morning", "08-12h: busy peak", 0.5, 1.7},
    {"afternoon", "12-18h: busy peak", 0.5, 1.7},
    {"evening", "18-24h: light use", 0.2, 0.8},
};

const failure_period *failure_period_find(const char *name, gn_error *err) {
  for (int i = 0; i < 4; i++) {
    char num[4];
    snprintf(num, sizeof num, "%d", i + 1);
    if (strcmp(name, num) == 0 || strcmp(name, failure_periods[i].name) == 0)
      return &failure_periods[i];
  }
  gn_error_set(err, GN_EINPUT, NULL, 0, "unknown time period '%s' (known: 1 night, 2 morning, 3 afternoon, 4 evening)",
               name);
  return NULL;
}

int failure_trace_add(failure_trace *t, double time_s, int host, int up, gn_error *err) {
  if (t->n == t->cap) {
    int cap = t->cap ? 2 * t->cap : 64;
    failure_event *e = realloc(t->events, (size_t)cap * sizeof *e);
    if (!e)
      return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory for failure events");
    t->events = e;
    t->cap = cap;
  }
  t->events[t->n++] = (failure_event){time_s, host, up};
  return GN_OK;
}

static int event_cmp(const void *a, const void *b) {
  const failure_event *x = a, *y = b;
  if (x->t != y->t)
    return x->t < y->t ? -1 : 1;
  if (x->host != y->host)
    return x->host < y->host ? -1 : 1;
  return x->up - y->up;
}

void failure_trace_sort(failure_trace *t) {
  if (t->n > 1)
    qsort(t->events, (size_t)t->n, sizeof *t->events, event_cmp);
}

void failure_trace_free(failure_trace *t) {
  free(t->events);
  t->events = NULL;
  t->n = t->cap = 0;
}

static double draw_hours(failure_law law, double shape, double scale_h, gsl_rng *rng) {
  if (law == FAILURE_EXPONENTIAL)
    return gsl_ran_exponential(rng, scale_h);
  return gsl_ran_weibull(rng, scale_h, shape);
}

double failure_mean_up_s(const failure_model *m, double rate, double accel) {
  double mean_h = m->law == FAILURE_EXPONENTIAL ? m->up_scale_h : m->up_scale_h * tgamma(1 + 1 / m->up_shape);
  return mean_h * 3600.0 / (accel * rate);
}

double failure_young_interval(double delta_s, double mtbf_s) { return sqrt(2 * delta_s * mtbf_s); }

double failure_daly_interval(double delta_s, double mtbf_s) {
  if (delta_s >= 2 * mtbf_s)
    return mtbf_s;
  double r = delta_s / (2 * mtbf_s);
  return sqrt(2 * delta_s * mtbf_s) * (1 + sqrt(r) / 3 + r / 9) - delta_s;
}

int failure_generate(const failure_model *m, double rate, double accel, int n_hosts, double horizon_s, gsl_rng *rng,
                     failure_trace *out, gn_error *err) {
  if (!(rate > 0) || !(accel > 0))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "failure rate and acceleration must be > 0");
  double up_factor = 3600.0 / (accel * rate), down_factor = 3600.0 / accel;
  double mean_up_s = failure_mean_up_s(m, rate, accel);
  for (int h = 0; h < n_hosts; h++) {
    double t = -10 * mean_up_s;
    for (;;) {
      t += draw_hours(m->law, m->up_shape, m->up_scale_h, rng) * up_factor;
      if (t >= horizon_s)
        break;
      double back = t + draw_hours(m->law, m->down_shape, m->down_scale_h, rng) * down_factor;
      if (back > 0) {
        int rc = failure_trace_add(out, t > 0 ? t : 0, h, 0, err);
        if (!rc && back < horizon_s)
          rc = failure_trace_add(out, back, h, 1, err);
        if (rc)
          return rc;
      }
      t = back;
      if (t >= horizon_s)
        break;
    }
  }
  failure_trace_sort(out);
  return GN_OK;
}

double failure_load_ratio(double load, gsl_rng *rng) {
  double ratio = 1 - load * 2 * gsl_rng_uniform(rng);
  return ratio < FAILURE_LOAD_FLOOR ? FAILURE_LOAD_FLOOR : ratio;
}

int failure_load_profile(double load, double step_s, double horizon_s, gsl_rng *rng, char **text, gn_error *err) {
  size_t cap = 64 + (size_t)(horizon_s / step_s + 2) * 48, len = 0;
  char *s = malloc(cap);
  if (!s)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory for a load profile");
  for (double t = 0; t < horizon_s && len + 48 < cap; t += step_s)
    len += (size_t)snprintf(s + len, cap - len, "%.17g %.6f\n", t, failure_load_ratio(load, rng));
  s[len] = '\0';
  *text = s;
  return GN_OK;
}
