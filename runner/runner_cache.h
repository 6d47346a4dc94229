/* runner_cache: a folder beside a sweep's output (OUTPUT.cache) where the runs of that sweep may share values
 * that several runs would otherwise compute alike (the grid kind's fault-free deadline references). */
#ifndef RUNNER_CACHE_H
#define RUNNER_CACHE_H

#include "gn_error.h"

/* Make OUTPUT.cache (kept if it exists: a resumed sweep reuses it) and name it in the environment the runs
 * inherit (GRID_REFCACHE_ENV); *opened = 1 then. Something else of that name (a file, a symbolic link) is left
 * alone: *opened = 0, no cache. Called with the output locked, so one sweep at a time uses the folder. */
int runner_cache_open(const char *output, int *opened, gn_error *err);

/* At the sweep's end: keep = 1 keeps the folder for a resume (runs are missing) unless it is empty; keep = 0
 * removes it and its entries (every run is in the output, or the sweep failed). */
void runner_cache_close(const char *output, int keep);

#endif
