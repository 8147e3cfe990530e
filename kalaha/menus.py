"""The menus' actions: new games and a saved game resumed, undo, resign, the hint, the level,
the draw offer, the swap, and the questions before what cannot be undone (the record screens'
own are in the modules of their screens: kalaha.records, kalaha.replay).

Imported when a menu's item is chosen (App.act) and let go when the board or another screen's
module is shown (App.go): a game has the heap back. Each takes the app; menus name them.
"""

from kalaha.ai import LEVEL_NAMES
from kalaha.board import DRAW, END_AGREED, END_RESIGN, SOUTH, SWAP, Board
from kalaha.compat import forget
from kalaha.game import HANDOVER_MS, SIDE_TITLES
from kalaha.screens import CONFIRM, DRAW_OFFER, GAME, GAME_MENU, MENU, RESULT, START_NAMES, computer_side
from kalaha.store import RING, TWO_PLAYERS
from kalaha.view import BUZZ, EXTRA, PASS


def next_level(app):
    i = (LEVEL_NAMES.index(app.level) + 1) % len(LEVEL_NAMES)
    app.level = LEVEL_NAMES[i]
    app.settings["level"] = i
    app.store.save_settings(app.settings)  # (the setup is remembered, as the settings are)


def toggle_music(app):
    """The game menu's Music on or off: the tune last chosen in the settings, or none."""
    s = app.settings
    s["music"] = 0 if s["music"] else s["tune"]
    app.store.save_settings(s)


def next_starter(app):
    app.settings["starts"] = (app.settings["starts"] + 1) % len(START_NAMES)
    app.store.save_settings(app.settings)


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
    """3-4 players: their setup (kalaha.ringplay, imported now, let go with its screens)."""
    app.make_room_for_ring()
    forget("kalaha.seven")  # (a seven-pit game's board, if one was played)
    from kalaha.ringplay import RING_SETUP, load_setup

    load_setup(app)
    app.go(RING_SETUP)


def saved_game_kept(app, action):
    """True when no game waits to be continued; else ask before replacing it (False)."""
    if app.store.current is None:
        return True
    CONFIRM.ask(app, "Replace saved game?", "No, keep it", "Yes, new game", action, MENU)
    return False


def ask_resign(app):
    CONFIRM.ask(app, "Resign this game?", "No, play on", "Yes, resign", "resign", GAME)


def play_again(app):
    """The same kind of game again; against the computer, who starts as the setup says."""
    new_game(app, None if app.game.computer is None else computer_side(app))


def leave_game(app):
    app.thinker.cancel()
    app.go(MENU)


def offer_draw(app):
    """Agree draw: two players only; the other player answers (DRAW_OFFER)."""
    g = app.game
    if g.computer is not None or g.board.to_move is None:
        app.say("2 players only")
        app.sound(BUZZ)
        return
    # The other player answers, with the device turned to them (App.flip).
    g.draw_offer = g.board.to_move
    app.message = ""  # (the bottom line is the offer's own)
    app.go(DRAW_OFFER)
    app.sound(EXTRA)


def accept_draw(app):
    g = app.game
    g.facing = 1 - g.draw_offer  # (the result faces the one who accepted: they hold the device)
    g.draw_offer = -1
    app.go(GAME)
    app.finish_game(DRAW, END_AGREED)


def decline_draw(app):
    app.game.draw_offer = -1
    app.go(GAME)
    app.say("No draw: %s next" % SIDE_TITLES[app.game.board.to_move])


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
    if board.pits > 6:
        import kalaha.seven  # noqa: F401  (its board, here: the import would slow a game's frame)
    else:
        forget("kalaha.seven")
    g = app.game
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
    """A chess clock for `control` (kalaha.clock.CONTROLS), South's running; None for none."""
    if not control:
        return None
    from kalaha.clock import ChessClock

    clock = ChessClock(control)
    clock.start(SOUTH, app.now)
    return clock


def continue_game(app):
    """Back to the saved game in progress: same position, rules, level and clocks."""
    g = app.store.current
    if g.mode == RING:
        app.make_room_for_ring()
        from kalaha.ringplay import resume

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


def to_game(app):
    """Back to the board from the game menu (its actions act on the board)."""
    if app.screen == GAME_MENU:
        app.go(GAME)


def undo(app):
    """Two players: take back the last turn. Against the computer: your turn and its reply."""
    g = app.game
    b = g.board
    if b is None:
        return
    if app.screen == RESULT or (b.to_move is None and app.store.current is None):
        # A finished game stays finished: it is saved, counted and in the replay list.
        app.say("the game is over")
        app.sound(BUZZ)
        return
    to_game(app)
    app.sowing.path = None
    app.thinker.cancel()
    if b.resigned is not None:
        b.unresign()
    target = b.last_turn_start(None if g.computer is None else 1 - g.computer)
    if target is None:
        app.say("nothing to undo")
        app.sound(BUZZ)
        return
    taken = b.ply - target
    while b.ply > target:
        b.pop()
    g.version += 1
    app.store.undo(taken)
    if g.clock is not None:
        g.clock.switch(b.to_move, app.now, increment=False)
    g.forget_last_turn()
    g.face_mover()
    if g.computer is not None:
        app.say("Undone: your move")
    else:
        app.say("Undone: %s next" % SIDE_TITLES[b.to_move])


def resign(app):
    to_game(app)
    g = app.game
    if g.board is None or g.board.to_move is None:
        return
    app.sowing.path = None
    loser = (1 - g.computer) if g.computer is not None else g.board.to_move
    app.finish_game(1 - loser, END_RESIGN)


def hint(app):
    """Start finding a hint: the search runs in slices like the computer's (App.hint_slice)."""
    to_game(app)
    g = app.game
    th = app.thinker
    if not g.human_to_move() or th.busy():
        return
    app.hint_version = g.version
    if not th.start_hint(g.board):
        app.say("finding a hint", 5000)


def swap_sides(app):
    """Play T (the swap) when it is offered: two players, North's first turn."""
    to_game(app)
    g = app.game
    b = g.board
    if app.screen == GAME and b is not None and b.swap_available() and app.sowing.path is None:
        b.push(SWAP)
        g.version += 1
        g.save_move(SWAP, app.now)
        g.last_turn = "T"
        g.last_mover = 1 - b.to_move
        g.last_from = g.last_end = -1
        # The players changed sides; the first player, now North, moves next: the device goes
        # to them (turned after a moment, App.game_tick, if it does not face North already).
        if g.facing != b.to_move:
            g.handover_at = app.now + HANDOVER_MS
        app.sound(PASS)
        app.say("Swap: pass to %s" % SIDE_TITLES[b.to_move], 2500)
    else:
        app.say("no swap now")
        app.sound(BUZZ)
    app.render()
