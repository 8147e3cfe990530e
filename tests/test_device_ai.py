"""The search in MicroPython's VM (the device's compiler and VM): same answers as CPython, and no
allocation per node."""

import pytest
from vm import run_vm

from kalaha.rules import notation
from kalaha.search.ai import Search

pytestmark = pytest.mark.device  # (the VM, the emulator or a browser: make test, not make check)

POSITIONS = ["", "3-6 2-1", "6 2-1 3-6-5 2 6-2 6", "6 2-1 3-6-5 2 6-2 6 5-6-2 5 3-6-2 6-3"]

SCRIPT = """
import gc, micropython
from kalaha.rules import notation
from kalaha.rules.board import Board
from kalaha.search.ai import Search
POSITIONS = %r
search = Search()
out = [0, 0, 0]
def run(board):
    # Allocation proof: start() may allocate, the node loop may not.
    search.clear_table()
    search.start(board, depth=60, nodes=3000)
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    while not search.step(97):
        pass
    out[0] = gc.mem_alloc() - before
    gc.enable()
    # The same search again with the heap locked: an allocation would stop it.
    search.clear_table()
    search.start(board, depth=60, nodes=3000)
    micropython.heap_lock()
    while not search.step(97):
        pass
    micropython.heap_unlock()
    out[1] = search.nodes
for record in POSITIONS:
    run(notation.from_record(record))
    s = search
    print("record=" + record, "|", s.best_pit, s.depth_done, s.nodes, s.score, out[0], out[1])
"""


def test_search_in_the_vm_allocates_nothing_and_agrees_with_cpython():
    status, out, err = run_vm(SCRIPT % (POSITIONS,))
    assert status == 0, err
    lines = out.strip().splitlines()
    assert len(lines) == len(POSITIONS)
    search = Search()
    for record, line in zip(POSITIONS, lines):
        got_record, _, numbers = line.partition(" | ")
        pit, depth, nodes, score, grew, locked_nodes = map(int, numbers.split())
        assert got_record == "record=" + record
        assert grew == 0, "the search allocated %d bytes in the VM" % grew
        assert locked_nodes == nodes
        search.clear_table()
        search.start(notation.from_record(record), depth=60, nodes=3000)
        while not search.step(97):
            pass
        assert (search.best_pit, search.depth_done, search.nodes, search.score) == (pit, depth, nodes, score)
