#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT
#
# Reliability round 3: the reproducers of tests/cli/data/round3 (from ../shared/reliability/round3)
# and fresh variants of the same classes give exit 2 naming the file and the field, or the right
# result; writers leave a folder complete or untouched. One section per class.
# Usage: round3_hostile.sh MAPSCAPE_CLI DATA_DIR SECTION
set -euo pipefail
cli=$1
data=$2
section=$3
# shellcheck source=hostile_lib.sh
source "$(dirname "$0")/hostile_lib.sh"

case $section in
json) # bytes after a NUL are not ignored
    expect 2 "r3-14-json-garbage-after-nul-accepted.accel.json:38: a NUL byte in JSON text" \
        validate r3-14-json-garbage-after-nul-accepted.accel.json
    # The same in a sweep file and a project file.
    printf '{"schema": "mapscape/sweep", "version": 2, "name": "s", "studies": ["dataflow"]}\n\0{"x": 1}' > nul.sweep.json
    expect 2 "nul.sweep.json:2: a NUL byte in JSON text" sweep plan nul.sweep.json
    ;;
project) # a run's numbers are checked: whole counts in range, times and bests not negative
    expect 2 "runs\[0\]\.id: expected a whole number from 0 to 2147483647, got 1e\+300.*runs\[0\]\.evaluations: expected a whole number.*runs\[0\]\.seconds: expected a time" \
        validate r3-08-project-run-id-1e300-evaluations-1e300-wrapped.project.json
    f=r3-08-project-run-id-1e300-evaluations-1e300-wrapped.project.json
    sed -e 's/"id": 1e+300/"id": 1/; s/"evaluations": 1e+300/"evaluations": 1000/; s/"seconds": -1e+308/"seconds": 2.5/' "$f" > ok.project.json
    expect 2 "runs\[0\]\.best\.latency: expected a number, not negative" validate ok.project.json
    python3 - <<'EOF'
import json
d = json.load(open("ok.project.json"))
r = d["studies"][0]["runs"][0]
r["best"] = {k: abs(v) for k, v in r["best"].items()}
json.dump(d, open("good.project.json", "w"))
r["result"] = {"garbage": True}
json.dump(d, open("garbage.project.json", "w"))
r["result"] = None
r["best"]["speed"] = 1
json.dump(d, open("notobjective.project.json", "w"))
r["best"].pop("speed")
r["id"] = 2.5
json.dump(d, open("fraction.project.json", "w"))
EOF
    expect 0 "OK: project with 1 study" validate good.project.json
    expect 2 "runs\[0\]\.result: expected the run's result document" validate garbage.project.json
    expect 2 "runs\[0\]\.best\.speed: not an objective of dataflow studies" validate notobjective.project.json
    expect 2 "runs\[0\]\.id: expected a whole number from 0 to 2147483647, got 2\.5" validate fraction.project.json
    ;;
maestro) # a map larger than its dimension with a smaller offset is refused, not counted as 0 steps
    expect 2 "level 0: a map of C of size 9 is larger than C = 8 while its offset is smaller than its size" \
        evaluate --maestro-mapping r3-06-maestro-temporal-size-over-dim-zero-runtime.m --hardware archgym-default
    # VGG16's second layer (C = 64) with TemporalMap(65,1) C.
    sed -e 's/TemporalMap(9,8) C/TemporalMap(65,1) C/; s/C: 8/C: 64/' r3-06-maestro-temporal-size-over-dim-zero-runtime.m > c65.m
    expect 2 "a map of C of size 65 is larger than C = 64" evaluate --maestro-mapping c65.m --hardware archgym-default
    # A map larger than its dimension that steps over it (offset >= size) is one step: accepted.
    sed -e 's/TemporalMap(9,8) C/TemporalMap(9,9) C/' r3-06-maestro-temporal-size-over-dim-zero-runtime.m > c99.m
    expect 0 "Runtime" evaluate --maestro-mapping c99.m --hardware archgym-default
    ;;
names) # names with control characters refused; CSV cells that a spreadsheet would run neutralised
    expect 2 "r3-13-sweep-name-control-chars-csv-formulas.sweep.json:1: name: contains U\+001B; a name is one line of text" \
        sweep run r3-13-sweep-name-control-chars-csv-formulas.sweep.json -o r -q
    # C1 controls and bidirectional overrides are refused too (U+0085, U+202E).
    python3 - <<'EOF'
