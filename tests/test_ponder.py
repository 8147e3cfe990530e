"""Pondering: the computer searches its reply on the player's time, and a turn it foresaw is
answered sooner and the same as the command line's `move` (kalaha.search.thinking.Thinker)."""

import random

import pytest
from drivers import Driver, start_vs_computer

from host.analysis import device_player, device_turn, drive_book
from kalaha import SOUTH, Board
from kalaha.flow.app import App
from kalaha.flow.screens import GAME
from kalaha.rules import notation
from kalaha.search.endgame import EndgameTable
from kalaha.search.thinking import PONDER_LEVELS, Thinker
from tools import emulate

endgame_db = pytest.importorskip("tools.endgame_db")  # (needs numpy)

SEED = 3  # the device's count of games started: the turns' seeds


@pytest.fixture(scope="module")
def table_file(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("eg") / "t10.kdb")
    endgame_db.build(path, 6, 10)
    return path


def player_positions(count, seed, low=12):
    """`count` boards of the standard game, the side to move with at least `low` seeds in the pits."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        b = Board()
        for _ in range(rng.randint(2, 24)):
            if b.to_move is None:
                break
            b.push(rng.choice([m for m in b.legal_moves() if m]))
        if b.to_move is not None and sum(b.row(0)) + sum(b.row(1)) >= low:
            out.append(b)
    return out


def ponder_until_done(thinker, board, level, version=1):
    """The app's frames of the player's turn: ponder_turn, then slices until nothing is left."""
    thinker.ponder_turn(board, level, SEED, version)
    p = thinker.ponderer
    for _ in range(100000):
        if not p.state:
            return
        p.slices()
        if not p.busy() and p.predicted():
            return
    raise AssertionError("pondering never ended")


def computer_turn(thinker, board, level):
    """The computer's whole turn on `board` as the app drives it (one slice a frame)."""
    pits = []
    pondered = None
    side = board.to_move
    while board.to_move == side:
        thinker.start_move(board, level, SEED, 0)
        pit = thinker.move(board, level, SEED, 0)
        while not pit:
            pit = thinker.move(board, level, SEED, 0)
        if pondered is None:
            pondered = thinker.pondered
        thinker.pit = 0
        thinker.thinking = False
        pits.append(pit)
        board.push(pit)
    return pits, pondered


def fresh_turn(board, level, table):
    """The command line's `move --level`: a new player of the device's own (without the opening
    book: the app here has none, its turns are its search's)."""
    return device_turn(device_player(table, book=None), board, level, SEED)[0]


@pytest.mark.parametrize("with_table", [False, True])
@pytest.mark.parametrize("level", PONDER_LEVELS)
def test_a_foreseen_turn_is_answered_sooner_and_as_the_command_line_answers_it(level, with_table, table_file):
    table = EndgameTable(table_file) if with_table else None
    rng = random.Random(5)
    thinker = Thinker(table, None, 64)
    while table is not None and not thinker.endgame_checked:
        thinker.check_table()
    foreseen = others = 0
    for version, board in enumerate(player_positions(10 if level == "strong" else 4, 11)):
        ponder_until_done(thinker, board, level, version)
        predicted = thinker.ponderer.predicted()
        play = board.copy()
        side = play.to_move
        if predicted and rng.random() < 0.6:
            for pit in predicted:
                play.push(pit)
        else:
            while play.to_move == side:
                play.push(rng.choice([m for m in play.legal_moves() if m]))
        if play.to_move is None:
            continue
        hit = bool(predicted) and [play.moves_at(k) for k in range(board.ply, play.ply)] == list(predicted)
        expected = fresh_turn(play, level, table)
        pits, pondered = computer_turn(thinker, play, level)
        assert pits == expected
        if hit:
            foreseen += 1
            assert pondered > 0  # (its nodes were made on the player's time)
        else:
            others += 1
            assert pondered == 0
    assert foreseen and others  # (both kinds of turn were tried)
    if table is not None:
        table.close()


