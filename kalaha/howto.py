"""How to play, on the device: the rules in short, the key map, the colour legend.

Imported only while the help is shown (kalaha.view) and let go after (kalaha.app.forget_help),
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

# What each colour means: the legend of the help pages (and of the README's table).
LEGEND = (
    (SOW_COLOUR, "white: last seed"),
    (EXTRA_COLOUR, "green: extra turn"),
    (CAPTURE_COLOUR, "yellow: capture"),
    (DANGER_COLOUR, "red: in danger"),
    (ILLEGAL_COLOUR, "pink: not allowed"),
    (THINKING_COLOUR, "violet: thinking"),
    (HINT_COLOUR, "cyan: hint"),
)

# How to play: (title, four lines, the colours to light on keys 0..) per page; keys turn pages.
PAGES = (
    (
        "How to play",
        ("Press a pit of yours:", "its seeds go one by", "one anticlockwise,", "through your store."),
        (),
    ),
    (
        "Store, capture",
        ("Last seed in store:", "play again.", "In your empty pit:", "take it and across."),
        (),
    ),
    (
        "The end",
        ("A row is empty: each", "side stores its row.", "Most seeds wins.", "Options: Settings"),
        (),
    ),
    (
        "Keys",
        ("Bottom keys: yours", "Top keys: opponent", "Hold a key: preview", "Knob: pick; push=menu"),
        (),
    ),
    (
        "Colours",
        ("blue, orange: pits,", "brighter: more seeds", LEGEND[0][1], LEGEND[1][1]),
        (SOUTH_COLOUR, NORTH_COLOUR, LEGEND[0][0], LEGEND[1][0]),
    ),
    (
        "Colours",
        (LEGEND[2][1], LEGEND[3][1], LEGEND[4][1], LEGEND[5][1]),
        (LEGEND[2][0], LEGEND[3][0], LEGEND[4][0], LEGEND[5][0]),
    ),
    ("Colours", (LEGEND[6][1], "", "Knob or keys: page", "Push: back"), (LEGEND[6][0],)),
)
