#!/usr/bin/env bash
# Integration: `gridnoc run` on the real `map` kind: --list / --dry-run / --run, scenario errors (file:line,
# exit 2), --jobs 1 vs 2 byte-identical, a failed run (exit 1, others kept), resume after kill -9, and the
# GNU parallel job list + merge giving the same bytes.
set -u
. "$GN_SOURCE/tests/integration/lib.sh"
mkdir "$GN_TMP/work" && cd "$GN_TMP/work" || exit 1

cat > sweep.cfg <<'CFG'
kind = "map";
output = "out/sweep.csv";
seed = 11;
params = {
  mapper = ["dpma", "dptaa", "chains"];
  stages = [3, 6];
};
graphs = { generate = { method = ["sameprob", "layrpred"]; tasks = 60; count = 2; seed = 4; }; };
CFG
# 3 mappers x 2 stage counts x (2 methods x 2 graphs) = 24 runs; graph is the first axis, stages the last.
expect_output "24 runs" "$GRIDNOC" run sweep.cfg --dry-run
expect_output "23 graph=gen:method=layrpred,tasks=60,seed=5 stages=6 mapper=chains" "$GRIDNOC" run sweep.cfg --list
expect_output "1,\"gen:method=sameprob,tasks=60,seed=4\",6,dpma," "$GRIDNOC" run sweep.cfg --run 1

expect_status 0 "$GRIDNOC" run sweep.cfg --jobs 1 --output j1.csv
expect_status 0 "$GRIDNOC" run sweep.cfg --jobs 2 --output j2.csv
GN_CHECKS=$((GN_CHECKS + 1))
cmp -s j1.csv j2.csv || fail "--jobs 1 and --jobs 2 CSVs differ"
[ "$(wc -l < j1.csv)" = 25 ] || fail "expected header + 24 rows, got $(wc -l < j1.csv) lines"

# Bad scenarios: exit 2 with file:line and the closest key.
printf 'kind = "map";\nparams = {\n  stages = 4;\n  mapr = "dpma";\n  graph = "gen:tasks=10";\n};\n' > typo.cfg
expect_stderr "typo.cfg:4: unknown parameter 'mapr' for kind 'map' (did you mean 'mapper'?)" "$GRIDNOC" run typo.cfg
expect_status 2 "$GRIDNOC" run typo.cfg
printf 'kind = "mapp";\n' > kind.cfg
expect_stderr "kind.cfg:1: unknown experiment kind 'mapp' (did you mean 'map'?" "$GRIDNOC" run kind.cfg
printf 'kind = "map";\nparams = { graph = "gen:tasks=10"; stages = [2, "x"]; };\n' > type.cfg
expect_stderr "type.cfg:2: " "$GRIDNOC" run type.cfg
expect_status 2 "$GRIDNOC" run sweep.cfg --jobs 0
expect_status 2 "$GRIDNOC" run sweep.cfg --run 24

# A failing run (a mapper option value that only the mapper reads) is reported with its index; the others are
# written. (A graph file that does not exist, or 2 stages of a 1-task graph, is refused when the scenario is read.)
printf 'kind = "map";\noutput = "fail.csv";\nparams = { stages = 2; graph = "gen:tasks=10"; options = ["", "moves=abc", "nodes=5"]; };\n' > fail.cfg
printf 'kind = "map";\nparams = { stages = 2; graph = ["gen:tasks=10", "gen:tasks=1"]; };\n' > few.cfg
expect_stderr "few.cfg:2: run 1 (graph=gen:tasks=1): 2 stages requested but the graph has only 1 tasks" "$GRIDNOC" run few.cfg --dry-run
printf 'kind = "map";\nparams = { stages = 2; graph = ["gen:tasks=10", "no-such.stg"]; };\n' > nofile.cfg
expect_stderr "nofile.cfg:2: parameter 'graph': no-such.stg: cannot open: No such file or directory" "$GRIDNOC" run nofile.cfg
expect_stderr "run 1 failed: " "$GRIDNOC" run fail.cfg --jobs 2
expect_status 1 "$GRIDNOC" run fail.cfg
GN_CHECKS=$((GN_CHECKS + 1))
[ "$(cut -d, -f1 fail.csv | tr '\n' ' ')" = "run 0 2 " ] || fail "fail.csv rows: $(cut -d, -f1 fail.csv | tr '\n' ' ')"

# Kill -9 mid-sweep, then resume: exactly the rows of the uninterrupted run.
cat > slow.cfg <<'CFG'
kind = "map";
output = "slow.csv";
params = { mapper = "saatsa"; stages = [4, 8]; options = "iterations=400000"; }; # ~0.1 s a run: long enough to kill mid-sweep on a loaded machine
graphs = { generate = { method = "sameprob"; tasks = 120; count = 8; }; };
CFG
"$GRIDNOC" run slow.cfg --jobs 1 --output slow-ref.csv 2>/dev/null
"$GRIDNOC" run slow.cfg --jobs 2 2>/dev/null &
pid=$!
for _ in $(seq 1 3000); do
  [ -f slow.csv ] && [ "$(wc -l < slow.csv)" -ge 4 ] && break
  sleep 0.01
