"""Runs the search cases of tests/samesearch.py, one result line per case, in CPython or in
MicroPython's VM: `samesearch_run.py CASES TABLES [lock]` (lock: the heap locked in step()).

The cases' lines: rules | record | table | options; results: pit score depth nodes done line.
"""

import sys

from kalaha.rules import notation
from kalaha.search.ai import HALF, Search
from kalaha.search.endgame import EndgameTable

TURN_DEPTH = {"F": False, "T": True, "H": HALF}


def lock_heap(lock):
    if lock:
        import micropython

        micropython.heap_lock()


def unlock_heap(lock):
    if lock:
        import micropython

        micropython.heap_unlock()


def table_for(tables, opened, name):
    """The verified endgame table `name` (its file in `tables`), opened once."""
    if name == "-":
        return None
    if name not in opened:
        pits, empty_capture, alga, _seeds = (int(x) for x in name.split("-"))
        table = EndgameTable(tables + "/" + name + ".kdb", pits, empty_capture == 1, alga == 1)
        opened[name] = table.verify_all()
    return opened[name]


def run_case(searches, tables, opened, line, lock):
    rules, record, table_name, options = (part.strip() for part in line.split("|"))
    pits, seeds, empty_capture, alga, swap = (int(x) for x in rules.split())
    board = notation.from_record(
        record, pits=pits, seeds=seeds, empty_capture=empty_capture == 1, alga=alga == 1, swap=swap == 1
    )
    table = table_for(tables, opened, table_name)
    words = options.split()
    plies, depth, nodes, noise, seed, stop_early, exact, slice_nodes, stop_after, clear = (
        int(x) for x in words[1:]
    )
    search = searches[plies]
    if clear:
        search.clear_table()
    search.start(
        board,
        depth=depth,
        nodes=nodes,
        noise=noise,
        seed=seed,
        exact=exact == 1,
        turn_depth=TURN_DEPTH[words[0]],
        table=table,
        stop_early=stop_early == 1,
    )
    steps = 0
    lock_heap(lock)
    try:
        while not search.step(slice_nodes):
            steps += 1
            if steps == stop_after:
                search.stop()  # the caller's clock ran out
                break
    finally:
        unlock_heap(lock)
    s = search
    return "%d %d %d %d %d %d %d %d" % (
        s.best_pit,
        s.score,
        s.depth_done,
        s.nodes,
        s.done,
        s.line[0],
        s.line[1],
        s.line[2],
    )


def main(cases, tables, lock=False):
    searches = {32: Search(max_ply=32), 200: Search()}
    opened = {}
    with open(cases) as f:
        for line in f:
            if line.strip():
                print(run_case(searches, tables, opened, line, lock))
    for table in opened.values():
        table.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], len(sys.argv) > 3 and sys.argv[3] == "lock")
