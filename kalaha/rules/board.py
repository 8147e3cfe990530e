"""The Kalaha rules engine: a Board with push/pop, legal moves, outcome and its turns.

Integer-only and allocation-free in push/pop; never imports hardware modules.

Cells are one flat list, counter-clockwise in sowing order::

    index:  0 .. P-1      P            P+1 .. 2P     2P+1
            South 1..P    South store  North 1..P    North store

so sowing is "index + 1, wrapping, skipping the opponent's store", and the pit
opposite index i is 2P - i. Pits in moves and notation are 1..P from the
mover's own view, as in RULES.md; a board as text (records, positions) is kalaha.rules.notation's.

>>> b = Board()
>>> b.push(3)                      # the classic opening: ends in South's store
>>> b.last_extra, b.to_move == SOUTH
(True, True)
>>> b.push(6)
>>> b.turns()
[[3, 6]]
>>> b.pop(), b.pop(), b.turns()
(6, 3, [])
"""

from kalaha.compat import const

SOUTH = const(0)
NORTH = const(1)
SWAP = const(0)  # the move "T"; pits are 1..P so 0 is free for it
SIDE_NAMES = ("south", "north")

# How a game ended and who won: one encoding for the board, the saved data and the view.
END_EMPTY = const(0)  # a row ran empty (the rules' end)
END_RESIGN = const(1)
END_AGREED = const(2)  # a draw both players agreed to
END_TIME = const(3)  # a chess clock's flag fell
END_NAMES = ("empty row", "resign", "agreed", "time")
DRAW = const(2)  # the result code of a draw (else the winner: SOUTH 0 or NORTH 1)

# One int per ply in the history: what pop() needs to undo a push.
_H_SEEDS = const(4)  # bits 4..10: seeds sown
_H_CAP = const(11)  # bits 11..17: captured seeds from the opposite pit + 1 (0 = none)
_H_TURN = const(18)  # bit 18: side that moved
_H_END = const(19)  # bit 19: this ply ended the game
_H_SWAP = const(20)  # bit 20: this ply was a swap "T"
_M7 = const(127)

MAX_PITS = const(7)
MAX_SEEDS = const(6)


class KalahaError(ValueError):
    """Base class of every error the engine raises for bad input."""


class IllegalMoveError(KalahaError):
    """A move that is not legal in the current position."""


class NotationError(KalahaError):
    """Text that is not valid move, record or position notation."""


class Outcome:
    """How a finished game ended: winner (SOUTH, NORTH or None for a draw), the stores, and
    how (`end`, an END_* code; `termination` its name)."""

    def __init__(self, winner, south, north, end):
        self.winner = winner
        self.south = south
        self.north = north
        self.end = end
        self.termination = END_NAMES[end]

    @property
    def code(self):
        """The result as one number: SOUTH, NORTH or DRAW (what the saved data keeps)."""
        return DRAW if self.winner is None else self.winner

    def result(self):
        """'south', 'north' or 'draw'."""
        return "draw" if self.winner is None else SIDE_NAMES[self.winner]

    def __eq__(self, other):
        return (
            isinstance(other, Outcome)
            and self.winner == other.winner
            and self.south == other.south
            and self.north == other.north
            and self.termination == other.termination
        )

    def __repr__(self):
        return "Outcome(%s, %d:%d, %s)" % (self.result(), self.south, self.north, self.termination)


def _doubled(history):
    """A board's history list with room for as many plies again (a module function, not a
    method: one more entry would take Board's class dict to its next size, 96 bytes of heap)."""
    return history + [0] * len(history)


