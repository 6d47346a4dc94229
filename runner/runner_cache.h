/* runner_cache: a folder beside a sweep's output (OUTPUT.cache) where the runs of that sweep may share values
 * that several runs would otherwise compute alike (the grid kind's fault-free deadline references). */
#ifndef RUNNER_CACHE_H
#define RUNNER_CACHE_H

#include "gn_error.h"

/* Make OUTPUT.cache (kept if it exists: a resumed sweep reuses it) and name it in the environment the runs
 * inherit (GRID_REFCACHE_ENV). Called with the output locked, so one sweep at a time uses the folder. */
int runner_cache_open(const char *output, gn_error *err);

/* Remove the folder and its entries: called once every run of the scenario is in the output. */
void runner_cache_remove(const char *output);

#endif
