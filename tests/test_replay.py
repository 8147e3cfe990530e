"""Replay (issue 47): its counter counts the step in use (turn, sowing, seed) on every board (4-7
pits, 3-4 players), its words name the unit, the moves in the S/N convention and a resignation;
the list reads unambiguously; a game of 3-4 players lights the sower's pits in its colour."""

import random
import re

import pytest
from fits import TextCheck

from host.reading import app_lines as lines
from kalaha.flow.app import App
from kalaha.flow.screens import GAME, MENU, REPLAY_LIST, RESULT
from kalaha.picture.ringview import SEAT_COLOURS
from kalaha.picture.view import SEAT_NAMES
from kalaha.rules.board import DRAW, END_AGREED, END_RESIGN, NORTH, SOUTH, SWAP, Board
from kalaha.rules.ring import RingBoard
from kalaha.saved.journal import RING_MODE, TWO_PLAYERS
from kalaha.saved.memflash import MemoryFlash
from kalaha.saved.store import Store


def play(store, board, rules, mode, level, rng, clock=0, resign_at=None):
    """A random game on `board`, saved in `store`: (moves, movers, seeds of each sowing)."""
    store.new_game(rules, mode, level, clock)
    moves, movers, seeds = [], [], []
    while board.to_move is not None and len(moves) != resign_at:
        legal = list(board.legal_moves())
        m = rng.choice(legal)
        movers.append(board.to_move)
        seeds.append(1 if m == SWAP else board.cells[board.pit_index(board.to_move, m)])
        board.push(m)
        store.move(m)
        moves.append(m)
    return moves, movers, seeds


def two_sided(pits, mode, rng, swap=False, resign_at=None):
    rules = {"pits": pits, "seeds": 3, "empty_capture": False, "alga": False, "swap": swap}
    s = Store(MemoryFlash())
    b = Board(**rules)
    moves, movers, seeds = play(s, b, rules, mode, 1, rng, resign_at=resign_at)
    if resign_at is not None:
        loser = b.to_move if mode == TWO_PLAYERS else 1 - mode
        s.end_game(1 - loser, END_RESIGN)
    else:
        s.end_game(b.outcome().code)
    return s, moves, movers, seeds


def ring_game(seats, pits, rng, resign_at=None):
    rules = {"seats": seats, "pits": pits, "seeds": 3, "capture_from": 0}
    s = Store(MemoryFlash())
    b = RingBoard(seats, pits, 3)
    moves, movers, seeds = play(s, b, rules, RING_MODE, 2, rng, clock=2, resign_at=resign_at)
    if resign_at is not None:
        s.resigner = b.to_move  # (the seat to move resigns; the next one first, in this test)
        s.end_game(1 << (b.to_move + 1) % seats, END_RESIGN)
    else:
        ranks = b.ranks()
        s.end_game(sum(1 << seat for seat in range(seats) if ranks[seat] == 1))
    return s, moves, movers, seeds


def replay(store):
    """The app on the replay of the store's last game."""
    a = App(store=store, welcome=False)
    a.tick(0)
    a.go(REPLAY_LIST)
    a.tick(20)
    a.click()
    a.tick(40)
    assert a.screen.replays
    return a


def games():
    rng = random.Random(47)
    for pits in (4, 5, 6, 7):
        yield two_sided(pits, TWO_PLAYERS, rng, swap=pits == 6)
        yield two_sided(pits, NORTH, rng)
    for seats, pits in ((3, 3), (3, 6), (4, 4), (4, 6)):
        yield ring_game(seats, pits, rng)


@pytest.mark.parametrize("game", list(games()), ids=lambda g: "%d-sowings" % len(g[1]))
def test_the_counter_counts_the_step_in_use_on_every_board(game):
    store, moves, movers, seeds = game
    # a turn: a run of one side's (one seat's) sowings; a swap is a turn of its own
    turns = sum(
        1 for k in range(len(moves)) if k == 0 or SWAP in moves[k - 1 : k + 1] or movers[k] != movers[k - 1]
    )
    with TextCheck() as texts:
        counts(store, moves, turns, seeds)
    assert not texts.take()


