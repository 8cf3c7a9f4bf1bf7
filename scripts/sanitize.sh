#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT
#
# Builds Mapscape with a sanitizer preset and runs the whole test suite under it (GUI tests
# offscreen included): asan = AddressSanitizer + LeakSanitizer + UndefinedBehaviorSanitizer,
# tsan = ThreadSanitizer. Any report fails the test that produced it (halt_on_error), and the
# script ends with CTest's summary and a list of the reports found in the logs.
#
# Usage: scripts/sanitize.sh [asan|tsan|all] [-- CTEST_ARGS...]
#   asan | tsan | all   which preset(s) (default: all)
#   CTEST_ARGS          passed to ctest, e.g. -- -L runner   or   -- -LE slurm
# Build trees: build/asan, build/tsan (Debug, -O1); logs: build/<preset>/sanitize.log.
# Suppressions (third-party libraries only, each with its reason): tests/sanitizers/*.supp.
set -euo pipefail
cd "$(dirname "$0")/.."

presets=()
ctest_args=()
while [ $# -gt 0 ]; do
    case "$1" in
        asan|tsan) presets+=("$1"); shift ;;
        all) presets+=(asan tsan); shift ;;
        --) shift; ctest_args=("$@"); break ;;
        -h|--help) sed -n '5,14p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1 (asan, tsan, all, or -- CTEST_ARGS)" >&2; exit 2 ;;
    esac
done
[ ${#presets[@]} -eq 0 ] && presets=(asan tsan)

# TSan maps its shadow memory at fixed addresses, which a randomized layout with many bits of
# entropy (Debian's default vm.mmap_rnd_bits = 32) can collide with: "FATAL: ThreadSanitizer:
# unexpected memory mapping". setarch -R runs the tests without address randomization.
status=0
for p in "${presets[@]}"; do
    echo "== $p: configure and build"
    cmake --preset "$p" >/dev/null
    cmake --build --preset "$p"
    log=build/$p/sanitize.log
    echo "== $p: tests (log: $log)"
    run=(ctest --preset "$p" "${ctest_args[@]}")
    [ "$p" = tsan ] && run=(setarch "$(uname -m)" -R "${run[@]}")
    set +e
    "${run[@]}" 2>&1 | tee "$log"
    rc=${PIPESTATUS[0]}
    set -e
    reports=$(grep -cE '^(==[0-9]+==ERROR: (Address|Leak)Sanitizer|WARNING: ThreadSanitizer|SUMMARY: (UndefinedBehavior|Address|Leak|Thread)Sanitizer|.*runtime error: )' \
        "build/$p/Testing/Temporary/LastTest.log" || true)
    echo "== $p: ctest exit $rc, sanitizer reports in the test output: ${reports:-0}"
    if [ "$rc" -ne 0 ] || [ "${reports:-0}" -ne 0 ]; then
        status=1
    fi
done
exit $status
