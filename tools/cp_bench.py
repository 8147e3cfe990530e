"""The search benchmark that runs inside CircuitPython's interpreter (tools/devicetime.py runs it).

Not for the device. `cp_bench.py all` times everything with ticks_ms and prints one JSON object
per line; `cp_bench.py calib N`, `search NAME BUDGET`, `level NAME` and `none` each do one piece
of work, so an instruction counter can tell the pieces apart.
"""

import sys

from kalaha import notation
from kalaha.ai import LEVEL_NAMES, Search, start_level
from kalaha.board import Board

try:
    from time import ticks_diff, ticks_ms
except ImportError:  # CPython
    import time

    def ticks_ms():
        return time.perf_counter_ns() // 1000000

    def ticks_diff(a, b):
        return a - b


POSITIONS = (
    ("opening", ""),
    ("middle", "6 2-1 3-6-5 2 6-2 6"),
    ("endgame", "6 2-1 3-6-5 2 6-2 6 5-6-2 5 3-6-2 6-3"),
)
BUDGETS = (2000, 10000)
REPEATS = 3  # wall-clock runs keep the fastest: the shared machine has slow spells


def add_test(p):
    """The published calibration loop: p = [1000000, 12345678, 56781234] takes 9,577 ms on an RP2040."""
    for i in range(p[0]):  # noqa: B007 (the published benchmark loop, as written)
        C = p[1] + p[2]  # noqa: F841


def board_of(name):
    for n, record in POSITIONS:
        if n == name:
            return notation.from_record(record)
    raise ValueError("no position " + name)


def search(s, board, budget):
    s.clear_table()
    s.start(board, depth=60, nodes=budget)
    while not s.step(64):
        pass


def level(s, board, name):
    s.clear_table()
    start_level(s, board, name)
    while not s.step(64):
        pass


def fastest(work):
    best = -1
    for _ in range(REPEATS):
        t = ticks_ms()
        work()
        ms = ticks_diff(ticks_ms(), t)
        best = ms if best < 0 or ms < best else best
    return best


def run_all():
    s = Search()
    add_test([300000, 12345678, 56781234])  # warm up
    cal = fastest(lambda: add_test([1000000, 12345678, 56781234]))
    for name, _record in POSITIONS:
        board = board_of(name)
        for budget in BUDGETS:
            ms = fastest(lambda board=board, budget=budget: search(s, board, budget))
            print(
                '{"position": "%s", "budget": %d, "nodes": %d, "depth": %d, "pit": %d, "ms": %d}'
                % (name, budget, s.nodes, s.depth_done, s.best_pit, ms)
            )
    for name in LEVEL_NAMES:
        board = Board()
        ms = fastest(lambda board=board, name=name: level(s, board, name))
        print(
            '{"level": "%s", "position": "opening", "nodes": %d, "depth": %d, "pit": %d, "ms": %d}'
            % (name, s.nodes, s.depth_done, s.best_pit, ms)
        )
    # Calibrated before and after, the faster counts (a slow spell would skew every estimate).
    cal = min(cal, fastest(lambda: add_test([1000000, 12345678, 56781234])))
    print('{"calibration_ms": %d}' % cal)


def run_one(args):
    s = Search()
    what = args[0]
    if what == "calib":
        add_test([int(args[1]), 12345678, 56781234])
    elif what == "search":
        search(s, board_of(args[1]), int(args[2]))
        print("%d %d %d" % (s.nodes, s.depth_done, s.best_pit))
    elif what == "level":
        level(s, Board(), args[1])
        print("%d %d %d" % (s.nodes, s.depth_done, s.best_pit))


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] != "all":
        run_one(sys.argv[1:])
    else:
        run_all()
