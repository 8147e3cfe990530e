"""The MacroPad's start-up: the store, keys, encoder, pixels, display, endgame table and app
made once, the first picture shown. hw/macropad.py imports it, runs start() and lets it go: its
code is not needed again.
"""

from kalaha.saved.journal import SIZE

# The store's 4 KB image, taken first: once the rest of the game is imported, the heap may
# no longer have 4 KB in one piece. (The store keeps it, and the class of its flash below.)
STORE_IMAGE = bytearray(SIZE)

import os  # noqa: E402

import board  # noqa: E402
import keypad  # noqa: E402
import microcontroller  # noqa: E402
import neopixel  # noqa: E402
import rotaryio  # noqa: E402
import supervisor  # noqa: E402

from hw.layout import MACROPAD  # noqa: E402
from hw.screen import Oled  # noqa: E402
from kalaha.compat import TICKS_WRAP  # noqa: E402
from kalaha.flow.app import App  # noqa: E402
from kalaha.saved.store import Store  # noqa: E402
from kalaha.search.endgame import CHUNK as TABLE_CHUNK  # noqa: E402
from kalaha.search.endgame import open_table  # noqa: E402

# (here, not in hw/macropad.py: only start-up reads them, and its names are let go with it)
PIXEL_BRIGHTNESS = 0.5  # the app already scales colours by the brightness setting
ENDGAME_FILE = "endgame.kdb"  # on the drive, beside code.py
BOOK_FILE = "kalaha/book.txt"  # (kalaha.search.book.FILE: its module is not imported here)


class NvmFlash:
    """The 4 KB of microcontroller.nvm as the store's flash (see kalaha/saved/store.py for why)."""

    def __init__(self, nvm):
        self.nvm = nvm

    def read(self):
        return self.nvm[0:SIZE]

    def readinto(self, buf):
        # 256 bytes at a time: one 4 KB slice would need a 4 KB block the heap may not have.
        for start in range(0, SIZE, 256):
            buf[start : start + 256] = self.nvm[start : start + 256]

    def write(self, offset, values):
        self.nvm[offset : offset + len(values)] = values


def open_store():
    nvm = microcontroller.nvm
    if nvm is None or len(nvm) < SIZE:
        from kalaha.saved.memflash import MemoryFlash  # (only then: its code stays off the heap)

        store = Store(MemoryFlash(), STORE_IMAGE)
        store.message = "no nvm: not saved"
        return store
    return Store(NvmFlash(nvm), STORE_IMAGE)


def start():
    """Start-up in steps, the first picture shown last; returns (keys, encoder, pixels, display,
    oled, app). A generator: the device runs its steps back to back (hw.macropad.frames), the
    tests' VM collects its heap between them (tools/mpvm.mjs)."""
    store = open_store()
    yield
    pins = (
        board.KEY1,
        board.KEY2,
        board.KEY3,
        board.KEY4,
        board.KEY5,
        board.KEY6,
        board.KEY7,
        board.KEY8,
        board.KEY9,
        board.KEY10,
        board.KEY11,
        board.KEY12,
        board.ENCODER_SWITCH,
    )
    # 32 events, not the default 64 (192 bytes of heap back): the keys are scanned every 20 ms
    # and a key changes at most once a scan, so the 13 keys make at most 26 events in the two
    # scans a frame can span (no frame is longer than 20 ms).
    keys = keypad.Keys(pins, value_when_pressed=False, pull=True, max_events=32)
    encoder = rotaryio.IncrementalEncoder(board.ENCODER_A, board.ENCODER_B)
    pixels = neopixel.NeoPixel(board.NEOPIXEL, 12, brightness=PIXEL_BRIGHTNESS, auto_write=False)
    display = board.DISPLAY
    oled = Oled(display)
    # The endgame table on the drive (make device puts it there): perfect endgames and exact
    # hints; without it the game plays on and the help's last page says so.
    endgame, why = open_table(ENDGAME_FILE, scratch=store.scratch(TABLE_CHUNK))
    if why:
        print("kalaha: " + why)
    yield
    app = App(
        store=store, ticks=supervisor.ticks_ms, endgame=endgame, draws_events=False, columns=MACROPAD.columns
    )
    # The opening book on the drive (kalaha/book.txt): opened in a game's first turns only.
    try:
        os.stat(BOOK_FILE)
        app.thinker.book_file = BOOK_FILE
    except OSError:
        print("kalaha: no opening book")  # (the levels search their first turns too)
    yield
    # The menus' actions, imported here rather than at the first menu item chosen: an import
    # takes a frame's whole time on the device (App.go lets them go in games). Not
    # under a first start's help: its pages have the heap then (App.act imports them later).
    if app.screen.module == "flow.menus":
        __import__("kalaha.flow.menus")
    # The first picture, whole, before the loop.
    t = supervisor.ticks_ms()
    oled.show(app.frame, False)
    print("kalaha: start-up draw %d ms" % ((supervisor.ticks_ms() - t) % TICKS_WRAP))
    return keys, encoder, pixels, display, oled, app
