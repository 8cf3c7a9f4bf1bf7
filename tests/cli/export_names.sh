#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT
#
# Names never run, inject or vanish in exports (reliability round 2, F01 and its class):
# a layer named $(touch${IFS}PWNED) is quoted in the NeuroSpector folder's replay.sh and its
# table file name holds no shell or path syntax; names a cfg file cannot carry ('#', '=', blanks)
# are refused before anything is written; names with control characters (line break, NUL) are
# refused when read; CSV fields holding commas and quotes are quoted.
# Usage: export_names.sh MAPSCAPE_CLI
set -euo pipefail
cli=$1
work=$(mktemp -d /tmp/mapscape-export-names.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cd "$work"

net() { # net FILE NAME: a two-layer network whose first layer has the (JSON-escaped) name
    cat >"$1" <<JSON
{"schema": "mapscape/network", "version": 1, "name": "names", "layers": [
  {"name": "$2", "K": 16, "B": 1, "P": 8, "Q": 8, "C": 8, "R": 3, "S": 3, "G": 1, "stride": 1},
  {"name": "FC", "K": 10, "B": 1, "P": 1, "Q": 1, "C": 64, "R": 1, "S": 1, "G": 1, "stride": 0}]}
JSON
}

# F01: command substitution in a layer name.
net inj.json '$(touch${IFS}PWNED)'
"$cli" optimize -O bottom-up -a eyeriss -n inj.json --neurospector ns -q >/dev/null 2>&1
sh ns/replay.sh /bin/true
[ -z "$(find . -name PWNED)" ] || fail "replay.sh ran a command held in a layer name"
grep -q "^\"\$NS\" --run_type=analyzer --accelerator='accelerator.cfg' --network=network.cfg --scheduling_table='table_" ns/replay.sh ||
    fail "replay.sh should quote every file name: $(cat ns/replay.sh)"
ls ns | grep -q '^table___touch__IFS_PWNED_.cfg$' || fail "the table file name should hold no shell syntax: $(ls ns)"
grep -q '^layer_name=$(touch${IFS}PWNED)$' ns/table___touch__IFS_PWNED_.cfg || fail "the table names its layer as it is"

# A path in a layer name stays inside the folder.
net path.json '../../escape'
"$cli" optimize -O bottom-up -a eyeriss -n path.json --neurospector ns-path -q >/dev/null 2>&1
[ ! -e escape.cfg ] && [ ! -e ../escape.cfg ] || fail "a layer name wrote outside the export folder"
ls ns-path | grep -q '^table__.._.._escape.cfg$' || fail "path-like layer name: $(ls ns-path)"

# Names a cfg file cannot carry: refused, naming the layer and the character; nothing written.
for bad in '#comment' 'a=b' 'two words'; do
    net bad.json "$bad"
    set +e
    "$cli" convert -a eyeriss -n bad.json --to neurospector -o ns-bad 2>err.txt
    rc=$?
    set -e
    [ $rc -eq 2 ] || fail "layer \"$bad\": convert to NeuroSpector exited $rc"
    grep -q "layer name \"$bad\": NeuroSpector's cfg format cannot carry" err.txt || fail "layer \"$bad\": $(cat err.txt)"
    [ ! -e ns-bad ] || fail "layer \"$bad\": files were written before the name was refused"
done

# Control characters in names are refused when the file is read.
for bad in 'A\nB' 'NUL\u0000here'; do
    net ctl.json "$bad"
    set +e
    "$cli" evaluate -a eyeriss -n ctl.json 2>err.txt
    rc=$?
    set -e
    [ $rc -eq 2 ] || fail "layer name $bad: evaluate exited $rc"
    grep -Eq "layers\[0\]\.name: layer name .* contains (a line break|a NUL byte); a name is one line of text" err.txt ||
        fail "layer name $bad: $(cat err.txt)"
done

# CSV: a name with a comma and a quote is one quoted field.
net csv.json 'a,b \"c\"'
"$cli" evaluate -a eyeriss -n csv.json --format csv >eval.csv
grep -q '^"a,b ""c""",conv,' eval.csv || fail "evaluation CSV: $(head -3 eval.csv)"
"$cli" optimize -O bottom-up -a eyeriss -n csv.json --out best.json -q >/dev/null 2>&1
"$cli" convert -a eyeriss -n csv.json -t best.json --to csv -o map.csv
grep -q '^"a,b ""c""",' map.csv || fail "mapping CSV: $(head -3 map.csv)"
echo PASS
