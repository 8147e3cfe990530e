"""The game menu's actions (and the draw offer's answers): undo, the hint, the music, the swap,
the draw, resigning and leaving; the board's too (App.act). Resident while the game menu is shown
(kalaha.flow.screens.RESIDENT).

Apart from kalaha.flow.menus (new games, the result's Play again) so that the screens around a game
hold only their own code (docs/decisions.md).
"""

from kalaha.flow.game import HANDOVER_MS
from kalaha.flow.screens import CONFIRM, DRAW_OFFER, GAME, GAME_MENU, MENU, RESULT
from kalaha.picture.view import BUZZ, EXTRA, PASS, SIDE_TITLES
from kalaha.saved.journal import DRAW, END_AGREED, END_RESIGN, SWAP


def to_game(app):
    """Back to the board from the game menu (its actions act on the board)."""
    if app.screen == GAME_MENU:
        app.go(GAME)


def undo(app):
    """Take back the last turn a person made, and every turn the computer made after it: two
    players, the last turn; against the computer, your turn and its reply; round a ring, the
    last person's turn and the computer seats' after it."""
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
    target = b.ply - 1
    is_computer = getattr(g.mode, "is_computer", None)  # (a ring's computer seats)
    while target >= 0:
        seat = b.mover_of(target)
        if seat != g.computer and (is_computer is None or not is_computer(seat)):
            break
        target -= 1  # (the computer's sowings since the person's last)
    while target > 0 and not b.starts_turn(target):
        target -= 1
    if target < 0:
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
        app.say("Undone: %s next" % g.side_name(b.to_move))


def hint(app):
    """Start finding a hint: the search runs in slices like the computer's (App.hint_slice)."""
    to_game(app)
    g = app.game
    own = getattr(g.mode, "hint", None)
    if own is not None:
        own(app)  # (a puzzle's answer, a ring's own search)
        return
    th = app.thinker
    if th.hinting:
        return  # (being found: the board says so)
    if not g.human_to_move() or th.thinking:
        app.say("Hints: on your turn")
        return
    app.hint_version = g.version
    from kalaha.search.hint import start

    if not start(th, g.board):
        app.say("finding a hint", 5000)


def toggle_music(app):
    """The game menu's Music on or off: the tune last chosen in the settings, or none."""
    s = app.settings
    s["music"] = 0 if s["music"] else s["tune"]
    app.store.save_settings(s)


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


def help(app):  # (the builtin's name: one the device has, its pools have little room)
    """How to play's pages from a game (the game's clock running); a push goes back to the board."""
    from kalaha.flow.screens import Help

    pages = Help()
    pages.back = GAME
    pages.clock_runs = True
    app.go(pages)


def ask_resign(app):
    g = app.game
    if not g.mode.two_sides:
        # Round a ring the person to move resigns (last place); the others play no more.
        if not g.human_to_move():
            app.say("resign on your turn")
            return
        question = "%s resigns?" % g.side_name(g.board.to_move)
    else:
        question = "Resign this game?"
    CONFIRM.ask(app, question, "No, play on", "Yes, resign", "resign", GAME)


def resign(app):
    """The question's Yes: the player to move, or the person against the computer, loses; round
    a ring the person to move takes last place."""
    g = app.game
    b = g.board
    if b is None or b.to_move is None:
        return
    app.sowing.path = None
    if not g.mode.two_sides:
        b.resign(b.to_move)
        app.finish_game(b.outcome().code, END_RESIGN)
        return
    loser = (1 - g.computer) if g.computer is not None else b.to_move
    app.finish_game(1 - loser, END_RESIGN)


def leave_game(app):
    app.thinker.cancel()
    row = getattr(app.game.mode, "menu_row", None)  # (a puzzle: the main menu's Puzzles)
    app.go(MENU)
    if row is not None:
        app.cursor = [action for _label, action in MENU.items(app)].index(row)  # (where it was)
