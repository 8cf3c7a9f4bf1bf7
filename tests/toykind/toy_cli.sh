#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT
#
# The shared CLI commands serve a kind registered from outside the tree (toy-cli = mapscape-cli
# plus one registerToyKind call): evaluate, convert to a study file, optimize that file with two
# optimizers over two seeds, a local sweep with a variation, and bad input named by field.
# Usage: toy_cli.sh TOY_CLI MAPSCAPE_CLI
set -euo pipefail
toy=$1
plain=$2
work=$(mktemp -d /tmp/mapscape-toy-cli.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cd "$work"

"$toy" evaluate --study toy | tee eval.txt
grep -q "design a=0 b=0 c=0: cost 203 units, sum 0" eval.txt || fail "evaluate"

"$toy" convert --study toy --to study -o toy-study.json
grep -q '"kind": "toy"' toy-study.json || fail "the study file names its kind"
# Move the shown design and tighten the budget in the study file.
sed -i 's/"budget": 40/"budget": 10/' toy-study.json
"$toy" evaluate --study toy-study.json --format json | grep -q '"cost": 203' || fail "evaluate the study file"

"$toy" optimize --study toy-study.json -O ga,random --option samples=1500 --seeds 1-2 --out r.json -q | tee opt.txt
grep -q "ga" opt.txt && grep -q "random" opt.txt || fail "optimize should report both optimizers"
grep -q '"schema": *"mapscape/toy-result"' r.json || fail "--out writes the kind's result document"
"$toy" optimize --study toy-study.json -O ga --option samples=1500 --seed 1 -q --format csv >a.csv
"$toy" optimize --study toy-study.json -O ga --option samples=1500 --seed 1 -q --format csv >b.csv
# Equal but for the last two columns (seconds, host).
cmp <(rev a.csv | cut -d, -f3- | rev) <(rev b.csv | cut -d, -f3- | rev) || fail "the same seed gives the same result"
grep -q "cost (units)" a.csv || fail "csv columns are the kind's objectives"
grep -q ",51," a.csv || fail "the best design within budget 10 costs 51"

cat >sweep.json <<'JSON'
{"schema": "mapscape/sweep", "version": 2, "name": "toy-sweep",
 "studies": ["toy-study.json"],
 "variations": [{"name": "budget", "path": "/toy/budget", "values": [10, 40]}],
 "optimizers": [{"id": "ga", "options": {"samples": 1500}}], "seeds": [1, 2]}
JSON
"$toy" sweep run sweep.json -o out -j 2 -q
"$toy" sweep collect out --no-timing -o out.csv
[ "$(wc -l <out.csv)" -eq 5 ] || fail "expected 4 sweep rows"
grep -q "budget" out.csv || fail "the variation is a column"

# Bad input names the field; an unknown option names the optimizer.
echo '{"schema": "mapscape/study", "version": 1, "kind": "toy", "name": "bad", "toy": {"design": [1, -2, 3]}}' >bad.json
set +e
"$toy" evaluate --study bad.json 2>err.txt; rc=$?
set -e
[ $rc -eq 2 ] || fail "bad study file: exit $rc"
grep -q "toy.design\[1\]: expected an integer in 0 … 15" err.txt || fail "the message names the field: $(cat err.txt)"
set +e
"$toy" optimize --study toy --option pop=3 -q 2>err2.txt; rc=$?
set -e
[ $rc -eq 2 ] && grep -q "ga.pop: unknown option" err2.txt || fail "unknown option: $(cat err2.txt)"
# The plain CLI does not know the kind and says which kinds it knows.
set +e
"$plain" evaluate --study toy-study.json 2>err3.txt; rc=$?
set -e
[ $rc -eq 2 ] && grep -q "scheduling, dataflow" err3.txt || fail "plain CLI on a toy study: $(cat err3.txt)"
echo "PASS"
