"""The command line: perft, replay, move, solve, match, bench; bad input gives status 2."""

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import brute_margin, replay_oracle
from vm import ROOT

from host.analysis import solve
from kalaha import Board
from kalaha.rules import notation
from kalaha.rules.perft import perft


def run(*args):
    proc = subprocess.run([sys.executable, "-m", "kalaha", *args], cwd=ROOT, capture_output=True, text=True)
    return proc.returncode, proc.stdout, proc.stderr


def test_perft_prints_one_line_per_depth():
    status, out, _ = run("perft", "4", "--pits", "4", "--seeds", "3", "--empty-capture")
    assert status == 0
    board = Board(pits=4, seeds=3, empty_capture=True)
    assert out.splitlines() == ["%d %d" % (d, perft(board, d)) for d in range(1, 5)]


def test_replay_json():
    status, out, _ = run("replay", "--json", "3-6 2-1")
    assert status == 0
    data = json.loads(out)
    b = notation.from_record("3-6 2-1")
    assert data["pits"] == b.row(0) + b.row(1)
    assert data["stores"] == [b.store(0), b.store(1)]
    assert data["to_move"] == "south" and data["over"] is False and data["result"] is None
    assert data["turns"] == "3-6 2-1"


def test_replay_finished_game_and_text_output():
    b = Board(pits=2, seeds=1)
    while b.to_move is not None:
        b.push(next(iter(b.legal_moves())))
    status, out, _ = run("replay", "--json", "--pits", "2", "--seeds", "1", notation.record(b))
    data = json.loads(out)
    assert data["over"] and data["to_move"] is None and data["result"] == b.outcome().result()
    status, out, _ = run("replay", "3-6")
    assert status == 0 and "to move: north" in out and "record: 3-6" in out


@pytest.mark.parametrize(
    "args",
    [
        ("replay", "3-6 9"),
        ("replay", "0"),
        ("replay", "garbage"),
        ("replay", "3-6 T"),
        ("replay", "--pits", "9"),
        ("perft",),
        ("perft", "x"),
        ("move", "--depth", "0"),
        ("match", "strong", "nonsense", "--games", "1"),
        ("bogus",),
    ],
)
def test_bad_input_exits_2_with_one_line(args):
    status, out, err = run(*args)
    assert status == 2
    assert err.strip().count("\n") == 0 and err.startswith("kalaha: error:") and "Traceback" not in err


def test_move_prints_a_legal_whole_turn():
    status, out, _ = run("move", "--json", "--level", "medium", "1")
    assert status == 0
    data = json.loads(out)
    board = notation.from_record("1")
    notation.push_record(board, data["turn"])
    assert board.to_move != 1 or board.to_move is None
    assert set(data) == {"turn", "score", "depth", "nodes"}
    status, out, _ = run("move", "--depth", "3", "3-6")
    assert status == 0 and out.strip()


def test_solve_matches_the_library():
    status, out, _ = run("solve", "--pits", "3", "--seeds", "2")
    assert status == 0 and int(out) == solve(Board(pits=3, seeds=2))
    status, out, _ = run("solve", "--pits", "3", "--seeds", "2", "--record", "1")
    assert status == 0 and int(out) == solve(notation.from_record("1", pits=3, seeds=2))


