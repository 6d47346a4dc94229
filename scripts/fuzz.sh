#!/usr/bin/env bash
# fuzz.sh: build the libFuzzer harnesses (clang, ASan + UBSan) and fuzz every reader for a while.
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET [TARGET...]]   (default: 30 s each; targets: stg sdf3 fta partition
#        scenario platform). The working corpus lives in build-fuzz/corpus/<target> (seeded from tests/fixtures/fuzz/<target>);
# a crash or hang is copied into tests/fixtures/fuzz/<target>/ as a regression fixture (replayed by ctest's
# sim.fuzzcorpus) and the script exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-30}
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(stg sdf3 fta partition scenario platform)

GN_SETUP_SANITIZE=1 scripts/setup.sh --packages-only   # clang and its sanitizer/fuzzer runtime
# Configure every time (cheap): a target added since the last configure must exist.
CC=clang CXX=clang++ cmake -S . -B build-fuzz -DGN_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build-fuzz -j"$(nproc)" --target $(printf 'fuzz_%s ' "${TARGETS[@]}") >/dev/null

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export LSAN_OPTIONS=suppressions=$PWD/scripts/lsan.supp   # third-party leaks only, each explained there
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
status=0
for t in "${TARGETS[@]}"; do
  corpus=build-fuzz/corpus/$t
  artifacts=build-fuzz/artifacts/$t
  mkdir -p "$corpus" "$artifacts"
  cp -n tests/fixtures/fuzz/"$t"/* "$corpus"/ 2>/dev/null || true
  echo "fuzz: $t for ${SECONDS_EACH}s" >&2
  # Work in the artifacts folder: harnesses that write (none should) cannot touch the tree.
  if ! (cd "$artifacts" && "../../fuzz/fuzz_$t" -seed=1 -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=2048 \
        -max_len=65536 -print_final_stats=1 "../../corpus/$t" >"../../fuzz-$t.log" 2>&1); then
    status=1
    for f in "$artifacts"/crash-* "$artifacts"/timeout-* "$artifacts"/leak-* "$artifacts"/oom-*; do
      [ -e "$f" ] || continue
      cp "$f" "tests/fixtures/fuzz/$t/regression-$(basename "$f")"
      echo "fuzz: $t: $(basename "$f") saved as tests/fixtures/fuzz/$t/regression-$(basename "$f")" >&2
    done
    tail -n 30 "build-fuzz/fuzz-$t.log" >&2
  fi
  grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb' "build-fuzz/fuzz-$t.log" | sed "s/^/fuzz: $t: /" >&2 || true
  echo "fuzz: $t: corpus $(ls "$corpus" | wc -l) inputs" >&2
done
exit $status
