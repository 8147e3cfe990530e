"""Nothing catches a player out (issue 33): questions start on the safe answer, one voice that
speaks of the sowing shown, words and colours with one meaning, choices remembered, the replay
and the 3-4 player board, as a player meets them through the app's events."""

import random
import sys

from drivers import Driver, RingDriver, start_vs_computer

from host.reading import app_lines as lines
from host.reading import app_words as words
from host.reading import board_label
from kalaha import NORTH, SOUTH
from kalaha.flow.app import App
from kalaha.flow.screens import CONFIRM, GAME, MENU, RESULT
from kalaha.picture.view import GOOD_COLOUR, ILLEGAL_COLOUR, SOW_COLOUR, view_key_of_pit
from kalaha.rules import notation
from kalaha.saved.memflash import MemoryFlash
from kalaha.saved.store import Store


def hue(colour):
    r, g, b = (colour >> 16) & 255, (colour >> 8) & 255, colour & 255
    top = max(r, g, b)
    return (r * 8 // top, g * 8 // top, b * 8 // top) if top else None


def distance(a, b):
    """How far apart two hues are on an LED (as the five hues' test measures: the largest
    channel's difference, of 8)."""
    return max(abs(x - y) for x, y in zip(hue(a), hue(b)))


# ----- safe answers ---------------------------------------------------------------------------


def test_every_question_starts_on_its_safe_answer_and_a_push_keeps_everything():
    d = Driver()
    a = d.app
    start_vs_computer(d, "easy")
    d.press(d.key_for(1))
    d.idle()
    moves = a.game.board.ply
    a.click()
    d.choose("Resign")
    assert a.screen == CONFIRM and lines(a)[1] == "> No, play on"
    a.click()  # the second push of two: back to the game, nothing lost
    assert a.screen == GAME and a.game.board.ply == moves and a.game.board.to_move is not None
    a.click()
    d.choose("Main menu")
    d.choose("Two players")  # over the saved game
    assert a.screen == CONFIRM and lines(a)[1] == "> No, keep it"
    a.click()
    assert a.screen == MENU and a.store.current is not None and len(a.store.current.moves) == moves
    d.choose("Settings")
    d.choose("Reset statistics")
    assert lines(a)[1] == "> No, keep them"
    d.press(4)  # (a middle key chooses, as a push: the safe answer)
    assert a.store.current is not None and lines(a)[0] == "Settings"


def test_a_draw_offer_starts_on_play_on_and_waits_for_the_other_player():
    d = Driver()
    d.choose("Two players")
    a = d.app
    a.click()
    d.choose("Agree draw")
    shown = lines(a)
    assert shown[0] == "South offers a draw" and shown[1] == "> Play on" and shown[7] == "Pass to North"
    assert a.flip  # turned to North
    for _ in range(3):  # South pushes again at once, turns, presses: nothing is answered
        a.click()
        a.turn(1)
        d.press(5)
    assert lines(a)[1] == "> Play on" and a.game.draw_offer == SOUTH
    d.frames(60)
    assert lines(a)[7] == "North: turn, push"
    d.choose("Accept draw")
    assert a.screen == RESULT and a.game.result_text == "Draw (agreed)"
    assert a.flip  # (the result faces North, who accepted and holds the device)


# ----- one voice ------------------------------------------------------------------------------


def test_what_a_sowing_did_is_said_until_the_next_sowing_starts():
    d = Driver(hints=False)
    d.choose("Two players")
    a = d.app
    d.press(d.key_for(3))  # South's pit 3 ends in its store
    d.idle()
    assert words(a) == "South: extra turn" and a.game.board.to_move == SOUTH
    d.press(d.key_for(1))
    assert a.sowing.path is not None and "extra turn" not in words(a)


def test_the_movers_name_turns_when_the_last_seed_lands():
    d = Driver(hints=False)
    d.choose("Two players")
    a = d.app
    d.press(d.key_for(1))  # South's pit 1: the turn passes to North
    assert a.sowing.path is not None and a.game.board.to_move == NORTH
    assert board_label(a.frame.buf, 1) == ("South", True)  # the sower, while its seeds fall
    while a.sowing.path is not None:
        d.frames()
    assert board_label(a.frame.buf, 0) == ("North", True)  # then the next to move


def test_the_result_faces_the_player_who_holds_the_device():
    for seed in range(40):
        d = Driver(hints=False, pits=4, seeds=3)
        d.choose("Two players")
        a = d.app
        rng = random.Random(seed)
        last = None
        while a.screen == GAME:
            last = a.game.board.to_move
            d.press(d.key_for(rng.choice(list(a.game.board.legal_moves()))))
            d.idle()
        if last == NORTH:
            break
    assert last == NORTH and a.screen == RESULT
    assert a.flip  # North made the last move and holds the device: it faces North
    names = lines(a)[4]
    b = a.game.board
    assert names.split()[0] == "North" and str(b.cells[b.store_index(NORTH)]) != ""


# ----- words ----------------------------------------------------------------------------------


def test_your_pits_keep_their_names_whoever_starts():
    d = Driver(hints=False)
    start_vs_computer(d, "easy", starts="computer")
    a = d.app
    d.idle()
    assert a.game.computer == SOUTH and a.game.board.to_move == NORTH  # you play North
    a.turn(1)  # the knob picks your first legal pit: named as the bottom row's, S
    d.frames()
    assert words(a).startswith("push: S")
    assert all(not line.startswith("N") for line in [words(a)])


def test_the_hint_and_the_moves_say_whose():
    d = Driver(hints=False)
    start_vs_computer(d, "easy")
    a = d.app
    a.click()
    d.choose("Hint")
    while a.thinker.hinting:
        d.frames()
    assert a.message.startswith("good move: S")
    d.press(d.key_for(1))
    d.idle()
    a.click()
    d.choose("Moves")
    shown = lines(a)
    assert shown[1].startswith("1 You ") and shown[2].startswith("2 Computer ")


# ----- colours --------------------------------------------------------------------------------


def test_the_seats_colours_never_look_like_a_hint_or_a_refusal():
    from kalaha.picture.ringview import SEAT_COLOURS

    for seat in SEAT_COLOURS:
        for meaning in (GOOD_COLOUR, ILLEGAL_COLOUR, SOW_COLOUR):
            assert distance(seat, meaning) >= 3, (hex(seat), hex(meaning))
    assert all(distance(x, y) >= 3 for x in SEAT_COLOURS for y in SEAT_COLOURS if x != y)
    assert min(distance(x, GOOD_COLOUR) for x in (0x00FF30,)) == 0  # (the old Green seat: refused)


def test_a_capture_hint_where_the_last_seed_fell_keeps_its_colour():
    # The last seed fell in your pit 2, which now captures: its key blinks green, not white.
    app = App({"hints": True, "pits": 4, "seeds": 1}, welcome=False)
    app.tick(0)
    app.act("two_players")
    g = app.game
    g.board = notation.from_position("1,0,0,0:2/1,1,1,0:2 S", pits=4, seeds=1)
    g.version += 1
    g.last_end = g.board.pit_index(SOUTH, 1)  # (pit 1: it ends in the empty pit 2 and captures)
    app.tick(20)
    app.tick(40)
    key = view_key_of_pit(SOUTH, 1, SOUTH, 4)
    colours = set()
    for t in range(60, 700, 20):
        app.tick(t)
        colours.add(app.pixels[key])
    assert hue(GOOD_COLOUR) in {hue(c) for c in colours if c}
    assert hue(SOW_COLOUR) not in {hue(c) for c in colours if c}


def test_a_game_of_three_lights_its_winners_band_and_labels_the_store():
    d = RingDriver()
    rp = d.setup(players=3, computers=("Orange", "Violet"))
    a = d.app
    assert lines(a)[0] == "seat    pits    store" and "|" in lines(a)[1]
    from drivers import play_to_the_end

    play_to_the_end(d, rp, random.Random(6))
    assert a.screen is RESULT
    seats = set()
    for _ in range(12):
        d.frames(5)
        seats.update(hue(c) for c in a.pixels if c)
    from kalaha.picture.ringview import SEAT_COLOURS

    b = a.game.board
    winners = {hue(SEAT_COLOURS[s]) for s in range(3) if b.ranks()[s] == 1}
    assert seats == winners


# ----- choices remembered ---------------------------------------------------------------------


def test_the_setups_survive_back_and_a_restart():
    d = RingDriver()
    a = d.app
    d.choose("3-4 players")
    d.choose("Pits")  # 4 -> 6
    d.choose("Capture")  # next -> opposite
    d.choose("Back")
    d.choose("3-4 players")
    assert any("Pits: 6" in ln for ln in lines(a))
    assert sys.modules["kalaha.flow.ringplay"].RING.capture == 1  # (opposite: its row is further down)
    d.choose("Back")
    d.choose("Play computer")
    while not lines(a)[2].endswith("expert"):
        d.choose("Level")
    d.choose("Starts")  # you -> computer
    d.choose("Back")
    # the power goes: a new start from the saved data
    ring = ("kalaha.flow.ringplay", "kalaha.search.ring_ai", "kalaha.rules.ring", "kalaha.picture.ringview")
    for name in ring:
        sys.modules.pop(name, None)
    again = App(store=Store(MemoryFlash(a.store.flash.read())), welcome=False)
    d2 = Driver.__new__(Driver)
    from playout import Hands

    Hands.__init__(d2, again)
    d2.choose("Play computer")
    assert lines(again)[2].endswith("Level: expert") and lines(again)[3].endswith("Starts: computer")
    d2.choose("Back")
    d2.choose("3-4 players")
    assert any("Pits: 6" in ln for ln in lines(again))


# ----- the computer seats' time ---------------------------------------------------------------


def test_a_computer_seats_whole_turn_keeps_to_its_levels_time():
    d = RingDriver()
    rp = d.setup(players=3, computers=("Orange", "Violet"), level="strong")
    a = d.app
    th = a.thinker
    rng = random.Random(3)
    turns = 0
    seat = None
    for _ in range(30000):
        b = a.game.board
        if a.screen is not GAME:
            break
        if b.to_move != seat:
            if seat is not None and rp.is_computer(seat):
                assert th.turn_ms <= rp.CAP_MS["strong"] + 40, th.turn_ms  # (a frame's slice over)
                turns += 1
            seat = b.to_move
        quiet = a.sowing.path is None and not a.game.handover_at and a.now >= a.hold_until
        if quiet and b.to_move is not None and not rp.is_computer(b.to_move):
            d.press(rp.key_of(b, b.to_move, rng.choice(b.legal_moves())))
        else:
            d.frames()
    assert turns > 5
