#!/usr/bin/env python3
"""Writes the image files the Three20Image decoder tests read (Tests/Three20ImageTests/Fixtures).

Needs Pillow for the JPEG and WebP files: `pip install pillow` (from PyPI; tested with 13.0).
PNG and GIF files are written byte by byte here, so that every chunk, frame rectangle, colour
table and transparent index is exactly what the tests expect. The output is deterministic: run
it again and the files come out the same (for a given Pillow and its bundled libjpeg-turbo and
libwebp). The generated files are committed; run this only to change them, then run the tests.

Each picture uses colours the tests check by value (see DecoderTests.swift):

- png-*: RGBA, palette with tRNS, grey, 16-bit RGBA; hostile: cut, bad CRC, a header that
  claims 100000 x 100000 pixels (a "bomb"), zero width.
- jpeg-*: baseline and progressive 64 x 48 quadrants; orientation-1..8, one 32 x 16 picture of
  flat 8 x 8 blocks stored turned by each EXIF orientation (odd numbers big-endian EXIF, even
  little-endian), so all come out the same once oriented; CMYK; hostile: cut, a bomb (65500 x
  65500, the most libjpeg reads), zero height.
- gif-*: interlaced 6 x 10 frame with a transparent index and a second frame; a frame that
  hangs over the screen's edge (clipped); hostile: no colour table, cut, a bomb (65535 x 65535
  screen), zero screen.
- webp-*: lossless 4 x 2 (exact) and lossy 64 x 48; animated (refused); hostile: cut, a bomb
  (VP8X canvas 100000 x 100000), zero width.

Usage: scripts/generate-image-fixtures.py
"""

import io
import os
import struct
import zlib

from PIL import Image

ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), ".."))
OUT = os.path.join(ROOT, "Tests", "Three20ImageTests", "Fixtures")


def write(name: str, data: bytes) -> None:
    with open(os.path.join(OUT, name), "wb") as handle:
        handle.write(data)


# PNG, by hand ----------------------------------------------------------------------------


def chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png(width: int, height: int, depth: int, colour: int, rows: list, extra: bytes = b"") -> bytes:
    ihdr = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0)
    raw = b"".join(b"\x00" + row for row in rows)  # filter 0 on every row
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", ihdr)
        + extra
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


# The RGBA picture the tests know: 4 x 2.
RGBA_PIXELS = [
    [(255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255), (255, 255, 255, 128)],
    [(0, 0, 0, 255), (0, 0, 0, 0), (10, 20, 30, 40), (200, 100, 50, 255)],
]


