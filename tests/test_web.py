"""The handheld in a web browser (make web): the page in headless Chromium, played by mouse,
keyboard and touch, its frames replayed through the same front end in CPython, pixel for pixel."""

import base64
import gzip
import json
import os
import shutil
import statistics
import subprocess
import threading
import time

import pytest
from vm import ROOT

from host.reading import board_label, read_board, read_lines, screen_kind
from host.web import BrowserFlash, Web, image_bytes
from kalaha.rules import notation
from tools import web as webtool

pytestmark = (
    pytest.mark.device
)  # (CircuitPython's tools, the emulator or a browser: make test, not make check)

CHROMIUM = os.environ.get("KALAHA_CHROMIUM", "/usr/bin/chromium")
DRIVER = os.path.join(ROOT, "tests", "web_driver.mjs")
KEYBOARD = "123qweasdzxc"  # web/kalaha.js, as host/desktop.py
STORAGE = "pocket-kalaha-nvm"
FIGURES = {}  # measured in the browser, printed at the end of a test


def require_browser():
    """Chromium, Node.js and playwright-core, or a skip (a failure in CI, which installs them)."""
    missing = []
    if not os.path.exists(CHROMIUM):
        missing.append("chromium (%s; apt-get install chromium)" % CHROMIUM)
    if shutil.which("node") is None:
        missing.append("node")
    if not os.path.isdir(os.path.join(ROOT, "node_modules", "playwright-core")):
        missing.append("npm's playwright-core (npm ci)")
    if not os.path.exists(os.path.join(webtool.RUNTIME, "micropython.wasm")):
        missing.append("npm's MicroPython WebAssembly port (npm ci)")
    if missing:
        if os.environ.get("CI"):
            pytest.fail("CI must run the browser test: missing %s" % ", ".join(missing))
        pytest.skip("no browser test here: missing %s" % ", ".join(missing))


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The built page (tools.web.build, as make web does), served on a free localhost port."""
    require_browser()
    folder = str(tmp_path_factory.mktemp("web"))
    with open(os.devnull, "w") as quiet:
        webtool.build(folder, log=quiet)  # (with the endgame table where numpy or build/ has one)
    httpd = webtool.server(folder, port=0)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield "http://127.0.0.1:%d/" % httpd.server_port, folder
    httpd.shutdown()
    httpd.server_close()


class Page:
    """The page in Chromium (tests/web_driver.mjs), played as a person would with one of
    `mouse`, `touch` or `keyboard`; what it shows is read back from its frame (host.reading)."""

    def __init__(self, profile, site, phone=False, way="mouse"):
        url, self.folder = site
        self.proc = subprocess.Popen(
            ["node", DRIVER, CHROMIUM, str(profile)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.way = way
        self.url = url + "?record"
        self.sessions = []  # (the image the page started from, its log) of each load, closed
        self.ready = [self.send("open", url=self.url, phone=phone)["ready"]]

    def send(self, op, **args):
        self.proc.stdin.write(json.dumps(dict(op=op, **args)) + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline() or '{"error": "the driver stopped"}')
        if "error" in answer:
            raise AssertionError("browser: %s: %s" % (op, answer["error"]))
        return answer["ok"]

    def js(self, code):
        return self.send("eval", js=code)

    def close(self):
        errors = self.send("errors")
        self.send("close")
        self.proc.wait(timeout=30)
        assert errors == [], errors  # no exception in the page, no Python traceback

    # ----- what it shows ---------------------------------------------------------------------

    def frame(self):
        return bytes.fromhex(self.js("kalaha.web.frame()"))

    def lines(self):
        return read_lines(self.frame())

    def wait(self, what, seconds=20, every=0.05):
        """Poll until what(frame) is true; the frame it was true of."""
        deadline = time.monotonic() + seconds
        while True:
            buf = self.frame()
            if what(buf):
                return buf
            if time.monotonic() > deadline:
                raise AssertionError("the page never showed it; it shows %r" % read_lines(buf))
            time.sleep(every)

    def changed(self, before, seconds=3):
        """True once the frame is no longer `before` (False after `seconds`: a press may do
        nothing, a key not allowed only flashing red)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.frame() != before:
                return True
            time.sleep(0.03)
        return False

    def wait_text(self, text, seconds=20):
        return self.wait(lambda buf: any(text in line for line in read_lines(buf)), seconds)

    # ----- input, the chosen way ---------------------------------------------------------------

    def key(self, k):
        """Press and let go of physical key k."""
        if self.way == "keyboard":
            self.send("key", key=KEYBOARD[k], hold=60)
        elif self.way == "touch":
            self.send("tap", selector=".key[data-key='%d']" % k)
        else:
            self.send("click", selector=".key[data-key='%d']" % k)

    def turn(self, steps):
        if self.way == "keyboard":
            for _ in range(abs(steps)):
                self.send("key", key="ArrowRight" if steps > 0 else "ArrowLeft")
        elif self.way == "touch":
            self.send("drag", selector="#knob", turns=steps, touch=True)
        else:
            self.send("wheel", selector="#knob", dy=40 * steps)

    def push(self):
        if self.way == "keyboard":
            self.send("key", key="Enter")
        elif self.way == "touch":
            self.send("tap", selector="#knob")
        else:
            self.send("click", selector="#knob")

    def next_frame(self):
        time.sleep(0.06)  # (the page ticks every 20 ms: the input is drawn by then)

    def cursor_to(self, label):
        """Turn the knob until the menu's cursor is on the line starting with `label`."""
        for _ in range(30):
            lines = self.lines()
            if any(line.startswith("> " + label) for line in lines):
                return
            self.turn(1)
            self.next_frame()
        raise AssertionError("no menu line %r in %r" % (label, self.lines()))

    def choose(self, label):
        """Turn the knob to the menu line starting with `label` and push it (host/desktop.py)."""
        self.cursor_to(label)
        self.push()
        self.next_frame()

    def setting(self, label, value):
        """Push a settings line until it reads `label: value`."""
        self.cursor_to(label)
        for _ in range(8):
            if "> %s: %s" % (label, value) in [line.rstrip(" v^") for line in self.lines()]:
                return
            self.push()
            self.next_frame()
        raise AssertionError("%s never became %s: %r" % (label, value, self.lines()))

    def leave_help(self):
        """A first start opens the help pages: the knob's push leaves them."""
        self.wait_text("How to play")
        self.push()
        self.wait_text("> Play computer")

    def small_games(self, pits=4):
        """Settings: 3 seeds in 4 pits (or `pits`), the fastest sowing (games of a few seconds)."""
        self.choose("Settings")
        self.setting("Seeds", "3")
        self.setting("Pits", str(pits))
        self.setting("Animation", "fast")
        self.choose("Back")

    def reload(self):
        self.sessions.append(self.session())
        self.ready.append(self.send("reload")["ready"])

    def session(self):
        return self.js("[kalaha.start, kalaha.log]")


