"""tools.exact, the compiled solver used to score moves with many seeds: the same margins as
host.analysis.solve (runs as plain Python where numba is not installed)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host.analysis import solve
from kalaha.rules.board import Board
from kalaha.search.endgame import EndgameTable
from tools import endgame_db
from tools.exact import Solver

TABLE_SEEDS = 6


@pytest.fixture(scope="module")
def table_path(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("exact") / "t6.kdb")
    endgame_db.build(path, 6, TABLE_SEEDS)
    return path


@pytest.fixture(scope="module")
def solvers(table_path):
    return Solver(table_path, tt_bits=12), EndgameTable(table_path).verify_all()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seeds=st.integers(1, 2), choices=st.lists(st.integers(0, 5), max_size=60))
def test_the_compiled_solver_agrees_with_solve(solvers, seeds, choices):
    fast, table = solvers
    b = Board(seeds=seeds)
    for k in choices:
        if b.to_move is None:
            break
        moves = [m for m in b.legal_moves() if m]
        b.push(moves[k % len(moves)])
    # Positions above the table's limit (searched), at or below it (read from the table), and
    # finished games (the stores).
    if b.to_move is None:
        expected = b.cells[b.store_index(0)] - b.cells[b.store_index(1)]
    else:
        expected = solve(b, table=table)
    assert fast.margin(b) == expected


def test_a_table_for_other_rules_is_refused(tmp_path):
    path = str(tmp_path / "t.kdb")
    endgame_db.build(path, 4, 4)
    with pytest.raises(ValueError, match="6-pit"):
        Solver(path)
