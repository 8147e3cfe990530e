"""The puzzle set (kalaha/puzzles.txt, made by tools/puzzles.py): every puzzle proven by the exact
solver with an endgame table built here (not the generator's numbers), the file's reader, the
command line `python -m kalaha puzzle`, and the generator's rules on small hand-made cases."""

import json
import os
import subprocess
import sys

import pytest
from oracle import OracleGame, brute_margin
from vm import ROOT

from host import cli_puzzle
from kalaha.flow import puzzles
from kalaha.rules import notation
from kalaha.rules.board import SOUTH, Board

endgame_db = pytest.importorskip("tools.endgame_db")  # (needs numpy)

PATH = os.path.join(ROOT, "kalaha", "puzzles.txt")
TABLE_SEEDS = 10  # a table of its own (1 s to build): the solver searches down to it


def all_puzzles():
    out = []
    with open(PATH, "rb") as f:
        for line in f:
            if line[:1] != b"#" and line.strip():
                out.append(puzzles.parse(line, len(out) + 1))
    return out


PUZZLES = all_puzzles()
COUNT = len(PUZZLES)
TEACHING = 12  # the first puzzles teach the ideas, three each


@pytest.fixture(scope="module")
def table_path(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("puzzles") / "t10.kdb")
    endgame_db.build(path, 6, TABLE_SEEDS)
    return path


@pytest.fixture(scope="module")
def solver(table_path):
    from tools.exact import Solver

    return Solver(table_path, tt_bits=20)


def board_at(puzzle):
    board = Board()
    notation.set_position(board, cli_puzzle.position(puzzle))
    return board


def south_margin(board, solver):
    """South's final margin from `board` with perfect play (the stores once the game is over)."""
    if board.to_move is None:
        return board.store(0) - board.store(1)
    return solver.margin(board)


def sign(v):
    return (v > 0) - (v < 0)


def prove(puzzle, solver):
    """Assert the puzzle's claims from the solver's values: its answer's first sowing the only
    best one, every other at least 2 seeds or a result worse, its margin exact, its turns every
    whole turn of South's that keeps that margin (and no other), each sowing's value exact."""
    board = board_at(puzzle)
    assert board.to_move == SOUTH
    values = {}
    for pit in range(1, 7):
        if board.seeds_in(SOUTH, pit):
            board.push(pit)
            values[pit] = south_margin(board, solver)
            board.pop()
    listed = {k + 1: v for k, v in enumerate(puzzle.values) if v != puzzles.NO_MOVE}
    assert listed == values, puzzle.number
    best = max(values.values())
    answer = puzzle.turns[0][0]
    assert len(values) >= 3 and values[answer] == best == puzzle.margin, puzzle.number  # 3 choices
    for pit, v in values.items():
        if pit != answer:
            assert v <= best - 2 or sign(v) < sign(best), (puzzle.number, pit, v, best)
    # The listed turns are exactly the whole turns that keep the best (an answer is judged by them).
    board.push(answer)
    assert sorted(puzzle.turns) == sorted(best_turns(board, [answer], best, solver)), puzzle.number
    board.pop()


def best_turns(board, line, best, solver):
    """Every whole turn of South's that begins with `line` (already sown on `board`) and keeps
    `best`."""
    if board.to_move != SOUTH:
        return [list(line)] if south_margin(board, solver) == best else []
    out = []
    for pit in [m for m in board.legal_moves() if m]:
        board.push(pit)
        if south_margin(board, solver) == best:
            out += best_turns(board, line + [pit], best, solver)
        board.pop()
    return out


def test_every_puzzle_is_proven_by_the_exact_solver(solver):
    # (about 1 s, and 5 s of numba's compiling where tests/test_exact.py has not compiled it)
    for puzzle in PUZZLES:
        prove(puzzle, solver)