import json
d = json.load(open("r3-13-sweep-name-control-chars-csv-formulas.sweep.json"))
d["name"] = "formulas"
json.dump(d, open("formulas.sweep.json", "w"))
d["studies"][0]["name"] = "abc\u202ecod.exe"
json.dump(d, open("bidi.sweep.json", "w"))
d["studies"][0]["name"] = "next\u0085line"
json.dump(d, open("c1.sweep.json", "w"))
EOF
    expect 2 "bidi.sweep.json:1: studies\[0\]\.name: contains U\+202E \(a bidirectional control\)" sweep plan bidi.sweep.json
    expect 2 "c1.sweep.json:1: studies\[0\]\.name: contains U\+0085 \(a C1 control\)" sweep plan c1.sweep.json
    expect 0 "2 shards" sweep run formulas.sweep.json -o f -q
    "$cli" sweep collect f --no-timing > collected.csv
    grep -q "'=HYPERLINK" collected.csv || fail "the =HYPERLINK study name should be neutralised: $(cat collected.csv)"
    grep -q "'@SUM" collected.csv || fail "the @SUM study name should be neutralised: $(cat collected.csv)"
    if grep -Eq '(^|,)"?[=@]' collected.csv; then fail "a CSV cell starts with = or @: $(cat collected.csv)"; fi
    echo "ok: sweep collect neutralises formula-like names"
    ;;
writers) # the README's `-o ns/` writes the folder; a folder holding other things is left untouched
    expect 0 "" convert -a simba -n resnet50 -t simba_resnet50_neurospector-bottom-up_energy --to neurospector -o ns/
    [ -f ns/network.cfg ] && [ -f ns/accelerator.cfg ] || fail "ns/ should hold the cfg files: $(ls -la ns)"
    # Written again into the same folder: replaced.
    expect 0 "" convert -a simba -n resnet50 -t simba_resnet50_neurospector-bottom-up_energy --to neurospector -o ns
    mkdir mine
    echo "my notes" > mine/notes.md
    expect 2 "mine: the folder holds other things \(notes\.md\)" \
        convert -a simba -n resnet50 -t simba_resnet50_neurospector-bottom-up_energy --to neurospector -o mine
    [ "$(cat mine/notes.md)" = "my notes" ] || fail "mine/notes.md should be untouched"
    # MAESTRO files of a dataflow run: one folder, all three files, trailing slash or not.
    expect 0 "" optimize --study dataflow -O random --budget 50 -j 1 -q --maestro mae/
    for f in mapping.m hardware.m maestro_command.txt; do [ -f "mae/$f" ] || fail "mae/$f missing"; done
    expect 0 "" optimize --study dataflow -O random --budget 50 -j 1 -q --maestro mae
    ;;
bounded) # work before a refusal is bounded: --seeds is counted before it is expanded
    ranges=$(python3 -c 'print(",".join("%d-%d" % (k * 10001, k * 10001 + 10000) for k in range(11)))')
    expect 2 "--seeds: more than 100000 seeds" optimize --study dataflow -O random --budget 5 --seeds "$ranges" -q
    # A sweep at the shard limit is planned and checked value by value, not combination by
    # combination (100 × 100 values: 200 checks, not 10,000); a bad value is still named.
    python3 - <<'EOF2'
import json
def sweep(name, pes):
    return {"schema": "mapscape/sweep", "version": 2, "name": name, "studies": ["dataflow"],
            "optimizers": [{"id": "random", "options": {"samples": 5}}], "seeds": list(range(1, 11)),
            "variations": [{"name": "pes", "path": "/hardware/num_pes", "kind": "dataflow", "values": pes},
                           {"name": "l1", "path": "/hardware/l1_size_bytes", "kind": "dataflow",
                            "values": list(range(1024, 1124))}]}
json.dump(sweep("limit", list(range(64, 164))), open("limit.sweep.json", "w"))
json.dump(sweep("badvalue", list(range(64, 163)) + [-5]), open("badvalue.sweep.json", "w"))
EOF2
    expect 0 "= 100000 shards" sweep plan limit.sweep.json --summary
    expect 2 "pes=-5" sweep plan badvalue.sweep.json --summary
    ;;
