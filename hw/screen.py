"""The OLED: the app's frame (kalaha.picture.frame) sent to the SH1106 through the display's own bus.

Shared by the MacroPad and the tests' stand-ins; needs only a display with a `bus` (FourWire).
displayio draws nothing: its refresh is off and its group empty.
"""

# SH1106 commands (its data sheet): a page's address, the column address in two nibbles (the
# MacroPad's 128 pixels start at RAM column 2), and the scan directions that turn the picture.
_PAGE = 0xB0
_COLUMN_LOW = 0x02
_COLUMN_HIGH = 0x10
_SEGMENTS_UPRIGHT = 0xA1  # as the firmware's start-up sequence sets it
_SEGMENTS_TURNED = 0xA0
_ROWS_UPRIGHT = 0xC8
_ROWS_TURNED = 0xC0
_NOTHING = b""


class Oled:
    """Sends the frame's changed pages (1 KB for a whole picture: docs/performance.md, 'Frames');
    turned for North by the panel's own scan directions, at no cost."""

    def __init__(self, display):
        self.display = display
        self.bus = display.bus
        display.auto_refresh = False  # displayio must never write over our pages
        self.turned = False

    def show(self, frame, turned=False):
        """Send what changed since the last show; True when anything was sent."""
        bus = self.bus
        sent = False
        if turned != self.turned:
            self.turned = turned
            bus.send(_SEGMENTS_TURNED if turned else _SEGMENTS_UPRIGHT, _NOTHING)
            bus.send(_ROWS_TURNED if turned else _ROWS_UPRIGHT, _NOTHING)
            sent = True
        dirty = frame.dirty
        if dirty:
            view = frame.view
            for page in range(8):
                if dirty & (1 << page):
                    bus.send(_PAGE | page, _NOTHING)
                    bus.send(_COLUMN_LOW, _NOTHING)
                    bus.send(_COLUMN_HIGH, view[page * 128 : page * 128 + 128])
            frame.taken()
            sent = True
        return sent
