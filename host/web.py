"""The web page's front end: the app in MicroPython's WebAssembly port, driven by web/kalaha.js.
Host-only, never on the device; it runs in CPython too (the browser test replays the page there)."""

from binascii import crc32, hexlify, unhexlify

from host.deviceclock import DeviceClock
from hw.layout import MACROPAD
from kalaha.picture.draw import PANEL_X
from kalaha.picture.frame import Frame
from kalaha.saved.journal import SIZE
from kalaha.saved.memflash import MemoryFlash
from kalaha.saved.store import Store

FRAME_MS = 20  # the page ticks the app every 20 ms, as the simulator steps (host/desktop.py)


class BrowserFlash:
    """The device's 4 KB of nvm kept by the page in the browser's storage: MemoryFlash's write
    rule, and a flag the page reads after each frame to store the image again."""

    def __init__(self, raw):
        self.flash = MemoryFlash(raw if len(raw) == SIZE else None)
        # An image of the wrong size (damaged storage) is given to the store as it is: the store
        # says so and starts afresh, as the device does with damaged data; then it is replaced.
        self.raw = raw if raw and len(raw) != SIZE else None
        self.written = False

    def read(self):
        return self.raw if self.raw is not None else self.flash.read()

    def write(self, offset, values):
        self.raw = None
        self.flash.write(offset, values)
        self.written = True


