"""The engine in CircuitPython's own interpreter (9.x, 10.x); every device file through its mpy-cross."""

import ast
import os
import random

import pytest
from cpy import ROOT, VERSIONS, require_circuitpython, run_cp

from kalaha import Board, notation
from kalaha.perft import perft
from tools import circuitpython
from tools.manifest import device_files

pytestmark = (
    pytest.mark.device
)  # (CircuitPython's tools, the emulator or a browser: make test, not make check)

RULESETS = [
    dict(),
    dict(empty_capture=True),
    dict(alga=True),
    dict(swap=True, seeds=3),
    dict(pits=4, seeds=5, empty_capture=True, alga=True),
    dict(pits=5, seeds=6),
]


def random_records(count, seed):
    rng = random.Random(seed)
    out = []
    for k in range(count):
        rules = RULESETS[k % len(RULESETS)]
        board = Board(**rules)
        while board.to_move is not None:
            board.push(rng.choice(list(board.legal_moves())))
        out.append((rules, notation.record(board)))
    return out


def summary(board):
    o = board.outcome()
    text = (notation.position(board), notation.record(board), o.result() if o else "-", board.ply)
    return "%s|%s|%s|%s" % text


VM_SCRIPT = """
from kalaha import notation
from kalaha.board import Board
from kalaha.perft import perft
GAMES = %r
for rules, record in GAMES:
    b = Board(**rules)
    notation.push_record(b, record)
    o = b.outcome()
    print("%%s|%%s|%%s|%%s" %% (notation.position(b), notation.record(b), o.result() if o else "-", b.ply))
    while b.ply:
        b.pop()
    assert notation.position(b) == notation.position(Board(**rules))
print("perft", [perft(Board(), d) for d in range(1, 6)])
"""


@pytest.mark.parametrize("version", VERSIONS)
def test_engine_in_circuitpython_matches_cpython(tmp_path, version):
    games = random_records(120, 7)
    status, out, err = run_cp(VM_SCRIPT % (games,), tmp_path, version=version)
    assert status == 0, err
    lines = out.strip().splitlines()
    expected = [summary(notation.from_record(record, **rules)) for rules, record in games]
    assert lines[:-1] == expected
    assert lines[-1] == "perft %r" % ([perft(Board(), d) for d in range(1, 6)],)


HEAP_SCRIPT = """
import gc, micropython
from kalaha import notation
from kalaha.board import Board
b = Board()
notation.push_record(b, "3-6 2-1")
def walk(b, depth):
    # push/pop every line to `depth` plies.
    if depth == 0 or b.over:
        return 1
    n = 0
    base = 0 if b.turn == 0 else b.pits + 1
    for k in range(base, base + b.pits):
        if b.cells[k]:
            b.push_index(k)
            n += walk(b, depth - 1)
            b.pop_index()
    return n
# Two proofs: the heap allocation counter does not move (gc off), and the same walk
# runs with the heap locked (an allocation would raise MemoryError). The locked run
# stores its result in a list made beforehand instead of a new global.
out = [0, 0, 0]
def measure():
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    out[0] = walk(b, 5)
    out[2] = gc.mem_alloc() - before
    micropython.heap_lock()
    out[1] = walk(b, 5)
    micropython.heap_unlock()
    gc.enable()
measure()
print("lines", out[0], out[1], out[2], notation.record(b))
"""


@pytest.mark.parametrize("version", VERSIONS)
def test_push_and_pop_allocate_nothing_in_circuitpython(tmp_path, version):
    status, out, err = run_cp(HEAP_SCRIPT, tmp_path, version=version)
    assert status == 0, err
    word, n, n2, grew, record = out.strip().split(" ", 4)
    assert word == "lines" and int(n) == int(n2) > 100
    assert int(grew) == 0, "push/pop allocated %s bytes" % grew
    assert record == "3-6 2-1"


