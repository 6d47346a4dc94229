#!/usr/bin/env bash
# Integration: a 100,000-task graph (docs/hardening.md, "Limits"): generated, inspected and mapped with a fast
# mapper within a 400 MB address-space limit (ulimit -v; measured need ~130 MB), and refused cleanly — one
# "file[:line]: out of memory" line, exit 1, no crash, no partial output — under every limit swept between what
# the program needs to start and what the graph needs. The ulimit parts are
# skipped in the sanitizer build (ASan reserves terabytes of address space for its shadow memory). The same for
# a 10,000-node grid: works under 6.5 GB, refused from the memory estimate (exit 2) under 1 GB.
set -u
. "$GN_SOURCE/tests/integration/lib.sh"
cd "$GN_TMP" || exit 1
asan=0
grep -q '^GN_SANITIZE:BOOL=ON' "$GN_BUILD/CMakeCache.txt" 2>/dev/null && asan=1

# limited KB CMD...: CMD under an address-space limit of KB kilobytes (none in the sanitizer build).
limited() {
  local kb=$1; shift
  if [ "$asan" = 1 ]; then "$@"; else (ulimit -v "$kb" && exec "$@"); fi
}

expect_status 0 limited 400000 "$GRIDNOC" graph gen tasks=100000 seed=3 -o g100k.stg
expect_output "tasks         100000" limited 400000 "$GRIDNOC" graph info g100k.stg
expect_output "dptaa" limited 400000 "$GRIDNOC" map g100k.stg -n 16 -m dptaa --no-time --partition-out g100k.part
GN_CHECKS=$((GN_CHECKS + 1))
# The partition file names every task: 100,000 task lines after its header.
[ "$(grep -c '^[0-9]' g100k.part)" = 100000 ] || fail "g100k.part does not assign 100000 tasks"

if [ "$asan" = 0 ]; then
  # Where the limit bites depends on the machine's libraries (about 86 MB of address space before main here), so
  # the limits are swept from just above what `gridnoc version` needs to well past what the graph needs: at each
  # one, graph info and map either work or are refused with one line naming the graph and "out of memory", exit
  # 1, no partition file left. Any allocation of the reader that reports without the file fails this sweep (the
  # edge list's growth did: "gridnoc: out of memory", seen at 104 MB in the coverage build).
  start=40000
  until limited "$start" "$GRIDNOC" version >/dev/null 2>&1; do
    start=$((start + 2000))
    [ "$start" -le 400000 ] || { fail "gridnoc version does not start under 400 MB"; break; }
  done
  refused=0
  for kb in $(seq $((start + 4000)) 2000 $((start + 40000))); do
    for cmd in "graph info g100k.stg" "map g100k.stg -n 16 -m dptaa --no-time --partition-out refused.part"; do
      rm -f refused.part
      # shellcheck disable=SC2086 # cmd is a word list of our own
      limited "$kb" "$GRIDNOC" $cmd >/dev/null 2>"$GN_TMP/err"
      got=$?
      GN_CHECKS=$((GN_CHECKS + 1))
      if [ "$got" != 0 ]; then
        refused=$((refused + 1))
        [ "$got" = 1 ] && grep -q "^gridnoc: g100k.stg[:0-9]*:.*out of memory" "$GN_TMP/err" &&
          [ "$(wc -l < "$GN_TMP/err")" = 1 ] ||
          fail "$cmd under $kb KB: exit $got, expected 1 and one line naming g100k.stg: $(head -c 400 "$GN_TMP/err")"
        [ ! -e refused.part ] && [ -z "$(find . -name '*.tmp*')" ] || fail "$cmd under $kb KB left an output file"
      fi
    done
  done
  [ "$refused" -ge 4 ] || fail "the limits from $((start + 4000)) KB refused only $refused runs: the sweep tests nothing"
  # The generator's own limit is 1e6 tasks; a million tasks under 130 MB is refused the same way.
  expect_stderr "out of memory" limited 130000 "$GRIDNOC" graph gen tasks=1000000 -o g1m.stg
  GN_CHECKS=$((GN_CHECKS + 1))
  [ ! -e g1m.stg ] || fail "a refused graph gen left g1m.stg behind"
  # A 10,000-node grid (20,000 SimGrid actors of 256 KiB stacks): works under 6.5 GB of address space (estimate
  # 5,876 MiB); under 1 GB it is refused from the estimate before SimGrid starts (one line, exit 2), where it
  # used to abort inside SimGrid ("Failed to allocate stack").
  big_grid=(grid --preset uniform --clusters 100 --nodes 100 --iterations 1 --n 2000 --reference false)
  expect_output "completed              1" limited 6500000 "$GRIDNOC" "${big_grid[@]}"
  expect_status 2 limited 1000000 "$GRIDNOC" "${big_grid[@]}"
  GN_CHECKS=$((GN_CHECKS + 1))
  grep -q "a grid of 10000 nodes needs about .* MiB of address space" "$GN_TMP/err" &&
    [ "$(wc -l < "$GN_TMP/err")" = 1 ] || fail "10,000-node grid under 1 GB: $(head -c 400 "$GN_TMP/err")"
else
  echo "limits: sanitizer build, the ulimit -v refusals are not checked" >&2
fi
finish
