"""The OLED: text drawn as tiles of the built-in 6x12 font, changed in place, and the board's
lines and marks as vectorio rectangles, shown by displayio.

Shared by the MacroPad and the desktop simulator; imports displayio, terminalio and vectorio only.

Why not adafruit_display_text: measured on the MacroPad's firmware (CircuitPython 9.2.9,
emulated), its Label costs 9.7 KB of heap to import and 2.5 KB per 18-character line, and every
change of text makes new objects; a TileGrid over the font's glyph sheet costs 176 bytes per
line, and changing a character is writing one tile number (no allocation, and displayio
redraws only the changed tiles).
"""

import displayio
import terminalio
import vectorio  # (after displayio: Blinka's vectorio needs it imported first)

from kalaha.view import BOX_PX, BOX_STYLES, box_lit

LINES = 5
COLUMNS = 21  # 128 px / 6 px
LINE_HEIGHT = 13  # 64 px / 5 lines; the font is 6x12
FIRST = 32  # the sheet's tiles cover ASCII 32..126
LAST = 126
# Display refresh per frame, in character cells x display pages (8 pixel rows) of changed
# boxes, plus SEGMENT_COST cells per box. Measured on the MacroPad firmware (emulated,
# 2026-12-01, the refresh of each frame and what it drew): 0.6-0.8 ms per unit (a whole
# 7-character segment on a line over three pages, 24 units, took 15-19 ms). 14 keeps a frame's
# refresh within about 14 ms (20 let one reach 20 ms); a bigger change (a new screen) is drawn
# over a few frames, up to a segment at a time, and a segment bigger than what is left in part.
REFRESH_BUDGET = 14
SEGMENT = 7  # characters per TileGrid: a line is three
SEGMENT_COST = 1
TURNED = 180  # the one rotation besides 0: the device held by North (hw/layout.py)
SEGMENTS = COLUMNS // SEGMENT  # (a line is whole segments: a turned one maps onto another)


class Font:
    """The glyph sheet of terminalio.FONT (one bitmap holds every glyph on CircuitPython) and
    each ASCII character's tile in it. (Blinka keeps a bitmap per glyph: hw/desktop.py draws
    them into one sheet, off the device.)"""

    def __init__(self, font=terminalio.FONT):
        self.width, self.height = font.get_bounding_box()[0:2]
        self.tiles = bytearray(LAST - FIRST + 1)
        self.sheet = font.bitmap
        for code in range(FIRST, LAST + 1):
            glyph = font.get_glyph(code)
            self.tiles[code - FIRST] = glyph.tile_index if glyph is not None else 0

    def tile(self, char):
        code = ord(char)
        return self.tiles[code - FIRST] if FIRST <= code <= LAST else self.tiles[ord("?") - FIRST]


