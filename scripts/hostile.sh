#!/usr/bin/env bash
# hostile.sh: the hostile pass — run every case of tests/hostile/cases.tsv against a gridnoc binary in a fresh
# sandbox and classify each outcome. Slow (minutes): a developer's tool, not part of the test suite; the cases
# it found broken are guarded by tests/fixtures/bad_inputs.tsv.
# Usage: scripts/hostile.sh GRIDNOC [--out DIR] [--grep REGEX] [--timeout S] [--cases FILE]...
# The cases are tests/hostile/cases.tsv (sessions 4-5), tests/hostile/cases-round3.tsv (issue 29) and
# tests/hostile/cases-round4.tsv, or only
# the --cases files given. Each case runs under `timeout` (default 60 s) with bash in a sandbox holding fx/ (tests/fixtures, read-only
# use), h/ (hostile inputs: tests/hostile/make-inputs.sh) and in/ (writable copies of valid inputs). Classes:
#   hang       the timeout fired
#   abort      a signal, or a sanitizer / SimGrid abort report on stderr
#   destroyed  an input changed (fx/, h/, in/), a device or FIFO replaced, a file appeared outside the sandbox
#   misplaced  a failed case left a file or folder the command does not name, or a temporary file
#   silent     a case that must fail (expect 1 or 2) exited 0
#   message    failed with the wrong status, or stderr is not one line `file:line: ...` / `X: ...`
#   clean      the expected outcome (expect e: either success or a clean error)
# Writes DIR/results.tsv (case, class, status, stderr lines, first line, problems) and prints the counts.
set -u
cd "$(dirname "$0")/.."
ROOT=$(pwd)
[ $# -ge 1 ] || { echo "usage: scripts/hostile.sh GRIDNOC [--out DIR] [--grep REGEX] [--timeout S] [--cases FILE]..." >&2; exit 2; }
GRIDNOC=$(readlink -f "$1"); shift
OUT=hostile-out; GREP=; LIMIT=60; CASES=()
while [ $# -gt 0 ]; do
  case "$1" in
    --out) OUT=$2; shift 2 ;;
    --grep) GREP=$2; shift 2 ;;
    --timeout) LIMIT=$2; shift 2 ;;
    --cases) CASES+=("$2"); shift 2 ;;
    *) echo "hostile: unknown option $1" >&2; exit 2 ;;
  esac