def test_no_pondering_below_strong_or_where_the_table_decides(table_file):
    table = EndgameTable(table_file)
    thinker = Thinker(table, None, 64)
    board = player_positions(1, 2)[0]
    for level in ("easy", "medium"):
        thinker.ponder_turn(board, level, SEED, 1)
        assert thinker.ponderer is None and not thinker.pondering()
    # An unchecked table: not yet (its check needs the quiet frames), then once it is checked.
    thinker.ponder_turn(board, "expert", SEED, 2)
    assert not thinker.pondering()
    while not thinker.endgame_checked:
        thinker.check_table()
    thinker.ponder_turn(board, "expert", SEED, 3)
    assert thinker.pondering()
    # A game against Easy after one against Expert (a new game cancels the thinker's work,
    # kalaha.flow.menus): none either.
    thinker.cancel()
    assert not thinker.pondering()
    thinker.ponder_turn(board, "easy", SEED, 4)
    assert not thinker.pondering()
    # Where the table covers the board the reply is the table's decision: nothing to ponder.
    rng = random.Random(4)
    few = Board()
    while few.to_move is not None and sum(few.row(0)) + sum(few.row(1)) > 10:
        few.push(rng.choice([m for m in few.legal_moves() if m]))
    assert few.to_move is not None and table.applies(few)
    thinker.ponder_turn(few, "expert", SEED, 5)
    assert not thinker.pondering()
    table.close()


def play_until_the_computers_turn_ends(d):
    """Frames until the computer has sowed its whole turn and the player may move; returns them."""
    a = d.app
    for n in range(100000):
        g = a.game
        if a.screen != GAME or g.board.to_move is None:
            return n
        if g.human_to_move() and not a.thinker.thinking and a.sowing.path is None:
            return n
        d.frames()
    raise AssertionError("the computer never finished its turn")


def test_in_a_game_the_computer_thinks_on_the_players_time_and_plays_the_same():
    # The player (keys, as a person) waits for pondering to foresee their turn and plays it, or
    # plays another; the hint is asked once mid-pondering. Every reply is the command line's, and
    # a foreseen one comes after the computer's pause alone.
    from playout import FRAME

    from kalaha.flow.app import COMPUTER_PAUSE_MS

    rng = random.Random(8)
    d = Driver()
    d.app = App(None, slice_nodes=512)  # (a turn well within its time cap)
    d.app.tick(0)
    a = d.app
    start_vs_computer(d, "strong")
    foreseen = others = hints = pondering = 0
    while a.screen == GAME and a.game.board.to_move is not None:
        th = a.thinker
        g = a.game
        if not g.human_to_move():
            play_until_the_computers_turn_ends(d)
            continue
        d.frames()
        pondering += th.pondering()
        assert not (th.pondering() and a.quiet())  # (the computer ponders: no housekeeping frames)
        if hints == 0 and g.board.ply > 4:
            d.frames(3)
            from kalaha.flow.gamemenu import hint

            hint(a)
            hints += 1
            assert th.hinting
        for _ in range(5000):
            if th.ponderer.predicted() and not th.pondering():
                break
            d.frames()
        assert a.quiet()  # (pondering done: the frames are quiet again)
        start = g.board.copy()
        predicted = th.ponderer.predicted()
        take = predicted if predicted and rng.random() < 0.7 else ()
        k = 0
        while a.game.board.to_move == start.to_move:
            legal = [m for m in a.game.board.legal_moves() if m]
            pit = take[k] if k < len(take) else rng.choice(legal)
            k += 1
            d.press(d.key_for(pit))
            while a.sowing.path is not None:
                d.frames()
        board = a.game.board.copy()
        if board.to_move is None:
            break
        hit = bool(take) and [board.moves_at(p) for p in range(start.ply, board.ply)] == list(predicted)
        expected = fresh_turn(board, "strong", None)
        waited = play_until_the_computers_turn_ends(d)
        made = [a.game.board.moves_at(p) for p in range(board.ply, board.ply + len(expected))]
        assert made == expected
        if hit:
            foreseen += 1
            assert a.thinker.pondered > 0
            # (the pause, the sowings and their effects: no search in the first sowing's wait)
            assert waited * FRAME < COMPUTER_PAUSE_MS + 4000 * len(expected)
        else:
            others += 1
    assert foreseen >= 2 and others >= 1 and hints == 1 and pondering