class TextLine:
    """One line of `columns` characters at (x, y), as TileGrids of SEGMENT characters each.

    A TileGrid's changed tiles are redrawn as one box, so a line in segments redraws a change
    in a pit's count and one in a store as two small boxes, not the whole width between them.
    """

    def __init__(self, font, palette, x, y, columns=COLUMNS):
        self.font = font
        self.columns = columns
        self.grids = []
        for first in range(0, columns, SEGMENT):
            grid = displayio.TileGrid(
                font.sheet,
                pixel_shader=palette,
                width=min(SEGMENT, columns - first),
                height=1,
                tile_width=font.width,
                tile_height=font.height,
                default_tile=font.tile(" "),
                x=x + first * font.width,
                y=y,
            )
            self.grids.append(grid)
        # The display is written in pages of 8 pixel rows: a 12-pixel line touches 2 or 3.
        self.pages = (y + font.height - 1) // 8 - y // 8 + 1
        self.chars = [" "] * columns  # the tiles, in the grids' order
        self.shown = ""  # type: str | None  # the last text asked for, when it is all shown
        # Each segment flipped in x and y (Screen.show turns the display a segment a frame):
        # a turned segment shows the row across, its segment across (Screen._wanted).
        self.turned = bytearray(len(self.grids))

    def turn(self, segment, turned):
        """Flip one segment's grid (a refresh of its area); its text is written anew."""
        grid = self.grids[segment]
        grid.flip_x = turned
        grid.flip_y = turned
        self.turned[segment] = 1 if turned else 0
        self.shown = None

    def cost(self, text, first, segment):
        """What showing `text` from its character `first` in `segment` costs (character cells x
        pages): 0 for no change."""
        low = -1
        high = -1
        chars = self.chars
        n = len(text)
        at = segment * SEGMENT
        for i in range(min(SEGMENT, self.columns - at)):
            j = first + i
            if (text[j] if j < n else " ") != chars[at + i]:
                if low < 0:
                    low = i
                high = i
        return 0 if low < 0 else (high - low + 1 + SEGMENT_COST) * self.pages

    def set(self, text, first, segment, width=SEGMENT):
        """Show `text` from its character `first` in `segment`: only changed tiles are written,
        and only `width` characters from the first changed one (the refresh is the box around
        the changed tiles: the rest follows in another frame)."""
        grid = self.grids[segment]
        font = self.font
        chars = self.chars
        n = len(text)
        at = segment * SEGMENT
        low = -1
        for i in range(min(SEGMENT, self.columns - at)):
            j = first + i
            a = text[j] if j < n else " "
            if a != chars[at + i]:
                if low < 0:
                    low = i
                elif i >= low + width:
                    return
                chars[at + i] = a
                grid[i] = font.tile(a)


