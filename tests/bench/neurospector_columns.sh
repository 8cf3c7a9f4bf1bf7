#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT
#
# The seed-000 report's NeuroSpector columns. A one-shard sweep (bottom-up on two small layers
# on Eyeriss), then the report: with --neurospector (a stand-in binary that takes 0.3 s) it
# measures NeuroSpector on the run's accelerator and network and labels the columns "measured";
# without, on ResNet-50 it shows the recorded reference run and says that it was not measured.
# Usage: neurospector_columns.sh MAPSCAPE_CLI REPORT TEST_DIR
set -euo pipefail
cli=$1
report=$2
here=$3
work=$(mktemp -d /tmp/mapscape-ns-columns.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cd "$work"
cp "$here/data/two_layers.json" .
cat >small.json <<'JSON'
{"schema": "mapscape/sweep", "version": 2, "name": "ns-small",
 "studies": [{"name": "small", "arguments": {"metric": "energy", "dataflow": "fixed"}}],
 "variations": [{"name": "accelerator", "argument": "accelerator", "values": ["eyeriss"]},
                {"name": "network", "argument": "network", "values": ["two_layers.json"]}],
 "optimizers": [{"id": "bottom-up"}], "seeds": [1]}
JSON
sed -e 's/ns-small/ns-resnet/' -e 's/"two_layers.json"/"resnet50"/' small.json >resnet.json
"$cli" sweep run small.json -o small -q
"$report" --results small --neurospector "$here/fake_neurospector.sh" | tee measured.txt
grep -Eq "NeuroSpector +energy 2e\+06 +cycles 4000 +0\.[3-9][0-9] s +\(measured in this run\)" measured.txt ||
    fail "the stand-in was not measured"
grep -q "| vs NS time measured in this run |" measured.txt || fail "the header should say measured"
grep -Eq "^\| eyeriss \| two_layers.json \| bottom-up \| [^|]+ \| [^|]+ \| [^|]+ \| [^|]+ \| 1/[0-9]+ \| 2e\+06 \| 4000 \| 0\.[3-9]" measured.txt ||
    fail "the row should hold the measured figures"
"$cli" sweep run resnet.json -o resnet -q
"$report" --results resnet | tee recorded.txt
grep -q "| vs NS recorded reference time | NS recorded energy | NS recorded cycles | NS recorded reference time (s) |" recorded.txt ||
    fail "the header should say recorded"
grep -Eq "\| 1/[0-9]+ \| 1\.255e\+10 \| 1\.622e\+08 \| 65 \|" recorded.txt || fail "the recorded reference figures"
grep -q "not measured here" recorded.txt || fail "the note should say the reference was not measured"
echo PASS