def test_the_proof_can_fail(solver):
    puzzle = PUZZLES[0]
    wrong = puzzles.Puzzle(1, puzzle.cells, puzzle.turns, puzzle.margin + 2, puzzle.values, 0, 0, {})
    with pytest.raises(AssertionError):
        prove(wrong, solver)
    values = list(puzzle.values)
    other = next(k for k, v in enumerate(values) if v != puzzles.NO_MOVE and k + 1 != puzzle.turns[0][0])
    values[other] = puzzle.margin  # another sowing as good: no puzzle
    with pytest.raises(AssertionError):
        prove(puzzles.Puzzle(1, puzzle.cells, puzzle.turns, puzzle.margin, values, 0, 0, {}), solver)
    turns = puzzle.turns + [puzzle.turns[0] + [1]]  # a turn that is not whole
    with pytest.raises(AssertionError):
        prove(puzzles.Puzzle(1, puzzle.cells, turns, puzzle.margin, puzzle.values, 0, 0, {}), solver)
    chain = next(p for p in PUZZLES if len(p.turns) > 1)  # one best turn left out
    with pytest.raises(AssertionError):
        prove(puzzles.Puzzle(1, chain.cells, chain.turns[:1], chain.margin, chain.values, 0, 0, {}), solver)


def later_margins(puzzle, solver):
    """{a try's sowings as digits (54: S5, an extra turn, then S4): South's final margin after
    them} for every sowing that leaves the puzzle's best turns after one of their starts, from
    the solver."""
    board = board_at(puzzle)
    out = {}
    for start in {tuple(t[:k]) for t in puzzle.turns for k in range(1, len(t))}:
        for pit in start:
            board.push(pit)
        assert board.to_move == SOUTH
        for pit in [m for m in board.legal_moves() if m]:
            sown = list(start) + [pit]
            if all(t[: len(sown)] != sown for t in puzzle.turns):
                board.push(pit)
                out[int("".join(str(x) for x in sown))] = south_margin(board, solver)
                board.pop()
        while board.ply:
            board.pop()
    return out


def test_every_later_sowings_margin_is_the_exact_solvers(solver):
    # What a right start with a wrong rest loses ("S5-4 loses 4 seeds"): every such sowing of
    # the set valued, and nothing else (about 1 s).
    longest = 0
    for puzzle in PUZZLES:
        assert puzzle.later == later_margins(puzzle, solver), puzzle.number
        assert all(v < puzzle.margin for v in puzzle.later.values()), puzzle.number
        longest = max([longest] + [len(str(key)) for key in puzzle.later])
    assert sum(bool(p.later) for p in PUZZLES) >= 90 and longest >= 8  # (chains of many extra turns)


def test_the_generator_makes_the_later_field_again_as_the_file_has_it(solver, tmp_path):
    # The set's lines without their last field (as before it was added), every third puzzle whose
    # answer sows again: `python -m tools.puzzles --later` gives the same lines back.
    from tools.puzzles import Exact, add_later, board_of

    with open(PATH) as f:
        lines = [line for line in f if not line.startswith("#")]
    sample = [line for line in lines if line.split()[6] != "-"][::3] + lines[:3]
    old = tmp_path / "old.txt"
    old.write_text("# a header\n" + "".join(" ".join(line.split()[:6]) + "\n" for line in sample))
    out = tmp_path / "new.txt"
    assert add_later(str(old), str(out), Exact(solver)) == len(sample)
    made = out.read_text().splitlines()
    assert [line for line in made if not line.startswith("#")] == [line.rstrip("\n") for line in sample]
    header = [line for line in open(PATH).read().splitlines() if line.startswith("#")]
    assert made[: len(made) - len(sample)] == header
    # A best turn missing from a puzzle's list: its later sowing keeps the best, refused.
    p = next(p for p in PUZZLES if len(p.turns) > 1 and len(p.turns[1]) > 1)
    with pytest.raises(ValueError):
        Exact(solver).later(board_of(p.cells), p.turns[:1], p.margin)


def test_300_or_more_with_no_position_twice_nor_its_mirror():
    assert COUNT >= 300
    keys = set()
    for p in PUZZLES:
        assert sum(p.cells) == 48 and min(p.cells) >= 0
        key = tuple(p.cells)
        mirror = tuple(p.cells[7:14] + p.cells[0:7])  # North's view: the same position, mirrored
        assert key not in keys and mirror not in keys, p.number
        keys.add(key)