def counts(store, moves, turns, seeds):
    a = replay(store)
    r = a.screen
    t = 40
    for unit, name, total in ((0, "turn", turns), (1, "sowing", len(moves)), (2, "seed", sum(seeds))):
        r.key(a, unit)  # (the top row's key: what a step is)
        counted = []
        for _ in range(total + 5):
            a.turn(1)
            t += 20
            a.tick(t)
            words = " ".join(lines(a))
            found = re.search(r"(\d+)/(\d+)", words)  # the counter, read back
            if found is None:
                break
            assert re.search(r"\b%s\b" % name, words), words  # ... and its unit
            counted.append((int(found.group(1)), int(found.group(2))))
        # every step counted once, in the unit shown, up to the end (whose words say who won)
        assert counted == [(n, total) for n in range(1, total)], (name, counted[:5], total)
        assert r.ply == len(moves) and ("winner" in words or "drawn" in words)
        for n in range(total - 1, 0, -1):  # and back
            a.turn(-1)
            t += 20
            a.tick(t)
            assert r.words()[0] == "%s %d/%d" % (name, n, total)
        a.turn(-1)
        assert r.ply == 0 and r.seeds == -1


def test_moves_read_in_the_s_n_convention_the_player_south_against_the_computer():
    rng = random.Random(3)
    for computer in (SOUTH, NORTH):
        store, moves, movers, _seeds = two_sided(6, computer, rng)
        a = replay(store)
        r = a.screen
        r.key(a, 1)  # a sowing a step
        for k in range(len(moves) - 1):
            a.turn(1)
            letter = "N" if movers[k] == computer else "S"
            assert r.words()[1] == "%s%d" % (letter, moves[k])
        r.key(a, 0)
        a.turn(-1000)
        a.turn(1)
        first = 1
        while first < len(moves) and movers[first] == movers[0]:
            first += 1
        if first < len(moves):  # (the first turn whole: its sowings after the mover's letter)
            expected = ("N" if movers[0] == computer else "S") + "-".join(map(str, moves[:first]))
            assert r.words()[1] == expected


def test_a_resigned_game_ends_saying_who_resigned():
    rng = random.Random(5)
    cases = (
        (two_sided(6, NORTH, rng, resign_at=6)[0], "You resigned", "winner: Computer"),
        (two_sided(6, TWO_PLAYERS, rng, resign_at=7)[0], "%s resigned", "winner: %s"),
        (two_sided(6, TWO_PLAYERS, rng, resign_at=8)[0], "%s resigned", "winner: %s"),
        (ring_game(3, 4, rng, resign_at=4)[0], "", ""),
    )
    for store, said, winner in cases:
        if not said:  # (3-4 players: the seat to move resigned)
            said = "%s resigned" % SEAT_NAMES[store.resigner]
            winner = "winner: %s" % SEAT_NAMES[(store.resigner + 1) % 3]
        if "%" in said:  # (two players: the one to move resigned)
            result = store.history[0].result
            said, winner = said % ("South", "North")[1 - result], winner % ("South", "North")[result]
        a = replay(store)
        a.turn(1000)
        a.tick(100)
        text = " ".join(" ".join(lines(a)).split())  # (on the MacroPad's panel: "You" over "resigned")
        assert said in text and winner in " ".join(a.screen.words()[:2]), text
    # an agreed draw says so
    rules = {"pits": 5, "seeds": 3, "empty_capture": False, "alga": False, "swap": False}
    store = Store(MemoryFlash())
    play(store, Board(**rules), rules, TWO_PLAYERS, 1, rng, resign_at=5)
    store.end_game(DRAW, END_AGREED)
    a = replay(store)
    a.turn(1000)
    a.tick(100)
    assert "draw agreed" in " ".join(" ".join(lines(a)).split()), lines(a)