def png_files() -> None:
    rgba = png(4, 2, 8, 6, [bytes(v for p in row for v in p) for row in RGBA_PIXELS])
    write("png-rgba.png", rgba)
    # Palette red, green, blue; green fully transparent, blue half.
    palette = chunk(b"PLTE", bytes([255, 0, 0, 0, 255, 0, 0, 0, 255])) + chunk(b"tRNS", bytes([255, 0, 128]))
    write("png-palette-trns.png", png(3, 1, 8, 3, [bytes([0, 1, 2])], palette))
    write("png-grey.png", png(4, 1, 8, 0, [bytes([0, 85, 170, 255])]))
    # 16-bit RGBA, values n * 257 so that every 16-to-8-bit conversion gives n.
    sixteen = [(255, 128, 0, 255), (17, 34, 51, 68)]
    write("png-rgba16.png", png(2, 1, 16, 6, [b"".join(struct.pack(">H", v * 257) for p in sixteen for v in p)]))
    # Hostile.
    write("png-truncated.png", rgba[: len(rgba) * 2 // 3])
    bad = bytearray(rgba)
    idat = bad.index(b"IDAT")
    bad[idat + 6] ^= 0x01  # a bit of the compressed data: zlib notices, the CRC says where
    write("png-bad-crc.png", bytes(bad))
    one = png(1, 1, 8, 6, [bytes([1, 2, 3, 255])])
    write("png-bomb.png", one[:8] + chunk(b"IHDR", struct.pack(">IIBBBBB", 100000, 100000, 8, 6, 0, 0, 0)) + one[33:])
    write("png-zero.png", one[:8] + chunk(b"IHDR", struct.pack(">IIBBBBB", 0, 1, 8, 6, 0, 0, 0)) + one[33:])


# JPEG, with Pillow -----------------------------------------------------------------------

QUADRANTS = [(220, 30, 30), (30, 200, 30), (30, 30, 220), (240, 240, 240)]


def quadrant_picture() -> Image.Image:
    image = Image.new("RGB", (64, 48))
    for index, colour in enumerate(QUADRANTS):
        x, y = (index % 2) * 32, (index // 2) * 24
        image.paste(colour, (x, y, x + 32, y + 24))
    return image


# 4 x 2 blocks of 8 x 8, every one a different colour: no turn or mirror maps it onto itself.
BLOCKS = [
    [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0)],
    [(0, 255, 255), (255, 0, 255), (0, 0, 0), (255, 255, 255)],
]


def block_picture() -> Image.Image:
    image = Image.new("RGB", (32, 16))
    for row, colours in enumerate(BLOCKS):
        for column, colour in enumerate(colours):
            image.paste(colour, (column * 8, row * 8, column * 8 + 8, row * 8 + 8))
    return image


def exif(orientation: int, big_endian: bool) -> bytes:
    """An APP1 payload: Exif header, TIFF header, IFD0 with a software tag then orientation."""
    order = ">" if big_endian else "<"
    tiff = (b"MM" if big_endian else b"II") + struct.pack(order + "HI", 42, 8)
    entries = [
        struct.pack(order + "HHI", 0x0131, 2, 4) + b"t20\x00",  # Software, an ASCII value inline
        struct.pack(order + "HHIH", 0x0112, 3, 1, orientation) + b"\x00\x00",
    ]
    ifd = struct.pack(order + "H", len(entries)) + b"".join(entries) + struct.pack(order + "I", 0)
    return b"Exif\x00\x00" + tiff + ifd


# The transform that stores an upright picture so that EXIF orientation n shows it upright:
# the inverse of what a viewer applies for n.
STORE = {
    1: None,
    2: Image.Transpose.FLIP_LEFT_RIGHT,
    3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM,
    5: Image.Transpose.TRANSPOSE,
    6: Image.Transpose.ROTATE_90,
    7: Image.Transpose.TRANSVERSE,
    8: Image.Transpose.ROTATE_270,
}


def jpeg(image: Image.Image, **options) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", **options)
    return buffer.getvalue()


def patch_sof(data: bytes, width: int, height: int) -> bytes:
    patched = bytearray(data)
    index = 2
    while True:
        marker, length = patched[index + 1], struct.unpack(">H", patched[index + 2 : index + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2):
            patched[index + 5 : index + 9] = struct.pack(">HH", height, width)
            return bytes(patched)
        index += 2 + length


def jpeg_files() -> None:
    baseline = jpeg(quadrant_picture(), quality=95)
    write("jpeg-baseline.jpg", baseline)
    write("jpeg-progressive.jpg", jpeg(quadrant_picture(), quality=95, progressive=True))
    upright = block_picture()
    for orientation, method in STORE.items():
        stored = upright if method is None else upright.transpose(method)
        data = jpeg(stored, quality=100, subsampling=0, exif=exif(orientation, orientation % 2 == 1))
        write(f"jpeg-orientation-{orientation}.jpg", data)
    write("jpeg-cmyk.jpg", jpeg(Image.new("CMYK", (16, 16), (0, 255, 255, 0)), quality=95))
    write("jpeg-truncated.jpg", baseline[: len(baseline) // 2])
    tiny = jpeg(Image.new("RGB", (8, 8), (90, 90, 90)), quality=50)
    write("jpeg-bomb.jpg", patch_sof(tiny, 65500, 65500))
    write("jpeg-zero.jpg", patch_sof(tiny, 8, 0))


# GIF, by hand ----------------------------------------------------------------------------


def lzw(indices: list, minimum: int = 3) -> bytes:
    """LZW data that only ever sends literal codes, with a clear code often enough that the
    code width never grows; every decoder reads it."""
    clear, end = 1 << minimum, (1 << minimum) + 1
    width = minimum + 1
    codes = [clear]
    for start in range(0, len(indices), (1 << minimum) - 2):
        if start:
            codes.append(clear)
        codes.extend(indices[start : start + (1 << minimum) - 2])
    codes.append(end)
    bits, count, out = 0, 0, bytearray()
    for code in codes:
        bits |= code << count
        count += width
        while count >= 8:
            out.append(bits & 0xFF)
            bits >>= 8
            count -= 8
    if count:
        out.append(bits & 0xFF)
    blocks = bytearray([minimum])
    for start in range(0, len(out), 255):
        piece = out[start : start + 255]
        blocks += bytes([len(piece)]) + piece
    return bytes(blocks + b"\x00")


def colour_table(colours: list) -> bytes:
    return b"".join(bytes(c) for c in colours)


def gif_screen(width: int, height: int, table: bytes = b"", size_bits: int = 1) -> bytes:
    flags = (0x80 | (size_bits - 1)) if table else 0
    return b"GIF89a" + struct.pack("<HHBBB", width, height, flags, 0, 0) + table


def gif_frame(left, top, width, height, indices, interlaced=False, table=b"", size_bits=1) -> bytes:
    flags = (0x40 if interlaced else 0) | ((0x80 | (size_bits - 1)) if table else 0)
    return b"\x2c" + struct.pack("<HHHHB", left, top, width, height, flags) + table + lzw(indices)


def gif_control(transparent=None) -> bytes:
    flags = 1 if transparent is not None else 0
    return b"\x21\xf9\x04" + struct.pack("<BHB", flags, 10, transparent or 0) + b"\x00"


GIF_COLOURS = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]


def interlaced_rows(rows: list) -> list:
    order = []
    for start, step in ((0, 8), (4, 8), (2, 4), (1, 2)):
        order.extend(range(start, len(rows), step))
    return [v for y in order for v in rows[y]]


def gif_files() -> None:
    # 6 x 10, row y in colour y % 3, its first pixel transparent (index 3); then a second frame.
    rows = [[3] + [y % 3] * 5 for y in range(10)]
    frames = (
        gif_screen(6, 10, colour_table(GIF_COLOURS), 2)
        + b"\x21\xfe\x05three\x00"  # a comment extension before the first frame
        + gif_control(transparent=3)
        + gif_frame(0, 0, 6, 10, interlaced_rows(rows), interlaced=True)
        + gif_control()
        + gif_frame(1, 1, 2, 2, [0, 0, 0, 0], table=colour_table([(9, 9, 9), (8, 8, 8)]))
        + b"\x3b"
    )
    write("gif-interlaced.gif", frames)
    # A 4 x 4 screen, no global table; a 4 x 3 frame at (2, 2) with its own table, clipped to 2 x 2.
    local = colour_table([(10, 20, 30), (40, 50, 60)])
    write(
        "gif-offset.gif",
        gif_screen(4, 4) + gif_frame(2, 2, 4, 3, [0, 1, 0, 1, 1, 0, 1, 0, 0, 0, 1, 1], table=local) + b"\x3b",
    )
    write("gif-no-colormap.gif", gif_screen(2, 2) + gif_frame(0, 0, 2, 2, [0, 0, 0, 0]) + b"\x3b")
    write("gif-truncated.gif", frames[: len(frames) // 2])
    one = gif_frame(0, 0, 1, 1, [1]) + b"\x3b"
    write("gif-bomb.gif", gif_screen(65535, 65535, colour_table(GIF_COLOURS), 2) + one)
    write("gif-zero.gif", gif_screen(0, 0, colour_table(GIF_COLOURS), 2) + one)


# WebP, with Pillow -----------------------------------------------------------------------


def webp(image: Image.Image, **options) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "WEBP", **options)
    return buffer.getvalue()


def webp_files() -> None:
    rgba = Image.new("RGBA", (4, 2))
    for y, row in enumerate(RGBA_PIXELS):
        for x, pixel in enumerate(row):
            rgba.putpixel((x, y), pixel)
    lossless = webp(rgba, lossless=True, exact=True, method=6)
    write("webp-lossless.webp", lossless)
    lossy = webp(quadrant_picture(), quality=90, method=6)
    write("webp-lossy.webp", lossy)
    frames = [Image.new("RGB", (8, 8), colour) for colour in QUADRANTS[:2]]
    animated = io.BytesIO()
    frames[0].save(animated, "WEBP", save_all=True, append_images=frames[1:], duration=100, lossless=True)
    write("webp-animated.webp", animated.getvalue())
    write("webp-truncated.webp", lossy[: len(lossy) // 2])
    # A VP8X canvas of 100000 x 100000 over a 1 x 1 lossless image.
    pixel = webp(Image.new("RGBA", (1, 1), (1, 2, 3, 255)), lossless=True)
    vp8l = pixel[12:]
    vp8x = b"VP8X" + struct.pack("<I", 10) + bytes([0x10, 0, 0, 0]) + (99999).to_bytes(3, "little") * 2
    body = b"WEBP" + vp8x + vp8l
    write("webp-bomb.webp", b"RIFF" + struct.pack("<I", len(body)) + body)
    # The lossy image with the width in its VP8 frame header set to 0.
    zero = bytearray(lossy)
    start = zero.index(b"VP8 ") + 8 + 6
    zero[start : start + 2] = struct.pack("<H", 0)
    write("webp-zero.webp", bytes(zero))


def main() -> None:
    os.makedirs(OUT, exist_ok=True)
    png_files()
    jpeg_files()
    gif_files()
    webp_files()
    total = sum(os.path.getsize(os.path.join(OUT, name)) for name in os.listdir(OUT))
    print(f"wrote {len(os.listdir(OUT))} files, {total} bytes, to {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()