def play_computer(page, stop_after=None):
    """Play pits as a person would: on our turn (our name marked, the board still) the first of
    our pits with seeds. Returns when the result shows, or after `stop_after` of our moves
    at our next turn. Returns the number of our moves."""
    moves = 0
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        buf = page.frame()
        kind = screen_kind(buf)
        if kind == "result":
            return moves
        if kind == "board" and board_label(buf, 1)[1]:
            time.sleep(0.15)
            if read_board(page.frame()) != read_board(buf):
                continue  # (a sowing shown seed by seed: watch it)
            if stop_after is not None and moves >= stop_after:
                return moves
            pits = read_board(buf)[0]
            key = next(k for k in range(6, 12) if pits[k])
            page.key(key)
            moves += 1
            page.changed(buf)
        time.sleep(0.05)
    raise AssertionError("the game did not end: %r" % page.lines())


def play_ring(page):
    """A game of 3-4 players: on the person's turn ("Blue: your move") a lit key, the last
    first (an empty pit is dark). Returns at the places; the number of sowings pressed."""
    deadline = time.monotonic() + 90
    pressed = 0
    while time.monotonic() < deadline:
        lines = page.lines()
        if any("Again" in line for line in lines):
            return pressed
        colours = page.js("[...document.querySelectorAll('.key')].map((k) => k.dataset.colour)")
        lit = [k for k in range(12) if colours[k] not in (None, "000000")]
        if any("your move" in line for line in lines) and lit:
            before = page.frame()
            page.key(lit[-1])
            pressed += 1
            page.changed(before)
        time.sleep(0.05)
    raise AssertionError("the game of three did not end: %r" % page.lines())


# ----- the page's frames against CPython ------------------------------------------------------


def unpacked_table(folder):
    """The build's endgame table (shipped gzip-compressed) unpacked beside it, for CPython."""
    path = os.path.join(folder, webtool.TABLE)
    if not os.path.exists(path):
        with gzip.open(path + ".gz", "rb") as packed, open(path, "wb") as f:
            shutil.copyfileobj(packed, f)
    return path


def replay(start, log, folder):
    """The page's inputs and tick times through host.web.Web in CPython: the first tick whose
    picture differs from the page's (None: every one is the same), and the Web at the end."""
    web = Web(start)
    sounded, heard = [], []  # (ms, "hz ms"): the page's sounds, CPython's
    for t, what, arg in log:
        if what == "s":
            sounded.append((t, arg))
        elif what == "e":  # the endgame table, checked whole: the app has it from here on
            assert web.open_table(unpacked_table(folder)) == ""
            assert web.check_table(1 << 30) == "ready"
        elif what == "t":
            if web.tick(t) != arg:
                return (t, read_lines(web.app.frame.buf)), web
            sound = web.sound()
            if sound:
                heard.append((t, sound))
            web.saved()
        elif what == "d":
            web.key_down(arg)
        elif what == "u":
            web.key_up(arg)
        elif what == "x":
            web.cancel(arg)
        elif what == "r":
            web.turn(arg)
        else:
            web.click()
    assert sounded == heard, "the page's sounds are not CPython's"
    return None, web


def check_replays(page, continued=True):
    """Every session's every frame equal in CPython; each reload started from the image the
    session before it had saved (`continued`). Returns the number of frames compared and the
    last session's host.web.Web."""
    frames = 0
    saved = None
    for start, log in page.sessions:
        if saved is not None and continued:
            assert start == saved, "the reload did not start from the last saved image"
        ticks = sum(1 for entry in log if entry[1] == "t")
        assert ticks > 10
        differs, web = replay(start, log, page.folder)
        assert differs is None, "frame at %d ms differs from CPython's (which shows %r)" % differs
        saved = web.flash.flash.data.hex()
        frames += ticks
    return frames, web


def check_canvas(page):
    """The canvas shows the frame pixel for pixel (turned round when facing North)."""
    got = page.js(
        """(() => {
          const c = document.getElementById('oled');
          const d = c.getContext('2d').getImageData(0, 0, 128, 64).data;
          let lit = '';
          for (let i = 0; i < d.length; i += 4) lit += d[i + 2] > 128 ? '1' : '0';
          return [lit, kalaha.web.frame(), kalaha.web.flip()];
        })()"""
    )
    lit, frame_hex, turned = got
    buf = bytes.fromhex(frame_hex)
    want = []
    for y in range(64):
        for x in range(128):
            fx, fy = (127 - x, 63 - y) if turned else (x, y)
            want.append("1" if buf[(fy >> 3) * 128 + fx] >> (fy & 7) & 1 else "0")
    assert lit == "".join(want), "the canvas is not the frame"
    assert "1" in lit
    return turned


