"""The strength ladder of issue 3: long matches, run on demand (KALAHA_LADDER=1), never in CI.

KALAHA_LADDER=1 .venv/bin/python -m pytest tests/test_ladder.py -s
"""

import os
import random

import pytest
from baseline import alphabeta, player

from host.cli_ai import endgame_table
from host.match import RUNGS, make_player, openings, play_game, play_match
from kalaha import Board

GAMES = 40


def score(a, b, games=GAMES, seed=1):
    starts = openings({}, games // 2, 2, seed)
    points = 0.0
    for g in range(games):
        a_side = g % 2
        south, north = (a, b) if a_side == 0 else (b, a)
        outcome, _stats = play_game(south, north, {}, starts[g // 2], seed + g)
        points += 0.5 if outcome.winner is None else (1.0 if outcome.winner == a_side else 0.0)
    return points / games


def naive(board, depth):
    side = board.turn
    if board.to_move is None or depth == 0:
        d = board.store(0) - board.store(1)
        return d if side == 0 else -d
    best = None
    for m in [m for m in board.legal_moves() if m]:
        board.push(m)
        if board.to_move is None:
            d = board.store(0) - board.store(1)
            v = (d if side == 0 else -d) * 1000
        elif board.turn == side:
            v = naive(board, depth - 1)
        else:
            v = -naive(board, depth - 1)
        board.pop()
        best = v if best is None else max(best, v)
    return best


def test_the_baseline_is_a_correct_alpha_beta():
    rng = random.Random(8)
    for _ in range(40):
        b = Board()
        for _ in range(rng.randrange(0, 20)):
            if b.to_move is None:
                break
            b.push(rng.choice(list(b.legal_moves())))
        if b.to_move is None:
            continue
        assert alphabeta(b, 4, -(10**9), 10**9) == naive(b, 4)


ladder = pytest.mark.skipif(not os.environ.get("KALAHA_LADDER"), reason="long matches: set KALAHA_LADDER=1")


def device_table():
    """The endgame table the device plays with (make device builds it), or a skip."""
    table = endgame_table(None, Board())
    if table is None:
        pytest.skip("no endgame table: run make device first")
    return table


@ladder
@pytest.mark.parametrize("upper, lower", RUNGS)
def test_each_level_wins_70_percent_against_the_one_below(upper, lower):
    # As the device plays: Strong and Expert with their endgame table (issue 23's ladder).
    r = play_match(upper, lower, 400, table=device_table())
    print("%s vs %s: %.1f%%" % (upper, lower, r["score_permille"] / 10))
    assert r["score_permille"] >= 700


@ladder
@pytest.mark.xfail(
    reason="issue 3's goal: 75% needs about 12,000 nodes a move, five times what one second on"
    " the RP2040 allows (docs/performance.md); with its endgame table Strong scored 67.5%",
    strict=False,
)
def test_strong_beats_the_plain_depth_7_alpha_beta_75_percent():
    s = score(make_player("strong", device_table()), player(7))
    print("strong vs plain depth 7: %.0f%%" % (100 * s))
    assert s >= 0.75
