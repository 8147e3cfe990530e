"""The search is the same search everywhere: CPython, CircuitPython's bytecode and its machine code
(viper) give every case of tests/samesearch.py the result the pure-Python search gave before
the inner loop became kalaha.searchcore (samesearch.txt): best pit, score, depth, nodes, line."""

import functools
import io
import os
import shutil

import pytest
import samesearch
import samesearch_run

from host import cli
from tools import build, circuitpython

pytestmark = (
    pytest.mark.device
)  # (CircuitPython's tools, the emulator or a browser: make test, not make check)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


@pytest.fixture(scope="module")
def cases(tmp_path_factory):
    """(golden [(case, result)], cases file, tables folder): the tables built once."""
    folder = tmp_path_factory.mktemp("samesearch")
    golden = samesearch.read_golden()
    lines = [case for case, _result in golden]
    samesearch.build_tables(str(folder), samesearch.tables_needed(lines))
    path = folder / "cases.txt"
    path.write_text("\n".join(lines) + "\n")
    return golden, str(path), str(folder)


# Whole turns at the levels that search: positions after these records (an opening, a middle game).
LEVEL_RECORDS = ("", "2 3-1", "6 4 4 2-1-2 1 6", "5 3-1 2 6 5-3 3 2 1 5 2 1-4 3 3")
LEVEL_TURNS = """
from host.analysis import device_player, device_turn
from kalaha.board import Board
from kalaha.endgame import open_table
from kalaha.notation import push_record
table = open_table(%r)[0].verify_all()
for record in %r:
    for level in ("strong", "expert"):
        board = Board()
        push_record(board, record)
        print("-".join(str(p) for p in device_turn(device_player(table), board, level, 1)[0]))
"""
LEVEL_TABLE = "6-0-0-8.kdb"  # (one of the cases' tables: the default rules, up to 8 seeds)


@functools.cache
def host_turns(firmware, tables):
    """The command line's `move` at the levels of LEVEL_TURNS, for `firmware` (once each)."""
    turns = []
    for record in LEVEL_RECORDS:
        for level in ("strong", "expert"):
            out = io.StringIO()
            table = os.path.join(tables, LEVEL_TABLE)
            argv = ["move", record, "--level", level, "--firmware", firmware, "--table", table]
            assert cli.main(argv, out) == 0
            turns.append(out.getvalue().strip())
    return tuple(turns)


def differences(golden, printed):
    results = printed.strip().split("\n")
    assert len(results) == len(golden), printed[-2000:]
    return [(case, want, got) for (case, want), got in zip(golden, results, strict=True) if want != got]


def test_the_golden_cases_are_the_cases_samesearch_makes():
    # (the file holds every case the generator makes, in order: none dropped or edited by hand)
    assert [case for case, _ in samesearch.read_golden()] == samesearch.make_cases()


def test_cpython_searches_every_case_as_before(cases, capsys):
    golden, path, tables = cases
    samesearch_run.main(path, tables)
    assert differences(golden, capsys.readouterr().out) == []


@pytest.mark.parametrize(
    "version, arch, code",
    [
        ("10", "x86", "machine code"),
        ("10", None, "bytecode"),
        ("9", None, "bytecode"),
        ("9", "x86", "machine code"),
    ],
)
def test_circuitpython_searches_every_case_as_before_allocating_nothing(cases, tmp_path, version, arch, code):
    # The drive's modules as the build makes them (machine code for the unix port's x86, or only
    # the bytecode twin), the heap locked while the search steps: any allocation raises.
    golden, path, tables = cases
    try:
        drive = str(tmp_path / "drive")
        build.put_code(drive, version, compiled=True, arch=arch)
    except circuitpython.Missing as e:
        pytest.skip(str(e))
    shutil.copy(os.path.join(HERE, "samesearch_run.py"), drive)
    # (run in the drive: the checkout's own kalaha/ sources must not be found instead)
    status, out, err = circuitpython.run(
        None, path=(".",), cwd=drive, version=version, args=("-c", "import kalaha.ai; print(kalaha.ai.CODE)")
    )
    assert status == 0 and out.strip() == code, err
    # The levels play with the budgets of the code that runs (kalaha.ai.play_as): the device's
    # whole turns are the command line's `move` for that firmware (ours: machine code).
    # (and the host's pieces the cases read with: the device's drive holds neither)
    os.makedirs(os.path.join(drive, "host"))
    for rel in ("host/__init__.py", "host/analysis.py", "kalaha/notation.py"):
        shutil.copy(os.path.join(ROOT, rel), os.path.join(drive, rel))
    status, out, err = circuitpython.run(
        None,
        path=(".",),
        cwd=drive,
        version=version,
        args=("-c", LEVEL_TURNS % (os.path.join(tables, LEVEL_TABLE), LEVEL_RECORDS)),
    )
    assert status == 0, err[-2000:]
    firmware = "ours" if code == "machine code" else "stock"
    assert tuple(out.split()) == host_turns(firmware, tables)
    # (and the two firmwares' budgets differ: each firmware is asked for its own)
    assert host_turns("ours", tables) != host_turns("stock", tables)
    status, out, err = circuitpython.run(
        "samesearch_run.py", path=(".",), cwd=drive, version=version, args=(path, tables, "lock")
    )
    assert status == 0, err[-2000:]
    assert differences(golden, out) == []
