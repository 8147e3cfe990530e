"""Stand-in for displayio: Group, Bitmap, Palette and TileGrid with the real objects' buffers.

A Bitmap keeps its pixels in 32-bit words per row as the real one does; a TileGrid keeps one
byte per tile. What the real ones cost beyond that (their C structs) is a few dozen bytes each.
"""


class Group:
    def __init__(self, *, scale=1, x=0, y=0):
        self._items = []
        self._scale = scale  # (not through the property: a subclass like Label overrides it)
        self.x = x
        self.y = y
        self.hidden = False

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, value):
        self._scale = value

    def append(self, item):
        self._items.append(item)

    def insert(self, index, item):
        self._items.insert(index, item)

    def remove(self, item):
        self._items.remove(item)

    def pop(self, i=-1):
        return self._items.pop(i)

    def index(self, item):
        return self._items.index(item)

    def __len__(self):
        return len(self._items)

    def __getitem__(self, i):
        return self._items[i]

    def __setitem__(self, i, item):
        self._items[i] = item

    def __delitem__(self, i):
        del self._items[i]


class Bitmap:
    def __init__(self, width, height, value_count):
        bits = 1
        while (1 << bits) < value_count:
            bits += 1
        self.width = width
        self.height = height
        self._bits = bits
        self._stride = (width * bits + 31) // 32 * 4
        self._data = bytearray(self._stride * height)

    def __setitem__(self, index, value):
        x, y = index
        self._data[y * self._stride + x * self._bits // 8] = value & 255

    def __getitem__(self, index):
        x, y = index
        return self._data[y * self._stride + x * self._bits // 8]

    def fill(self, value):
        for i in range(len(self._data)):
            self._data[i] = value


class Palette:
    def __init__(self, color_count, *, dither=False):
        self._colors = [0] * color_count
        self._transparent = bytearray(color_count)

    def __len__(self):
        return len(self._colors)

    def __setitem__(self, i, colour):
        if isinstance(colour, int) and not 0 <= colour <= 0xFFFFFF:
            raise ValueError("colour out of range: %r" % colour)
        self._colors[i] = colour

    def __getitem__(self, i):
        return self._colors[i]

    def make_transparent(self, i):
        self._transparent[i] = 1

    def make_opaque(self, i):
        self._transparent[i] = 0


class TileGrid:
    # Rarely changed attributes live on the class until set: an instance then costs about
    # what the real C object does (~110 bytes), not a dozen dictionary entries.
    hidden = False
    flip_x = False
    flip_y = False
    transpose_xy = False
    width = 1
    height = 1

    def __init__(
        self,
        bitmap,
        *,
        pixel_shader,
        width=1,
        height=1,
        tile_width=None,
        tile_height=None,
        default_tile=0,
        x=0,
        y=0,
    ):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.x = x
        self.y = y
        self.tile_width = tile_width or bitmap.width
        self.tile_height = tile_height or bitmap.height
        if width != 1 or height != 1:
            self.width = width
            self.height = height
        # Up to four tiles live inside the real object; more get their own byte array.
        self._tiles = default_tile if width * height == 1 else bytearray([default_tile] * (width * height))

    def __setitem__(self, index, tile):
        if isinstance(self._tiles, int):
            self._tiles = tile
        else:
            self._tiles[index] = tile

    def __getitem__(self, index):
        return self._tiles if isinstance(self._tiles, int) else self._tiles[index]
