"""The opening book (kalaha/book.txt, made by tools/book.py, read by kalaha/search/book.py): what it
holds, its one-read probe, the levels' use of it, and its turns against independent solvers."""

import io
import json
import random

import pytest
from vm import run_vm

from host.analysis import device_player, device_turn
from host.cli import main
from kalaha import NORTH, SOUTH, Board
from kalaha.rules.board import SWAP
from kalaha.search.ai import LEVELS, Search
from kalaha.search.book import FILE, Book

np = pytest.importorskip("numpy")
tools_book = pytest.importorskip("tools.book")


def lines():
    """{12 pit counts: the line's text} of every position in the committed book."""
    with open(FILE, "rb") as f:
        data = f.read().decode()
    head = data.split("\n", 1)[0].split()
    buckets, slots, width, at = (int(x) for x in head[1:])
    body = data[at:]
    assert len(body) == buckets * slots * width
    out = {}
    for k in range(buckets * slots):
        line = body[k * width : (k + 1) * width]
        assert line.endswith("\n")
        if line.startswith("."):
            continue
        pits = tuple(ord(ch) - 48 for ch in line[:12])
        assert tools_book.bucket_of(pits, buckets) == k // slots, line  # (in its own bucket)
        assert pits not in out
        out[pits] = line
    return out


def board_at(pits, side=SOUTH):
    """A board whose mover `side` has the mover-first `pits` (stores: the rest of 48 seeds)."""
    b = Board()
    mine, theirs = (0, 7) if side == SOUTH else (7, 0)
    for k in range(6):
        b.cells[mine + k] = pits[k]
        b.cells[theirs + k] = pits[6 + k]
    rest = 48 - sum(pits)
    b.cells[6] = rest // 2
    b.cells[13] = rest - rest // 2
    b.turn = side
    return b


def test_the_book_holds_every_first_turns_position_and_each_best_turn_whole():
    book = lines()
    starts = tools_book.turn_starts(tools_book.TURNS)
    assert len(starts) == 1 + 10 + 116 + 1022  # (the first four turns' positions, counted apart)
    for _turn, pits in starts:
        assert pits in book
    for pits, line in book.items():
        best = int(line[13])
        values = [line[15 + 3 * k : 18 + 3 * k] for k in range(6)]
        assert [v != "..." for v in values] == [n > 0 for n in pits[:6]], line
        numbers = {k + 1: int(v) for k, v in enumerate(values) if v != "..."}
        if line[34:36] != "ex":
            assert numbers[best] == max(numbers.values()), line  # (a search's line: its best value)
        gain, what, nxt = tools_book.sow(pits, best)
        if what == "again":
            assert nxt in book  # the turn's next sowing is in the book too
            if line[34:36] == "ex":
                assert book[nxt][34:36] == "ex"  # ... and exact play's, as its first
                assert numbers[best] == gain + int(book[nxt][15 + 3 * (int(book[nxt][13]) - 1) :][:3])


class Counting:
    """A file that counts its seeks and reads."""

    def __init__(self, f):
        self.f = f
        self.seeks = self.reads = 0

    def seek(self, at):
        self.seeks += 1
        return self.f.seek(at)

    def readinto(self, buf):
        self.reads += 1
        return self.f.readinto(buf)


def test_a_probe_is_one_read_and_finds_every_position_from_either_side_and_no_other():
    book = Book()
    book.file = Counting(book.file)
    rng = random.Random(5)
    for pits, line in rng.sample(sorted(lines().items()), 200):
        for side in (SOUTH, NORTH):
            b = board_at(pits, side)
            book.file.seeks = book.file.reads = 0
            assert book.move(b, "expert", 1) == int(line[13])
            assert book.file.seeks == book.file.reads == 1
            assert book.margin == int(line[15 + 3 * (int(line[13]) - 1) :][:3])
            assert book.ply == b.ply and book.exact == (line[34:36] == "ex")
    b = Board()
    b.push(3)
    b.push(6)
    b.push(1)  # (North's first turn: a position no book has after 3 turns, its counts changed)
    b.cells[0] += 1
    b.cells[13] -= 1
    assert book.move(b, "expert", 1) == 0 and book.ply == -1
    assert not book.move(Board(pits=5), "expert", 1) and not book.move(Board(seeds=5), "expert", 1)
    from kalaha.search import book as module
    from kalaha.search import thinking

    assert (thinking._BOOK_PITS, thinking._BOOK_SEEDS) == (module.PITS, module.SEEDS)  # (the gate's)
    assert not book.move(Board(empty_capture=True), "expert", 1)


