"""Seven pits for two (Qdan's rules: two players on 6 or 7 pits): the engine against the rules as
written (tests/oracle.py), a lapping sowing, the search's answers against brute force, the
command line, and saved games."""

import io
import json
import random

from oracle import OracleGame, brute_margin, oracle_perft

from host.analysis import best_turn, solve
from host.cli import main as cli
from kalaha import Board
from kalaha.rules import notation
from kalaha.saved.memflash import MemoryFlash
from kalaha.saved.store import Store


def test_fifteen_seeds_lap_a_seven_pit_board_and_feed_their_own_pit():
    # 15 holes a lap (7 pits, the store, the opponent's 7): the last seed lands in the emptied pit
    board = Board(pits=7, seeds=1)
    game = OracleGame(pits=7, seeds=1)
    board.cells[0] = game.rows[0][0] = 15
    board.total += 14
    board.push(1)
    after = game.play(1)
    assert board.cells == after.flat()
    assert board.store(0) == after.stores[0] >= 2  # the lap's store seed and the capture
    assert board.cells[0] == 0  # (its one seed: the last, in an empty pit of its own, captured)


def test_the_solver_knows_seven_pit_endgames_as_brute_force_does():
    rng = random.Random(77)
    checked = 0
    while checked < 12:
        rules = dict(pits=7, seeds=1, empty_capture=rng.random() < 0.5, alga=rng.random() < 0.5)
        board, game = Board(**rules), OracleGame(**rules)
        while board.to_move is not None and sum(board.cells) - board.store(0) - board.store(1) > 9:
            move = rng.choice(list(board.legal_moves()))
            board.push(move)
            game = game.play(move)
        if board.to_move is None:
            continue
        margin, _value, _games = brute_margin(game)  # (South's final margin with perfect play)
        assert solve(board) == margin, notation.record(board)
        checked += 1


def test_every_level_plays_legal_whole_turns_on_seven_pits():
    rng = random.Random(7)
    for level in ("easy", "medium", "strong", "expert"):
        board = Board(pits=7, seeds=4, swap=True)
        while board.to_move is not None:
            if board.to_move == 0:
                pits, *_ = best_turn(board, level=level, seed=board.ply)
                mover = board.to_move
                for pit in pits[:-1]:
                    board.push(pit)
                    assert board.to_move == mover  # (every sowing but the last earns the turn)
                board.push(pits[-1])
            else:
                board.push(rng.choice(list(board.legal_moves())))
        assert board.store(0) + board.store(1) == 56


def run(argv):
    out = io.StringIO()
    status = cli(argv, out=out)
    return status, out.getvalue()


def test_the_command_line_plays_seven_pits():
    status, out = run(["perft", "4", "--pits", "7"])
    counted = dict(tuple(int(w) for w in line.split()) for line in out.splitlines() if line.strip())
    assert status == 0 and counted == {d: oracle_perft(OracleGame(pits=7), d) for d in range(1, 5)}
    board = Board(pits=7)
    for pit in (7, 1, 3):
        board.push(pit)
    status, out = run(["replay", "--json", "--pits", "7", notation.record(board)])
    shown = json.loads(out)
    assert status == 0 and shown["pits"] == board.cells[:7] + board.cells[8:15]
    assert shown["stores"] == [board.store(0), board.store(1)]
    status, out = run(["move", "--pits", "7", "--level", "expert", notation.record(board)])
    assert status == 0, out
    mover = board.to_move
    pits = [int(p) for p in out.split()[-1].split("-")]
    for pit in pits:
        assert board.to_move == mover and pit in board.legal_moves(), out
        board.push(pit)
    assert board.to_move != mover or board.to_move is None  # (a whole turn: it ends the turn)
    small, game = Board(pits=7, seeds=1), OracleGame(pits=7, seeds=1)
    rng = random.Random(3)
    while small.to_move is not None and sum(small.cells) - small.store(0) - small.store(1) > 8:
        move = rng.choice(list(small.legal_moves()))
        small.push(move)
        game = game.play(move)
    status, out = run(["solve", "--pits", "7", "--seeds", "1", "--record", notation.record(small)])
    assert status == 0 and int(out.split()[-1]) == brute_margin(game)[0]
    status, out = run(["match", "easy", "medium", "--games", "2", "--pits", "7"])
    assert status == 0 and "2 games" in out
    assert run(["perft", "1", "--pits", "8"])[0] != 0


def test_a_seven_pit_game_is_saved_and_loaded():
    flash = MemoryFlash()
    store = Store(flash)
    rules = dict(pits=7, seeds=5, empty_capture=False, alga=False, swap=False)
    store.new_game(rules, 0, 1)
    board = Board(**rules)
    for pit in (7, 2, 5):
        board.push(pit)
        store.move(pit)
    again = Store(MemoryFlash(bytes(flash.data)))
    assert again.current is not None and again.current.rules["pits"] == 7
    assert again.current.moves == [7, 2, 5]
