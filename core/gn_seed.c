/* gn_seed: seed derivation (FNV-1a + splitmix64) and seeded GSL generators. */
#include "gn_seed.h"

uint64_t gn_seed_mix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

uint64_t gn_seed_derive(uint64_t base, const char *label) {
  uint64_t h = 0xCBF29CE484222325ULL; /* FNV-1a offset basis */
  for (const unsigned char *p = (const unsigned char *)(label ? label : ""); *p; p++) {
    h ^= *p;
    h *= 0x100000001B3ULL;
  }
  return gn_seed_mix(base ^ gn_seed_mix(h));
}

gsl_rng *gn_rng_new(uint64_t seed) {
  gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
  if (!r)
    return NULL;
  /* mt19937 takes an unsigned long seed; fold 64 bits so both halves matter, and avoid 0. */
  unsigned long s = (unsigned long)(seed ^ (seed >> 32));
  gsl_rng_set(r, s ? s : 4357UL);
  return r;
}