def test_the_pondering_game_on_the_emulator_is_the_hosts_game_played_through_the_app():
    # make emulate PONDER=MS: its steps (the host's game, the player's keys after their thinking
    # time, the computer's replies waited for by their serial lines), played through the app in
    # CPython with one slice a frame: the same game to its end.
    from kalaha.saved.memflash import MemoryFlash
    from kalaha.saved.store import Store

    steps, stores, turns = emulate.ponder_steps("strong", 2000, player="strong", table_path="/nonexistent")
    app = App(store=Store(MemoryFlash()), slice_nodes=512)
    app.thinker.book = drive_book()  # (the emulated drive's opening book, as hw.startup opens it)
    now = 0
    turns_seen = 0
    was_thinking = False

    def frame():
        nonlocal now, turns_seen, was_thinking
        now += 20
        app.tick(now)
        thinking = app.thinker.thinking
        if was_thinking and not thinking and app.screen == GAME and not app.screen.computer_moving(app):
            turns_seen += 1  # (the serial report's "turn:" line: hw/macropad.py)
        was_thinking = thinking

    for step in steps:
        if "click" in step:
            app.click()
        elif "turn" in step:
            app.turn(step["turn"])
        elif "key" in step:
            app.key_down(step["key"])
            frame()
            frame()
            app.key_up(step["key"])
        if "serial" in step and "turn:" in step["serial"]:
            wanted = int(step["serial"].rsplit("{", 1)[1].rstrip("}"))
            for _ in range(20000):
                if turns_seen >= wanted:
                    break
                frame()
            assert turns_seen == wanted
        for _ in range(step.get("wait", 20) // 20):
            frame()
    b = app.game.board
    assert b.to_move is None and (b.store(SOUTH), b.store(1 - SOUTH)) == stores
    assert turns_seen == turns


PONDER_SCRIPT = """
import sys
from kalaha.rules import notation
from kalaha.search.thinking import Thinker

for version, record in enumerate(RECORDS):
    board = notation.from_record(record)
    th = Thinker(None, None, 64)
    th.ponder_turn(board, "strong", 3, version)
    p = th.ponderer
    while p.busy() or (p.state and not p.predicted()):
        p.slices()
    foreseen = p.predicted()
    for pit in foreseen:
        board.push(pit)
    pits = []
    side = board.to_move
    while board.to_move == side:
        th.start_move(board, "strong", 3, 0)
        if not pits:
            pondered = th.pondered
        pit = th.move(board, "strong", 3, 0)
        while not pit:
            pit = th.move(board, "strong", 3, 0)
        th.pit = 0
        th.thinking = False
        pits.append(pit)
        board.push(pit)
    print(record, list(foreseen), pits, pondered > 0)
print("module", sys.modules["kalaha.search.ponder"].__name__)
"""


@pytest.mark.device  # (MicroPython's VM)
def test_pondering_runs_in_the_vm_as_in_cpython():
    # MicroPython's VM: the same predictions and replies as CPython's, each foreseen one found
    # made on the player's time.
    from vm import run_vm

    records = [notation.record(b) for b in player_positions(4, 21, low=16) if notation.record(b)]
    expected = []
    for version, record in enumerate(records):
        board = notation.from_record(record)
        th = Thinker(None, None, 64)
        ponder_until_done(th, board, "strong", version)
        foreseen = list(th.ponderer.predicted())
        for pit in foreseen:
            board.push(pit)
        pits, pondered = computer_turn(th, board, "strong")
        expected.append("%s %s %s %s" % (record, foreseen, pits, pondered > 0))
    assert any(line.endswith("True") for line in expected)
    status, out, err = run_vm(PONDER_SCRIPT.replace("RECORDS", repr(records), 1))
    assert status == 0, out + err
    assert out.strip().splitlines() == expected + ["module kalaha.search.ponder"]
