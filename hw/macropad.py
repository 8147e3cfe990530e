"""The game on the Adafruit MacroPad RP2040: keys, encoder, NeoPixels, OLED and speaker.

With hw/startup.py, the only device modules that import board, keypad, rotaryio, neopixel, synthio
and supervisor.
"""

import gc

import audiopwmio
import board
import digitalio
import keypad
import supervisor
import synthio

from hw.layout import MACROPAD
from kalaha.compat import TICKS_WRAP, const, forget

# ----- configurables -----------------------------------------------------------------------
_ENCODER_SWITCH_KEY = const(12)  # the encoder's push switch joins the key scanner as a 13th key
_REPORT_MS = const(5000)  # how often the serial console gets the frame and heap figures
# A collection fills a frame: made in a frame of its own once free memory drops below this,
# before the firmware would make one mid-frame (docs/performance.md, 'Frames').
_COLLECT_BELOW = const(56 * 1024)
# A collection that leaves less than that free (the game's own objects: a ring game, the music)
# lowers the line to this much under what it left, so not every housekeeping frame collects in
# vain; never under the floor, above where the firmware collects by itself.
_COLLECT_STEP = const(4 * 1024)
_COLLECT_FLOOR = const(46 * 1024)
_HOUSEKEEPING_FRAMES = const(10)  # how often a busy app is asked whether a collection is due
# A frame's goal: 20 ms of device time, all included. What its start has used (the keys, a
# sowing made and saved, the pixels, the frame's changed pages) decides what follows: the app's
# tick waits for the next frame when the start has used the time, and the tick's own long work
# (the search, the table's check) stops by the clock itself.
_TICK_UNTIL_MS = const(10)  # the app ticks only in a frame that has used no more than this
_COLLECT_UNTIL_MS = const(2)  # a collection only in a frame that has used no more than this
_ASK_FREE_UNTIL_MS = const(15)  # gc.mem_free() after the tick only if the frame has room for it
# The OLED's brightness when awake, dimmed and asleep (app.power 0, 1, 2); asleep it also
# shows nothing (the app blanks its lines), which is what saves an OLED's power.
OLED_BRIGHTNESS = (1.0, 0.1, 0.0)


def set_oled_brightness(display, level):
    """Dim the OLED if its driver can (the MacroPad's SH1106 takes a contrast command)."""
    try:
        display.brightness = level
    except (AttributeError, RuntimeError, ValueError, NotImplementedError):
        pass  # a display without brightness control: blank lines still save its power


class Sound:
    """Non-blocking beeps with synthio: press a note now, release it when its time is up; and
    the background music on the same synthesizer (hw/music.py, imported only while it is on)."""

    def __init__(self):
        self.enable = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
        self.enable.switch_to_output(value=True)
        self.audio = audiopwmio.PWMAudioOut(board.SPEAKER)
        # 11,025 Hz: a buffer outlasts a collection (docs/performance.md, 'Background music').
        self.synth = synthio.Synthesizer(sample_rate=11025)
        self.audio.play(self.synth)
        self.note = None
        self.until = 0
        self.music = None  # hw.music.Voice while the settings' music is on

    def play(self, app, now):
        """This frame's newest beep (app.sounds, emptied), and the music's next note."""
        sounds = app.sounds
        if self.note is not None and now - self.until >= 0:
            self.synth.release(self.note)
            self.note = None
        if sounds and app.settings["sound"]:
            hz, ms = sounds[-1]  # the newest sound wins; ticks are short anyway
            if self.note is not None:
                self.synth.release(self.note)
            self.note = synthio.Note(frequency=hz)
            self.synth.press(self.note)
            self.until = now + ms
        sounds.clear()
        music = self.music
        if music is not None:
            music.frame(app, now)
            if not app.settings["music"]:
                music.close()
                self.music = None
                forget("hw.music")
                forget("picture.music")
        elif app.settings["music"]:
            from hw.music import Voice

            self.music = Voice(self.synth)


