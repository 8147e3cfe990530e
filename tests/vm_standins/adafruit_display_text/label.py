"""Stand-in for adafruit_display_text.label: remembers its text."""

import vmdriver


class Label:
    def __init__(self, font, text="", color=0xFFFFFF, x=0, y=0):
        self.text = text
        self.x = x
        self.y = y
        vmdriver.labels.append(self)
