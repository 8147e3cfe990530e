"""A scripted player for whole games through kalaha.flow.app.App (CPython and CircuitPython alike)."""

from kalaha.picture.view import view_key_of_pit

FRAME = 20  # ms a frame, as the device's loop runs


class Hands:
    """The tests' hands on an app: a frame every FRAME ms, keys pressed and held, the knob
    turned to a menu line and pushed."""

    def __init__(self, app):
        self.app = app
        self.t = 0
        app.tick(0)

    def frames(self, n=1):
        for _ in range(n):
            self.t += FRAME
            self.app.tick(self.t)

    def press(self, key, hold=40):
        self.app.key_down(key)
        self.frames(max(1, hold // FRAME))
        self.app.key_up(key)
        self.frames()

    def ready(self):
        """Frames until the app takes input again (App.hold: after a handover, on a result)."""
        while self.app.now < self.app.hold_until:
            self.frames()

    def choose(self, label):
        """Turn the encoder to the menu line starting with `label` and press it."""
        choose(self.app, label, self.frames)


def play_out(app, max_frames=20000):
    """Play the game on `app`'s screen to its end, 20 ms a frame: whenever a person is to move
    (and nothing animates or thinks), press the key of their highest legal pit. Returns frames.

    The sounds are drained every frame, as the device's loop does.
    """
    now = app.now
    frames = 0
    game = app.screen
    while app.screen == game and frames < max_frames:
        now += 20
        frames += 1
        b = app.game.board
        if (
            b.to_move is not None
            and b.to_move != app.game.computer
            and app.sowing.path is None
            and not app.thinker.thinking
            and app.now >= app.hold_until
        ):
            pit = 0
            for m in b.legal_moves():
                pit = m
            keys = (view_key_of_pit(b.to_move, pit, app.game.viewer, b.pits),)
            if b.pits > 6:
                keys = (9, 10)  # (seven pits: "<" puts the cursor on the highest pit, "sow")
            for key in keys:
                app.key_down(key)
                app.tick(now)
                app.key_up(key)
        app.tick(now)
        app.sounds.clear()
    return frames


def choose(app, label, frame):
    """Turn the knob to the menu line starting with `label` and push it (`frame()` runs a frame
    after): host tests only (it reads the display back as text)."""
    from host.reading import app_lines

    while app.now < app.hold_until:
        frame()  # (a person waits until the device takes input again: App.hold)
    for _ in range(20):
        if any(line.startswith("> " + label) for line in app_lines(app)):
            app.click()
            frame()
            return
        app.turn(1)
    raise AssertionError("no menu item %r in %r" % (label, app_lines(app)))


def puzzle_on(app):
    """The puzzle on the app's board (its game's mode: kalaha.flow.puzzles.Puzzle), or None."""
    mode = app.game.mode
    return mode if hasattr(mode, "turns") and hasattr(mode, "number") else None
