"""The engine against the independent oracle (tests/oracle.py) on many random games."""

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import OracleGame, oracle_perft

from kalaha import SWAP, Board
from kalaha.rules import notation
from kalaha.rules.perft import perft

OPTIONS = list(itertools.product([False, True], repeat=3))  # empty_capture, alga, swap
SIZES = [(6, 4), (6, 3), (6, 6), (5, 5), (4, 3), (4, 6), (3, 2), (1, 1), (2, 6), (7, 4), (7, 6)]


def to_oracle(move):
    return "T" if move == SWAP else move


def state(board):
    return (list(board.cells), board.to_move, board.over, board.swapped)


def play_against_the_oracle(board, game, rng):
    """A random game on `board` and the oracle's `game` side by side, every state the same.
    Returns the oracle's finished game and the board's states, ply by ply."""
    trail = [state(board)]
    while True:
        moves = list(board.legal_moves())
        assert sorted(map(to_oracle, moves), key=str) == sorted(game.moves(), key=str)
        if not moves:
            return game, trail
        move = rng.choice(moves)
        board.push(move)
        game = game.play(to_oracle(move))
        assert board.cells == game.flat()
        assert sum(board.cells) == board.total  # seeds are conserved
        assert board.over == game.over
        if not board.over:
            assert board.to_move == game.mover
        trail.append(state(board))


def walk_back(board, trail):
    """pop() walks the whole game back, state by state."""
    assert board.ply == len(trail) - 1
    while board.ply:
        trail.pop()
        board.pop()
        assert state(board) == trail[-1]


@pytest.mark.parametrize("empty_capture,alga,swap", OPTIONS)
def test_random_games_agree_with_the_oracle(empty_capture, alga, swap):
    rng = random.Random(hash((empty_capture, alga, swap)) & 0xFFFF)
    games = 0
    for pits, seeds in SIZES:
        rules = dict(pits=pits, seeds=seeds, empty_capture=empty_capture, alga=alga, swap=swap)
        for _ in range(45):
            board = Board(**rules)
            game, trail = play_against_the_oracle(board, OracleGame(**rules), rng)
            outcome = board.outcome()
            assert outcome.result() == game.result()
            # The record round-trips, and so does the final position.
            again = notation.from_record(notation.record(board), **rules)
            assert again.cells == board.cells and notation.record(again) == notation.record(board)
            assert notation.from_position(notation.position(board), **rules).cells == board.cells
            walk_back(board, trail)
            games += 1
    assert games == 45 * len(SIZES)


@pytest.mark.parametrize(
    "rules,depth",
    [
        (dict(), 6),
        (dict(empty_capture=True), 6),
        (dict(alga=True, swap=True), 6),
        (dict(pits=4, seeds=3, empty_capture=True, alga=True), 8),
        (dict(pits=3, seeds=1), 10),
        (dict(pits=2, seeds=2, swap=True), 12),
        (dict(pits=7), 5),
        (dict(pits=7, seeds=6, empty_capture=True, alga=True, swap=True), 5),
        (dict(pits=7, seeds=3), 5),
    ],
)
def test_perft_agrees_with_brute_force(rules, depth):
    board = Board(**rules)
    game = OracleGame(**rules)
    for d in range(1, depth + 1):
        assert perft(board, d) == oracle_perft(game, d), "depth %d" % d
    assert board.ply == 0 and board.cells == Board(**rules).cells


def test_perft_of_the_standard_opening():
    # Cross-checked against the oracle above (same rules, depths 1..6).
    assert [perft(Board(), d) for d in range(1, 7)] == [6, 35, 185, 942, 4690, 23233]


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 200), st.integers(0, 2**32 - 1))
def test_a_board_with_any_history_room_plays_and_takes_back_like_the_oracle(history, seed):
    # Board(history=N) starts with room for N plies and grows past them (the coach's replay
    # asks for its game's length): every push and pop as the oracle has it.
    rng = random.Random(seed)
    board = Board(history=history)
    _game, trail = play_against_the_oracle(board, OracleGame(), rng)
    walk_back(board, trail)
