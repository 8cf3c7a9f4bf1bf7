# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT
#
# Shared by the reliability rounds' scripts (round2_hostile.sh, round3_hostile.sh), sourced after
# they set `cli` and `data`: a scratch folder holding a copy of the data, `fail`, and `expect`.

work=$(mktemp -d /tmp/mapscape-hostile.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
cp "$data"/* .
fail() { echo "FAIL: $*"; exit 1; }

# expect RC REGEX ARGS...: runs the CLI (60 s at most), checks the exit code (RC: a number or "[01]")
# and that the output matches REGEX; the output never holds an internal error, inf, nan or a null
# number, nor a control character other than a line break, a tab or a progress line's carriage return.
expect() {
    local rc=$1 regex=$2
    shift 2
    local out got=0
    out=$(timeout 60 "$cli" "$@" 2>&1) || got=$?
    [[ "$got" =~ ^($rc)$ ]] || fail "$* exited $got, expected $rc: $out"
    echo "$out" | grep -Eq -- "$regex" || fail "$*: expected /$regex/ in: $out"
    if echo "$out" | grep -Eiq 'internal error|(^|[^a-z_])(inf|-?nan)([^a-z_]|$)|: null'; then
        fail "$*: internal error or a non-finite number in: $out"
    fi
    if printf '%s' "$out" | LC_ALL=C grep -q $'[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]'; then
        fail "$*: a control character reached the output"
    fi
    echo "ok: $* -> $got"
}
