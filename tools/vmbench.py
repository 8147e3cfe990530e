"""The search benchmark that runs inside MicroPython's VM (tools/devicetime.py runs it).

Not for the device. It times everything with ticks_ms and prints one JSON object per line, the
published calibration loop last, so the times can be scaled to the RP2040's. It also races commit
888e376's search (tools/search888.py, the search before issue 58) against today's on the same
positions in the same run: their nodes a second, with big slices and with each one's slices on
the device (kalaha.search.thinking's loop), alternated round by round, the fastest round of each kept.
"""

from kalaha.rules import notation
from kalaha.rules.board import Board
from kalaha.search.ai import HALF, LEVEL_NAMES, Search, start_level
from kalaha.search.thinking import SLICE_NODES, Thinker

try:
    from time import ticks_diff, ticks_ms  # type: ignore[attr-defined]
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
# The race's positions: the start and positions from games between the levels with 15-44 seeds
# in the pits (tools.quality's positions), each searched as Expert searches (12,000 nodes).
RACE = (
    "",
    "5 5 2-6 1-6",
    "6 2-3 2-6-1",
    "5 5 6 1-4 4",
    "6 2-3 2-6-1 5 4 1 6-5 6 1 1 6",
    "3-1 6 6 2-6-3 1 6-5 3-6-2 6-1-6-5 6-5",
    "3-2 2 4 6 5 1-6-2 2 5 3-4-6 4 6-5",
    "6 3 5 2 4 5 2-5-3 6 5-4 4 1 6-2",
    "3-2 6 3 3-6-2 2 3 6 1 5 1 6-4",
    "4 3-2 3-6 1-2 5 2 6-1 5 6-5-6-4-6-5 6 2 4 4-1",
    "1 6 2 5 2 6-3-6-5 6 2-6-1-6-4 4 6-3-6-5 1 6-4 6-5 5-2 3",
    "1 2 5 3 2 1-4 1 3 4 2 5-6 3 2",
)
RACE_NODES = 12000
OLD_SLICE = 4  # commit 888e376's kalaha.search.thinking.SLICE_NODES
RACE_ROUNDS = 5


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


def race_round(s, boards, slice_nodes, thinker=None):
    """(nodes, ms, pits): every race position searched by `s` in slices of `slice_nodes`, through
    `thinker`'s slices (the device's loop, its clock read after each slice) when given."""
    nodes = 0
    pits = []
    t = ticks_ms()
    for board in boards:
        s.clear_table()
        s.start(board, depth=60, nodes=RACE_NODES, turn_depth=HALF, stop_early=True)
        if thinker is None:
            while not s.step(slice_nodes):
                pass
        else:
            thinker.frame_start = ticks_ms()
            while not thinker.slices(s, 1 << 28):
                thinker.frame_start = ticks_ms()
        nodes += s.nodes
        pits.append(s.best_pit)
    return nodes, ticks_diff(ticks_ms(), t), pits


def race():
    """Commit 888e376's search against today's: one JSON row per way of slicing."""
    from tools.search888 import Search as Old

    boards = [notation.from_record(r) for r in RACE]
    searches = (("old", Old(max_ply=32), OLD_SLICE), ("new", Search(max_ply=32), SLICE_NODES))
    for device in (False, True):
        best = {}
        for _ in range(RACE_ROUNDS):
            for name, s, device_slice in searches:
                th = Thinker(None, ticks_ms, device_slice) if device else None
                got = race_round(s, boards, device_slice if device else 1 << 20, th)
                if name not in best or got[1] < best[name][1]:
                    best[name] = got
        old, new = best["old"], best["new"]
        print(
            '{"race": "%s", "old_slice": %d, "new_slice": %d, "nodes": %d, "same": %d, '
            '"old_ms": %d, "new_ms": %d}'
            % (
                "device slices" if device else "big slices",
                OLD_SLICE if device else 0,
                SLICE_NODES if device else 0,
                new[0],
                1 if old[0] == new[0] and old[2] == new[2] else 0,
                old[1],
                new[1],
            )
        )


def fastest(work):
    best = -1
    for _ in range(REPEATS):
        t = ticks_ms()
        work()
        ms = ticks_diff(ticks_ms(), t)
        best = ms if best < 0 or ms < best else best
    return best


def run_all():
    race()
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


if __name__ == "__main__":
    run_all()
