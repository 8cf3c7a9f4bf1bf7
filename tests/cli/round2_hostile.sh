#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT
#
# Reliability round 2: hostile inputs give exit 2 with a message naming the file and the field, or
# a correct finite result; never an internal error, inf, NaN or null, a wrapped number or a block.
# One section per item of the issue; the reproducers are in tests/cli/data/round2.
# Usage: round2_hostile.sh MAPSCAPE_CLI DATA_DIR SECTION
set -euo pipefail
cli=$1
data=$2
section=$3
presets=${MAPSCAPE_PRESET_DIR:?MAPSCAPE_PRESET_DIR names the presets folder}
# shellcheck source=hostile_lib.sh
source "$(dirname "$0")/hostile_lib.sh"

case $section in
arithmetic) # item 2
    # Dimensions above the one limit are refused by every reader (F02: a MAESTRO GEMM of 1e9).
    expect 2 "F02_maestro_gemm_1e9_negative_runtime.m:1: layer g: Dimensions.M: must be at most 100000000, got 1000000000" \
        evaluate --maestro-mapping F02_maestro_gemm_1e9_negative_runtime.m --hardware archgym-default
    # Within the limits, counts that exceed 64 bits are refused instead of wrapping (F03: 1e24 MACs).
    expect 2 "a count \(MACs, buffer accesses, cycles or bytes\) exceeds 64 bits" \
        evaluate --study F03_study_gemm_1e8_wrapped_macs_and_3GB_optimize.study.json
    expect 2 "exceeds 64 bits" evaluate --study F03_study_gemm_1e8_wrapped_macs_and_3GB_optimize.study.json --format json
    # F04: directive sizes of 1e9 no longer give a negative L1 requirement that "fits".
    expect 2 "exceeds 64 bits" evaluate --study F04_study_negative_L1_fits.study.json --format json
    # A real layer at the limit still evaluates to finite numbers.
    sed -e 's/"K": 100000000/"K": 4096/' F05_study_K_1e8_optimize_1.3GB.study.json > k4096.json
    expect 0 "Runtime" evaluate --study k4096.json
    # Physical inputs outside 1e-30..1e30 (denormals, 1e308) are refused naming file, line and field.
    expect 2 "F08_dpu_clock_tiny_internal_error.dpu.json:[0-9]+: params.clock_mhz: must be 0 or a number from 1e-30 to 1e30 in magnitude, got 1e-320" \
        dpu simulate -p F08_dpu_clock_tiny_internal_error.dpu.json --variant ResNet18 --state C
    expect 2 "F08_dpu_gmac_1e308_internal_error.dpu.json:[0-9]+: models\[0\].gmac: must be 0 or a number from 1e-30 to 1e30 in magnitude, got 1e\+308" \
        dpu anchors -p F08_dpu_gmac_1e308_internal_error.dpu.json
    expect 2 "F09_dpu_corr_fps_inf_nan.dpu.json:[0-9]+: corrections\[0\].fps: must be 0 or a number from 1e-30 to 1e30" \
        dpu simulate -p F09_dpu_corr_fps_inf_nan.dpu.json --variant ResNet18 --state C
    expect 2 "F09_placement_hw_nan_reward.ph.json:1: mac_rate_tmacs: must be 0 or a number from 1e-30 to 1e30" \
        evaluate --study placement -w resnet50 --hardware F09_placement_hw_nan_reward.ph.json
    # Scheduling: a 1e-320 clock, a 1e308 MAC energy, arrays that multiply past 2^40 MAC units.
    cp "$presets/accelerators/eyeriss.json" acc.json
    sed -e 's/"frequency_mhz": [0-9.e+]*/"frequency_mhz": 1e-320/' acc.json > clock.json
    expect 2 "clock.json:[0-9]+: frequency_mhz: must be 0 or a number from 1e-30 to 1e30 in magnitude, got 1e-320" \
        evaluate -a clock.json -n resnet50
    sed -e 's/"mac_energy_pj": [0-9.e+]*/"mac_energy_pj": 1e308/' acc.json > energy.json
    expect 2 "energy.json:[0-9]+: mac_energy_pj: must be 0 or a number from 1e-30 to 1e30 in magnitude, got 1e\+308" \
        evaluate -a energy.json -n resnet50
    python3 - <<'PY'
