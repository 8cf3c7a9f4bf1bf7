#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT
#
# `optimize --study FILE -O OPT --seeds 1-2 --out r.json` with the same flags for a study file of
# each kind the registry lists: the study file is written by `convert --to study`, the run prints the
# seeds table, --out holds the kind's result document, --format json the two shard results,
# and a second run with the same seeds gives the same results.
# Usage: optimize_each_kind.sh MAPSCAPE_CLI
set -euo pipefail
cli=$1
work=$(mktemp -d /tmp/mapscape-each-kind.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cd "$work"

# kind study   optimizer  options                      result schema
cases=(
  "scheduling scheduling  random    samples=200           mapscape/mapping"
  "dataflow   dataflow    gamma     samples=400           mapscape/dataflow-result"
  "accel      lstm        nsga2     samples=150           mapscape/accel-result"
  "dpu        dpu         linucb    steps=1500            mapscape/dpu-result"
  "placement  placement   greedy-dp iterations=120        mapscape/placement-map"
  "loopnest   loopnest    hybrid    samples=600           mapscape/loopnest-result"
)
# Every kind the registry has (`presets` lists each kind's default study) needs a row above: a
# new kind fails here until it has one, instead of being left out silently.
while read -r kind; do
    printf '%s\n' "${cases[@]}" | grep -q "^$kind " || fail "kind $kind has no row in optimize_each_kind.sh"
done < <("$cli" presets | sed -nE "s/^  ([a-z0-9_-]+)  \[\1\]  \(the kind's default study\)$/\1/p")
[ "$("$cli" presets | grep -c "(the kind's default study)")" -ge 6 ] || fail "presets should list the kinds"
for c in "${cases[@]}"; do
    read -r kind study opt option schema <<<"$c"
    "$cli" convert --study "$study" --to study -o "$kind.study.json"
    grep -q '"schema": "mapscape/' "$kind.study.json" || fail "$kind: convert --to study"
    args=(--study "$kind.study.json" -O "$opt" --option "$option" --seeds 1-2 -j 1 -q)
    [ "$kind" = scheduling ] && args+=(--layer CONV_1)
    "$cli" optimize "${args[@]}" --out "$kind.r.json" >"$kind.txt" || fail "$kind: optimize exited $?"
    grep -q "mean ± std over 2 seeds" "$kind.txt" || fail "$kind: no seeds summary: $(cat "$kind.txt")"
    grep -q "\"schema\": *\"$schema\"" "$kind.r.json" || fail "$kind: --out should hold a $schema document: $(head -c 300 "$kind.r.json")"
    "$cli" optimize "${args[@]}" --format json >"$kind.a.json"
    "$cli" optimize "${args[@]}" --format json >"$kind.b.json"
    [ "$(grep -c '"status": "ok"' "$kind.a.json")" -eq 2 ] || fail "$kind: --format json should hold two ok results"
    grep -q "\"kind\": \"$kind\"" "$kind.a.json" || fail "$kind: results name the kind"
    # Identical but for wall time and host.
    diff <(grep -v '"seconds"\|"host"' "$kind.a.json") <(grep -v '"seconds"\|"host"' "$kind.b.json") ||
        fail "$kind: the same seeds gave different results"
    # The result document reads back where the kind takes one.
    case $kind in
        scheduling) "$cli" evaluate --study "$kind.study.json" --layer CONV_1 -t "$kind.r.json" >/dev/null ;;
        dataflow) "$cli" evaluate --study "$kind.study.json" --mapping "$kind.r.json" >/dev/null ;;
        accel) "$cli" evaluate --study "$kind.study.json" --design "$kind.r.json" >/dev/null ;;
        placement) "$cli" evaluate --study "$kind.study.json" --map "$kind.r.json" >/dev/null ;;
    esac || fail "$kind: evaluating the --out document failed"
    echo "ok: $kind ($opt): $(grep "mean ± std" "$kind.txt")"
done