class Boxes:
    """The pits' boxes: two TileGrids of BOX_PX x LINE_HEIGHT tiles over one small sheet of the
    box styles (kalaha.view.box_lit), one upright at the pits' place and one turned (flipped in
    x and y, placed across) for a device held by North: tile k of either shows view key k's box.

    A tile is changed a frame (its own refresh, about 5 ms on the device): a grid's changed tiles
    are refreshed as one box around them all. (One grid flipped and moved across when the device
    turns would be refreshed whole, old place and new: 60 ms measured on the emulated MacroPad.)
    """

    def __init__(self, display, columns):
        sheet = displayio.Bitmap(BOX_STYLES * BOX_PX, LINE_HEIGHT, 2)
        for style in range(BOX_STYLES):
            for y in range(LINE_HEIGHT):
                for x in range(BOX_PX):
                    if box_lit(style, x, y):
                        sheet[style * BOX_PX + x, y] = 1
        palette = displayio.Palette(2)
        palette[1] = 0xFFFFFF
        palette.make_transparent(0)  # the text under a box shows through
        rows = 12 // columns
        self.grids = []
        for turned in (False, True):
            grid = displayio.TileGrid(
                sheet,
                pixel_shader=palette,
                width=columns,
                height=rows,
                tile_width=BOX_PX,
                tile_height=LINE_HEIGHT,
                x=display.width - columns * BOX_PX if turned else 0,
                y=display.height - rows * LINE_HEIGHT if turned else 0,
            )
            grid.flip_x = grid.flip_y = turned
            self.grids.append(grid)
        self.shown = bytearray(24)  # each grid's tiles' styles, upright first
        self.turned = False  # which grid shows the boxes (the other's are all hidden first)

    def step(self, boxes, turned):
        """Change one tile towards `boxes` (12 styles, or None for none) shown `turned`: first
        the other grid's tiles are hidden, then this one's are set. True when one changed."""
        shown = self.shown
        if self.turned != turned:
            old = 12 if self.turned else 0
            for k in range(old, old + 12):
                if shown[k]:
                    shown[k] = self.grids[k // 12][k - old] = 0
                    return True
            self.turned = turned
        at = 12 if turned else 0
        grid = self.grids[1 if turned else 0]
        for k in range(12):
            want = boxes[k] if boxes is not None else 0
            if shown[at + k] != want:
                shown[at + k] = grid[k] = want
                return True
        return False


class Screen:
    """Shows the app's `lines` on a 128x64 display; refresh only when something changed.

    Turned for North (rotation 180) by flipping the text's TileGrids and placing the marks
    across, a segment of a line a frame, not by the display's rotation: measured on the
    emulated MacroPad, `display.rotation = 180` redraws the whole display in one frame (126 ms).
    """

    def __init__(self, display, columns=3, font=None):
        self.display = display
        self.group = displayio.Group()
        self.font = font or Font()
        self.palette = palette = displayio.Palette(2)  # (the marks use it too)
        palette[0] = 0x000000
        palette[1] = 0xFFFFFF
        self.lines = []
        for row in range(LINES):
            line = TextLine(self.font, palette, 1, row * LINE_HEIGHT)
            for grid in line.grids:
                self.group.append(grid)
            self.lines.append(line)
        # Over the text: the pits' boxes (their background is transparent), then the marks.
        self.boxes = Boxes(display, columns)
        for grid in self.boxes.grids:
            self.group.append(grid)
        # The app's marks (kalaha.view.MARKS): a rectangle each, moved or hidden in place. Cheap:
        # measured on the emulated MacroPad, a refresh after moving one across the display or
        # showing or hiding it takes 0-1 ms.
        self.marks = []
        self.marks_shown = []  # type: list[int]
        self.marks_turned = False
        self.marks_want = [0, 0, 0, 0]  # one mark's rectangle as it is to be placed
        self.turned = False  # where the text and marks are going (they follow a segment a frame)
        self.text_turned = False  # every text segment has got there
        self.start = 0
        display.root_group = self.group

    def show_marks(self, marks):
        """Move, resize, show or hide the rectangles to match `marks` ((x, y, width, height) each,
        width 0 for hidden; `marks_shown` keeps what is shown). True when one changed."""
        shown = self.marks_shown
        if not self.marks:
            for _ in range(len(marks) // 4):
                mark = vectorio.Rectangle(pixel_shader=self.palette, width=1, height=1, color_index=1)
                mark.hidden = True
                self.group.append(mark)
                self.marks.append(mark)
                shown += (0, 0, 0, 0)
        changed = False
        want = self.marks_want
        for at in range(0, len(shown), 4):
            if shown[at + 2] == marks[at + 2] == 0:
                continue  # hidden, and staying hidden
            want[2] = marks[at + 2]
            want[3] = marks[at + 3]
            if self.marks_turned:
                # Turned: where the display turned 180 degrees would show the rectangle.
                want[0] = self.display.width - marks[at] - marks[at + 2]
                want[1] = self.display.height - marks[at + 1] - marks[at + 3]
            else:
                want[0] = marks[at]
                want[1] = marks[at + 1]
            same = True
            for k in range(4):  # (no slices: nothing allocated in a frame with no change)
                if shown[at + k] != want[k]:
                    same = False
            if same:
                continue
            mark = self.marks[at // 4]
            changed = True
            if want[2] == 0:
                mark.hidden = True
            elif shown[at + 2] and shown[at + 1] != want[1]:
                # A jump to another row (a seed sown from the bottom row to the top): hidden
                # this frame, made anew in its place the next (below, why).
                mark.hidden = True
                shown[at + 2] = 0
                continue
            elif shown[at + 2] == 0 and (mark.x != want[0] or mark.y != want[1]):
                # Hidden, and to appear somewhere else: a new rectangle there (about 100 bytes).
                # Moved, hidden or not, displayio redraws the box around its old place and its
                # new one with all the text in it: measured on the emulated MacroPad, 14-15 ms
                # for the board's first marks, 1 ms made anew.
                self.group.remove(mark)
                mark = vectorio.Rectangle(
                    pixel_shader=self.palette,
                    width=want[2],
                    height=want[3],
                    x=want[0],
                    y=want[1],
                    color_index=1,
                )
                self.group.append(mark)
                self.marks[at // 4] = mark
            else:
                mark.x = want[0]
                mark.y = want[1]
                mark.width = want[2]
                mark.height = want[3]
                mark.hidden = False
            for k in range(4):
                shown[at + k] = want[k]
        return changed

    def _wanted(self, lines, row, segment):
        """(text, first character) that physical segment `segment` of line `row` shows: its own
        part of the app's line, or, turned, the part across of the line across."""
        if self.lines[row].turned[segment]:
            return lines[LINES - 1 - row], (SEGMENTS - 1 - segment) * SEGMENT
        return lines[row], segment * SEGMENT

    def show(self, lines, rotation=0, marks=(), boxes=None, budget=REFRESH_BUDGET):
        """Turn a segment of text (or the marks) towards `rotation` (0, or TURNED: 180 degrees),
        or update the marks, or else the changed segments of lines within this frame's refresh
        `budget` (units as REFRESH_BUDGET), or else a pit's box (`boxes`: kalaha.view's 12 styles).

        True when the display needs a refresh. What is left over is shown in the next frames;
        the row to start from moves on each frame, so a line that changes every frame (a
        clock) cannot hold the others back. A frame given less than REFRESH_BUDGET (its start
        used some of its time) turns nothing and draws no box: those take more than the budget
        (a turned segment redraws whole), so they wait for a frame with all of it.
        """
        turned = rotation == TURNED
        self.turned = turned
        whole = budget >= REFRESH_BUDGET
        if not whole and (self.boxes.turned != turned or self.text_turned != turned):
            return False  # a turn's steps are bigger than a part of the budget
        if self.boxes.turned != turned and self.boxes.step(None, self.boxes.turned):
            return True  # turning: the boxes go first (a tile a frame), then the text turns
        if self.text_turned != turned:
            want = 1 if turned else 0
            for row in range(LINES):
                line = self.lines[row]
                for segment in range(SEGMENTS):
                    if line.turned[segment] != want:
                        # Turning: this segment now shows the part across of the row across,
                        # flipped (its own refresh: measured on the emulated MacroPad, a whole
                        # line turned in one frame took 14-22 ms of refresh).
                        line.turn(segment, turned)
                        text, first = self._wanted(lines, row, segment)
                        line.set(text, first, segment)
                        return True
            self.text_turned = turned
        if self.marks_turned != turned:
            self.marks_turned = turned
            if marks:
                self.show_marks(marks)
            return True
        if marks and self.show_marks(marks):
            # The marks get a refresh of their own: displayio refreshes one box around all
            # that changed, so a mark and a line of text far from it in one refresh cost a
            # third of the display (measured on the emulated MacroPad: 20 ms, against 1 ms
            # for the marks alone and 4 ms for the text). The text follows the next frame.
            return True
        changed = False
        start = self.start
        self.start = (start + 1) % LINES
        for k in range(LINES):
            row = (start + k) % LINES
            line = self.lines[row]
            source = lines[LINES - 1 - row] if turned else lines[row]
            if source == line.shown:
                continue  # the usual case: one string comparison, no character loop
            done = True
            for segment in range(SEGMENTS):
                text, first = self._wanted(lines, row, segment)
                cost = line.cost(text, first, segment)
                if cost == 0:
                    continue
                width = SEGMENT
                if cost > budget:
                    # More than this frame has left: the part that fits (at least a character
                    # in a frame's first change), the rest in the next frames.
                    done = False
                    width = budget // line.pages - SEGMENT_COST
                    if width < 1:
                        if changed:
                            continue
                        width = 1
                    cost = (width + SEGMENT_COST) * line.pages
                line.set(text, first, segment, width)
                budget -= cost
                changed = True
            line.shown = source if done else None
        # A pit's box only in a frame without text: a tile's refresh on top of the text's
        # budget made the first sowing's frame 18 ms of refresh (measured on the emulated
        # MacroPad). The text comes first; no line changes every frame, so the boxes follow.
        return changed or (whole and self.boxes.step(boxes, turned))
