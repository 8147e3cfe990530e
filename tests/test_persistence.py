"""Issue 6 through the app: saved settings and games, statistics, clock, replay, draws, power saving."""

import random

from drivers import Driver, play_some

from host.reading import app_lines as lines
from host.reading import app_words as words
from host.reading import board_label
from kalaha import NORTH, SOUTH
from kalaha.flow.app import App
from kalaha.flow.screens import GAME, MENU, MOVES, RESULT
from kalaha.rules import notation
from kalaha.saved.clock import ChessClock, format_ms
from kalaha.saved.memflash import MemoryFlash, PowerCut
from kalaha.saved.store import Store


def unplug(app):
    """A new App on the same flash, as after a power cycle."""
    return Driver.__new__(Driver), App(store=Store(MemoryFlash(app.store.flash.read())))


def reboot(d):
    d2 = Driver()
    d2.app = App(store=Store(MemoryFlash(d.app.store.flash.read())))
    d2.t = 0
    d2.app.tick(0)
    return d2


def test_settings_survive_a_power_cycle():
    d = Driver()
    d.choose("Settings")
    d.choose("Seeds")  # 4 -> 5
    d.choose("Hints")  # on -> off
    d2 = reboot(d)
    assert d2.app.settings["seeds"] == 5 and d2.app.settings["hints"] is False


def test_continue_returns_to_the_exact_game():
    d = Driver()
    d.choose("Play computer")
    d.choose("Level")  # medium -> strong
    d.choose("Start game")
    play_some(d, 4)
    a = d.app
    cells, record, level = list(a.game.board.cells), notation.record(a.game.board), a.level
    d2 = reboot(d)
    b = d2.app
    assert lines(b)[1] == "> Continue"
    d2.choose("Continue")
    assert b.screen == GAME and b.game.board.cells == cells and notation.record(b.game.board) == record
    assert b.level == level == "strong" and b.game.computer == NORTH


def test_a_power_cut_at_any_write_loses_at_most_the_sowing_being_made():
    d = Driver()
    d.choose("Two players")
    a = d.app
    rng = random.Random(7)
    for step in range(12):
        d.idle()
        flash = a.store.flash
        before = a.game.board.moves()
        move = rng.choice(list(a.game.board.legal_moves()))
        image = flash.read()
        for cut in (0, 1, 3):
            # Replay this one save onto a copy of the flash, cut short.
            copy = MemoryFlash(image)
            store = Store(copy)
            copy.cut_after = cut
            try:
                store.move(move)
            except PowerCut:
                pass
            resumed = Store(MemoryFlash(copy.read())).current
            assert resumed.moves in (before, before + [move]), (step, cut)
        d.press(d.key_for(move))
    assert a.store.current.moves == a.game.board.moves()


def test_statistics_and_a_reset_that_asks_twice():
    d = Driver()
    d.choose("Play computer")
    d.choose("Start game")
    a = d.app
    a.click()
    d.choose("Resign")
    d.choose("Yes")
    assert a.screen == RESULT
    d.choose("Main menu")
    d.choose("Statistics")
    assert "medium   0    0    1" in lines(a)  # won, drew, lost (the header says so)
    assert "won drew lost" in lines(a)[1]
    a.turn(2)
    shown = " ".join(lines(a))
    assert "won 0% of 1 game " in shown + " " and "win streak: 0" in shown and "best streak: 0" in shown
    # the levels' header scrolls away with their rows: never over rows that are not levels
    a.turn(30)
    assert "won drew lost" not in " ".join(lines(a)) and "(clear: Settings)" in lines(a)[6]
    a.turn(-30)
    assert a.store.stats[5] == 1 and a.store.stats[15] == 1  # a loss at medium, one resignation
    # The rows only inform: nothing on the screen looks chosen, a push goes back.
    assert not any(line.startswith("> ") for line in lines(a))
    a.click()
    d.choose("Settings")
    d.choose("Reset statistics")
    assert lines(a)[0] == "Clear statistics?" and a.store.stats[5] == 1
    d.choose("No")
    assert a.store.stats[5] == 1
    d.choose("Reset statistics")
    d.choose("Yes")
    assert a.store.stats == [0] * 23 and "Statistics cleared" == lines(a)[7]


