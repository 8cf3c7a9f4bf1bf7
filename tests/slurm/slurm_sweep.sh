#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT
#
# End to end through a real Slurm: starts a single-node cluster on localhost
# (scripts/slurm-local.sh), runs a 22-shard sweep over all six study kinds (scheduling,
# dataflow with a PE-count variation, accelerator sizing, DPU, placement, loop-nest; two seeds) with the
# local backend and as one Slurm job array, kills one array task while it
# runs, checks that `sweep status` names exactly that shard, that running `sweep run` again
# submits only that shard, and that the merged results of both backends are identical.
#
# Usage: slurm_sweep.sh MAPSCAPE_CLI SOURCE_DIR. Exit 77 (skipped) only if Slurm or MUNGE is
# not installed (scripts/install-deps.sh installs them).
set -euo pipefail
cli=$1
src=$2
for b in sbatch squeue scancel slurmctld slurmd munged; do
    if ! command -v "$b" >/dev/null; then
        echo "SKIP: $b is not installed (apt-get install slurm-wlm munge)"
        exit 77
    fi
done

work=$(mktemp -d /tmp/mapscape-slurm-test.XXXXXX)
cluster="$work/cluster"
cleanup() {
    local rc=$?
    bash "$src/scripts/slurm-local.sh" stop "$cluster" >/dev/null 2>&1 || true
    if [ $rc -ne 0 ]; then
        echo "--- cluster logs (test failed) ---"
        tail -n 20 "$cluster"/log/*.log 2>/dev/null || true
        ls "$work/slurm/slurm" 2>/dev/null | head -5 || true
    fi
    rm -rf "$work"
    exit $rc
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

bash "$src/scripts/slurm-local.sh" start "$cluster"
eval "$(bash "$src/scripts/slurm-local.sh" env "$cluster")"
export MAPSCAPE_PRESET_DIR="$src/presets"

cd "$work"
cat >a.json <<'JSON'
{"schema": "mapscape/network", "version": 1, "name": "tiny-a", "layers": [
  {"name": "C1", "K": 16, "B": 1, "P": 8, "Q": 8, "C": 8, "R": 3, "S": 3, "G": 1, "stride": 1},
  {"name": "FC", "K": 10, "B": 1, "P": 1, "Q": 1, "C": 64, "R": 1, "S": 1, "G": 1, "stride": 0}]}
JSON
cat >b.json <<'JSON'
{"schema": "mapscape/network", "version": 1, "name": "tiny-b", "layers": [
  {"name": "PW", "K": 32, "B": 1, "P": 4, "Q": 4, "C": 16, "R": 1, "S": 1, "G": 1, "stride": 1}]}
JSON
# One sweep over all six study kinds: a dataflow study with a PE-count variation (a JSON
# pointer into its inputs), the LSTM accelerator-sizing study, the DPU study, the placement
# study, a loop-nest (Timeloop) preset and a scheduling study built from arguments (the network by relative path: the tasks
# find it next to the sweep file). Each optimizer is restricted to its kind.
cat >sweep.json <<'JSON'
{"schema": "mapscape/sweep", "version": 2, "name": "slurm-test",
 "studies": ["dataflow", "lstm", "dpu", "placement", "ispass_3level",
             {"name": "tiny", "arguments": {"accelerator": "eyeriss", "network": "a.json"}}],
 "variations": [{"name": "num_pes", "path": "/hardware/num_pes", "kind": "dataflow", "values": [256, 1024]}],
 "optimizers": [{"id": "gamma", "kind": "dataflow"},
                {"id": "marl", "kind": "dataflow", "options": {"samples": 3000}},
                {"id": "nsga2", "kind": "accel", "options": {"samples": 200}},
                {"id": "linucb", "kind": "dpu", "options": {"steps": 3000}},
                {"id": "optimal", "kind": "dpu"},
                {"id": "greedy-dp", "kind": "placement", "options": {"iterations": 300}},
                {"id": "ea", "kind": "placement", "options": {"iterations": 300}},
                {"id": "bottom-up", "kind": "scheduling"},
                {"id": "hybrid", "kind": "loopnest", "options": {"samples": 1000}}],
 "seeds": [1, 2]}
JSON

"$cli" sweep plan sweep.json --summary | tee plan.txt
grep -q "= 22 shards" plan.txt || fail "plan: expected 22 shards"
"$cli" sweep plan sweep.json >shards.txt
# The kill victim: a marl shard (the longest-running ones).
marl=$(awk '/ marl / {print $1}' shards.txt | sed -E 's/shard-0*([0-9]+)\.json/\1/' | tr '\n' ' ')
[ "$(echo $marl | wc -w)" -eq 4 ] || fail "plan: expected 4 marl shards, got '$marl'"

# Local backend, two workers.
"$cli" sweep run sweep.json -o local -j 2 -q
"$cli" sweep status local >/dev/null || fail "local backend left shards unfinished"

# Slurm backend: submission returns at once with one job array.
"$cli" sweep run sweep.json -o slurm --backend slurm | tee submit1.txt
grep -q "submitted job array .*: 22 of 22 shards, tasks 0-21" submit1.txt || fail "first submission"
[ "$(wc -l <slurm/slurm/jobs.tsv)" -eq 1 ] || fail "expected one job array"
job=$(cut -f1 slurm/slurm/jobs.tsv)

# Kill one running marl task mid-run.
victim=""
for _ in $(seq 1 1200); do
    while IFS='|' read -r id state; do
        task=${id#*_}
        if [ "$state" = RUNNING ] && [[ " $marl " == *" $task "* ]] && [ ! -e "slurm/$(printf 'shard-%05d.json' "$task")" ]; then
            victim=$task
            break
        fi
    done < <(squeue --noheader --array --jobs="$job" --format='%i|%T')
    [ -n "$victim" ] && break
    sleep 0.1
done
[ -n "$victim" ] || fail "no marl task seen running"
scancel "${job}_${victim}"
echo "killed task ${job}_${victim} while it ran"

# Wait for the rest of the array.
for _ in $(seq 1 3000); do
    [ -z "$(squeue --noheader --jobs="$job" --format=%i 2>/dev/null)" ] && break
    sleep 0.2
done
[ -z "$(squeue --noheader --jobs="$job" --format=%i 2>/dev/null)" ] || fail "the array did not finish"

set +e
"$cli" sweep status slurm | tee status1.txt
rc=$?
set -e
[ $rc -eq 1 ] || fail "status of an incomplete sweep should exit 1, got $rc"
grep -q "finished 21, unfinished 1: $victim\$" status1.txt || fail "status should name exactly shard $victim"
grep -q "unfinished and not queued: $victim " status1.txt || fail "status should say shard $victim is not queued"
if "$cli" sweep collect slurm -o partial.csv 2>collect.err; then fail "collect of an incomplete sweep succeeded"; fi
grep -q "1 of 22 shards are unfinished ($victim)" collect.err || fail "collect should name the missing shard"

# Run again: only the killed shard is submitted; --wait returns when it is done.
"$cli" sweep run sweep.json -o slurm --backend slurm --wait --poll 0.5 | tee submit2.txt
grep -q "submitted job array .*: 1 of 22 shards, tasks $victim;" submit2.txt || fail "second submission should hold only shard $victim"
[ "$(wc -l <slurm/slurm/jobs.tsv)" -eq 2 ] || fail "expected a second job array"
"$cli" sweep status slurm >/dev/null || fail "sweep incomplete after the re-run"
"$cli" sweep run sweep.json -o slurm --backend slurm | grep -q "nothing to submit" || fail "a third run should submit nothing"

# Identical merged results (timing and host aside).
"$cli" sweep collect local --no-timing -o local.csv
"$cli" sweep collect slurm --no-timing -o slurm.csv
"$cli" sweep collect local --no-timing -o local.json
"$cli" sweep collect slurm --no-timing -o slurm.json
[ "$(wc -l <slurm.csv)" -eq 23 ] || fail "expected 22 rows"
cmp local.csv slurm.csv || fail "local and Slurm results differ (CSV)"
cmp local.json slurm.json || fail "local and Slurm results differ (JSON)"
grep -q '"host"' "slurm/$(printf 'shard-%05d.json' "$victim")" || fail "shard files record their host"
echo "PASS: 22 shards of six study kinds identical through Slurm and locally; killed shard $victim re-run alone"
