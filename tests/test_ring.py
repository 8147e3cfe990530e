"""The 2-4 player engine (kalaha.rules.ring) against an independent oracle, its properties, and the
command line's contract for games of more players (issue 24)."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle_ring import OracleRing

from host.cli import main
from kalaha import Board
from kalaha.rules.ring import CAPTURE_NAMES, RingBoard, RingError

RULES = [
    (seats, pits, seeds, capture)
    for seats in (2, 3, 4)
    for pits in range(1, 7)
    for seeds in (1, 2, 3, 4, 6)
    for capture in range(3)
]


def same(board, oracle):
    """The engine's position is the oracle's."""
    assert [board.row(s) for s in range(board.seats)] == oracle.rows
    assert board.stores() == oracle.stores
    assert board.over == oracle.over
    if not oracle.over:
        assert board.to_move == oracle.mover
        assert board.legal_moves() == oracle.moves()
    else:
        assert board.ranks() == oracle.places_at_end()


@pytest.mark.parametrize("seats, pits, seeds, capture", RULES)
def test_random_games_agree_with_the_oracle_move_by_move(seats, pits, seeds, capture):
    rng = random.Random(seats * 1000 + pits * 100 + seeds * 10 + capture)
    for _game in range(4):
        board = RingBoard(seats, pits, seeds, capture)
        oracle = OracleRing(seats, pits, seeds, CAPTURE_NAMES[capture])
        same(board, oracle)
        while not oracle.over:
            pit = rng.choice(oracle.moves())
            path = board.sow_path(pit)
            before = list(board.cells)
            board.push(pit)
            oracle = oracle.play(pit)
            same(board, oracle)
            # the path the display shows: one seed a cell, ending where the last seed fell
            assert len(path) == before[board.pit_index(board.movers[-1], pit)]
            assert path[-1] == board.last_index
        # and the record round-trips, and pop takes every sowing back
        again = RingBoard.from_record(
            board.record(), seats=seats, pits=pits, seeds=seeds, capture_from=capture
        )
        assert again.cells == board.cells and again.moves == board.moves
        while board.moves:
            board.pop()
        assert board.cells == RingBoard(seats, pits, seeds, capture).cells and board.to_move == 0


def test_two_seats_are_the_classic_game():
    # With two seats the ring is kalaha.rules.board's board (no options): the same cells after the same
    # sowings.
    rng = random.Random(7)
    for pits in range(1, 7):
        for seeds in (1, 3, 4, 6):
            for _game in range(5):
                ring = RingBoard(2, pits, seeds)
                board = Board(pits=pits, seeds=seeds)
                while not ring.over:
                    assert board.to_move == ring.to_move
                    assert sorted(board.legal_moves()) == ring.legal_moves()
                    pit = rng.choice(ring.legal_moves())
                    ring.push(pit)
                    board.push(pit)
                    assert list(ring.cells) == list(board.cells)
                assert board.to_move is None


@settings(max_examples=150, deadline=None)
@given(
    seats=st.integers(2, 4),
    pits=st.integers(1, 6),
    seeds=st.integers(1, 6),
    capture=st.integers(0, 2),
    choices=st.lists(st.integers(0, 5), min_size=0, max_size=400),
)
def test_seeds_are_conserved_and_every_game_ends(seats, pits, seeds, capture, choices):
    board = RingBoard(seats, pits, seeds, capture)
    total = seats * pits * seeds
    for c in choices:
        if board.over:
            break
        moves = board.legal_moves()
        assert moves  # a seat to move always has a pit to sow
        board.push(moves[c % len(moves)])
        assert sum(board.cells) == total
        assert sum(board.stores()) <= total
    # Played on (first legal pit), the game ends: seeds only ever move forward into stores
    # or round the ring, and a ring of 4 x 6 pits cannot hold a game of more sowings.
    for _ in range(5000):
        if board.over:
            break
        board.push(board.legal_moves()[0])
    assert board.over and sum(board.stores()) == total
    ranks = board.ranks()
    assert min(ranks) == 1 and all(1 <= r <= seats for r in ranks)


def test_places_share_equal_stores():
    board = RingBoard(3, 1, 1)
    board.cells[:] = bytes([0, 5, 0, 5, 0, 2])
    assert board.ranks() == [1, 1, 3]


def test_captures_take_the_corresponding_pit_of_the_targets():
    # 3 seats, 4 pits: seat 0's pit 1 empty, pit 4 holds 1 seed... made by hand.
    for capture, taken in ((0, [1]), (1, [1]), (2, [1, 2])):
        board = RingBoard(3, 4, 1, capture)
        w = board.width
        board.cells[:] = bytes(len(board.cells))
        board.cells[board.pit_index(0, 1)] = 1  # sows into pit 2 (empty): a capture
        board.cells[board.pit_index(0, 4)] = 1  # (so seat 0's row is not emptied)
        for seat in (1, 2):
            board.cells[seat * w + 3 - 1] = 5 + seat  # pit 3 = P + 1 - 2 of seats 1 and 2
            board.cells[seat * w] = 1  # (rows not empty)
        board.push(1)
        expected = 1 + sum(5 + s for s in taken)
        assert board.last_capture == expected and board.stores()[0] == expected


def run(*args):
    import io

    out = io.StringIO()
    try:
        status = main(list(args), out)
    except SystemExit as e:
        status = e.code
    return status, out.getvalue()


def test_the_cli_prints_a_multi_player_position_as_json():
    status, out = run("replay", "--json", "--players", "3", "--pits", "4", "--seeds", "4", "1-2 3")
    assert status in (0, None)
    got = json.loads(out)
    expected = RingBoard.from_record("1-2 3", seats=3, pits=4, seeds=4).as_json()
    assert got == expected and set(got) == {"pits", "stores", "to_move", "over"}
    assert len(got["pits"]) == 3 and all(len(row) == 4 for row in got["pits"])


def test_the_cli_gives_the_places_once_over():
    rng = random.Random(2)
    for capture in CAPTURE_NAMES:
        oracle = OracleRing(4, 2, 1, capture)
        turns = []
        while not oracle.over:
            mover = oracle.mover
            turn = []
            while not oracle.over and oracle.mover == mover:
                pit = rng.choice(oracle.moves())
                turn.append(str(pit))
                oracle = oracle.play(pit)
                if turn and oracle.mover == mover and not oracle.over:
                    continue
            turns.append("-".join(turn))
        args = (
            "replay",
            "--json",
            "--players",
            "4",
            "--pits",
            "2",
            "--seeds",
            "1",
            "--capture-from",
            capture,
        )
        status, out = run(*args, " ".join(turns))
        got = json.loads(out)
        assert status in (0, None) and got["over"] is True and got["to_move"] is None
        assert got["ranks"] == oracle.places_at_end() and got["stores"] == oracle.stores


@pytest.mark.parametrize(
    "args, words",
    [
        (["--players", "3", "1 2"], "not complete"),  # pit 1 (4 seeds, 4 pits) ends in the store
        (["--players", "3", "9"], "not 1..4"),
        (["--players", "3", "1-2-3"], "no extra turn"),
        (["--players", "5", ""], "--players"),
        (["--players", "3", "--capture-from", "left", ""], "--capture-from"),
        (["--players", "3", "--alga", ""], "two-player"),
        (["--players", "3", "x"], "not a pit number"),
    ],
)
def test_a_record_that_breaks_the_rules_exits_2_with_one_line(args, words, capsys):
    status, out = run("replay", "--json", "--pits", "4", *args)
    err = capsys.readouterr().err
    assert status == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("kalaha: error:") and words in lines[0], err


def test_two_player_output_is_unchanged_without_players():
    status, out = run("replay", "--json", "3")
    assert status in (0, None) and "south" in json.dumps(json.loads(out)).lower()


def test_rules_out_of_range_are_refused():
    for rules in (dict(seats=5), dict(pits=0), dict(seeds=7), dict(capture_from=3)):
        with pytest.raises(RingError):
            RingBoard(**rules)


def test_the_computers_turn_is_a_whole_legal_turn():
    for level in ("easy", "strong"):
        for record in ("", "1-2 3", "1-4 1"):
            status, out = run("move", "--json", "--players", "3", "--pits", "4", "--level", level, record)
            got = json.loads(out)
            board = RingBoard.from_record(record, seats=3, pits=4, seeds=4)
            assert status in (0, None) and got["seat"] == board.to_move
            # the turn completes the record: played on, it is legal and hands the move on
            after = RingBoard.from_record((record + " " + got["turn"]).strip(), seats=3, pits=4, seeds=4)
            assert after.over or after.to_move != board.to_move


def test_strong_beats_easy_round_the_table():
    from kalaha.search.ring_ai import best_turn

    # (3 seats, so a level no better than the others would come first in a third of games)
    firsts = 0
    for game in range(12):
        board = RingBoard(3, 4, 4)
        strong = game % 3  # Strong takes each seat in turn; Easy the other two
        while not board.over:
            level = "strong" if board.to_move == strong else "easy"
            pits, _value, _depth, _nodes = best_turn(board, level, seed=game)
            for pit in pits:
                board.push(pit)
        firsts += board.ranks()[strong] == 1
    assert firsts >= 7


def paranoid(board, me, depth):
    """The paranoid value by plain recursion (the oracle for RingSearch): `me` maximises, every
    other seat minimises, leaves valued by ring_ai.evaluate."""
    from kalaha.search.ring_ai import evaluate

    if board.over or depth == 0:
        return evaluate(board, me)
    values = []
    for pit in board.legal_moves():
        board.push(pit)
        values.append(paranoid(board, me, depth - 1))
        board.pop()
    return max(values) if board.to_move == me else min(values)


@settings(max_examples=40, deadline=None)
@given(
    seats=st.integers(2, 4),
    pits=st.integers(2, 4),
    seeds=st.integers(1, 3),
    capture=st.integers(0, 2),
    opening=st.lists(st.integers(0, 5), max_size=12),
    depth=st.integers(1, 4),
)
def test_the_stepped_search_finds_the_plain_recursions_value(seats, pits, seeds, capture, opening, depth):
    from kalaha.search.ring_ai import RingSearch

    board = RingBoard(seats, pits, seeds, capture)
    for c in opening:
        if board.over:
            break
        board.push(board.legal_moves()[c % len(board.legal_moves())])
    if board.over:
        return
    search = RingSearch()
    search.start(board, 1 << 30, depth)
    record = board.record()
    while not search.step(7):  # small slices: the stack must carry over between them
        pass
    assert board.record() == record  # left as it was
    me = board.to_move
    assert search.depth_done == depth
    assert search.score == paranoid(board, me, depth)
    board.push(search.best_pit)
    assert paranoid(board, me, depth - 1) == search.score  # the chosen pit has that value


RING_SCRIPT = """
import gc, micropython
from kalaha.rules.ring import RingBoard
from kalaha.search.ring_ai import RingSearch
search = RingSearch()
for seats, pits, record in %r:
    board = RingBoard.from_record(record, seats=seats, pits=pits, seeds=4)
    search.start(board, 3000)
    gc.collect()
    micropython.heap_lock()
    while not search.step(97):
        pass
    micropython.heap_unlock()
    print(seats, pits, search.best_pit, search.depth_done, search.nodes, search.score)
"""
RING_POSITIONS = [(3, 4, ""), (3, 4, "1-2 3"), (4, 4, "2 1"), (2, 6, "3-6")]


@pytest.mark.device  # (MicroPython's VM)
def test_the_ring_search_in_the_vm_allocates_nothing_and_agrees_with_cpython():
    from vm import run_vm

    from kalaha.search.ring_ai import RingSearch

    status, out, err = run_vm(RING_SCRIPT % (RING_POSITIONS,))
    assert status == 0, err  # (a MemoryError under heap_lock would be an allocation per node)
    search = RingSearch()
    for (seats, pits, record), line in zip(RING_POSITIONS, out.strip().splitlines(), strict=True):
        search.start(RingBoard.from_record(record, seats=seats, pits=pits, seeds=4), 3000)
        while not search.step(97):
            pass
        expected = [seats, pits, search.best_pit, search.depth_done, search.nodes, search.score]
        assert list(map(int, line.split())) == expected
