#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT
#
# Helpers for walking the real window under Xvfb with a window manager, as a person would
# (docs/walkthrough.md). Source it, then start the app:
#
#   . scripts/walk/walk.sh && walk_start build/release/app/gui/mapscape
#   click 537 117; dclick 553 424; keys ctrl+a; type_text 4096; keys Return; shot /tmp/walk/1.png
#   popup_shot /tmp/walk/menu.png     # the open menu, combo list or dialog
#   walk_stop
#
# Coordinates are screen pixels of the 1600x1000 display (read them off a shot at full size).
export DISPLAY=${WALK_DISPLAY:-:99}
walk_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

walk_start() {
    Xvfb "$DISPLAY" -screen 0 1600x1000x24 >/dev/null 2>&1 &
    sleep 1
    openbox >/dev/null 2>&1 &
    sleep 1
    "$@" >/tmp/walk-app.log 2>&1 &
    sleep 6
}
walk_stop() { pkill -f "Xvfb $DISPLAY" ; pkill openbox; }
click() { xdotool mousemove "$1" "$2" click 1; sleep "${3:-0.8}"; }
dclick() { xdotool mousemove "$1" "$2" click --repeat 2 --delay 80 1; sleep "${3:-0.8}"; }
type_text() { xdotool type --delay 60 -- "$1"; sleep 0.5; }
keys() { xdotool key "$@"; sleep 0.8; }
shot() { xwd -root -silent | python3 "$walk_dir/xwd2png.py" - "$1"; }
# The topmost window of the app other than the main one: a menu, a combo's list or a dialog.
popup_shot() {
    local main popup
    main=$(xdotool search --onlyvisible --name "Mapscape —" | head -1)
    popup=$(xdotool search --onlyvisible --class mapscape | grep -v "^$main$" | tail -1)
    [ -n "$popup" ] && xwd -id "$popup" -silent | python3 "$walk_dir/xwd2png.py" - "$1"
}
