"""The player's hint: the endgame table's perfect move where it covers the board, else a short
search, run in the thinker's slices; imported when the game menu's Hint is chosen, let go after.
"""

from kalaha.compat import const, forget

_HINT_DEPTH = const(6)
_HINT_NODES = const(2200)  # bounded: about a second on the device (docs/performance.md, budgets)


def start(thinker, board):
    """Begin finding a hint for the player to move on `board`: the table's decision when it
    covers the board (True), else a bounded search (False)."""
    thinker.hinting = True
    thinker.stop_pondering()  # (the hint takes the search: pondering begins again after it)
    if thinker.start_root(board):
        return True
    thinker.search.start(board, depth=_HINT_DEPTH, nodes=_HINT_NODES)
    return False


def found(thinker, board):
    """This frame's share of the hint: (pit, words) once found (and this module let go), else None.
    The words name the pit as the keys do (a hint is for the person against the computer: S),
    and with the exact margin how the game ends with perfect play: "best: S6. lose by 18" (its
    second sentence a line of its own in the board's panel)."""
    root = thinker.root
    if root is not None:
        made = thinker.root_made()
        if made is None:
            start(thinker, board)  # (the table was dropped: the search instead)
        if not made:
            return None
        # Exact: the perfect move and how the game ends with perfect play from here.
        thinker.root = None
        pit = root.best_pit
        me = board.to_move
        final = board.cells[board.store_index(me)] - board.cells[board.store_index(1 - me)] + root.margin
        # (whole sentences: each string over 10 characters is not interned on the device)
        if final == 0:
            words = "best: S%d. a draw" % pit
        elif final > 0:
            words = "best: S%d. win by %d" % (pit, final)
        else:
            words = "best: S%d. lose by %d" % (pit, -final)
    elif thinker.slices(thinker.search):
        pit = thinker.search.best_pit
        words = "good move: S%d" % pit  # (a short search's: good, not proven best)
    else:
        return None
    thinker.hinting = False
    forget("search.hint")
    return pit, words