def test_the_set_teaches_first_then_goes_from_easy_to_hard():
    themes = [puzzles.THEMES[p.theme] for p in PUZZLES[:TEACHING]]
    assert themes[0:3] == ["extra turn chain"] * 3
    assert themes[3:6] == ["capture"] * 3
    assert set(themes[6:9]) <= {"keep seeds", "starve"}
    assert set(themes[9:12]) <= {"empty the side", "the last seed"}
    grades = [p.grade for p in PUZZLES[TEACHING:]]
    assert grades == sorted(grades)
    assert grades[-1] > grades[0]


def best_turn(board, solver):
    """Play the side to move's whole turn of the best line (the lowest best pit at every step,
    as the generator's line); returns (its pits, seeds it captured)."""
    side = board.to_move
    pits = []
    captured = 0
    while board.to_move == side:
        values = {}
        for pit in [m for m in board.legal_moves() if m]:
            board.push(pit)
            values[pit] = south_margin(board, solver) * (1 if side == SOUTH else -1)
            board.pop()
        best = max(values.values())
        pits.append(min(p for p, v in values.items() if v == best))
        board.push(pits[-1])
        captured += board.last_capture
    return pits, captured


def best_line_south_turn(board, solver):
    """South's next whole turn in the best line, after North's: (pits, seeds captured), or None
    when the game ends first (the board left as it was)."""
    start = board.ply
    best_turn(board, solver)
    south = best_turn(board, solver) if board.to_move == SOUTH else None
    while board.ply > start:
        board.pop()
    return south


def test_each_theme_word_fits_the_answer_or_the_best_line_after_it(solver):
    for p in PUZZLES:
        board = board_at(p)
        captured = 0
        for pit in p.turns[0]:
            board.push(pit)
            captured += board.last_capture
        theme = puzzles.THEMES[p.theme]
        direct = board.to_move is None or captured or len(p.turns[0]) > 1
        if p.number <= TEACHING:
            assert direct or theme not in ("extra turn chain", "capture"), p.number  # in the answer
        if theme == "empty the side":
            assert board.to_move is None, p.number
        elif theme in ("capture", "extra turn chain") and not direct:
            pits, taken = best_line_south_turn(board, solver)
            assert taken if theme == "capture" else len(pits) > 1 and not taken, p.number
        elif theme == "capture":
            assert captured, p.number
        elif theme == "extra turn chain":
            assert len(p.turns[0]) > 1 and not captured, p.number
        else:
            assert not direct, p.number


# ----- the reader (the device's) ----------------------------------------------------------


