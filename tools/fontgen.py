"""Compile tools/font.txt (the fonts drawn as text) into kalaha/picture/glyphs.py (byte columns).

Host-only: `python -m tools.fontgen` writes the module; `--check` exits 1 when it is stale.
"""

import os
import sys

from tools.manifest import ROOT

SOURCE = os.path.join(ROOT, "tools", "font.txt")
TARGET = os.path.join(ROOT, "kalaha", "picture", "glyphs.py")
FIRST, LAST = 32, 126


def parse(text):
    """{section: {char: [row strings]}} from the drawing, checked for size and characters."""
    sections = {}
    current = None
    glyph = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        if not line or line.startswith("# "):  # (a glyph row has no spaces)
            continue
        if line.startswith("["):
            current = sections.setdefault(line.strip("[]").split()[0], {})
            continue
        if line.startswith("= "):
            name = line[2:]
            glyph = " " if name == "space" else name
            if len(glyph) != 1 or current is None or glyph in current:
                raise ValueError("font.txt line %d: bad or repeated glyph %r" % (number, name))
            current[glyph] = []
            continue
        if glyph is None or set(line) - {"#", "."}:
            raise ValueError("font.txt line %d: %r is not a glyph row" % (number, line))
        current[glyph].append(line)
    return sections


def columns(rows, width, height):
    """A glyph's column bytes, the top row in bit 0 (the SH1106's page order)."""
    if len(rows) == height - 1 and height == 8:
        rows = rows + ["." * width]  # no descender
    if len(rows) != height or any(len(r) != width for r in rows):
        raise ValueError("a glyph must be %dx%d: %r" % (width, height, rows))
    return [sum(1 << y for y in range(height) if rows[y][x] == "#") for x in range(width)]


def compile_fonts(text):
    fonts = parse(text)
    chars = [chr(c) for c in range(FIRST, LAST + 1)]
    if sorted(fonts["text"]) != sorted(chars):
        raise ValueError("the text font must have exactly ASCII %d..%d" % (FIRST, LAST))
    if sorted(fonts["digits"]) != list("0123456789"):
        raise ValueError("the digit font must have exactly 0..9")
    text_bytes = bytearray()
    for ch in chars:
        text_bytes += bytes(columns(fonts["text"][ch], 5, 8)) + b"\x00"
    digit_bytes = bytearray()
    for ch in "0123456789":
        digit_bytes += bytes(columns(fonts["digits"][ch], 3, 5))
    return bytes(text_bytes), bytes(digit_bytes)


def literal(data, indent="    "):
    out = []
    for at in range(0, len(data), 24):
        out.append('%sb"%s"' % (indent, "".join("\\x%02x" % b for b in data[at : at + 24])))
    return "\n".join(out)


def module(text):
    text_bytes, digit_bytes = compile_fonts(text)
    return (
        '"""The fonts as byte columns (SH1106 page order: bit 0 is the top row), made from\n'
        "tools/font.txt by `python -m tools.fontgen`: edit the drawing, not this file.\n"
        '"""\n\n'
        "# ASCII 32..126, six columns each: the 5x7 glyph (descenders in row 8) and a blank column.\n"
        "TEXT = (\n%s\n)\n"
        "# 0..9, three columns each of a 3x5 digit: kalaha.picture.frame draws them at 2x, 3x and 4x.\n"
        "DIGITS = (\n%s\n)\n" % (literal(text_bytes), literal(digit_bytes))
    )


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    with open(SOURCE) as f:
        wanted = module(f.read())
    if "--check" in argv:
        with open(TARGET) as f:
            if f.read() != wanted:
                print("kalaha/picture/glyphs.py is stale: run python -m tools.fontgen")
                return 1
        return 0
    with open(TARGET, "w") as f:
        f.write(wanted)
    print("wrote %s" % os.path.relpath(TARGET, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