def test_the_allocation_checks_can_fail(tmp_path):
    # The proofs above are only worth something if an allocation would show.
    script = (
        "import gc, micropython\n"
        "def f(x):\n    return [x, 2, 3]\n"
        "gc.collect()\ngc.disable()\n"
        "before = gc.mem_alloc()\nf(1)\ngrew = gc.mem_alloc() - before\n"
        "micropython.heap_lock()\n"
        "try:\n    y = [1, 2]\n    caught = False\n"
        "except MemoryError:\n    caught = True\n"
        "micropython.heap_unlock()\n"
        "print(grew, caught)\n"
    )
    status, out, err = run_cp(script, tmp_path)
    assert status == 0, err
    grew, caught = out.split()
    assert int(grew) > 0 and caught == "True"


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("rel", device_files())
def test_every_device_file_compiles_with_circuitpythons_mpy_cross(rel, version, tmp_path):
    # As the build puts it on the drive (a machine-code module: for the RP2040, and its twin)
    require_circuitpython(version)
    from tools import build
    from tools.manifest import MACHINE_CODE

    if rel in MACHINE_CODE:
        build.put_module(rel, version, True, root=str(tmp_path))
    else:  # (code.py too, which the drive keeps as source)
        circuitpython.compile_mpy(os.path.join(ROOT, rel), str(tmp_path / "out.mpy"), version)
    made = [os.path.join(base, n) for base, _dirs, names in os.walk(tmp_path) for n in names]
    assert made and all(path.endswith(".mpy") for path in made), made
    for path in made:
        with open(path, "rb") as f:
            header = f.read(4)
        # CircuitPython's .mpy: magic "C", version 6 (MicroPython's start with "M": refused on the device).
        assert header[:2] == b"C\x06"


def test_mpy_cross_gate_rejects_cpython_only_syntax(tmp_path):
    require_circuitpython()
    bad = tmp_path / "bad.py"
    bad.write_text("match x:\n    case 1:\n        pass\n")
    with pytest.raises(RuntimeError, match="mpy-cross failed"):
        circuitpython.compile_mpy(str(bad), str(tmp_path / "bad.mpy"))


def test_bytecode_loads_in_both_interpreters(tmp_path):
    # The .mpy a 10.x build ships imports in 9.x too (and the other way round): one header.
    for made, runs in (("10", "9"), ("9", "10")):
        require_circuitpython(made)
        folder = tmp_path / ("made_by_" + made)
        (folder / "kalaha").mkdir(parents=True)
        for rel in ("kalaha/__init__.py", "kalaha/board.py", "kalaha/compat.py", "kalaha/perft.py"):
            circuitpython.compile_mpy(os.path.join(ROOT, rel), str(folder / rel).replace(".py", ".mpy"), made)
        status, out, err = run_cp(
            "from kalaha.board import Board\nfrom kalaha.perft import perft\nprint(perft(Board(), 4))\n",
            tmp_path,
            path=(str(folder),),
            version=runs,
        )
        assert status == 0, err
        assert int(out) == perft(Board(), 4)


def test_manifest_lists_the_engine_but_not_host_tools():
    files = device_files()
    assert "kalaha/board.py" in files and "kalaha/cli.py" not in files
    assert not any(rel.startswith("host/") for rel in files)


def float_uses(source):
    """Line numbers where `source` uses floats: true division, a float literal, float()."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.BinOp, ast.AugAssign)) and isinstance(node.op, ast.Div):
            out.append(node.lineno)
        elif isinstance(node, ast.Constant) and isinstance(node.value, float):
            out.append(node.lineno)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "float":
            out.append(node.lineno)
    return sorted(out)


@pytest.mark.parametrize("rel", [rel for rel in device_files() if rel.startswith("kalaha/")])
def test_the_device_logic_is_integer_only(rel):
    # The RP2040 has no FPU: the engine, AI and app flow use integers (host/cli_ai.py and
    # host/match.py, host-only, measure in floats and never go on the device).
    with open(os.path.join(ROOT, rel)) as f:
        assert float_uses(f.read()) == [], rel


def test_the_integer_gate_finds_floats():
    assert float_uses("a = 7 // 2\nb = a * 3\n") == []
    assert float_uses("a = 7 / 2\nb = 0.5\nc = float(a)\nc /= 2\n") == [1, 2, 3, 4]
