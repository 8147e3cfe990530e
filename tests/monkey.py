"""Random input sessions on the app (a monkey): keys tapped, held and mashed, the knob turned and
pushed, waits short and long, through every screen and mode; the app's invariants after each.

Host-only (tests/test_monkey.py). A session is seeded and reproducible: `Session(seed).run()`.
"""

import random

from playout import puzzle_on

from host.reading import app_lines
from kalaha.flow.app import App
from kalaha.picture.frame import Frame
from kalaha.saved.journal import RING_MODE
from kalaha.saved.memflash import MemoryFlash
from kalaha.saved.store import Store

FRAME = 20  # ms a frame, as the device's loop runs

# Where a session goes first, by the menus, before its random input: every mode is reached
# in a few sessions, whatever the random walk would find by itself.
GOALS = ("none", "computer", "two", "ring", "replay", "stats", "settings", "help", "puzzles")


def screen_name(screen):
    """A screen's name for the count of screens reached: its class, and its heading if any."""
    heading = getattr(screen, "heading", "")
    module = getattr(screen, "module", None) or ""
    if type(screen).__name__ == "Confirm" and module != "flow.ringplay":
        module = ""  # (a question holds the row of the screen that asked it)
    return "%s %s %s" % (type(screen).__name__, heading, module.rpartition(".")[2])


class Broken(AssertionError):
    """An invariant failed: the session's seed and its last events say how to get there."""


