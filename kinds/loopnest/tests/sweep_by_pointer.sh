#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT
# A sweep over a Timeloop spec's attribute (a JSON pointer into the study's inputs): one shard per
# value, each a mapper run on its own architecture, collected with the variation as a column.
set -euo pipefail
cli="$1"
sweep="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$cli" sweep run "$sweep" -o "$work/r" -j 1 -q
"$cli" sweep collect "$work/r" --no-timing -o "$work/r.csv"
cat "$work/r.csv"
head -1 "$work/r.csv" | grep -q "rf_depth" || { echo "FAIL: no rf_depth column"; exit 1; }
for depth in 16 64 256; do
    grep -q ",$depth," "$work/r.csv" || { echo "FAIL: no shard with rf_depth=$depth"; exit 1; }
done
[ "$(grep -c ',ok,' "$work/r.csv")" = 3 ] || { echo "FAIL: not every shard found a mapping"; exit 1; }
echo "PASS: three shards, one per register-file depth"
