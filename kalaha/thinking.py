"""The computer's thinking in slices of a frame: its move, the player's hint, the coach after a
game, and the endgame table's check, each stepped a little at a time while the device animates.

Long work here is anything stepped like kalaha.ai.Search: `step(nodes)` True once finished, `done`.
"""

from kalaha.compat import const, forget
from kalaha.endgame import RootDecision
from kalaha.frame import TICKS_WRAP

# The search stack in sowings: a deeper line is scored as a leaf (the host's solver goes deeper).
SEARCH_PLIES = const(32)
SLICE_NODES = const(4)  # nodes per slice in bytecode: 1-2 ms on the RP2040 (docs/performance.md)
# ... and where the search runs as machine code (kalaha.ai.CODE): about 1 ms at 50,000 nodes a
# second, a slice's own cost (some 60 us: step() and entering the machine code) a few percent.
MACHINE_SLICE_NODES = const(48)
# While the computer thinks, slices run while the next is predicted to end within this much of
# the frame, so a frame with its drawing stays within 20 ms.
THINK_FRAME_MS = const(14)
# A slice is predicted to take as long as the last one, but at least this (a table probe can
# take 3-5 ms).
SLICE_GUARD_MS = const(3)
# A quiet frame checks the endgame table until it has lasted this long ...
CHECK_FRAME_MS = const(9)
# ... and a frame already past that runs none of it, unless this many frames in a row ran none.
CHECK_PATIENCE = const(30)
# The least an extra turn's next sowing may think once its turn has used its level's time.
SOWING_FLOOR_MS = const(100)
HINT_DEPTH = const(6)
HINT_NODES = const(1500)  # bounded: about half a second on the device