class Session:
    """One random session: an app on a store (`image`: saved data, or None for a new device)."""

    def __init__(self, seed, image=None, events=120, goal=None):
        self.rng = random.Random(seed)
        self.seed = seed
        self.events = events
        self.goal = goal if goal is not None else self.rng.choice(GOALS)
        self.store = Store(MemoryFlash(image))
        self.app = App(store=self.store)
        self.now = 0
        self.log = []  # the events so far, for the failure's message
        self.screens = set()  # names of the screens reached
        self.app.tick(0)

    # ----- hands ------------------------------------------------------------------------------

    def frames(self, ms):
        """Time passes, a frame every FRAME ms (a long wait: a frame a second, as a player
        would not see the difference)."""
        step = FRAME if ms <= 5000 else 1000
        end = self.now + ms
        while self.now < end:
            self.now = min(self.now + step, end)
            self.app.tick(self.now)
            self.app.sounds.clear()
            name = screen_name(self.app.screen)
            if puzzle_on(self.app) is not None and name in ("Playing  ", "Menu Game gamemenu"):
                name += " puzzle"  # (the board and its menu in the puzzle mode: kalaha.flow.puzzles)
            elif not self.app.game.mode.two_sides and name in ("Playing  ", "Menu Game gamemenu"):
                name += " ring"  # (the same screens round a ring: kalaha.flow.ringplay's mode)
            self.screens.add(name)

    def tap(self, key, hold):
        self.app.key_down(key)
        self.frames(hold)
        self.app.key_up(key)
        self.frames(FRAME)

    def choose(self, label):
        """The knob turned to the menu line starting with `label`, and pushed: False if the
        screen has no such line."""
        a = self.app
        for _ in range(24):
            if any(line.startswith("> " + label) for line in app_lines(a)):
                a.click()
                self.frames(FRAME)
                return True
            a.turn(1)
            self.frames(FRAME)
        return False

    def set_line(self, label, value, limit=8):
        """Push the menu line starting with `label` until it reads `label` ... `value`."""
        for _ in range(limit):
            line = next((ln for ln in app_lines(self.app) if ln.startswith("> " + label)), None)
            if line is None and not self.choose_no_push(label):
                return
            line = next((ln for ln in app_lines(self.app) if ln.startswith("> " + label)), "")
            if line.endswith(value):
                return
            self.app.click()
            self.frames(FRAME)

    def choose_no_push(self, label):
        a = self.app
        for _ in range(24):
            if any(line.startswith("> " + label) for line in app_lines(a)):
                return True
            a.turn(1)
            self.frames(FRAME)
        return False

    # ----- a session ----------------------------------------------------------------------------

    def go_to_goal(self):
        """From the start (the help on a new device, else the main menu) to the session's mode."""
        a = self.app
        rng = self.rng
        self.frames(100)
        if type(a.screen).__name__ == "Help":
            a.click()
            self.frames(FRAME)
        goal = self.goal
        if goal == "none":
            return
        if goal == "computer":
            self.choose("Play computer")
            self.set_line("Level", rng.choice(("easy", "medium", "strong", "expert")))
            self.set_line("Starts", rng.choice(("you", "computer", "alternate")))
            self.choose("Start game")
        elif goal == "two":
            self.choose("Two players")
        elif goal == "seven":  # (not among GOALS: tests/test_seven_device.py asks for it)
            self.choose("Settings")
            self.set_line("Pits", "7")
            self.choose("Back")
            if rng.random() < 0.5:
                self.choose("Two players")
            else:
                self.choose("Play computer")
                self.set_line("Level", rng.choice(("easy", "medium")))
                self.choose("Start game")
        elif goal == "ring":
            self.choose("3-4 players")
            self.set_line("Players", rng.choice(("3", "4")))
            self.set_line("Pits", rng.choice(("3", "4", "6")))
            for _ in range(rng.randrange(3)):
                self.choose_no_push(rng.choice(("Orange", "Green", "Violet", "Cyan", "Blue")))
                a.click()
                self.frames(FRAME)
            self.set_line("Level", rng.choice(("easy", "medium", "strong")))
            self.set_line("Move time", rng.choice(("off", "30 s")))
            self.choose("Start game")
        elif goal == "replay":
            self.choose("Replay")
            a.click()  # the newest game, if there is one
            self.frames(FRAME)
        elif goal == "stats":
            self.choose("Statistics")
        elif goal == "settings":
            self.choose("Settings")
        elif goal == "help":
            self.choose("How to play")
        elif goal == "puzzles":
            self.choose("Puzzles")
        # A "No"/"Yes" question on the way (a saved game to replace): either answer.
        if type(a.screen).__name__ == "Confirm":
            a.turn(rng.choice((0, 1)))
            a.click()
            self.frames(FRAME)

    def event(self):
        """One random input, as a person's hands would make it."""
        rng = self.rng
        a = self.app
        r = rng.random()
        if r < 0.40:
            key = rng.randrange(12)
            hold = rng.choice((20, 20, 60, 200, 450, 900))
            self.log.append("key %d %d" % (key, hold))
            self.tap(key, hold)
        elif r < 0.47:
            keys = rng.sample(range(12), rng.randrange(2, 5))
            self.log.append("mash %s" % keys)
            for k in keys:
                a.key_down(k)
            self.frames(FRAME)
            for k in keys:
                a.key_up(k)
            self.frames(FRAME)
        elif r < 0.67:
            delta = rng.choice((-3, -1, -1, 1, 1, 2))
            self.log.append("turn %d" % delta)
            a.turn(delta)
            self.frames(rng.choice((FRAME, 100)))
        elif r < 0.80:
            self.log.append("push")
            a.click()
            self.frames(rng.choice((FRAME, 100, 400)))
        elif r < 0.83:
            key = rng.randrange(12)
            self.log.append("hold %d, push" % key)  # a held key, the knob pushed: not sown
            a.key_down(key)
            self.frames(500)
            a.click()
            self.frames(FRAME)
            a.key_up(key)
            self.frames(FRAME)
        elif r < 0.985:
            ms = rng.choice((100, 500, 1500, 3000))
            self.log.append("wait %d" % ms)
            self.frames(ms)
        else:
            ms = rng.choice((35000, 310000))  # dimmed, or asleep
            self.log.append("wait %d" % ms)
            self.frames(ms)

    def run(self, check):
        """The session: the goal, then its random events, `check(session)` after each."""
        try:
            self.go_to_goal()
            check(self)
            for _ in range(self.events):
                self.event()
                check(self)
        except Broken:
            raise
        except Exception as e:
            raise Broken(self.failure("%s: %s" % (type(e).__name__, e))) from e
        return self

    def failure(self, what):
        return "session %d (goal %s): %s after %s" % (self.seed, self.goal, what, self.log[-12:])