def frame_figures(page, name):
    """Frame times while the computer's search ran: printed (speed is measured, never asserted).
    Returns the frames a second then, or None with too few such frames to tell."""
    times = page.js("kalaha.frameTimes")
    # (the time from the frame before to a frame in which the search ran, and that frame's work)
    gaps = [b[0] - a[0] for a, b in zip(times, times[1:], strict=False) if b[2]]
    took = sorted(t for _start, t, thinking in times if thinking)
    if len(took) < 3:
        return None
    FIGURES[name] = "%d frames while the computer thought: %.1f frames/s, a frame's work median %.1f ms, " % (
        len(took),
        1000 / statistics.mean(gaps),
        took[len(took) // 2],
    ) + "95%% %.1f ms, longest %.1f ms" % (took[len(took) * 95 // 100], took[-1])
    return 1000 / statistics.mean(gaps)


@pytest.fixture(autouse=True)
def print_figures(capsys):
    """The figures a browser test measured, printed past pytest's capture (make test shows them)."""
    FIGURES.clear()
    yield
    with capsys.disabled():
        for name, text in sorted(FIGURES.items()):
            print("\nweb: %s: %s" % (name, text), end="")


# ----- in the browser ---------------------------------------------------------------------------


def test_a_game_against_the_computer_by_mouse_goes_on_after_a_reload_and_equals_cpython(site, tmp_path):
    page = Page(tmp_path / "profile", site)
    try:
        page.leave_help()
        page.small_games(pits=6)  # (6 pits: the endgame table's rules, which Expert uses)
        page.choose("Play computer")
        page.setting("Level", "expert")  # (the most thinking: the frame rate while it thinks)
        page.choose("Start game")
        check_canvas(page)
        play_computer(page, stop_after=2)
        before = read_board(page.frame())
        page.send("screenshot", path=str(tmp_path / "desktop.png"))
        page.reload()
        # After the reload, as after a power cut: the menu offers the exact game.
        page.wait_text("> Continue")
        page.choose("Continue")
        after = page.wait(lambda buf: screen_kind(buf) == "board")
        assert read_board(after) == before
        play_computer(page)
        assert any(word in " ".join(page.lines()) for word in ("win", "Draw", "draw"))
        check_canvas(page)
        assert page.js("kalaha.beeps") > 0  # (WebAudio, started by the first click)
        fps = frame_figures(page, "desktop")
        page.sessions.append(page.session())
        frames, _web = check_replays(page)
        # The endgame table: fetched after the first frame and checked in spare time, then the app's.
        ready = [entry[0] for _start, log in page.sessions for entry in log if entry[1] == "e"]
        note = page.js("document.getElementById('endgame-note').textContent")
        if os.path.exists(os.path.join(page.folder, webtool.TABLE + ".gz")):
            assert len(ready) == len(page.sessions) and "is loaded" in note
            FIGURES["table"] = "in the app %s ms after its start" % " and ".join("%d" % t for t in ready)
        else:
            assert ready == [] and "built without" in note
        FIGURES["load"] = "first frame %s ms after the page's start (then after the reload)" % " and ".join(
            "%.0f" % r for r in page.ready
        )
        FIGURES["replayed"] = "%d frames equal in CPython" % frames
        assert max(page.ready) < 10000  # (a sanity bound: the figure itself is printed)
        assert fps is None or fps > 10
    finally:
        page.close()


def test_saved_data_damaged_in_storage_a_game_of_three_by_clicks_and_two_players_by_keyboard(site, tmp_path):
    page = Page(tmp_path / "profile", site)
    try:
        page.leave_help()
        page.small_games()
        page.wait_text("> Play computer")
        # The last record of the saved image damaged: the page says so and keeps what it can.
        image = page.js("localStorage.getItem('%s')" % STORAGE)
        raw = bytearray(base64.b64decode(image))
        assert len(raw) == 4096
        end = raw.index(b"\xff" * 8)
        raw[end - 2] ^= 0x5A
        page.js("localStorage.setItem('%s', '%s')" % (STORAGE, base64.b64encode(bytes(raw)).decode()))
        page.reload()
        page.wait_text("Part lost: rest kept")
        page.choose("Settings")
        shown = [line.removeprefix("> ").rstrip(" v^") for line in page.lines()]
        assert "Seeds: 3" in shown and "Pits: 4" in shown  # (kept: earlier records)
        page.choose("Back")
        # Storage that is no saved image at all: the device's answer to a wrong size.
        page.js("localStorage.setItem('%s', 'not an image')" % STORAGE)
        page.reload()
        page.wait_text("Save damaged: all new")
        page.small_games()
        # Three players by clicks: Blue a person, Orange and Violet the computer (Easy).
        page.choose("3-4 players")
        page.setting("Level", "easy")
        page.setting("Pits", "3")
        page.setting("Seeds", "3")
        page.choose("Start game")
        assert play_ring(page) >= 2
        check_canvas(page)
        page.send("screenshot", path=str(tmp_path / "ring.png"))
        # Two players by the keyboard: arrows and Enter for the knob, letters for the keys.
        page.way = "keyboard"
        page.choose("Main menu")
        page.choose("Two players")
        page.wait(lambda buf: screen_kind(buf) == "board")
        page.key(8)  # 'd': South's pit 1 (4 pits: S1..S4 on keys 8..11), its 3 seeds short of the store
        page.wait(lambda buf: page.js("kalaha.web.flip()"), 10)
        assert check_canvas(page)  # turned round for North, pixel for pixel
        assert page.js("document.getElementById('turned').hidden") is False
        page.send("screenshot", path=str(tmp_path / "north.png"))
        for attempt in range(3):  # (keys mashed by South do nothing for North a moment after the handover)
            time.sleep(1)
            page.key(3)  # 'q': held by North, the device turned, that is North's pit 1
            try:
                page.wait(lambda buf: not page.js("kalaha.web.flip()"), 4)
                break
            except AssertionError:
                if attempt == 2:
                    raise
        assert not check_canvas(page)
        page.sessions.append(page.session())
        frames, web = check_replays(page, continued=False)
        assert web.app.game.board.moves() == [1, 1]
        FIGURES["replayed"] = "%d frames equal in CPython" % frames
    finally:
        page.close()


def test_a_phone_plays_a_whole_game_by_touch(site, tmp_path):
    page = Page(tmp_path / "profile", site, phone=True, way="touch")
    try:
        fits = page.js(
            """(() => {
              const r = document.getElementById('fit').getBoundingClientRect();
              const key = document.querySelector('.key').getBoundingClientRect();
              const knob = document.getElementById('knob').getBoundingClientRect();
              const wide = document.documentElement.scrollWidth;
              return [r.right <= innerWidth, r.bottom <= innerHeight, wide <= innerWidth,
                      Math.min(key.width, key.height), knob.width];
            })()"""
        )
        assert fits[:3] == [True, True, True]  # the whole device on the screen, upright
        assert fits[3] >= 44 and fits[4] >= 44  # keys and knob big enough for a thumb (CSS px)
        page.leave_help()
        page.small_games()  # (the knob turned by dragging round it)
        page.choose("Play computer")
        page.setting("Level", "strong")
        page.choose("Start game")
        page.send("screenshot", path=str(tmp_path / "phone.png"))
        assert play_computer(page) >= 2
        check_canvas(page)
        fps = frame_figures(page, "phone")
        page.sessions.append(page.session())
        frames, web = check_replays(page)
        # The page plays the device's Strong: its turns are the command line's.
        record = notation.record(web.app.game.board)
        on_page = "kalaha.mp.pyimport('kalaha.rules.notation').record(kalaha.web.app.game.board)"
        assert record == page.js(on_page)
        packed = os.path.exists(os.path.join(page.folder, webtool.TABLE + ".gz"))
        table = unpacked_table(page.folder) if packed else str(tmp_path / "none.kdb")
        assert_command_line_turns(
            record, "strong", web.app.games_started, table, ("--pits", "4", "--seeds", "3")
        )
        FIGURES["replayed"] = "%d frames equal in CPython" % frames
        FIGURES["load"] = "first frame %.0f ms after the page's start" % page.ready[0]
        assert fps is None or fps > 10
    finally:
        page.close()


KEY_EVENT = "document.body.dispatchEvent(new KeyboardEvent('%s', {code: '%s', key: '%s', bubbles: true}));"


SCREENS = ((390, 844), (1024, 600), (1280, 720), (1366, 768), (1920, 1080))  # a phone, laptops, a desktop


def inside(a, b):
    """Rectangle `a` (left, top, right, bottom) within `b`, give or take half a pixel."""
    return a[0] >= b[0] - 0.5 and a[1] >= b[1] - 0.5 and a[2] <= b[2] + 0.5 and a[3] <= b[3] + 0.5


def test_the_page_fits_every_screen_its_display_inside_its_bezel_and_the_second_tabs_note_in_sight(
    site, tmp_path
):
    page = Page(tmp_path / "profile", site)
    box = "(() => { const r = document.getElementById('%s').getBoundingClientRect();"
    box += " return [r.left, r.top, r.right, r.bottom]; })()"
    size = "[document.documentElement.scrollWidth, document.documentElement.scrollHeight,"
    size += " innerWidth, innerHeight]"
    try:
        page.leave_help()
        for tab in (0, 1):
            if tab:
                page.send("tab", index=1, url=page.url)  # (the second tab: its note under the device)
                page.wait_text("> Play computer")
            for width, height in SCREENS:
                page.send("viewport", width=width, height=height)
                time.sleep(0.2)
                where = "%dx%d%s" % (width, height, "-second-tab" if tab else "")
                page.send("screenshot", path=str(tmp_path / ("%s.png" % where)))
                wide, high, inner_w, inner_h = page.js(size)
                assert wide <= inner_w and high <= inner_h, (where, "scrolls", wide, high)
                oled, bezel, knob, device = (
                    page.js(box % name) for name in ("oled", "bezel", "knob", "device")
                )
                assert inside(oled, bezel), (where, "the display past its bezel", oled, bezel)
                assert knob[0] >= bezel[2] and inside(device, [0, 0, inner_w, inner_h]), (where, knob, bezel)
                if tab:
                    note = page.js(box % "notes")
                    assert note[1] < note[3] <= inner_h, (where, "the note out of sight", note)
        page.send("tab", index=0, url=page.url)
    finally:
        page.close()


def test_a_screen_reader_reads_the_display_its_menus_and_hears_what_changes(site, tmp_path):
    # The page's text twin of the display (host/web.py Web.twin): what the accessibility tree
    # gives a screen reader, by keyboard alone.
    page = Page(tmp_path / "profile", site, way="keyboard")
    # (the tree as YAML, its quotes taken out: a line with a colon is quoted, one without is not)
    aria = lambda: page.send("aria", selector="body").replace('"', "").replace("'", "")  # noqa: E731
    said = lambda: page.js("document.getElementById('twin-say').textContent")  # noqa: E731
    try:
        page.wait_text("How to play")
        tree = aria()
        assert "heading The display: How to play 1/" in tree and "- listitem: Your pits: the bottom" in tree
        assert tree.index("region The display") < tree.index("button key 1")  # (the display first)
        assert "the display" not in tree.lower().replace("the display:", "")  # (the canvas is no image)
        assert page.js("document.getElementById('twin-say').getAttribute('aria-live')") == "polite"
        page.push()
        page.wait_text("> Play computer")
        time.sleep(0.2)
        tree = aria()
        # the main menu as a list, every row, the chosen one marked; the live region says it
        assert "list KALAHA, 8 rows" in tree, tree
        rows = page.js("[...document.querySelectorAll('#twin-menu li')].map((li) => li.textContent)")
        assert rows[:3] == ["Play computer", "Two players", "3-4 players"] and "How to play" in rows
        current = "[...document.querySelectorAll('#twin-menu li[aria-current=true]')]"
        current += ".map((li) => li.textContent)"
        assert page.js(current) == ["Play computer"] and said() == "KALAHA. Play computer"
        page.turn(1)
        page.wait(lambda buf: page.js(current) == ["Two players"], 5)
        assert said() == "Two players"
        page.push()
        page.wait(lambda buf: screen_kind(buf) == "board")
        time.sleep(0.2)
        # the board: each side's name, store and seed counts, who moves, the words
        tree = aria()
        assert "South (to move): store 0; pits S1 4, S2 4, S3 4, S4 4, S5 4, S6 4" in tree, tree
        assert "North: store 0; pits N1 4, N2 4, N3 4, N4 4, N5 4, N6 4" in tree
        page.key(6)  # (S1: 4 seeds to S2..S5)
        page.wait(lambda buf: page.js("kalaha.web.app.game.board.ply") == 1, 5)
        page.wait(lambda buf: "North (to move)" in aria(), 10)
        assert "South: store 0; pits S1 0, S2 5, S3 5, S4 5, S5 5, S6 4" in aria()
        assert said() in ("Pass to North", "North: your move")
        # the game menu's question: its two rows, the safe one chosen, and said
        page.push()
        page.wait(lambda buf: page.js(current) == ["Back to game"], 5)
        page.cursor_to("Resign")
        page.push()
        page.wait(lambda buf: page.js(current) == ["No, play on"], 5)
        assert "list Resign this game?, 2 rows" in aria()
        assert said() == "Resign this game? No, play on"
    finally:
        page.close()


AZERTY = (  # a French keyboard's layout map: the characters at the places the page's keys use
    "{Digit1: '&', Digit2: '\u00e9', Digit3: '\"', KeyQ: 'a', KeyW: 'z', KeyE: 'e',"
    " KeyA: 'q', KeyS: 's', KeyD: 'd', KeyZ: 'w', KeyX: 'x', KeyC: 'c'}"
)


def test_captions_follow_the_layout_and_enter_after_a_click_on_the_help_pushes_the_knob(site, tmp_path):
    page = Page(tmp_path / "profile", site)
    try:
        page.leave_help()
        # A French keyboard (navigator.keyboard's layout map, stood in for before the page's script).
        stand_in = "Object.defineProperty(navigator, 'keyboard', {get: () => ({getLayoutMap: () => "
        stand_in += "Promise.resolve(new Map(Object.entries(%s)))})});" % AZERTY
        page.send("init", js=stand_in)
        page.reload()
        page.wait_text("> Play computer")
        caps = "[...document.querySelectorAll('.key .hint')].map((h) => h.textContent).join('')"
        page.wait(lambda buf: page.js(caps) == '&\u00e9"azeqsdwxc', 5)
        label = "document.querySelector(\".key[data-key='3']\").getAttribute('aria-label')"
        assert page.js(label) == "key a"
        # The help opened by a click, then Enter: the knob's push (Play computer), the help still open.
        page.send("click", selector="#help summary")
        assert page.js("document.getElementById('help').open") is True
        page.send("key", key="Enter")
        page.wait_text("> Start game", 5)
        assert page.js("document.getElementById('help').open") is True
    finally:
        page.close()


def dispatch(page, js):
    """Events made in the page (what the driver's real input cannot make: another keyboard
    layout, a lost focus, a pointer cancelled or sliding off), then a frame for them."""
    page.js("(() => { const key = (k) => document.querySelector(`.key[data-key='${k}']`); %s })()" % js)
    page.next_frame()


def test_keys_by_place_buttons_cancelled_holds_a_crisp_display_an_icon_and_the_rules(site, tmp_path):
    page = Page(tmp_path / "profile", site)
    try:
        page.leave_help()
        page.small_games()
        page.choose("Two players")
        page.wait(lambda buf: screen_kind(buf) == "board")
        ply = "kalaha.web.app.game.board.ply"
        # The keys are buttons a screen reader names, reached by Tab.
        named = page.js(
            "[...document.querySelectorAll('.key')]"
            ".map((k) => [k.tagName, k.tabIndex, k.getAttribute('aria-label')])"
        )
        assert all(tag == "BUTTON" and index == 0 for tag, index, _label in named)
        assert named[8][2] == "key d, S1" and named[0][2].startswith("key 1")
        assert page.js("document.getElementById('knob').tabIndex") == 0
        # Holds the page lost never sow (the device's knob push while a key is held cancels it):
        # the window's focus lost, a right click's context menu, a touch sliding off the key, a
        # pointer cancelled; a key of the keyboard as of a mouse.
        pointer = (
            "%s.dispatchEvent(new PointerEvent('%s', {pointerId: %d, bubbles: true, pointerType: '%s'}));"
        )
        down = lambda n, kind: pointer % ("key(8)", "pointerdown", n, kind)  # noqa: E731
        up = lambda n: pointer % ("window", "pointerup", n, "")  # noqa: E731
        menu = (
            "document.getElementById('oled').dispatchEvent(new MouseEvent('contextmenu', {bubbles: true}));"
        )
        for lose in (
            down(5, "mouse") + "dispatchEvent(new Event('blur'));" + up(5),
            KEY_EVENT % ("keydown", "KeyD", "d") + menu + KEY_EVENT % ("keyup", "KeyD", "d"),
            down(7, "touch") + pointer % ("key(8)", "pointerleave", 7, "touch") + up(7),
            down(9, "touch") + pointer % ("window", "pointercancel", 9, "touch"),
        ):
            dispatch(page, lose)
            time.sleep(0.3)  # (a hold's preview shows; a sowing would start)
            assert page.js(ply) == 0, lose
            assert page.js("document.querySelector('.key.held')") is None
        assert [e[1] for e in page.js("kalaha.log") if e[1] in "dux"] == ["d", "x"] * 4
        # Keys by their place: on a French keyboard the key right of Tab is A (code KeyQ) and 'd'
        # is where QWERTY has it; any layout: the key in 'd''s place sows South's pit 1.
        dispatch(page, KEY_EVENT % ("keydown", "KeyD", "q"))
        dispatch(page, KEY_EVENT % ("keyup", "KeyD", "q"))
        page.wait(lambda buf: page.js(ply) == 1, 5)
        page.wait(lambda buf: page.js("kalaha.web.flip()"), 10)
        # A key button with the focus: Enter presses it (not the knob).
        time.sleep(1)  # (the handover's pause)
        page.js("document.querySelector(\".key[data-key='3']\").focus()")
        page.send("key", key="Enter")
        page.wait(lambda buf: page.js(ply) == 2, 5)
        # The OLED scaled by a whole number (each of its pixels the same number of screen pixels).
        for width, height in ((1000, 820), (700, 600), (1400, 1100)):
            page.send("viewport", width=width, height=height)
            time.sleep(0.1)
            sizes = page.js(
                "(() => { const r = document.getElementById('oled').getBoundingClientRect();"
                " return [r.width * devicePixelRatio, r.height * devicePixelRatio,"
                " getComputedStyle(document.getElementById('oled')).imageRendering]; })()"
            )
            assert abs(sizes[0] / 128 - round(sizes[0] / 128)) < 0.01 and round(sizes[0] / 128) >= 1, sizes
            assert abs(sizes[1] * 2 - sizes[0]) < 0.05 and sizes[2] == "pixelated", sizes
        check_canvas(page)  # (pixel for pixel still)
        # An icon, and the rule book beside the page.
        icon = page.js("document.querySelector('link[rel=icon]').href")
        assert icon.endswith("favicon.svg")
        assert page.js("fetch('favicon.svg').then((r) => r.ok)")
        link = "document.querySelector('#help a[href=\"rules.html\"]').href"
        rules = page.js("fetch(%s).then((r) => r.text())" % link)
        assert "Kalaha rules" in rules and "Own store" in rules
        # for players: headings, lists and bold as HTML, not the repository's Markdown and paths
        assert "<h2>Board and names</h2>" in rules and "<li><b>Own store" in rules, rules[:400]
        for raw in ("<!--", "**", "## ", "seeds/", "kalaha/", ".md", "issue 24"):
            assert raw not in rules, raw
        page.sessions.append(page.session())
        check_replays(page, continued=False)  # (the cancelled holds too)
    finally:
        page.close()


def test_one_tab_keeps_the_saved_data_storage_full_a_hidden_tab_silent_an_error_shown_offline(site, tmp_path):
    page = Page(tmp_path / "profile", site)
    try:
        page.leave_help()
        page.small_games()
        notes = "document.getElementById('notes').textContent"
        assert page.js("kalaha.owner") is True and page.js(notes) == ""
        assert page.js("navigator.serviceWorker.ready.then(() => true)")  # (the build's files kept)
        stored = page.js("localStorage.getItem('%s')" % STORAGE)
        # A second tab: it says the first keeps the saved data, and writes none of its own.
        page.send("tab", index=1, url=page.url)
        page.wait_text("> Play computer")
        assert page.js("kalaha.owner") is False
        assert "another tab" in page.js(notes)
        page.choose("Settings")
        page.setting("Seeds", "5")
        assert page.js("kalaha.unsaved") > 0
        assert page.js("localStorage.getItem('%s')" % STORAGE) == stored
        page.send("tab", index=0, url=page.url)
        # Full storage: said under the device, and the game goes on.
        page.js("Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); }")
        page.choose("Settings")
        page.setting("Seeds", "4")
        assert "did not keep the saved data" in page.js(notes)
        page.setting("Pits", "6")  # (it plays on)
        page.choose("Back")
        # A hidden tab is silent: its sound stops (the music's note would sound on otherwise).
        assert page.js("kalaha.audio && kalaha.audio.state") == "running"
        hide = (
            "(() => { Object.defineProperty(document, 'hidden', {configurable: true, get: () => %s});"
            " document.dispatchEvent(new Event('visibilitychange')); })()"
        )
        page.js(hide % "true")
        time.sleep(0.3)
        assert page.js("kalaha.audio.state") == "suspended"
        page.js(hide % "false")
        time.sleep(0.3)
        assert page.js("kalaha.audio.state") == "running"
        # A Python error in a frame: said on the display and under it, and the ticking stops.
        page.js("kalaha.mp.runPython('import host.web\\nhost.web.Web.tick = lambda self, now: 1 // 0')")
        time.sleep(0.3)
        assert "ZeroDivisionError" in page.js("document.getElementById('status').textContent")
        assert page.js("document.getElementById('status').hidden") is False
        assert "ZeroDivisionError" in page.js(notes)
        ticks = page.js("kalaha.log.length")
        time.sleep(0.2)
        assert page.js("kalaha.log.length") == ticks
        # Offline: the page starts from the service worker's copy of the build.
        page.send("offline", on=True)
        page.send("reload")
        page.wait_text("> Play computer")
        page.send("offline", on=False)
    finally:
        page.close()


def test_a_damaged_offline_copy_is_fetched_again_and_said_then_the_page_starts_offline(site, tmp_path):
    page = Page(tmp_path / "profile", site)
    notes = "document.getElementById('notes').textContent"
    kept = "caches.keys().then((k) => caches.open(k.find((n) => n.startsWith('pocket-kalaha-'))))"
    try:
        page.leave_help()
        assert page.js("navigator.serviceWorker.ready.then(() => true)")
        page.wait(lambda buf: page.js("!!navigator.serviceWorker.controller"), 10)
        size = "%s.then((c) => c.match('%%s')).then((r) => r.arrayBuffer()).then((b) => b.byteLength)" % kept
        whole = {name: page.js(size % name) for name in ("kalaha-py.json.gz", "kalaha.js")}
        # The game's sources and the page's script damaged in the browser's cache: the page
        # still starts, fetched from the network, says so, and keeps whole copies again.
        for name in whole:
            page.js("%s.then((c) => c.put('%s', new Response('damaged')))" % (kept, name))
        page.reload()
        page.wait_text("> Play computer")
        page.wait(lambda buf: "damaged" in page.js(notes), 10)
        said = page.js(notes)
        assert "offline copy of this page was damaged" in said and "kalaha-py.json.gz" in said, said
        assert {name: page.js(size % name) for name in whole} == whole
        # ... so that it starts offline once more, with nothing to say
        page.send("offline", on=True)
        page.reload()
        page.wait_text("> Play computer")
        assert "damaged" not in page.js(notes)
        # Damaged and offline: the page says it cannot start, and why.
        page.js("%s.then((c) => c.put('kalaha-py.json.gz', new Response('damaged')))" % kept)
        page.js("setTimeout(() => location.reload(), 50); true")
        time.sleep(1)
        status = "document.getElementById('status') && document.getElementById('status').textContent"
        deadline = time.monotonic() + 20
        while "could not start" not in (page.js(status) or "") and time.monotonic() < deadline:
            time.sleep(0.2)
        assert "offline copy damaged, no network" in page.js(status), page.js(status)
        page.send("offline", on=False)
        page.send("errors")  # (the failed start's console error is the point here)
    finally:
        page.close()


def test_a_first_visit_fetches_the_build_once_a_new_build_is_said_and_a_file_says_what_to_do(tmp_path):
    require_browser()
    folder = str(tmp_path / "web")
    with open(os.devnull, "w") as quiet:
        webtool.build(folder, log=quiet, table=False)
    build = sum(os.path.getsize(os.path.join(folder, name)) for name in os.listdir(folder))
    httpd = webtool.server(folder, port=0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = "http://127.0.0.1:%d/" % httpd.server_port
    webtool.PageHandler.sent = 0
    page = Page(tmp_path / "profile", (url, folder))  # (a new profile: a first visit)
    notes = "document.getElementById('notes').textContent"
    try:
        page.leave_help()
        assert page.js("navigator.serviceWorker.ready.then(() => true)")
        page.wait(lambda buf: page.js("caches.keys().then((k) => k.length)") == 1, 10)
        time.sleep(0.5)
        sent = webtool.PageHandler.sent
        # every file once at most (the offline copy's fetches answered by the browser's cache), text
        # compressed: less than the build's bytes
        assert sent < build, (sent, build)
        FIGURES["first visit"] = "%d KB sent for a build of %d KB (no endgame table)" % (
            sent // 1024,
            build // 1024,
        )
        # A new build on the server: the page says so once its worker has it, and the next reload shows it.
        with open(os.path.join(folder, "index.html"), encoding="utf-8") as f:
            text = f.read()
        with open(os.path.join(folder, "index.html"), "w", encoding="utf-8") as f:
            f.write(text.replace("<title>Pocket Kalaha</title>", "<title>Pocket Kalaha 2</title>"))
        os.remove(os.path.join(folder, "sw.js"))
        webtool.write_service_worker(folder)
        page.js("navigator.serviceWorker.getRegistration().then((r) => r.update()).then(() => true)")
        page.wait(lambda buf: "new version" in page.js(notes), 20)
        page.reload()
        assert page.js("document.title") == "Pocket Kalaha 2"
        # The page opened from a file (no module script runs there): it says what to do.
        page.send("goto", url="file://%s/index.html" % folder)
        time.sleep(1)
        assert "make serve" in page.js("document.getElementById('status').textContent")
    finally:
        page.send("errors")
        page.send("close")
        page.proc.wait(timeout=30)
        httpd.shutdown()
        httpd.server_close()


# ----- the front end and the build, without a browser -------------------------------------------


def test_the_page_gets_the_device_files_and_its_front_end():
    files = webtool.python_files()
    assert "host/web.py" in files and "hw/layout.py" in files and "kalaha/flow/app.py" in files
    assert "kalaha/search/searchcore.py" in files and "kalaha/puzzles.txt" in files
    for host_only in ("kalaha/cli.py", "kalaha/reading.py", "hw/desktop.py", "hw/macropad.py", "code.py"):
        assert host_only not in files
    for host_only in ("host/cli.py", "host/reading.py", "host/desktop.py", "host/match.py"):
        assert host_only not in files


def steps(web, now, ms):
    for _ in range(ms // 20):
        now += 20
        web.tick(now)
    return now


def test_the_saved_image_is_handed_over_after_each_write_and_a_new_page_continues_from_it():
    web = Web("")
    assert web.app.store.blank and web.saved()  # a first start: the help, and the settings saved
    now = steps(web, 0, 100)
    web.click()  # (leaves the help)
    now = steps(web, now, 100)
    web.app.act("start_vs_computer")
    now = steps(web, now, 100)
    assert web.saved()  # the new game
    web.key_down(8)
    now = steps(web, now, 60)
    web.key_up(8)
    now = steps(web, now, 40)
    image = web.saved()
    assert len(image) == 2 * 4096 and web.saved() == ""  # (once per write)
    again = Web(image)
    assert again.app.store.current is not None and again.app.store.current.moves == [3]
    assert not again.app.store.message


def test_damaged_storage_starts_as_the_device_does_and_says_so():
    assert image_bytes("") == b"" and len(image_bytes("ff" * 4096)) == 4096
    for text in ("?", "00" * 100):  # no hex, a short image
        web = Web(text)
        web.tick(20)
        assert web.app.store.message == "Save damaged: all new"
        assert "Save damaged: all new" in " ".join(read_lines(web.app.frame.buf))
    good = Web("")
    good.app.settings["seeds"] = 5
    good.app.store.save_settings(good.app.settings)
    good.click()  # (leaves the help: Play computer is the main menu's)
    good.app.act("start_vs_computer")
    image = bytearray(good.flash.flash.data)
    end = image.index(b"\xff" * 8)
    image[end - 3] ^= 0x55  # the last record's check fails: what came before is kept
    web = Web(bytes(image).hex())
    assert web.app.store.message and web.app.settings["seeds"] == 5
    assert isinstance(web.flash, BrowserFlash) and web.flash.read() == bytes(image)


def test_the_keys_captions_are_the_pits_they_play():
    from host.keycaps import pit_at

    web = Web("")
    web.click()
    web.app.act("two_players")
    now = steps(web, 0, 100)
    turned = []
    for k in (7, 1):  # South sows, then North (the device turned: physical keys mirrored)
        web.key_down(k)
        now = steps(web, now, 60)
        web.key_up(k)
        now = steps(web, now, 4000)
        want = []
        for key in range(12):
            pit = pit_at(web.app, web.layout.view_key(key, web.app.flip))
            want.append("%s%d" % ("SN"[pit[0]], pit[1]) if pit else "")
        assert web.labels() == ",".join(want)
        turned.append((web.flip(), web.labels().split(",")[6]))
    # North holds the device turned round: the pits stay where they are (S1 on physical key 6)
    assert turned == [(True, "S1"), (False, "S1")]


def test_the_pages_frames_are_the_simulators_for_the_same_inputs(monkeypatch):
    # host.web.Web against host.desktop.Simulator (headless), both without the endgame table: every
    # frame and the keys' colours after the same physical inputs at the same times.
    pytest.importorskip("pygame")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    import host.cli_ai
    from host.desktop import Simulator

    monkeypatch.setattr(host.cli_ai, "table_path", lambda: os.path.join(ROOT, "build", "no-such.kdb"))
    sim = Simulator(headless=True)
    web = Web("")
    web.app.store.blank = False  # (the headless simulator's store is a new one too, without the help)
    web = Web(web.saved())
    web.tick(20)  # the simulator's first step
    # Play computer, its level, the start; then pits (some not allowed: not our turn, empty)
    script = [("click", 0), ("turn", 1), ("click", 0), ("turn", -1), ("click", 0)]
    script += [("key", k) for k in (8, 11, 6, 7, 9, 10, 8, 11, 6, 7)]
    for what, arg in script:
        if what == "turn":
            sim.app.turn(arg)
            web.turn(arg)
        elif what == "click":
            sim.app.click()
            web.click()
        else:
            sim.key_down(arg)
            web.key_down(arg)
        for n in range(100):
            if what == "key" and n == 3:
                sim.key_up(arg)
                web.key_up(arg)
            sim.step()
            web.tick(sim.now)
            shown = read_lines(sim.app.frame.buf)
            assert bytes(web.app.frame.buf) == bytes(sim.app.frame.buf), (sim.now, shown)
            assert web.pixels() == "".join("%06x" % c for c in sim.physical_pixels())
    assert web.app.game.board is not None and len(web.app.game.board.moves()) > 4
    sim.pygame.quit()


# ----- the page and the simulator play what the device plays -----------------------------------


class Driven:
    """host.web.Web or the headless simulator (host.desktop.Simulator), driven frame by frame as a
    person plays: its keys, the knob, 20 ms frames; the display read back from the whole frame."""

    def __init__(self, front):
        self.front = front
        self.now = 0

    def frames(self, ms):
        for _ in range(ms // 20):
            self.now += 20
            if isinstance(self.front, Web):
                self.front.tick(self.now)
            else:
                self.front.step(20)

    def lines(self):
        return read_lines(self.front.shown)

    def key(self, k):
        self.front.key_down(k)
        self.frames(60)
        self.front.key_up(k)
        self.frames(40)

    def push(self):
        (self.front.click if isinstance(self.front, Web) else self.front.app.click)()
        self.frames(40)

    def key_of(self, caption):
        """The physical key whose caption (host.keycaps) is `caption`, as the page and simulator label it."""
        from host.keycaps import key_caption

        app, layout = self.front.app, self.front.layout
        return next(k for k in range(12) if key_caption(app, layout.view_key(k, app.flip)) == caption)

    def choose(self, label, value=None):
        """The menu's line starting with `label` (pushed until it reads `label: value`)."""
        for _ in range(30):
            lines = [line.rstrip(" v^") for line in self.lines()]
            if value is not None and "> %s: %s" % (label, value) in lines:
                return
            if any(line.startswith("> " + label) for line in lines):
                self.push()
                if value is None:
                    return
                continue
            (self.front.turn if isinstance(self.front, Web) else self.front.app.turn)(1)
            self.frames(40)
        raise AssertionError("no menu line %r in %r" % (label, self.lines()))

    def game_against(self, level):
        """A whole game against `level` (6 pits, 4 seeds): our first pit with seeds each turn.
        Returns the game's record, the seed and the nodes each frame of the computer's search did."""
        app = self.front.app
        if any("How to play" in line for line in self.lines()):
            self.push()  # (a first start opens the help)
        self.choose("Play computer")
        self.choose("Level", level)
        self.choose("Start game")
        thinking = []  # the nodes of each frame in which the computer's search ran
        th = app.thinker
        while app.game.board is None or app.game.board.to_move is not None:
            b = app.game.board
            if b is not None and b.to_move == app.game.computer:
                searching = th.thinking and not th.pit and th.root is None
                nodes = th.search.nodes
                self.frames(20)
                if searching and th.search.nodes > nodes:
                    thinking.append(th.search.nodes - nodes)
                continue
            if b is not None and app.sowing.path is None and screen_kind(self.front.shown) == "board":
                pit = next(p for p in range(1, 7) if b.row(b.to_move)[p - 1])
                self.key(self.key_of("S%d" % pit))
                continue
            self.frames(20)
        return notation.record(app.game.board), app.games_started, thinking


def assert_command_line_turns(record, level, seed, table, rules=()):
    """Each of North's turns in `record` (the computer's: the person is South) is what
    `python -m kalaha move` plays there at `level` with the game's `seed`."""
    import io

    from host.cli import main

    for before, turn in computer_turns(record):
        out = io.StringIO()
        args = [
            "move",
            "--json",
            "--level",
            level,
            "--seed",
            str(seed),
            "--table",
            table,
        ]
        assert main(args + list(rules) + ([before] if before else []), out=out) == 0
        assert json.loads(out.getvalue())["turn"] == turn, (before, turn)


def computer_turns(record):
    """[(the record before the turn, the turn)] of North's turns (the computer's: we are South)."""
    turns = record.split()
    return [(" ".join(turns[:i]), turns[i]) for i in range(1, len(turns), 2)]


def test_the_page_and_the_simulator_play_strongs_turns_as_the_command_line(tmp_path, monkeypatch):
    # The device's budgets and a frame's work of its search (host.deviceclock): a whole game
    # against Strong in host.web.Web (the page's Python in CPython: the browser test below
    # replays the page there frame for frame), the same in the headless simulator, and each of
    # the computer's turns from `python -m kalaha move`; all with the endgame
    # table where make device built it (the simulator opens it: host.cli_ai.table_path).
    from host.cli_ai import table_path
    from kalaha.search.endgame import open_table

    table, _why = open_table(table_path())
    if table is not None:
        table.verify_all()  # (as the simulator does; the page checks it before the app has it)
    web = Driven(Web("", endgame=table))
    record, seed, thinking = web.game_against("strong")
    assert len(record.split()) > 10
    path = table_path() if table is not None else str(tmp_path / "none.kdb")
    assert_command_line_turns(record, "strong", seed, path)
    # Real work a frame: the device's thinking frame, its slices until THINK_FRAME_MS less a slice
    # and its guard at the device's speed (host.deviceclock).
    from host.deviceclock import NODE_MS
    from kalaha.search.thinking import SLICE_GUARD_MS, SLICE_NODES, THINK_FRAME_MS

    spent = statistics.median(thinking) * NODE_MS
    assert THINK_FRAME_MS - SLICE_GUARD_MS - SLICE_NODES * NODE_MS <= spent <= THINK_FRAME_MS, thinking
    pygame = pytest.importorskip("pygame")  # (the simulator's packages: make venv)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    del pygame
    from host.desktop import Simulator

    sim = Driven(Simulator(headless=True))
    assert sim.game_against("strong")[:2] == (record, seed)


def test_a_computer_seat_of_three_players_thinks_a_frames_worth_in_every_frame():
    # (it searched one node a frame without a clock: its whole cap for a quarter of its budget)
    web = Driven(Web(""))
    web.push()  # (the help)
    web.choose("3-4 players")
    web.choose("Level", "strong")
    web.choose("Start game")
    import kalaha.flow.ringplay as ringplay  # (the one the app imported: App.go lets go any other)

    for k in range(11, -1, -1):  # Blue, the person, sows the first pit that can
        web.key(k)
        if not any("your move" in line for line in web.lines()):
            break
    done = []
    for _ in range(200):
        s = ringplay.RING.search
        nodes = s.nodes
        web.frames(20)
        if s.nodes > nodes:
            done.append(s.nodes - nodes)
    assert len(done) > 20 and statistics.median(done) == max(done) == 28, done  # (host.deviceclock)
