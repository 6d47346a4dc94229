/* platform_noc_failures: permanent core failures from a NoC platform's host state profiles, and merging them with
 * injected failures. */
#ifndef PLATFORM_NOC_FAILURES_H
#define PLATFORM_NOC_FAILURES_H

#include "noc_failures.h"
#include "platform_noc_chip.h"

/* Permanent core failures from the file's host state profiles (a state profile on a core host): the core fails
 * at the profile's first 0 value (t seconds = t / time_unit_s time units); later up events are ignored (a NoC
 * core failure is permanent): *ignored_up counts the profiles that had one. *out is sorted by time, then core
 * (malloc'ed, NULL when none). */
int platform_noc_profile_failures(const platform_desc *pd, const platform_noc *pn, double time_unit_s,
                                  noc_failure **out, int *n, int *ignored_up, gn_error *err);

/* Merge two failure lists (same core twice: the earliest time), sorted by time then core. *out malloc'ed. */
int platform_noc_merge_failures(const noc_failure *a, int na, const noc_failure *b, int nb, noc_failure **out, int *n,
                                gn_error *err);

#endif
