"""The handheld's flow, played through its events (keys, encoder, time) as a person would."""

import random
import sys

import pytest
from drivers import Driver, start_vs_computer
from playout import FRAME

from host.reading import app_lines as lines
from host.reading import app_words as words
from host.reading import board_label, read_board
from kalaha import NORTH, SOUTH, Board
from kalaha.flow.app import App, pit_of_view_key, view_key_of_pit
from kalaha.flow.records import SETTING_LABELS, SHOWN_KEYS
from kalaha.flow.screens import CONFIRM, GAME, MENU, RESULT, game_menu_items
from kalaha.picture.view import BUZZ, GOOD_COLOUR, THEIRS_COLOUR, YOURS_COLOUR
from kalaha.rules import notation
from kalaha.saved.choices import SETTING_CHOICES


def snapshot(a):
    return (list(a.game.board.cells), a.game.board.ply, a.game.board.to_move)


def test_key_map_is_a_ring_with_opposites_straight_above():
    for pits in (4, 5, 6):
        b = Board(pits=pits)
        for viewer in (SOUTH, NORTH):
            seen = set()
            for side in (SOUTH, NORTH):
                for pit in range(1, pits + 1):
                    key = view_key_of_pit(side, pit, viewer, pits)
                    assert pit_of_view_key(key, viewer, pits) == (side, pit)
                    seen.add(key)
                    if side == viewer:
                        opposite = b.opposite(b.pit_index(side, pit))
                        o_side = SOUTH if opposite < pits else NORTH
                        o_pit = opposite + 1 if opposite < pits else opposite - pits
                        assert view_key_of_pit(o_side, o_pit, viewer, pits) == key - 6
            assert len(seen) == 2 * pits


@pytest.mark.parametrize("level", ["easy", "medium", "strong", "expert"])
def test_complete_game_against_every_level(level):
    d = Driver()
    start_vs_computer(d, level)
    a = d.app
    rng = random.Random(level)
    turns = 0
    while a.screen == GAME:
        d.idle()
        if a.screen != GAME:
            break
        assert a.game.board.to_move == SOUTH and a.game.viewer == SOUTH and not a.flip
        before = a.game.board.ply
        pit = rng.choice([m for m in a.game.board.legal_moves()])
        d.press(d.key_for(pit))
        assert a.game.board.ply == before + 1
        turns += 1
    assert a.screen == RESULT and a.game.board.outcome() is not None
    assert a.game.result_text in ("You win!", "Computer wins", "Draw")
    assert turns > 3
    # Play again, as the setup said ("Starts: you"), and the result says so.
    d.ready()
    d.frames()
    assert "> Again: you first" in lines(a)
    a.click()
    d.frames()
    assert a.screen == GAME and a.game.computer == NORTH


def test_play_again_follows_the_setup_and_says_who_starts():
    d = Driver()
    start_vs_computer(d, "easy", starts="alternate")
    a = d.app
    first = a.game.computer
    a.click()
    d.choose("Resign")
    d.choose("Yes, resign")
    d.frames(60)
    expected = "Again: you first" if first == SOUTH else "Again: computer 1st"
    assert "> " + expected in lines(a)
    d.choose("Again")
    assert a.screen == GAME and a.game.computer == 1 - first  # (alternate: the other starts)


def test_complete_two_player_game_flips_for_north():
    d = Driver(hints=False)
    d.choose("Two players")
    a = d.app
    rng = random.Random(2)
    flips = set()
    while a.screen == GAME:
        side = a.game.board.to_move
        assert a.flip == (side == NORTH)
        flips.add(a.flip)
        pit = rng.choice(list(a.game.board.legal_moves()))
        # The mover's pits are always the bottom six keys, pit 1 at key 6.
        assert d.key_for(pit) == 5 + pit
        before = a.game.board.ply
        d.press(d.key_for(pit))
        assert a.game.board.ply == before + 1
        d.idle()
    assert flips == {True, False}
    assert a.game.result_text.endswith("wins") or a.game.result_text == "Draw"


