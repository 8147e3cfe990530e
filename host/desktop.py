"""The desktop simulator: a window that looks like the MacroPad, or a headless script runner.

Host-only. The OLED shows the app's frame (kalaha.picture.frame) pixel for pixel, the same bytes the
MacroPad sends to its panel; keys, pixels and the encoder are drawn with pygame. Never copied to
the device.

Keyboard: the 12 keys are   1 2 3 / q w e / a s d / z x c   (the same 3x4 grid; each key
shows its pit's number, and in a two-player game North's turn turns the picture and mirrors
the keys exactly as the device does, by the same profile: hw/layout.py);
encoder: Left/Right (or Up/Down, or the mouse wheel) turn it, Enter or Space press it.
Mouse: click a key or the encoder. Escape or closing the window quits.
Saved data (settings, statistics, games) lives in ~/.pocket-kalaha/nvm.bin, or --data FILE.
"""

import math
import os
import sys

FRAME_MS = 20
KEY_PRESS_MS = 60
KEYBOARD = "123qweasdzxc"
SCALE = 3
MARGIN = 16
OLED_W, OLED_H = 128 * SCALE, 64 * SCALE
KEY_SIZE, KEY_GAP = 110, 14
WIDTH = MARGIN + OLED_W + 120 + MARGIN
KEYS_X = (WIDTH - (3 * KEY_SIZE + 2 * KEY_GAP)) // 2
KEYS_Y = MARGIN + OLED_H + 28
HEIGHT = KEYS_Y + 4 * KEY_SIZE + 3 * KEY_GAP + 20
ENCODER = (MARGIN + OLED_W + 60, MARGIN + OLED_H // 2)
ENCODER_R = 44


class ScriptError(ValueError):
    """A malformed line in a --script file."""


def parse_script(text):
    """Check every line first; return a list of (command, args). Raises ScriptError."""
    steps = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        words = line.split()
        cmd, args = words[0], words[1:]
        where = "script line %d (%r)" % (number, line)

        def integer(word, low, high, sign=False, where=where):
            body = word[1:] if sign and word[:1] in "+-" else word
            # ASCII digits only ('²' passes isdigit(), '٣' passes int()), and no 5,000-digit numbers.
            if not body or len(body) > 9 or any(ch not in "0123456789" for ch in body):
                raise ScriptError("%s: %r is not a whole number" % (where, word))
            value = int(word)
            if not low <= value <= high:
                raise ScriptError("%s: %d is out of range %d..%d" % (where, value, low, high))
            return value

        if cmd == "key" and len(args) == 1:
            steps.append(("key", (integer(args[0], 0, 11),)))
        elif cmd == "hold" and len(args) == 2:
            steps.append(("hold", (integer(args[0], 0, 11), integer(args[1], 0, 600000))))
        elif cmd == "turn" and len(args) == 1:
            steps.append(("turn", (integer(args[0], -100, 100, sign=True),)))
        elif cmd == "click" and not args:
            steps.append(("click", ()))
        elif cmd == "show" and not args:
            steps.append(("show", ()))
        elif cmd == "wait" and len(args) == 1:
            steps.append(("wait", (integer(args[0], 0, 3600000),)))
        elif cmd == "shot" and len(args) == 1:
            if not args[0].lower().endswith(".png"):
                raise ScriptError("%s: a shot is saved as a .png file" % where)
            steps.append(("shot", (args[0],)))
        elif cmd == "choose" and args:
            steps.append(("choose", (" ".join(args),)))
        elif cmd == "play" and len(args) >= 3 and args[1] == "until":
            keys = tuple(integer(k, 0, 11) for k in args[0].split(","))
            steps.append(("play", (keys, " ".join(args[2:]))))
        else:
            raise ScriptError(
                "%s: expected key N, hold N MS, turn +N|-N, click, wait MS, show, shot PATH.png, "
                "choose LABEL or play K,K,.. until TEXT" % where
            )
    return steps


class FileFlash:
    """The device's 4 KB of nvm kept in a file, with the same write rule
    (kalaha.saved.memflash.MemoryFlash)."""

    def __init__(self, path):
        from kalaha.saved.journal import SIZE
        from kalaha.saved.memflash import MemoryFlash

        self.path = path
        self.note = ""  # a file of another size than the nvm's, said on stderr by the simulator
        data = None
        if os.path.exists(path):
            with open(path, "rb") as f:
                data = f.read()
        if data is not None and len(data) != SIZE:
            # Cut or padded as erased flash (an empty file: a new device): what it holds is read,
            # and the store says what it cannot read.
            self.note = "kalaha: %s is %d bytes, not %d: read as %s\n" % (
                path,
                len(data),
                SIZE,
                "its first %d" % SIZE if len(data) > SIZE else "erased flash after its end",
            )
            data = data[:SIZE] + b"\xff" * (SIZE - len(data))
        self.flash = MemoryFlash(data)

    def read(self):
        return self.flash.read()

    def write(self, offset, values):
        self.flash.write(offset, values)
        folder = os.path.dirname(self.path)
        if folder:
            os.makedirs(folder, exist_ok=True)
        tmp = self.path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(self.flash.data)
        os.replace(tmp, self.path)  # never a half-written file


DEFAULT_DATA = os.path.join(os.path.expanduser("~"), ".pocket-kalaha", "nvm.bin")


def led_glow(colour):
    """A NeoPixel's colour as a screen shows it: NeoPixels look brighter than their numbers, so
    the colour is lifted, every channel by the same factor (the hue stays: no channel clips),
    its brightest channel along a square root: dim shades lifted most, and two shades the
    device shows apart (a pit's seed counts) never drawn alike."""
    r, g, b = (colour >> 16) & 255, (colour >> 8) & 255, colour & 255
    top = max(r, g, b)
    if not top:
        return (0, 0, 0)
    lifted = math.isqrt(top * 255)
    return (r * lifted // top, g * lifted // top, b * lifted // top)


def window_scale(pygame, headless):
    """(num, den): the window's size as a fraction of the device picture's, so it fits the
    screen's height with room for a title bar."""
    if headless:
        return (1, 1)
    info = pygame.display.Info()
    room = (info.current_h or HEIGHT + 100) - 100
    if room >= HEIGHT:
        return (1, 1)
    return (max(room, HEIGHT // 3), HEIGHT)


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MUSIC_VOLUME = 0.3  # as the device's music is under its beeps


class Speaker:
    """The background music through pygame's mixer: the device's notes (kalaha.picture.music) as a
    triangle wave, each pitch made once. The mixer starts with the music; without an audio
    device it stays silent. `played`: every (time, Hz) pressed and (time, 0) released."""

    def __init__(self, pygame):
        self.pygame = pygame
        self.player = None  # kalaha.picture.music.Music while the settings' music is on
        self.mixer = None  # True once the mixer runs, False when it cannot
        self.tones = {}  # Hz -> pygame Sound
        self.channel = None
        self.played = []

    def frame(self, app, now):
        if self.player is None:
            if not app.settings["music"]:
                return
            from kalaha.picture.music import TUNES_FILE, open_music

            self.player = open_music(os.path.join(ROOT, TUNES_FILE))
        hz = self.player.step(app, now)
        if hz >= 0:
            self.played.append((now, hz))
            if self.channel is not None:
                self.channel.fadeout(20)
                self.channel = None
            if hz and self.start_mixer():
                self.channel = self.tone(hz).play(loops=-1)
        if not app.settings["music"]:
            self.player.close()
            self.player = None

    def start_mixer(self):
        if self.mixer is None:
            try:
                self.pygame.mixer.init(frequency=22050, size=-16, channels=1)
                self.mixer = self.pygame.mixer.get_init() is not None
            except self.pygame.error:
                self.mixer = False
        return self.mixer

    def tone(self, hz):
        """Half a second of a triangle wave at `hz` (looped while the note sounds), at the
        mixer's own rate and channels."""
        if hz not in self.tones:
            from array import array

            rate, _size, channels = self.pygame.mixer.get_init()
            samples = array("h")
            peak = int(32000 * MUSIC_VOLUME)
            for i in range(rate // 2):
                phase = (i * hz * 4 // rate) % 4  # quarter periods: up, down, down, up
                frac = (i * hz * 4 % rate) / rate
                level = (frac, 1 - frac, -frac, frac - 1)[phase]
                samples.extend([int(level * peak)] * channels)
            self.tones[hz] = self.pygame.mixer.Sound(buffer=samples.tobytes())
        return self.tones[hz]


class Simulator:
    """The app, its OLED frame and a pygame picture of the whole device."""

    def __init__(self, headless, data=None):
        if headless:
            os.environ["SDL_VIDEODRIVER"] = "dummy"
            os.environ["SDL_AUDIODRIVER"] = "dummy"
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        from hw.layout import MACROPAD
        from kalaha.flow.app import App

        self.pygame = pygame
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Pocket Kalaha")
        # The device is drawn at its full size on `self.device`; the window shows it whole,
        # made smaller when the screen is not tall enough (created once, at that size).
        self.device = pygame.Surface((WIDTH, HEIGHT))
        self.fit = window_scale(pygame, headless)
        num, den = self.fit
        self.window = pygame.display.set_mode((WIDTH * num // den, HEIGHT * num // den))
        self.oled = pygame.Surface((128, 64))
        self._oled_shows = None  # (frame bytes, turned) the surface was made from
        from kalaha.saved.memflash import MemoryFlash
        from kalaha.saved.store import Store

        # Saved data: a file (like the device's nvm); headless runs keep it in memory unless
        # --data names a file.
        flash = FileFlash(data) if data else MemoryFlash()
        if data and flash.note:
            sys.stderr.write(flash.note)
        # The help pages open on a first start: a new data file, not a headless run's memory.
        from host.cli_ai import table_path
        from kalaha.search.endgame import open_table

        endgame, _why = open_table(table_path())  # the file make device puts on the drive
        if endgame is not None:
            endgame.verify_all()  # a fraction of a second here (the device checks as it goes)
        from host.deviceclock import DeviceClock

        # The device's frames: a frame's work measured by the device's clock
        # (host.deviceclock), so the simulator plays the device's moves.
        self.clock = DeviceClock()
        self.app = App(
            ticks=self.clock,
            store=Store(flash),
            welcome=bool(data) or not headless,
            endgame=endgame,
            draws_events=False,  # as on the device: the frame is drawn once, at the end of the tick
            columns=MACROPAD.columns,
        )
        self.clock.app = self.app
        self.app.root = ROOT + os.sep  # (its files found from the code's folder, wherever it runs)
        from host.analysis import drive_book

        self.app.thinker.book = drive_book()  # (kalaha/book.txt: the drive carries it)
        self.shown = bytes(self.app.frame.buf)  # the last whole frame: what the panel shows
        self.now = 0
        self.font = pygame.font.Font(None, 28)
        self.held = [False] * 12
        self.layout = MACROPAD
        self.down_view = [-1] * 12  # the view key each held physical key pressed
        self.small = pygame.font.Font(None, 20)
        self.speaker = Speaker(pygame)
        self.step(0)

    # ----- time and drawing ------------------------------------------------------------------

    def step(self, ms=FRAME_MS):
        """One frame: advance the app's clock, show its frame on the OLED, draw the device."""
        self.now += ms
        self.app.tick(self.now, self.clock.begin(self.now))
        if self.app.frame.complete:  # (a frame whose drawing ran out of time waits, as on the device)
            self.shown = bytes(self.app.frame.buf)
        self.app.sounds.clear()  # (the simulator's beeps are silent)
        self.speaker.frame(self.app, self.now)
        self.draw()

    def oled_picture(self):
        """The OLED as the panel shows it: the frame's pixels, turned round when facing North
        (made again only when the frame or the turn changed)."""
        buf = self.shown
        turned = self.app.flip
        if self._oled_shows == (buf, turned):
            return self.oled
        self._oled_shows = (bytes(buf), turned)
        surface = self.oled
        surface.fill((0, 0, 0))
        lit = (150, 220, 255)
        for page in range(8):
            for x in range(128):
                byte = buf[page * 128 + x]
                if not byte:
                    continue
                for bit in range(8):
                    if byte >> bit & 1:
                        y = page * 8 + bit
                        if turned:
                            surface.set_at((127 - x, 63 - y), lit)
                        else:
                            surface.set_at((x, y), lit)
        return surface

    def frames(self, ms):
        for _ in range(max(1, ms // FRAME_MS)):
            self.step()

    def draw(self):
        from host.keycaps import key_caption

        pg = self.pygame
        win = self.device
        win.fill((38, 38, 44))
        pg.draw.rect(win, (10, 10, 10), (MARGIN - 6, MARGIN - 6, OLED_W + 12, OLED_H + 12), border_radius=6)
        win.blit(pg.transform.scale(self.oled_picture(), (OLED_W, OLED_H)), (MARGIN, MARGIN))
        pg.draw.circle(win, (20, 20, 24), ENCODER, ENCODER_R)
        pg.draw.circle(win, (90, 90, 100), ENCODER, ENCODER_R - 10, 3)
        colours = self.physical_pixels()
        for k in range(12):
            x, y = self.key_rect(k)[:2]
            colour = colours[k]
            glow = led_glow(colour)
            cap = (70, 70, 78) if not self.held[k] else (110, 110, 120)
            pg.draw.rect(win, glow, (x - 5, y - 5, KEY_SIZE + 10, KEY_SIZE + 10), border_radius=14)
            pg.draw.rect(win, cap, (x + 6, y + 6, KEY_SIZE - 12, KEY_SIZE - 12), border_radius=10)
            # The key's pit (S3 = South's pit 3) where a board is shown, and its keyboard key.
            caption = key_caption(self.app, self.layout.view_key(k, self.app.flip))
            if caption:
                label = self.font.render(caption, True, (220, 220, 230))
                win.blit(label, (x + 14, y + 12))
            hint = self.small.render(KEYBOARD[k], True, (150, 150, 160))
            win.blit(hint, (x + KEY_SIZE - 30, y + KEY_SIZE - 30))
        if self.app.flip:
            note = self.font.render("turned to North", True, (255, 160, 80))
            win.blit(note, (MARGIN, HEIGHT - 18))
        if self.fit[0] == self.fit[1]:
            self.window.blit(win, (0, 0))
        else:
            self.window.blit(pg.transform.smoothscale(win, self.window.get_size()), (0, 0))
        pg.display.flip()

    def key_rect(self, k):
        col, row = k % 3, k // 3
        return (KEYS_X + col * (KEY_SIZE + KEY_GAP), KEYS_Y + row * (KEY_SIZE + KEY_GAP), KEY_SIZE, KEY_SIZE)

    def save(self, path):
        self.draw()
        folder = os.path.dirname(path)
        if folder:
            os.makedirs(folder, exist_ok=True)
        self.pygame.image.save(self.device, path)

    # ----- input -----------------------------------------------------------------------------

    def physical_pixels(self):
        """The 12 NeoPixels' colours, by physical key, as the device would show them."""
        out = [0] * 12
        flip = self.app.flip
        for view in range(12):
            out[self.layout.pixel(view, flip)] = self.app.pixels[view]
        return out

    def key_down(self, k):
        """Physical key `k` pressed: the profile says which view key it is now."""
        self.held[k] = True
        view = self.layout.view_key(k, self.app.flip)
        self.down_view[k] = view
        self.app.key_down(view)

    def key_up(self, k):
        self.held[k] = False
        view = self.down_view[k]  # released as the key it was pressed as, even if the view turned
        self.down_view[k] = -1
        if view >= 0:
            self.app.key_up(view)

    def run_script(self, steps, out):
        for cmd, args in steps:
            if cmd == "key":
                self.key_down(args[0])
                self.frames(KEY_PRESS_MS)
                self.key_up(args[0])
                self.step()
            elif cmd == "hold":
                self.key_down(args[0])
                self.frames(args[1])
                self.key_up(args[0])
                self.step()
            elif cmd == "turn":
                self.app.turn(args[0])
                self.step()
            elif cmd == "click":
                self.app.click()
                self.step()
            elif cmd == "wait":
                self.frames(args[0])
            elif cmd == "show":
                self.show(out)
            elif cmd == "choose":
                self.choose(args[0])
            elif cmd == "play":
                self.play(args[0], args[1])
            else:
                self.save(args[0])
                out.write("shot %s\n" % args[0])
        self.report(out)

    def choose(self, label):
        """Turn the knob to the menu line starting with `label` and push it."""
        for _ in range(40):
            if any(line.startswith("> " + label) for line in self.text()):
                self.app.click()
                self.step()
                return
            self.app.turn(1)
            self.step()
        raise ScriptError("choose %s: no such line in %r" % (label, self.text()))

    def play(self, keys, until):
        """Press `keys` in turn, a second apart, until a line of the display shows `until`."""
        for n in range(3600):
            if any(until in line for line in self.text()):
                return
            self.key_down(keys[n % len(keys)])
            self.frames(KEY_PRESS_MS)
            self.key_up(keys[n % len(keys)])
            self.frames(1000 - KEY_PRESS_MS)
        raise ScriptError("play: %r never showed" % until)

    def text(self):
        """The OLED's text, read back from the frame's pixels, top line first."""
        from host.reading import read_lines

        return read_lines(self.shown)

    def show(self, out):
        """What the OLED shows now, as text read back from its pixels, and what kind of screen
        that is ("board", "text", "result"; "-" for a picture that is not one whole screen)."""
        from host.reading import screen_kind

        out.write("show:\n")
        for line in self.text():
            out.write("  |%s\n" % line)
        out.write("screen: %s\n" % (screen_kind(self.shown) or "-"))

    def report(self, out):
        out.write("display:\n")
        for line in self.text():
            out.write("  |%s\n" % line)
        out.write("pixels: %s\n" % " ".join("#%06x" % c for c in self.physical_pixels()))
        out.write("rotation: %d\n" % self.layout.rotation(self.app.flip))

    def run_window(self):
        pg = self.pygame
        clock = pg.time.Clock()
        while True:
            for event in pg.event.get():
                if event.type == pg.QUIT or (event.type == pg.KEYDOWN and event.key == pg.K_ESCAPE):
                    return
                if event.type in (pg.KEYDOWN, pg.KEYUP):
                    name = pg.key.name(event.key)
                    down = event.type == pg.KEYDOWN
                    if len(name) == 1 and name in KEYBOARD:
                        k = KEYBOARD.index(name)
                        if down and not self.held[k]:
                            self.key_down(k)
                        elif not down and self.held[k]:
                            self.key_up(k)
                    elif down and event.key in (pg.K_RIGHT, pg.K_DOWN):
                        self.app.turn(1)
                    elif down and event.key in (pg.K_LEFT, pg.K_UP):
                        self.app.turn(-1)
                    elif down and event.key in (pg.K_RETURN, pg.K_SPACE, pg.K_KP_ENTER):
                        self.app.click()
                elif event.type == pg.MOUSEWHEEL:
                    self.app.turn(-event.y)
                elif event.type == pg.MOUSEBUTTONDOWN and event.button == 1:
                    k = self.key_at(event.pos)
                    if k >= 0:
                        self.key_down(k)
                    elif (event.pos[0] - ENCODER[0]) ** 2 + (event.pos[1] - ENCODER[1]) ** 2 <= ENCODER_R**2:
                        self.app.click()
                elif event.type == pg.MOUSEBUTTONUP and event.button == 1:
                    for k in range(12):
                        if self.held[k]:
                            self.key_up(k)
            self.step(clock.tick(1000 // FRAME_MS))

    def key_at(self, pos):
        for k in range(12):
            x, y, w, h = self.key_rect(k)
            if x <= pos[0] < x + w and y <= pos[1] < y + h:
                return k
        return -1


USAGE = "usage: python code.py [--data FILE] [--headless --script FILE]\n"
SCRIPT_HELP = """
--script FILE: a script of input, one command a line (# starts a comment); every line is
checked before the first runs. Time passes in frames of 20 ms: key, turn and click (each
step of choose too) run one frame after their input, wait as many as its ms make.
  key N            press and let go key N, held 60 ms (0..11: 0 1 2 the top row, 9 10 11
                   the bottom one, as the device lies before you; the picture turns for
                   North in a two-player game, the keys' numbers do not)
  hold N MS        hold key N for MS ms (a held pit shows where it ends), then let go
  turn +N | -N     turn the knob N steps (clockwise +), -100..100
  click            push the knob
  wait MS          let MS ms pass (the computer thinks, a sowing runs, the display dims)
  choose LABEL     turn the knob to the menu line starting with LABEL and push it
  play K,K.. until TEXT
                   press the keys in turn, one a second, until a line of the display shows TEXT
  show             print the display's text (read back from its pixels) and its kind of screen
  shot PATH.png    save the picture of the device (display and keys) as PATH.png
After the last line the display's text, the keys' colours and the picture's rotation are
printed. Headless without --data FILE nothing is saved and the main menu comes first (with a
new data file, How to play, as on a first start: `click` leaves it). Example (a game against
the computer, its first move; docs/screens.script is a longer script):
  choose Play computer
  choose Start game
  key 8
  wait 3000
  show
  click
"""
NO_DISPLAY = (
    "kalaha: no display to open a window on: run `python code.py --headless --script FILE` "
    "(see README), or play in the terminal: `python -m kalaha play`\n"
)


def display_available():
    """False on a Linux machine with no X or Wayland display (SDL would run an invisible window)."""
    if not sys.platform.startswith("linux"):
        return True
    if os.environ.get("SDL_VIDEODRIVER") not in (None, "", "x11", "wayland"):
        return os.environ["SDL_VIDEODRIVER"] not in ("dummy", "offscreen")
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def data_problem(path):
    """Why `path` cannot hold the saved data, or "" when it can."""
    if os.path.isdir(path):
        return "is a folder; name a file"
    if os.path.exists(path):
        if not os.access(path, os.R_OK | os.W_OK):
            return "cannot be read and written"
        return ""
    folder = os.path.dirname(os.path.abspath(path))
    while folder and not os.path.exists(folder):
        folder = os.path.dirname(folder)
    if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        return "cannot be created (folder %s is not writable)" % folder
    return ""


def main(argv=None, out=None):
    out = out or sys.stdout
    argv = sys.argv[1:] if argv is None else argv
    headless = "--headless" in argv
    script = None
    data = None
    rest = [a for a in argv if a != "--headless"]
    if "--help" in rest or "-h" in rest:
        out.write(USAGE + __doc__ + SCRIPT_HELP)
        return 0
    while rest:
        if rest[0] in ("--script", "--data") and len(rest) >= 2:
            if rest[0] == "--script":
                script = rest[1]
            else:
                data = rest[1]
            rest = rest[2:]
        else:
            sys.stderr.write(USAGE)
            return 2
    if headless and script is None:
        sys.stderr.write("kalaha: --headless needs --script FILE\n")
        return 2
    steps = None
    if script is not None:
        try:
            with open(script, "rb") as f:
                raw = f.read()
            steps = parse_script(raw.decode("utf-8"))
        except OSError as e:
            sys.stderr.write("kalaha: cannot read script: %s\n" % e)
            return 2
        except UnicodeDecodeError as e:
            sys.stderr.write("kalaha: script %s is not UTF-8 text (byte %d)\n" % (script, e.start + 1))
            return 2
        except ScriptError as e:
            sys.stderr.write("kalaha: %s\n" % e)
            return 2
    if data is None and not headless:
        data = DEFAULT_DATA
    if data is not None:
        problem = data_problem(data)
        if problem:
            sys.stderr.write("kalaha: --data %s: %s\n" % (data, problem))
            return 2
    if not headless and not display_available():
        sys.stderr.write(NO_DISPLAY)
        return 2
    sim = Simulator(headless, data)
    if not headless and sim.pygame.display.get_driver() in ("offscreen", "dummy"):
        sim.pygame.quit()
        sys.stderr.write(NO_DISPLAY)
        return 2
    if steps is not None:
        sim.run_script(steps, out)
    else:
        sim.run_window()
    sim.pygame.quit()
    return 0
