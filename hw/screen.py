"""The OLED: text drawn as tiles of the built-in 6x12 font, changed in place, shown by displayio.

Shared by the MacroPad and the desktop simulator; imports displayio and terminalio only.

Why not adafruit_display_text: measured on the MacroPad's firmware (CircuitPython 9.2.9,
emulated), its Label costs 9.7 KB of heap to import and 2.5 KB per 18-character line, and every
change of text makes new objects; a TileGrid over the font's glyph sheet costs 176 bytes per
line, and changing a character is writing one tile number (no allocation, and displayio
redraws only the changed tiles).
"""

import displayio
import terminalio

LINES = 5
COLUMNS = 21  # 128 px / 6 px
LINE_HEIGHT = 13  # 64 px / 5 lines; the font is 6x12
FIRST = 32  # the sheet's tiles cover ASCII 32..126
LAST = 126
# Display refresh per frame, in characters of changed area (plus LINE_COST per line touched):
# measured on the MacroPad firmware, a changed line costs about 0.5 ms per character of its
# changed span plus 1 ms, the whole screen 69 ms. 16 keeps a frame's refresh near 8 ms; a
# bigger change (a new screen) is drawn over a few frames, a line at a time.
REFRESH_BUDGET = 16
LINE_COST = 2


class Font:
    """The glyph sheet of terminalio.FONT and each ASCII character's tile in it."""

    def __init__(self, font=terminalio.FONT):
        self.width, self.height = font.get_bounding_box()[0:2]
        self.tiles = bytearray(LAST - FIRST + 1)
        sheet = font.bitmap
        if not isinstance(sheet, type):
            # CircuitPython: one bitmap holds every glyph; ask each character's tile once.
            self.sheet = sheet
            for code in range(FIRST, LAST + 1):
                glyph = font.get_glyph(code)
                self.tiles[code - FIRST] = glyph.tile_index if glyph is not None else 0
        else:
            # Blinka (the desktop simulator) names a bitmap class and keeps a bitmap per glyph:
            # draw them into one sheet.
            self.sheet = self._draw_sheet(font)
            for code in range(FIRST, LAST + 1):
                self.tiles[code - FIRST] = code - FIRST

    def _draw_sheet(self, font):
        w, h = self.width, self.height
        box = font.get_bounding_box()
        baseline = h + (box[3] if len(box) > 3 else -2)
        sheet = displayio.Bitmap(w * (LAST - FIRST + 1), h, 2)
        for code in range(FIRST, LAST + 1):
            glyph = font.get_glyph(code)
            if glyph is None:
                continue
            left = (code - FIRST) * w + glyph.dx
            top = baseline - glyph.height - glyph.dy
            bitmap = glyph.bitmap
            for y in range(glyph.height):
                for x in range(glyph.width):
                    px = glyph.tile_index * glyph.width + x
                    if 0 <= top + y < h and 0 <= left + x - (code - FIRST) * w < w and bitmap[px, y]:
                        sheet[left + x, top + y] = 1
        return sheet

    def tile(self, char):
        code = ord(char)
        return self.tiles[code - FIRST] if FIRST <= code <= LAST else self.tiles[ord("?") - FIRST]


class TextLine:
    """One line of `columns` characters at (x, y): a TileGrid whose tiles are the characters."""

    def __init__(self, font, palette, x, y, columns=COLUMNS):
        self.font = font
        self.columns = columns
        self.grid = displayio.TileGrid(
            font.sheet,
            pixel_shader=palette,
            width=columns,
            height=1,
            tile_width=font.width,
            tile_height=font.height,
            default_tile=font.tile(" "),
            x=x,
            y=y,
        )
        self.text = ""

    def cost(self, text):
        """What showing `text` costs in refresh budget: 0 when nothing changes."""
        if len(text) > self.columns:
            text = text[: self.columns]
        old = self.text
        if text == old:
            return 0
        first = -1
        last = -1
        for i in range(self.columns):
            a = text[i] if i < len(text) else " "
            if a != (old[i] if i < len(old) else " "):
                if first < 0:
                    first = i
                last = i
        return 0 if first < 0 else last - first + 1 + LINE_COST

    def set(self, text):
        """Show `text` (cut at the line's width); only characters that differ are written."""
        if len(text) > self.columns:
            text = text[: self.columns]
        old = self.text
        if text == old:
            return False
        grid = self.grid
        font = self.font
        for i in range(self.columns):
            a = text[i] if i < len(text) else " "
            if a != (old[i] if i < len(old) else " "):
                grid[i] = font.tile(a)
        self.text = text
        return True


class Screen:
    """Shows the app's `lines` on a 128x64 display; refresh only when something changed."""

    def __init__(self, display):
        self.display = display
        self.group = displayio.Group()
        self.font = Font()
        palette = displayio.Palette(2)
        palette[0] = 0x000000
        palette[1] = 0xFFFFFF
        self.lines = []
        for row in range(LINES):
            line = TextLine(self.font, palette, 1, row * LINE_HEIGHT)
            self.group.append(line.grid)
            self.lines.append(line)
        self.rotation = 0
        self.start = 0
        display.root_group = self.group

    def text(self):
        """What the display shows, one string per line (for tests and the headless runner)."""
        return [line.text for line in self.lines]

    def pending(self, lines):
        """True while some of `lines` is not on the display yet (the budget held it back)."""
        for row in range(LINES):
            if self.lines[row].cost(lines[row]):
                return True
        return False

    def show(self, lines, flip=False):
        """Update changed lines within this frame's refresh budget (and the rotation).

        True when the display needs a refresh. Lines left over are shown in the next frames;
        the row to start from moves on each frame, so a line that changes every frame (a
        clock) cannot hold the others back.
        """
        changed = False
        budget = REFRESH_BUDGET
        start = self.start
        self.start = (start + 1) % LINES
        for k in range(LINES):
            row = (start + k) % LINES
            line = self.lines[row]
            cost = line.cost(lines[row])
            if cost == 0 or (changed and cost > budget):
                continue
            line.set(lines[row])
            budget -= cost
            changed = True
        rotation = 180 if flip else 0
        if rotation != self.rotation:
            self.display.rotation = rotation
            self.rotation = rotation
            changed = True
        return changed