def test_every_kind_of_illegal_press_changes_nothing():
    d = Driver()
    start_vs_computer(d, "easy")
    a = d.app
    d.press(d.key_for(3))  # 3: extra turn, South still to move
    d.idle()
    cases = []
    empty = d.key_for(3)
    cases.append((empty, "empty"))
    cases.append((view_key_of_pit(NORTH, 2, SOUTH), "not your pit"))
    for key, said in cases:
        before = snapshot(a)
        a.sounds.clear()
        d.press(key)
        assert snapshot(a) == before
        assert BUZZ in a.sounds and said in a.message and said in words(a)
        assert a.refused.keys[0] == key
    # Not your turn: pressing while the computer thinks.
    d.press(d.key_for(6))  # ends the turn; the computer moves next
    while a.sowing.path is not None:
        d.frames()
    d.frames()
    assert a.game.board.to_move == NORTH and a.thinker.thinking
    a.sounds.clear()
    before = a.game.board.ply
    d.press(view_key_of_pit(SOUTH, 1, SOUTH))
    assert "not your turn" in a.message and BUZZ in a.sounds
    d.idle()
    assert a.game.board.to_move == SOUTH or a.screen == RESULT
    assert a.game.board.ply > before


def test_smaller_board_keys_without_pits():
    d = Driver(pits=4)
    start_vs_computer(d, "easy")
    a = d.app
    assert a.game.board.pits == 4
    before = snapshot(a)
    d.press(6)  # your pits are keys 8..11, next to your store: key 6 has no pit
    assert snapshot(a) == before and "no pit" in a.message
    d.frames(20)
    d.press(0)  # (nor the top row's first: no pit of anyone's, not "not your pit")
    assert snapshot(a) == before and a.message == "no pit there"
    d.frames(20)  # (the "not allowed" flash is over)
    assert a.pixels[6] == 0 and a.pixels[7] == 0 and a.pixels[0] == 0 and a.pixels[1] == 0
    # Pit 4 (next to the store) is key 11; the opponent's pit across from your pit 1 is key 2.
    assert d.key_for(4) == 11 and d.key_for(1) == 8
    pits, top, bottom = read_board(a.frame.buf)
    assert pits == [None, None, 4, 4, 4, 4, None, None, 4, 4, 4, 4] and top == bottom == 0


def test_keys_mashed_during_animation_and_thinking_lose_or_double_nothing():
    d = Driver(speed=2)
    start_vs_computer(d, "strong")
    a = d.app
    rng = random.Random(9)
    moves_made = 0
    for _ in range(6):
        d.idle()
        if a.screen != GAME:
            break
        pit = rng.choice(list(a.game.board.legal_moves()))
        before = a.game.board.ply
        d.press(d.key_for(pit))
        moves_made += 1
        assert a.game.board.ply == before + 1
        # Mash everything while the seeds are sown and the computer thinks; a press that
        # starts while it is busy must never count, even if released later.
        k = 0
        while a.sowing.path is not None and a.sowing.side != a.game.computer:
            d.frames()  # (a key here would skip our own sowing; a second one would be a real move)

        def computer_busy():
            return a.thinker.thinking or (a.sowing.path is not None and a.sowing.side == a.game.computer)

        while computer_busy():
            a.key_down(k % 12)
            a.key_down((k + 5) % 12)
            d.frames()
            a.key_up(k % 12)
            a.turn(1)
            k += 1
            d.frames()
            a.key_up((k + 4) % 12)
        d.idle()
        human_plies = sum(1 for i in range(a.game.board.ply) if a.game.board.mover_of(i) == SOUTH)
        assert human_plies == moves_made


def test_undo_against_the_computer_takes_back_the_reply_too():
    d = Driver()
    start_vs_computer(d, "easy")
    a = d.app
    d.press(d.key_for(1))  # no extra turn: the computer replies
    d.idle()
    assert a.game.board.to_move == SOUTH and a.game.board.ply >= 2
    d.app.click()  # game menu
    d.choose("Undo")
    assert a.game.board.ply == 0 and a.game.board.to_move == SOUTH
    d.frames(5)
    assert a.game.board.ply == 0  # the computer does not move again by itself