import json
a = json.load(open("acc.json"))
a["pe_array"] = {"size_x": 1 << 20, "size_y": 1 << 20}
a["mac_array"] = {"size_x": 2, "size_y": 1}
json.dump(a, open("arrays.json", "w"), indent=1)
PY
    expect 2 "MAC units, more than 2\^40" evaluate -a arrays.json -n resnet50
    ;;
internal) # item 4
    printf '{}' > $'bad\xffname.json'
    expect 2 "argument 2 \(\"bad.xFFname.json\"\) is not valid UTF-8 text" validate $'bad\xffname.json'
    expect 2 "is not valid UTF-8 text" import $'m\xffodel.onnx'
    expect 2 "is not valid UTF-8 text" evaluate --study placement -w resnet50 --format json -o $'out\xff.json'
    # ONNX shapes whose products do not fit in 64 bits are named, not reported as 0.
    expect 2 "F12_onnx_relu_2p40_xyz_overflow.onnx: .*(more elements than 64 bits can count|2\^40)" \
        import F12_onnx_relu_2p40_xyz_overflow.onnx --workload w.csv
    [ ! -e w.csv ] || fail "a refused import wrote w.csv"
    ;;
bounded) # item 5
    mkfifo fifo.onnx fifo.json
    expect 2 "fifo.onnx: is a FIFO, expected a regular file" import fifo.onnx
    expect 2 "fifo.json: is a FIFO, expected a regular file" evaluate --study placement --map fifo.json
    expect 2 "fifo.json: is a FIFO, expected a regular file" validate fifo.json
    expect 2 "/dev/zero: is a character device, expected a regular file" validate /dev/zero
    # Allowed sizes take bounded memory: each run below is held to 2 GB of address space, of which
    # the process with LibTorch mapped takes about 1 GB before any work (the old value lists took
    # 3.0 GB more for F03, 1.3 GB for F05 and 4.9 GB for K = 2^30 on Simba). The libraries' thread
    # pools are kept to one thread so that the address space does not grow with the core count.
    # (Not under AddressSanitizer, which reserves terabytes of address space for its shadow.)
    sanitized=$(ldd "$cli" | grep -c libasan || true)
    bounded() {
        if [ "$sanitized" != 0 ]; then
            expect "$@"
        else
            (ulimit -v 2000000; export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1; expect "$@")
        fi
    }
    bounded 1 "no valid design found" optimize --study F03_study_gemm_1e8_wrapped_macs_and_3GB_optimize.study.json \
        -O random --budget 50 -q -j 1
    bounded 1 "no valid design found; 50 of 50 points: L1 requirement [0-9]+ B per PE exceeds the hardware.s 4096 B" \
        optimize --study F05_study_K_1e8_optimize_1.3GB.study.json -O random --budget 50 -q -j 1
    sed -e 's/"K": 100000000/"K": 99999989/' F05_study_K_1e8_optimize_1.3GB.study.json > prime.json
    for o in gamma bo marl; do
        bounded "[01]" "model_evaluations" optimize --study prime.json -O $o --budget 32 -j 1
    done
    printf '{"schema":"mapscape/network","version":1,"name":"bigK","layers":[{"name":"L","K":1073741824,"C":64,"P":14,"Q":14,"R":3,"S":3,"B":1}]}' > bigK.json
    bounded 1 "1 of 1 layers without a valid table" optimize -a simba -n bigK.json -O random --budget 1000 -q -j 1
    # Placement: the supported workload size is stated and enforced by every reader; the graph
    # networks' smaller bound is checked before anything is allocated.
    python3 - <<'PY'
for n, name in ((20001, "chain20001.csv"), (5000, "chain5000.csv")):
    with open(name, "w") as f:
        f.write("name,op,inputs,ofm_x,ofm_y,ofm_z,weight_size,macs\n")
        for i in range(n):
            f.write(f"n{i},conv,{'n%d' % (i - 1) if i else ''},14,14,64,36864,7225344\n")