class TextFrame(Frame):
    """A blank frame that notes every text and number drawn on it, with its page and x: the
    display's words as the app drew them, for the page's text twin (Web.twin)."""

    def __init__(self):
        Frame.__init__(self)
        self.words = []  # (page, x, text, inverted)
        self.numbers = []  # (page, x, digits): big digits (stores, scores)

    def text(self, x, page, text, inverted=False, width=0):
        if text.strip():
            self.words.append((page, x, text.strip(), inverted))
        Frame.text(self, x, page, text, inverted, width)

    def number(self, x, y, value, scale, digits=0, dark=False):
        self.numbers.append((y // 8, x, "%d" % value))
        Frame.number(self, x, y, value, scale, digits, dark)

    def lines(self, skip=(), mark=""):
        """The words page by page, left to right, as lines (those in `skip` left out; a line
        with words drawn inverted, `mark` after it)."""
        out = []
        for page in range(8):
            words = [w for w in self.words if w[0] == page and w[2] not in skip]
            row = sorted(
                [(x, text) for _p, x, text, _inv in words] + [(x, t) for p, x, t in self.numbers if p == page]
            )
            if row:
                inverted = any(w[3] for w in words)
                out.append(" ".join(text for _x, text in row) + (mark if inverted else ""))
        return out


def image_bytes(text):
    """The saved image from the page's storage, as hex text: b"" for none (a new device),
    and what cannot be read as hex some bytes of the wrong size (the store reports it)."""
    if not text:
        return b""
    try:
        return unhexlify(text)
    except ValueError:
        return b"?"


def twin_of(title, lines, items=(), chosen=-1, words=""):
    return {"title": title, "lines": lines, "items": list(items), "chosen": chosen, "words": words}


class Web:
    """The app and what the page shows of it: the OLED's 1 KB frame, the keys' colours in the
    physical keys' order, the display's turn, the sounds and the saved image."""

    def __init__(self, image="", endgame=None):
        from kalaha.flow.app import App

        # The page plays as the device does: its frames' work (the device's clock,
        # host.deviceclock), so the page and the simulator play the device's moves.
        self.flash = BrowserFlash(image_bytes(image))
        self.clock = DeviceClock()
        self.app = App(
            store=Store(self.flash),
            ticks=self.clock,
            endgame=endgame,
            draws_events=False,  # as on the device: the frame is drawn once, at the end of the tick
            columns=MACROPAD.columns,
        )
        self.clock.app = self.app
        from kalaha.search.book import FILE, Book

        try:  # (kalaha/book.txt beside host/, as the drive has it beside code.py)
            self.app.thinker.book = Book(__file__.rpartition("host/")[0] + FILE)
        except (OSError, ValueError):
            pass  # (the levels search their first turns too)
        self.shown = bytes(self.app.frame.buf)  # the last whole frame: what the panel shows
        self.layout = MACROPAD
        self.down_view = [-1] * 12  # the view key each held physical key pressed
        self.now = 0
        self.table = None  # the endgame table being checked (open_table), until the app has it
        self.player = None  # kalaha.picture.music.Music while the settings' music is on

    # ----- input: physical keys, as the simulator takes them ----------------------------------

    def key_down(self, k):
        if 0 <= k < 12 and self.down_view[k] < 0:
            view = self.layout.view_key(k, self.app.flip)
            self.down_view[k] = view
            self.app.key_down(view)

    def key_up(self, k):
        if 0 <= k < 12 and self.down_view[k] >= 0:
            view = self.down_view[k]  # released as the key it was pressed as, even if the view turned
            self.down_view[k] = -1
            self.app.key_up(view)

    def cancel(self, k):
        """Physical key k let go unsown: the page lost its hold (the window's focus, a context
        menu, a touch cancelled or slid off the key). The device's way to let a held key go
        unsown is the knob's push (App.game_click): its release then does nothing."""
        if 0 <= k < 12 and self.down_view[k] >= 0:
            self.app.pressed[self.down_view[k]] = -2
            self.key_up(k)

    def turn(self, delta):
        self.app.turn(delta)

    def click(self):
        self.app.click()

    # ----- the endgame table, fetched by the page after its first frame ------------------------

    def open_table(self, path):
        """Open the endgame table the page fetched to `path`; it is checked a piece at a time
        (check_table) before the app gets it. Returns why not ("" when opened)."""
        from kalaha.search.endgame import open_table

        self.table, why = open_table(path)
        return why

    def check_table(self, pieces):
        """Check up to `pieces` more chunks of the opened table: "" while checking, "ready" once
        the app has it (the computer and the hint use it from the next frame on), else why it
        was dropped. The simulator checks its table whole at start-up; the page in the frames'
        spare time."""
        try:
            for _ in range(pieces):
                if self.table.verify_step():
                    self.app.thinker.endgame = self.table
                    self.table = None
                    return "ready"
        except (OSError, ValueError):
            self.table = None
            return "endgame table damaged"
        return ""

    # ----- time and what the page shows -------------------------------------------------------

    def tick(self, now):
        """One frame at `now` (ms since the page started, never going back). Returns a number
        that changes whenever the picture does (frame, keys' colours, turn, brightness)."""
        if now > self.now:
            self.now = now
        app = self.app
        app.tick(self.now, self.clock.begin(self.now))
        if app.frame.complete:  # (a frame whose drawing ran out of time waits, as on the device)
            self.shown = bytes(app.frame.buf)
        picture = crc32(self.shown)
        picture = crc32(self.pixels().encode(), picture)
        return (picture ^ (app.flip << 1) ^ app.power) & 0x3FFFFFFF  # (a small int, in any Python)

    def frame(self):
        """The OLED's 1 KB frame as hex: byte page * 128 + x, bit y & 7, as the panel takes it."""
        return hexlify(self.shown).decode()

    def pixels(self):
        """The 12 keys' colours (0xRRGGBB) as hex, by physical key: turned with the display."""
        flip = self.app.flip
        out = [0] * 12
        for view in range(12):
            out[self.layout.pixel(view, flip)] = self.app.pixels[view]
        return "".join("%06x" % c for c in out)

    def flip(self):
        return bool(self.app.flip)

    def power(self):
        """0 awake, 1 dimmed, 2 off."""
        return self.app.power

    def sound(self):
        """This frame's newest sound as "hz ms" ("" for none, or with the sound off), then none:
        the speaker plays the newest, as the device's does."""
        sounds = self.app.sounds
        newest = sounds[-1] if sounds and self.app.settings["sound"] else None
        sounds.clear()
        return "%d %d" % newest if newest else ""

    def music(self):
        """The music's change this frame (call after tick): "HZ" to press a note (the one
        sounding released), "0" to release it, "" for none. kalaha.picture.music steps the notes, as on
        the device; imported only while the music is on."""
        app = self.app
        if self.player is None:
            if not app.settings["music"]:
                return ""
            from kalaha.picture.music import open_music

            self.player = open_music()
        hz = self.player.step(app, self.now)
        if not app.settings["music"]:
            self.player.close()
            self.player = None
        return "%d" % hz if hz >= 0 else ""

    def saved(self):
        """The 4 KB image as hex once a write changed it since the last call, else ""."""
        if not self.flash.written:
            return ""
        self.flash.written = False
        return hexlify(self.flash.flash.data).decode()

    def twin(self):
        """The display as text for the page's screen-reader twin, as JSON: `title` (a screen
        changed when it changes), `lines` (what it shows, a board's pits and stores named),
        `items` (a menu's rows, all of them) with the `chosen` one, and `words` (the line that
        says what just happened or what to do)."""
        from json import dumps

        app = self.app
        s = app.screen
        if app.power == 2:
            return dumps(twin_of("", ["The display is off: any key wakes it."]))
        f = self.drawn_as_text()
        if s.shows_board and app.game.mode.pit_keys and app.view.columns == 3:
            return dumps(self.board_twin(f))
        items = [] if s.shows_board else [label for label, _action in s.items(app)]
        lines = f.lines(items, " (to move)" if s.shows_board else "")
        title = lines[0] if lines else ""
        if getattr(s, "rows_of", None) is not None:  # (a list: every row, not just the six shown)
            lines = [title] + [row.strip() for row in s.rows(app) if row.strip()] + lines[-1:]
        words = lines[-1] if len(lines) > 1 else ""
        if s.shows_board:  # (seven pits, a ring: the words are the lines after the last figures)
            last = max([i for i, line in enumerate(lines) if any(c.isdigit() for c in line)] or [0])
            words = " ".join(lines[last + 1 :])
        return dumps(twin_of(title, lines, items, app.cursor if items else -1, words))

    def board_twin(self, f):
        """A board of two sides as text: each side's name (marked when it moves), store and pits
        (pit 1 first), then the words beside the stores."""
        from kalaha.rules.board import SIDE_NAMES

        app = self.app
        b, cells, viewer = app.view.shown(app)
        panel = {}  # page -> (its words right of the pits, drawn inverted)
        for page, x, text, inverted in f.words:
            if x >= PANEL_X:
                panel[page] = (panel[page][0] + " " + text if page in panel else text, inverted)
        lines = []
        for side, page in ((1 - viewer, 0), (viewer, 7)):
            label, moves = panel.get(page, ("", False))
            if app.screen.replays:
                letter = SIDE_NAMES[side][0].upper()
            else:
                letter = app.view.pit_letter(app.game, side)
            pits = ", ".join(
                "%s%d %d" % (letter, p, cells[b.pit_index(side, p)]) for p in range(1, b.pits + 1)
            )
            to_move = " (to move)" if moves else ""
            lines.append("%s%s: store %d; pits %s" % (label, to_move, cells[b.store_index(side)], pits))
        info = panel.get(1, ("", False))[0]
        words = " ".join(panel[p][0] for p in (3, 4) if p in panel)
        lines += [text for text in (info, words) if text]
        return twin_of(panel.get(0, ("", False))[0], lines, words=words)

    def drawn_as_text(self):
        """The state drawn on a TextFrame, as on a blank frame (nothing remembered): the app's
        frame, pixels and the view's note of what it drew are as they were."""
        app = self.app
        kept, start = app.frame, app.thinker.frame_start
        pixels = list(app.pixels)
        drawn = list(app.view.drawn_state)
        f = TextFrame()
        app.frame, app.thinker.frame_start = f, None
        try:
            app.render()
        finally:
            app.frame, app.thinker.frame_start = kept, start
            app.pixels[:] = pixels
            app.view.drawn_state[:] = drawn
        return f

    def labels(self):
        """What each physical key does where a board is shown ("S3", "N1"; on seven pits "<",
        "sow", ">"), else "", comma separated: the simulator's key captions."""
        from host.keycaps import key_caption

        return ",".join(key_caption(self.app, self.layout.view_key(k, self.app.flip)) for k in range(12))