def test_undo_during_the_computers_search_cancels_it():
    d = Driver()
    start_vs_computer(d, "expert")
    a = d.app
    d.press(d.key_for(2))
    d.frames(30)
    assert a.thinker.thinking
    a.click()
    d.choose("Undo")
    assert not a.thinker.thinking and a.game.board.ply == 0


def test_undo_in_two_player_games_takes_back_one_turn():
    d = Driver()
    d.choose("Two players")
    a = d.app
    d.press(d.key_for(3))
    d.idle()
    d.press(d.key_for(6))  # South's turn 3-6 is complete
    d.idle()
    d.press(d.key_for(1))  # North plays 1
    d.idle()
    a.act("undo")
    assert notation.record(a.game.board) == "3-6"
    a.act("undo")
    assert notation.record(a.game.board) == ""
    a.act("undo")
    assert "nothing to undo" in a.message


def test_a_held_key_shows_where_it_ends_and_sows_when_let_go():
    d = Driver()
    start_vs_computer(d, "easy")
    a = d.app
    before = snapshot(a)
    key = d.key_for(3)
    a.key_down(key)
    d.frames(25)
    # Pit 3 ends in the store: the held key shows green (extra turn), the bottom line says it.
    assert a.preview == key and (a.pixels[key] >> 8) & 255 > 0 and a.pixels[key] >> 16 == 0
    assert snapshot(a) == before and words(a) == "let go: S3 extra turn"
    a.key_up(key)
    d.frames()
    assert a.game.board.ply == 1  # a deliberate, slow press sows like a quick one
    # The knob's push while a key is held cancels it: nothing is sown.
    d.idle()
    before = snapshot(a)
    key = d.key_for(4)
    a.key_down(key)
    d.frames(25)
    a.click()
    a.key_up(key)
    d.frames()
    assert snapshot(a) == before and a.screen == GAME and words(a) == "not sown"


def test_encoder_cursor_chooses_and_plays_a_pit():
    d = Driver()
    start_vs_computer(d, "easy")
    a = d.app
    a.turn(1)
    assert a.pit_cursor == d.key_for(1)
    a.turn(2)
    assert a.pit_cursor == d.key_for(3)
    a.click()
    d.frames()
    assert a.game.board.moves() == [3]


def test_resign_and_result_screen():
    d = Driver()
    start_vs_computer(d, "easy")
    a = d.app
    a.click()
    d.choose("Resign")
    # Resign asks once more; No goes back to the game, Yes ends it.
    assert a.screen == CONFIRM and lines(a)[0] == "Resign this game?"
    assert lines(a)[7] == "turn: pick  push: ok"  # its own bottom line, not the game's last words
    d.choose("No")
    assert a.screen == GAME and a.game.board.to_move is not None
    a.click()
    d.choose("Resign")
    d.choose("Yes")
    assert a.screen == RESULT and a.game.end_result == a.game.computer
    shown = lines(a)
    assert shown[0].strip() == "You resigned"
    # no cursor while it takes no input: a push then does nothing, and shows none
    assert shown[6] == " Again: you first" and shown[7] == " Main menu          v"  # (more below)
    a.turn(1)
    a.click()  # (keys and the knob mashed as the game ended: the result takes none for a second)
    assert a.screen == RESULT and lines(a)[6] == " Again: you first"
    d.ready()
    d.frames()
    assert lines(a)[6] == "> Again: you first"
    a.turn(1)
    assert lines(a)[6].strip() == "Again: you first" and lines(a)[7] == "> Main menu         v"
    a.click()
    assert a.screen == MENU


def test_settings_menu_changes_every_setting():
    d = Driver()
    a = d.app
    d.choose("Settings")
    before = dict(a.settings)
    assert len(SETTING_LABELS) == len(SHOWN_KEYS)
    for key, label in zip(SHOWN_KEYS, SETTING_LABELS):
        d.choose(label)
        assert a.settings[key] != before[key], key
    # Each goes round all the values a saved setting may have, back to where it was.
    for key, label in zip(SHOWN_KEYS, SETTING_LABELS):
        seen = {a.settings[key]}
        for _ in range(len(SETTING_CHOICES[key]) - 1):
            d.choose(label)
            seen.add(a.settings[key])
        assert a.settings[key] == before[key] and seen == set(SETTING_CHOICES[key]), key
    d.choose("Back")
    assert a.screen == MENU