done
[ "$(basename "$GRIDNOC")" = gridnoc ] || { echo "hostile: $GRIDNOC is not named gridnoc" >&2; exit 2; }
[ ${#CASES[@]} -gt 0 ] || CASES=(tests/hostile/cases.tsv tests/hostile/cases-round3.tsv tests/hostile/cases-round4.tsv)
BIN_DIR=$(dirname "$GRIDNOC")
mkdir -p "$OUT"; OUT=$(readlink -f "$OUT")
WORK=$(mktemp -d "${TMPDIR:-/tmp}/gn_hostile.XXXXXX")
chmod 755 "$WORK"
cleanup() { chmod -R u+rwX "$WORK" 2>/dev/null; umount "$WORK"/case*/tiny 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT
export PATH="$BIN_DIR:$PATH"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}

H="$WORK/h"
PATH="$BIN_DIR:$PATH" bash tests/hostile/make-inputs.sh "$H" "$ROOT/tests/fixtures" || { echo "hostile: making inputs failed" >&2; exit 1; }
IN0="$WORK/in0"
mkdir "$IN0"
cp tests/fixtures/stg/small.stg tests/fixtures/stg/small_2stages.part tests/fixtures/fta/small.tab \
   tests/fixtures/bad/map.cfg tests/fixtures/platforms/grid-two-zone.xml "$IN0/"
(cd "$IN0" && "$GRIDNOC" run map.cfg --quiet --output res.csv 2>/dev/null)
sig() { # a fingerprint of a tree: path, type, size, mtime (and ctime unless a copy: cp -a keeps only mtime)
  find "$1" \( -type d -printf '%P d\n' \) -o -printf "%P %y %s %T@${2:- %C@}\n" 2>/dev/null | LC_ALL=C sort
}
rm -f "$IN0"/*.lock
sig_fx=$(sig "$ROOT/tests/fixtures"); sig_h=$(sig "$H"); sig_in=$(sig "$IN0" ' ' | grep -v '^res\.columns\.csv ')
: > "$WORK/stdout"; : > "$WORK/stderr"
outside() { ls -A / ~ 2>/dev/null; ls -A "$WORK" | grep -v '^case'; stat -c '%n %F' /dev/null /dev/full /dev/zero /dev/stdout; }
sig_out=$(outside)

printf 'case\tclass\tstatus\tlines\tfirst line\tproblems\tcommand\n' > "$OUT/results.tsv"
n=0
while IFS=$'\t' read -r expect area cmd; do
  case "$expect" in '#'* | '') continue ;; esac
  n=$((n + 1))
  if [ -n "$GREP" ] && ! grep -qE -- "$GREP" <<<"$area $cmd"; then continue; fi
  dir="$WORK/case$n"
  mkdir "$dir" && chmod 777 "$dir"
  ln -s "$ROOT/tests/fixtures" "$dir/fx"; ln -s "$H" "$dir/h"; cp -a "$IN0" "$dir/in"
  (cd "$dir" && PATH="$BIN_DIR:$PATH" GN_HOSTILE_LIMIT=$LIMIT timeout -k 5 "$LIMIT" bash -c "$cmd") \
    >"$WORK/stdout" 2>"$WORK/stderr" </dev/null
  status=$?
  lines=$(wc -l < "$WORK/stderr")
  first=$(head -n 1 "$WORK/stderr" | tr '\t' ' ' | cut -c1-300)
  problems=; class=clean
  add() { problems="${problems:+$problems; }$2"; [ "$class" = clean ] && class=$1; }
  # Worst class first: the order of these checks is the order of the classes above.
  [ "$status" = 124 ] || [ "$status" = 137 ] && add hang "no end within $LIMIT s"
  if [ "$status" -gt 128 ] && [ "$status" != 137 ] || grep -qE 'Sanitizer|runtime error:|Assertion|xbt_die|Oops|Aborted|core dumped|Segmentation' "$WORK/stderr"; then
    add abort "status $status: $(grep -m1 -E 'Sanitizer|runtime error:|Assertion|xbt_die|Oops|Aborted|Segmentation' "$WORK/stderr" | cut -c1-160)"
  fi
  [ "$(sig "$ROOT/tests/fixtures")" = "$sig_fx" ] || add destroyed "tests/fixtures changed"
  if [ "$(sig "$H")" != "$sig_h" ]; then # remake the inputs so one case's damage does not spill over
    add destroyed "a hostile input in h/ changed"
    chmod -R u+rwX "$H"; rm -rf "$H"; bash tests/hostile/make-inputs.sh "$H" "$ROOT/tests/fixtures"; sig_h=$(sig "$H")
  fi
  # (in/res.columns.csv is rewritten by a run that names in/res.csv: the dictionary goes with its CSV.)
  [ "$(sig "$dir/in" ' ' | grep -v -e '\.lock ' -e '^res\.columns\.csv ')" = "$sig_in" ] ||
    add destroyed "an input copy in in/ changed"
  [ "$(outside)" = "$sig_out" ] || add destroyed "a file appeared or changed outside the sandbox (/, ~, /dev)"
  if [ "$status" != 0 ]; then
    stray=$(cd "$dir" && find . -mindepth 1 \( -path ./fx -o -path ./h -o -path ./in \) -prune -o -printf '%P\n' |
      while IFS= read -r f; do # a file the command names (or made), or X.columns.csv going with a named X.csv
        case "$cmd" in *"$f"*) continue ;; esac
        case "$f" in *.columns.csv) case "$cmd" in *"${f%.columns.csv}.csv"*) continue ;; esac ;; esac
        echo "$f"
      done | head -1)
    [ -z "$stray" ] || add misplaced "left $stray behind"
  fi
  tmp=$(find "$dir" -name '*.tmp*' ! -path "$dir/fx/*" | head -1)
  [ -z "$tmp" ] || add misplaced "temporary file ${tmp#"$dir"/} left"
  case "$expect" in
    1 | 2)
      [ "$status" != 0 ] || add silent "exit 0"
      [ "$status" = "$expect" ] || [ "$status" = 0 ] || add message "exit $status, expected $expect" ;;
    0) [ "$status" = 0 ] || add message "exit $status, expected 0" ;;
    e) case "$status" in 0 | 1 | 2) ;; *) add message "exit $status" ;; esac ;;
  esac
  if [ "$status" != 0 ] && [ "$expect" != 0 ]; then
    [ "$lines" = 1 ] || add message "stderr has $lines lines"
    grep -qE '^([^ :]+:[0-9]+: |gridnoc[^:]*: |[^ :]+: )' <<<"$first" || add message "first line has no file: or gridnoc: prefix"
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$n" "$class" "$status" "$lines" "$first" "$problems" "$cmd" >> "$OUT/results.tsv"
  chmod -R u+rwX "$dir" 2>/dev/null; umount "$dir/tiny" 2>/dev/null; rm -rf "$dir"
done < <(cat "${CASES[@]}")

total=$(($(wc -l < "$OUT/results.tsv") - 1))
echo "hostile: $total cases with $(basename "$BIN_DIR")/gridnoc; results in $OUT/results.tsv" >&2
for c in clean destroyed abort hang silent misplaced message; do
  k=$(awk -F'\t' -v c="$c" 'NR > 1 && $2 == c' "$OUT/results.tsv" | wc -l)
  printf '  %-10s %4d\n' "$c" "$k" >&2
done
errs=$(awk -F'\t' 'NR > 1 && $3 != 0' "$OUT/results.tsv" | wc -l)
clean_errs=$(awk -F'\t' 'NR > 1 && $3 != 0 && $2 == "clean"' "$OUT/results.tsv" | wc -l)
echo "  errors: $clean_errs of $errs clean ($(awk -v a="$clean_errs" -v b="$errs" 'BEGIN { printf "%.1f", b ? 100 * a / b : 100 }') %)" >&2
awk -F'\t' 'NR > 1 && $2 != "clean"' "$OUT/results.tsv" | cut -f1,2,6,7 | cut -c1-400 >&2
awk -F'\t' 'NR > 1 && $2 != "clean" { bad = 1 } END { exit bad }' "$OUT/results.tsv"
