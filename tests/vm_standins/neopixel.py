"""Stand-in for neopixel: a list of colours."""


class NeoPixel:
    def __init__(self, pin, n, brightness=1.0, auto_write=True):
        self.values = [0] * n
        self.shows = 0

    def __setitem__(self, i, value):
        self.values[i] = value

    def __getitem__(self, i):
        return self.values[i]

    def show(self):
        self.shows += 1
