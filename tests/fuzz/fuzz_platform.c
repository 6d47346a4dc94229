/* fuzz_platform: libFuzzer entry point for the platform reader (see fuzz_targets.c for the contract checked). */
#include "fuzz_targets.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_target_platform(data, size);
  return 0;
}
