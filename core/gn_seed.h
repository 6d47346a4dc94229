/* gn_seed: deterministic seeds and GSL generators. Every random choice in gridnoc draws from here. */
#ifndef GN_SEED_H
#define GN_SEED_H

#include <stdint.h>
#include <gsl/gsl_rng.h>

/* A new seed from a base seed and a label (e.g. the run's canonical parameter string, or "failures").
 * Pure function (FNV-1a of the label mixed with splitmix64): the same inputs give the same seed on every
 * machine, whatever the job count. */
uint64_t gn_seed_derive(uint64_t base, const char *label);

/* splitmix64 step: a well-mixed 64-bit value from x. */
uint64_t gn_seed_mix(uint64_t x);

/* A Mersenne-Twister generator seeded from seed (never 0: GSL treats 0 as its default seed). NULL on OOM. */
gsl_rng *gn_rng_new(uint64_t seed);

#endif
