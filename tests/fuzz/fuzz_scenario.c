/* fuzz_scenario: libFuzzer entry point for the scenario reader (see fuzz_targets.c for the contract checked). */
#include "fuzz_targets.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_target_scenario(data, size);
  return 0;
}
