"""The display's screens drawn into the frame (kalaha.picture.frame): the board, menus and lists, pages
of text, the result. Each function draws what it is given; it keeps nothing but the frame's memo.
"""

from kalaha.compat import const
from kalaha.picture.frame import BOX_BOLD, BOX_CHOSEN, BOX_PLAYED, COLUMNS, PAGES, WIDTH

# Regions of the frame (Frame.changed): the pits, stores, labels and each text line.
R_PIT = const(0)  # .. 11
R_STORE = const(12)  # top, bottom
R_LABEL = const(14)  # top, bottom
R_INFO = const(16)
R_SAY = const(17)  # the board's two lines of words
R_LINE = const(20)  # .. 27: a page of text each
R_BIG = const(28)  # the result's score (kalaha.picture.frame.Frame has 29 regions)

PIT_PITCH = const(21)  # pit boxes across: PIT_W and a blank column
PANEL_X = const(64)  # rows of three: the stores' panel, right of the pits
PANEL_TEXT = const(67)  # ... its text (on the 6-pixel grid of the full lines)
PANEL_CHARS = const(10)
STORE_TEXT = "%-10s store %2d"  # a store's line (rows of six, seven pits), 21 characters with " *"
STORE_X = const(107)  # the stores' two 3x digits, right-aligned (to column 127)
_STORE_LEFT = const(103)  # ... the store's region from here (the landed mark first)
STORE_Y = (9, 41)  # the opponent's store (top) and yours
STORE_SCALE = const(3)  # 3x5 digits at 3x: 9x15
SCORE_SCALE = const(4)  # the result's score at 4x (12x20)
FIGURES_X = const(40)  # figures_line: the numbers after a name of up to six characters ...
FIGURE_PITCH = const(11)  # ... two 3x5 digits and a gap each (seven of them end at 117)
FOOTER = const(7)  # menus' bottom line: messages and what the controls do


def centred(text, width=COLUMNS):
    pad = (width - len(text)) // 2
    return " " * pad + text if pad > 0 else text


def lines_of(text, width):
    """`text` as two lines of at most `width` characters; (text, "") when it fits one. Broken
    after a sentence when the rest fits the second line ("Orange takes 3." / "Pass to Blue"),
    else at the last space that fits, or after a colon if that evens the lines ("12/40:" /
    "You 3"). A text that does not fit two is cut (the tests keep every text within)."""
    n = len(text)
    if n <= width:
        return text, ""
    cut = text.rfind(". ", 0, width)
    if cut < 0 or n - cut - 2 > width:
        cut = text.rfind(" ", 0, width + 1)
        colon = text.rfind(": ", 0, width)
        if colon >= 0 and n - colon - 2 <= width:
            if max(colon + 1, n - colon - 2) <= max(cut, n - cut - 1):
                cut = colon
    if cut < 0:
        return text[:width], text[width : 2 * width]
    if text[cut] != " ":
        cut += 1  # (after the full stop or colon)
    return text[:cut], text[cut + 1 : cut + 1 + width]


split = lines_of  # what the screens draw with (the tests watch it: tests/fits.py)


def fits(text, width):
    """True when `text` shows whole in two lines of `width`."""
    first, second = lines_of(text, width)
    return (first + " " + second if second else first) == text


def line(frame, page, text, inverted=False):
    """A whole line of text, redrawn only when it changed."""
    if frame.changed(R_LINE + page, text, 1 if inverted else 0):
        frame.line(page, text, inverted)


def figures_line(frame, page, text, inverted=False):
    """A line of a name and more numbers than the 5x7 font fits ("Orange 4 4 4 4 4 4 12"):
    the name in it, each number in 3x5 digits right-aligned in a FIGURE_PITCH column from
    FIGURES_X. Redrawn only when it changed: True then."""
    if not frame.changed(R_LINE + page, text, 1 if inverted else 0):
        return False
    words = text.split()
    frame.line(page, words[0], inverted)
    x = FIGURES_X
    for word in words[1:]:
        frame.number(x, page * 8 + 1, int(word), 1, 2, inverted)
        x += FIGURE_PITCH
    return True


def title_line(frame, text):
    if frame.changed(R_LINE, text, 2):
        frame.title(text)  # (whole: a longer title is cut by the frame, and the tests see it)


def panel_text(frame, page, text, inverted=False, width=WIDTH):
    """Text in the stores' panel on `page`, its margin and the rest up to `width` blank."""
    frame.text(PANEL_X, page, "", inverted, PANEL_TEXT - PANEL_X)
    frame.text(PANEL_TEXT, page, text, inverted, width - PANEL_TEXT)


# ----- the board -------------------------------------------------------------------------


