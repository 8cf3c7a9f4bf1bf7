#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT
# `sweep status` reads the Slurm side files (slurm/jobs.tsv, the tasks' logs) through the bounded,
# regular-files-only reader: a FIFO or a link to /dev/zero in their place is refused or reported,
# never read forever, and a log's last line reaches the terminal without control sequences.
set -uo pipefail
cli="$1"
sweep="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
"$cli" sweep run "$sweep" -o r -j 1 -q >/dev/null || { echo "FAIL: the sweep did not run"; exit 1; }
rm r/shard-00003.json
mkdir -p r/slurm
fail=0

mkfifo r/slurm/jobs.tsv
timeout 20 "$cli" sweep status r >out.txt 2>&1
rc=$?
[ "$rc" = 124 ] && { echo "FAIL: a FIFO as jobs.tsv hangs sweep status"; fail=1; }
grep -q "jobs.tsv" out.txt || { echo "FAIL: the FIFO jobs.tsv is not named:"; cat out.txt; fail=1; }
rm r/slurm/jobs.tsv

ln -s /dev/zero r/slurm/jobs.tsv
( ulimit -v 4000000; timeout 20 "$cli" sweep status r >out.txt 2>&1 )
rc=$?
[ "$rc" = 124 ] && { echo "FAIL: /dev/zero as jobs.tsv is read without end"; fail=1; }
grep -q "jobs.tsv" out.txt || { echo "FAIL: /dev/zero as jobs.tsv is not named:"; cat out.txt; fail=1; }
rm r/slurm/jobs.tsv

printf '123\t0\t0-5\n' > r/slurm/jobs.tsv
mkfifo r/slurm/123_3.out
timeout 20 "$cli" sweep status r >out.txt 2>&1
[ $? = 124 ] && { echo "FAIL: a FIFO as a task log hangs sweep status"; fail=1; }
rm r/slurm/123_3.out

printf 'x \033]0;title\007\033[2J\033[31mRED\n' > r/slurm/123_3.out
"$cli" sweep status r >out.txt 2>&1
if grep -q $'\033\|\007' out.txt; then
    echo "FAIL: control sequences of a task log reach the terminal:"; cat -v out.txt; fail=1
fi
grep -q "RED" out.txt || { echo "FAIL: the log's last line is not shown:"; cat -v out.txt; fail=1; }

[ "$fail" = 0 ] && echo "PASS: side files bounded and printed safely"
exit "$fail"