done
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
GN_CHECKS=$((GN_CHECKS + 1))
lines=$(wc -l < slow.csv)
[ "$lines" -lt 17 ] || fail "the sweep finished before it was killed ($lines lines): nothing was tested"
printf '7,"gen:meth' >> slow.csv
expect_status 0 "$GRIDNOC" run slow.cfg --jobs 2
grep -q "removed a cut-short last line" "$GN_TMP/err" || fail "the cut-short last line was not reported"
GN_CHECKS=$((GN_CHECKS + 1))
cmp -s slow.csv slow-ref.csv || fail "resumed CSV differs from the uninterrupted one"

# GNU parallel job list, run here by xargs (the same one-command-per-line list), then merged.
expect_output "GNU parallel: 5 jobs" "$GRIDNOC" run sweep.cfg --emit parallel --chunk 5 --emit-dir par
GN_CHECKS=$((GN_CHECKS + 1))
xargs -P 2 -I{} sh -c {} < par/jobs.txt 2>/dev/null || fail "a parallel job failed"
sh par/merge.sh 2>"$GN_TMP/merge.err" || fail "merge.sh failed: $(cat "$GN_TMP/merge.err")"
cmp -s out/sweep.csv j1.csv || fail "merged parallel CSV differs from the --jobs 1 CSV"
rm par/part-00002.csv
expect_stderr "m.csv: 5 of 24 runs of sweep.cfg are missing" "$GRIDNOC" merge --scenario sweep.cfg --output m.csv par/part-*.csv

# With GNU parallel itself: a failed job (its part points into a missing directory) makes the merge name the
# missing runs and the command; running run.sh again redoes them. So does a part lost or cut short after every
# job succeeded (a joblog's --resume-failed would call those jobs done and loop on the same advice forever).
if have parallel "run.sh under GNU parallel"; then
  expect_output "Run with: $PWD/gp/run.sh" "$GRIDNOC" run sweep.cfg --emit parallel --chunk 5 --emit-dir gp --output gp.csv
  ln -s "$GN_TMP/not-mounted/p.csv" gp/part-00003.csv
  expect_stderr "missing runs: 15-19" gp/run.sh 2
  grep -qF "redo the missing runs with (every job resumes its own part):" "$GN_TMP/err" || fail "no resubmit hint: $(cat "$GN_TMP/err")"
  grep -qF "$PWD/gp/run.sh" "$GN_TMP/err" || fail "the hint names no run.sh: $(cat "$GN_TMP/err")"
  rm gp/part-00003.csv
  expect_status 0 gp/run.sh 2
  GN_CHECKS=$((GN_CHECKS + 1))
  cmp -s gp.csv j1.csv || fail "the GNU parallel CSV after a rerun differs from the --jobs 1 CSV"
  rm gp/part-00001.csv gp.csv
  expect_status 0 gp/run.sh 2
  GN_CHECKS=$((GN_CHECKS + 1))
  cmp -s gp.csv j1.csv || fail "the GNU parallel CSV after a lost part differs from the --jobs 1 CSV"
  head -c -7 gp/part-00004.csv > cut.csv && mv cut.csv gp/part-00004.csv && rm gp.csv
  expect_status 0 gp/run.sh 2
  GN_CHECKS=$((GN_CHECKS + 1))
  cmp -s gp.csv j1.csv || fail "the GNU parallel CSV after a cut-short part differs from the --jobs 1 CSV"
fi

# Files named through a variable keep it in the graph column (no machine path in a CSV, seeds independent of
# where the data lies), and the run loads them by expanding it again.
mkdir -p "$GN_TMP/data/sub" && cp "$GN_FIXTURES/stg/small.stg" "$GN_TMP/data/sub/"
cat >"$GN_TMP/var.cfg" <<CFG
kind = "map";
output = "$GN_TMP/var.csv";
params = { mapper = "dpma"; stages = 2; };
graphs = { files = ["\${GN_TEST_DATA}/sub/*.stg"]; };
CFG
GN_TEST_DATA="$GN_TMP/data" "$GRIDNOC" run "$GN_TMP/var.cfg" 2>/dev/null || fail "scenario with \${GN_TEST_DATA} files"
grep -q '^0,${GN_TEST_DATA}/sub/small.stg,' "$GN_TMP/var.csv" || fail "graph column lost its variable: $(sed -n 2p "$GN_TMP/var.csv")"
grep -q "$GN_TMP" "$GN_TMP/var.csv" && fail "graph column holds the machine path"
a=$(GN_TEST_DATA="$GN_TMP/data" "$GRIDNOC" run "$GN_TMP/var.cfg" --run 0 | tail -n 1 | cut -d, -f1-9)
mv "$GN_TMP/data" "$GN_TMP/moved"
b=$(GN_TEST_DATA="$GN_TMP/moved" "$GRIDNOC" run "$GN_TMP/var.cfg" --run 0 | tail -n 1 | cut -d, -f1-9)
[ -n "$a" ] && [ "$a" = "$b" ] || fail "moving the data folder changed the run: '$a' vs '$b'"
expect_stderr "GN_TEST_DATA is not set" "$GRIDNOC" map '${GN_TEST_DATA}/sub/small.stg' -n 2
finish
