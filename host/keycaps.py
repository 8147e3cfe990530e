"""What each key does on the board shown, as the desktop simulator and the web page caption it.
Host-only; imports only kalaha (MicroPython runs it in the page), the tests read keys with it."""


def pit_at(app, key):
    """(side, pit) that view key `key` shows where a board is on screen, else None."""
    from kalaha.flow.screens import GAME_MENU, MOVES
    from kalaha.picture.view import pit_of_view_key

    if app.screen.replays or not (app.screen.shows_board or app.screen == GAME_MENU or app.screen == MOVES):
        return None  # (a replay's keys are its controls)
    if not app.game.mode.pit_keys:
        return None  # (seven pits: the keys are the knob's, kalaha.flow.seven; a ring's: its own)
    b, _cells, viewer = app.view.shown(app)
    side, pit = pit_of_view_key(key, viewer, b.pits)
    return (side, pit) if pit else None


def key_caption(app, key):
    """What view key `key` does on the board shown: its pit as the display names it ("S3": yours
    against the computer, whoever started; South's between two players); round a ring the mover's
    pit number; on seven pits the bottom row's "<", "sow" and ">" (kalaha.flow.seven) while the game's
    board is shown; else ""."""
    pit = pit_at(app, key)
    if pit is not None:
        return "%s%d" % (app.view.pit_letter(app.game, pit[0]), pit[1])  # (as the display names it)
    on_board = app.screen.shows_board and not app.screen.replays
    if on_board and not app.game.mode.two_sides:
        from kalaha.flow.ringplay import pit_of  # (the mover's pits 1..P: the display's row order)

        b = app.game.board
        return "%d" % pit_of(b, key) if b.to_move is not None and pit_of(b, key) else ""
    if on_board and not app.game.mode.pit_keys:
        first = 12 - app.view.columns
        if key == first or key == 11:
            return "<" if key == first else ">"
        return "sow" if key > first else ""
    return ""
