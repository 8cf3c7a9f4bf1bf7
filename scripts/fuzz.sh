#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT
#
# Fuzzes Mapscape's parsers with libFuzzer (clang 14 from Debian, ASan + UBSan), each target for
# MINUTES minutes, one after the other (or JOBS at a time), and prints per target: executions,
# executions/s, edges covered (libFuzzer's cov), features, corpus size and findings. A finding
# (crash, uncaught exception, sanitizer report, an input taking > 5 s, or > 2 GiB of memory) is
# copied to tests/fuzz/reproducers/<target>/, which the fuzz_replay_* CTests replay from then on.
#
# Usage: scripts/fuzz.sh [-m MINUTES] [-j JOBS] [--merge] [TARGET ...]
#   -m MINUTES  time per target (default 10)
#   -j JOBS     targets fuzzed at once (default 1; one core each)
#   --merge     afterwards, add the inputs that reach new coverage to tests/fuzz/corpus/<target>/
#   TARGET      preset_json project_json neurospector_cfg maestro onnx sweep study_files, and every
#               kind's own target (kinds/<id>/tests/fuzz_<name>.cpp, e.g. loopnest_spec) (default: all)
# The working corpus lives in build/fuzz/corpus/<target>/ and grows from run to run. A kind's
# target is seeded from presets/<id>/ and kinds/<id>/tests/data/, and keeps its committed corpus
# and reproducers in kinds/<id>/tests/fuzz/ (replayed by its fuzz_replay_<name> CTest).
set -euo pipefail
cd "$(dirname "$0")/.."

minutes=10
jobs=1
merge=0
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        -m) minutes=$2; shift 2 ;;
        -j) jobs=$2; shift 2 ;;
        --merge) merge=1; shift ;;
        -h|--help) sed -n '5,19p' "$0"; exit 0 ;;
        *) targets+=("$1"); shift ;;
    esac
done
all=(preset_json project_json neurospector_cfg maestro onnx sweep study_files)
# Kinds' own targets, found by their files: no list to edit when a kind adds one.
declare -A kind_tests
for f in kinds/*/tests/fuzz_*.cpp; do
    [ -e "$f" ] || continue
    n=$(basename "$f" .cpp)
    n=${n#fuzz_}
    kind_tests[$n]=$(dirname "$f")
    all+=("$n")
done
[ ${#targets[@]} -eq 0 ] && targets=("${all[@]}")
for t in "${targets[@]}"; do
    printf '%s\n' "${all[@]}" | grep -qx "$t" || { echo "unknown fuzz target $t (known: ${all[*]})" >&2; exit 2; }
done

if ! command -v clang++-14 >/dev/null || ! ls /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends clang-14 libclang-rt-14-dev
fi

cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --target make_fuzz_corpus $(printf 'fuzz_%s ' "${targets[@]}")
# A target's binary, and where its committed corpus, reproducers and seeds live.
binary_of() {
    if [ -n "${kind_tests[$1]:-}" ]; then
        find build/fuzz/kinds -type f -name "fuzz_$1" | head -1
    else
        echo "$bin/fuzz_$1"
    fi
}
home_of() { # corpus / reproducers parent: tests/fuzz/{corpus,reproducers}/<t> or kinds/<id>/tests/fuzz/{…}
    if [ -n "${kind_tests[$1]:-}" ]; then echo "${kind_tests[$1]}/fuzz/%s"; else echo "tests/fuzz/%s/$1"; fi
}
seeds_of() {
    if [ -n "${kind_tests[$1]:-}" ]; then
        local kind=${kind_tests[$1]#kinds/}
        kind=${kind%%/*}
        for d in "presets/$kind" "${kind_tests[$1]}/data"; do [ -d "$d" ] && echo "$d"; done
    else
        echo "$seeds/$1"
    fi
}
bin=build/fuzz/tests/fuzz
seeds=build/fuzz/seed-corpus
rm -rf "$seeds"
"$bin/make_fuzz_corpus" "$seeds" presets tests/data/neurospector_golden

report=build/fuzz/report.md
printf '| target | minutes | executions | exec/s | edges (cov) | features | corpus | findings |\n|---|---|---|---|---|---|---|---|\n' >"$report"
# One target: fuzz it, copy its findings, write its report row to build/fuzz/<target>.row.
fuzz_one() {
    local t=$1
    local corpus=build/fuzz/corpus/$t
    local findings=build/fuzz/findings/$t
    rm -rf "$findings" # earlier findings are in tests/fuzz/reproducers already
    mkdir -p "$corpus" "$findings"
    local exe home committed_corpus committed_repro extra=()
    exe=$(binary_of "$t")
    home=$(home_of "$t")
    # shellcheck disable=SC2059
    committed_corpus=$(printf "$home" corpus)
    # shellcheck disable=SC2059
    committed_repro=$(printf "$home" reproducers)
    [ -d "$committed_corpus" ] && extra+=("$committed_corpus")
    [ -d "$committed_repro" ] && extra+=("$committed_repro")
    mapfile -t seed_dirs < <(seeds_of "$t")
    local log=build/fuzz/$t.log
    echo "== $t: $minutes min"
    # -fork keeps fuzzing after a finding; each finding lands in $findings.
    ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1 \
        "$exe" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
        -max_total_time=$((minutes * 60)) -timeout=5 -rss_limit_mb=2048 -max_len=65536 \
        -artifact_prefix="$findings/" -print_final_stats=1 "$corpus" "${seed_dirs[@]}" "${extra[@]}" >"$log" 2>&1 || true
    # The fork mode's last status line: "#N: cov: C ft: F corp: K exec/s E ... time: T".
    local last execs cov ft corp eps n=0
    last=$(grep -E '^#[0-9]+: cov:' "$log" | tail -1 || true)
    execs=$(sed -nE 's/^#([0-9]+):.*/\1/p' <<<"$last")
    cov=$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$last")
    ft=$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<<"$last")
    corp=$(sed -nE 's/.* corp: ([0-9]+).*/\1/p' <<<"$last")
    eps=$(sed -nE 's/.* exec\/s:? ([0-9]+).*/\1/p' <<<"$last")
    for f in "$findings"/crash-* "$findings"/timeout-* "$findings"/oom-* "$findings"/leak-*; do
        [ -e "$f" ] || continue
        mkdir -p "$committed_repro"
        cp "$f" "$committed_repro/"
        n=$((n + 1))
    done
    printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$t" "$minutes" "${execs:-?}" "${eps:-?}" "${cov:-?}" \
        "${ft:-?}" "${corp:-?}" "$n" | tee "build/fuzz/$t.row"
    if [ "$merge" -eq 1 ]; then
        mkdir -p "$committed_corpus"
        "$exe" -merge=1 -timeout=5 -max_len=65536 "$committed_corpus" "$corpus" >/dev/null 2>&1 || true
    fi
}

running=0
for t in "${targets[@]}"; do
    if [ "$running" -ge "$jobs" ]; then
        wait -n || true
        running=$((running - 1))
    fi
    fuzz_one "$t" &
    running=$((running + 1))
done
wait
status=0
for t in "${targets[@]}"; do
    cat "build/fuzz/$t.row" >>"$report"
    [ "$(cut -d'|' -f9 "build/fuzz/$t.row" | tr -d ' ')" = 0 ] || status=1
done
echo
cat "$report"
[ "$status" -eq 0 ] || echo "findings were copied to the targets' reproducers folders (logs: build/fuzz/<target>.log)"
exit $status
