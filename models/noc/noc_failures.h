/* noc_failures: when which cores of a chip break for good: given times, or lifetimes drawn from a law. */
#ifndef NOC_FAILURES_H
#define NOC_FAILURES_H

#include "noc.h"

#include <stdint.h>

typedef struct noc_failure {
  int core;    /* physical core id */
  double time; /* in the pipeline's time units (the unit of task loads) */
} noc_failure;

/* A failure later than this (in time units) is outside any run's horizon (the ceilings of items, task loads and
 * time unit keep a run's makespan far below it): it is dropped, so SimGrid never sees an absurd or infinite
 * date (a Weibull law with a tiny shape draws lifetimes of 1e300 or inf). */
#define NOC_FAILURE_TIME_MAX 1e12

/* Parse a failure spec into failures sorted by time (then core):
 *   ""                        none
 *   "P3@100,4:2@250.5"        logical core P3 (initial numbering) at t=100, physical core x=4,y=2 at 250.5
 *   "exp:MEAN"                every healthy core's lifetime ~ Exponential(mean MEAN)
 *   "weibull:SHAPE:SCALE"     every healthy core's lifetime ~ Weibull(shape, scale)
 * Failures after NOC_FAILURE_TIME_MAX are "no failure in the horizon" and left out.
 * Draws use a GSL generator derived from seed ("noc-failures"), one draw per core in logical order. */
int noc_failures_parse(const noc_chip *chip, const char *spec, uint64_t seed, noc_failure **out, int *n, gn_error *err);

#endif