def test_the_list_never_puts_a_number_beside_the_games_number():
    rng = random.Random(9)
    store = Store(MemoryFlash())
    for seats, pits in ((3, 3), (4, 4)):
        b = RingBoard(seats, pits, 3)
        rules = {"seats": seats, "pits": pits, "seeds": 3, "capture_from": 0}
        play(store, b, rules, RING_MODE, 2, rng, clock=2)
        ranks = b.ranks()
        store.end_game(sum(1 << seat for seat in range(seats) if ranks[seat] == 1))
    rules = {"pits": 6, "seeds": 3, "empty_capture": False, "alga": False, "swap": False}
    for mode in (NORTH, TWO_PLAYERS):
        b = Board(**rules)
        play(store, b, rules, mode, 3, rng)
        store.end_game(b.outcome().code)
    a = App(store=store, welcome=False)
    a.tick(0)
    a.go(REPLAY_LIST)
    a.tick(20)
    rows = lines(a)[1:5]
    assert all(not re.match(r"^[> ]*\d+ \d", row) for row in rows), rows
    assert re.search(r"\d+ (Blue|Orange|Violet|Cyan|shared) 1st of 3$", rows[3]), rows
    assert re.search(r"(South beat North|North beat South|South drew North)$", rows[0]), rows


def test_a_game_of_three_or_four_lights_the_sowers_pits_in_its_colour():
    rng = random.Random(11)
    store, moves, movers, _seeds = ring_game(4, 4, rng)
    a = replay(store)
    r = a.screen
    r.key(a, 1)
    lit = 0
    for k in range(len(moves) - 1):
        a.turn(1)
        a.tick(100 + 20 * k)
        colour = SEAT_COLOURS[movers[k]]
        for pit in range(1, 5):
            px = a.pixels[12 - 4 + pit - 1]
            if r.cells[r.board.pit_index(movers[k], pit)]:
                # (its colour's hue: the same channels lit, in the same order of strength)
                shown = [(px >> s) & 255 for s in (16, 8, 0)]
                wanted = [(colour >> s) & 255 for s in (16, 8, 0)]
                assert [c > 0 for c in shown] == [c > 0 for c in wanted], (k, hex(px), hex(colour))
                lit += 1
            else:
                assert px == 0
    assert lit > len(moves)


def test_a_game_of_three_or_four_marks_the_sowers_row_while_it_sows(monkeypatch):
    # Stepped seed by seed, the seat whose sowing is under way is the inverted row (as its pits
    # are lit and its name said), not the seat that sowed before.
    from kalaha.picture import ringview

    rng = random.Random(5)
    store, moves, movers, _seeds = ring_game(3, 4, rng)
    marked = []
    real = ringview.draw_rows
    monkeypatch.setattr(
        ringview,
        "draw_rows",
        lambda f, b, c, mover, *rest: marked.append(mover) or real(f, b, c, mover, *rest),
    )
    a = replay(store)
    r = a.screen
    r.key(a, 2)  # (a seed a step)
    checked = 0
    for k in range(200):
        a.turn(1)
        a.tick(100 + 20 * k)
        if r.seeds >= 0 and r.ply < len(moves):
            assert marked[-1] == movers[r.ply], (k, r.ply, r.seeds)
            checked += 1
    assert checked > 20


def finished_two_player_game(seed):
    from drivers import Driver

    d = Driver(hints=False)
    d.choose("Two players")
    rng = random.Random(seed)
    while d.app.screen == GAME:
        d.press(d.key_for(rng.choice(list(d.app.game.board.legal_moves()))))
        d.idle()
    return d


def test_the_result_replays_the_game_just_ended():
    # Issue 47, item 8: the result's third choice (the rows scroll to it) opens that game's replay.
    d = finished_two_player_game(4)
    a = d.app
    # no cursor in the result's first second, when it takes no input (a push does nothing) ...
    assert a.screen == RESULT and lines(a)[6] == " Play again" and a.now < a.hold_until
    moves = list(a.game.board.moves())
    d.frames(60)  # (the result takes input after its first second)
    assert lines(a)[6] == "> Play again"  # ... then the cursor
    with TextCheck() as texts:
        a.turn(2)
        d.frames()
        assert lines(a)[6] == " Main menu" and lines(a)[7] == "> Replay this game"
        a.click()
        d.frames()
        r = a.screen
        assert r.replays and r.game.moves == moves and r.ply == 0
        a.turn(1000)
        d.frames()
        assert r.board.ply == len(moves)
        # its push goes back to the result, on the row that opened it (not to the replay list)
        a.click()
        d.frames()
        assert a.screen == RESULT and lines(a)[7] == "> Replay this game"
    assert not texts.take()


