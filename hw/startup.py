"""The MacroPad's start-up: the store, keys, encoder, pixels, display, sound, endgame table
and app made once, the first picture shown. hw/macropad.py imports it, runs start() and lets
it go: its code is not needed again.
"""

import board
import keypad
import microcontroller
import neopixel
import rotaryio
import supervisor

from hw.layout import MACROPAD
from hw.macropad import STORE_IMAGE, NvmFlash, SerialReport, Sound
from hw.screen import Oled
from kalaha.app import App
from kalaha.compat import TICKS_WRAP
from kalaha.endgame import CHUNK as TABLE_CHUNK
from kalaha.endgame import open_table
from kalaha.store import SIZE, Store

# (here, not in hw/macropad.py: only start-up reads them, and its names are let go with it)
PIXEL_BRIGHTNESS = 0.5  # the app already scales colours by the brightness setting
ENDGAME_FILE = "endgame.kdb"  # on the drive, beside code.py


def open_store():
    nvm = microcontroller.nvm
    if nvm is None or len(nvm) < SIZE:
        from kalaha.memflash import MemoryFlash  # (only then: its code stays off the heap)

        store = Store(MemoryFlash(), STORE_IMAGE)
        store.message = "no nvm: not saved"
        return store
    return Store(NvmFlash(nvm), STORE_IMAGE)


def start():
    """Start-up in steps, the first picture shown last; returns (keys, encoder, pixels, display,
    oled, sound, app, report). A generator: the device runs its steps back to back
    (hw.macropad.frames), the tests' VM collects its heap between them (tools/mpvm.mjs)."""
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
    sound = Sound()
    # The endgame table on the drive (make device puts it there): perfect endgames and exact
    # hints; without it the game plays on and the help's last page says so.
    endgame, why = open_table(ENDGAME_FILE, scratch=store.scratch(TABLE_CHUNK))
    if why:
        print("kalaha: " + why)
    yield
    app = App(
        store=store, ticks=supervisor.ticks_ms, endgame=endgame, draws_events=False, columns=MACROPAD.columns
    )
    report = SerialReport()
    yield
    # The menus' actions, imported here rather than at the first menu item chosen: an import
    # takes a frame's whole time on the device (App.go lets them go in games). Not
    # under a first start's help: its pages have the heap then (App.act imports them later).
    if app.screen.module == "menus":
        __import__("kalaha.menus")
    # The first picture, whole, before the loop.
    t = supervisor.ticks_ms()
    oled.show(app.frame, False)
    print("kalaha: start-up draw %d ms" % ((supervisor.ticks_ms() - t) % TICKS_WRAP))
    return keys, encoder, pixels, display, oled, sound, app, report
