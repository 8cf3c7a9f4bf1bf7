#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT
#
# A project of many studies in the GUI (issue 47, item 2): a project file of N studies of one
# kind (500 DPU studies by default, about 16 KB: each study is its kind's default study), opened
# by the window offscreen until its screenshot is written, with the wall time and the peak
# resident memory (/usr/bin/time -v). The window builds only the shown study's workbench (the
# others when they are first shown); docs/performance.md, "Projects of many studies", has the
# figures. A benchmark, not a test: nothing is asserted.
#
#   bench/many_studies.sh [BUILD_DIR] [STUDIES] [KIND]
#
# Prints the project's size and one line: seconds, peak memory, and the screenshot's exit status.
set -euo pipefail
build=${1:-build/release}
studies=${2:-500}
kind=${3:-dpu}
gui=$build/app/gui/mapscape
[[ -x $gui ]] || { echo "no $gui: build first" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "needs /usr/bin/time (GNU time) for the peak memory" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
project=$work/many.mapscape.json
{
    printf '{"schema": "mapscape/project", "version": 2, "active": 0, "studies": ['
    for ((i = 1; i <= studies; ++i)); do
        ((i > 1)) && printf ','
        printf '{"name": "%s %d", "kind": "%s"}' "$kind" "$i" "$kind"
    done
    printf ']}\n'
} >"$project"
echo "$studies $kind studies, project of $(wc -c <"$project") bytes, $(nproc) cores"

# A fresh settings folder (no recent list, no autosave to offer) and no display.
export HOME=$work XDG_RUNTIME_DIR=$work QT_QPA_PLATFORM=offscreen
status=0
/usr/bin/time -v -o "$work/time" "$gui" --project "$project" --screenshot "$work/shot.png" >/dev/null 2>&1 || status=$?
seconds=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; ++i) s = s * 60 + t[i]; print s }' "$work/time")
peak=$(awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$work/time")
printf 'opened and shown in %.2f s, peak %s MiB (exit %d: 0 = screenshot written)\n' "$seconds" "$peak" "$status"
