/* fuzz_targets: one entry point per reader, shared by the libFuzzer harnesses and the corpus replay test. */
#ifndef FUZZ_TARGETS_H
#define FUZZ_TARGETS_H

#include <stddef.h>
#include <stdint.h>

/* Each target parses data with one reader and checks the reader's contract: it either succeeds (and then the
 * result obeys the reader's invariants, e.g. an STG round trip gives the same graph) or fails with GN_EINPUT
 * and a message naming the source ("fuzz:..."). A broken contract calls abort(), which both libFuzzer and
 * the replay test report. Returns 0 when the input was accepted, 1 when it was rejected. */
int fuzz_target_stg(const uint8_t *data, size_t size);
int fuzz_target_sdf3(const uint8_t *data, size_t size);
int fuzz_target_fta(const uint8_t *data, size_t size);
int fuzz_target_partition(const uint8_t *data, size_t size);
int fuzz_target_scenario(const uint8_t *data, size_t size);
int fuzz_target_platform(const uint8_t *data, size_t size);

typedef struct fuzz_target {
  const char *name; /* also the name of its corpus folder under tests/fixtures/fuzz/ */
  int (*run)(const uint8_t *data, size_t size);
} fuzz_target;

extern const fuzz_target fuzz_targets[]; /* terminated by {NULL} */

#endif
