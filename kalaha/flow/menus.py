"""The main menu's and the result's actions: new games and a saved game resumed, Play again, and
the question before a new game replaces a saved one (the game menu's are in kalaha.flow.gamemenu, the
record screens' in the modules of their screens: kalaha.flow.records, replay).

Resident on the main menu and the result (kalaha.flow.screens.RESIDENT). Each takes the app; menus
name them.
"""

from kalaha.compat import forget
from kalaha.flow.screens import CONFIRM, GAME, MENU, RESULT, computer_side
from kalaha.flow.sides import choose
from kalaha.rules.board import SOUTH, Board
from kalaha.saved.journal import RING_MODE, TWO_PLAYERS
from kalaha.search.ai import LEVEL_NAMES


def start_vs_computer(app):
    if saved_game_kept(app, "new_game_vs_computer"):
        new_game_vs_computer(app)


def new_game_vs_computer(app):
    new_game(app, computer_side(app))


def two_players(app):
    if saved_game_kept(app, "new_two_player_game"):
        new_two_player_game(app)


def new_two_player_game(app):
    new_game(app, None)


def open_ring(app):
    """3-4 players: their setup (kalaha.flow.ringplay, imported now, let go with its screens)."""
    make_room_for_ring(app)
    from kalaha.flow.ringplay import RING_SETUP, load_setup

    load_setup(app)
    app.go(RING_SETUP)


def make_room_for_ring(app):
    """A game of 3-4 players has its own board and search (kalaha.rules.ring,
    kalaha.search.ring_ai): the two-player ones give the heap back (kalaha.rules.board,
    kalaha.search.ai, kalaha.search.ponder, kalaha.search.coach) until the main menu is back
    (App.go: Thinker.ready). Before the ring's code is imported. The search's inner loop
    (kalaha.search.searchcore) stays: its one function is one big block, made at start-up, which
    the heap may no longer have in one piece after (docs/performance.md)."""
    app.game.board = None
    th = app.thinker
    th.cancel()
    th.search = th.ponderer = None
    th.drop_coach()
    for name in ("search.ponder", "search.ai", "rules.board"):
        forget(name)


def saved_game_kept(app, action):
    """True when no game waits to be continued; else ask before replacing it (False)."""
    if app.store.current is None:
        return True
    CONFIRM.ask(app, "Replace saved game?", "No, keep it", "Yes, new game", action, MENU)
    return False


def play_again(app):
    """The same kind of game again; against the computer, who starts as the setup says."""
    new_game(app, None if app.game.computer is None else computer_side(app))


def new_game(app, computer):
    st = app.settings
    swap = st["swap"] and computer is None  # never against the computer (as in the sources)
    board = Board(
        pits=st["pits"], seeds=st["seeds"], empty_capture=st["empty_capture"], alga=st["alga"], swap=swap
    )
    clock = make_clock(app, st["clock"] if computer is None else 0)
    mode = TWO_PLAYERS if computer is None else computer
    clocks = clock.remaining if clock is not None else (0, 0)
    control = clock.control if clock else 0
    app.store.new_game(board.rules(), mode, LEVEL_NAMES.index(app.level), control, clocks)
    begin_game(app, board, computer, clock)


def begin_game(app, board, computer, clock):
    """Play `board` (new, or replayed to where a saved game stopped) in the app's game: the
    board shown, nothing carried over from the last game."""
    g = app.game
    g.mode = choose(board.pits)
    RESULT.module = "flow.menus"  # (the result's Play again: this module's)
    g.board = board
    g.computer = computer
    g.clock = clock
    g.last_second = -1
    g.draw_offer = -1
    g.version += 1
    g.forget_last_turn()
    g.face_mover()
    app.games_started += 1
    app.thinker.cancel()
    app.sowing.path = None
    app.message = ""
    app.go(GAME)


def make_clock(app, control):
    """A chess clock for `control` (kalaha.saved.clock.CONTROLS), South's running; None for none."""
    if not control:
        return None
    from kalaha.saved.clock import ChessClock

    clock = ChessClock(control)
    clock.start(SOUTH, app.now)
    return clock


def continue_game(app):
    """Back to the saved game in progress: same position, rules, level and clocks."""
    g = app.store.current
    if g.mode == RING_MODE:
        make_room_for_ring(app)
        from kalaha.flow.ringplay import resume

        resume(app, g)
        return
    board = Board(**g.rules)
    for m in g.moves:
        board.push(m)
    app.level = LEVEL_NAMES[g.level]
    clock = make_clock(app, g.clock)
    if clock is not None:
        clock.set(g.clocks[0], g.clocks[1], app.now)
        if board.to_move is not None:
            clock.start(board.to_move, app.now)
    begin_game(app, board, None if g.mode == TWO_PLAYERS else g.mode, clock)
    app.say("welcome back")
    if board.to_move is None:
        # Its last sowing ended it, but the power went before the end was saved: end it now.
        app.end_game()


def puzzles(app):
    """Puzzles: the push, then the main menu's next frames that drew nothing (kalaha.flow.screens.
    Menu.work), a step each: kalaha.flow.puzzles imported (in the heap while they are played), then
    the first puzzle not solved yet read, then set up and drawn (kalaha.flow.puzzles.opening). An
    import takes a frame's whole time on the device (docs/performance.md, "Frames")."""
    m = app.screen
    f = app.frame
    if not m.opening:
        m.opening = 2  # (the push: nothing more in its frame ...)
    elif m.opening == 2:
        m.opening = 1  # (... nor in the tick after it, in the same frame on the device)
    elif not f.drawn and f.complete:
        from kalaha.flow.puzzles import opening  # (the import: this frame's work, the first time)

        opening(app, m)


def open_replay(app):
    """The result's Replay this game: the game just ended (the newest kept), in Replay. (The
    replay list's own is kalaha.flow.replay's; the one name: the device's names have little room.)"""
    from kalaha.flow.replay import REPLAY

    REPLAY.choice = 0
    REPLAY.back = RESULT  # (its push: back to the result)
    app.go(REPLAY)
