"""The game on the Adafruit MacroPad RP2040: keys, encoder, NeoPixels, OLED and speaker.

The only device module that imports board, keypad, rotaryio, neopixel, synthio and supervisor.
"""

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
from kalaha.store import SIZE, MemoryFlash, Store

# ----- configurables -----------------------------------------------------------------------
PIXEL_BRIGHTNESS = 0.5  # the app already scales colours by the brightness setting
ENCODER_SWITCH_KEY = 12  # the encoder's push switch joins the key scanner as a 13th key


class NvmFlash:
    """The 4 KB of microcontroller.nvm as the store's flash (see kalaha/store.py for why)."""

    def __init__(self, nvm):
        self.nvm = nvm

    def read(self):
        return bytes(self.nvm[0:SIZE])

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


def main():
    # ----- initialization -------------------------------------------------------------------
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
    app = App(store=open_store(), ticks=supervisor.ticks_ms)
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
