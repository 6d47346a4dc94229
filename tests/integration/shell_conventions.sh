#!/usr/bin/env bash
# Integration: what a shell user expects of every command: --opt=value as well as --opt value, "did you
# mean" for an unknown option of any command, case-insensitive names, one "gridnoc" prefix per message, a
# file given as a graph that is something else named for what it is, and SimGrid settings passed through.
set -u
. "$GN_SOURCE/tests/integration/lib.sh"
mkdir "$GN_TMP/work" && cd "$GN_TMP/work" || exit 1
G=$GRIDNOC
"$G" graph gen tasks=12 seed=2 -o small.stg 2>/dev/null

# --opt=value == --opt value.
"$G" grid --iterations 5 --clusters 2 --csv > a.csv
expect_status 0 "$G" grid --iterations=5 --clusters=2 --csv
GN_CHECKS=$((GN_CHECKS + 1))
cmp -s a.csv "$GN_TMP/out" || fail "--opt=value gave another result than --opt value"
expect_stderr "gridnoc grid: unknown option '--foo' (see gridnoc grid --help)" "$G" grid --foo=3
expect_output "period" "$G" map small.stg --stages=3 --mapper=dpma --no-time

# Did you mean, for every command.
expect_stderr "gridnoc run: unknown option '--job' (did you mean '--jobs'?)" "$G" run x.cfg --job 2
expect_stderr "gridnoc grid: unknown option '--schedular' (did you mean '--scheduler'?)" "$G" grid --schedular ring
expect_stderr "gridnoc map: unknown option '--stgaes' (did you mean '--stages'?)" "$G" map small.stg --stgaes 3
expect_stderr "gridnoc pipeline: unknown option '--chpi' (did you mean '--chip'?)" "$G" pipeline small.stg --chpi mesh20
expect_stderr "gridnoc merge: unknown option '--outptu' (did you mean '--output'?)" "$G" merge --outptu x.csv
expect_stderr "gridnoc report: unknown option '--metirc' (did you mean '--metric'?)" "$G" report x.csv --metirc m
expect_stderr "gridnoc platform noc: unknown option '--chipp' (did you mean '--chip'?)" "$G" platform noc --chipp mesh20
expect_stderr "gridnoc platform describe: unknown option '--rout' (did you mean '--route'?)" "$G" platform describe --rout a b
expect_stderr "gridnoc graph info: unknown option '--formt' (did you mean '--format'?)" "$G" graph info small.stg --formt x

# Names are case-insensitive.
expect_output "DPMA" "$G" map small.stg -n 3 -m DPMA --no-time
expect_output "scheduler ring" "$G" grid --scheduler RING --clusters 2 --iterations 5
expect_output "chip mesh20" "$G" pipeline small.stg --chip MESH20 -n 2 --items 20 --warmup 5
expect_output "8 clusters" "$G" grid --preset Patent --iterations 5

# One "gridnoc" per message.
"$G" grid --scheduler rng 2> prefix.err
GN_CHECKS=$((GN_CHECKS + 1))
grep -q "gridnoc: gridnoc" prefix.err && fail "doubled prefix: $(cat prefix.err)"
grep -q "^gridnoc grid: parameter 'scheduler': unknown scheduler 'rng'" prefix.err || fail "message: $(cat prefix.err)"
# ... also when a run's child process said a line itself ("gridnoc: simgrid: ...") and the runner quotes it, and
# when the grid's reference child did.
printf 'kind = "pipeline";\noutput = "p.csv";\nsimgrid_cfg = ["network/bandwidth-factor:0"];\nparams = { graph = "small.stg"; stages = 2; items = 50; };\n' > bw.cfg
"$G" run bw.cfg --quiet 2> prefix.err
GN_CHECKS=$((GN_CHECKS + 1))
grep -q "^gridnoc: run 0 failed: exited with status 2 without a result: simgrid: Invalid param for comm" prefix.err ||
  fail "runner quoting a child: $(cat prefix.err)"
expect_stderr "gridnoc: simgrid: You cannot disable network selective update" "$G" grid --preset uniform --clusters 2 --nodes 3 --n 60 --iterations 3 --cfg network/maxmin-selective-update:no

# A file given as a graph that is something else says what it looks like (exit 2, one line).
printf 'digraph g {\n  a -> b;\n}\n' > g.dot
"$G" platform noc --chip mesh20 -o chip.xml
printf 'kind = "map";\nparams = { stages = 2; graph = "gen:tasks=10"; };\n' > s.cfg
printf '# Notes\nSome prose about graphs.\n' > notes.md
expect_stderr "g.dot: this looks like a DOT drawing: DOT is write-only here" "$G" graph info g.dot
expect_stderr "chip.xml: this looks like a SimGrid platform file" "$G" map chip.xml -n 2
expect_stderr "a.csv: this looks like a CSV table" "$G" graph info a.csv
expect_stderr "s.cfg: this looks like a scenario file" "$G" pipeline s.cfg --chip mesh20 -n 2
expect_stderr "notes.md: this looks like plain text, not a task graph" "$G" graph info notes.md
expect_status 2 "$G" graph info notes.md
GN_CHECKS=$((GN_CHECKS + 1))
[ "$(wc -l < "$GN_TMP/err")" = 1 ] || fail "more than one line: $(cat "$GN_TMP/err")"

# SimGrid pass-through: a bad key is one line (no SimGrid abort); tracing writes a Paje trace.
expect_stderr "gridnoc: --cfg bogus:1: Bad config key: bogus" "$G" grid --iterations 5 --cfg bogus:1
expect_status 2 "$G" grid --iterations 5 --cfg bogus:1
GN_CHECKS=$((GN_CHECKS + 1))
[ "$(wc -l < "$GN_TMP/err")" = 1 ] || fail "--cfg error is not one line: $(head -3 "$GN_TMP/err")"
expect_status 0 "$G" pipeline small.stg --chip mesh20 -n 2 --items 20 --warmup 5 \
  --cfg tracing:yes --cfg tracing/uncategorized:yes --cfg=tracing/filename:pipe.trace
GN_CHECKS=$((GN_CHECKS + 1))
grep -q "^%EventDef PajeDefineContainerType" pipe.trace || fail "no Paje trace written"
# ... and from a scenario (simgrid_cfg), with its own file:line check.
printf 'kind = "map";\nparams = { stages = 2; graph = "gen:tasks=10"; };\nsimgrid_cfg = ["tracing"];\n' > badcfg.cfg
expect_stderr "badcfg.cfg:3: simgrid_cfg: 'tracing' is not KEY:VALUE" "$G" run badcfg.cfg
# The scenario's slurm group reaches every job, before --sbatch.
printf 'kind = "map";\noutput = "o.csv";\nparams = { stages = 2; graph = "gen:tasks=10"; };\nslurm = { time = "00:10:00"; qos = "short"; };\n' > sl.cfg
expect_output "sbatch options: --time=00:10:00 --qos=short --mem=1G" "$G" run sl.cfg --emit slurm --sbatch=--mem=1G
GN_CHECKS=$((GN_CHECKS + 1))
grep -qF "sbatch_args=( '--time=00:10:00' '--qos=short' '--mem=1G' )" o.csv.slurm/submit.sh || fail "submit.sh: $(cat o.csv.slurm/submit.sh)"
finish