class SerialReport:
    """Figures for makers on the USB serial console, only while a terminal is connected.

    Every _REPORT_MS: the slowest frame since the last report (the loop's work, display refresh
    and pixels included, and where its time went) and the free heap after gc.collect() (which
    takes tens of ms: the report's own cost, left out of the frames); after each computer move, how
    long it thought (the player's wait, the pause before it sows included), and after its whole
    turn the thinking and the nodes of all its sowings; the result of each game; the lowest free
    heap measured after the game's own collections (the frame after each, when the console is
    connected). `make emulate` reads these lines.
    """

    def __init__(self):
        self.worst = 0
        self.parts = ""  # where the slowest frame's time went
        self.version = -1  # the app's board version at the end of the last frame
        self.frames = 0
        self.next = _REPORT_MS
        self.thinking_since = -1
        self.result = False
        self.lowest = -1  # free heap after the game's own collections, lowest since the last report

    def collected(self, free):
        if self.lowest < 0 or free < self.lowest:
            self.lowest = free

    def frame(self, app, now, start, pixels_done, display_done, app_done):
        if not supervisor.runtime.serial_connected:
            return
        self.frames += 1
        took = (app_done - start) % TICKS_WRAP
        sowed = app.game.version != self.version  # a sowing started in this frame (a key or the computer)
        self.version = app.game.version
        if took > self.worst:
            self.worst = took
            self.parts = "keys and pixels %d, display %d, app %d%s%s" % (
                (pixels_done - start) % TICKS_WRAP,
                (display_done - pixels_done) % TICKS_WRAP,
                (app_done - display_done) % TICKS_WRAP,
                "; sowed" if sowed else "",
                "; thinking" if app.thinker.thinking else ("; sowing" if app.sowing.path is not None else ""),
            )
        if app.thinker.thinking and self.thinking_since < 0:
            self.thinking_since = now
        elif not app.thinker.thinking and self.thinking_since >= 0:
            print("kalaha: thought %d ms" % (now - self.thinking_since))
            self.thinking_since = -1
            if not app.screen.computer_moving(app):  # the computer's (or a computer seat's) turn is over
                th = app.thinker
                print(
                    "kalaha: turn: thinking %d ms, %d nodes, %d pondered"
                    % (th.turn_ms, th.turn_nodes, th.pondered)
                )
        result = app.screen.ends_game
        if result and not self.result:
            g = app.game
            if not g.mode.two_sides:  # (a ring's places: the display's rows)
                print("kalaha: result: %s" % g.result_text)
            else:  # (with the stores, South's and North's)
                print("kalaha: result: %s %d-%d" % (g.result_text, g.board.store(0), g.board.store(1)))
        self.result = result
        if now >= self.next:
            t = supervisor.ticks_ms()
            gc.collect()  # (its own time is printed apart: it is the report's, not the game's)
            took = (supervisor.ticks_ms() - t) % TICKS_WRAP
            free = gc.mem_free()
            print(
                "kalaha: t %d ms, %d frames, slowest %d ms (%s), free %d, gc.collect %d ms, "
                "lowest after a collection %d"
                % (now, self.frames, self.worst, self.parts, free, took, self.lowest)
            )
            self.lowest = -1
            self.worst = 0
            self.frames = 0
            self.next = now + _REPORT_MS


