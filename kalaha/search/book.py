"""The opening book (book.txt, made by tools/book.py): the first turns' positions, each with
every first sowing's value and the best one, read in one seek and one small read.

A position is its 12 pit counts from the mover's view (its pits 1..6, then the opponent's): the
stores do not change which sowing is best, so a book holds for any seed count (6 pits, no empty
capture, no Alga rule). The file is text: a header line, comment lines, then buckets of lines of
a fixed width; a position's bucket is a hash of its counts, so a probe reads one bucket. A line:
the counts as characters ('0' + count), its best pit, each pit's value (the mover's final margin
from here after that sowing: three characters, "..." for an empty pit), the search that made it
("ex": exact, else its depth in half plies) and a check character; an empty slot is dots.
Integers only; a probe allocates nothing (Easy's and Medium's noise makes a few long numbers,
as their search's start does). The device imports it in a game's first turns only
(kalaha.search.thinking.Thinker.start_move) and lets it go after them.
"""

from kalaha.compat import const
from kalaha.search.ai import LEVELS

FILE = "kalaha/book.txt"
# The book's game (its rules' data, as the endgame table's rules_match): 6 pits of 4 seeds, no options.
PITS = const(6)
SEEDS = const(4)
_KEY = const(12)  # the line's counts
_PIT = const(13)  # its best pit
_VALUES = const(15)  # pit 1's value, then pit 2's ... (3 bytes each)
_SOURCE = const(34)  # "ex" or the search's depth
_CHECK = const(36)  # the check character: '0' + the sum of the bytes before it, mod 64
_UNIT = const(16)  # a seed in the search's units (kalaha.search.ai: the noise is in these)
_MASK30 = const(0x3FFFFFFF)


class Book:
    """An open book: move() gives a level's sowing where the book knows the position, else 0."""

    def __init__(self, path=FILE, scratch=None):
        # scratch: a buffer of at least a bucket's bytes whose contents need not last between
        # calls (the device lends its store's image, as to the endgame table's check).
        self.file = open(path, "rb")
        head = bytearray(35)
        self.file.readinto(head)
        # "KBOOK1 buckets slots width data\n": four numbers of 6 digits from byte 7
        n = [0, 0, 0, 0]
        for k in range(28):
            ch = head[7 + k]
            if 48 <= ch <= 57:
                n[k // 7] = n[k // 7] * 10 + ch - 48
        self.buckets, slots, self.width, self.data = n
        self.size = slots * self.width
        if bytes(head[0:7]) != b"KBOOK1 " or not self.buckets or self.width <= _CHECK or not slots:
            raise ValueError("not an opening book")
        self.buf = (
            scratch[: self.size]
            if scratch is not None and len(scratch) >= self.size
            else bytearray(self.size)
        )
        self.at = -1  # where the line move() found is in buf, -1: none
        self.ply = -1  # the board's ply where move() last answered from the book
        self.margin = 0  # ... the chosen sowing's value (the mover's final margin from there)
        self.exact = False  # ... and whether that is exact play's (its best pit, solved)

    def move(self, board, level, seed):
        """The sowing `level` plays on `board` from the book, or 0 (not in the book: a search's).
        A level without noise plays the best pit; Easy and Medium add their noise to each pit's
        value, as their search adds it to its root moves (kalaha.search.ai.Search.start), and play the
        pit that then looks best. (One method: each costs the heap while the book is open.)"""
        self.ply = self.at = -1
        if board.pits != PITS or board.seeds != SEEDS or board.empty_capture or board.alga:
            return 0
        if board.to_move is None:
            return 0
        c = board.cells
        mine = 0 if board.to_move == 0 else 7
        theirs = 1 - mine  # (+ k: the opponent's pit k - 6, for k = 6..11)
        h = 0
        for k in range(_KEY):
            h = (h * 61 + c[mine + k if k < 6 else theirs + k]) % self.buckets
        b = self.buf
        self.file.seek(self.data + h * self.size)
        if (self.file.readinto(b) or 0) < self.size:
            return 0
        at = 0
        while at < self.size:  # (a range with a step that is not a constant is an object)
            k = 0
            while k < _KEY and b[at + k] == 48 + c[mine + k if k < 6 else theirs + k]:
                k += 1
            if k == _KEY:
                break
            at += self.width
        if at >= self.size:
            return 0
        s = 0
        for i in range(at, at + _CHECK):
            s += b[i]
        pit = best = b[at + _PIT] - 48
        if b[at + _CHECK] != 48 + s % 64 or not board.is_legal(pit):
            return 0  # (a damaged line: not trusted)
        self.at = at
        noise = LEVELS[level].noise
        if noise:
            # (kalaha.search.ai.Search.start's generator, seeded as kalaha.search.ai.start_level seeds it)
            rnd = ((seed + board.ply) * 1103515245 + 12345) & _MASK30
            top = None
            for p in range(1, 7):
                rnd = (rnd * 1103515245 + 12345) & _MASK30
                i = at + _VALUES + 3 * p - 3
                if b[i] != 46 and board.is_legal(p):
                    v = (b[i + 1] - 48) * 10 + b[i + 2] - 48
                    v = (-v if b[i] == 45 else v) * _UNIT
                    v += ((rnd >> 8) % (2 * noise * _UNIT + 1)) - noise * _UNIT
                    if top is None or v > top:
                        top = v
                        pit = p
        i = at + _VALUES + 3 * pit - 3
        v = (b[i + 1] - 48) * 10 + b[i + 2] - 48
        self.margin = -v if b[i] == 45 else v
        self.ply = board.ply
        self.exact = pit == best and b[at + _SOURCE] == 101  # ("ex")
        return pit
