"""The computer's thinking in slices of a frame: its move, pondering, the hint, the coach and the
table's check, stepped while the device animates (their own code: kalaha.search.ponder, .hint, .coach).

Long work here is anything stepped like kalaha.search.ai.Search: `step(nodes)` True once finished, `done`.
"""

from kalaha.compat import TICKS_WRAP, const, forget
from kalaha.search.endgame import RootDecision

# The search stack in sowings: a deeper line is scored as a leaf (the host's solver goes deeper).
SEARCH_PLIES = const(32)
# Nodes per slice: about 6 ms on the device; at least P+1 + P-1, so that a slice seldom ends early
# for a frontier node that waits for room (docs/performance.md, 'Frames', 'The search's speed').
SLICE_NODES = const(16)
# While the computer thinks, slices run while the next is predicted to end within this much of
# the frame, so a frame with its drawing stays within 20 ms.
THINK_FRAME_MS = const(14)
# A slice is predicted to take as long as the last one, but at least this (a slice with a table
# probe takes longer: docs/performance.md, 'Frames').
SLICE_GUARD_MS = const(3)
# A quiet frame checks the endgame table until it has lasted this long ...
CHECK_FRAME_MS = const(9)
# ... and a frame already past that runs none of it, unless this many frames in a row ran none.
CHECK_PATIENCE = const(30)
# The least an extra turn's next sowing may think once its turn has used its level's time.
SOWING_FLOOR_MS = const(100)
# Pondering (kalaha.search.ponder) is for the levels whose turn is long enough to be waited for.
PONDER_LEVELS = ("strong", "expert")
# The opening book is asked only where its positions can be: its first four turns' sowings come
# by the 11th ply (10, and a swap) with at most 13 seeds stored (tests/test_book.py counts both).
_BOOK_PLY = const(11)
_BOOK_STORED = const(13)
_BOOK_PITS = const(6)  # kalaha.search.book.PITS, SEEDS: its game (not imported: the gate decides that)
_BOOK_SEEDS = const(4)


