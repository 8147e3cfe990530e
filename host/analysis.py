"""The computer's analysis on the host (never copied to the device): its whole turn as the device
plays it (the device's own Thinker), a plain search's turn, depth by depth, and the exact solver.
"""

from kalaha.rules.board import SOUTH
from kalaha.search.ai import Search
from kalaha.search.thinking import Thinker

# Nodes a slice here: the search's result never depends on the slice size (kalaha.search.ai), so the
# host takes big slices where the device takes kalaha.search.thinking.SLICE_NODES.
HOST_SLICE = 1 << 20


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


_BOOKS: dict = {}  # the opening books opened, by path (one open file each)


def drive_book():
    """The opening book the drive carries (kalaha/book.txt beside this checkout's kalaha/),
    opened once, or None without one."""
    from kalaha.search.book import FILE, Book

    path = __file__.rpartition("host/")[0] + FILE  # (no os.path: MicroPython's VM runs this too)
    if path not in _BOOKS:
        try:
            _BOOKS[path] = Book(path)
        except (OSError, ValueError):
            _BOOKS[path] = None
    return _BOOKS[path]


def device_player(table=None, book=True):
    """The device's computer player for the host: its kalaha.search.thinking.Thinker with the endgame
    table `table` (or None) checked whole, as the device's is once its quiet frames have checked
    it, and the opening book `book` (True: the drive's, drive_book; None: none). It may be kept
    between turns: a turn's first search starts with an empty transposition table on the device
    too, so a turn depends on its position alone."""
    player = Thinker(table, None, HOST_SLICE)
    player.book = drive_book() if book is True else book
    while player.endgame is not None and not player.endgame_checked:
        player.check_table()  # (a table already checked whole takes one call)
    return player


def device_turn(player, board, level, seed=1):
    """The computer's whole turn from `board` at `level` exactly as the device plays it: `player`
    (device_player) driven as kalaha.flow.app.App drives it, start_move then move() until it has
    decided, again for each extra turn's sowing (the table's root decision where the level uses
    the table and it covers the board, else the search, with the table once checked; an extra
    turn's next sowing from the search's line, or a search with what the turn has left).

    The clock stands still, so the time cap never binds: the levels' node budgets are what the
    device completes within its cap (kalaha.search.ai.LEVELS), and a turn is the same on every machine.
    `seed`: the device's count of games started (Easy's and Medium's noise).
    `board` is left as it was. Returns (pits, score, depth, nodes, exact): the first sowing's
    score and depth (the table's margin in seeds and 0 when exact, its decision; the opening
    book's margin and depth 0 when the book played it, exact when its line is), the turn's nodes.
    """
    work = board.copy()
    side = work.to_move
    # A new turn, also for a player kept for both sides or over games (on the device the other
    # side's sowing always comes between two of its turns).
    player.cancel()
    pits = []
    score = depth = 0
    exact = False
    while work.to_move == side:
        if player.book is not None:
            player.book.ply = -1  # (a shared book's last answer was another player's)
        player.start_move(work, level, seed, 0)
        root = player.root  # (the table's decision, if it makes this one: move() lets it go)
        pit = player.move(work, level, seed, 0)
        while not pit:
            pit = player.move(work, level, seed, 0)
        if not pits:
            exact = root is not None and player.endgame is not None
            book = player.book
            if book is not None and book.ply == work.ply:  # (the book's sowing)
                score = book.margin
                exact = book.exact
            elif exact:
                score = root.margin
            else:
                score = player.search.score
                depth = player.search.depth_done
        player.pit = 0  # (sown: as the app does once it sows)
        player.thinking = False
        pits.append(pit)
        work.push(pit)
    return pits, score, depth, player.turn_nodes, exact


def search_turn(board, search=None, seed=1, table=None, **options):
    """A plain search's whole turn from `board` (move --depth/--nodes, match's depth=/nodes=; not
    a level's): each sowing searched with Search.start's `options`, an extra turn's next sowing
    from its line when it knows one. `board` is left as it was. Returns (pits, score, depth, nodes)."""
    search = search or Search()
    work = board.copy()
    side = work.to_move
    pits = []
    first_score = first_depth = nodes = 0
    while work.to_move == side:
        pit = search.continuation(work) if pits else 0
        if not pit:
            search.start(work, seed=seed + work.ply, table=table, **options)
            while not search.step(HOST_SLICE):
                pass
            nodes += search.nodes
            pit = search.best_pit
        if not pits:
            first_score = search.score
            first_depth = search.depth_done
        pits.append(pit)
        work.push(pit)
    return pits, first_score, first_depth, nodes


def best_turn(board, player=None, level=None, seed=1, table=None, **options):
    """The computer's whole turn from `board` as a list of pits (extra turns included): at a
    `level` the device's (device_turn; `player` a device_player kept between turns, or None for
    a fresh one with `table`), else a plain search's (search_turn; `player` a Search or None).

    `board` is left as it was. Returns (pits, score of the first sowing, depth, nodes).
    """
    if level is None:
        return search_turn(board, player, seed, table, **options)
    if player is None:
        player = device_player(table)
    elif not isinstance(player, Thinker):
        raise TypeError("a level plays with the device's Thinker (device_player), not a Search")
    return device_turn(player, board, level, seed)[:4]


def solve(board, search=None, table=None, give_up=None):
    """Exact perfect-play margin (South's store minus North's at the end) from `board`.

    Both sides play to maximise their own final margin. The work grows fast with the seeds in
    play; an endgame table (kalaha.search.endgame) ends every line once few seeds are left.
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
