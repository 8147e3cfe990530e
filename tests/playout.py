"""A scripted player for whole games through kalaha.app.App (CPython and CircuitPython alike)."""

from kalaha.view import view_key_of_pit


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
        ):
            pit = 0
            for m in b.legal_moves():
                pit = m
            key = view_key_of_pit(b.to_move, pit, app.game.viewer, b.pits)
            app.key_down(key)
            app.tick(now)
            app.key_up(key)
        app.tick(now)
        app.sounds.clear()
    return frames


def choose(app, label, frame):
    """Turn the knob to the menu line starting with `label` and push it (`frame()` runs a frame
    after): host tests only (it reads the display back as text)."""
    from kalaha.reading import app_lines

    for _ in range(20):
        if any(line.startswith("> " + label) for line in app_lines(app)):
            app.click()
            frame()
            return
        app.turn(1)
    raise AssertionError("no menu item %r in %r" % (label, app_lines(app)))
