"""The player's hint: the endgame table's perfect move where it covers the board, else a short
search, run in the thinker's slices; imported when the game menu's Hint is chosen, let go after.
"""

from kalaha.compat import const, forget

HINT_DEPTH = const(6)
HINT_NODES = const(1500)  # bounded: about half a second on the device in bytecode


def start(thinker, board):
    """Begin finding a hint for the player to move on `board`: the table's decision when it
    covers the board (True), else a bounded search (False)."""
    thinker.hinting = True
    thinker.stop_pondering()  # (the hint takes the search: pondering begins again after it)
    if thinker.start_root(board):
        return True
    thinker.search.start(board, depth=HINT_DEPTH, nodes=HINT_NODES)
    return False


def found(thinker, board):
    """This frame's share of the hint: (pit, words) once found (and this module let go), else None."""
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
        how = "draws" if final == 0 else ("wins by %d" % final if final > 0 else "loses by %d" % -final)
        words = "your pit %d %s" % (pit, how)  # (how the game ends with it: exact)
    elif thinker.slices(thinker.search):
        pit = thinker.search.best_pit
        words = "best: your pit %d" % pit
    else:
        return None
    thinker.hinting = False
    forget("kalaha.hint")
    return pit, words