class Board:
    """A Kalaha position with its history; push/pop make and unmake sowings."""

    def __init__(self, pits=6, seeds=4, empty_capture=False, alga=False, swap=False, history=128):
        if not (isinstance(pits, int) and 1 <= pits <= MAX_PITS):
            raise KalahaError("pits per side must be 1..%d, not %r" % (MAX_PITS, pits))
        if not (isinstance(seeds, int) and 1 <= seeds <= MAX_SEEDS):
            raise KalahaError("seeds per pit must be 1..%d, not %r" % (MAX_SEEDS, seeds))
        self.pits = pits
        self.seeds = seeds
        self.empty_capture = bool(empty_capture)
        self.alga = bool(alga)
        self.swap = bool(swap)
        self.total = 2 * pits * seeds
        self.cells = [0] * (2 * pits + 2)
        # Grows by doubling; push stays allocation-free in between. 128 plies (512 bytes) hold
        # almost every game: a bigger first block is hard to find in a fragmented heap. (A
        # replay of a game whose length it knows asks for just that: `history`.)
        self._hist = [0] * max(1, history)
        self._swept = [0] * (2 * pits)  # pits before the end-of-game sweep (one game end per line)
        self.reset()

    # ----- setting up -------------------------------------------------------------

    def reset(self):
        """Back to the start position, South to move, no history."""
        p = self.pits
        c = self.cells
        for i in range(2 * p + 2):
            c[i] = self.seeds
        c[p] = 0
        c[2 * p + 1] = 0
        self._clear_state(SOUTH)

    def _clear_state(self, turn):
        self.turn = turn
        self.over = False
        self.swapped = False
        self.resigned = None
        self.ply = 0
        self._south_lead = 0  # plies at the start that South made (swap test)
        self._clear_last()

    def _clear_last(self):
        self.last_index = -1  # cell the last seed fell into
        self.last_extra = False
        self.last_capture = 0  # seeds that went to the store by a capture (0 = none)

    def copy(self):
        """An independent board with the same position and history."""
        b = Board(**self.rules())
        for i, v in enumerate(self.cells):
            b.cells[i] = v
        b._hist = list(self._hist)
        b._swept = list(self._swept)
        for name in (
            "turn",
            "over",
            "swapped",
            "resigned",
            "ply",
            "_south_lead",
            "last_index",
            "last_extra",
            "last_capture",
        ):
            setattr(b, name, getattr(self, name))
        return b

    def rules(self):
        """The rule options as keyword arguments for Board()."""
        return {
            "pits": self.pits,
            "seeds": self.seeds,
            "empty_capture": self.empty_capture,
            "alga": self.alga,
            "swap": self.swap,
        }

    # ----- reading the position ---------------------------------------------------

    @property
    def to_move(self):
        """SOUTH or NORTH, or None when the game is over."""
        return None if (self.over or self.resigned is not None) else self.turn

    def pit_index(self, side, pit):
        """Cell index of `pit` (1..P, from `side`'s own view)."""
        return pit - 1 if side == SOUTH else self.pits + pit

    def store_index(self, side):
        return self.pits if side == SOUTH else 2 * self.pits + 1

    def seeds_in(self, side, pit):
        return self.cells[self.pit_index(side, pit)]

    def store(self, side):
        return self.cells[self.store_index(side)]

    def owner(self, index):
        """Side owning cell `index` (pit or store)."""
        return SOUTH if index <= self.pits else NORTH

    def row(self, side):
        """Seeds in `side`'s pits 1..P, from its own view (allocates a list)."""
        base = 0 if side == SOUTH else self.pits + 1
        return self.cells[base : base + self.pits]

    def opposite(self, index):
        return 2 * self.pits - index

    # ----- moves --------------------------------------------------------------------

    def legal_moves(self):
        """Lazily yield the legal moves: pits 1..P of the mover, then SWAP if offered."""
        if self.to_move is None:
            return
        base = 0 if self.turn == SOUTH else self.pits + 1
        c = self.cells
        for k in range(self.pits):
            if c[base + k]:
                yield k + 1
        if self.swap_available():
            yield SWAP

    def swap_available(self):
        """True when the swap rule is on and North is making its first turn."""
        return self.swap and self.to_move == NORTH and self.ply > 0 and self.ply == self._south_lead

    def is_legal(self, move):
        return self._why_illegal(move) is None

    def _why_illegal(self, move):
        if self.resigned is not None:
            return "the game is over (%s resigned)" % SIDE_NAMES[self.resigned]
        if self.over:
            return "the game is over"
        if not isinstance(move, int):
            return "a move is a pit number or SWAP, not %r" % (move,)
        if move == SWAP:
            if not self.swap:
                return "T (swap) needs the swap rule"
            if not self.swap_available():
                return "T (swap) is only allowed as North's first turn"
            return None
        if not 1 <= move <= self.pits:
            return "pit %d is out of range 1..%d" % (move, self.pits)
        if not self.cells[self.pit_index(self.turn, move)]:
            return "%s's pit %d is empty" % (SIDE_NAMES[self.turn], move)
        return None

    def push(self, move):
        """Play one sowing (pit 1..P of the side to move) or SWAP.

        Raises IllegalMoveError and leaves the board unchanged if it is not legal.
        """
        why = self._why_illegal(move)
        if why is not None:
            raise IllegalMoveError(why)
        if move == SWAP:
            self._push_swap()
        else:
            self.push_index(self.pit_index(self.turn, move))

    def _push_swap(self):
        if self.ply >= len(self._hist):
            self._hist = _doubled(self._hist)
        # The board stays; the players change seats, so North (now the first player) moves.
        self._hist[self.ply] = (1 << _H_SWAP) | (NORTH << _H_TURN)
        self.ply += 1
        self.swapped = True
        self._clear_last()

    def push_index(self, start):
        """Sow from cell `start` without legality checks (the search's fast path).

        The caller guarantees the game is not over and `start` is a non-empty pit
        of the side to move. Allocates nothing unless the history must grow.
        """
        c = self.cells
        p = self.pits
        turn = self.turn
        if turn == SOUTH:
            base = 0
            own_store = p
            skip = 2 * p + 1
        else:
            base = p + 1
            own_store = 2 * p + 1
            skip = p
        n = c[start]
        c[start] = 0
        i = start
        size = 2 * p + 2
        left = n
        while left:
            i += 1
            if i == size:
                i = 0
            if i != skip:
                c[i] += 1
                left -= 1
        cap = 0
        extra = False
        captured = 0
        if i == own_store:
            extra = True
        elif base <= i < base + p and c[i] == 1:
            o = 2 * p - i
            taken = c[o]
            if taken or self.empty_capture:
                # Capture: the last seed and everything opposite go to the mover's store.
                c[own_store] += taken + 1
                c[o] = 0
                c[i] = 0
                cap = taken + 1
                captured = taken + 1
        ply = self.ply
        if ply >= len(self._hist):
            self._hist = _doubled(self._hist)
        h = (start) | (n << _H_SEEDS) | (cap << _H_CAP) | (turn << _H_TURN)
        if ply == self._south_lead and turn == SOUTH:
            self._south_lead = ply + 1
        self.ply = ply + 1
        self.last_index = i
        self.last_extra = extra
        self.last_capture = captured
        if self._row_empty(0) or self._row_empty(p + 1):
            h |= 1 << _H_END
            self._sweep()
            self.over = True
        elif not extra:
            self.turn = 1 - turn
        self._hist[ply] = h

    def _row_empty(self, base):
        c = self.cells
        for k in range(base, base + self.pits):
            if c[k]:
                return False
        return True

    def _sweep(self):
        """End of game: leftover seeds to their owners, or all of them to the emptied side (Alga)."""
        c = self.cells
        p = self.pits
        saved = self._swept
        south_left = 0
        north_left = 0
        for k in range(p):
            saved[k] = c[k]
            south_left += c[k]
            c[k] = 0
            saved[p + k] = c[p + 1 + k]
            north_left += c[p + 1 + k]
            c[p + 1 + k] = 0
        if self.alga:
            # "den som tömmer sin sida tar resten": the side whose row is empty takes the rest.
            if south_left == 0:
                c[p] += north_left
            else:
                c[2 * p + 1] += south_left
        else:
            c[p] += south_left
            c[2 * p + 1] += north_left

    def _unsweep(self):
        c = self.cells
        p = self.pits
        saved = self._swept
        south_left = 0
        north_left = 0
        for k in range(p):
            c[k] = saved[k]
            south_left += saved[k]
            c[p + 1 + k] = saved[p + k]
            north_left += saved[p + k]
        if self.alga:
            if south_left == 0:
                c[p] -= north_left
            else:
                c[2 * p + 1] -= south_left
        else:
            c[p] -= south_left
            c[2 * p + 1] -= north_left

    def pop(self):
        """Undo the last push and return its move (pit 1..P from the mover's view, or SWAP)."""
        if self.ply == 0:
            raise IllegalMoveError("nothing to take back")
        move = self.pop_index()
        if move < 0:
            return SWAP
        return move + 1 if move < self.pits else move - self.pits

    def pop_index(self):
        """Undo the last push without checks; return its start cell, or -1 for a swap."""
        ply = self.ply - 1
        self.ply = ply
        if ply < self._south_lead:
            self._south_lead = ply
        h = self._hist[ply]
        turn = (h >> _H_TURN) & 1
        self.turn = turn
        self._clear_last()
        if h & (1 << _H_SWAP):
            self.swapped = False
            return -1
        if h & (1 << _H_END):
            self._unsweep()
            self.over = False
        c = self.cells
        p = self.pits
        start = h & 15
        n = (h >> _H_SEEDS) & _M7
        cap = (h >> _H_CAP) & _M7
        own_store = p if turn == SOUTH else 2 * p + 1
        skip = 2 * p + 1 if turn == SOUTH else p
        size = 2 * p + 2
        # Find the last hole again: n holes on from start, skipping the opponent's store.
        laps = (n - 1) // (size - 1)
        i = start
        left = n - laps * (size - 1)
        while left:
            i += 1
            if i == size:
                i = 0
            if i != skip:
                left -= 1
        if cap:
            c[own_store] -= cap
            c[2 * p - i] = cap - 1
            c[i] = 1
        # Take the seeds back hole by hole, walking backwards from the last one.
        left = n
        while left:
            if i != skip:
                c[i] -= 1
                left -= 1
            i -= 1
            if i < 0:
                i = size - 1
        c[start] = n
        return start

    def moves(self):
        """The moves played so far, oldest first (allocates a list)."""
        return [self.moves_at(k) for k in range(self.ply)]

    def mover_of(self, ply):
        """Side that made ply number `ply` (0-based)."""
        return (self._hist[ply] >> _H_TURN) & 1

    def last_turn_start(self, side=None):
        """Ply where the latest turn of `side` began (default: whoever moved last), or None.

        Undo pops back to it: in two-player games the last turn; against the computer the
        player's own turn and the whole reply after it.
        """
        k = self.ply - 1
        if side is None and k >= 0:
            side = self.mover_of(k)
        while k >= 0 and self.mover_of(k) != side:
            k -= 1
        if k < 0:
            return None
        while not self.starts_turn(k):
            k -= 1
        return k

    def starts_turn(self, ply):
        """True when ply number `ply` begins a turn: a turn is a run of one side's sowings, and
        a swap is a turn of its own (the move list, undo and the coach count turns so)."""
        if ply == 0:
            return True
        return (
            self.moves_at(ply) == SWAP
            or self.moves_at(ply - 1) == SWAP
            or self.mover_of(ply) != self.mover_of(ply - 1)
        )

    def resign(self, side):
        """`side` gives up; the opponent wins. unresign() takes it back."""
        if self.over or self.resigned is not None:
            raise IllegalMoveError("the game is already over")
        if side not in (SOUTH, NORTH):
            raise KalahaError("side must be SOUTH or NORTH")
        self.resigned = side

    def unresign(self):
        self.resigned = None

    # ----- results ------------------------------------------------------------------

    def outcome(self):
        """An Outcome when the game is over, else None."""
        s = self.store(SOUTH)
        n = self.store(NORTH)
        if self.resigned is not None:
            return Outcome(1 - self.resigned, s, n, END_RESIGN)
        if not self.over:
            return None
        winner = None if s == n else (SOUTH if s > n else NORTH)
        return Outcome(winner, s, n, END_EMPTY)

    def decided(self):
        """The side that has more than half of all seeds in its store (already won), or None."""
        half = self.total // 2
        if self.store(SOUTH) > half:
            return SOUTH
        if self.store(NORTH) > half:
            return NORTH
        return None

    # ----- facts for the device -------------------------------------------------------

    def sow_path(self, move):
        """Cell indices the seeds of `move` fall into, in order (for animation; allocates).

        Does not change the board. Raises IllegalMoveError like push().
        """
        why = self._why_illegal(move)
        if why is not None:
            raise IllegalMoveError(why)
        if move == SWAP:
            return []
        p = self.pits
        skip = 2 * p + 1 if self.turn == SOUTH else p
        i = self.pit_index(self.turn, move)
        path = []
        for _ in range(self.cells[i]):
            i = (i + 1) % (2 * p + 2)
            if i == skip:
                i = (i + 1) % (2 * p + 2)
            path.append(i)
        return path

    def preview(self, move):
        """(last cell, extra turn, seeds captured, game ends) for `move`, board unchanged."""
        self.push(move)
        info = (self.last_index, self.last_extra, self.last_capture, self.over)
        self.pop()
        return info

    # ----- notation -------------------------------------------------------------------

    def turns(self):
        """The history grouped into turns: a list of lists of moves (SWAP is a turn of its own)."""
        out = []
        for k in range(self.ply):
            if self.starts_turn(k):
                out.append([self.moves_at(k)])
            else:
                out[-1].append(self.moves_at(k))
        return out

    def moves_at(self, ply):
        h = self._hist[ply]
        if h & (1 << _H_SWAP):
            return SWAP
        start = h & 15
        return start + 1 if start < self.pits else start - self.pits