def test_a_game_of_three_replays_from_its_result():
    from test_ringplay import Driver, play_to_the_end

    d = Driver()
    rp = d.setup(players=3, computers=("Orange", "Violet"))
    play_to_the_end(d, rp, random.Random(5))
    d.frames(60)
    a = d.app
    assert a.screen == RESULT
    moves = list(a.store.history[-1].moves)
    d.ready()
    with TextCheck() as texts:
        d.choose("Replay this game")
        d.frames()
        r = a.screen
        assert r.replays and r.of_ring and r.game.moves == moves and r.choice == 0
        a.click()  # (the game of three let go on the way, for the heap: the list of games)
        d.frames()
        assert a.screen == REPLAY_LIST and "> " in lines(a)[1]
    assert not texts.take()


def test_the_replays_start_says_what_a_step_is_not_whose_turn():
    d = finished_two_player_game(4)
    d.frames(60)
    d.choose("Main menu")
    d.choose("Replay")
    d.app.click()
    d.frames()
    shown = lines(d.app)
    assert shown[0].strip() == "North" and shown[1].strip() == ""  # (not "North / turn")
    assert shown[3].strip() == "knob: step" and shown[4].strip() == "push: back"


def test_how_to_play_from_the_game_menu_and_back_to_the_game():
    from drivers import Driver

    d = Driver()
    d.choose("Play computer")
    d.choose("Start game")
    a = d.app
    d.press(d.key_for(3))
    d.idle()
    ply = a.game.board.ply
    a.click()
    d.frames()
    d.choose("How to play")
    assert lines(a)[0].startswith("How to play 1/") and a.screen.module == "picture.howto"
    a.turn(1)
    d.frames()
    assert lines(a)[0].startswith("Store & capture")
    a.click()  # a push: back to the board, the game as it was
    d.frames()
    assert a.screen == GAME and a.game.board.ply >= ply
    # from the main menu, How to play still goes back to the main menu
    a.click()
    d.frames()
    d.choose("Main menu")
    d.choose("How to play")
    a.click()
    d.frames()
    assert a.screen == MENU


def test_the_list_decodes_its_games_once_not_every_frame(monkeypatch):
    # Each row decodes a kept game, its moves too: made in the list's first frame, kept while the
    # kept games stay as they are, made again when one is added.
    from kalaha.saved import journal

    rng = random.Random(3)
    store = Store(MemoryFlash())
    rules = {"pits": 6, "seeds": 3, "empty_capture": False, "alga": False, "swap": False}
    for mode in (NORTH, TWO_PLAYERS, SOUTH):
        b = Board(**rules)
        play(store, b, rules, mode, 3, rng)
        store.end_game(b.outcome().code)
    a = App(store=store, welcome=False)
    a.tick(0)
    decoded = []
    real = journal.SavedGame.decode
    monkeypatch.setattr(journal.SavedGame, "decode", lambda *args: decoded.append(1) or real(*args))
    a.go(REPLAY_LIST)
    a.tick(20)
    first = len(decoded)
    for t in range(40, 400, 20):
        a.tick(t)
    a.turn(1)
    a.tick(420)
    assert first == 3 and len(decoded) == 3  # (the first frame's, then none)
    b = Board(**rules)
    store.new_game(rules, NORTH, 1)
    for pit in (1, 2):
        b.push(pit)
        store.move(pit)
    b.resign(SOUTH)
    store.end_game(b.outcome().code)
    a.tick(440)
    assert len(decoded) == 3 + 4 and sum(1 for row in lines(a) if re.match(r"^[> ]*\d+ ", row)) >= 4
