"""Reading the frame back as text: the lines and big digits a player would read, and which pit
each key shows. Host-only (tests, the simulator, the memory check's driver).
"""

from kalaha.picture.draw import (
    _DOWN,
    _MARK_X,
    _UP,
    FIGURE_PITCH,
    FIGURES_X,
    PANEL_CHARS,
    PANEL_TEXT,
    PANEL_X,
    PIT_PITCH,
    STORE_SCALE,
    STORE_X,
    STORE_Y,
)
from kalaha.picture.frame import CHAR, COLUMNS, PAGES, PIT_H, PIT_W, TEXT_X, WIDTH, _digit_column
from kalaha.picture.glyphs import TEXT

_GLYPHS = {}
for _code in range(95):
    # (read without row 8: a rule under a title runs there, and descenders only add to it)
    _GLYPHS.setdefault(bytes(b & 0x7F for b in TEXT[_code * CHAR : _code * CHAR + 5]), chr(32 + _code))


def read_page(buf, page, x=TEXT_X, columns=COLUMNS):
    """The text on `page` at character cells from x (light on dark, or dark on light); a cell
    that is no glyph reads as a space. (Bit 7, a rule under the text, is not read.)"""
    out = []
    for k in range(columns):
        at = page * WIDTH + x + k * CHAR
        if at + 5 > (page + 1) * WIDTH:
            break
        cell = bytes(b & 0x7F for b in buf[at : at + 5])
        ch = _GLYPHS.get(cell)
        if ch is None:
            ch = _GLYPHS.get(bytes(~b & 0x7F for b in cell), " ")
        out.append(ch)
    return "".join(out).rstrip()


def read_lines(buf, x=TEXT_X):
    """Every page's text, top to bottom; a line drawn inverted (a menu's chosen row) reads
    with "> " before it, and a scroll mark (kalaha.picture.draw.list_line) as "^" or "v" after its
    20th character."""
    out = []
    for page in range(PAGES):
        text = read_page(buf, page, x)
        mark = scroll_mark(buf, page)
        if mark:
            text = "%-20s%s" % (text, mark)
        if inverted(buf, page, 0, WIDTH):
            text = "> " + text.lstrip()
        out.append(text)
    return out


def scroll_mark(buf, page):
    """ "^" or "v" when the page ends in a scroll mark's arrow, else ""."""
    cols = bytes(b & 0x7F for b in buf[page * WIDTH + _MARK_X : page * WIDTH + _MARK_X + 5])
    dark = bytes(~b & 0x7F for b in cols)
    for arrow, mark in ((_UP, "^"), (_DOWN, "v")):
        if cols == bytes(arrow) or dark == bytes(arrow):
            return mark
    return ""


def inverted(buf, page, x, width):
    """True when the columns x .. x + width - 1 of `page` are mostly lit (an inverted bar)."""
    lit = sum(1 for i in range(x, x + width) if buf[page * WIDTH + i] & 0x81 == 0x81)
    return lit * 2 > width


def pixel(buf, x, y):
    return (buf[(y >> 3) * WIDTH + x] >> (y & 7)) & 1


def read_number(buf, x, y, scale, width, dark=False):
    """The big digits (frame.Frame.number) standing in `width` pixels from x at row y, or None;
    `dark`: drawn dark on light."""
    shapes = {}
    for d in range(10):
        cols = []
        for c in range(3):
            bits = _digit_column(d, c, scale)
            cols.extend([bits] * scale)
        shapes[tuple(cols)] = d
    height = 5 * scale
    columns = []
    for i in range(x, min(x + width, WIDTH)):
        col = 0
        for r in range(height):
            col |= pixel(buf, i, y + r) << r
        columns.append(col ^ ((1 << height) - 1) if dark else col)
    text = ""
    i = 0
    while i < len(columns):
        if columns[i] == 0:
            i += 1
            continue
        digit = shapes.get(tuple(columns[i : i + 3 * scale]))
        if digit is None:
            return None
        text += str(digit)
        i += 3 * scale
    return int(text) if text else None


def read_figures_line(buf, page):
    """A line drawn by kalaha.picture.draw.figures_line: [the name, then its numbers]."""
    dark = inverted(buf, page, 0, WIDTH)
    out = [read_page(buf, page, columns=6).split(" ")[0]]
    x = FIGURES_X
    while x < WIDTH:
        n = read_number(buf, x, page * 8 + 1, 1, min(FIGURE_PITCH - 1, WIDTH - x), dark)
        if n is None:
            break
        out.append(n)
        x += FIGURE_PITCH
    return out


def app_lines(app):
    """What an app's display shows now, as text lines (read_lines of its frame)."""
    return read_lines(app.frame.buf)


