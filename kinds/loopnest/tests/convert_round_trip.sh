#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT
# Every loop-nest preset, written with `convert --to timeloop` and read back, evaluates to the
# same figures (the JSON of `evaluate`, byte for byte).
set -euo pipefail
cli="$1"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
n=0
for preset in ex_eyeriss_like ex_simba_like ex_simple_output_stationary ex_simple_weight_stationary \
              ispass_1level ispass_2level ispass_3level ispass_3level_spatial ispass_eyeriss_mapper; do
    "$cli" evaluate --study "$preset" --format json > "$work/a.json"
    "$cli" convert --study "$preset" --to timeloop > "$work/$preset.yaml"
    "$cli" evaluate --study "$work/$preset.yaml" --format json > "$work/b.json"
    if ! cmp -s "$work/a.json" "$work/b.json"; then
        echo "FAIL: $preset: the exported spec evaluates differently"
        diff "$work/a.json" "$work/b.json" | head -20
        exit 1
    fi
    n=$((n + 1))
done
echo "PASS: $n presets exported and read back to the same figures"