def test_the_reader_reads_a_line_at_a_time_with_integers_only():
    assert puzzles.count(PATH) == COUNT
    # The file as its header describes it, read here with plain splits.
    rows = [line.split(" ") for line in open(PATH).read().splitlines() if not line.startswith("#")]
    assert len(rows) == COUNT
    longest = max(range(COUNT), key=lambda k: len(" ".join(rows[k])))
    for n in (1, 2, COUNT // 2, COUNT, longest + 1):
        cells, turns, margin, values, theme, grade, later = rows[n - 1]
        p = puzzles.read(n, PATH)
        assert p.cells == [int(x) for x in cells.split(",")]
        assert ["".join(str(x) for x in t) for t in p.turns] == turns.split(",")
        assert (p.margin, p.theme, p.grade) == (int(margin), int(theme), int(grade))
        assert p.values == [puzzles.NO_MOVE if x == "x" else int(x) for x in values.split(",")]
        sowings = [] if later == "-" else [node.split(":") for node in later.split(";")]
        pairs = [(start, pair.split("=")) for start, pairs in sowings for pair in pairs.split(",")]
        assert p.later == {int(start + pit): int(value) for start, (pit, value) in pairs}
    assert puzzles.read(1, PATH).later == {54: 4, 564: 4}  # (S5-4 and S5-6-4 leave a win by 4)
    assert len(" ".join(rows[longest])) + 1 <= puzzles._LINE
    last = puzzles.read(COUNT, PATH)
    assert last.cells == PUZZLES[-1].cells and last.number == COUNT
    assert puzzles.read(COUNT + 1, PATH) is None
    source = open(os.path.join(ROOT, "kalaha", "flow", "puzzles.py")).read()
    for word in ("json", "typing", "dataclass", "float", "import re"):
        assert word not in source
    assert source.startswith('"""') and source.split('"""')[1].count("\n") == 2  # two lines


GOOD_LINE = b"0,0,0,2,0,1,23,0,0,0,1,0,2,19 64,654 4 x,x,x,0,x,4 0 11 6:4=0;65:4=-2"


@pytest.mark.parametrize(
    "line",
    [
        b"1,2,3 36 4 x,1,2,3,4,5 0 1 -",  # too few cells
        b"0,0,0,2,0,1,23,0,0,0,1,0,2,19 64 4 x,x,x,0,x,4 99 11 -",  # no such theme
        b"0,0,0,2,0,1,23,0,0,0,1,0,2,19 67 4 x,x,x,0,x,4 0 11 -",  # pit 7
        b"0,0,0,2,0,1,23,0,0,0,1,0,2,19 64 4 x,x,x,0,x 0 11 -",  # five values
        b"0,0,0,2,0,1,23,0,0,0,1,0,2,19 64 4.5 x,x,x,0,x,4 0 11 -",
        b"0,0,0,2,0,1,23,0,0,0,1,0,2,19 64 4 x,x,x,0,x,4 0 11",  # no later margins
        GOOD_LINE.replace(b"6:4=0", b"6:4"),
        GOOD_LINE.replace(b"6:4=0", b"64=0"),
        GOOD_LINE.replace(b"6:4=0", b"6:4=x"),
        GOOD_LINE + b";",
        GOOD_LINE + b" 1",  # a field too many
        b"",
    ],
)
def test_a_damaged_line_is_refused(line):
    assert puzzles.parse(GOOD_LINE).later == {64: 0, 654: -2}
    with pytest.raises(ValueError):
        puzzles.parse(line)


# ----- the command line ---------------------------------------------------------------------


def run(*args, stdin=""):
    proc = subprocess.run(
        [sys.executable, "-m", "kalaha", "puzzle", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
    )
    return proc.returncode, proc.stdout, proc.stderr


@pytest.mark.parametrize("number", [1, COUNT])
def test_json_prints_the_puzzle(number):
    status, out, _ = run("--json", str(number))
    assert status == 0 and len(out.splitlines()) == 1
    data = json.loads(out)
    p = PUZZLES[number - 1]
    assert data == {
        "number": number,
        "count": COUNT,
        "position": cli_puzzle.position(p),
        "turn": "-".join(str(x) for x in p.turns[0]),
        "margin": p.margin,
        "theme": puzzles.THEMES[p.theme],
    }
    board = notation.from_position(data["position"])  # the --position string the other commands take
    assert board.to_move == SOUTH
    for pit in data["turn"].split("-"):
        assert board.to_move == SOUTH
        board.push(int(pit))
    assert board.to_move != SOUTH


@pytest.mark.parametrize("number", ["0", str(COUNT + 1), "abc", "-1", "1.5", "\u0663", ""])
def test_a_bad_number_is_refused_with_status_2(number):
    for args in ((number,), ("--json", number)):
        status, out, err = run(*args)
        assert status == 2 and out == ""
        assert err.startswith("kalaha: error:") and "1..%d" % COUNT in err


def test_a_missing_or_damaged_file_is_refused_with_status_2(tmp_path):
    status, out, err = run("1", "--file", str(tmp_path / "none.txt"))
    assert status == 2 and out == "" and "no puzzle file" in err
    damaged = tmp_path / "damaged.txt"
    damaged.write_bytes(b"# a comment\n1,2,3 36 4 x,1,2,3,4,5 0 1\n")
    for args in (("1",), ("--json", "1")):
        status, out, err = run(*args, "--file", str(damaged))
        assert status == 2 and out == "" and "damaged" in err


def whole_turn(board, first):
    """A whole turn of South's from `first`, the lowest pit after each extra turn."""
    board.push(first)
    turn = [first]
    while board.to_move == SOUTH:
        pit = next(m for m in board.legal_moves() if m)
        board.push(pit)
        turn.append(pit)
    while board.ply:
        board.pop()
    return "-".join(str(x) for x in turn)


def test_text_mode_shows_the_board_and_takes_the_right_answer():
    p = PUZZLES[0]
    answer = "-".join(str(x) for x in p.turns[0])
    status, out, _ = run("1", stdin=answer + "\n")
    assert status == 0
    assert "Puzzle 1 of %d" % COUNT in out and "South to move:" in out
    assert "North" in out and " S1 " in out  # the board as `play` draws it
    assert "Right!" in out and puzzles.THEMES[p.theme] in out


def test_a_wrong_answer_says_why_and_the_position_comes_back():
    number = next(k + 1 for k, p in enumerate(PUZZLES) if len([v for v in p.values if v != -99]) >= 2)
    p = PUZZLES[number - 1]
    board = board_at(p)
    wrong = next(k + 1 for k, v in enumerate(p.values) if v != puzzles.NO_MOVE and k + 1 != p.turns[0][0])
    right = "-".join(str(x) for x in p.turns[0])
    status, out, _ = run(str(number), stdin="%s\n%s\n" % (whole_turn(board, wrong), right))
    assert status == 0
    wrong_at = out.index("Wrong")
    assert "After pit %d the best South can get is" % wrong in out[wrong_at:]
    assert "Try again." in out and out.index("Right!") > wrong_at


def test_a_right_start_with_a_wrong_rest_says_what_it_leaves(solver):
    # Puzzle 1: S5 sows again, S3 after it is the answer; S4 after it leaves less.
    p = PUZZLES[0]
    board = board_at(p)
    for pit in (5, 4):
        board.push(pit)
    left = cli_puzzle.outcome_text(south_margin(board, solver))
    status, out, _ = run("1", stdin="5-4\n5-3\n")
    assert status == 0
    assert "Pit 5 is the right start, but pit 4 after it is not." in out
    assert "After 5-4 the best South can get is %s; the answer gets a win by 8." % left in out
    assert left == "a win by 4" and "Right!" in out


def test_bad_input_gets_a_message_and_changes_nothing():
    p = next(p for p in PUZZLES if len(p.turns[0]) > 1)  # an answer with an extra turn
    empty = next((k + 1 for k, v in enumerate(p.values) if v == puzzles.NO_MOVE), None)
    answer = "-".join(str(x) for x in p.turns[0])
    lines = ["", "abc", "7", "3--4", str(p.turns[0][0])] + ([str(empty)] if empty else []) + [answer]
    status, out, _ = run(str(p.number), stdin="\n".join(lines) + "\n")
    assert status == 0
    assert out.count("not a turn") >= 4
    assert "the turn goes on" in out
    if empty:
        assert "is empty" in out
    assert "Right!" in out and "Wrong" not in out


def test_a_wrong_turn_gets_norths_best_reply_from_the_table(table_path, solver):
    from host.cli_puzzle import north_reply
    from kalaha.search.endgame import EndgameTable

    table = EndgameTable(table_path).verify_all()
    shown = 0
    for p in PUZZLES:
        board = board_at(p)
        for k, v in enumerate(p.values):
            if v == puzzles.NO_MOVE or k + 1 == p.turns[0][0]:
                continue
            board.push(k + 1)
            while board.to_move == SOUTH:
                board.push(next(m for m in board.legal_moves() if m))
            reply = north_reply(board, table)
            if board.to_move is None or not table.applies(board):
                assert reply is None
            else:
                pits, margin = reply
                assert margin == south_margin(board, solver)  # (North plays its best)
                start = board.ply
                for pit in pits:
                    assert board.to_move != SOUTH
                    board.push(pit)
                assert board.to_move != 1 and south_margin(board, solver) == margin
                while board.ply > start:
                    board.pop()
                shown += 1
            while board.ply:
                board.pop()
    assert shown > 20
    table.close()


def test_without_an_answer_the_puzzle_stays_open_and_s_shows_it():
    status, out, _ = run("2")
    assert status == 0 and "still open" in out
    status, out, _ = run("2", stdin="s\n")
    assert "The answer: %s" % "-".join(str(x) for x in PUZZLES[1].turns[0]) in out


# ----- the generator's rules ----------------------------------------------------------------


def test_the_rule_one_best_sowing_every_other_2_seeds_or_a_result_worse():
    from tools.puzzles import verdict

    assert verdict({1: 4, 3: 2, 5: -6}) == 1
    assert verdict({1: 4, 2: 4}) is None  # two equally good sowings
    assert verdict({1: 4, 2: 3}) is None  # one seed worse, the same result
    assert verdict({1: 1, 2: 0}) == 1  # a win turned into a draw
    assert verdict({1: 0, 2: -1}) == 1  # a draw turned into a loss
    assert verdict({4: 6}) is None  # one sowing: no choice
    assert verdict({}) is None


HAND_MADE = [
    # two sowings that come to the same: North's last seed ends the game either way
    (1, 0, 1, 0, 0, 0, 22, 0, 0, 0, 0, 0, 1, 23),
    # the pit 6 extra turn then the capture, or the capture at once: the same five seeds
    (1, 0, 0, 0, 0, 1, 20, 0, 0, 0, 0, 3, 0, 23),
    (0, 2, 0, 1, 0, 1, 20, 1, 0, 2, 0, 0, 1, 20),  # two draws
    (2, 0, 1, 0, 1, 0, 21, 0, 1, 0, 2, 0, 1, 19),  # a puzzle
    (1, 1, 0, 0, 1, 0, 21, 0, 2, 0, 0, 1, 0, 21),  # a puzzle
    (0, 1, 0, 1, 0, 1, 21, 2, 0, 0, 1, 0, 0, 21),  # two wins by 2 of three sowings
    (0, 0, 3, 0, 0, 1, 22, 1, 1, 0, 0, 1, 0, 19),  # one best, but of two sowings only
    (0, 0, 0, 0, 2, 2, 15, 1, 0, 0, 2, 1, 0, 25),  # decided: North has more than half
]


def expected(cells):
    """The generator's rule on brute force's values: (a puzzle?, the values)."""
    g = OracleGame()
    g.rows = [list(cells[0:6]), list(cells[7:13])]
    g.stores = [cells[6], cells[13]]
    values = {pit: brute_margin(g.play(pit))[0] for pit in g.moves()}
    best = max(values.values())
    tops = [p for p, v in values.items() if v == best]
    others_ok = all(v <= best - 2 or sign(v) < sign(best) for p, v in values.items() if p not in tops)
    decided = 2 * max(cells[6], cells[13]) > 48
    return len(values) >= 3 and len(tops) == 1 and others_ok and best >= 0 and not decided, values


@pytest.mark.parametrize("cells", HAND_MADE)
def test_the_generator_keeps_a_position_as_brute_force_says(cells, solver):
    from kalaha.search.ai import Search
    from tools.puzzles import Exact, line_of, make_puzzle

    expect, values = expected(cells)
    made = make_puzzle(cells, Exact(solver), Search(tt_bits=12))
    assert (made is not None) == expect, (values, made)
    if made is not None:
        best = max(values.values())
        assert made["margin"] == best and values[made["turns"][0][0]] == best
        line = puzzles.parse(line_of(made).encode())
        assert line.cells == list(cells) and line.margin == best


def test_the_hand_made_cases_hold_both_kinds():
    # (the test above would pass on a generator that refuses everything: some must be puzzles)
    assert {expected(cells)[0] for cells in HAND_MADE} == {True, False}
