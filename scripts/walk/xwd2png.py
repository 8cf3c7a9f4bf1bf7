#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 Mapscape developers
# SPDX-License-Identifier: MIT
"""Converts an X window dump (xwd, ZPixmap, 24 or 32 bits per pixel) to PNG with the standard
library only, for walking the app under Xvfb: `xwd -root | xwd2png.py - shot.png`, or
`xwd -id WINDOW` for a popup (menus, dialogs and combo lists are separate windows that a dump of
the root shows black). The pixel size comes from the dump's header: reading 24-bit pixels as
32-bit ones squeezes the picture by a quarter and puts every click in the wrong place."""
import struct
import sys
import zlib


def convert(data: bytes) -> bytes:
    (header_size, _version, _format, _depth, width, height, _xoffset, byte_order, _unit, _bit_order,
     _pad, bits_per_pixel, bytes_per_line, _visual, _red, _green, _blue, _bits_rgb, _entries,
     ncolors) = struct.unpack('>20I', data[:80])
    pixels = data[header_size + ncolors * 12:]
    step = bits_per_pixel // 8
    if step not in (3, 4):
        sys.exit('xwd2png: %d bits per pixel is not supported' % bits_per_pixel)
    order = 'little' if byte_order == 0 else 'big'
    rows = []
    for y in range(height):
        line = pixels[y * bytes_per_line:(y + 1) * bytes_per_line]
        out = bytearray(b'\x00')  # PNG filter type: none
        for x in range(width):
            v = int.from_bytes(line[x * step:(x + 1) * step], order)
            out += bytes(((v >> 16) & 255, (v >> 8) & 255, v & 255))
        rows.append(bytes(out))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack('>I', len(body)) + kind + body + struct.pack('>I', zlib.crc32(kind + body) & 0xffffffff)

    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0)) +
            chunk(b'IDAT', zlib.compress(b''.join(rows), 6)) + chunk(b'IEND', b''))


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit('usage: xwd2png.py DUMP.xwd|- OUT.png')
    src = sys.stdin.buffer.read() if sys.argv[1] == '-' else open(sys.argv[1], 'rb').read()
    with open(sys.argv[2], 'wb') as f:
        f.write(convert(src))
