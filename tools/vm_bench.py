"""Benchmark the search inside the MicroPython VM; scaled to the RP2040 by a calibration loop.

Runs under MicroPython (tools/mpvm.mjs) and CPython alike; prints one JSON object per line.
Never copied to the device.
"""

import sys

from kalaha import Board
from kalaha.ai import LEVELS, Search, start_level
from tools.vmcal import DEVICE_CALIBRATION_MS, calibrate, device_ms, ticks_diff, ticks_ms

POSITIONS = (
    ("opening", ""),
    ("middle", "6 2-1 3-6-5 2 6-2 6"),
    ("endgame", "6 2-1 3-6-5 2 6-2 6 5-6-2 5 3-6-2 6-3"),
)


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
                    device_ms(ms, cal),
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
                device_ms(ms, cal),
            )
        )


if __name__ == "__main__" or sys.implementation.name == "micropython":
    run(("easy", "medium", "strong", "expert") if LEVELS else (), (2000, 10000))
