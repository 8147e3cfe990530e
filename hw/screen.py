"""The OLED: five text labels built once and updated in place, drawn by displayio.

Shared by the MacroPad and the desktop simulator; imports displayio, terminalio, adafruit_display_text.
"""

import displayio
import terminalio
from adafruit_display_text import label

LINES = 5
LINE_HEIGHT = 13  # 64 px / 5 lines; terminalio's font is 6x12


class Screen:
    """Shows the app's `lines` on a 128x64 display; refresh only when something changed."""

    def __init__(self, display):
        self.display = display
        self.group = displayio.Group()
        self.labels = []
        self.shown = []
        for row in range(LINES):
            text = label.Label(terminalio.FONT, text="", color=0xFFFFFF, x=1, y=5 + row * LINE_HEIGHT)
            self.group.append(text)
            self.labels.append(text)
            self.shown.append("")
        self.rotation = 0
        display.root_group = self.group

    def show(self, lines, flip=False):
        """Update changed labels (and the rotation); True when the display needs a refresh."""
        changed = False
        for row in range(LINES):
            text = lines[row]
            if text != self.shown[row]:
                self.labels[row].text = text
                self.shown[row] = text
                changed = True
        rotation = 180 if flip else 0
        if rotation != self.rotation:
            self.display.rotation = rotation
            self.rotation = rotation
            changed = True
        return changed
