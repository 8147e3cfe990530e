"""The screens that are not the board, drawn into the frame: menus, lists, the help, the result.

Imported while one of them is shown and let go when the board is (kalaha.app.App.go): in a
game the heap has their code back.
"""

from kalaha.board import DRAW
from kalaha.draw import FOOTER, R_BIG, centred, line, title_line
from kalaha.frame import COLUMNS, PAGES, WIDTH
from kalaha.view import OFF, PHASE_MS, SOW_COLOUR, THEIRS_COLOUR, YOURS_COLOUR, _scale

MENU_FOOTER = "turn: pick  push: ok"
HELP_FOOTER = "key: next  push: back"
SCORE_SCALE = 4  # the result's score: 3x5 digits at 4x (12x20)


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

# ----- the app's screens ------------------------------------------------------------


def draw_menu(app, title, items, footer=None):
    """A menu: the title, its (label, action) items around the cursor, the footer (a
    message, or what the controls do)."""
    labels = app._labels
    del labels[:]
    for label, _action in items:
        labels.append(label)
    menu(app.frame, title, labels, app.cursor, app.message or footer or MENU_FOOTER)
    menu_pixels(app)


def draw_list(app, title, rows, first, footer):
    """A title and six rows of text from `first` (no cursor: nothing to choose)."""
    text_page(app.frame, title, rows[first : first + 6], app.message or footer)
    menu_pixels(app)


def menu_pixels(app):
    # The keys work as menu keys: top row up, middle rows choose, bottom row down.
    bright = app.settings["brightness"]
    mine = _scale(YOURS_COLOUR, bright, 16)
    choose = _scale(SOW_COLOUR, bright, 24)
    for k in range(12):
        app.pixels[k] = mine if k in (1, 10) else (choose if k in (4, 7) else OFF)


def draw_help(app):
    # The help's text is imported while the help is shown, and let go when it closes
    # (Page.module, App.go).
    from kalaha.howto import PAGES, page

    title, rows, colours = page(app.cursor)
    rows = list(rows)
    if app.cursor == len(PAGES) - 1:
        t = app.endgame
        rows[4] = "Endgame table: %d" % t.max_seeds if t is not None else "No endgame table"
    text_page(app.frame, "%s %d/%d" % (title, app.cursor + 1, len(PAGES)), rows, HELP_FOOTER)
    # The colour pages light a key in each colour they explain, beside its line.
    bright = app.settings["brightness"]
    for k in range(12):
        app.pixels[k] = OFF
    for row in range(len(colours)):
        colour = colours[row]
        if colour:
            app.pixels[row * 3 + 2] = _scale(colour, bright, 4)


def draw_result(app, items):
    """The result screen and the winner's sweep on the keys."""
    labels = app._labels
    del labels[:]
    for label, _action in items:
        labels.append(label)
    result(app, app.frame, labels, app.cursor)
    # A band in the winner's colour (both, for a draw) runs across the keys.
    bright = app.settings["brightness"]
    band = (app.now // PHASE_MS) % 6
    r = app.end_result
    top = low = YOURS_COLOUR if r == app.board_viewer() else THEIRS_COLOUR
    if r == DRAW:
        top, low = THEIRS_COLOUR, YOURS_COLOUR
    for k in range(12):
        app.pixels[k] = OFF
    app.pixels[band] = _scale(top, bright, 6)
    app.pixels[11 - band] = _scale(low, bright, 6)