onnx) # every graph of a model is checked before ONNX's inference reads it; a node limit
    expect 2 "r3-01-onnx-if-subgraph-conv-stride0-sigfpe.onnx: .*attribute strides must be positive, got 0" \
        import r3-01-onnx-if-subgraph-conv-stride0-sigfpe.onnx
    expect 2 "r3-02-onnx-shape-slice-step-int64max-sigsegv.onnx: .*a Slice step must be non-zero and at most 2147483648 in magnitude, got 9223372036854775807" \
        import r3-02-onnx-shape-slice-step-int64max-sigsegv.onnx
    # Fresh variants, written by a few lines of protobuf encoding: a Conv of stride 0 inside a
    # model-local function, a Slice step of INT64_MIN from an initializer, 1,000,001 nodes.
    python3 - <<'EOF2'
import struct
def varint(n):
    n &= (1 << 64) - 1
    out = bytearray()
    while True:
        b, n = n & 0x7f, n >> 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)
def field(num, wire, payload): return varint(num << 3 | wire) + payload
def i(num, v): return field(num, 0, varint(v))
def b(num, data):
    data = data.encode() if isinstance(data, str) else data
    return field(num, 2, varint(len(data)) + data)
def node(op, ins, outs, attrs=(), domain=None):
    return b"".join(b(1, x) for x in ins) + b"".join(b(2, x) for x in outs) + b(4, op) + \
        b"".join(b(5, a) for a in attrs) + (b(7, domain) if domain else b"")
def ints(name, vals): return b(1, name) + b"".join(i(8, v) for v in vals) + i(20, 7)
def vinfo(name, dims): return b(1, name) + b(2, b(1, i(1, 1) + b(2, b"".join(b(1, i(1, d)) for d in dims))))
def int64s(name, vals): return i(1, len(vals)) + i(2, 7) + b(8, name) + b(9, struct.pack("<%dq" % len(vals), *vals))
def graph(nodes, inits=(), inputs=(), outputs=()):
    return b"".join(b(1, n) for n in nodes) + b(2, "g") + b"".join(b(5, t) for t in inits) + \
        b"".join(b(11, v) for v in inputs) + b"".join(b(12, v) for v in outputs)
def model(g, opsets=(("", 13),), functions=()):
    return i(1, 8) + b(2, "round3") + b(7, g) + b"".join(b(8, b(1, d) + i(2, v)) for d, v in opsets) + \
        b"".join(b(25, f) for f in functions)
fn = b(1, "F") + b(4, "x") + b(4, "w") + b(5, "y") + b(7, node("Conv", ["x", "w"], ["y"], [ints("strides", [0, 0])])) + \
    b(9, b(1, "") + i(2, 13)) + b(10, "local")
g = graph([node("F", ["x", "w"], ["y"], domain="local")], inputs=[vinfo("x", [1, 3, 8, 8]), vinfo("w", [4, 3, 3, 3])],
          outputs=[vinfo("y", [1, 4, 6, 6])])
open("function_stride0.onnx", "wb").write(model(g, (("", 13), ("local", 1)), [fn]))
g = graph([node("Slice", ["x", "s", "e", "a", "st"], ["y"])],
          [int64s("s", [0]), int64s("e", [4]), int64s("a", [0]), int64s("st", [-(1 << 63)])],
          [vinfo("x", [4])], [vinfo("y", [1])])
open("slice_int64min.onnx", "wb").write(model(g))
nodes = [node("Identity", ["t%d" % k], ["t%d" % (k + 1)]) for k in range(1000001)]
open("million.onnx", "wb").write(model(graph(nodes, inputs=[vinfo("t0", [1])], outputs=[vinfo("t1000001", [1])])))
EOF2
    expect 2 "function_stride0.onnx: function 0 \(F\): node 0 \(Conv\): attribute strides must be positive, got 0" \
        import function_stride0.onnx
    expect 2 "slice_int64min.onnx: node 0 \(Slice\): a Slice step must be non-zero .* got -9223372036854775808" \
        import slice_int64min.onnx
    expect 2 "million.onnx: the model has more than 1000000 nodes" import million.onnx
    ;;
*)
    fail "unknown section $section"
    ;;
esac
echo "PASS: $section"
