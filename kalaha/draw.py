"""The display's screens drawn into the frame (kalaha.frame) from the app's state.

Each function is a pure drawing of what the app holds: it decides nothing and keeps nothing but
the frame's memo of what each region shows. The board, menus and lists, help, the result.
"""

from kalaha.compat import const
from kalaha.frame import BOX_BOLD, BOX_CHOSEN, BOX_PLAYED, COLUMNS, PAGES, PIT_H, WIDTH

# Regions of the frame (Frame.changed): the pits, stores, labels and each text line.
R_PIT = const(0)  # .. 11
R_STORE = const(12)  # top, bottom
R_LABEL = const(14)  # top, bottom
R_INFO = const(16)  # top, bottom
R_LINE = const(20)  # .. 27: a page of text each
R_BIG = const(28)  # the result's score

PANEL_X = const(78)  # the stores' column, right of the pits (rows of three)
PANEL_TEXT = const(79)
PANEL_W = const(50)
STORE_X = const(92)  # the stores' two digits start here
STORE_Y = (9, 41)  # the opponent's store (top) and yours
PIT_PITCH = const(26)  # pit boxes across (rows of three); rows of six use NARROW
NARROW = const(21)
STORE_SCALE = const(3)  # the stores: 3x5 digits at 3x (9x15)
SCORE_SCALE = const(4)  # the result's score at 4x (12x20)
FOOTER = const(7)  # the bottom line: messages and what the controls do


def centred(text, width=COLUMNS):
    pad = (width - len(text)) // 2
    return " " * pad + text if pad > 0 else text


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
    """The pits in the keys' layout (counts in 2x digits, boxes), the stores in 3x digits, whose
    turn (the mover's name inverted), and the bottom line (kalaha.view.View.footer)."""
    b = app.shown_board()
    c = app.shown_cells()
    viewer = app.board_viewer()
    cols = app.columns
    cells = app.cells_of_keys(b, viewer)
    styles = app.pit_styles
    at = viewer * 12
    pitch = PIT_PITCH if cols == 3 else NARROW
    for key in range(12):
        cell = cells[at + key]
        count = c[cell] if cell >= 0 else -1
        style = styles[key]
        if frame.changed(R_PIT + key, count * 16 + style):
            x = (key % cols) * pitch
            y = (key // cols) * PIT_H
            frame.pit(x, y, count, style, pitch - 1)
    sown = app.sown_cell()
    opp = 1 - viewer
    mover = b.to_move
    over = mover is None
    for half in range(2):
        side = opp if half == 0 else viewer
        cell = b.store_index(side)
        label = app.side_label(side, viewer)
        lit = side == mover and app.screen.shows_turn
        if cols == 3:
            store_y = STORE_Y[half]
            label_page = 0 if half == 0 else 4
            if frame.changed(R_LABEL + half, label + ("\x01" if lit else "")):
                frame.text(PANEL_X, label_page, "", False, PANEL_W)
                frame.text(PANEL_TEXT, label_page, label, lit, PANEL_W - 1)
                if lit:
                    frame.invert(PANEL_X, label_page, 1)
            count = c[cell]
            mark = cell == sown
            if frame.changed(R_STORE + half, count * 2 + (1 if mark else 0)):
                frame.erase(PANEL_X, store_y >> 3, PANEL_W, 2)
                frame.number(STORE_X, store_y, count, STORE_SCALE, 2)
                if mark:
                    # the last seed fell in this store: a bar beside its count
                    frame.vline(PANEL_X + 4, store_y, 15)
                    frame.vline(PANEL_X + 5, store_y, 15)
            if half == 0:
                info = app.panel_info()
                if frame.changed(R_INFO, info):
                    frame.text(PANEL_TEXT, 3, info, False, PANEL_W - 1)
        else:
            # Rows of six: the pits fill the width; the stores stand at the right of their row,
            # and the labels get lines of their own below.
            x = 6 * NARROW + 1
            y = half * PIT_H + 2
            mark = cell == sown
            if frame.changed(R_STORE + half, c[cell] * 2 + (1 if mark else 0)):
                frame.erase(x, y >> 3, WIDTH - x, 2)
                frame.number(x, y, c[cell], 2, 2)
                if mark:
                    frame.hline(x, y + 11, WIDTH - x)
            text = label + ("  to move" if lit and not over else "")
            page = 4 + half
            line(frame, page, text, lit)
    if cols != 3:
        line(frame, 6, app.panel_info())
    line(frame, FOOTER, app.footer())


def pit_style(chosen, landed, played):
    return (BOX_CHOSEN if chosen else 0) | (BOX_BOLD if landed else 0) | (BOX_PLAYED if played else 0)


# ----- menus, lists, help ----------------------------------------------------------------


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
