"""The player's hint: the endgame table's perfect move where it covers the board, else a short
search, run in the thinker's slices; imported when the game menu's Hint is chosen, let go after.
"""

from kalaha.compat import const, forget

_HINT_DEPTH = const(6)
_HINT_NODES = const(2200)  # bounded: about a second on the device (docs/performance.md, budgets)


def start(thinker, board):
    """Begin finding a hint for the player to move on `board`: the opening book's best sowing
    or the table's decision where either covers the board (True), else a bounded search (False)."""
    thinker.hinting = True
    thinker.stop_pondering()  # (the hint takes the search: pondering begins again after it)
    book = thinker.opening_book(board)
    thinker.hint_pit = book.move(board, "expert", 1) if book is not None else 0
    if thinker.hint_pit or thinker.start_root(board):
        return True
    thinker.search.start(board, depth=_HINT_DEPTH, nodes=_HINT_NODES)
    return False


def found(thinker, board):
    """This frame's share of the hint: (pit, words) once found (and this module let go), else None.
    The words name the pit as the keys do (a hint is for the person against the computer: S),
    and with the exact margin how the game ends with perfect play: "best: S6. lose by 18" (its
    second sentence a line of its own in the board's panel)."""
    root = thinker.root
    pit = thinker.hint_pit
    if pit:
        # The book's best: exact play's ("ex" lines), else a deep search's (good, not proven best).
        thinker.hint_pit = 0
        book = thinker.book
        if book.exact:
            words = _exact_words(board, pit, book.margin)
        else:
            words = "good move: S%d" % pit
    elif root is not None:
        made = thinker.root_made()
        if made is None:
            start(thinker, board)  # (the table was dropped: the search instead)
        if not made:
            return None
        # Exact: the perfect move and how the game ends with perfect play from here.
        thinker.root = None
        pit = root.best_pit
        words = _exact_words(board, pit, root.margin)
    elif thinker.slices(thinker.search):
        pit = thinker.search.best_pit
        words = "good move: S%d" % pit  # (a short search's: good, not proven best)
    else:
        return None
    thinker.hinting = False
    forget("search.hint")
    return pit, words


def _exact_words(board, pit, margin):
    """"best: S6. lose by 18": the pit and, with `margin` (the mover's future margin after it,
    with perfect play), how the game ends."""
    me = board.to_move
    final = board.cells[board.store_index(me)] - board.cells[board.store_index(1 - me)] + margin
    # (whole sentences: each string over 10 characters is not interned on the device)
    if final == 0:
        return "best: S%d. a draw" % pit
    if final > 0:
        return "best: S%d. win by %d" % (pit, final)
    return "best: S%d. lose by %d" % (pit, -final)
