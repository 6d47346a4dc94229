#!/usr/bin/env bash
# Integration: the cluster cycle on Slurm. Starts a private single-node Slurm (munge key, munged,
# slurm.conf, slurmctld, slurmd in a temp dir), submits `gridnoc run --emit slurm` with sbatch options
# (array job throttled %2, two runs at once per task, + a merge job after it), with one task made to fail:
# the merge job names the missing runs and prints the resubmit command; that command completes the CSV,
# byte-identical to a local `--jobs 1` run.
# Skipped (status 77: ctest says "Skipped", not "Passed") only when not root or when slurm-wlm / munge are missing.
set -u
. "$GN_SOURCE/tests/integration/lib.sh"
if [ "$(id -u)" != 0 ]; then skip_test "the private Slurm needs root (daemons run as root here)"; fi
for tool in slurmctld slurmd sbatch sinfo munged mungekey; do
  command -v "$tool" >/dev/null || skip_test "$tool not installed (apt-get install slurm-wlm munge)"
done

S=$(mktemp -d /tmp/gn_slurm.XXXXXX)
stop_daemons() {
  for f in slurmd slurmctld munged; do
    [ -f "$S/$f.pid" ] && kill "$(cat "$S/$f.pid")" 2>/dev/null
  done
  sleep 0.5
  rm -rf "$S" "$GN_TMP"
}
trap stop_daemons EXIT

mungekey --create --keyfile="$S/munge.key" || { fail "mungekey failed"; finish; exit; }
munged --force --socket="$S/munge.sock" --key-file="$S/munge.key" --log-file="$S/munged.log" \
  --pid-file="$S/munged.pid" --seed-file="$S/munged.seed" || { fail "munged did not start"; finish; exit; }
mkdir -p "$S/state" "$S/spool"
port=$((20000 + $$ % 20000))
cat > "$S/slurm.conf" <<CONF
ClusterName=gntest
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$S/munge.sock
CredType=cred/munge
StateSaveLocation=$S/state
SlurmdSpoolDir=$S/spool
SlurmctldPidFile=$S/slurmctld.pid
SlurmdPidFile=$S/slurmd.pid
SlurmctldLogFile=$S/slurmctld.log
SlurmdLogFile=$S/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
ReturnToService=2
MpiDefault=none
NodeName=localhost NodeAddr=127.0.0.1 CPUs=2 RealMemory=2000 State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$S/slurm.conf"
slurmctld -i -f "$SLURM_CONF" || { fail "slurmctld did not start: $(tail -3 "$S/slurmctld.log")"; finish; exit; }
slurmd -N localhost -f "$SLURM_CONF" || { fail "slurmd did not start: $(tail -3 "$S/slurmd.log")"; finish; exit; }
state=
for _ in $(seq 1 60); do
  state=$(sinfo -h -o %T 2>/dev/null)
  [ "$state" = idle ] && break
  sleep 1
done
GN_CHECKS=$((GN_CHECKS + 1))
[ "$state" = idle ] || { fail "the node never became idle (state '$state')"; finish; exit; }

mkdir "$GN_TMP/work" && cd "$GN_TMP/work" || exit 1
cat > sweep.cfg <<'CFG'
kind = "map";
output = "merged/sweep.csv";
seed = 3;
repeat = 2;
params = { mapper = ["dpma", "saatsa"]; stages = [3, 5]; };
graphs = { generate = { method = "layrprob"; tasks = 40; count = 2; }; };
CFG
# 2 mappers x 2 stage counts x 2 graphs x 2 repetitions = 16 runs, chunks of 5 -> array 0-3, 2 at once.
expect_output "Slurm: 4 array tasks of up to 5 runs, at most 2 at once, sbatch options: --time=00:05:00 --mem=200M --cpus-per-task=2" \
  "$GRIDNOC" run sweep.cfg --emit slurm --chunk 5 --max-parallel 2 --emit-dir jobs/new \
  --sbatch "--time=00:05:00 --mem=200M --cpus-per-task=2"
GN_CHECKS=$((GN_CHECKS + 1))
grep -q '^#SBATCH --array=0-3%2$' jobs/new/array.sbatch || fail "array.sbatch lacks --array=0-3%2"
# Task 1 fails: its part file points into a directory that does not exist (a scratch disk not mounted).
ln -s "$GN_TMP/not-mounted/part.csv" jobs/new/part-00001.csv
GN_CHECKS=$((GN_CHECKS + 1))
if timeout 600 jobs/new/submit.sh --wait >submit.out 2>&1; then fail "the merge job succeeded with task 1 failed"; fi
merge_log=$(ls jobs/new/gridnoc-merge-*.out 2>/dev/null | head -1)
GN_CHECKS=$((GN_CHECKS + 1))
grep -q "missing runs: 5-9" "$merge_log" 2>/dev/null || fail "the merge log does not name runs 5-9: $(cat "$merge_log" submit.out)"
GN_CHECKS=$((GN_CHECKS + 1))
ls jobs/new/gridnoc-runs-*_1.out >/dev/null 2>&1 || fail "no %x-%A_%a.out log for the failed task 1"
GN_CHECKS=$((GN_CHECKS + 1))
grep -q "part-00001.csv: a symbolic link to nothing" jobs/new/gridnoc-runs-*_1.out ||
  fail "task 1's log lacks its reason: $(cat jobs/new/gridnoc-runs-*_1.out)"
[ -e merged/sweep.csv ] && fail "an incomplete merge wrote the CSV"
# The fix, then the one printed command: only task 1 again (+ the merge job).
resubmit=$(grep -A1 "resubmit only those with:" "$merge_log" | tail -1)
GN_CHECKS=$((GN_CHECKS + 1))
[ "$resubmit" = "  $PWD/jobs/new/submit.sh 1" ] || fail "unexpected resubmit command '$resubmit': $(cat "$merge_log")"
rm jobs/new/part-00001.csv
GN_CHECKS=$((GN_CHECKS + 1))
timeout 600 $resubmit --wait >resubmit.out 2>&1 || fail "the resubmitted jobs failed: $(cat resubmit.out)"
GN_CHECKS=$((GN_CHECKS + 1))
grep -q "(tasks 1)" resubmit.out || fail "the resubmission was not only task 1: $(cat resubmit.out)"
expect_status 0 "$GRIDNOC" run sweep.cfg --jobs 1 --output local.csv
GN_CHECKS=$((GN_CHECKS + 1))
cmp -s merged/sweep.csv local.csv || fail "the Slurm CSV differs from the --jobs 1 CSV"
GN_CHECKS=$((GN_CHECKS + 1))
[ "$(ls jobs/new/part-*.csv | wc -l)" = 4 ] || fail "expected 4 partial CSVs, got $(ls jobs/new/part-*.csv | wc -l)"
# A second merge of the same parts may rewrite its own CSV; a merge onto a file with other rows may not.
expect_status 0 "$GRIDNOC" merge --scenario sweep.cfg --output merged/sweep.csv jobs/new/part-*.csv
expect_stderr "not overwritten" "$GRIDNOC" merge --scenario sweep.cfg --output sweep.cfg jobs/new/part-*.csv
finish
