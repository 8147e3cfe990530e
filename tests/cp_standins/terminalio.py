"""Stand-in for terminalio: the built-in 6x12 font (its bitmap lives in flash on the device)."""

import displayio
import fontio


class _Sheet(displayio.Bitmap):
    # The real glyph sheet is in flash: no pixel buffer on the heap.
    def __init__(self):
        self.width = 6 * 95
        self.height = 12


class _BuiltinFont:
    def __init__(self):
        self.bitmap = _Sheet()

    def get_bounding_box(self):
        return (6, 12)

    def get_glyph(self, codepoint):
        # Like the real font, a new Glyph per call; unknown characters get the last tile.
        index = codepoint - 32 if 32 <= codepoint < 127 else 94
        return fontio.Glyph(self.bitmap, index, 6, 12, 0, -2, 6, 0)


FONT = _BuiltinFont()
