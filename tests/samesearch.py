"""The search's cases for proving it the same search everywhere (tests/test_samesearch.py):
positions from random games under every rule option, with and without an endgame table, searched
with the levels' settings, budgets that stop mid-iteration and slices of 1 node to a million.

samesearch.txt holds each case and its result as the search before issue 34 (kalaha/search/ai.py in
pure Python, commit 53f4c95) gave it: `python tests/samesearch.py --write` remakes it with the
search of the checkout it runs in. tests/samesearch_run.py runs the cases in any interpreter.
"""

import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "samesearch.txt")
TABLE_SEEDS = 8  # the small tables' seeds: built in a second by tools.endgame_db
SLICES = (1, 2, 3, 4, 5, 6, 7, 8, 13, 16, 31, 64, 97, 256, 1 << 20)
# (turn_depth, depth, nodes, noise, stop_early): the levels' settings and plainer ones, with
# budgets small enough that many searches stop mid-iteration.
SETTINGS = (
    ("H", 60, 650, 0, 0),  # Strong
    ("H", 60, 1400, 0, 0),  # Strong near the endgame table
    ("H", 60, 4000, 0, 1),  # Expert (a smaller budget)
    ("T", 4, 3000, 4, 0),  # Medium
    ("T", 1, 400, 3, 0),  # Easy
    ("F", 60, 2000, 0, 0),
    ("F", 7, 100000, 0, 0),
    ("H", 60, 300, 0, 1),
    ("T", 60, 1200, 0, 0),
)


def table_name(pits, empty_capture, alga):
    return "%d-%d-%d-%d" % (pits, empty_capture, alga, TABLE_SEEDS)


def make_cases(seed=34):
    """The cases' lines (rules | record | table | options), deterministic."""
    from kalaha import Board
    from kalaha.rules import notation

    rng = random.Random(seed)
    cases = []
    games = [(pits, seeds, t) for pits in (2, 3, 4, 5, 6) for seeds in (3, 4, 5, 6) for t in (0, 1)]
    games += [(6, 4, t) for t in (0, 1, 0, 1)]  # the device's game: more of its middle games
    for pits, seeds, with_table in games:
        empty_capture, alga, swap = rng.randrange(2), rng.randrange(2), rng.randrange(2)
        rules = dict(pits=pits, seeds=seeds, empty_capture=empty_capture, alga=alga, swap=swap)
        board = Board(**rules)
        positions = []
        while board.to_move is not None:
            positions.append(notation.record(board))
            board.push(rng.choice(list(board.legal_moves())))
        # Eight positions from the game, its end (few seeds: the table's) included.
        step = max(1, len(positions) // 8)
        picked = positions[::step][-8:] if len(positions) > 8 else positions
        table = table_name(pits, empty_capture, alga) if with_table else "-"
        head = "%d %d %d %d %d" % (pits, seeds, empty_capture, alga, swap)
        for record in picked:
            for _ in range(2):
                td, depth, nodes, noise, stop_early = rng.choice(SETTINGS)
                plies = rng.choice((32, 200))
                slice_nodes = rng.choice(SLICES)
                stop_after = rng.choice((0, 0, 0, 1, 2, 5, 40))
                clear = rng.randrange(2)
                exact = 0
                if rng.randrange(8) == 0 and in_pits(notation.from_record(record, **rules)) <= 10:
                    exact, plies, stop_after = 1, 200, 0  # the solver
                options = "%s %d %d %d %d %d %d %d %d %d %d" % (
                    td,
                    plies,
                    depth,
                    nodes,
                    noise,
                    rng.randrange(1000),
                    stop_early,
                    exact,
                    slice_nodes,
                    stop_after,
                    clear,
                )
                cases.append("%s | %s | %s | %s" % (head, record, table, options))
    return cases


def in_pits(board):
    return board.total - board.store(0) - board.store(1)


def tables_needed(cases):
    return sorted({line.split("|")[2].strip() for line in cases} - {"-"})


def build_tables(folder, names):
    from tools import endgame_db

    for name in names:
        path = os.path.join(folder, name + ".kdb")
        if not os.path.exists(path):
            pits, empty_capture, alga, seeds = (int(x) for x in name.split("-"))
            endgame_db.build(path, pits, seeds, empty_capture == 1, alga == 1)


def read_golden():
    """[(case, result)] from samesearch.txt."""
    out = []
    with open(GOLDEN) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                case, _, result = line.partition(" => ")
                out.append((case.strip(), result.strip()))
    return out


def write_golden():
    import io
    import tempfile
    from contextlib import redirect_stdout

    import samesearch_run

    cases = make_cases()
    with tempfile.TemporaryDirectory() as tmp:
        build_tables(tmp, tables_needed(cases))
        path = os.path.join(tmp, "cases.txt")
        with open(path, "w") as f:
            f.write("\n".join(cases) + "\n")
        out = io.StringIO()
        with redirect_stdout(out):
            samesearch_run.main(path, tmp)
    results = out.getvalue().split("\n")
    with open(GOLDEN, "w") as f:
        f.write("# rules (pits seeds empty_capture alga swap) | record | table | options (turn_depth\n")
        f.write("# plies depth nodes noise seed stop_early exact slice stop_after clear) => pit score\n")
        f.write("# depth nodes done line (tests/samesearch.py; made by the search before issue 34)\n")
        for case, result in zip(cases, results, strict=False):
            f.write("%s => %s\n" % (case, result))
    return len(cases)


if __name__ == "__main__":
    sys.path[:0] = [os.path.dirname(HERE), HERE]
    if sys.argv[1:] == ["--write"]:
        print("%d cases written to %s" % (write_golden(), GOLDEN))