class Thinker:
    """Runs the search, the table's root decision, the coach and the table's check in slices.

    `ticks`: the front end's millisecond counter (supervisor.ticks_ms on the device); with it a
    frame runs slices for its share of the frame, without it one slice a frame.
    """

    def __init__(self, endgame=None, ticks=None, slice_nodes=None):
        self.search = None  # the two-player search (kalaha.search.ai.Search), made by ready()
        # The front end sizes the slice to its speed; None: the device's.
        self.slice_nodes = slice_nodes or SLICE_NODES
        # The opening book (kalaha.search.book.Book) or None: its sowings come first. The front end
        # gives it whole (the host's) or its path as book_file (the device's: opened in a
        # game's first turns, let go with its code after them and at the main menu).
        self.book = None
        self.book_file = None
        self.ready()
        self.ticks = ticks
        self.frame_start = None  # the ticks() reading when this frame began
        self.slices_skipped = 0  # frames in a row whose slices were skipped
        # The endgame table (kalaha.search.endgame.EndgameTable) or None: perfect play and exact hints
        # with few seeds left, for the rules it was built for. Trusted block by block once checked.
        self.endgame = endgame
        self.endgame_checked = False
        self.table_failed = False  # the table failed a check and was dropped (the app says so once)
        self.root = None  # the table's root decision in progress (kalaha.search.endgame.RootDecision)
        self.thinking = False  # for the computer's move
        self.hinting = False  # for the player's hint
        self.hint_pit = 0  # ... the opening book's, when it knew the position
        self.started = 0  # when the computer began this move
        self.pit = 0  # the computer's decided pit, 0 while it thinks
        self.cap_ms = 0  # ... and the longest it may think (what its turn has left)
        # The computer's turn so far: its level's time and nodes are the whole turn's, and an
        # extra turn's next sowing may come from the last search's principal line.
        self.turn_ply = -1  # the ply at which the turn would go on, or -1
        self.turn_ms = 0  # thinking time its earlier sowings used
        self.turn_nodes = 0  # ... and search nodes
        self.coach = None  # the result's coach at work (kalaha.search.coach.Coach)
        # Pondering (kalaha.search.ponder.Ponder, made for the first game that ponders) and the nodes
        # the computer's turn found made on the player's time (the serial report's).
        self.ponderer = None
        self.pondered = 0

    def ready(self):
        """The two-player search made, and its code imported, if a game of 3-4 players let them
        go: done on the way back to the main menu, so no game's frame imports them. A book of
        book_file's is let go with its code (there, and past the book's turns: start_move)."""
        if self.search is None:
            from kalaha.search.ai import Search

            self.search = Search(max_ply=SEARCH_PLIES)
        if self.book is not None and self.book_file is not None:
            self.book.file.close()
            self.book = None
            forget("search.book")

    def busy(self):
        return self.thinking or self.hinting

    def slices(self, work, frame_ms=THINK_FRAME_MS, guard_ms=SLICE_GUARD_MS, patience=1, nodes=0):
        """Run `work` for this frame's share; True once it has finished. `nodes`: a slice's
        size when not the front end's (work whose nodes cost more takes fewer a slice).

        Slices run while the next is predicted to end within `frame_ms` of the frame's start (it
        takes as long as the last, and at least `guard_ms`); none when the frame's start has used
        that time already, unless the last `patience` frames ran none either (one slice then, so
        the work always goes on). Work that finishes reports it in the next frame, so the frame
        that acts on it (a sowing) stays short too.
        """
        if work.done:
            return True
        n = nodes or self.slice_nodes
        ticks = self.ticks
        if ticks is None:
            return work.step(n)
        last = ticks()
        if self.frame_start is None:
            started = last
        else:
            started = self.frame_start
            full = (last - started) % TICKS_WRAP + guard_ms > frame_ms
            if full and self.slices_skipped < patience:
                self.slices_skipped += 1
                return False
            self.slices_skipped = 0
        while not work.step(n):
            now = ticks()
            used = (now - started) % TICKS_WRAP
            took = (now - last) % TICKS_WRAP
            last = now
            if used + (took if took > guard_ms else guard_ms) > frame_ms:
                break
        return False

    def drop_table(self):
        self.endgame = None
        self.table_failed = True

    def start_root(self, board):
        """Begin the table's root decision when the table covers `board`: True if so."""
        if self.endgame is None:
            return False
        try:
            root = RootDecision(self.endgame, board)
        except (OSError, ValueError):
            self.drop_table()
            return False
        if not root.covered:
            return False
        self.root = root
        return True

    def root_made(self):
        """The root decision's share of this frame: True once made, None if the table failed
        (it is dropped: the caller searches instead)."""
        try:
            return self.slices(self.root)
        except (OSError, ValueError):
            self.root = None
            self.drop_table()
            return None

    # ----- the computer's move ------------------------------------------------------------

    def opening_book(self, board):
        """The opening book where `board` may be in it (opened, and its code imported, the first
        time), else None; past the book's turns it is let go (ready)."""
        if (
            board.ply <= _BOOK_PLY
            and board.pits == _BOOK_PITS
            and board.seeds == _BOOK_SEEDS
            and board.cells[6] + board.cells[13] <= _BOOK_STORED
            and not board.empty_capture
            and not board.alga
        ):
            if self.book is None and self.book_file is not None:
                from kalaha.search.book import Book

                try:
                    self.book = Book(self.book_file)
                except (OSError, ValueError):
                    self.book_file = None  # (none on the drive: the levels search)
            return self.book
        self.ready()  # (past the book's turns)
        return None

    def start_move(self, board, level, seed, now):
        """Begin thinking about the computer's move on `board` at `level`."""
        from kalaha.search.ai import LEVELS, turn_share

        self.thinking = True
        self.started = now
        self.pit = 0
        book = self.opening_book(board)
        if book is not None:
            self.pit = book.move(board, level, seed)
        if self.pit:  # (the opening book knows this position: no search, no nodes)
            self.turn_ply = -1
            self.turn_ms = self.turn_nodes = 0
            self.stop_pondering()
            return
        cap = LEVELS[level].cap_ms
        if board.ply != self.turn_ply:
            self.turn_ms = self.turn_nodes = 0
            self.cap_ms = cap
            p = self.ponderer
            self.pondered = p.hit(board, level, seed) if p is not None else 0
            if self.pondered:
                return  # the search of this very turn began on the player's time: it goes on
        else:  # an extra turn: what the turn has left, and perhaps the pit already chosen
            self.cap_ms = max(turn_share(cap, self.turn_ms), SOWING_FLOOR_MS)
            self.pit = self.search.continuation(board)
            if self.pit:
                self.turn_ply += 1
                return
        if LEVELS[level].uses_table and self.start_root(board):
            # The table knows the perfect move: its probes instead of a search, whose line is
            # then an older position's (a set one's, a puzzle's) and gives no extra turn's sowing.
            self.search.done = False
            return
        self.start_search(board, level, seed, self.turn_nodes)

    def start_search(self, board, level, seed, spent=0):
        # The search probes the table only once all of it is checked: before that most probes
        # would find their block unchecked and be wasted. A turn's first search starts with an
        # empty transposition table, as the command line's does: a turn depends on its position
        # alone, whatever the device searched before (a hint, a prediction: kalaha.search.ponder).
        from kalaha.search.ai import start_level

        table = self.endgame if self.endgame_checked else None
        if not spent:
            self.search.clear_table()
        start_level(self.search, board, level, seed=seed, table=table, spent=spent)

    def move(self, board, level, seed, now):
        """The computer's pit once decided, else 0 (it thinks on in this frame's share)."""
        if self.pit:
            return self.pit
        pit = nodes = 0
        if self.root is not None:
            made = self.root_made()
            if made:
                pit = self.root.best_pit
                self.root = None
            elif made is None:
                self.start_search(board, level, seed, self.turn_nodes)
        else:
            s = self.search
            if now - self.started >= self.cap_ms:
                # The hard time cap: the best move found so far. Asked before this frame's
                # slices, so the frame that sows runs no search.
                s.stop()
            if self.slices(s):
                pit = s.best_pit
                nodes = s.nodes
        if pit:  # decided: the turn's account, for an extra turn's next sowing
            self.pit = pit
            self.turn_ms += now - self.started
            self.turn_nodes += nodes
            self.turn_ply = board.ply + 1
        return self.pit

    def cancel(self):
        """Stop the computer's search or the hint's, whichever runs."""
        if (self.thinking or self.hinting) and self.search is not None:
            self.search.stop()  # (a game of 3-4 players thinks with its own: kalaha.flow.ringplay)
        if self.hinting:
            forget("search.hint")  # (its work ended: its code let go)
        self.root = None
        self.pit = 0
        self.turn_ply = -1
        self.thinking = False
        self.hinting = False
        self.stop_pondering()

    # ----- pondering: the computer's reply searched on the player's time (kalaha.search.ponder) ----

    def ponder_turn(self, board, level, seed, version):
        """The player is to move on `board` (the game's `version`) against `level`: pondering
        begins, or goes on (every quiet frame of the player's turn calls this)."""
        if level not in PONDER_LEVELS:
            return
        p = self.ponderer
        if p is None:  # (the module is imported for the first game that ponders)
            from kalaha.search.ponder import Ponder

            p = self.ponderer = Ponder(self)
        p.turn(board, level, seed, version)

    def pondering(self):
        """True while pondering has work to do (its frames are not quiet)."""
        p = self.ponderer
        return p is not None and p.busy()

    def stop_pondering(self):
        if self.ponderer is not None:
            self.ponderer.stop()

    # ----- the coach, after a game against the computer -----------------------------------

    def drop_coach(self):
        """The coach stopped (its words are for the result screen only) and its code let go.
        (kalaha.flow.screens.Result makes it, imported then: a game has its heap back.)"""
        self.coach = None
        forget("search.coach")

    # ----- the endgame table's check ---------------------------------------------------------

    def check_table(self):
        """A quiet frame's piece of the table's check (the search trusts checked blocks only)."""
        if self.endgame is None or self.endgame_checked:
            return
        try:
            self.endgame_checked = self.slices(self.endgame, CHECK_FRAME_MS, 0, CHECK_PATIENCE)
        except (OSError, ValueError):
            self.drop_table()