def test_a_damaged_line_is_not_trusted(tmp_path):
    data = bytearray(open(FILE, "rb").read())
    start = Board()
    at = data.index(bytes(48 + n for n in [4] * 12))
    data[at + 20] ^= 1  # (a value's digit)
    path = tmp_path / "book.txt"
    path.write_bytes(bytes(data))
    assert Book(FILE).move(start, "expert", 1)
    assert not Book(str(path)).move(start, "expert", 1)
    (tmp_path / "junk.txt").write_bytes(b"not a book" * 10)
    with pytest.raises(ValueError):
        Book(str(tmp_path / "junk.txt"))


def test_expert_and_strong_play_the_books_best_turn_and_the_swap_changes_nothing():
    book = lines()
    rng = random.Random(2)
    boards = [Board()]
    b = Board()
    b.push(1)
    swapped = Board(swap=True)
    swapped.push(1)
    swapped.push(SWAP)  # (the board as it was: the same position, North to move)
    boards += [b, swapped]
    while len(boards) < 40:
        b = Board()
        for _ in range(rng.randint(1, 3)):
            side = b.to_move
            while b.to_move == side:
                b.push(rng.choice([m for m in b.legal_moves() if m]))
        boards.append(b)
    for level in ("strong", "expert"):
        player = device_player()
        for b in boards:
            me = b.to_move
            pits = tuple(b.row(me)) + tuple(b.row(1 - me))
            turn, score, depth, nodes, _exact = device_turn(player, b, level)
            want = []
            while pits is not None:
                want.append(int(book[pits][13]))
                _gain, what, pits = tools_book.sow(pits, want[-1])
                if what != "again":
                    pits = None
            assert turn == want
            assert nodes == 0 and depth == 0


def test_the_start_position_is_solved_exactly_and_move_says_so():
    out = io.StringIO()
    assert main(["move", "--json", "--level", "expert"], out=out) == 0
    answer = json.loads(out.getvalue())
    assert answer["exact"] is True and answer["nodes"] == 0
    line = lines()[(4,) * 12]
    assert line[34:36] == "ex"
    assert answer["turn"].split("-")[0] == line[13]


def test_easy_and_medium_add_their_search_noise_to_the_books_values():
    # The noise a level's search adds to each root pit (kalaha.search.ai.Search.start), the same seeds.
    book = Book()
    line = lines()[(4,) * 12]
    values = [int(line[15 + 3 * k : 18 + 3 * k]) for k in range(6)]
    b = Board()
    for level in ("easy", "medium"):
        noise = LEVELS[level].noise
        chosen = set()
        for seed in range(1, 40):
            s = Search()
            s.start(b, depth=1, noise=noise, seed=seed + b.ply)
            looks = [16 * values[k] + s.words[24 + k] for k in range(6)]
            pit = book.move(b, level, seed)
            assert pit == 1 + looks.index(max(looks))
            assert book.margin == values[pit - 1] and book.exact == (pit == int(line[13]))
            chosen.add(pit)
        assert len(chosen) > 1  # (the noise makes them play more than the best)
    assert book.move(b, "expert", 1) == int(line[13])


def test_the_thinkers_gate_covers_every_sowing_of_the_books_turns():
    # Thinker.start_move asks the book only up to _BOOK_PLY with at most _BOOK_STORED seeds stored:
    # every sowing of the first four turns, by any sowings, is within both (a swap: a ply more).
    from functools import lru_cache

    from kalaha.search import thinking

    @lru_cache(None)
    def deepest(pits, turns_left):
        # (the most plies, the most seeds stored) of a sowing's position from `pits` on
        plies, stored = 0, 48 - sum(pits)
        for pit in tools_book.legal(pits):
            _gain, what, nxt = tools_book.sow(pits, pit)
            if what == "again" or (what == "flip" and turns_left > 1):
                p, s = deepest(nxt, turns_left - (what == "flip"))
                plies, stored = max(plies, p + 1), max(stored, s)
        return plies, stored

    plies, stored = deepest(tools_book.START, tools_book.TURNS)
    assert (plies + 1, stored) == (thinking._BOOK_PLY, thinking._BOOK_STORED)
    assert max(48 - sum(p) for p in lines()) == stored


