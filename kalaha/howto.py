"""How to play, on the device: the rules in short, the key map, the colour legend.

Imported only while the help is shown (kalaha.view) and let go after (kalaha.screens.forget),
so its text costs no heap during games.
"""

from kalaha.view import (
    CAPTURE_COLOUR,
    DANGER_COLOUR,
    EXTRA_COLOUR,
    HINT_COLOUR,
    ILLEGAL_COLOUR,
    NORTH_COLOUR,
    SOUTH_COLOUR,
    SOW_COLOUR,
    THINKING_COLOUR,
)

# How to play, a page each: its title and four lines in one string, "\n" between them (page()
# splits it). One string a page, not a tuple of five: on the device each string is an object of
# its own, and the pages took 2.4 KB of heap as tuples of strings, 1 KB like this (measured in
# CircuitPython 10); the first start opens the help, at the lowest free heap of a session.
PAGES = (
    "How to play\nPress a pit of yours:\nits seeds go one by\none anticlockwise,\nthrough your store.",
    "Store, capture\nLast seed in store:\nplay again.\nIn your empty pit:\ntake it and across.",
    "The end\nA row is empty: each\nside stores its row.\nMost seeds wins.\nOptions: Settings",
    "Keys\nBottom keys: yours\nTop keys: opponent\nHold a key: preview\nKnob: pick; push=menu",
    "Colours\nblue, orange: pits,\nbrighter: more seeds\nwhite: last seed\ngreen: extra turn",
    "Colours\nyellow: capture\nred: in danger\npink: not allowed\nviolet: thinking",
    "Colours\ncyan: hint\n\nKnob or keys: page\nPush: back",
)
# The colours a page lights on keys 0.., one for each of its lines from the first, in order.
COLOURS = (
    (),
    (),
    (),
    (),
    (SOUTH_COLOUR, NORTH_COLOUR, SOW_COLOUR, EXTRA_COLOUR),
    (CAPTURE_COLOUR, DANGER_COLOUR, ILLEGAL_COLOUR, THINKING_COLOUR),
    (HINT_COLOUR,),
)


def page(number):
    """(title, four lines, colours) of page `number` (0..len(PAGES)-1).

    >>> title, lines, colours = page(6)
    >>> title, lines[0], colours == (HINT_COLOUR,)
    ('Colours', 'cyan: hint', True)
    """
    text = PAGES[number].split("\n")
    return text[0], text[1:], COLOURS[number]
