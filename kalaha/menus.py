"""The menus' actions: new games and a saved game resumed, the level, the draw offer, the swap,
and the questions before what cannot be undone (the record screens' own are in kalaha.records).

Imported when a menu's item is chosen (App.act) and let go when the board or another screen's
module is shown (App.go): a game has the heap back. Each takes the app; menus name them.
"""

from kalaha.ai import LEVEL_NAMES
from kalaha.app import BUZZ, EXTRA, HANDOVER_MS
from kalaha.board import DRAW, END_AGREED, NORTH, SOUTH, SWAP, Board
from kalaha.clock import ChessClock
from kalaha.screens import CONFIRM, DRAW_OFFER, GAME, MENU, SIDE_TITLES, START_NAMES
from kalaha.store import TWO_PLAYERS


def ask(app, question, yes, action, back):
    """Ask before `action` (an action's name): the CONFIRM screen, Yes or No (to `back`)."""
    app.pending = (question, yes, action, back)
    app.message = ""  # (the bottom line is the question's own: what was said before is done)
    app.go(CONFIRM)


def confirmed(app):
    question, yes, action, back = app.pending
    app.pending = None
    app.go(back)
    app.act(action)


def not_confirmed(app):
    back = app.pending[3]
    app.pending = None
    app.go(back)


def next_level(app):
    i = LEVEL_NAMES.index(app.level)
    app.level = LEVEL_NAMES[(i + 1) % len(LEVEL_NAMES)]


def next_starter(app):
    app.start_choice = (app.start_choice + 1) % len(START_NAMES)


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


def saved_game_kept(app, action):
    """True when no game waits to be continued; else ask before replacing it (False)."""
    if app.store.current is None:
        return True
    ask(app, "Replace saved game?", "Yes, new game", action, MENU)
    return False


def ask_resign(app):
    ask(app, "Resign this game?", "Yes, resign", "resign", GAME)


def play_again(app):
    new_game(app, app.computer, again=True)


def leave_game(app):
    app._cancel_search()
    app.go(MENU)


def offer_draw(app):
    """Agree draw: two players only; the other player answers (DRAW_OFFER)."""
    if app.computer is not None or app.board.to_move is None:
        app.say("2 players only")
        app._sound(BUZZ)
        return
    # The other player answers, with the device turned to them (see View.flip).
    app.draw_offer = app.board.to_move
    app.go(DRAW_OFFER)
    app._sound(EXTRA)


def accept_draw(app):
    app.draw_offer = -1
    app.go(GAME)
    app._finish_game(DRAW, END_AGREED)


def decline_draw(app):
    app.draw_offer = -1
    app.go(GAME)
    app.say("No draw: %s next" % SIDE_TITLES[app.board.to_move])


def computer_side(app):
    if app.start_choice == 0:
        return NORTH
    if app.start_choice == 1:
        return SOUTH
    return NORTH if app.games_started % 2 == 0 else SOUTH


def new_game(app, computer, again=False):
    st = app.settings
    if again and app.computer is not None:
        computer = 1 - app.computer  # play again: the other player starts
    swap = st["swap"] and computer is None  # never against the computer (as in the sources)
    app.board = Board(
        pits=st["pits"], seeds=st["seeds"], empty_capture=st["empty_capture"], alga=st["alga"], swap=swap
    )
    app.computer = computer
    start_clock(app, st["clock"] if computer is None else 0)
    mode = TWO_PLAYERS if computer is None else computer
    clocks = app.clock.remaining if app.clock is not None else (0, 0)
    app.store.new_game(
        app.board.rules(), mode, LEVEL_NAMES.index(app.level), app.clock.control if app.clock else 0, clocks
    )
    begin_play(app)


def start_clock(app, control):
    app.clock = ChessClock(control) if control else None
    app.last_second = -1
    if app.clock is not None:
        app.clock.start(SOUTH, app.now)


def begin_play(app):
    app.version += 1
    app.games_started += 1
    app.thinking = False
    app.hinting = False
    app.root = None
    app.anim_path = None
    app._forget_last_turn()
    app.message = ""
    app.coach_text = ""
    app._face_mover()
    app.go(GAME)


def continue_game(app):
    """Back to the saved game in progress: same position, rules, level and clocks."""
    g = app.store.current
    app.board = Board(**g.rules)
    for m in g.moves:
        app.board.push(m)
    app.computer = None if g.mode == TWO_PLAYERS else g.mode
    app.level = LEVEL_NAMES[g.level]
    start_clock(app, g.clock)
    if app.clock is not None:
        app.clock.set(g.clocks[0], g.clocks[1], app.now)
        if app.board.to_move is not None:
            app.clock.start(app.board.to_move, app.now)
    begin_play(app)
    app.say("welcome back")
    if app.board.to_move is None:
        # Its last sowing ended it, but the power went before the end was saved: end it now.
        app._end_game()


def swap_sides(app):
    """Play T (the swap) when it is offered: two players, North's first turn."""
    app._to_game()
    b = app.board
    if app.screen == GAME and b is not None and b.swap_available() and app.anim_path is None:
        b.push(SWAP)
        app.version += 1
        app._save_move(SWAP)
        app.last_turn = "T"
        app.last_mover = 1 - b.to_move
        app.last_from = app.last_end = -1
        # The players changed seats; the first player, now North, moves next: the device
        # turns to them after a moment (game_tick), if it does not face them already.
        if app.facing != b.to_move:
            app.handover_at = app.now + HANDOVER_MS
            app.say("Swap: pass to %s" % SIDE_TITLES[b.to_move], HANDOVER_MS)
        else:
            app.say("Swapped: %s next" % SIDE_TITLES[b.to_move], 2500)
    else:
        app.say("no swap now")
        app._sound(BUZZ)
    app.render()