def test_the_hints_setting_says_what_each_value_does():
    from host.reading import app_lines

    d = Driver()
    a = d.app
    d.choose("Settings")
    d.choose("Hints")  # (on by default: now off)
    assert "> Hints: off" in app_lines(a) and app_lines(a)[7] == "keys show no hints"
    d.choose("Hints")
    assert "> Hints: on" in app_lines(a) and app_lines(a)[7] == "keys show good moves"


def test_swap_is_offered_only_to_two_players():
    d = Driver(swap=True)
    start_vs_computer(d, "easy")
    assert not d.app.game.board.swap
    d = Driver(swap=True)
    d.choose("Two players")
    a = d.app
    d.press(d.key_for(1))
    d.idle()
    a.click()
    d.choose("Swap sides")
    assert notation.record(a.game.board) == "1 T" and a.game.board.to_move == NORTH
    a.click()
    # only once, and only as North's first turn: the menu no longer offers it
    assert not any("Swap" in line for line in lines(a)[1:7])
    a.act("swap_sides")
    assert notation.record(a.game.board) == "1 T" and "no swap" in a.message


def test_hint_lights_a_legal_pit():
    d = Driver()
    start_vs_computer(d, "easy")
    a = d.app
    a.click()
    d.choose("Hint")
    # The hint is searched in slices, a frame at a time, like the computer's move.
    assert a.thinker.hinting and a.hint_key < 0 and "hint" in a.message
    assert "kalaha.search.hint" in sys.modules
    frames = 0
    while a.thinker.hinting:
        d.frames()
        frames += 1
    assert frames > 3
    # (its code is loaded while it searches, and let go once it is found: kalaha.search.hint)
    assert "kalaha.search.hint" not in sys.modules
    side, pit = pit_of_view_key(a.hint_key, a.game.viewer, a.game.board.pits)
    assert side == SOUTH and a.game.board.is_legal(pit) and a.message == "good move: S%d" % pit
    # The hint's key blinks green until the move is made, long after its message is gone.
    seen = set()
    for _ in range(300):
        d.frames()
        seen.add(a.pixels[a.hint_key])
    assert not a.message and GOOD_COLOUR & 0xFF00 and any(c and c >> 8 & 0xFF > c >> 16 for c in seen)
    d.press(d.key_for(pit))
    d.idle()
    assert all(c >> 8 & 0xFF <= max(c >> 16, c & 0xFF) for c in a.pixels if c)  # no green left


def test_a_move_made_while_the_hint_is_searched_cancels_the_hint():
    d = Driver()
    start_vs_computer(d, "easy")
    a = d.app
    a.click()
    d.choose("Hint")
    assert a.thinker.hinting
    before = a.game.board.ply
    d.press(d.key_for(1))
    assert a.game.board.ply == before + 1  # the move counts; the stale hint is dropped
    d.idle()
    assert not a.thinker.hinting and a.hint_key < 0 and a.game.board.to_move == SOUTH
    assert "kalaha.search.hint" not in sys.modules
    # Undo during the hint's search cancels it too.
    a.click()
    d.choose("Hint")
    assert a.thinker.hinting
    a.click()
    d.choose("Undo")
    assert not a.thinker.hinting


def test_display_shows_the_exact_board():
    d = Driver()
    start_vs_computer(d, "easy")
    a = d.app
    d.press(d.key_for(3))
    d.idle()
    # Row of keys 6 7 8 = South pits 1 2 3 = 4 4 0; key 0 1 2 = North 6 5 4.
    pits, top, bottom = read_board(a.frame.buf)
    assert pits == [4, 4, 4, 4, 4, 4, 4, 4, 0, 5, 5, 5] and (top, bottom) == (0, 1)
    buf = a.frame.buf
    assert board_label(buf, 0) == ("Computer", False) and board_label(buf, 1) == ("You", True)
    assert words(a) == "You: extra turn"


