"""The MacroPad's start-up: the store, keys, encoder, pixels, display, sound, endgame table
and app made once, the first picture shown. hw/macropad.py imports it, runs start() and lets
it go: its code is not needed again.
"""

import sys

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
from kalaha.compat import TICKS_WRAP, forget
from kalaha.endgame import CHUNK as TABLE_CHUNK
from kalaha.endgame import open_table
from kalaha.store import SIZE, Store

# (here, not in hw/macropad.py: only start-up reads them, and its names are let go with it)
PIXEL_BRIGHTNESS = 0.5  # the app already scales colours by the brightness setting
ENDGAME_FILE = "endgame.kdb"  # on the drive, beside code.py
ENDGAME_NAME = b"ENDGAME KDB"  # ... as the drive's root directory spells it (8.3)
FLASH_DRIVE = 0x10100000  # the drive's first byte in the RP2040's memory-mapped flash
# The game's modules frozen into our firmware (firmware/build.sh's FROZEN_SOURCES, kept the same
# by tests/test_resident.py), each before its importer: the search's inner loop, which kalaha.ai
# takes itself, then those take_frozen_twins registers.
FROZEN = ("kalaha.searchcore", "kalaha.tuneread", "kalaha.music", "hw.music", "kalaha.ponder")


def table_in_flash():
    """Our firmware: the address of the endgame table's first value in the flash, where the
    search's machine code reads it itself (a probe then costs what a probe-cache hit does); 0 on
    stock firmware (bytecode reads no memory) or when the file is not in one piece."""
    ai = __import__("kalaha.ai", None, None, ("CODE",))
    if ai.CODE != ai.MACHINE_CODE:
        return 0
    from hw.flashfile import locate
    from kalaha.endgame import HEADER

    peek = ai.core.peek

    def read(offset, buf):
        peek(FLASH_DRIVE + offset, buf, len(buf))

    try:
        where = locate(read, ENDGAME_NAME)
    except ValueError:
        where = None
    forget("hw.flashfile")
    if where is None:
        print("kalaha: endgame table: read through the file (not in one piece on the drive)")
        return 0
    print("kalaha: endgame table: read from the flash")
    return FLASH_DRIVE + where[0] + HEADER


def take_frozen_twins():
    """Our firmware's frozen twins of the music's modules and pondering's (FROZEN: the drive's
    name with "_" for "."), imported now and registered under the drive's names: then switching
    the music on, or a game's pondering, imports nothing (CircuitPython collects the heap after
    every import it loads: in a game, a frame's whole time), and kalaha.compat.forget leaves
    them. Their code runs from flash; the heap holds their functions and dicts
    (docs/performance.md, 'Memory'). Stock firmware froze nothing (no frozen search either): the
    drive's modules are imported when the music is switched on, or for the first game that
    ponders. Returns the names taken."""
    if "kalaha_searchcore" not in sys.modules:
        return ()
    names = FROZEN[1:]
    for name in names:
        twin = __import__(name.replace(".", "_"))
        package, _dot, leaf = name.partition(".")
        sys.modules[name] = twin
        setattr(sys.modules[package], leaf, twin)
    return names


def open_store():
    nvm = microcontroller.nvm
    if nvm is None or len(nvm) < SIZE:
        from kalaha.memflash import MemoryFlash  # (only then: its code stays off the heap)

        store = Store(MemoryFlash(), STORE_IMAGE)
        store.message = "no nvm: not saved"
        return store
    return Store(NvmFlash(nvm), STORE_IMAGE)


def start():
    """(keys, encoder, pixels, display, oled, sound, app, report), the first picture shown."""
    store = open_store()
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
    if endgame is not None:
        t = supervisor.ticks_ms()
        endgame.address = table_in_flash()
        print("kalaha: table located %d ms" % ((supervisor.ticks_ms() - t) % TICKS_WRAP))
    app = App(
        store=store, ticks=supervisor.ticks_ms, endgame=endgame, draws_events=False, columns=MACROPAD.columns
    )
    report = SerialReport()
    # The menus' actions, imported here rather than at the first menu item chosen: an import
    # takes a frame's whole time on the device (App.go lets them go in games). Not
    # under a first start's help: its pages have the heap then (App.act imports them later).
    if app.screen.module == "menus":
        __import__("kalaha.menus")
    # The first picture, whole, before the loop.
    t = supervisor.ticks_ms()
    oled.show(app.frame, False)
    print("kalaha: start-up draw %d ms" % ((supervisor.ticks_ms() - t) % TICKS_WRAP))
    # Which search runs: machine code on a firmware that loads it (ours), else bytecode.
    print("kalaha: search: %s" % __import__("kalaha.ai", None, None, ("CODE",)).CODE)
    # (after kalaha.ai's import, which took the frozen search where our firmware has one)
    take_frozen_twins()
    return keys, encoder, pixels, display, oled, sound, app, report