# ----- the invariants --------------------------------------------------------------------------


def fresh_frame(app):
    """The frame drawn from the app's state alone, on a blank frame with nothing remembered."""
    kept, start = app.frame, app.thinker.frame_start
    app.frame, app.thinker.frame_start = Frame(), None
    app.render()
    out = bytes(app.frame.buf)
    app.frame, app.thinker.frame_start = kept, start
    return out


def ring_board(app):
    """The board of a game of 3-4 players in play, or None."""
    return app.game.board if not app.game.mode.two_sides else None


def saved_board(saved):
    """The saved game replayed by its rules: (cells, the board), or raise."""
    if saved.mode == RING_MODE:
        from kalaha.rules.ring import RingBoard

        r = saved.rules
        board = RingBoard(r["seats"], r["pits"], r["seeds"], r["capture_from"], saved.clocks[0])
    else:
        from kalaha.rules.board import Board

        board = Board(**saved.rules)
    for m in saved.moves:
        board.push(m)
    return board


def check(session):
    """What must hold after every event: seeds conserved, the frame one whole screen (what the
    state draws on a blank frame), every pixel a 24-bit colour, the saved game resumable and
    the game on screen."""
    a = session.app
    for colour in a.pixels:
        if not 0 <= colour <= 0xFFFFFF:
            raise Broken(session.failure("pixel %r" % colour))
    if a.frame.complete and bytes(a.frame.buf) != fresh_frame(a):
        raise Broken(session.failure("the frame is not the state drawn whole (%s)" % screen_name(a.screen)))
    ring = ring_board(a)
    for b in () if a.game.board is None else (a.game.board,):
        total = b.seats * b.pits * b.seeds if b is ring else b.total
        if sum(b.cells) != total:
            raise Broken(session.failure("seeds %d, not %d" % (sum(b.cells), total)))
    saved = a.store.current
    if saved is not None:
        try:
            replayed = saved_board(saved)
        except Exception as e:  # noqa: BLE001  (any failure to replay is the finding)
            raise Broken(session.failure("the saved game does not replay: %r" % e)) from e
        on_screen = ring if saved.mode == RING_MODE else a.game.board
        if on_screen is not None and a.screen.shows_board and not a.screen.ends_game:
            if saved.mode == RING_MODE and ring is None:
                pass
            elif puzzle_on(a) is not None and saved.mode != RING_MODE:
                # (a puzzle on the board: the saved game waits; a puzzle's turns are not saved)
                pass
            elif list(replayed.cells) != list(on_screen.cells):
                raise Broken(session.failure("the saved game is not the game on screen"))
    for screen in (a.screen,):
        hidden = shadowed_methods(screen)
        if hidden:
            raise Broken(session.failure("%s hides its methods %s" % (screen_name(screen), hidden)))


def shadowed_methods(obj):
    """Names an object's own attributes take from its class's methods (a value stored as
    `turn` hides the screen's turn())."""
    cls = type(obj)
    return sorted(name for name in vars(obj) if callable(getattr(cls, name, None)))


def finished_games(seed):
    """Saved data with finished games of every kind (a replay has something to show)."""
    from kalaha.rules.board import Board
    from kalaha.rules.ring import RingBoard

    rng = random.Random(seed)
    s = Store(MemoryFlash())
    rules = {"pits": 4, "seeds": 3, "empty_capture": False, "alga": False, "swap": False}
    for mode in (0, 1, 2):
        b = Board(**rules)
        s.new_game(rules, mode, mode)
        while b.to_move is not None:
            m = rng.choice(list(b.legal_moves()))
            b.push(m)
            s.move(m)
        s.end_game(b.outcome().code)
    ring = RingBoard(3, 3, 3)
    s.new_game({"seats": 3, "pits": 3, "seeds": 3, "capture_from": 0}, RING_MODE, 2, 6)
    while ring.to_move is not None:
        m = rng.choice(ring.legal_moves())
        ring.push(m)
        s.move(m)
    ranks = ring.ranks()
    s.end_game(sum(1 << seat for seat in range(3) if ranks[seat] == 1))
    return s.flash.read()
