"""Benchmark the search inside the MicroPython VM; scaled to the RP2040 by a calibration loop.

Runs under MicroPython (tools/mpvm.mjs) and CPython alike; prints one JSON object per line.
Never copied to the device.
"""

import sys

try:
    from time import ticks_diff, ticks_ms
except ImportError:  # CPython
    import time

    def ticks_ms():
        return time.perf_counter_ns() // 1000000

    def ticks_diff(a, b):
        return a - b


from kalaha import Board
from kalaha.ai import LEVELS, Search, start_level

# The published figure: this loop with p[0] = 1,000,000 takes 9,577 ms in CircuitPython 9.1.4
# on an RP2040 at 125 MHz.
DEVICE_CALIBRATION_MS = 9577
POSITIONS = (
    ("opening", ""),
    ("middle", "6 2-1 3-6-5 2 6-2 6"),
    ("endgame", "6 2-1 3-6-5 2 6-2 6 5-6-2 5 3-6-2 6-3"),
)


def add_test(p):
    for i in range(p[0]):  # noqa: B007 (the published benchmark loop, as written)
        C = p[1] + p[2]  # noqa: F841


def calibrate():
    t = ticks_ms()
    add_test([1000000, 12345678, 56781234])
    return ticks_diff(ticks_ms(), t)


def run(levels, budgets):
    cal = calibrate()
    print('{"calibration_ms": %d, "device_ms": %d}' % (cal, DEVICE_CALIBRATION_MS))
    search = Search()
    for name, record in POSITIONS:
        board = Board.from_record(record)
        for nodes in budgets:
            search.clear_table()
            t = ticks_ms()
            search.start(board, depth=60, nodes=nodes)
            worst = 0
            while True:
                s = ticks_ms()
                finished = search.step(64)
                worst = max(worst, ticks_diff(ticks_ms(), s))
                if finished:
                    break
            ms = ticks_diff(ticks_ms(), t)
            print(
                '{"position": "%s", "budget": %d, "nodes": %d, "depth": %d, "pit": %d, "ms": %d,'
                ' "worst_slice_ms": %d, "device_ms": %d}'
                % (
                    name,
                    nodes,
                    search.nodes,
                    search.depth_done,
                    search.best_pit,
                    ms,
                    worst,
                    ms * DEVICE_CALIBRATION_MS // max(cal, 1),
                )
            )
    for level in levels:
        board = Board()
        search.clear_table()
        t = ticks_ms()
        start_level(search, board, level)
        while not search.step(64):
            pass
        ms = ticks_diff(ticks_ms(), t)
        print(
            '{"level": "%s", "position": "opening", "nodes": %d, "depth": %d, "pit": %d, "ms": %d,'
            ' "device_ms": %d}'
            % (
                level,
                search.nodes,
                search.depth_done,
                search.best_pit,
                ms,
                ms * DEVICE_CALIBRATION_MS // max(cal, 1),
            )
        )


if __name__ == "__main__" or sys.implementation.name == "micropython":
    run(("easy", "medium", "strong", "expert") if LEVELS else (), (2000, 10000))
