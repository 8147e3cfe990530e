"""The OLED's picture: a 1 KB frame in the SH1106's page order, and the drawing into it.

Pure integer code (CircuitPython and CPython): 5x7 text on 8-pixel pages, big digits at any
height, lines, pit boxes and inverted bars. Regions remember what they show, so an unchanged
part of the picture costs one comparison a frame.
"""

from kalaha.compat import const
from kalaha.glyphs import DIGITS, TEXT

WIDTH = const(128)
HEIGHT = const(64)
PAGES = const(8)
CHAR = const(6)  # a text character's advance: 5 columns of glyph and one blank
COLUMNS = const(21)  # characters on a line
TEXT_X = const(1)  # text starts here, so 21 characters sit in the middle of 128 pixels

# Pit boxes: PIT_W x PIT_H tiles. Style bits: where the last seed fell (a bold box), the pit
# chosen by the knob or a held key (drawn inverted), the pit the last turn started from (a
# filled corner).
PIT_W = const(25)
PIT_H = const(14)
BOX_BOLD = const(1)
BOX_CHOSEN = const(2)
BOX_PLAYED = const(4)
_TILES_KEPT = const(12)  # pit tiles remembered (75 bytes each); all go when full

_ZEROS = bytes(WIDTH)


def text_width(text):
    return len(text) * CHAR


def _digit_column(digit, column, scale):
    """A 3x5 digit's column `column` (0..2) scaled: 5 * scale rows, bit 0 the top."""
    bits = DIGITS[digit * 3 + column]
    out = 0
    run = (1 << scale) - 1
    for row in range(5):
        if bits >> row & 1:
            out |= run << (row * scale)
    return out


class Frame:
    """128x64 pixels as 8 pages of 128 bytes (bit 0 of a byte is its page's top row).

    `dirty` has a bit for every page written since the hardware last took the frame
    (`taken()`); `memo` holds what each region shows (`changed`).
    """

    def __init__(self, regions=48):
        self.buf = bytearray(WIDTH * PAGES)
        view = memoryview(self.buf)
        self.rows = [view[p * WIDTH : (p + 1) * WIDTH] for p in range(PAGES)]
        self.font = memoryview(TEXT)
        self.zeros = memoryview(_ZEROS)
        self.memo = [None] * regions
        self.dirty = 0xFF
        self.owner = None  # what the regions were drawn for (a screen); another clears them
        self.tiles = {}  # pit tiles by (count, style, row phase) (see pit)

    # ----- regions ------------------------------------------------------------------------

    def begin(self, owner):
        """Start a frame for `owner` (a screen): a different owner than last time gets a
        blank picture and forgets every region, so no two screens ever mix."""
        if owner is not self.owner:
            self.owner = owner
            self.clear()

    def clear(self):
        buf = self.buf
        for p in range(PAGES):
            buf[p * WIDTH : (p + 1) * WIDTH] = self.zeros
        memo = self.memo
        for i in range(len(memo)):
            memo[i] = None
        self.dirty = 0xFF

    def changed(self, region, key):
        """True (and `key` remembered) when region number `region` was drawn from another key."""
        if self.memo[region] == key:
            return False
        self.memo[region] = key
        return True

    def taken(self):
        """The hardware has shown the frame: nothing is dirty."""
        self.dirty = 0

    # ----- drawing ------------------------------------------------------------------------

    def erase(self, x, page, width, pages=1):
        """Clear `pages` whole pages from `page`, columns x .. x + width - 1."""
        width = min(width, WIDTH - x)
        if width <= 0:
            return
        buf = self.buf
        for p in range(page, page + pages):
            at = p * WIDTH + x
            buf[at : at + width] = self.zeros[0:width]
            self.dirty |= 1 << p

    def text(self, x, page, text, inverted=False, width=0):
        """`text` on page `page` from pixel x (the rest of `width` pixels, if given, blank);
        inverted: light on dark, the whole `width`. Characters outside ASCII show as '?'."""
        buf = self.buf
        font = self.font
        at = page * WIDTH + x
        end = page * WIDTH + WIDTH
        if width:
            self.erase(x, page, width)
            end = min(end, at + width)
        for ch in text:
            if at + CHAR > end:
                break
            code = ord(ch) - 32
            if code < 0 or code > 94:
                code = 31  # '?'
            buf[at : at + CHAR] = font[code * CHAR : code * CHAR + CHAR]
            at += CHAR
        if inverted:
            for i in range(page * WIDTH + x, end if width else at):
                buf[i] ^= 0xFF
        self.dirty |= 1 << page

    def line(self, page, text, inverted=False):
        """A whole line of text (COLUMNS characters) on `page`."""
        self.text(0, page, "", False, WIDTH)
        self.text(TEXT_X, page, text, False, WIDTH - TEXT_X)
        if inverted:
            self.invert(0, page, WIDTH)

    def title(self, text):
        """The top line: `text` with a rule under it."""
        self.line(0, text)
        buf = self.buf
        for i in range(WIDTH):
            buf[i] |= 0x80

    def invert(self, x, page, width):
        buf = self.buf
        at = page * WIDTH + x
        for i in range(at, at + min(width, WIDTH - x)):
            buf[i] ^= 0xFF
        self.dirty |= 1 << page

    def column(self, x, y, bits):
        """OR a column of pixels (`bits`, bit 0 at row y) into the frame."""
        if x < 0 or x >= WIDTH:
            return
        bits <<= y & 7
        page = y >> 3
        buf = self.buf
        while bits and page < PAGES:
            if bits & 0xFF:
                buf[page * WIDTH + x] |= bits & 0xFF
                self.dirty |= 1 << page
            bits >>= 8
            page += 1

    def hline(self, x, y, width):
        bit = 1 << (y & 7)
        at = (y >> 3) * WIDTH
        buf = self.buf
        for i in range(at + x, at + min(x + width, WIDTH)):
            buf[i] |= bit
        self.dirty |= 1 << (y >> 3)

    def vline(self, x, y, height):
        self.column(x, y, (1 << height) - 1)

    def number(self, x, y, value, scale, digits=0):
        """`value` in big digits (3x5 scaled by `scale`, a gap of `scale` between them), from
        x at row y; at least `digits` digits wide, right-aligned. Returns the x after it."""
        text = "%d" % value
        pad = digits - len(text)
        if pad > 0:
            x += pad * 4 * scale
        for ch in text:
            digit = ord(ch) - 48
            for c in range(3):
                bits = _digit_column(digit, c, scale)
                for _ in range(scale):
                    self.column(x, y, bits)
                    x += 1
            x += scale
        return x

    # ----- pit boxes ----------------------------------------------------------------------

    def pit(self, x, y, count, style, width=PIT_W):
        """A pit's box at (x, y), `width` x PIT_H pixels, its `count` in 2x digits (-1: no pit,
        blank), in `style` (BOX_* bits). The rows of the pages it shares with a neighbour's
        box are kept."""
        phase = y & 7
        key = ((count * 8 + style) * 8 + phase) * 32 + width
        tile = self.tiles.get(key)
        if tile is None:
            if len(self.tiles) >= _TILES_KEPT:
                self.tiles.clear()
            tile = self.tiles[key] = _pit_tile(count, style, phase, width)
        buf = self.buf
        mine = ((1 << PIT_H) - 1) << phase
        for k in range(3):
            ours = (mine >> (8 * k)) & 0xFF
            if not ours:
                break
            page = (y >> 3) + k
            at = page * WIDTH + x
            strip = k * width
            if ours == 0xFF:
                buf[at : at + width] = tile[strip : strip + width]
            else:
                keep = ours ^ 0xFF
                for i in range(width):
                    buf[at + i] = (buf[at + i] & keep) | tile[strip + i]
            self.dirty |= 1 << page


