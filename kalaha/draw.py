"""The display's screens drawn into the frame (kalaha.frame) from the app's state.

Each function is a pure drawing of what the app holds: it decides nothing and keeps nothing but
the frame's memo of what each region shows. The board, menus and lists, help, the result.
"""

from kalaha.compat import const
from kalaha.frame import BOX_BOLD, BOX_CHOSEN, BOX_PLAYED, COLUMNS, PAGES, WIDTH

# Regions of the frame (Frame.changed): the pits, stores, labels and each text line.
R_PIT = const(0)  # .. 11
R_STORE = const(12)  # top, bottom
R_LABEL = const(14)  # top, bottom
R_INFO = const(16)
R_SAY = const(17)  # the board's two lines of words
R_LINE = const(20)  # .. 27: a page of text each
R_BIG = const(28)  # the result's score (kalaha.frame.Frame has 29 regions)

PIT_PITCH = const(21)  # pit boxes across: PIT_W and a blank column
PANEL_X = const(64)  # rows of three: the stores' panel, right of the pits
PANEL_TEXT = const(67)  # ... its text (on the 6-pixel grid of the full lines)
PANEL_CHARS = const(10)
STORE_X = const(107)  # the stores' two 3x digits, right-aligned (to column 127)
_STORE_LEFT = const(103)  # ... the store's region from here (the landed mark first)
STORE_Y = (9, 41)  # the opponent's store (top) and yours
STORE_SCALE = const(3)  # 3x5 digits at 3x: 9x15
SCORE_SCALE = const(4)  # the result's score at 4x (12x20)
FOOTER = const(7)  # menus' bottom line: messages and what the controls do


def centred(text, width=COLUMNS):
    pad = (width - len(text)) // 2
    return " " * pad + text if pad > 0 else text


def split(text, width):
    """`text` as two lines of at most `width` characters, broken at a space; (text, "") when
    it fits one. A text that does not fit two is cut (the tests keep every text within)."""
    if len(text) <= width:
        return text, ""
    cut = text.rfind(" ", 0, width + 1)
    if cut < 0:
        cut = width
    return text[:cut], text[cut + 1 : cut + 1 + width]


def line(frame, page, text, inverted=False):
    """A whole line of text, redrawn only when it changed."""
    key = text if not inverted else "\x01" + text
    if frame.changed(R_LINE + page, key):
        frame.line(page, text, inverted)


def title_line(frame, text):
    if frame.changed(R_LINE, "\x02" + text):
        frame.title(text[:COLUMNS])


# ----- the board -------------------------------------------------------------------------


