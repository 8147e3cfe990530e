"""Stand-in for the built-in adafruit_pixelbuf: one byte buffer, a second for brightness < 1.

Like the real one it keeps only the low 24 bits of an integer colour (a too-big value shows a
different colour); the driver counts such values so a test can catch them.
"""

import cpdriver


class PixelBuf:
    def __init__(self, size, *, byteorder="BGR", brightness=1.0, auto_write=False, header=b"", trailer=b""):
        self._n = size
        self._bpp = len(byteorder)
        self._order = (byteorder.index("R"), byteorder.index("G"), byteorder.index("B"))
        self._buf = bytearray(size * self._bpp)
        self._pre = bytearray(size * self._bpp) if brightness < 1 else None
        self._brightness = brightness
        self.auto_write = auto_write

    def __len__(self):
        return self._n

    def __setitem__(self, i, value):
        if isinstance(value, int):
            if not 0 <= value <= 0xFFFFFF:
                cpdriver.bad_colours[0] += 1
            r = (value >> 16) & 255
            g = (value >> 8) & 255
            b = value & 255
        else:
            r, g, b = value[0], value[1], value[2]
        o = i * self._bpp
        buf = self._pre if self._pre is not None else self._buf
        buf[o + self._order[0]] = r
        buf[o + self._order[1]] = g
        buf[o + self._order[2]] = b
        if self._pre is not None:
            scale = int(self._brightness * 256)
            for k in range(3):
                self._buf[o + k] = (buf[o + k] * scale) >> 8
        if self.auto_write:
            self.show()

    def __getitem__(self, i):
        o = i * self._bpp
        buf = self._pre if self._pre is not None else self._buf
        return (buf[o + self._order[0]] << 16) | (buf[o + self._order[1]] << 8) | buf[o + self._order[2]]

    @property
    def brightness(self):
        return self._brightness

    @brightness.setter
    def brightness(self, value):
        self._brightness = value

    def fill(self, colour):
        for i in range(self._n):
            self[i] = colour

    def show(self):
        self._transmit(self._buf)
