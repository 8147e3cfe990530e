"""The game on the Adafruit MacroPad RP2040: keys, encoder, NeoPixels, OLED and speaker.

The only device module that imports board, keypad, rotaryio, neopixel, synthio and supervisor.
"""

import gc

import audiopwmio
import board
import digitalio
import keypad
import microcontroller
import neopixel
import rotaryio
import supervisor
import synthio

from hw.screen import Screen
from kalaha.app import TICKS_WRAP, App
from kalaha.screens import RESULT
from kalaha.store import SIZE, MemoryFlash, Store

# ----- configurables -----------------------------------------------------------------------
PIXEL_BRIGHTNESS = 0.5  # the app already scales colours by the brightness setting
ENCODER_SWITCH_KEY = 12  # the encoder's push switch joins the key scanner as a 13th key
REPORT_MS = 2000  # how often the serial console gets the frame and heap figures


class NvmFlash:
    """The 4 KB of microcontroller.nvm as the store's flash (see kalaha/store.py for why)."""

    def __init__(self, nvm):
        self.nvm = nvm

    def read(self):
        return self.nvm[0:SIZE]

    def readinto(self, buf):
        buf[:] = self.nvm[0:SIZE]  # (a 4 KB temporary, once, at start-up)

    def write(self, offset, values):
        self.nvm[offset : offset + len(values)] = values


def open_store():
    nvm = microcontroller.nvm
    if nvm is None or len(nvm) < SIZE:
        store = Store(MemoryFlash())
        store.message = "no nvm here: nothing is saved"
        return store
    return Store(NvmFlash(nvm))


class Sound:
    """Non-blocking beeps with synthio: press a note now, release it when its time is up."""

    def __init__(self):
        self.enable = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
        self.enable.switch_to_output(value=True)
        self.audio = audiopwmio.PWMAudioOut(board.SPEAKER)
        self.synth = synthio.Synthesizer(sample_rate=22050)
        self.audio.play(self.synth)
        self.note = None
        self.until = 0

    def play(self, sounds, now):
        if self.note is not None and now - self.until >= 0:
            self.synth.release(self.note)
            self.note = None
        if sounds:
            hz, ms = sounds[-1]  # the newest sound wins; ticks are short anyway
            if self.note is not None:
                self.synth.release(self.note)
            self.note = synthio.Note(frequency=hz)
            self.synth.press(self.note)
            self.until = now + ms


class SerialReport:
    """Figures for makers on the USB serial console, only while a terminal is connected.

    Every REPORT_MS: the slowest frame since the last report (the loop's work, display refresh
    and pixels included) and the free heap after gc.collect(); after each computer move, how
    long it thought; the result of each game. `make emulate` reads these lines.
    """

    def __init__(self):
        self.worst = 0
        self.frames = 0
        self.next = REPORT_MS
        self.thinking_since = -1
        self.result = False

    def frame(self, app, now, took):
        if not supervisor.runtime.serial_connected:
            return
        self.frames += 1
        if took > self.worst:
            self.worst = took
        if app.thinking and self.thinking_since < 0:
            self.thinking_since = now
        elif not app.thinking and self.thinking_since >= 0:
            print("kalaha: thought %d ms" % (now - self.thinking_since))
            self.thinking_since = -1
        result = app.screen == RESULT
        if result and not self.result:
            print("kalaha: result: %s" % app.result_text)
        self.result = result
        if now >= self.next:
            gc.collect()
            print(
                "kalaha: t %d ms, %d frames, slowest %d ms, free %d"
                % (now, self.frames, self.worst, gc.mem_free())
            )
            self.worst = 0
            self.frames = 0
            self.next = now + REPORT_MS


def main():
    # ----- initialization -------------------------------------------------------------------
    # The store's 4 KB buffer first, before anything can fragment the heap.
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
    keys = keypad.Keys(pins, value_when_pressed=False, pull=True)
    encoder = rotaryio.IncrementalEncoder(board.ENCODER_A, board.ENCODER_B)
    pixels = neopixel.NeoPixel(board.NEOPIXEL, 12, brightness=PIXEL_BRIGHTNESS, auto_write=False)
    display = board.DISPLAY
    display.auto_refresh = False
    screen = Screen(display)
    sound = Sound()
    # The app thinks for most of a frame by this clock (kalaha.app.THINK_FRAME_MS).
    app = App(store=store, ticks=supervisor.ticks_ms)
    report = SerialReport()
    event = keypad.Event()
    last_position = encoder.position
    # The app gets a clock that never wraps: the ticks' differences, added up.
    last_ticks = supervisor.ticks_ms()
    now = 0

    # ----- main loop: one frame = read events, step the app, show pixels and display once ----
    while True:
        ticks = supervisor.ticks_ms()
        now += (ticks - last_ticks) % TICKS_WRAP
        last_ticks = ticks
        while keys.events.get_into(event):
            number = event.key_number
            if number == ENCODER_SWITCH_KEY:
                if event.pressed:
                    app.click()
                continue
            # Held by North in a two-player game the device is turned around: mirror the keys.
            key = 11 - number if app.flip else number
            if event.pressed:
                app.key_down(key)
            else:
                app.key_up(key)
        position = encoder.position
        if position != last_position:
            app.turn(position - last_position)
            last_position = position
        app.tick(now)
        for k in range(12):
            pixels[11 - k if app.flip else k] = app.pixels[k]
        pixels.show()
        if screen.show(app.lines, app.flip):
            display.refresh()
        sound.play(app.sounds if app.settings["sound"] else (), now)
        app.sounds.clear()
        report.frame(app, now, (supervisor.ticks_ms() - ticks) % TICKS_WRAP)
