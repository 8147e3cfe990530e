"""How to play, on the device: the rules in short, the keys and knob, the colour legend, and
their drawing. In the heap only while the help is shown (kalaha.flow.screens.RESIDENT).
"""

from kalaha.picture.draw import FOOTER as BOTTOM
from kalaha.picture.draw import line, title_line
from kalaha.picture.view import (
    GOOD_COLOUR,
    ILLEGAL_COLOUR,
    OFF,
    SOW_COLOUR,
    THEIRS_COLOUR,
    YOURS_COLOUR,
    scale,
)

FOOTER = "key: next  push: back"

# A page: its title and six lines of at most 21 characters in one string, "\n" between them
# (page() splits it). One string a page, not a tuple: each string is an object of its own on
# the device, and the help opens on a first start, when the heap is at its lowest.
PAGES = (
    "How to play\nYour pits: the bottom\nsix keys. Press one:\nits seeds go one by\n"
    "one, anticlockwise,\nthrough your store.\n",
    "Store & capture\nLast seed in your\nstore: play again.\nLast seed in an empty\n"
    "pit of yours: take it\nand the seeds across.\n",
    "The end\nWhen a row is empty,\neach side stores the\nseeds in its own row.\n"
    "Most seeds wins.\nOptions: Settings.\n",
    "Keys and knob\nPress a pit: sow it.\nHold: see where it\nends; let go: sow.\n"
    "Knob: pick a pit and\npush to sow it. Else\npush: the game menu.",
    "Colours\nblue: your pits\norange: theirs\nwhite: last seed\ngreen: good move\n(blinks: a capture)\n",
    "Colours\nred: not allowed\nA pit blinks: danger\nOrange light runs:\ncomputer thinking\n\n",
    "Colours\nA sowing's capture or\nextra turn blinks in\nits sower's colour.\n"
    "In menus: blue keys\nmove, white choose.\n",
    "Pit names\nS1..S6: South (you\nagainst the computer)\nN1..N6: North. Each\n"
    "counts from its left.\nA turn S3-1: S3, then\nS1 (an extra turn).",
    "Two players\nThe device turns to\nwhoever moves next,\nafter the sowing.\nMenu: Agree draw.\n\n",
    "Seven pits\nPits 7 (Settings):\nthe knob picks your\npit, a push sows it.\n"
    "Bottom keys: < sow >.\n7 pits: the computer\nsearches every move.",
    "3-4 players\nEach seat a colour:\nperson or computer.\nRows in sowing order,\n"
    "the store after a |.\nThe mover's pits are\nthe lit keys.",
    "Puzzles\nFind your best whole\nturn; the goal is on\nthe right. Wrong: the\n"
    "computer answers,\nthen it comes back.\nKnob: next/previous.",
    "Puzzles\nGoal: win by 8 means\nwith the best play of\nboth sides after your\n"
    "turn, you finish 8\nseeds ahead. Wrong:\nits cost is said.",
    "Puzzles\nTwo wrong tries: the\nanswer's key blinks\ngreen (menu: Hint).\n"
    "Solved ones are kept;\nthe first unsolved\nopens first.",
    "Music\nSettings: Music picks\none of 5 calm tunes.\nIn a game: push the\n"
    "knob for the game\nmenu, then Music off\n(or Music on).",
    "Replay\nThe knob steps it on\nor back; push: back.\nTop keys: a step is a\n"
    "turn, sowing or seed.\nBottom corner keys:\na step back, on.",
    "About\nPocket Kalaha for the\nAdafruit MacroPad on\nCircuitPython 9 or\n10. Every sowing is\n"
    "saved: unplug it\nany time.",
)
# The colours a page lights: colour r on the right key of key row r, beside line r (the pages
# after these light none).
COLOURS = (
    (),
    (),
    (),
    (),
    (YOURS_COLOUR, THEIRS_COLOUR, SOW_COLOUR, GOOD_COLOUR),
    (ILLEGAL_COLOUR, 0, THEIRS_COLOUR, 0),
)


def text_page(frame, title, rows, footer):
    """A title, up to six lines of text, and the footer."""
    title_line(frame, title)
    for row in range(6):
        line(frame, row + 1, rows[row] if row < len(rows) else "")
    line(frame, BOTTOM, footer)


def page(number):
    """(title, six lines, colours) of page `number` (0..len(PAGES)-1).

    >>> title, lines, colours = page(4)
    >>> title, lines[3], colours[3] == GOOD_COLOUR
    ('Colours', 'green: good move', True)
    """
    text = PAGES[number].split("\n")
    return text[0], text[1:], COLOURS[number] if number < len(COLOURS) else ()


def draw_help(app):
    """The help's page app.cursor (its text, what turns it) and its colours on the keys."""
    title, rows, colours = page(app.cursor)
    rows = list(rows)
    if app.cursor == 2 and app.thinker.endgame is not None:
        # (with the endgame knowledge, the computer plays the last seeds perfectly)
        rows[5] = "Computer ends perfect"
    text_page(app.frame, "%s %d/%d" % (title, app.cursor + 1, len(PAGES)), rows, FOOTER)
    # The colour pages light a key in each colour they explain, beside its line.
    bright = app.settings["brightness"]
    for k in range(12):
        app.pixels[k] = OFF
    for row in range(len(colours)):
        colour = colours[row]
        if colour:
            app.pixels[row * 3 + 2] = scale(colour, bright, 4)