class Thinker:
    """Runs the search, the table's root decision, the coach and the table's check in slices.

    `ticks`: the front end's millisecond counter (supervisor.ticks_ms on the device); with it a
    frame runs slices for its share of the frame, without it one slice a frame.
    """

    def __init__(self, endgame=None, ticks=None, slice_nodes=None):
        self.search = None  # the two-player search (kalaha.ai.Search), made by ready()
        # The front end sizes the slice to its speed; None: the search's code does (ready()).
        self.given_slice = slice_nodes
        self.slice_nodes = slice_nodes
        self.ready()
        self.ticks = ticks
        self.frame_start = None  # the ticks() reading when this frame began
        self.slices_skipped = 0  # frames in a row whose slices were skipped
        # The endgame table (kalaha.endgame.EndgameTable) or None: perfect play and exact hints
        # with few seeds left, for the rules it was built for. Trusted block by block once checked.
        self.endgame = endgame
        self.endgame_checked = False
        self.table_failed = False  # the table failed a check and was dropped (the app says so once)
        self.root = None  # the table's root decision in progress (kalaha.endgame.RootDecision)
        self.thinking = False  # for the computer's move
        self.hinting = False  # for the player's hint
        self.started = 0  # when the computer began this move
        self.pit = 0  # the computer's decided pit, 0 while it thinks
        self.cap_ms = 0  # ... and the longest it may think (what its turn has left)
        # The computer's turn so far: its level's time and nodes are the whole turn's, and an
        # extra turn's next sowing may come from the last search's principal line.
        self.turn_ply = -1  # the ply at which the turn would go on, or -1
        self.turn_ms = 0  # thinking time its earlier sowings used
        self.turn_nodes = 0  # ... and search nodes
        self.coach = None  # the result's coach at work (kalaha.coach.Coach)

    def ready(self):
        """The two-player search made, and its code imported, if a game of 3-4 players let them
        go: done on the way back to the main menu, so no game's frame imports them."""
        if self.search is None:
            from kalaha.ai import CODE, Search

            self.search = Search(max_ply=SEARCH_PLIES)
            if self.given_slice is None:
                self.slice_nodes = MACHINE_SLICE_NODES if CODE == "machine code" else SLICE_NODES

    def let_go(self):
        """A game of 3-4 players has its own search: the two-player one and its code (kalaha.ai,
        kalaha.coach) give the heap back until ready(). Its inner loop (kalaha.searchcore) stays:
        its one function is one block of 3.4 KB as bytecode, 9 KB as machine code, made at
        start-up, which the heap may no longer have in one piece after a game of 3-4 players."""
        self.cancel()
        self.search = None
        self.drop_coach()
        forget("kalaha.ai")

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

    def _drop_table(self):
        self.endgame = None
        self.table_failed = True

    def start_root(self, board):
        """Begin the table's root decision when the table covers `board`: True if so."""
        if self.endgame is None:
            return False
        try:
            root = RootDecision(self.endgame, board)
        except (OSError, ValueError):
            self._drop_table()
            return False
        if not root.covered:
            return False
        self.root = root
        return True

    def _root_made(self):
        """The root decision's share of this frame: True once made, None if the table failed
        (it is dropped: the caller searches instead)."""
        try:
            return self.slices(self.root)
        except (OSError, ValueError):
            self.root = None
            self._drop_table()
            return None

    # ----- the computer's move ------------------------------------------------------------

    def start_move(self, board, level, seed, now):
        """Begin thinking about the computer's move on `board` at `level`."""
        from kalaha.ai import LEVELS, turn_share

        self.thinking = True
        self.started = now
        self.pit = 0
        cap = LEVELS[level].cap_ms
        if board.ply != self.turn_ply:
            self.turn_ms = self.turn_nodes = 0
            self.cap_ms = cap
        else:  # an extra turn: what the turn has left, and perhaps the pit already chosen
            self.cap_ms = max(turn_share(cap, self.turn_ms), SOWING_FLOOR_MS)
            self.pit = self.search.continuation(board)
            if self.pit:
                self.turn_ply += 1
                return
        if LEVELS[level].uses_table and self.start_root(board):
            return  # the table knows the perfect move: its probes instead of a search
        self._start_search(board, level, seed)

    def _start_search(self, board, level, seed):
        # The search probes the table only once all of it is checked: before that most probes
        # would find their block unchecked and be wasted.
        from kalaha.ai import start_level

        table = self.endgame if self.endgame_checked else None
        start_level(self.search, board, level, seed=seed, table=table, spent=self.turn_nodes)

    def move(self, board, level, seed, now):
        """The computer's pit once decided, else 0 (it thinks on in this frame's share)."""
        if self.pit:
            return self.pit
        pit = nodes = 0
        if self.root is not None:
            made = self._root_made()
            if made:
                pit = self.root.best_pit
                self.root = None
            elif made is None:
                self._start_search(board, level, seed)
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
        if self.thinking or self.hinting:
            self.search.stop()
        self.root = None
        self.pit = 0
        self.turn_ply = -1
        self.thinking = False
        self.hinting = False

    # ----- the player's hint ----------------------------------------------------------------

    def start_hint(self, board):
        """Begin finding a hint for the player to move: the table's decision when it covers
        the board (True), else a bounded search (False)."""
        self.hinting = True
        if self.start_root(board):
            return True
        self.search.start(board, depth=HINT_DEPTH, nodes=HINT_NODES)
        return False

    def hint(self, board):
        """This frame's share of the hint: (pit, words) once found, else None."""
        if self.root is not None:
            made = self._root_made()
            if made is None:
                self.start_hint(board)  # (the table was dropped: the search instead)
            if not made:
                return None
            # Exact: the perfect move and how the game ends with perfect play from here.
            pit, rest = self.root.best_pit, self.root.margin
            self.root = None
            self.hinting = False
            me = board.to_move
            final = board.cells[board.store_index(me)] - board.cells[board.store_index(1 - me)] + rest
            how = "draws" if final == 0 else ("wins by %d" % final if final > 0 else "loses by %d" % -final)
            return pit, "your pit %d %s" % (pit, how)  # (how the game ends with it: exact)
        if not self.slices(self.search):
            return None
        self.hinting = False
        pit = self.search.best_pit
        return pit, "best: your pit %d" % pit

    # ----- the coach, after a game against the computer -----------------------------------

    def start_coach(self, board, player):
        """The coach that finds `player`'s last slip, with the table; False when there is none."""
        t = self.endgame
        if t is None or not t.rules_match(board):
            self.coach = None
            return False
        # Its code is imported here and let go once it has spoken (drop_coach): a game has the
        # heap back. The import (10-25 ms on the device) falls in the result's first second,
        # which takes no input anyway (kalaha.screens.Result).
        from kalaha.coach import Coach

        self.coach = Coach(t, board, player)
        return True

    def drop_coach(self):
        """The coach stopped (its words are for the result screen only) and its code let go."""
        self.coach = None
        forget("kalaha.coach")

    def coached(self):
        """This frame's share of the coach: its words once it has finished, else None."""
        c = self.coach
        if c is None:
            return None
        try:
            if not self.slices(c):
                return None
        except (OSError, ValueError):  # the table failed: no words, and play on without it
            self.drop_coach()
            self._drop_table()
            return ""
        self.drop_coach()
        if c.count:
            return "Slip: turn %d, -%d" % (c.slip_turn, c.cost)
        return "Endgame: perfect" if c.seen else ""

    # ----- the endgame table's check ---------------------------------------------------------

    def check_table(self):
        """A quiet frame's piece of the table's check (the search trusts checked blocks only)."""
        if self.endgame is None or self.endgame_checked:
            return
        try:
            self.endgame_checked = self.slices(self.endgame, CHECK_FRAME_MS, 0, CHECK_PATIENCE)
        except (OSError, ValueError):
            self._drop_table()
