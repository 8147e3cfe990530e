"""The board profile: how the app's view keys, pixels and display sit on the physical device.

One mapping for the MacroPad and the desktop simulator, so both turn and mirror alike.
"""

# The app's view keys (kalaha.app): 0..5 the opponent's pits, 6..11 yours, rows of three.
# On the MacroPad the view key is the physical key (key 0 top-left, pixel index = key number)
# while the device is held the usual way; a two-player game turns it around for North: the
# display rotates 180 degrees and key k is then view key 11 - k.


class MacroPadLayout:
    """12 keys in rows of three under the display; NeoPixel index = key number."""

    keys = 12

    def view_key(self, physical, flip):
        """The app's view key for a pressed physical key."""
        return 11 - physical if flip else physical

    def pixel(self, view_key, flip):
        """The NeoPixel index that shows view key `view_key`."""
        return 11 - view_key if flip else view_key

    def rotation(self, flip):
        """The display's rotation in degrees."""
        return 180 if flip else 0


MACROPAD = MacroPadLayout()


class TwoRowLayout:
    """A second board's profile: 12 buttons in two rows of six (say a Pico with an SSD1306),
    key 0 top-left, NeoPixel index = button number.

    The app's view keys already run as two rows of six: the top row is the opponent's pits
    6..1 (view keys 0..5), the bottom row yours 1..6 (6..11), so a pit's opposite is straight
    across. Held the usual way a button is its view key; turned around for North, 11 - k.
    Nothing in kalaha/ changes for it (the display's text still shows the counts in rows of
    three, as on the MacroPad).
    """

    keys = 12

    def view_key(self, physical, flip):
        return 11 - physical if flip else physical

    def pixel(self, view_key, flip):
        return 11 - view_key if flip else view_key

    def rotation(self, flip):
        return 180 if flip else 0


TWO_ROWS = TwoRowLayout()