@pytest.mark.parametrize("two", [False, True])
def test_an_extra_turn_is_said_until_its_next_sowing(two):
    d = Driver()
    if two:
        d.choose("Two players")
    else:
        start_vs_computer(d, "easy")
    a = d.app
    d.press(d.key_for(3))  # (ends in the store: an extra turn)
    d.idle()
    who = "South" if two else "You"
    for _ in range(3):
        assert words(a) == who + ": extra turn"
        d.frames(2500 // 20)  # (the message's own 2 s long past: the footer still says it)
    d.press(d.key_for(1))
    d.idle()
    assert words(a) != who + ": extra turn"


@pytest.mark.parametrize("two", [False, True])
def test_game_menu_offers_only_what_applies(two):
    d = Driver(swap=True)
    if two:
        d.choose("Two players")
        d.press(d.key_for(1))
        d.idle()
    else:
        start_vs_computer(d, "easy")
    a = d.app
    a.click()
    seen = set()
    items = game_menu_items(a)
    for _ in range(len(items)):
        seen.update(line[2:] for line in lines(a) if line.startswith("> "))
        a.turn(1)
    assert seen == {label for label, _action in items}
    # Against the computer no Swap or Agree draw (they never work there); a hint instead.
    assert ("Swap sides" in seen) == two and ("Agree draw" in seen) == two and ("Hint" in seen) != two


def test_capture_lights_both_pits_and_extra_turn_lights_the_last_pit():
    d = Driver(hints=False)
    start_vs_computer(d, "easy")
    a = d.app
    d.press(d.key_for(3))  # ends in the store: extra turn
    d.idle()
    # what a sowing did blinks in the sower's colour: yours (blue), not the hints' green
    assert a.effect.colour == YOURS_COLOUR and a.effect.keys[0] == d.key_for(6)
    # ... and the computer's in its own (orange): never a green that says "good for you"
    rng = random.Random(4)
    computers = 0
    while a.screen == GAME and computers < 2:
        if a.sowing.path is None and a.game.human_to_move():
            d.press(d.key_for(rng.choice(list(a.game.board.legal_moves()))))
        d.frames()
        if a.effect.until and a.sowing.side == a.game.computer:
            assert a.effect.colour == THEIRS_COLOUR
            computers += 1
            d.frames(80)
    assert computers
    # Two players: play on until the mover has a capture, then make it.
    d = Driver(hints=False)
    d.choose("Two players")
    a = d.app
    for _ in range(200):
        captures = [p for p in a.game.board.legal_moves() if a.game.board.preview(p)[2]]
        if captures:
            break
        d.press(d.key_for(min(a.game.board.legal_moves())))
        d.idle()
    assert captures, "no capture came up"
    d.press(d.key_for(captures[0]))
    d.idle()  # returns as soon as the sowing's animation is over
    assert a.game.board.last_capture and a.effect.colour == YOURS_COLOUR
    k1, k2 = sorted(a.effect.keys)
    assert k1 >= 0 and k2 - k1 == 6  # one column, two rows apart: straight across


def wait_until_thinking(d):
    """Frames until the computer starts thinking (after the sowing's animation)."""
    for _ in range(200):
        if d.app.thinker.thinking:
            return
        d.frames()
    raise AssertionError("the computer never started thinking")


def thinking_expert(ticks):
    """(driver, app) of a game against Expert whose app reads `ticks`, the computer thinking."""
    d = Driver()
    d.app = App(None, slice_nodes=16, ticks=ticks)
    d.app.tick(0)
    start_vs_computer(d, "expert")
    d.press(d.key_for(2))
    wait_until_thinking(d)
    return d, d.app


def test_a_thinking_frame_runs_slices_until_its_time_is_used():
    from kalaha.search.thinking import THINK_FRAME_MS

    clock = [0]
    calls = [0]

    def ticks():  # a millisecond counter that advances 3 ms per reading, and wraps like the device's
        calls[0] += 1
        clock[0] = (clock[0] + 3) % 0x20000000
        return clock[0]

    clock[0] = 0x20000000 - 20  # wraps in the middle of the first thinking frame
    d, a = thinking_expert(ticks)
    before = a.thinker.search.nodes
    calls[0] = 0
    d.frames()
    # One frame ran slices while another fitted in THINK_FRAME_MS (3 ms each here), not one.
    slices = calls[0] - 1
    assert slices == THINK_FRAME_MS // 3
    assert a.thinker.search.nodes - before > 16  # more than one slice (a slice may end early: a depth done)
    # Without a ticks function (the tests' default), a frame is exactly one slice.
    d2 = Driver()
    start_vs_computer(d2, "expert")
    d2.press(d2.key_for(2))
    wait_until_thinking(d2)
    before = d2.app.thinker.search.nodes
    d2.frames()
    assert 0 < d2.app.thinker.search.nodes - before <= 16


def test_a_thinking_frame_leaves_room_for_a_long_slice_and_skips_a_full_frame():
    from kalaha.search.thinking import SLICE_GUARD_MS, THINK_FRAME_MS

    clock = [0]
    calls = [0]

    def ticks():  # slices of 1 ms: predicted by the guard, not by the last one
        calls[0] += 1
        clock[0] += 1
        return clock[0]

    d, a = thinking_expert(ticks)
    # A frame that starts now (its first reading 1 ms in): slices run while one more, taking
    # the guard's time, would end within THINK_FRAME_MS of its start.
    calls[0] = 0
    a.tick(d.t + FRAME, clock[0])
    slices = calls[0] - 1
    assert slices == THINK_FRAME_MS - SLICE_GUARD_MS
    # A frame whose first part (a display refresh) used that time already runs none.
    before = a.thinker.search.nodes
    start = clock[0]
    clock[0] += THINK_FRAME_MS - SLICE_GUARD_MS + 1
    a.tick(d.t + 2 * FRAME, start)
    assert a.thinker.search.nodes == before and a.thinker.thinking
    # ... and the next frame goes on.
    a.tick(d.t + 3 * FRAME, clock[0])
    assert a.thinker.search.nodes > before
    # Frames that all start full (a slow front end) skip no two in a row: the search goes on
    # and the computer moves (in the memory check's session it once thought forever).
    t = d.t + 3 * FRAME
    ran = 0
    for _ in range(100000):
        if not a.thinker.thinking:
            break
        before = a.thinker.search.nodes
        start = clock[0]
        clock[0] += THINK_FRAME_MS
        t += FRAME
        a.tick(t, start)
        ran += a.thinker.search.nodes > before
    assert not a.thinker.thinking and ran >= 10, ran


# ----- the end of a game is one transition (issue 11) ----------------------------------------


def game_one_sowing_from_the_end(seed):
    """A two-player app whose mover's next sowing (the returned view key) ends the game."""
    rng = random.Random(seed)
    for _attempt in range(200):
        d = Driver(pits=4, seeds=3)
        d.choose("Two players")
        a = d.app
        while True:
            b = a.game.board
            if b.to_move is None:
                break
            enders = []
            for pit in b.legal_moves():
                trial = b.copy()
                trial.push(pit)
                if trial.to_move is None:
                    enders.append(pit)
            if enders:
                return d, d.key_for(enders[0])
            pit = rng.choice(list(b.legal_moves()))
            d.press(d.key_for(pit))
            d.idle()
    raise AssertionError("no game came near its end")


INPUTS = [("click", None), ("turn", 1), ("turn", -1)] + [("key", k) for k in range(12)]


@pytest.mark.parametrize("kind,arg", INPUTS)
def test_no_input_during_the_last_sowing_can_bypass_the_end(kind, arg):
    d, key = game_one_sowing_from_the_end(7)
    a = d.app
    finished_before = len(a.store.history)
    a.key_down(key)
    a.key_up(key)
    assert a.sowing.path is not None  # the last sowing is being shown
    if kind == "click":
        a.click()
    elif kind == "turn":
        a.turn(arg)
    else:
        a.key_down(arg)
        d.frames()
        a.key_up(arg)
    d.frames(400)
    # The end happened once: result shown, game saved as finished, nothing left open.
    assert a.screen == RESULT and a.game.board.to_move is None
    assert a.store.current is None and len(a.store.history) == finished_before + 1
    assert sum(a.store.stats) == 1
    # And nothing reopens it: undo is refused, and the saved game stays closed.
    from kalaha.flow.gamemenu import undo  # (the game menu's action: the result's menu has none)

    undo(a)
    assert a.game.board.to_move is None and a.store.current is None and "over" in a.message


def hue_name(colour):
    """The colour's everyday name, judged from its channels (independent of the view's names)."""
    r, g, b = colour >> 16, (colour >> 8) & 0xFF, colour & 0xFF
    if b > r and b > g:
        return "blue"
    if r > g > b:
        return "orange"
    return "?"


@pytest.mark.parametrize("starts", ["you", "computer"])
def test_your_pits_are_blue_and_the_computers_orange_whoever_starts(starts):
    d = Driver(hints=False)  # (hints light keys in their own colours)
    start_vs_computer(d, "easy", starts)
    a = d.app
    d.idle()
    # (an emptied pit is dark, the last seed white: the rest show their owner's colour)
    bottom = [hue_name(a.pixels[k]) for k in range(6, 12)]
    top = [hue_name(a.pixels[k]) for k in range(6)]
    assert set(bottom) - {"?"} == {"blue"} and bottom.count("blue") >= 4
    assert set(top) - {"?"} == {"orange"} and top.count("orange") >= 4
    assert board_label(a.frame.buf, 1)[0] == "You" and board_label(a.frame.buf, 0)[0] == "Computer"


def test_two_players_each_see_their_own_pits_blue_at_the_bottom():
    for settings in ({"hints": False}, {"hints": False, "clock": 1}):
        d = Driver(**settings)
        d.choose("Two players")
        a = d.app
        for pit in (1, 2, 3):
            mover = a.game.board.to_move
            assert a.flip == (mover == 1)
            assert {hue_name(a.pixels[k]) for k in range(6, 12)} - {"?"} == {"blue"}
            assert {hue_name(a.pixels[k]) for k in range(6)} - {"?"} == {"orange"}
            # the mover's label, at the bottom, is the marked one
            name, marked = board_label(a.frame.buf, 1)
            assert name[0] == "SN"[mover] and marked and not board_label(a.frame.buf, 0)[1]
            d.press(d.key_for(pit))
            d.idle()


def test_the_board_comes_back_whole_after_the_game_menu_or_the_moves():
    # The frame's regions are drawn only when what they show changed (kalaha.picture.frame memo); the
    # game menu and the move list draw something else in between.
    d = Driver()
    a = d.app
    d.choose("Two players")
    d.press(d.key_for(4))
    d.idle()
    d.frames(150)  # (the handover's words are over: words end with their screen, App.go)
    board = bytes(a.frame.buf)
    assert 5 in read_board(a.frame.buf)[0]  # (a sowing happened)
    for item in ("Back to game", "Moves"):
        a.click()  # the game menu
        d.frames()
        assert "> Back to game" in lines(a)
        d.choose(item)
        if item == "Moves":
            assert lines(a)[0].startswith("Moves")
            a.click()  # back to the game
            d.frames()
        assert bytes(a.frame.buf) == board, item


def test_a_new_game_over_a_saved_one_asks_first():
    d = Driver()
    start_vs_computer(d, "easy")
    a = d.app
    d.press(d.key_for(1))
    d.idle()
    saved = list(a.store.current.moves)
    a.click()
    d.choose("Main menu")
    d.choose("Two players")
    assert a.screen == CONFIRM and lines(a)[0] == "Replace saved game?"
    d.choose("No")
    assert a.screen == MENU and a.store.current.moves == saved  # nothing lost
    d.choose("Continue")
    assert a.screen == GAME and a.game.board.moves() == saved
    a.click()
    d.choose("Main menu")
    d.choose("Play computer")
    d.choose("Start game")
    d.choose("Yes")
    assert a.screen == GAME and a.game.board.ply == 0 and a.store.current.moves == []
