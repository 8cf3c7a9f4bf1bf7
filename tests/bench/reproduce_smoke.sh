#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT
#
# A reproduction's smoke sweep end to end: `mapscape-cli sweep run` of bench/sweeps/seedNNN-smoke.json
# (and its companion sweeps), then the report binary on the results folder. The report must print
# tables of the same shape as docs/reproduction.md: every table header it prints is one of the
# document's, verbatim, every table has rows, and every row has its header's column count.
#
# Usage: reproduce_smoke.sh MAPSCAPE_CLI BENCH_DIR SOURCE_DIR SEED (000 … 004)
set -euo pipefail
cli=$1
bench=$2
src=$3
seed=$4
work=$(mktemp -d /tmp/mapscape-smoke-$seed.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
sweeps="$src/bench/sweeps"

"$cli" sweep run "$sweeps/seed$seed-smoke.json" -o "$work/results" -j 2 -q
"$cli" sweep status "$work/results" >/dev/null || fail "the smoke sweep left shards unfinished"
extra=()
if [ "$seed" = 001 ]; then
    "$cli" sweep run "$sweeps/seed001-agents-smoke.json" -o "$work/agents" -j 2 -q
    extra=(--agents "$work/agents")
fi
"$bench/reproduce_seed$seed" --results "$work/results" "${extra[@]}" --markdown "$work/table.md" >"$work/out.txt" ||
    fail "the report exited $?"
cmp -s <(cat "$work/table.md") <(head -c "$(wc -c <"$work/table.md")" "$work/out.txt") || fail "--markdown differs from the printed tables"
cat "$work/out.txt"

# Table headers (a "| … |" line followed by a "|---" line) and their rows.
awk -v doc="$src/docs/reproduction.md" '
    BEGIN { while ((getline line < doc) > 0) known[line] = 1; tables = 0; bad = 0 }
    function cols(s) { n = gsub(/\|/, "|", s); return n }
    {
        lines[NR] = $0
    }
    END {
        for (i = 1; i < NR; ++i) {
            if (lines[i] ~ /^\| / && lines[i + 1] ~ /^\|---/) {
                ++tables
                if (!(lines[i] in known)) { print "header not in docs/reproduction.md: " lines[i]; bad = 1 }
                want = cols(lines[i]); rows = 0
                for (j = i + 2; j <= NR && lines[j] ~ /^\| /; ++j) {
                    ++rows
                    if (cols(lines[j]) != want) { print "row with " cols(lines[j]) - 1 " columns under a " want - 1 "-column header: " lines[j]; bad = 1 }
                }
                if (rows == 0) { print "table without rows: " lines[i]; bad = 1 }
            }
        }
        if (tables == 0) { print "no table printed"; bad = 1 }
        printf "%d tables checked\n", tables
        exit bad
    }' "$work/out.txt" || fail "the report's tables do not have the shape of docs/reproduction.md"
if [ "$seed" = 004 ]; then
    # --merge-into: a results folder's runs go into a recorded file, replacing the same runs'
    # lines; each line's curve ends at its run's speed-up (the curve is the tables' measure).
    cp "$src/bench/results/seed004.jsonl" "$work/recorded.jsonl"
    before=$(wc -l <"$work/recorded.jsonl")
    shards=$(ls "$work/results"/shard-*.json | wc -l)
    "$bench/reproduce_seed004" --results "$work/results" --merge-into "$work/recorded.jsonl" >/dev/null || fail "--merge-into exited $?"
    [ "$(wc -l <"$work/recorded.jsonl")" -eq $((before + shards)) ] || fail "the first merge did not add $shards lines"
    "$bench/reproduce_seed004" --results "$work/results" --merge-into "$work/recorded.jsonl" >/dev/null || fail "--merge-into exited $?"
    [ "$(wc -l <"$work/recorded.jsonl")" -eq $((before + shards)) ] || fail "merging the same runs again added lines"
    cmp -s <(head -n "$before" "$work/recorded.jsonl") "$src/bench/results/seed004.jsonl" || fail "the merge changed other runs' lines"
    python3 - "$work/recorded.jsonl" "$before" <<'PY' || fail "a merged line's curve does not end at its speed-up"
import json, sys
lines = open(sys.argv[1]).read().splitlines()[int(sys.argv[2]):]
for l in lines:
    r = json.loads(l)
    if r["speedup"] > 0 and (not r["curve"] or r["curve"][-1][1] != r["speedup"]):
        sys.exit("%s %s seed %s: curve ends at %s, speed-up %s" % (r["preset"], r["method"], r["seed"], r["curve"][-1:], r["speedup"]))
PY
    # A run that ends without a valid map (random search on BERT-base never finds one) is a
    # result too: merged as a speed-up of 0 with no curve, not skipped, which would leave the
    # file's earlier line for that run in place.
    cat >"$work/invalid.json" <<'JSON'
{"schema": "mapscape/sweep", "version": 2, "name": "seed004-no-valid-map", "studies": ["placement"],
 "variations": [{"name": "preset", "path": "/hardware/noise_sigma", "values": [0]},
                {"name": "workload", "argument": "workload", "values": ["bert"]}],
 "optimizers": [{"id": "random", "options": {"iterations": 40}}], "seeds": [7]}
JSON
    "$cli" sweep run "$work/invalid.json" -o "$work/invalid" -j 1 -q
    grep -q '"status": "no result"' "$work/invalid"/shard-00000.json || fail "random search on BERT-base found a valid map"
    lines=$(wc -l <"$work/recorded.jsonl")
    "$bench/reproduce_seed004" --results "$work/invalid" --merge-into "$work/recorded.jsonl" >/dev/null || fail "--merge-into exited $?"
    [ "$(wc -l <"$work/recorded.jsonl")" -eq $((lines + 1)) ] || fail "a run without a valid map was not merged"
    tail -n 1 "$work/recorded.jsonl" | python3 -c '
import json, sys
r = json.loads(sys.stdin.read())
want = {"preset": "noiseless", "workload": "bert", "method": "random", "seed": 7, "iterations": 40, "speedup": 0.0, "valid": 0, "curve": []}
bad = {k: r.get(k) for k in want if r.get(k) != want[k]}
sys.exit("merged line differs: %s" % bad if bad else 0)' || fail "the merged run without a valid map"
    "$bench/reproduce_seed004" --results "$work/recorded.jsonl" >/dev/null || fail "the merged file does not read back"
fi
echo "PASS: seed $seed smoke sweep and report"