def board(app, frame):
    """The pits in the keys' layout (counts in 2x digits, boxes), the stores in 3x digits, the
    players' names with the mover's inverted, and what just happened or what to do, in words."""
    b = app.shown_board()
    c = app.shown_cells()
    viewer = app.board_viewer()
    cols = app.columns
    cells = app.cells_of_keys(b, viewer)
    styles = app.pit_styles
    at = viewer * 12
    for key in range(12):
        cell = cells[at + key]
        count = c[cell] if cell >= 0 else -1
        style = styles[key]
        if frame.changed(R_PIT + key, (count + 1) * 8 + style):
            frame.pit((key % cols) * PIT_PITCH, (key // cols) * 2, count, style)
    sown = app.sown_cell()
    mover = b.to_move
    narrow = cols != 3
    for half in range(2):
        side = 1 - viewer if half == 0 else viewer
        cell = b.store_index(side)
        count = c[cell]
        mark = cell == sown
        label = app.side_label(side, viewer)
        lit = side == mover and app.screen.shows_turn
        if narrow:
            # Rows of six fill the width: each store's line below the pits, its name and count.
            line(frame, 4 + half, "%-12s store %2d%s" % (label, count, " *" if mark else ""), lit)
            continue
        page = 0 if half == 0 else 7
        if frame.changed(R_LABEL + half, label + ("\x01" if lit else "")):
            frame.text(PANEL_X, page, "", lit, PANEL_TEXT - PANEL_X)
            frame.text(PANEL_TEXT, page, label, lit, WIDTH - PANEL_TEXT)
        y = STORE_Y[half]
        if frame.changed(R_STORE + half, count * 2 + (1 if mark else 0)):
            frame.erase(_STORE_LEFT, y >> 3, WIDTH - _STORE_LEFT, 2)
            frame.number(STORE_X, y, count, STORE_SCALE, 2)
            if mark:
                # the last seed fell in this store: a bar beside its count
                frame.vline(_STORE_LEFT, y, 15)
                frame.vline(_STORE_LEFT + 1, y, 15)
    info = app.panel_info()
    if narrow:
        first, second = split(app.footer(), COLUMNS)
        line(frame, 6, first)
        line(frame, 7, second)
        return
    if frame.changed(R_INFO, info):
        frame.text(PANEL_TEXT, 1, info, False, _STORE_LEFT - PANEL_TEXT)
    words = app.footer()
    if frame.changed(R_SAY, words):
        first, second = split(words, PANEL_CHARS)
        frame.text(PANEL_X, 3, "", False, PANEL_TEXT - PANEL_X)
        frame.text(PANEL_TEXT, 3, first, False, WIDTH - PANEL_TEXT)
        frame.text(PANEL_X, 4, "", False, PANEL_TEXT - PANEL_X)
        frame.text(PANEL_TEXT, 4, second, False, WIDTH - PANEL_TEXT)


def pit_style(chosen, landed, played):
    return (BOX_CHOSEN if chosen else 0) | (BOX_BOLD if landed else 0) | (BOX_PLAYED if played else 0)


# ----- menus, lists, pages of text ------------------------------------------------------------


MENU_FOOTER = "turn: pick  push: ok"


def menu(frame, title, labels, cursor, footer, selectable=True):
    """A title, six rows of `labels` around the `cursor` (its row an inverted bar), scroll
    marks where more rows are above or below, and the footer."""
    rows = PAGES - 2
    first = max(0, min(cursor - rows // 2, len(labels) - rows))
    title_line(frame, title)
    for row in range(rows):
        i = first + row
        if i >= len(labels):
            line(frame, row + 1, "")
            continue
        text = labels[i][: COLUMNS - 2]
        mark = ""
        if row == 0 and first > 0:
            mark = "^"
        elif row == rows - 1 and i < len(labels) - 1:
            mark = "v"
        if mark:
            text = "%-*s%s" % (COLUMNS - 1, text, mark)
        line(frame, row + 1, text, selectable and i == cursor)
    line(frame, FOOTER, footer)




def text_page(frame, title, rows, footer):
    """A title, up to six lines of text, and the footer."""
    title_line(frame, title)
    for row in range(PAGES - 2):
        line(frame, row + 1, rows[row] if row < len(rows) else "")
    line(frame, FOOTER, footer)


# ----- the result ------------------------------------------------------------------------


def result(app, frame, labels, cursor):
    """Who won in words, the final score in 4x digits with whose it is, how it ended or the
    coach's line, and the two choices."""
    b = app.board
    viewer = app.board_viewer()
    opp = 1 - viewer
    line(frame, 0, centred(app.result_text))
    mine = b.cells[b.store_index(viewer)]
    theirs = b.cells[b.store_index(opp)]
    if frame.changed(R_BIG, mine * 100 + theirs + 1):
        frame.erase(0, 1, WIDTH, 3)
        # "mine - theirs", centred: two 2-digit numbers of 4x digits and a dash
        frame.number(14, 10, mine, SCORE_SCALE, 2)
        frame.hline(58, 19, 12)
        frame.hline(58, 20, 12)
        frame.number(76, 10, theirs, SCORE_SCALE, 2)
    names = "%-10s%11s" % (app.side_label(viewer, viewer), app.side_label(opp, viewer))
    line(frame, 4, names)
    line(frame, 5, app.result_note())
    for row in range(2):
        line(frame, 6 + row, ("  " + labels[row]) if row < len(labels) else "", row == cursor)


def asleep(frame):
    for page in range(PAGES):
        line(frame, page, "")
