#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT
#
# A learner on a shared machine (issue 47, item 7): the wall time of one EGRL run with 1 and 2
# LibTorch threads, with the machine to itself and with a competing process holding one core
# (a busy loop), under the wait policy Mapscape sets (OMP_WAIT_POLICY=PASSIVE) and, for
# comparison, libgomp's spinning default (OMP_WAIT_POLICY=ACTIVE). Also -j 1 / -j 2 (which no
# longer change the learner's threads: its `threads` option does).
#
#   bench/learner_under_load.sh [BUILD_DIR] [ITERATIONS] [WORKLOAD]
#
# Prints one line per configuration: seconds, and the ratio to the same configuration alone.
set -euo pipefail
build=${1:-build/release}
iterations=${2:-100}
workload=${3:-resnet50}
cli=$build/app/mapscape-cli
[[ -x $cli ]] || { echo "no $cli: build first" >&2; exit 2; }

declare -A alone
configs=("threads=1" "threads=2" "threads=2 spinning" "-j 1" "-j 2")
args_of() {
    case $1 in
        "threads=1") echo "OMP_WAIT_POLICY=PASSIVE --option threads=1" ;;
        "threads=2") echo "OMP_WAIT_POLICY=PASSIVE --option threads=2" ;;
        "threads=2 spinning") echo "OMP_WAIT_POLICY=ACTIVE --option threads=2" ;;
        "-j 1") echo "OMP_WAIT_POLICY=PASSIVE -j 1" ;;
        "-j 2") echo "OMP_WAIT_POLICY=PASSIVE -j 2" ;;
    esac
}
split() { # "ENV=V --flag x" -> env part and CLI part
    local words=($1) envs=() cli_args=()
    for w in "${words[@]}"; do
        if [[ $w == *=* && ${#cli_args[@]} -eq 0 && $w != threads=* ]]; then envs+=("$w"); else cli_args+=("$w"); fi
    done
    echo "${envs[*]}|${cli_args[*]}"
}
measure() { # config
    local parts envs cli_args
    parts=$(split "$(args_of "$1")")
    envs=${parts%%|*}
    cli_args=${parts#*|}
    local start end
    start=$(date +%s.%N)
    # shellcheck disable=SC2086
    env $envs "$cli" optimize -w "$workload" -O egrl -b "$iterations" --seed 1 -q $cli_args >/dev/null
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }' 
}

echo "EGRL on $workload, $iterations iterations, $(nproc) cores"
for c in "${configs[@]}"; do
    alone[$c]=$(measure "$c")
    printf '%-20s alone        %7.2f s\n' "$c" "${alone[$c]}"
done
yes >/dev/null &
load=$!
trap 'kill $load 2>/dev/null' EXIT
for c in "${configs[@]}"; do
    t=$(measure "$c")
    printf '%-20s one core busy %7.2f s  (%.2fx alone)\n' "$c" "$t" "$(awk -v a="$t" -v b="${alone[$c]}" 'BEGIN { print a / b }')"
done
