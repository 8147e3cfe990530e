"""The search is the same search everywhere: CPython and MicroPython's VM (the device's bytecode)
give every case of tests/samesearch.py the result the pure-Python search gave before the inner
loop became kalaha.search.searchcore (samesearch.txt): best pit, score, depth, nodes, line."""

import functools
import io
import os

import pytest
import samesearch
import samesearch_run

from host import cli
from tools import build, micropython

pytestmark = pytest.mark.device  # (the VM, the emulator or a browser: make test, not make check)

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
from kalaha.rules.board import Board
from kalaha.search.endgame import open_table
from kalaha.rules.notation import push_record
table = open_table(%r)[0].verify_all()
for record in %r:
    for level in ("strong", "expert"):
        board = Board()
        push_record(board, record)
        print("-".join(str(p) for p in device_turn(device_player(table), board, level, 1)[0]))
"""
LEVEL_TABLE = "6-0-0-8.kdb"  # (one of the cases' tables: the default rules, up to 8 seeds)


@functools.cache
def host_turns(tables):
    """The command line's `move` at the levels of LEVEL_TURNS (once each)."""
    turns = []
    for record in LEVEL_RECORDS:
        for level in ("strong", "expert"):
            out = io.StringIO()
            table = os.path.join(tables, LEVEL_TABLE)
            argv = ["move", record, "--level", level, "--table", table]
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


def test_the_vm_searches_every_case_as_before_allocating_nothing(cases, tmp_path):
    # The drive's modules as the build makes them (.mpy), the heap locked while the search steps:
    # any allocation raises. The device's whole turns are the command line's `move`.
    golden, path, tables = cases
    drive = str(tmp_path / "drive")
    build.put_code(drive)
    # (and the host's pieces the cases read with: the device's drive holds neither)
    copy = [(drive, "/drive"), (os.path.join(HERE, "samesearch_run.py"), "/drive/samesearch_run.py")]
    copy += [(os.path.join(ROOT, rel), "/drive/" + rel) for rel in ("host/__init__.py", "host/analysis.py")]
    copy += [(os.path.join(ROOT, "kalaha", "rules", "notation.py"), "/drive/kalaha/rules/notation.py")]
    copy += [(tables, tables), (path, path)]
    script = LEVEL_TURNS % (os.path.join(tables, LEVEL_TABLE), LEVEL_RECORDS)
    status, out, err = micropython.run(script, path=("/drive",), copy=copy, cwd="/drive")
    assert status == 0, err[-2000:]
    assert tuple(out.split()) == host_turns(tables)
    script = "import samesearch_run\nsamesearch_run.main(%r, %r, True)\n" % (path, tables)
    status, out, err = micropython.run(script, path=("/drive",), copy=copy, cwd="/drive")
    assert status == 0, err[-2000:]
    assert differences(golden, out) == []
