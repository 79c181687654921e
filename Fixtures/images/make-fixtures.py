#!/usr/bin/env python3
"""Writes the small PNG fixtures of Fixtures/images (python3 standard library only).

Run from anywhere: python3 Fixtures/images/make-fixtures.py. The output is deterministic.
Each image is described above its call below; pixels are listed as rows of
characters: '#' opaque (alpha 255), '+' half (alpha 128), '-' faint (alpha 32), '.' clear.
"""
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ALPHA = {'#': 255, '+': 128, '-': 32, '.': 0}


def chunk(kind, data):
    body = kind + data
    return struct.pack('>I', len(data)) + body + struct.pack('>I', zlib.crc32(body) & 0xffffffff)


def write_png(name, rows, color_type=6, bit_depth=8):
    """color_type 6: RGBA (red pixels); 4: grey + alpha. 8 or 16 bits per sample."""
    width, height = len(rows[0]), len(rows)
    raw = bytearray()
    for row in rows:
        raw.append(0)  # filter: none
        for ch in row:
            a = ALPHA[ch]
            if color_type == 6:
                samples = [200, 30, 30, a]
            else:
                samples = [90, a]
            for s in samples:
                if bit_depth == 16:
                    raw += struct.pack('>H', s * 257)
                else:
                    raw.append(s)
    ihdr = struct.pack('>IIBBBBB', width, height, bit_depth, color_type, 0, 0, 0)
    data = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', ihdr) + chunk(b'IDAT', zlib.compress(bytes(raw), 9)) \
        + chunk(b'IEND', b'')
    with open(os.path.join(HERE, name), 'wb') as f:
        f.write(data)


# A 5×5 block at x 2..<7, y 3..<8 of a 10×10 image.
write_png('block.png', ['..........'] * 3 + ['..#####...'] * 5 + ['..........'] * 2)
# A ring: 8×8 opaque square with a 4×4 hole, in 16-bit grey + alpha.
write_png('ring-gray16.png', ['........'] + ['.######.'] + ['.#....#.'] * 4 + ['.######.'] + ['........'],
          color_type=4, bit_depth=16)
# Alpha steps for the threshold: clear, faint, half, opaque.
write_png('steps.png', ['.-+#'])
