"""Kalaha for 2-4 seats round one ring (Qdan's rules): sowing, extra turns, captures from the
next, the opposite or every other seat, the end and the places. Pure logic, integers only.

The ring: seat 0's pits 1..P, its store, seat 1's pits 1..P, its store, ... Seats move in
turn in sowing order; a sowing skips every other seat's store. The two-seat game is the
classic one (kalaha.rules.board, without its options): the device loads this module only for games
of more seats.
"""

from kalaha.compat import const

CAPTURE_NEXT = const(0)  # a capture takes from the next seat's corresponding pit
CAPTURE_OPPOSITE = const(1)  # ... from the seat opposite (two on; with 2 or 3 seats, the next)
CAPTURE_ALL = const(2)  # ... from every other seat's
CAPTURE_NAMES = ("next", "opposite", "all")
MIN_SEATS = const(2)
MAX_SEATS = const(4)
MAX_PITS = const(6)
MAX_SEEDS = const(6)
MAX_TURN_SOWINGS = const(200)  # (a record's turn: more sowings than this is not a game)


class RingError(ValueError):
    """A move or record that breaks the rules, or rules out of range."""


class Places:
    """How a game round the ring ended: each seat's place (`ranks`, 1 = most seeds), the
    stores, and the result as one number (`code`: the first places' seats as bits, as saved)."""

    def __init__(self, ranks, stores):
        self.ranks = ranks
        self.stores = stores
        self.code = sum(1 << s for s in range(len(ranks)) if ranks[s] == 1)


