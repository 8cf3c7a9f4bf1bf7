#!/bin/sh
# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT
# Stands in for a NeuroSpector v1.5 binary in the reproduce_seed000 test: it checks the command
# line reproduce_seed000 builds, takes a measurable 0.3 s, and writes one result file per layer
# of the network cfg in NeuroSpector's format (TOTAL ENERGY / TOTAL CYCLE lines) into the
# current folder. The real binary is measured by hand (docs/reproduction.md).
set -eu
network=""
for arg in "$@"; do
    case "$arg" in
        --run_type=optimizer|--dataflow=fixed|--optimizer=bottom-up|--metric=energy|--accelerator=*|--thread=*) ;;
        --network=*) network="${arg#--network=}" ;;
        *) echo "unexpected argument $arg" >&2; exit 1 ;;
    esac
done
[ -f "$network" ] || { echo "no network cfg" >&2; exit 1; }
[ -f accelerator.cfg ] || { echo "no accelerator cfg" >&2; exit 1; }
sleep 0.3
i=0
sed -n '/^\[LAYERS\]/,$p' "$network" | grep -v '^\[' | grep -v '^#' | grep '=' | while IFS= read -r line; do
    i=$((i + 1))
    printf '[Analyze Results]\n             TOTAL ENERGY : 1e+06\n              TOTAL CYCLE : 2000\n' \
        > "acc-net_${i}-bottom_up-energy.txt"
done
