/* grid_refcache: the fault-free reference makespans of one sweep, kept as files so that the runs of a repetition
 * sharing a deadline reference (the same parameters but the scheduler, hence the same seed, grid, load and
 * reference run) simulate it once instead of once per scheduler. */
#ifndef GRID_REFCACHE_H
#define GRID_REFCACHE_H

#include "gn_kv.h"
#include "strbuf.h"
#include <stdint.h>

/* Set by the runner for its children (scenarios/README.md, "Reference cache"): a directory private to one sweep's
 * output. Unset or empty: no cache, every reference is simulated. */
#define GRID_REFCACHE_ENV "GN_RUNNER_CACHE_DIR"

/* The cache's key for a reference run: the release, the variant, the seed, every parameter of the run (with the
 * scheduler replaced by the one the reference simulates) and the SimGrid settings given (--cfg, simgrid_cfg):
 * everything a reference's makespan depends on. */
void grid_refcache_key(const gn_kvlist *params, const char *scheduler, const char *variant, uint64_t seed,
                       strbuf *key);

/* 1 and *makespan_s when the directory holds this key's value (the whole key is compared, not only its hash),
 * else 0; never an error: a missing or unreadable entry is simulated again. */
int grid_refcache_get(const char *dir, const char *key, double *makespan_s);

/* Store a value (written to a temporary file and renamed, so a concurrent reader sees all of it or nothing);
 * a failure to store only costs a later run the simulation. */
void grid_refcache_put(const char *dir, const char *key, double makespan_s);

/* 1 if name is one the cache writes: 16 lowercase hex digits, or those + ".PID.tmp" (a run killed mid-write). The
 * runner removes only these, so a folder of the cache's name that holds anything else is someone's and keeps it. */
int grid_refcache_is_entry(const char *name);

#endif
