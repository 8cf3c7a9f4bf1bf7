#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT
# Installs the Debian packages, builds, and opens the GUI on the default project (ResNet-50 on
# Eyeriss). Without a display it prints the same evaluation with the command-line tool instead.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    exec build/release/app/mapscape --accelerator eyeriss --network resnet50 \
        --mapping eyeriss_resnet50_neurospector-bottom-up_energy "$@"
fi
echo "No display found: printing the evaluation with mapscape-cli instead of opening the window." >&2
exec build/release/app/mapscape-cli evaluate --accelerator eyeriss --network resnet50 \
    --table eyeriss_resnet50_neurospector-bottom-up_energy "$@"