class RingBoard:
    """The position: `cells` round the ring (bytearray), `to_move` (a seat, None once over),
    and the record so far. push(pit) sows, pop() takes the last sowing back."""

    def __init__(self, seats=3, pits=4, seeds=4, capture_from=CAPTURE_NEXT, first=0, undoable=True):
        if not (isinstance(seats, int) and MIN_SEATS <= seats <= MAX_SEATS):
            raise RingError("players must be %d..%d, not %r" % (MIN_SEATS, MAX_SEATS, seats))
        if not (isinstance(pits, int) and 1 <= pits <= MAX_PITS):
            raise RingError("pits per player must be 1..%d, not %r" % (MAX_PITS, pits))
        if not (isinstance(seeds, int) and 1 <= seeds <= MAX_SEEDS):
            raise RingError("seeds per pit must be 1..%d, not %r" % (MAX_SEEDS, seeds))
        if capture_from not in (CAPTURE_NEXT, CAPTURE_OPPOSITE, CAPTURE_ALL):
            raise RingError("capture from must be one of %s" % ", ".join(CAPTURE_NAMES))
        if not (isinstance(first, int) and 0 <= first < seats):
            raise RingError("the first seat must be 0..%d, not %r" % (seats - 1, first))
        self.seats = seats
        self.pits = pits
        self.seeds = seeds
        self.capture_from = capture_from
        self.width = pits + 1  # a seat's pits and its store
        # Whom a capture takes from, counted from the capturing seat: the next seat; the one
        # opposite (two on) with 4 seats; or every other seat.
        self.target_first = 2 if capture_from == CAPTURE_OPPOSITE and seats == 4 else 1
        self.target_count = seats - 1 if capture_from == CAPTURE_ALL else 1
        self.cells = bytearray(seats * self.width)  # (at most 4 x 6 x 6 = 144 seeds: bytes)
        self.first = first  # the seat that moves first (the device moves it on each game)
        # (cells, to_move) before each sowing, for pop(); None: not kept (the device's game
        # keeps no copy of each position: its pop() plays the record again)
        self._undo = [] if undoable else None
        self._begin()

    def _begin(self):
        """The game's start: every pit sown with its seeds, the first seat to move."""
        w = self.width
        for i in range(len(self.cells)):
            self.cells[i] = 0 if i % w == self.pits else self.seeds
        self.to_move = self.first
        self.resigned = None  # the seat that resigned (it takes last place), None for none
        self.moves = []  # the pits sown, in order
        self.movers = bytearray()  # ... and by whom
        self.last_extra = False  # the last sowing ended in its seat's store
        self.last_capture = 0  # seeds the last sowing took (its own last seed included)
        self.last_index = -1  # the cell its last seed fell in

    # ----- the ring ---------------------------------------------------------------------------

    def pit_index(self, seat, pit):
        return seat * self.width + pit - 1

    def store_index(self, seat):
        return seat * self.width + self.pits

    def row(self, seat):
        """Seeds in `seat`'s pits 1..P (a new list)."""
        start = seat * self.width
        return list(self.cells[start : start + self.pits])

    def stores(self):
        return [self.cells[self.store_index(s)] for s in range(self.seats)]

    @property
    def over(self):
        return self.to_move is None

    def legal_moves(self):
        """The pits (1..P) the seat to move may sow: its non-empty ones."""
        if self.to_move is None:
            return []
        start = self.to_move * self.width
        return [i + 1 for i in range(self.pits) if self.cells[start + i]]

    # ----- sowing -----------------------------------------------------------------------------

    def push(self, pit):
        """Sow `pit` (1..P) of the seat to move; RingError if it may not."""
        if self.to_move is None:
            raise RingError("the game is over")
        if not (isinstance(pit, int) and 1 <= pit <= self.pits):
            raise RingError("pit %r is not 1..%d" % (pit, self.pits))
        seat = self.to_move
        if not self.cells[self.pit_index(seat, pit)]:
            raise RingError("seat %d's pit %d is empty" % (seat, pit))
        if self._undo is not None:
            self._undo.append((bytes(self.cells), seat))
        self.moves.append(pit)
        self.movers.append(seat)
        self.sow(pit)

    def pop(self):
        """Take back the last sowing."""
        if self._undo is None:  # (no copies kept: the record but its last sowing played again)
            moves = self.moves
            self._begin()
            for k in range(len(moves) - 1):
                self.push(moves[k])
            self.last_extra = False
            self.last_capture = 0
            self.last_index = -1
            return
        cells, seat = self._undo.pop()
        self.cells[:] = cells
        self.to_move = seat
        self.moves.pop()
        self.movers.pop()
        self.last_extra = False
        self.last_capture = 0
        self.last_index = -1

    # ----- what the game flow asks of any board (as of kalaha.rules.board.Board) ----------------------

    @property
    def ply(self):
        """Sowings made so far."""
        return len(self.moves)

    def mover_of(self, ply):
        return self.movers[ply]

    def moves_at(self, ply):
        return self.moves[ply]

    def starts_turn(self, ply):
        """True when sowing number `ply` begins a turn (a seat sows on only after an extra turn)."""
        return ply == 0 or self.movers[ply] != self.movers[ply - 1]

    def sow_path(self, pit):
        """The cells the seeds of `pit` (the seat to move's) fall in, in order: for showing a
        sowing seed by seed (allocates; the board is unchanged)."""
        w = self.width
        n = self.seats * w
        own = self.to_move * w + self.pits
        i = self.pit_index(self.to_move, pit)
        path = []
        for _ in range(self.cells[i]):
            i = (i + 1) % n
            while i % w == self.pits and i != own:
                i = (i + 1) % n
            path.append(i)
        return path

    def sow(self, pit):
        """Sow `pit` of the seat to move, unchecked and unrecorded (the search's step): the
        capture, the extra turn, the end; `to_move` becomes the next seat, or None."""
        c = self.cells
        w = self.width
        p = self.pits
        n = self.seats * w
        seat = self.to_move
        own = seat * w + p
        i = seat * w + pit - 1
        seeds = c[i]
        c[i] = 0
        while seeds:
            i += 1
            if i == n:
                i = 0
            if i % w == p and i != own:
                continue  # another seat's store
            c[i] += 1
            seeds -= 1
        self.last_index = i
        self.last_capture = 0
        self.last_extra = i == own
        if not self.last_extra and seat * w <= i < own and c[i] == 1:
            # The last seed fell in an empty pit of the mover's (pit k): it takes that seed and
            # the seeds of pit P+1-k of each target seat (target_first, target_count).
            j = own - i - 1  # pit P+1-k's offset in a row
            n = self.seats
            first = self.target_first
            count = self.target_count
            taken = 0
            for t in range(first, first + count):
                taken += c[((seat + t) % n) * w + j]
            if taken:
                for t in range(first, first + count):
                    c[((seat + t) % n) * w + j] = 0
                c[i] = 0
                c[own] += taken + 1
                self.last_capture = taken + 1
        # The game ends as soon as any seat's pits are all empty: each seat stores its own.
        for s in range(self.seats):
            start = s * w
            empty = True
            for j in range(start, start + p):
                if c[j]:
                    empty = False
                    break
            if empty:
                for t in range(self.seats):
                    base = t * w
                    for j in range(base, base + p):
                        c[base + p] += c[j]
                        c[j] = 0
                self.to_move = None
                return
        if not self.last_extra:
            self.to_move = (seat + 1) % self.seats

    # ----- the end ------------------------------------------------------------------------------

    def resign(self, seat):
        """`seat` gives up: the game is over and it takes last place. unresign() takes it back."""
        self.resigned = seat
        self.to_move = None

    def unresign(self):
        self.to_move = self.resigned
        self.resigned = None

    def outcome(self):
        """The places once the game is over (Places), else None."""
        if self.to_move is not None:
            return None
        return Places(self.ranks(), self.stores())

    def ranks(self):
        """Each seat's place once over (1 = most seeds; equal stores share a place: 1, 1, 3);
        a seat that resigned comes last, after every other."""
        stores = self.stores()
        out = []
        for s in range(self.seats):
            if s == self.resigned:
                out.append(self.seats)
                continue
            out.append(1 + sum(1 for t in range(self.seats) if t != self.resigned and stores[t] > stores[s]))
        return out

    # ----- records ------------------------------------------------------------------------------

    def turns(self):
        """The record's turns: lists of the pits each seat sowed in one turn (a seat sows twice
        in a row only after an extra turn)."""
        out = []
        for k in range(len(self.moves)):
            if k and self.movers[k] == self.movers[k - 1]:
                out[len(out) - 1].append(self.moves[k])
            else:
                out.append([self.moves[k]])
        return out

    def record(self):
        return " ".join("-".join(str(m) for m in turn) for turn in self.turns())

    def push_record(self, text):
        """Play a record: turns separated by spaces, a turn's sowings by "-" ("3-4": pit 3, an
        extra turn, pit 4). Every turn but the last must be complete. RingError on any
        breach; the board is then as it was."""
        start = len(self.moves)
        try:
            words = text.split()
            for number, word in enumerate(words, 1):
                self._push_turn(word, number, number == len(words))
        except RingError:
            while len(self.moves) > start:
                self.pop()
            raise

    def _push_turn(self, word, number, last):
        parts = word.split("-")
        if len(parts) > MAX_TURN_SOWINGS:
            raise RingError("turn %d: more than %d sowings" % (number, MAX_TURN_SOWINGS))
        seat = self.to_move
        for k, part in enumerate(parts):
            where = "turn %d (%r)" % (number, word)
            if k and self.to_move != seat:
                why = "no extra turn after pit %s, seat %d moves next" % (parts[k - 1], self.to_move)
                raise RingError("%s: %s" % (where, why))
            if not (part.isdigit() and len(part) <= 2):
                raise RingError("%s: %r is not a pit number" % (where, part))
            try:
                self.push(int(part))
            except RingError as e:  # (push's own check, said with where it was in the record)
                raise RingError("%s: %s" % (where, e)) from None
        if not last and self.to_move == seat:
            raise RingError("turn %d (%r) is not complete: seat %d sows again" % (number, word, seat))

    @classmethod
    def from_record(cls, text, **rules):
        board = cls(**rules)
        board.push_record(text)
        return board

    def as_json(self):
        """The CLI's view: each seat's pits, the stores, who moves, over, and the places once over."""
        out = {
            "pits": [self.row(s) for s in range(self.seats)],
            "stores": self.stores(),
            "to_move": self.to_move,
            "over": self.to_move is None,
        }
        if self.to_move is None:
            out["ranks"] = self.ranks()
        return out
