"""A board of seven pits a side: 14 pits do not fit 12 keys, so every pit is a box on the display,
the knob's cursor picks yours, and the bottom row of keys is the knob's: step left, sow, step right.

Imported only with a seven-pit board on screen (kalaha.picture.view, kalaha.flow.screens): six-pit games do
not pay for it in heap.
"""

from kalaha.compat import const
from kalaha.picture.draw import STORE_TEXT, line, pit_style, split
from kalaha.picture.frame import COLUMNS
from kalaha.picture.view import (
    BLINK_MS,
    GOOD_COLOUR,
    ILLEGAL_COLOUR,
    OFF,
    PHASE_MS,
    SIDE_TITLES,
    THINKING_COLOUR,
    YOURS_COLOUR,
    key_of_cell,
    pit_of_view_key,
    scale,
)

PITS = const(7)
# The display: the opponent's store line (page 0), its pits 7..1 from the left (pages 1-2),
# your pits 1..7 (pages 3-4), your store line (page 5), the words (pages 6-7). A pit's opposite
# is the box straight above or below it. Each box is a frame region of its own: its view place.
BOX_W = const(17)
BOX_PITCH = const(18)  # seven boxes and a blank column each fill the width
BOX_X = const(1)
ROWS_PAGE = const(1)
KEYS_WORDS = "bottom keys: < sow >"  # (a key with nothing to do says what the keys are)


def draw_board(view, app, b, c, viewer):
    """The board of seven pits: every pit and store on the display (the cursor's box inverted,
    where the last seed fell bold, where the last turn began a bar), the bottom keys lit."""
    g = app.game
    replay = app.screen.replays
    frame = app.frame
    now = app.now
    blink = (now // BLINK_MS) % 2 == 0
    previewed = view.previewed(app)
    chosen = previewed[0] if previewed is not None else -1
    sown = view.sown_cell(app, previewed)
    landed = key_of_cell(b, sown, viewer) if sown >= 0 else -1
    played = -1
    hint = -1
    if not replay and app.sowing.path is None:
        if g.last_from >= 0:
            played = key_of_cell(b, g.last_from, viewer)
        if app.hint_key >= 0 and app.hint_version == g.version and blink:
            hint = app.hint_key  # (the hint's pit blinks as if chosen)
    for place in range(2 * PITS):
        side, pit = pit_of_view_key(place, viewer, PITS)
        count = c[b.pit_index(side, pit)]
        style = pit_style(place == chosen or place == hint, place == landed, place == played)
        if frame.changed(place, (count + 1) * 8 + style):
            frame.pit(
                BOX_X + (place % PITS) * BOX_PITCH, ROWS_PAGE + (place // PITS) * 2, count, style, BOX_W
            )
    mover = b.to_move
    if not replay and app.sowing.path is not None:
        mover = app.sowing.side
    for half in range(2):
        side = 1 - viewer if half == 0 else viewer
        cell = b.store_index(side)
        text = STORE_TEXT % (view.side_label(app, side), c[cell])
        lit = app.screen.shows_turn and mover == side
        line(frame, 0 if half == 0 else 5, text + " *" if cell == sown else text, lit)
    if replay:
        words = app.message or app.screen.footer_for(app)
    else:
        words = view.footer(app, previewed)
        if words.endswith(": pick a pit"):
            words = words[:-10] + "turn the knob"
    first, second = split(words, COLUMNS)
    line(frame, 6, first)
    line(frame, 7, second)
    light(app, previewed)


def light(app, previewed):
    """The keys: on your turn the bottom row's outer keys (they step the cursor) dim blue and
    the keys between (they sow) the cursor's colour: blue, green for a good move (blinking: a
    capture, or the hint); the computer's light runs along the top; a key not allowed blinks red."""
    px = app.pixels
    bright = app.settings["brightness"]
    now = app.now
    blink = (now // BLINK_MS) % 2 == 0
    g = app.game
    for k in range(12):
        px[k] = OFF
    first = 12 - app.view.columns
    if may_sow(app):
        colour = scale(YOURS_COLOUR, bright, 16)
        if previewed is not None:
            good = previewed[3] or (previewed[4] and blink)
            if app.hint_key == previewed[0] and app.hint_version == g.version:
                good = blink
            colour = scale(GOOD_COLOUR if good else YOURS_COLOUR, bright, 4)
        for k in range(first, 12):
            px[k] = colour
        px[first] = px[11] = scale(YOURS_COLOUR, bright, 16)
    if app.thinker.thinking:
        px[(now // PHASE_MS) % 6] = scale(THINKING_COLOUR, bright, 4)
    key = app.refused.keys[0]
    if 0 <= key < 12:
        px[key] = scale(ILLEGAL_COLOUR, bright, 4) if blink else OFF


def may_sow(app):
    """True when the player on the board may pick and sow now (the keys are lit)."""
    g = app.game
    return (
        app.screen.shows_board
        and not app.screen.replays
        and g.human_to_move()
        and app.sowing.path is None
        and not g.handover_at
        and not app.thinker.thinking
    )


def key(app, key):
    """A key let go on the seven-pit board: the bottom row's outer keys step the knob's cursor,
    a key between sows the cursor's pit (with no cursor up, it shows it first); the other keys
    have no pit and say what the keys are."""
    first = 12 - app.view.columns
    if key < first:
        app.illegal(key, KEYS_WORDS)
    elif key == first or key == 11:
        app.move_pit_cursor(-1 if key == first else 1)
    elif app.pit_cursor >= 0:
        app.game_click()
    else:
        app.move_pit_cursor(1)


# ----- the mode's hooks (kalaha.flow.game.Game.mode, as kalaha.flow.sides has them) ---------------------

modules = ("flow.seven",)  # (kept on every screen while such a game is on: kalaha.flow.screens.RESIDENT)
names = SIDE_TITLES
two_sides = True
pit_keys = False  # (the bottom keys step a cursor: kalaha.flow.seven's own board)


def turn(app, delta):
    app.move_pit_cursor(delta)


def work(app):
    app.game_work()


def board(app):
    view = app.view
    b, c, viewer = view.shown(app)
    draw_board(view, app, b, c, viewer)