def _pit_tile(count, style, phase, width):
    """The bytes of a pit's box for its three pages (`width` each), its top at row `phase`."""
    tile = bytearray(3 * width)
    if count < 0:
        return bytes(tile)
    bold = style & BOX_BOLD
    chosen = style & BOX_CHOSEN
    top = 0
    bottom = PIT_H - 1
    columns = [0] * width
    for x in range(width):
        edge = x == 0 or x == width - 1
        inner = x == 1 or x == width - 2
        if chosen:
            col = ((1 << PIT_H) - 1) & ~(1 | (1 << bottom)) if edge else (1 << PIT_H) - 1
        elif edge:
            col = ((1 << PIT_H) - 1) & ~(1 | (1 << bottom))  # corners cut: a rounded box
        else:
            col = (1 << top) | (1 << bottom)
            if bold:
                col |= (1 << (top + 1)) | (1 << (bottom - 1))
                if inner:
                    col |= (1 << PIT_H) - 1 & ~(1 | (1 << bottom))
        columns[x] = col
    if style & BOX_PLAYED:
        # A corner filled inside the box, top left: where the last turn began.
        for x in range(2, 5):
            corner = ((1 << (5 - x)) - 1) << 2
            columns[x] = columns[x] & ~corner if chosen else columns[x] | corner
    # The count, 2x digits (6x10), in the middle; one digit stands centred.
    text = "%d" % count
    at = (width - len(text) * 8 + 2) // 2
    for ch in text:
        digit = ord(ch) - 48
        for c in range(3):
            bits = _digit_column(digit, c, 2) << 2
            for _ in range(2):
                if chosen:
                    columns[at] &= ~bits
                else:
                    columns[at] |= bits
                at += 1
        at += 2
    for x in range(width):
        col = columns[x] << phase
        for k in range(3):
            tile[k * width + x] = (col >> (8 * k)) & 0xFF
    return bytes(tile)