def test_draw_by_agreement_needs_the_other_players_yes_and_is_counted():
    d = Driver()
    d.choose("Two players")
    a = d.app
    play_some(d, 2)
    offering = a.game.board.to_move
    a.click()
    d.choose("Agree draw")
    # The other player is asked, with the device turned to them.
    assert a.screen != RESULT and "%s offers a draw" % ("South", "North")[offering] in lines(a)[0]
    assert a.flip == (offering == SOUTH)
    assert lines(a)[1] == "> Play on"  # (the safe answer first)
    a.click()  # the offering player's second push: it answers nothing (the device is passed on)
    a.turn(1)
    assert a.screen != GAME and lines(a)[1] == "> Play on"
    d.frames(60)
    d.choose("Play on")
    assert a.screen == GAME and a.game.board.to_move == offering and a.flip == (offering == NORTH)
    assert words(a) == "No draw: %s next" % ("South", "North")[offering]
    a.click()
    d.choose("Agree draw")
    d.frames(60)
    d.choose("Accept draw")
    assert a.screen == RESULT and a.game.result_text == "Draw (agreed)"
    assert a.store.stats[14] == 1 and a.store.stats[16] == 1
    d = Driver()
    d.choose("Play computer")
    d.choose("Start game")
    d.app.click()
    # Against the computer the menu does not offer it (it never works there); asked anyway:
    assert not any("Agree draw" in line for line in lines(d.app))
    d.app.act("offer_draw")
    assert d.app.screen != RESULT and d.app.message == "2 players only"
    d.frames()
    assert lines(d.app)[7] == "2 players only"  # (on the menu that was asked: words end with their screen)


def test_clock_arithmetic_increment_and_flag_fall():
    c = ChessClock(2)  # 5+3
    c.start(SOUTH, 0)
    c.switch(SOUTH, 5000)  # an extra turn: same side, no increment
    assert c.left(SOUTH, 5000) == 295000
    c.switch(NORTH, 8000)  # the turn passes: +3 s for South
    assert c.left(SOUTH, 9999) == 300000 - 8000 + 3000
    assert c.left(NORTH, 10000) == 298000
    assert c.flagged(10000) == -1 and c.flagged(8000 + 300000) == NORTH
    assert format_ms(61001) == "1:02" and format_ms(-5) == "0:00"
    c.switch(SOUTH, 9000, increment=False)  # an undo hands the turn back: no increment
    assert c.left(NORTH, 9000) == 299000


