"""The board profile: how the app's view keys, pixels and display sit on the physical device.

One mapping for the MacroPad and the desktop simulator, so both turn and mirror alike.
"""

# The app's view keys (kalaha.flow.app): 0..5 the opponent's pits, 6..11 yours, counted row by
# row. Held the usual way a physical key is its view key (key 0 top-left, pixel index = key
# number); a two-player game turns the device around for North: the display rotates 180
# degrees and physical key k is then view key 11 - k.


class GridLayout:
    """12 keys in rows of `columns` under or beside the display; NeoPixel index = key number."""

    keys = 12

    def __init__(self, columns):
        self.columns = columns

    def view_key(self, physical, flip):
        """The app's view key for a pressed physical key."""
        return 11 - physical if flip else physical

    def pixel(self, view_key, flip):
        """The NeoPixel index that shows view key `view_key`."""
        return 11 - view_key if flip else view_key

    def rotation(self, flip):
        """The display's rotation in degrees."""
        return 180 if flip else 0


# The MacroPad: rows of three, so a pit's opposite is the key two rows above it.
MACROPAD = GridLayout(3)
# A second board (say a Pico with 12 buttons in two rows of six and an SSD1306): the top row
# is the opponent's pits 6..1, the bottom row yours 1..6, so a pit's opposite is straight
# across. Nothing in kalaha/ changes for it: the app draws the display's pits in rows of the
# profile's columns (App(columns=...)): two rows of six, the stores at their right.
TWO_ROWS = GridLayout(6)
