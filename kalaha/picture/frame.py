"""The OLED's picture: a 1 KB frame in the SH1106's page order, and the drawing into it.

Pure integer code (CircuitPython and CPython): 5x7 text on 8-pixel pages, big digits at any
height, lines, pit boxes and inverted bars. Regions remember what they show, so an unchanged
part of the picture costs one comparison a frame.
"""

from kalaha.compat import TICKS_WRAP, const
from kalaha.picture.glyphs import DIGITS, TEXT

WIDTH = const(128)
PAGES = const(8)
CHAR = const(6)  # a text character's advance: 5 columns of glyph and one blank
COLUMNS = const(21)  # characters on a line
TEXT_X = const(1)  # text starts here, so 21 characters sit in the middle of 128 pixels

# Pit boxes, PIT_W x PIT_H: two whole pages, so four rows fill the display's height. Style bits:
# where the last seed fell (a bold box), the pit chosen by the knob or a held key (drawn
# inverted), the pit the last turn started from (a short bar under the top line).
PIT_W = const(20)
PIT_H = const(16)
BOX_BOLD = const(1)
BOX_CHOSEN = const(2)
BOX_PLAYED = const(4)

DRAW_UNTIL_MS = const(13)  # a frame's drawing stops this long after the frame began (see begin)

_ZEROS = bytes(WIDTH)
_ONES = b"\xff" * WIDTH


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

    def __init__(self, regions=29):
        self.buf = bytearray(WIDTH * PAGES)
        self.view = memoryview(self.buf)
        self.zeros = memoryview(_ZEROS)
        self.ones = memoryview(_ONES)
        self.memo = [None] * regions
        self.flags = bytearray(regions)  # ... and how (inverted, a title): no key built per frame
        self.dirty = 0xFF
        self.owner = None  # what the regions were drawn for (a screen); another clears them
        self.complete = True  # every region drawn: the hardware may show the frame
        self.drawn = 0  # regions drawn since begin(): 0 when the picture did not change
        self.ticks = None  # with begin()'s clock, drawing stops at the frame's deadline
        self.start = 0
        runs, digits = _pit_pieces()
        self.runs = memoryview(runs)
        self.pit_digits = memoryview(digits)

    # ----- regions ------------------------------------------------------------------------

    def begin(self, owner, ticks=None, start=0):
        """Start drawing a frame for `owner` (a screen): a different owner than last time gets
        a blank picture and forgets every region, so no two screens ever mix.

        With a clock (`ticks`, and the frame's `start` by it) drawing stops DRAW_UNTIL_MS after
        the start: the regions not drawn yet wait for the next frame, and until they are all
        drawn the frame is not `complete` and the hardware keeps showing the last whole one.
        """
        self.complete = True
        self.drawn = 0
        self.ticks = ticks
        self.start = start
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
            self.flags[i] = 0
        self.dirty = 0xFF

    def changed(self, region, key, flags=0):
        """True (and `key` and `flags` remembered) when region number `region` is to be drawn
        from another key or flags than it shows, and the frame has time for it (else it waits:
        not `complete`)."""
        if self.flags[region] == flags and self.memo[region] == key:
            return False
        if self.ticks is not None and (self.ticks() - self.start) % TICKS_WRAP >= DRAW_UNTIL_MS:
            self.complete = False
            return False
        self.memo[region] = key
        self.flags[region] = flags
        self.drawn += 1
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
        """`text` on page `page` from pixel x; with a `width`, those pixels are cleared first
        (all lit, `inverted`: light text on dark is then dark on light). Characters outside
        ASCII show as '?'. Each glyph's bytes are copied one by one: a slice would allocate."""
        buf = self.buf
        font = TEXT
        row = page * WIDTH
        at = row + x
        end = row + WIDTH
        if width:
            end = min(end, at + width)
            buf[at:end] = (self.ones if inverted else self.zeros)[0 : end - at]
        flip = 0xFF if inverted else 0
        for ch in text:
            if at + CHAR > end:
                break
            o = ord(ch) - 32
            if o < 0 or o > 94:
                o = 31  # '?'
            o *= CHAR
            buf[at] = font[o] ^ flip
            buf[at + 1] = font[o + 1] ^ flip
            buf[at + 2] = font[o + 2] ^ flip
            buf[at + 3] = font[o + 3] ^ flip
            buf[at + 4] = font[o + 4] ^ flip
            buf[at + 5] = flip
            at += CHAR
        self.dirty |= 1 << page

    def line(self, page, text, inverted=False):
        """A whole line: COLUMNS characters of text on `page`, the rest of it blank."""
        self.text(0, page, "", inverted, TEXT_X)
        self.text(TEXT_X, page, text, inverted, WIDTH - TEXT_X)

    def title(self, text):
        """The top line: `text` with a rule under it."""
        self.line(0, text)
        buf = self.buf
        for i in range(WIDTH):
            buf[i] |= 0x80

    def column(self, x, y, bits, dark=False):
        """OR a column of pixels (`bits`, bit 0 at row y) into the frame; `dark`: clear them."""
        if x < 0 or x >= WIDTH:
            return
        bits <<= y & 7
        page = y >> 3
        buf = self.buf
        while bits and page < PAGES:
            if bits & 0xFF:
                if dark:
                    buf[page * WIDTH + x] &= ~bits & 0xFF
                else:
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

    def number(self, x, y, value, scale, digits=0, dark=False):
        """`value` in big digits (3x5 scaled by `scale`, a gap of `scale` between them), from
        x at row y; at least `digits` digits wide, right-aligned; `dark`: on lit pixels."""
        text = "%d" % value
        pad = digits - len(text)
        if pad > 0:
            x += pad * 4 * scale
        for ch in text:
            digit = ord(ch) - 48
            for c in range(3):
                bits = _digit_column(digit, c, scale)
                for _ in range(scale):
                    self.column(x, y, bits, dark)
                    x += 1
            x += scale

    # ----- pit boxes ----------------------------------------------------------------------

    def pit(self, x, page, count, style, w=PIT_W):
        """A pit's box, `w` wide (at most PIT_W) on pages `page` and `page` + 1, its `count` in
        2x digits (-1: no pit there, blank) in `style` (BOX_* bits). Each piece is a slice of
        bytes made at start-up: the box's lines, its sides, each digit with the lines through it."""
        buf = self.buf
        top = page * WIDTH + x
        low = top + WIDTH
        self.dirty |= 3 << page
        if count < 0:
            buf[top : top + w] = self.zeros[0:w]
            buf[low : low + w] = self.zeros[0:w]
            return
        kind = 2 if style & BOX_CHOSEN else (1 if style & BOX_BOLD else 0)
        runs = self.runs
        at = kind * 2 * PIT_W
        buf[top : top + w] = runs[at : at + w]
        buf[low : low + w] = runs[at + PIT_W : at + PIT_W + w]
        # the sides, corners cut; a bold or chosen box has its second columns lit too
        buf[top] = buf[top + w - 1] = 0xFE
        buf[low] = buf[low + w - 1] = 0x7F
        if kind:
            buf[top + 1] = buf[top + w - 2] = 0xFE if kind == 1 else 0xFF
            buf[low + 1] = buf[low + w - 2] = 0x7F if kind == 1 else 0xFF
        glyphs = self.pit_digits
        if count < 10:
            d = top + (w - 6) // 2
            at = (kind * 10 + count) * 12
            buf[d : d + 6] = glyphs[at : at + 6]
            buf[d + WIDTH : d + WIDTH + 6] = glyphs[at + 6 : at + 12]
        else:
            step = (w + 12) >> 2  # (two digits 8 apart; 7 in a narrower box)
            d = top + (w - step - 6) // 2
            at = (kind * 10 + count // 10) * 12
            buf[d : d + 6] = glyphs[at : at + 6]
            buf[d + WIDTH : d + WIDTH + 6] = glyphs[at + 6 : at + 12]
            d += step
            at = (kind * 10 + count % 10) * 12
            buf[d : d + 6] = glyphs[at : at + 6]
            buf[d + WIDTH : d + WIDTH + 6] = glyphs[at + 6 : at + 12]
        if style & BOX_PLAYED:
            # a short bar under the top line, in the middle: the last turn began here
            for i in range(top + w // 2 - 3, top + w // 2 + 3):
                buf[i] = buf[i] & ~0x06 if kind == 2 else buf[i] | 0x06


def _pit_pieces():
    """(runs, digits): each box kind's (plain, bold, chosen) two page rows of lines across,
    and each kind's ten digits at 2x (6 columns, two pages) with those lines through them."""
    lines = ((0x01, 0x80), (0x03, 0xC0), (0xFF, 0xFF))
    runs = bytearray()
    digits = bytearray()
    for kind in range(3):
        top, low = lines[kind]
        runs += bytes((top,)) * PIT_W + bytes((low,)) * PIT_W
        for d in range(10):
            cols = [_digit_column(d, c // 2, 2) << 3 for c in range(6)]  # rows 3..12
            for page in range(2):
                for col in cols:
                    byte = (col >> (8 * page)) & 0xFF
                    line = top if page == 0 else low
                    digits.append((line & ~byte) & 0xFF if kind == 2 else line | byte)
    return bytes(runs), bytes(digits)