def test_match_smoke():
    status, out, _ = run("match", "medium", "easy", "--games", "2", "--json")
    assert status == 0
    r = json.loads(out)
    assert r["games"] == 2 and r["wins"] + r["draws"] + r["losses"] == 2
    assert r["a_avg_nodes"] > r["b_avg_nodes"]
    # integers only (the kalaha package's rule), the score a draw counting half
    assert all(type(v) is int for k, v in r.items() if k not in ("a", "b"))
    assert r["score_permille"] * 2 == 1000 * r["wins"] + 500 * r["draws"]
    status, out, _ = run("match", "medium", "easy", "--games", "2")
    assert status == 0 and "(score %d%%)" % ((r["score_permille"] + 5) // 10) in out


def test_bench_prints_all_positions():
    status, out, _ = run("bench")
    assert status == 0
    for name in ("opening", "middle", "endgame"):
        assert out.count(name) == 3
    assert "naive" in out


def test_terminal_game_handles_bad_input_undo_and_finishes():
    import io

    from host.cli import play_main

    answers = iter(["9", "x", "", "1", "u", "3", "q"])
    out = io.StringIO()
    status = play_main(["--level", "easy"], inp=lambda prompt: next(answers), out=out)
    text = out.getvalue()
    assert status == 0
    assert "pit 9 is out of range" in text and "type a pit 1..6" in text
    assert "undone" in text and "extra turn!" in text  # pit 3 opens with an extra turn


def test_terminal_two_player_game_to_the_end():
    import io

    from host.cli import play_main

    board = Board(pits=3, seeds=1)
    moves = []
    while board.to_move is not None:
        move = next(iter(board.legal_moves()))
        moves.append(str(move))
        board.push(move)
    answers = iter(moves)
    out = io.StringIO()
    assert (
        play_main(["--two-players", "--pits", "3", "--seeds", "1"], inp=lambda p: next(answers), out=out) == 0
    )
    o = board.outcome()
    winner = "a draw" if o.winner is None else "%s wins" % ("south", "north")[o.winner]
    assert "Game over: %s" % winner in out.getvalue()
    assert "record: %s" % notation.record(board) in out.getvalue()


def test_a_reader_that_stops_early_gets_no_traceback():
    # `python -m kalaha ladder | head -3`: the pipe closes before everything is written.
    proc = subprocess.Popen(
        [sys.executable, "-m", "kalaha", "perft", "7"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    proc.stdout.close()  # (before the command has written anything)
    err = proc.stderr.read().decode()
    proc.wait()
    assert proc.returncode == 0 and err == ""


def test_the_ladder_prints_each_level_against_the_one_below():
    from host.match import RUNGS, play_match

    argv = ("ladder", "--games", "4", "--seed", "3", "--table", "no-such-table.kdb")
    status, out, _ = run(*argv)
    assert status == 0
    rows = [line.split(" | ") for line in out.splitlines() if line.startswith("| ") and "---" not in line][1:]
    assert [(r[0][2:], r[1]) for r in rows] == list(RUNGS)
    assert "no endgame table" in out
    for (upper, lower), row in zip(RUNGS, rows):
        r = play_match(upper, lower, 4, seed=3)
        want = "%d.%d%%" % (r["score_permille"] // 10, r["score_permille"] % 10)
        assert row[2].startswith(want + " +- ") and row[2].endswith(
            "(%d-%d-%d)" % (r["wins"], r["draws"], r["losses"])
        )


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 300), st.integers(0, 3), st.integers(1, 10**6))
def test_match_openings_are_distinct_positions_reached_by_legal_sowings(count, plies, seed):
    # Levels without noise play a repeated opening as the same game again: a match's openings
    # are all different (more sowings once the shorter ones are used up).
    from host.match import openings

    starts = openings({}, count, plies, seed)
    assert len(starts) == count and len(set(starts)) == count
    for record in starts:
        b = notation.from_record(record)  # (raises on anything illegal)
        assert b.to_move is not None and b.ply >= plies


def test_match_openings_on_a_board_too_small_for_them_repeat_the_start():
    from host.match import openings

    assert openings({"pits": 1, "seeds": 1}, 3, 2, 1) == ["", "", ""]
    two = openings({"pits": 2, "seeds": 1}, 20, 2, 1)
    assert len(two) == 20 and all(notation.from_record(r, pits=2, seeds=1).to_move is not None for r in two)


@settings(max_examples=10, deadline=None)
@given(
    st.sampled_from(
        [
            dict(pits=3, seeds=2),
            dict(pits=3, seeds=2, empty_capture=True),
            dict(pits=2, seeds=3),
            dict(pits=3, seeds=3),
        ]
    ),
    st.integers(1, 5),
    st.integers(1, 10**6),
)
def test_match_openings_are_the_most_even_of_those_drawn(rules, count, seed):
    # Judged by perfect play (the oracle's brute force): every kept opening is at least as near a
    # draw as every one left out, and they keep the order they were drawn in. An opening with one
    # legal sowing (no choice to judge) is kept only when those with a choice run out.
    from host.match import even_openings, openings

    drawn = openings(rules, 3 * count, 2, seed)
    kept = even_openings(rules, count, 2, seed, nodes=20000)
    assert len(kept) == count
    rest = iter(drawn)
    assert all(any(r == d for d in rest) for r in kept)  # (in drawn order)
    left_out = list(drawn)
    for r in kept:
        left_out.remove(r)

    def forced(record):
        return len(list(notation.from_record(record, **rules).legal_moves())) == 1

    def lean(record):
        return abs(brute_margin(replay_oracle(rules, notation.from_record(record, **rules).moves()))[0])

    if any(not forced(r) for r in left_out):
        assert not any(forced(r) for r in kept)
        assert max(lean(r) for r in kept) <= min(lean(r) for r in left_out if not forced(r))


def test_the_ladder_refuses_a_single_game():
    status, _out, err = run("ladder", "--games", "1")
    assert status == 2 and err.startswith("kalaha: error:") and "--games" in err