def frames():
    """The game, a frame at each `next`: main() runs them; the tests' MicroPython VM steps them
    from outside, and only there does it collect its heap (tools/mpvm.mjs). A generator keeps the
    loop's state in its fast locals."""
    # ----- initialization: in hw/startup.py, let go once done (its code is needed only then) --
    from hw.startup import start

    yield
    sound = Sound()  # (before the app: its synthesizer's buffers)
    keys, encoder, pixels, display, oled, app = yield from start()
    del start  # (else this frame keeps the module's code alive)
    forget("hw.startup")
    report = SerialReport()
    shown = [-1] * 12  # the colours on the pixels, by view key
    housekeeping = 0
    collect = False  # a collection is due (the housekeeping below)
    measure = False  # a collection was made: the next frame measures what it left free
    below = _COLLECT_BELOW  # a collection is due once free memory drops below this
    shown_flip = False
    shown_power = 0
    layout = MACROPAD
    down_view = [-1] * 12
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
            if number == _ENCODER_SWITCH_KEY:
                if event.pressed:
                    app.click()
                continue
            # Held by North in a two-player game the device is turned around: the profile
            # mirrors the keys (hw/layout.py).
            if event.pressed:
                key = layout.view_key(number, app.flip)
                down_view[number] = key
                app.key_down(key)
            elif down_view[number] >= 0:
                # Released as the key it was pressed as, even if the display turned meanwhile.
                app.key_up(down_view[number])
                down_view[number] = -1
        position = encoder.position
        if position != last_position:
            app.turn(position - last_position)
            last_position = position
        # The beeps (a key's at once; the last tick's a frame later) and the music, before the
        # frame's budgeted work: what the music's start and its tune's reading take counts in
        # the time the tick and the housekeeping below are given.
        sound.play(app, now)
        # Show what the last tick made, then tick: the thinking slices can then use what is
        # left of the frame's time (kalaha.search.thinking.THINK_FRAME_MS, counted from `ticks`).
        # The pixels are sent only when one changed (a show takes a share of the frame).
        changed = False
        for k in range(12):
            colour = app.pixels[k]
            if shown[k] != colour:
                shown[k] = colour
                pixels[layout.pixel(k, shown_flip)] = colour
                changed = True
        if app.flip != shown_flip:
            shown_flip = app.flip
            for k in range(12):
                pixels[layout.pixel(k, shown_flip)] = shown[k]
            changed = True
        if changed:
            pixels.show()
        pixels_done = supervisor.ticks_ms()
        if app.power != shown_power:
            shown_power = app.power
            set_oled_brightness(display, OLED_BRIGHTNESS[shown_power])
        # The frame the last tick drew, once it is whole: only its changed pages go to the panel.
        if app.frame.complete:
            oled.show(app.frame, app.flip)
        if measure:
            measure = False
            free = gc.mem_free()  # (in the frame after the collection's: both would not fit one)
            below = max(_COLLECT_FLOOR, min(_COLLECT_BELOW, free - _COLLECT_STEP))
            if supervisor.runtime.serial_connected:
                report.collected(free)
        display_done = supervisor.ticks_ms()
        spent = (display_done - ticks) % TICKS_WRAP
        # Housekeeping: a collection is its frame's only work, in a frame that has used almost
        # nothing yet. Whether one is due (gc.mem_free()) is asked a frame before: every quiet
        # frame, else every _HOUSEKEEPING_FRAMES, where the frame has room for it
        # (docs/performance.md, 'Frames on the emulated MacroPad').
        housekeeping = (housekeeping + 1) % _HOUSEKEEPING_FRAMES
        ask = not collect and (housekeeping == 0 or app.quiet())
        if collect and spent <= _COLLECT_UNTIL_MS:
            gc.collect()
            collect = False
            measure = True
        elif spent <= _TICK_UNTIL_MS:
            searching = app.thinker.busy() or app.thinker.pondering()
            if ask and searching:
                collect = gc.mem_free() < below
            app.tick(now, ticks)
            if ask and not searching and (supervisor.ticks_ms() - ticks) % TICKS_WRAP <= _ASK_FREE_UNTIL_MS:
                collect = gc.mem_free() < below
        # (else this frame's refresh used its time: the app ticks the next, its clock catching up)
        report.frame(app, now, ticks, pixels_done, display_done, supervisor.ticks_ms())
        yield


def main():
    for _frame in frames():
        pass
