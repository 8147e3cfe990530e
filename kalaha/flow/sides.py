"""The game's mode when nothing else lays it out: two sides of 4-6 pits, a key a pit. Every mode
(this, kalaha.flow.seven, kalaha.flow.ringplay, kalaha.flow.puzzles) is a module of the same hooks.

The flow (App, the screens, the game menu, the result, the game) asks the game's mode
(`Game.mode`) and never which kind of game it is. Each mode has `key`, `turn`, `work`, `board`,
`names` and `modules`; the others the flow asks with getattr, and a mode without one plays as
this module's board does (docs/development.md, "One game flow, modes for the games").
"""

from kalaha.picture.view import SIDE_TITLES

modules = ()  # kept on every screen while such a game is on (kalaha.flow.screens.RESIDENT)
names = SIDE_TITLES  # the sides' names (a ring's: its seats')
two_sides = True  # two sides, South and North: the device turns to the side to move
pit_keys = True  # a key a pit: a held key shows where its sowing ends, the view draws the board


def key(app, key):
    """A key let go on the board: its pit is sown."""
    app.press_pit(key)


def turn(app, delta):
    """The knob on the board: its cursor walks the player's pits."""
    app.move_pit_cursor(delta)


def work(app):
    """The board's long work, after the frame is drawn (the computer's move, the hint)."""
    app.game_work()


def board(app):
    app.view.board(app)


def choose(pits):
    """The mode of a game of two sides of `pits` pits: the one place that chooses it (a new
    game: kalaha.flow.menus.begin_game; a replay: kalaha.flow.replay)."""
    if pits > 6:
        import kalaha.flow.seven as mode  # (more pits than keys; imported here, not in a game's frame)

        return mode
    import kalaha.flow.sides as mode

    return mode