def test_two_player_clock_ticks_blinks_and_a_flag_fall_loses():
    d = Driver(clock=1)  # 3+2
    d.choose("Two players")
    a = d.app
    assert a.game.clock is not None and board_label(a.frame.buf, 1) == ("S 3:00", True)
    d.press(d.key_for(1))  # South plays 1: the turn passes, South gets +2 s
    d.idle()
    assert a.game.clock.running == NORTH
    assert a.game.clock.left(SOUTH, d.t) > 180000 - 1000
    # North thinks for almost three minutes: the last ten seconds blink and tick.
    a.sounds.clear()
    d.frames((180000 - 9000) // 20)
    a.sounds.clear()
    shown = set()
    for _ in range(100):
        d.frames()
        shown.add((board_label(a.frame.buf, 1)[0] + "      ")[2:6])  # the mover's clock, in its label
    assert "    " in shown and any(s.startswith("0:0") for s in shown)
    assert (1800, 8) in a.sounds
    d.frames(400)  # past 180 s
    assert a.screen == RESULT and a.game.result_text == "South wins on time"
    assert a.store.stats[12] == 1


def test_a_timed_game_resumes_with_its_clocks():
    d = Driver(clock=3)  # 10+5
    d.choose("Two players")
    d.press(d.key_for(2))
    d.idle()
    d.frames(100)
    d.press(d.key_for(1))
    d.idle()
    saved = list(d.app.store.current.clocks)
    d2 = reboot(d)
    d2.choose("Continue")
    b = d2.app
    assert b.game.clock is not None and b.game.clock.control == 3
    mover = b.game.board.to_move
    assert b.game.clock.running == mover
    # The waiting side's time is exactly as saved; the mover's has run one frame since.
    assert b.game.clock.left(1 - mover, d2.t) == saved[1 - mover]
    assert 0 <= saved[mover] - b.game.clock.left(mover, d2.t) <= 40
    assert saved[SOUTH] < 600000 + 5000 and saved != [600000, 600000]


def test_the_clock_goes_on_from_the_time_used_mid_turn_by_menu_and_by_power_cut():
    from kalaha.flow.game import _SAVE_S

    d = Driver(clock=1)  # 3+2
    d.choose("Two players")
    d.frames(500)  # South thinks 10 s
    a = d.app
    used = a.game.clock.left(SOUTH, d.t)
    assert used <= 180000 - 9900
    # Leave for the main menu, come back: South's time is what it was, not the turn's start.
    a.click()
    d.frames()
    d.choose("Main menu")
    d.frames(300)  # the main menu's time is nobody's
    d.choose("Continue")
    assert a.screen == GAME and a.game.clock.running == SOUTH
    assert used - 40 <= a.game.clock.left(SOUTH, d.t) <= used
    assert board_label(a.frame.buf, 1)[0] == "S " + format_ms(a.game.clock.left(SOUTH, d.t))
    # As often as one likes: the time never comes back.
    for _ in range(3):
        d.frames(100)
        used = a.game.clock.left(SOUTH, d.t)
        a.click()
        d.frames()
        d.choose("Main menu")
        d.choose("Continue")
        assert used - 40 <= a.game.clock.left(SOUTH, d.t) <= used
    # On the main menu the clock stands still: minutes there, a question answered (a new game
    # over the saved one: No), and the flag has not fallen, the time is what it was.
    used = a.game.clock.left(SOUTH, d.t)
    a.click()
    d.frames()
    d.choose("Main menu")
    d.frames(200000 // 20)
    d.choose("Two players")
    d.choose("No")
    assert a.store.current is not None and a.store.current.result < 0
    d.choose("Continue")
    assert a.screen == GAME and used - 40 <= a.game.clock.left(SOUTH, d.t) <= used
    # How to play from the game menu is the player's own time (as the game menu and the moves).
    a.click()
    d.frames()
    d.choose("How to play")
    d.frames(500)
    a.click()
    d.frames()
    assert a.screen == GAME and a.game.clock.running == SOUTH
    assert used - 10100 <= a.game.clock.left(SOUTH, d.t) <= used - 10000
    # A power cut mid-turn gives back at most _SAVE_S seconds.
    d.frames(777)
    before = a.game.clock.left(SOUTH, d.t)
    d2 = reboot(d)
    d2.choose("Continue")
    left = d2.app.game.clock.left(SOUTH, d2.t)
    assert before - 40 <= left <= before + _SAVE_S * 1000
    assert d2.app.game.clock.left(NORTH, d2.t) == 180000


def finished_game(seed=3):
    d = Driver(hints=False)
    d.choose("Two players")
    a = d.app
    rng = random.Random(seed)
    while a.screen == GAME:
        d.press(d.key_for(rng.choice(list(a.game.board.legal_moves()))))
        d.idle()
    return d


def test_replay_reproduces_the_game_turn_by_turn_sowing_by_sowing_and_seed_by_seed():
    d = finished_game()
    a = d.app
    final_cells = list(a.game.board.cells)
    record = notation.record(a.game.board)
    d.choose("Main menu")  # (from the result screen)
    d.choose("Replay")
    assert lines(a)[1].startswith("> 1 ")
    a.click()
    replay = a.screen
    assert replay.replays and replay.board.ply == 0
    # Turn by turn.
    turns = 0
    while replay.board.ply < len(replay.game.moves):
        a.turn(1)
        turns += 1
    assert replay.board.cells == final_cells and notation.record(replay.board) == record
    assert turns == len(record.split())
    # Back to the start, then sowing by sowing.
    for _ in range(turns):
        a.turn(-1)
    assert replay.board.ply == 0
    d.press(1)  # the top row's middle key: a step is a sowing
    a.turn(3)
    assert replay.board.ply == 3
    # Seed by seed: the first seed of the next sowing appears, the position stays.
    d.press(2)  # the top row's right key: a step is a seed
    b = notation.from_record("", **replay.game.rules)
    for m in replay.game.moves[:3]:
        b.push(m)
    a.turn(1)
    path = b.sow_path(replay.game.moves[3])
    assert replay.board.ply == 3 and replay.seeds == 1
    # The pit was emptied and its first seed dropped; the rest are "in the hand".
    assert sum(replay.cells) == sum(b.cells) - (len(path) - 1)
    assert replay.cells[path[0]] == b.cells[path[0]] + 1
    for _ in range(len(path) - 1):
        a.turn(1)
    assert replay.board.ply == 4 and replay.seeds == -1
    a.turn(-1)
    assert replay.board.ply == 3 and replay.seeds == len(path) - 1 or len(path) == 1
    d.press(11)  # the bottom right key steps on too: the sowing's last seed
    assert replay.board.ply == 4 and replay.seeds == -1
    a.click()  # a push leaves
    assert a.screen != replay


def test_move_list_scrolls():
    d = finished_game(5)
    # A new game with some moves, then the move list.
    d.choose("Main menu")  # (from the result screen)
    d.choose("Two players")
    play_some(d, 9)
    a = d.app
    a.click()
    d.choose("Moves")
    assert a.screen == MOVES and lines(a)[0] == "Moves"
    first = list(lines(a))
    a.turn(-10)
    assert lines(a)[1].startswith("1 ") and (lines(a) != first or len(a.game.board.turns()) <= 6)
    if len(a.game.board.turns()) > 6:  # more below: marked, and not above
        assert lines(a)[6].endswith("v") and not lines(a)[1].endswith("^")
        a.turn(10)
        assert lines(a)[1].endswith("^") and not lines(a)[6].endswith("v")
    a.click()
    assert a.screen == GAME


def test_dim_then_off_and_a_waking_press_is_never_a_move():
    d = Driver()
    d.choose("Play computer")
    d.choose("Start game")
    a = d.app
    bright = list(a.pixels)
    d.frames(31000 // 20)
    assert a.power == 1 and max(a.pixels) <= max(bright) // 3
    d.frames(300000 // 20)
    assert a.power == 2 and a.pixels == [0] * 12 and lines(a) == [""] * 8
    before = a.game.board.ply
    d.press(d.key_for(3))  # wakes only
    assert a.power == 0 and a.game.board.ply == before and lines(a)[0]
    d.press(d.key_for(3))
    assert a.game.board.ply == before + 1
    # The encoder wakes from off too, and does nothing else.
    d.idle()
    d.frames(310000 // 20)
    cursor = a.pit_cursor
    a.turn(1)
    assert a.power == 0 and a.pit_cursor == cursor


def test_a_press_on_the_dimmed_but_readable_board_acts_at_once():
    d = Driver()
    d.choose("Play computer")
    d.choose("Start game")
    a = d.app
    d.frames(31000 // 20)
    assert a.power == 1
    before = a.game.board.ply
    d.press(d.key_for(3))  # the board was readable: the press sows (and wakes)
    assert a.power == 0 and a.game.board.ply == before + 1
    d.idle()
    d.frames(31000 // 20)
    assert a.power == 1 and a.pit_cursor < 0
    a.turn(1)  # the knob picks a pit at once
    assert a.power == 0 and a.pit_cursor >= 0


def test_corrupt_saved_data_shows_one_line_and_starts_fresh():
    flash = MemoryFlash(b"XX" + b"\x00" * 4094)
    a = App(store=Store(flash))
    a.tick(0)
    assert lines(a)[7] == "Unknown save: all new" and lines(a)[0] == "KALAHA" and a.screen == MENU
    assert a.settings["seeds"] == 4
