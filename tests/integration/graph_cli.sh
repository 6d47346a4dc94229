#!/usr/bin/env bash
# Integration: `gridnoc graph gen | info | convert | dot` on the fixtures: statistics, formats, round trips,
# and exit status 2 with a one-line "file:line:" message on every bad file.
set -u
. "$GN_SOURCE/tests/integration/lib.sh"
STG="$GN_FIXTURES/stg"
SDF3="$GN_FIXTURES/sdf3"

# small.stg (hand-checked in tests/unit/test_mapper_stg.c): CP 1 -> 3 -> 4 = 8, total load 16.
expect_output "cp_length     8" "$GRIDNOC" graph info "$STG/small.stg"
expect_output "total_load    16" "$GRIDNOC" graph info "$STG/small.stg"
expect_output '"cp_length": 8, "parallelism": 2, "ccr": 0, "depth": 3}' \
  "$GRIDNOC" graph info "$STG/small.stg" --format json
expect_output "graph,tasks,edges,total_load,max_load,total_volume,cp_length,parallelism,ccr,depth" \
  "$GRIDNOC" graph info "$STG/small.stg" --format csv
expect_output "$STG/small.stg,5,4,16,6,0,8,2,0,3" "$GRIDNOC" graph info "$STG/small.stg" --format csv
expect_output "total_volume  20.5" "$GRIDNOC" graph info "$STG/small_comm.stg?layout=comm"
expect_output "total_volume  10" "$GRIDNOC" graph info "$STG/small.stg?volume=2.5"
expect_output "cp_length     8" "$GRIDNOC" graph info "$STG/small_crlf.stg"

# DPMA paper, Fig. 4 as SDF3: a chain of loads 32 2 48 4 5 6 (CP 97), volumes 32+32+16+1+1 = 82 tokens.
expect_output "cp_length     97" "$GRIDNOC" graph info "$SDF3/digest_a2.xml"
expect_output "total_volume  328" "$GRIDNOC" graph info "$SDF3/digest_a2.xml?token_bytes=4"
expect_output "edges         1" "$GRIDNOC" graph info "$SDF3/cyclic_live.xml"

# Round trips: STG -> STG is byte-identical for a fixed-width file; the comm layout keeps volumes.
"$GRIDNOC" graph convert "$STG/small.stg" -o "$GN_TMP/rt.stg"
GN_CHECKS=$((GN_CHECKS + 1))
cmp -s "$STG/small.stg" "$GN_TMP/rt.stg" || fail "convert small.stg is not byte-identical"
"$GRIDNOC" graph convert "$STG/small_comm.stg?layout=comm" -o "$GN_TMP/comm.stg"
expect_output "total_volume  20.5" "$GRIDNOC" graph info "$GN_TMP/comm.stg?layout=comm"

# Generation: deterministic per seed; volumes switch the output to the comm layout.
"$GRIDNOC" graph gen method=layrprob tasks=40 times=norm2pks seed=7 -o "$GN_TMP/g1.stg"
"$GRIDNOC" graph gen --method layrprob --tasks 40 --times norm2pks --seed 7 >"$GN_TMP/g2.stg"
GN_CHECKS=$((GN_CHECKS + 1))
cmp -s "$GN_TMP/g1.stg" "$GN_TMP/g2.stg" || fail "graph gen is not deterministic for a seed"
expect_output "tasks         40" "$GRIDNOC" graph info "$GN_TMP/g1.stg"
"$GRIDNOC" graph gen tasks=30 ccr=0.5 seed=3 -o "$GN_TMP/ccr.stg"
expect_output "ccr           0.5" "$GRIDNOC" graph info "$GN_TMP/ccr.stg?layout=comm"
expect_output "tasks         30" "$GRIDNOC" graph info "gen:tasks=30,seed=3"

# DOT, with and without a partition file (mapper/partition_io.h format).
expect_output 't2 [label="3\n4 | stage 2", fillcolor="#ffffb3"];' \
  "$GRIDNOC" graph dot "$STG/small.stg" --partition "$STG/small_2stages.part"
expect_output 't0 -> t1;' "$GRIDNOC" graph dot "$STG/small.stg"
expect_status 2 "$GRIDNOC" graph dot "$STG/small_comm.stg?layout=comm" --partition "$STG/small.stg"

# Every bad file: exit status 2 and exactly one line "gridnoc: FILE:LINE: ..." on stderr.
expect_bad_file() {
  local spec=$1 file=${1%%\?*}
  GN_CHECKS=$((GN_CHECKS + 1))
  "$GRIDNOC" graph info "$spec" >"$GN_TMP/out" 2>"$GN_TMP/err"
  local got=$?
  [ "$got" = 2 ] || fail "graph info $spec exited $got, expected 2"
  [ "$(wc -l <"$GN_TMP/err")" = 1 ] || fail "graph info $spec: stderr is not one line: $(cat "$GN_TMP/err")"
  grep -qE "^gridnoc: $(printf '%s' "$file" | sed 's/[.[\*^$/]/\\&/g'):[0-9]+: " "$GN_TMP/err" ||
    fail "graph info $spec: no 'file:line:' prefix: $(cat "$GN_TMP/err")"
  [ -s "$GN_TMP/out" ] && fail "graph info $spec printed to stdout"
}
for f in "$STG"/err_*.stg; do
  case $f in *err_comm_pairs.stg) expect_bad_file "$f?layout=comm" ;; *) expect_bad_file "$f" ;; esac
done
for f in "$SDF3"/err_*.xml; do expect_bad_file "$f"; done

# Bad usage and bad options: status 2.
expect_status 2 "$GRIDNOC" graph info "$GN_TMP/no-such-file.stg"
expect_stderr "unknown option 'colour' for an STG file" "$GRIDNOC" graph info "$STG/small.stg?colour=red"
expect_stderr "--format 'xml': expected text, json or csv" "$GRIDNOC" graph info "$STG/small.stg" --format xml
expect_stderr "did you mean 'info'" "$GRIDNOC" graph inof "$STG/small.stg"
expect_stderr "gen: unknown method 'foo'" "$GRIDNOC" graph gen method=foo
expect_status 2 "$GRIDNOC" graph convert
expect_status 0 "$GRIDNOC" graph --help
expect_status 0 "$GRIDNOC" graph gen --help
finish
