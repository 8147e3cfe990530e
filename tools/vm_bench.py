"""Benchmark the search inside the MicroPython VM; scaled to the RP2040 by a calibration loop.

Runs under MicroPython (tools/mpvm.mjs) and CPython alike; prints one JSON object per line.
Never copied to the device.
"""

import sys

from kalaha import Board
from kalaha.ai import LEVELS, Search, start_level
from tools.vmcal import DEVICE_CALIBRATION_MS, calibrate, device_ms, ticks_diff, ticks_ms

REPEATS = 3  # each measurement's fastest run counts: this shared machine has hiccups

POSITIONS = (
    ("opening", ""),
    ("middle", "6 2-1 3-6-5 2 6-2 6"),
    ("endgame", "6 2-1 3-6-5 2 6-2 6 5-6-2 5 3-6-2 6-3"),
)


def run(levels, budgets):
    cal = calibrate()
    rows = []  # (format, values, VM ms): printed at the end, scaled by the calibration
    search = Search()
    for name, record in POSITIONS:
        board = Board.from_record(record)
        for nodes in budgets:
            ms = worst = 0
            for repeat in range(REPEATS):  # the search is deterministic: keep the fastest run
                search.clear_table()
                t = ticks_ms()
                search.start(board, depth=60, nodes=nodes)
                slowest_slice = 0
                while True:
                    s = ticks_ms()
                    finished = search.step(64)
                    slowest_slice = max(slowest_slice, ticks_diff(ticks_ms(), s))
                    if finished:
                        break
                took = ticks_diff(ticks_ms(), t)
                if not repeat or took < ms:
                    ms = took
                    worst = slowest_slice
            rows.append(
                (
                    '{"position": "%s", "budget": %d, "nodes": %d, "depth": %d, "pit": %d, "ms": %d,'
                    ' "worst_slice_ms": %d, "device_ms": %d}',
                    (name, nodes, search.nodes, search.depth_done, search.best_pit, ms, worst),
                    ms,
                )
            )
    for level in levels:
        board = Board()
        ms = 0
        for repeat in range(REPEATS):
            search.clear_table()
            t = ticks_ms()
            start_level(search, board, level)
            while not search.step(64):
                pass
            took = ticks_diff(ticks_ms(), t)
            ms = took if not repeat or took < ms else ms
        rows.append(
            (
                '{"level": "%s", "position": "opening", "nodes": %d, "depth": %d, "pit": %d, "ms": %d,'
                ' "device_ms": %d}',
                (level, search.nodes, search.depth_done, search.best_pit, ms),
                ms,
            )
        )
    # Calibrated before and after, the faster counts: this shared machine has slow spells,
    # and a calibration taken in one would make every estimate too optimistic.
    cal = min(cal, calibrate())
    print('{"calibration_ms": %d, "device_ms": %d}' % (cal, DEVICE_CALIBRATION_MS))
    for fmt, values, ms in rows:
        print(fmt % (values + (device_ms(ms, cal),)))


if __name__ == "__main__" or sys.implementation.name == "micropython":
    run(("easy", "medium", "strong", "expert") if LEVELS else (), (2000, 10000))
