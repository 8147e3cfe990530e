"""The computer's analysis on the host: its whole turn as the device plays it, its thinking
depth by depth, and the exact solver's margin (the command line, matches, tools and tests).

Host-only (never copied to the device, whose kalaha.thinking steps kalaha.ai itself).
"""

from kalaha.ai import Search, start_level
from kalaha.board import SOUTH


def think(search, board, slice_nodes=256, **options):
    """Generator: search `board`, yielding (depth, score, pit) whenever a depth completes.

    The caller owns the clock: stop iterating (and call search.stop()) whenever it likes.
    """
    search.start(board, **options)
    last = -1
    while True:
        finished = search.step(slice_nodes)
        if search.depth_done != last:
            last = search.depth_done
            yield search.depth_done, search.score, search.best_pit
        if finished:
            return


def best_turn(board, search=None, level=None, seed=1, table=None, **options):
    """The computer's whole turn from `board` as a list of pits (extra turns included), as the
    device plays it: a level's budget is the turn's, and an extra turn goes on with the pit the
    last search chose for it when it knows one (Search.continuation).

    `board` is left as it was. Returns (pits, score of the first sowing, depth, nodes).
    """
    search = search or Search()
    work = board.copy()
    side = work.to_move
    pits = []
    first_score = first_depth = nodes = 0
    while work.to_move == side:
        pit = search.continuation(work) if pits else 0
        if not pit:
            if level is not None:
                start_level(search, work, level, seed, table, spent=nodes)
            else:
                search.start(work, seed=seed + work.ply, table=table, **options)
            while not search.step(1 << 20):
                pass
            nodes += search.nodes
            pit = search.best_pit
        if not pits:
            first_score = search.score
            first_depth = search.depth_done
        pits.append(pit)
        work.push(pit)
    return pits, first_score, first_depth, nodes


def solve(board, search=None, table=None, give_up=None):
    """Exact perfect-play margin (South's store minus North's at the end) from `board`.

    Both sides play to maximise their own final margin. The work grows fast with the seeds in
    play; an endgame table (kalaha.endgame) ends every line once few seeds are left.
    give_up(search), asked every 65,536 nodes: True stops the search, and solve returns None.
    """
    search = search or Search(tt_bits=16)
    search.clear_table()
    search.start(board, exact=True, table=table)
    while not search.step(1 << 16):
        if give_up is not None and give_up(search):
            search.stop()
            return None
    return search.score if board.turn == SOUTH else -search.score
