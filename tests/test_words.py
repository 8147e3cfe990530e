"""What the device says, and when: words belong to their screen and moment, a new knob position
replaces an old message, an action that cannot work now says why, the next seat is named once
the last seed has landed (issue 47). Read back from the frame, as a player reads it."""

from drivers import Driver, RingDriver, start_vs_computer

from host.reading import app_lines as lines
from host.reading import app_words as words
from kalaha import NORTH, SOUTH
from kalaha.flow.app import view_key_of_pit
from kalaha.flow.screens import GAME, GAME_MENU, MENU, SETTINGS


def test_a_new_knob_position_replaces_an_old_message_at_once():
    d = Driver()
    start_vs_computer(d, "easy")
    a = d.app
    d.press(view_key_of_pit(NORTH, 2, SOUTH))
    assert words(a) == "not your pit"
    a.turn(1)  # the knob picks a pit: the words say what it does, not the old message
    d.frames()
    assert words(a).startswith("push: S") and a.pit_cursor >= 0


def test_hint_on_the_computers_turn_says_why():
    d = Driver(hints=False)
    start_vs_computer(d, "strong", starts="computer")
    a = d.app
    assert a.game.board.to_move == a.game.computer
    a.click()
    d.frames()
    assert a.screen == GAME_MENU
    d.choose("Hint")
    assert a.screen == GAME and not a.thinker.hinting
    assert words(a) == "Hints: on your turn"


def test_leaving_a_game_ends_its_words():
    d = Driver()
    d.choose("Two players")
    a = d.app
    d.press(d.key_for(1))  # South sows; the device will turn to North
    d.idle()
    d.ready()
    assert "North" in words(a)
    a.click()  # the game menu: its footer is its own, not the game's words
    d.frames()
    assert a.screen == GAME_MENU and lines(a)[7] == "push: choose"
    d.choose("Main menu")
    assert a.screen == MENU and "North" not in " ".join(lines(a)) and "move" not in lines(a)[7]


def test_the_next_seat_is_named_once_the_last_seed_has_landed():
    d = RingDriver()
    rp = d.setup(players=3, computers=("Orange", "Violet"))
    a = d.app
    b = a.game.board
    assert rp.is_computer(1)
    d.ready()
    pit = next(p for p in b.legal_moves() if not _extra(rp, b, p))
    a.key_down(rp.key_of(b, b.to_move, pit))
    d.frames()
    a.key_up(rp.key_of(b, b.to_move, pit))
    d.frames()
    seen = []
    while a.sowing.path is not None:
        seen.append(" ".join(lines(a)[5:7]))
        d.frames()
    assert seen and not any("Orange" in text for text in seen), seen
    d.frames()
    assert "Orange" in " ".join(lines(a)[5:7])


def _extra(rp, b, pit):
    """True when `pit` ends in its seat's store (the seat would sow again)."""
    from kalaha.rules.ring import RingBoard

    copy = RingBoard(b.seats, b.pits, 4, b.capture_from, b.first, undoable=False)
    copy.cells[:] = b.cells
    copy.to_move = b.to_move
    copy.push(pit)
    return copy.last_extra


def test_after_a_question_the_cursor_stays_on_the_row_that_asked():
    d = Driver()
    d.choose("Settings")
    a = d.app
    d.choose("Reset statistics")
    d.choose("No")
    assert a.screen == SETTINGS and lines(a)[[ln.startswith("> ") for ln in lines(a)].index(True)].startswith(
        "> Reset"
    )


def test_the_keys_captions_name_the_pits_as_the_display_does_whoever_starts():
    from host.keycaps import key_caption

    d = Driver(hints=False)
    start_vs_computer(d, "easy", starts="computer")
    a = d.app
    d.idle()  # the computer (South) has sowed: the player is North, the bottom keys still
    assert a.game.computer == SOUTH and a.game.board.to_move == NORTH
    assert [key_caption(a, k) for k in (6, 11, 0, 5)] == ["S1", "S6", "N6", "N1"]
    a.turn(1)  # the knob's preview names the same pit as the key's caption
    d.frames()
    assert words(a).startswith("push: %s " % key_caption(a, a.pit_cursor))
