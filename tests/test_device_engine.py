"""The engine in MicroPython's VM (the device's compiler and VM); every device file through mpy-cross."""

import ast
import os
import random

import pytest
from vm import ROOT, run_vm

from kalaha import Board
from kalaha.rules import notation
from kalaha.rules.perft import perft
from tools import mpycross
from tools.manifest import device_files

pytestmark = pytest.mark.device  # (the VM, the emulator or a browser: make test, not make check)

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
from kalaha.rules import notation
from kalaha.rules.board import Board
from kalaha.rules.perft import perft
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


def test_engine_in_the_vm_matches_cpython():
    games = random_records(120, 7)
    status, out, err = run_vm(VM_SCRIPT % (games,))
    assert status == 0, err
    lines = out.strip().splitlines()
    expected = [summary(notation.from_record(record, **rules)) for rules, record in games]
    assert lines[:-1] == expected
    assert lines[-1] == "perft %r" % ([perft(Board(), d) for d in range(1, 6)],)


HEAP_SCRIPT = """
import gc, micropython
from kalaha.rules import notation
from kalaha.rules.board import Board
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


def test_push_and_pop_allocate_nothing_in_the_vm():
    status, out, err = run_vm(HEAP_SCRIPT)
    assert status == 0, err
    word, n, n2, grew, record = out.strip().split(" ", 4)
    assert word == "lines" and int(n) == int(n2) > 100
    assert int(grew) == 0, "push/pop allocated %s bytes" % grew
    assert record == "3-6 2-1"


def test_the_allocation_checks_can_fail():
    # The proofs above are only worth something if an allocation would show.
    script = (
        "import gc, micropython\n"
        "def f(x):\n    return [x, 2, 3]\n"
        "gc.collect()\ngc.disable()\n"
        "before = gc.mem_alloc()\nf(1)\ngrew = gc.mem_alloc() - before\n"
        "def locked():\n"  # (in a function: a new global under the lock would grow the globals)
        "    micropython.heap_lock()\n"
        "    try:\n        y = [1, 2]\n        caught = False\n"
        "    except MemoryError:\n        caught = True\n"
        "    micropython.heap_unlock()\n"
        "    return caught\n"
        "print(grew, locked())\n"
    )
    status, out, err = run_vm(script)
    assert status == 0, err
    grew, caught = out.split()
    assert int(grew) > 0 and caught == "True"


@pytest.mark.parametrize("rel", device_files())
def test_every_device_file_compiles_to_circuitpythons_mpy(rel, tmp_path):
    # (code.py too, which the drive keeps as source)
    target = str(tmp_path / "out.mpy")
    mpycross.compile_mpy(os.path.join(ROOT, rel), target, name=rel)
    with open(target, "rb") as f:
        header = f.read(4)
    # CircuitPython's .mpy: "C", format 6 (MicroPython's "M" is refused on the device), bytecode
    # only (no machine code: stock firmware has no native code enabled).
    assert header[:2] == b"C\x06"
    assert header[2] == 0 and header[3] == 31  # (no architecture; 31-bit small ints, as the RP2040's)


def test_mpy_cross_gate_rejects_cpython_only_syntax(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("match x:\n    case 1:\n        pass\n")
    with pytest.raises(RuntimeError, match="mpy-cross failed"):
        mpycross.compile_mpy(str(bad), str(tmp_path / "bad.mpy"))


VM_IMPORTS = """
import sys
sys.path.append(%(standins)r)
import cpdriver
cpdriver.NVM_PATH[0] = "/tmp/nvm.bin"
for name in %(modules)r:
    __import__(name)
    print("imported", name, sys.modules[name].__file__)
"""


def test_every_drive_module_loads_in_the_vm(tmp_path):
    # The drive's .mpy files (CircuitPython's first byte, turned to MicroPython's as the VM's
    # files are written: tools/mpvm.mjs) import in MicroPython's VM, hardware modules stood in.
    from tools import build, micropython

    drive = tmp_path / "drive"
    build.put_code(str(drive))
    build.put_libraries(str(drive))
    modules = [
        rel[:-3].replace("/", ".").replace(".__init__", "") for rel in device_files() if rel != "code.py"
    ]
    assert all(os.path.exists(drive / (rel[:-3] + ".mpy")) for rel in device_files() if rel != "code.py")
    script = VM_IMPORTS % {"standins": "/standins", "modules": modules}
    status, out, err = run_vm(
        script,
        path=("/drive", "/drive/lib"),
        copy=[(str(drive), "/drive"), (micropython.STANDINS, "/standins")],
    )
    assert status == 0, err
    files = dict(line.split()[1:] for line in out.splitlines() if line.startswith("imported"))
    assert sorted(files) == sorted(modules)
    assert all(path.endswith(".mpy") for path in files.values()), files


def test_manifest_lists_the_engine_but_not_host_tools():
    files = device_files()
    assert "kalaha/rules/board.py" in files and "kalaha/cli.py" not in files
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