def read_pit(buf, key, columns=3):
    """The count in view key `key`'s pit box on the board (rows of three), or None (no pit)."""
    x = (key % columns) * PIT_PITCH
    y = (key // columns) * PIT_H
    dark = pixel(buf, x + 2, y + 8) == 1  # the chosen pit is drawn inverted
    return read_number(buf, x + 2, y + 3, 2, PIT_W - 4, dark)


def read_board(buf):
    """(12 pit counts by view key, None where no pit; the top store; the bottom store)."""
    pits = [read_pit(buf, key) for key in range(12)]
    return (
        pits,
        read_number(buf, STORE_X, STORE_Y[0], STORE_SCALE, 30),
        read_number(buf, STORE_X, STORE_Y[1], STORE_SCALE, 30),
    )


def board_words(buf):
    """The board's two lines of words (beside the stores), as one text."""
    first = read_page(buf, 3, PANEL_TEXT, PANEL_CHARS)
    second = read_page(buf, 4, PANEL_TEXT, PANEL_CHARS)
    return (first + " " + second) if second else first


def board_label(buf, half):
    """(name, marked as the mover) of the board's top (0: the opponent's) or bottom (1) label."""
    page = 0 if half == 0 else 7
    return read_page(buf, page, PANEL_TEXT, PANEL_CHARS), inverted(buf, page, PANEL_X, WIDTH - PANEL_X)


def app_words(app):
    return board_words(app.frame.buf)


def cells_readable(buf, page, x=TEXT_X, columns=COLUMNS):
    """True when every character cell of `page` from x is blank or a glyph (light on dark or
    dark on light): no piece of a picture that is not text (but a scroll mark at its end)."""
    if scroll_mark(buf, page):
        columns = min(columns, COLUMNS - 1)
    for k in range(columns):
        at = page * WIDTH + x + k * CHAR
        if at + 5 > (page + 1) * WIDTH:
            break
        cell = bytes(b & 0x7F for b in buf[at : at + 5])
        if cell != bytes(5) and cell not in _GLYPHS and bytes(~b & 0x7F for b in cell) not in _GLYPHS:
            return False
    return True


def screen_kind(buf):
    """What the frame shows, read as a player would: "board", "result" or "text", or None when
    it is not one whole screen (a board with text over a pit, a menu with a piece of a box)."""
    pits = [read_pit(buf, key) for key in range(12)]
    blank_pits = [key for key in range(12) if pits[key] is None and not _pit_area_blank(buf, key)]
    _p, top, bottom = read_board(buf)
    if not blank_pits and top is not None and bottom is not None and any(p is not None for p in pits):
        words = all(cells_readable(buf, page, PANEL_TEXT, PANEL_CHARS) for page in (0, 3, 4, 7))
        if words and cells_readable(buf, 1, PANEL_TEXT, 6):  # (the level, beside the store)
            return "board"
        return None
    if all(cells_readable(buf, page) for page in range(PAGES)):
        return "text"
    seven = read_seven(buf)
    if None not in seven[0] and seven[1] is not None and seven[2] is not None:
        if all(cells_readable(buf, page) for page in (0, 5, 6, 7)):
            return "board"
    if all(cells_readable(buf, page) for page in (0, 4, 5, 6, 7)):
        if read_number(buf, 14, 10, 4, 44) is not None and read_number(buf, 76, 10, 4, 44) is not None:
            return "result"
    return None


def read_seven_pit(buf, place):
    """The count in a seven-pit board's box at view place `place` (0..6 the top row from the
    left, 7..13 the bottom row: kalaha.flow.seven), and whether it is the chosen (inverted) one."""
    from kalaha.flow.seven import BOX_PITCH, BOX_W, BOX_X, PITS, ROWS_PAGE

    x = BOX_X + (place % PITS) * BOX_PITCH
    y = (ROWS_PAGE + (place // PITS) * 2) * 8
    dark = pixel(buf, x + 3, y + 2) == 1  # (inside the box above its digits: lit only inverted)
    return read_number(buf, x + 2, y + 3, 2, BOX_W - 4, dark), dark


def read_seven(buf):
    """A seven-pit board (kalaha.flow.seven) read back: (14 counts by view place, None where none
    reads; the top store and the bottom store, each None when its line is no store's; the
    place of the inverted box, -1 for none; the stores' marks: where the last seed fell)."""
    counts = []
    chosen = -1
    for place in range(14):
        count, dark = read_seven_pit(buf, place)
        counts.append(count)
        if dark and count is not None:
            chosen = place
    stores = []
    marks = []
    for page in (0, 5):
        words = read_page(buf, page).split()
        marked = words[-1:] == ["*"]
        if marked:
            words.pop()
        ok = len(words) >= 3 and words[-2] == "store" and words[-1].isdigit()
        stores.append(int(words[-1]) if ok else None)
        marks.append(marked)
    return counts, stores[0], stores[1], chosen, marks


def _pit_area_blank(buf, key, columns=3):
    x = (key % columns) * PIT_PITCH
    page = (key // columns) * 2
    return not any(buf[p * WIDTH + x + i] for p in (page, page + 1) for i in range(PIT_W))
