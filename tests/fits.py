"""Every string on every screen fits its line: while `TextCheck` is on, a text drawn with more
characters than its place holds, or broken into lines that lose a word, is noted with what was
on screen. Host-only (tests/test_fits.py, tests/test_monkey.py).
"""

import sys

from host.reading import read_page
from kalaha.picture import draw
from kalaha.picture.frame import CHAR, WIDTH, Frame


class TextCheck:
    """Patches kalaha.picture.frame.Frame.text and kalaha.picture.draw.split (and the modules that took it by
    name, now and when imported again) to note every text that does not fit."""

    def __init__(self):
        self.cuts = []  # (the text, where: "page 3 x 67: room 10")
        self.seen = set()  # every text drawn

    def __enter__(self):
        self.text = Frame.text
        self.split = draw.split
        check = self

        def text(frame, x, page, text, inverted=False, width=0):
            end = min(WIDTH, x + width) if width else WIDTH
            room = (end - x) // CHAR
            check.text(frame, x, page, text, inverted, width)
            check.seen.add(text)
            if len(text) > room:
                check.cuts.append((text, "page %d x %d: room %d" % (page, x, room)))
            elif text:
                # read back: the frame shows the text, every character of it
                shown = read_page(frame.buf, page, x, room)
                if shown != text.rstrip():
                    check.cuts.append((text, "page %d x %d reads %r" % (page, x, shown)))

        def split(text, width):
            first, second = check.split(text, width)
            whole = (first + " " + second) if second else first
            if whole != text and first + second != text:
                check.cuts.append((text, "split at %d: %r / %r" % (width, first, second)))
            return first, second

        Frame.text = text
        draw.split = split
        self.patched = []
        for name, module in list(sys.modules.items()):
            if name.startswith("kalaha") and getattr(module, "split", None) is self.split:
                module.split = split
                self.patched.append(module)
        return self

    def __exit__(self, *exc):
        Frame.text = self.text
        draw.split = self.split
        for module in self.patched:
            module.split = self.split

    def take(self):
        cuts, self.cuts = self.cuts, []
        return cuts