def test_the_devices_book_is_opened_in_the_first_turns_and_let_go_after_them():
    # As hw.startup gives it (a path, not an open book): kalaha.search.book imported for the first
    # computer sowing, closed and its module let go past the book's turns and at the main menu.
    import sys

    from kalaha.flow.app import App
    from kalaha.flow.screens import MENU
    from kalaha.search.thinking import Thinker

    def sow(thinker, board, level="expert"):
        thinker.start_move(board, level, 1, 0)
        pit = thinker.move(board, level, 1, 0)
        while not pit:
            pit = thinker.move(board, level, 1, 0)
        thinker.thinking = False
        thinker.pit = 0
        board.push(pit)

    forget_book()
    t = Thinker(None, None, 4096)
    t.book_file = FILE
    b = Board()
    sow(t, b)
    assert t.book is not None and "kalaha.search.book" in sys.modules
    opened = t.book
    while b.ply <= 11:
        sow(t, b)
        if b.ply <= 11 and b.store(SOUTH) + b.store(NORTH) <= 13:
            assert t.book is opened  # (opened once for the game)
    sow(t, b)
    assert t.book is None and "kalaha.search.book" not in sys.modules and opened.file.closed
    for rules in ({"pits": 7}, {"seeds": 5}, {"empty_capture": True}):  # (rules no book holds)
        sow(t, Board(**rules), "easy")
        assert t.book is None and "kalaha.search.book" not in sys.modules
    sow(t, Board())
    assert t.book is not None
    app = App()
    app.thinker = t
    app.go(MENU)  # (a game left in its opening)
    assert t.book is None and "kalaha.search.book" not in sys.modules
    t.book_file = "no such file"
    sow(t, Board(), "easy")  # (no book on the drive: the level searches)
    assert t.book is None and t.book_file is None and t.search.nodes > 0
    given = Book()
    t.book = given  # (the host's: given whole, never let go)
    sow(t, b, "easy")
    assert t.book is given


def test_the_hint_in_the_books_turns_is_the_books_best():
    # The game menu's Hint in the first turns: the book's best sowing (a short search preferred S6
    # at the start, which the book values 3 seeds worse), with the final margin where it is exact.
    from kalaha.search import hint
    from kalaha.search.thinking import Thinker

    forget_book()
    t = Thinker(None, None, 4096)
    t.book_file = FILE  # (as the device gives it: opened for the hint too)
    b = Board()
    assert hint.start(t, b) is True and hint.found(t, b) == (3, "best: S3. win by 8")
    assert not t.hinting and t.book is not None
    b.push(3)  # (an extra turn: South again, the book's line goes on)
    assert hint.start(t, b) is True
    pit, words = hint.found(t, b)
    assert pit == 6 and words.startswith("best: S6. ")
    b = Board(seeds=5)  # (rules no book holds: the short search's)
    assert hint.start(t, b) is False
    found = None
    while found is None:
        found = hint.found(t, b)
    assert found[1] == "good move: S%d" % found[0] and t.book is None


def forget_book():
    """kalaha.search.book out of sys.modules, as on a device that has not imported it."""
    from kalaha.compat import forget

    forget("search.book")


@pytest.mark.device  # (MicroPython's VM)
def test_a_probe_reads_once_and_allocates_nothing_in_the_vm():
    script = """
import micropython
from kalaha.rules.board import Board
from kalaha.search.book import Book
book = Book()
b = Board()
b.push(3)
found = [0, 0]
book.move(b, "expert", 1)
micropython.heap_lock()
try:
    found[0] = book.move(b, "expert", 1)
    found[1] = book.move(b, "strong", 1)
finally:
    micropython.heap_unlock()
print(found[0], found[1], book.margin)
"""
    status, out, err = run_vm(script)
    assert status == 0, out + err
    b = Board()
    b.push(3)
    book = Book()
    pit = book.move(b, "expert", 1)
    assert pit and out.split() == [str(pit), str(pit), str(book.margin)]


@pytest.mark.slow
def test_sampled_book_turns_against_the_exact_solver():
    # An independent solver (tools.exact, the device's endgame table at its leaves) values every
    # first sowing of sampled positions of the book that its search made, those with the fewest
    # seeds (the solver's time grows fast with them): the book's pit is never far from the best.
    from tools.exact import COMPILED, Solver
    from tools.quality import exact_values

    if not COMPILED:
        pytest.skip("needs numba")
    table = pytest.importorskip("host.cli_ai").table_path()
    solver = Solver(table)
    book = lines()
    searched = sorted((sum(p), p) for p, line in book.items() if line[34:36] != "ex")
    lost = []
    for _n, pits in searched[:6]:
        b = board_at(pits)
        values = exact_values(b, None, None, solver)
        lost.append(max(values.values()) - values[int(book[pits][13])])
    print("seeds the book's pit loses against exact play:", lost)
    assert max(lost) <= 2 and sum(lost) <= 4, lost
