/* fuzz_stg: libFuzzer entry point for the stg reader (see fuzz_targets.c for the contract checked). */
#include "fuzz_targets.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_target_stg(data, size);
  return 0;
}
