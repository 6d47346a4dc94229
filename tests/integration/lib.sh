# lib.sh: tiny assertion helpers for the integration scripts (sourced; not a test itself).
GN_FAILS=0
GN_CHECKS=0
GN_TMP=$(mktemp -d "${TMPDIR:-/tmp}/gn_it.XXXXXX")
trap 'rm -rf "$GN_TMP"' EXIT

fail() { echo "FAIL: $*" >&2; GN_FAILS=$((GN_FAILS + 1)); }

# A test that cannot run here says so and ends with 77: ctest reports it skipped (SKIP_RETURN_CODE), never passed;
# it is also listed in $GN_BUILD/skipped-checks.txt (see have).
skip_test() {
  echo "SKIP: $*"
  if [ -n "${GN_BUILD:-}" ]; then echo "$(basename "$0" .sh): the whole test: $*" >> "$GN_BUILD/skipped-checks.txt"; fi
  exit 77
}
# have TOOL WHAT: true when TOOL is installed; otherwise the check WHAT is skipped, and said so twice: on stderr
# and as a line of $GN_BUILD/skipped-checks.txt, which test.sh and CI list at the end (a skip never passes unseen).
have() {
  command -v "$1" >/dev/null && return 0
  skip_check "$2 ($1 not installed)"
  return 1
}
# skip_check WHAT: one optional check not run, said the same way (stderr and $GN_BUILD/skipped-checks.txt).
skip_check() {
  echo "SKIP: $1" >&2
  if [ -n "${GN_BUILD:-}" ]; then echo "$(basename "$0" .sh): $1" >> "$GN_BUILD/skipped-checks.txt"; fi
}

# expect_status CODE CMD...: run CMD, check its exit status.
expect_status() {
  local want=$1; shift
  GN_CHECKS=$((GN_CHECKS + 1))
  "$@" >"$GN_TMP/out" 2>"$GN_TMP/err"
  local got=$?
  [ "$got" = "$want" ] || fail "'$*' exited $got, expected $want; stderr: $(head -c 400 "$GN_TMP/err")"
}
# expect_output TEXT CMD...: CMD succeeds and its stdout contains TEXT.
expect_output() {
  local want=$1; shift
  GN_CHECKS=$((GN_CHECKS + 1))
  "$@" >"$GN_TMP/out" 2>"$GN_TMP/err" || fail "'$*' failed: $(head -c 400 "$GN_TMP/err")"
  grep -qF -- "$want" "$GN_TMP/out" || fail "'$*' stdout lacks '$want': $(head -c 400 "$GN_TMP/out")"
}
# expect_stderr TEXT CMD...: CMD fails and its stderr contains TEXT.
expect_stderr() {
  local want=$1; shift
  GN_CHECKS=$((GN_CHECKS + 1))
  if "$@" >"$GN_TMP/out" 2>"$GN_TMP/err"; then fail "'$*' succeeded, expected a failure"; fi
  grep -qF -- "$want" "$GN_TMP/err" || fail "'$*' stderr lacks '$want': $(head -c 400 "$GN_TMP/err")"
}
# expect_quiet CMD...: CMD succeeds, prints something on stdout and not one byte on stderr.
expect_quiet() {
  GN_CHECKS=$((GN_CHECKS + 1))
  "$@" >"$GN_TMP/out" 2>"$GN_TMP/err" || fail "'$*' failed: $(head -c 600 "$GN_TMP/err")"
  [ -s "$GN_TMP/err" ] && fail "'$*' wrote on stderr: $(head -c 600 "$GN_TMP/err")"
  [ -s "$GN_TMP/out" ] || fail "'$*' printed nothing"
}
finish() {
  echo "$((GN_CHECKS - GN_FAILS)) passed, $GN_FAILS failed"
  [ "$GN_FAILS" = 0 ]
}
