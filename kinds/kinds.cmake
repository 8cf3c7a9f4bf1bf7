# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT

# The built-in study kinds, in the order File → New study and `mapscape-cli presets` list them.
# Each is a folder beside this file (kinds/<id>/CMakeLists.txt calls mapscape_kind()). Adding a
# kind is one word here.
set(MAPSCAPE_KINDS scheduling dataflow accel dpu placement loopnest)