PY
    expect 2 "chain20001.csv:20002: more than 20000 nodes or 200000 edges: the supported workload size" \
        evaluate --study placement -w chain20001.csv
    for o in egrl ea pg; do
        bounded 2 "$o: the workload has 5,000 nodes; the graph network works on dense N×N matrices .* supports at most 4,096 nodes" \
            optimize --study placement -w chain5000.csv -O $o -q
    done
    bounded 0 "Speed-up over the compiler" optimize --study placement -w chain5000.csv -O greedy-dp -q
    ;;
atomic) # item 6
    # An import that fails writes nothing (the network file is not left beside a refused workload).
    expect 2 "huge_input_2p31.onnx" import huge_input_2p31.onnx -o net.json --workload w.csv
    [ ! -e net.json ] && [ ! -e w.csv ] || fail "a refused import wrote $(ls)"
    # An export folder is written as a unit; a killed writer's temporaries go on the next run.
    mkdir -p parent
    : > "parent/ns.tmp-$(hostname | tr -- '-/.' '___')-999999-0-mapscape"
    expect 0 "wrote accelerator.cfg, network.cfg, 21 table file\(s\) and replay.sh" \
        optimize -O bottom-up -a eyeriss -n resnet50 --neurospector parent/ns -q
    [ -z "$(ls parent | grep tmp-)" ] || fail "stale temporaries were left: $(ls parent)"
    expect 0 "wrote accelerator.cfg, network.cfg, 55 table file\(s\) and replay.sh" \
        optimize -O bottom-up -a eyeriss -n mobilenet-v3-small --neurospector parent/ns -q
    [ "$(ls parent/ns | grep -c '^table_')" = 55 ] || fail "the rewritten folder mixes two exports: $(ls parent/ns)"
    [ -z "$(ls parent | grep tmp-)" ] || fail "temporaries left: $(ls parent)"
    ;;
codes) # item 7
    cp "$presets/accelerators/eyeriss.json" tiny.json
    python3 - <<'PY'
import json
a = json.load(open("tiny.json"))
def shrink(o):
    if isinstance(o, dict):
        for k, v in o.items():
            if k == "size_bytes" and isinstance(v, list):
                o[k] = [1 for _ in v]
            else:
                shrink(v)
    elif isinstance(o, list):
        for x in o:
            shrink(x)
shrink(a)
json.dump(a, open("tiny.json", "w"), indent=1)
PY
    for o in bottom-up exhaustive random ppo; do
        expect 2 "layer \"CONV_1\": no scheduling table fits this accelerator, not even the smallest" \
            optimize -O $o -a tiny.json -n resnet50 -l CONV_1 -q --out "out-$o.json"
        [ ! -e "out-$o.json" ] || fail "$o wrote a mapping although no table fits"
    done
    # Errors name the file and the line: a key given twice (at its second line), a truncated file
    # (the parser's reason, not "no schema member"), a study's inputs inside a project (the
    # project's own line), a JSON-lines file's broken line, unknown restrictions (evaluate and
    # optimize alike).
    sed -e '0,/"name"/s//"name": "first",\n  "name"/' "$presets/accelerators/eyeriss.json" > twice.json
    expect 2 "twice.json:5: the key \"name\" appears twice in one object \(first on line 4\)" evaluate -a twice.json -n resnet50
    head -c 200 "$presets/accelerators/eyeriss.json" > cut.json
    expect 2 "cut.json:5: malformed JSON: parse error" validate cut.json
    expect 2 "cut.json:5: malformed JSON: parse error" optimize --study cut.json -q
    python3 - "$data/../vgg16_row2_rs_narrow64.study.json" "$presets/accelerators/eyeriss.json" <<'PY'
import json, sys
p = {"schema": "mapscape/project", "version": 2, "active": 0, "studies": [
    {"name": "s", "kind": "scheduling", "accelerator": json.load(open(sys.argv[2])),
     "network": {"name": "n", "layers": [{"name": "L", "K": 8, "C": 8, "P": 7, "Q": 7, "R": 3, "S": 3, "B": 1}]}}]}