def board(frame, cols, b, c, viewer, key_cells, styles, labels, lit, info, sown, words):
    """The pits in the keys' layout (counts in 2x digits, boxes of `styles`), the stores in 3x
    digits (a bar beside the one where the last seed fell: cell `sown`), the players' `labels`
    (the opponent's, then yours) with half `lit` (0, 1; -1 none) inverted, `info` beside the
    opponent's store, and `words`: what just happened or what to do.

    `b` the board shown with cells `c`, seen by `viewer`; `key_cells[viewer * 12 + key]` the
    cell under each key (-1: none); `cols` keys a row (3 on the MacroPad, or 6)."""
    at = viewer * 12
    for key in range(12):
        cell = key_cells[at + key]
        count = c[cell] if cell >= 0 else -1
        style = styles[key]
        if frame.changed(R_PIT + key, (count + 1) * 8 + style):
            frame.pit((key % cols) * PIT_PITCH, (key // cols) * 2, count, style)
    narrow = cols != 3
    for half in range(2):
        side = 1 - viewer if half == 0 else viewer
        cell = b.store_index(side)
        count = c[cell]
        mark = cell == sown
        label = labels[half]
        inverted = half == lit
        if narrow:
            # Rows of six fill the width: each store's line below the pits, its name and count.
            line(frame, 4 + half, STORE_TEXT % (label, count) + (" *" if mark else ""), inverted)
            continue
        page = 0 if half == 0 else 7
        if frame.changed(R_LABEL + half, label, 1 if inverted else 0):
            panel_text(frame, page, label, inverted)
        y = STORE_Y[half]
        if frame.changed(R_STORE + half, count * 2 + (1 if mark else 0)):
            frame.erase(_STORE_LEFT, y >> 3, WIDTH - _STORE_LEFT, 2)
            frame.number(STORE_X, y, count, STORE_SCALE, 2)
            if mark:
                # the last seed fell in this store: a bar beside its count
                frame.vline(_STORE_LEFT, y, 15)
                frame.vline(_STORE_LEFT + 1, y, 15)
    if narrow:
        first, second = split(words, COLUMNS)
        line(frame, 6, first)
        line(frame, 7, second)
        return
    if frame.changed(R_INFO, info):
        panel_text(frame, 1, info, False, _STORE_LEFT)
    if frame.changed(R_SAY, words):
        first, second = split(words, PANEL_CHARS)
        panel_text(frame, 3, first)
        panel_text(frame, 4, second)


def pit_style(chosen, landed, played):
    return (BOX_CHOSEN if chosen else 0) | (BOX_BOLD if landed else 0) | (BOX_PLAYED if played else 0)


# ----- menus, lists, pages of text ------------------------------------------------------------


MENU_FOOTER = "turn: pick  push: ok"
LIST_CHARS = const(20)  # a menu's or list's row: the last column is kept for the scroll marks
_MARK_X = const(123)  # a scroll mark: a small arrow in the last pixels, clear of any row's text
_UP = (0x10, 0x18, 0x1C, 0x18, 0x10)
_DOWN = (0x04, 0x0C, 0x1C, 0x0C, 0x04)


def list_line(frame, page, text, inverted, mark):
    """A menu's or list's row (at most LIST_CHARS characters), with a scroll mark (1: more
    rows above, 2: below) drawn apart from its text."""
    if frame.changed(R_LINE + page, text, (1 if inverted else 0) + 2 * mark):
        # (the chosen row a space in: its first letter's stroke kept off the lit margin)
        frame.line(page, " " + text if inverted and len(text) < LIST_CHARS else text, inverted)
        if mark:
            arrow = _UP if mark == 1 else _DOWN
            for i in range(5):
                frame.column(_MARK_X + i, page * 8, arrow[i], inverted)


def menu(frame, title, labels, cursor, footer, first=-1):
    """A title, the rows of `labels` from `first` (-1: around the `cursor`), the cursor's row
    an inverted bar (cursor -1: a list, nothing to choose), scroll marks where more rows are
    above or below, and the footer."""
    rows = PAGES - 2
    if first < 0:
        first = max(0, min(cursor - rows // 2, len(labels) - rows))
    title_line(frame, title)
    for row in range(rows):
        i = first + row
        if i >= len(labels):
            line(frame, row + 1, "")
            continue
        mark = 0
        if row == 0 and first > 0:
            mark = 1
        elif row == rows - 1 and i < len(labels) - 1:
            mark = 2
        list_line(frame, row + 1, labels[i], i == cursor, mark)
    line(frame, FOOTER, footer)


# ----- the result ------------------------------------------------------------------------


def result(frame, title, mine, theirs, names, coach, labels, cursor):
    """Who won and how it ended (`title`), the final score in 4x digits (yours first) with whose
    it is (`names`), the `coach`'s line, and the choices' `labels`."""
    line(frame, 0, centred(title))
    if frame.changed(R_BIG, mine * 100 + theirs + 1):
        frame.erase(0, 1, WIDTH, 3)
        # "mine - theirs", centred: two 2-digit numbers of 4x digits and a dash
        frame.number(14, 10, mine, SCORE_SCALE, 2)
        frame.hline(58, 19, 12)
        frame.hline(58, 20, 12)
        frame.number(76, 10, theirs, SCORE_SCALE, 2)
    line(frame, 4, names)
    line(frame, 5, coach)
    for row in range(2):
        text = labels[row] if row < len(labels) else ""
        # (a scroll mark under the second row when a third choice waits below it)
        list_line(frame, 6 + row, " " + text, row == cursor, 2 if row == 1 and len(labels) > 2 else 0)


def asleep(frame):
    for page in range(PAGES):
        line(frame, page, "")