d = json.load(open(sys.argv[1]))
d["hardware"]["num_pes"] = -4
p["studies"].append({"name": "d", "kind": "dataflow", "layer": d["layer"], "hardware": d["hardware"], "mapping": d["mapping"]})
json.dump(p, open("lines.project.json", "w"), indent=2)
d["space"] = {"restrictions": {"nope": {"fixed": 3}}}
d["hardware"]["num_pes"] = 64
json.dump(d, open("nope.study.json", "w"), indent=1)
PY
    line=$(grep -n '"num_pes": -4' lines.project.json | cut -d: -f1)
    expect 2 "lines.project.json \(studies\[1\].hardware\):$line: num_pes: must be an integer" validate lines.project.json
    line=$(grep -n '"nope"' nope.study.json | cut -d: -f1)
    expect 2 "nope.study.json:$line: space.restrictions.nope: unknown parameter \(order_outer" evaluate --study nope.study.json
    expect 2 "nope.study.json:$line: space.restrictions.nope: unknown parameter" optimize --study nope.study.json -q
    printf '{"accelerator": {"levels": [1,\n' > broken.jsonl
    expect 2 "broken.jsonl:1: malformed JSON: parse error at column [0-9]+" validate broken.jsonl
    # One table file for the whole network serves one layer too (--layer keeps that layer's table).
    expect 0 "21/21 layers" optimize -O bottom-up -a eyeriss -n resnet50 -q -o whole.json
    expect 0 "CONV_2_1 +pointwise" evaluate -a eyeriss -n resnet50 -t whole.json -l CONV_2_1
    # CSV columns: a duplicate or an extra field is refused naming the line.
    printf 'name,op,inputs,ofm_x,ofm_y,ofm_z,ofm_x\na,conv,,1,1,1,1\n' > dup.csv
    expect 2 "dup.csv:1: the column \"ofm_x\" appears twice \(fields 4 and 7\)" evaluate --study placement -w dup.csv
    printf 'name,op,inputs,ofm_x,ofm_y,ofm_z\na,conv,,1,1,1,1\n' > extra.csv
    expect 2 "extra.csv:2: 7 fields, but the header names 6 columns" evaluate --study placement -w extra.csv
    expect 2 "\-\-tolerance: expected a non-negative number" check-reference --tolerance nan "$data/../reference_fractional_K.jsonl"
    SLURM_ARRAY_TASK_ID=abc expect 2 "SLURM_ARRAY_TASK_ID: expected a shard index" sweep run-shard .
    expect 2 "\-\-design: /nonexistent.json: no such file" evaluate --study lstm --design /nonexistent.json
    expect 2 "F12_maestro_yprime_overflow.m:5: layer vgg16_row2: Dimensions.R: must be at most 100000000, got 2147483647" \
        evaluate --maestro-mapping F12_maestro_yprime_overflow.m --hardware archgym-default
    sed -e 's/R: 2147483647/R: 3/; s/Y'"'"': 2147483647/Y'"'"': 99999999/' F12_maestro_yprime_overflow.m > yprime.m
    expect 2 "yprime.m:[0-9]+: layer vgg16_row2: Y = Y' \+ R - 1 = 100000001 is more than 100000000, the largest dimension" \
        evaluate --maestro-mapping yprime.m --hardware archgym-default
    expect 2 "F11_maestro_roundtrip_K_1e9.m:[0-9]+: layer vgg16_row2: Dimensions.K: must be at most 100000000" \
        convert --maestro-mapping F11_maestro_roundtrip_K_1e9.m --hardware archgym-default --to study -o rt.json
    expect 2 "F11_maestro_roundtrip_pes_intmax.hw.m:1: num_pes: must be at most 16777216" \
        evaluate --study dataflow --hardware F11_maestro_roundtrip_pes_intmax.hw.m
    : > empty.hw.m
    expect 2 "empty.hw.m: no hardware fields" evaluate --study dataflow --hardware empty.hw.m
    sed -e 's/Stride { X: 1, Y: 1 }/Stride { Q: 5 }/; s/R: 2147483647/R: 3/; s/Y'"'"': 2147483647/Y'"'"': 56/' \
        F12_maestro_yprime_overflow.m > strideq.m
    expect 2 "strideq.m:[0-9]+: layer vgg16_row2: Stride.Q: unknown stride \(X or Y\)" \
        evaluate --maestro-mapping strideq.m --hardware archgym-default
    ;;
*)
    fail "unknown section $section"
    ;;
esac
echo "all $section checks passed"
